import Glibc
import Testing
import TickerCore
import TickerPictures
import TickerTestSupport

/// `tickerctl cover`: the decoded, scaled cover reaches a real FIFO as the feed's picture block `cover`, read
/// back as the very picture `CoverImage` makes of the file; `--remove` writes its removal; a hostile file is
/// refused with its reason, and nothing is written.
@Suite struct CoverCommandTests {
    /// A FIFO held open for reading as the daemon holds it (`O_RDWR`), read once the writer has exited.
    final class HeldFIFO {
        let fd: Int32
        init(_ path: String) throws {
            guard mkfifo(path, 0o600) == 0 else { throw TestFailure("mkfifo: \(String(cString: strerror(errno)))") }
            fd = open(path, O_RDWR | O_NONBLOCK | O_CLOEXEC)
            guard fd >= 0 else { throw TestFailure("open '\(path)': \(String(cString: strerror(errno)))") }
        }
        deinit { close(fd) }

        /// The lines in the pipe now (the writer has exited, so everything it wrote is there).
        func lines() -> [String] {
            var bytes: [UInt8] = []
            var chunk = [UInt8](repeating: 0, count: 65_536)
            while true {
                let count = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
                guard count > 0 else { break }
                bytes += chunk[0..<count]
            }
            return bytes.split(separator: 0x0A).map { String(decoding: $0, as: UTF8.self) }
        }
    }

    static func quarters() -> RGBFrame {
        var picture = RGBFrame(width: 40, height: 40)
        for y in 0..<40 {
            for x in 0..<40 { picture[x, y] = RGB(red: x < 20 ? 255 : 0, green: y < 20 ? 255 : 0, blue: 60) }
        }
        return picture
    }

    @Test(arguments: ["jpeg", "png"])
    func coverSendsThePictureCoverImageMakesOfTheFile(_ kind: String) async throws {
        let rig = try Rig()
        let pipe = try HeldFIFO(rig.path("feed"))
        let bytes =
            kind == "jpeg"
            ? try JPEGEncoder.encode(Self.quarters(), quality: 90) : try PNGEncoder.encode(Self.quarters())
        let file = rig.path("cover.\(kind)")
        try IconTests.write(bytes, to: file)
        let config = try rig.file("tickerd.conf", "[feed]\npath = \(rig.path("feed"))\n")
        // The feed from the configuration's feed.path.
        let run = try rig.tickerctl(["cover", "--config", config, "--side", "12", file])
        #expect(try await rig.exit(of: run) == .exited(0), "\(run.lines)")
        let lines = pipe.lines()
        #expect(lines.first == "picture begin cover 12x12" && lines.last == "picture end", "\(lines)")
        let read = FeedCommand.decode(lines: lines)
        #expect(read.problems.isEmpty)
        #expect(read.commands == [.picture(try CoverImage.picture(file: bytes, side: 12))])
        // Without --side, the side of the cover box the configuration's layout.cover gives its panel.
        let placed = try rig.file(
            "placed.conf",
            "[feed]\npath = \(rig.path("feed"))\n[panel]\nwidth = 64\nheight = 32\ndepth = rgb\n[layout]\ncover = right\n"
        )
        let boxed = try rig.tickerctl(["cover", "--config", placed, file])
        #expect(try await rig.exit(of: boxed) == .exited(0), "\(boxed.lines)")
        #expect(pipe.lines().first == "picture begin cover 32x32")
        let remove = try rig.tickerctl(["cover", "--config", config, "--remove"])
        #expect(try await rig.exit(of: remove) == .exited(0), "\(remove.lines)")
        #expect(pipe.lines() == ["picture remove cover"])
    }

    @Test func aHostileCoverIsRefusedWithItsReasonAndNothingIsSent() async throws {
        let rig = try Rig()
        let feed = rig.path("feed")
        let pipe = try HeldFIFO(feed)
        let file = rig.path("cmyk.jpg")
        try IconTests.write(
            try JPEGEncoder.encode([UInt8](repeating: 9, count: 8 * 8 * 4), width: 8, height: 8, colors: .cmyk),
            to: file)
        let config = try rig.file("tickerd.conf", "")
        let run = try rig.tickerctl(["cover", "--config", config, "--feed", feed, "--side", "8", file])
        #expect(try await rig.exit(of: run) == .exited(1))
        let text = run.lines.joined(separator: "\n")
        #expect(
            text.contains("tickerctl: error: '\(file)': JPEG: CMYK colours, for print, are not supported"), "\(text)")
        #expect(pipe.lines().isEmpty)
        let sideless = try rig.tickerctl(["cover", "--config", config, "--feed", feed, file])
        #expect(try await rig.exit(of: sideless) == .exited(2))
        #expect(sideless.lines.joined().contains("cover needs --side N"), "\(sideless.lines)")
    }
}
