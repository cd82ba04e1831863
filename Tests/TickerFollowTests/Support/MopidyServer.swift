import Glibc
import TickerTestSupport

/// A real Mopidy (Debian's `mopidy` and `mopidy-mpd`) started for one test: a config of its own in the test's
/// directory (only that file is read, so the machine's `/etc/mopidy` plays no part), its MPD frontend on
/// 127.0.0.1 at a free port, the file backend over a music directory, audio into a `fakesink` that keeps
/// real time, and every extension that would reach the network (HTTP, streams) or need a library (M3U)
/// turned off. HOME and the XDG directories point into the test's directory too: Mopidy runs as root
/// without complaint, but GStreamer keeps its plugin registry under `~/.cache`. Readiness is its log line
/// `MPD server running at …`, written once the port listens. Killed when released, also when the test fails.
final class MopidyServer {
    let directory: TemporaryDirectory
    let port: UInt16
    let musicDirectory: String
    private let process: Child

    /// Writes the config and starts Mopidy, waiting (up to 60 s: it is a Python program that loads GStreamer)
    /// for its MPD port.
    init(directory: TemporaryDirectory) throws {
        self.directory = directory
        port = try FreePort.tcp()
        musicDirectory = directory.file("music")
        mkdir(musicDirectory, 0o755)
        let config = try directory.write(
            "mopidy.conf",
            """
            [core]
            cache_dir = \(directory.file("mopidy/cache"))
            config_dir = \(directory.file("mopidy/config"))
            data_dir = \(directory.file("mopidy/data"))
            restore_state = false

            [logging]
            verbosity = 0
            color = false

            [audio]
            output = fakesink sync=true

            [mpd]
            enabled = true
            hostname = 127.0.0.1
            port = \(port)
            zeroconf =

            [file]
            enabled = true
            media_dirs = \(musicDirectory)
            metadata_timeout = 10000

            [http]
            enabled = false

            [stream]
            enabled = false

            [m3u]
            enabled = false

            """)
        let home = directory.file("home")
        process = try Child(
            name: "mopidy", executable: "/usr/bin/mopidy", arguments: ["--config", config],
            environment: [
                "HOME": home, "XDG_CACHE_HOME": home + "/.cache", "XDG_CONFIG_HOME": home + "/.config",
                "XDG_DATA_HOME": home + "/.local/share",
            ])
        try process.wait("its MPD frontend to listen", timeout: .seconds(60)) {
            process.lines.contains { $0.contains("MPD server running at") }
        }
    }

    deinit { process.kill() }

    /// Writes a tagged FLAC of `seconds` seconds into the music directory.
    func addSong(_ name: String, title: String, artist: String, album: String, seconds: Int = 30) throws {
        try MusicFile.flac(
            at: musicDirectory + "/" + name, title: title, artist: artist, album: album, seconds: seconds)
    }

    /// The `file://` URL by which Mopidy names `name` in the music directory: every byte but unreserved ASCII
    /// and `/` percent-encoded, as Mopidy writes it (`A%20B.flac`).
    func uri(of name: String) -> String {
        var uri = "file://"
        for byte in (musicDirectory + "/" + name).utf8 {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "."),
                UInt8(ascii: "~"), UInt8(ascii: "/"):
                uri.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                let digits = Array("0123456789ABCDEF".unicodeScalars)
                uri.unicodeScalars.append("%")
                uri.unicodeScalars.append(digits[Int(byte >> 4)])
                uri.unicodeScalars.append(digits[Int(byte & 0x0F)])
            }
        }
        return uri
    }

    /// Runs `mpc --host 127.0.0.1 --port <port> arguments…` and fails unless it exits 0 within 10 s (mpc warns
    /// on its standard error that some commands want MPD 0.21, since Mopidy speaks the protocol of 0.19).
    @discardableResult
    func mpc(_ arguments: String...) throws -> String {
        try Child.run("/usr/bin/mpc", ["--host", "127.0.0.1", "--port", String(port)] + arguments)
    }

    /// What Mopidy logged, for a failure message.
    var log: String { process.tail }
}
