import Foundation
import Glibc
import Testing
import TickerTestSupport

/// A real MPD started for one test: a throw-away config (null audio output, a unix socket, its own
/// database and state), run in the foreground, readiness taken from its `READY=1` notification.
/// Killed when stopped or released, also when the test fails.
final class MPDServer {
    let directory: TemporaryDirectory
    let socketPath: String
    let musicDirectory: String
    private let configPath: String
    private let notifySocket: Int32
    private var process: Child?

    init(directory: TemporaryDirectory) throws {
        self.directory = directory
        socketPath = directory.file("mpd.socket")
        musicDirectory = directory.file("music")
        configPath = directory.file("mpd.conf")
        try FileManager.default.createDirectory(atPath: directory.file("playlists"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: musicDirectory, withIntermediateDirectories: true)
        try directory.write(
            "mpd.conf",
            """
            music_directory "\(musicDirectory)"
            playlist_directory "\(directory.file("playlists"))"
            db_file "\(directory.file("mpd.db"))"
            state_file "\(directory.file("mpd.state"))"
            pid_file "\(directory.file("mpd.pid"))"
            log_file "\(directory.file("mpd.log"))"
            bind_to_address "\(socketPath)"
            zeroconf_enabled "no"
            audio_output {
                type "null"
                name "null"
            }

            """)
        notifySocket = try Self.datagramSocket(at: directory.file("notify.socket"))
    }

    deinit {
        kill()
        close(notifySocket)
    }

    /// Generates a tagged FLAC of `seconds` seconds of a sine tone in the music directory, with `tags` (such as
    /// `SYNCEDLYRICS`) beside the title, artist and album.
    func addSong(
        _ name: String, title: String, artist: String, album: String, seconds: Int = 30, tags: [String: String] = [:]
    ) throws {
        try MusicFile.flac(
            at: musicDirectory + "/" + name, title: title, artist: artist, album: album, seconds: seconds, tags: tags)
    }

    /// Starts `mpd --no-daemon` and waits (up to 10 s) for its `READY=1`.
    func start() throws {
        let mpd = try Child(
            name: "mpd", executable: "/usr/bin/mpd", arguments: ["--no-daemon", configPath],
            environment: ["NOTIFY_SOCKET": directory.file("notify.socket")])
        process = mpd
        let deadline = Deadline(.seconds(10))
        while true {
            var entries = [pollfd(fd: notifySocket, events: Int16(POLLIN), revents: 0)]
            guard try deadline.poll(&entries, waitingFor: "mpd's READY=1", story: { "log:\n\(log)" }) > 0 else {
                continue
            }
            var message = [UInt8](repeating: 0, count: 512)
            let count = message.withUnsafeMutableBytes { recv(notifySocket, $0.baseAddress, $0.count, 0) }
            if count > 0, String(decoding: message[0..<count], as: UTF8.self).contains("READY=1") { return }
        }
    }

    /// Stops MPD with SIGTERM and waits (up to 10 s) for it to exit, so it writes its state file.
    func stop() throws {
        guard let process, process.termination == nil else { return }
        try process.stop(with: SIGTERM)
        self.process = nil
    }

    /// SIGKILL, for clean-up after a failure.
    func kill() {
        process?.kill()
        process = nil
    }

    /// Runs `mpc --host=<socket> arguments…` and fails unless it exits 0 within 10 s.
    @discardableResult
    func mpc(_ arguments: String...) throws -> String {
        try Child.run("/usr/bin/mpc", ["--host=\(socketPath)"] + arguments)
    }

    var log: String { (try? String(contentsOfFile: directory.file("mpd.log"), encoding: .utf8)) ?? "" }

    private static func datagramSocket(at path: String) throws -> Int32 {
        let fd = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { throw TestFailure("socket: errno \(errno)") }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            for (index, byte) in path.utf8.enumerated() where index < raw.count - 1 { raw[index] = byte }
        }
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        guard result == 0 else { throw TestFailure("bind \(path): errno \(errno)") }
        return fd
    }
}
