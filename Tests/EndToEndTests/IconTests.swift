import Glibc
import Testing
import TickerCore
import TickerIO
import TickerPictures
import TickerTestSupport

/// Icons end to end: a PNG decoded by `tickerctl icon` reaches a real `tickerd` through its FIFO as a picture
/// block, and a message or a page naming it shows it before its text on the pseudo-terminal panel, pixel for pixel as
/// `tickerctl render` previews the same text with the same file.
@Suite struct IconTests {
    /// An 8 × 8 bell: white, with an amber rim (a luminance of 0.7: level 2 of 3 on a 2-bit panel).
    static let bell: RGBFrame = {
        let rows = [
            "...##...",
            "..####..",
            ".######.",
            ".######.",
            ".######.",
            "AAAAAAAA",
            "........",
            "...##...",
        ]
        var picture = RGBFrame(width: 8, height: 8)
        for (y, row) in rows.enumerated() {
            for (x, mark) in row.enumerated() {
                if mark == "#" { picture[x, y] = RGB(red: 255, green: 255, blue: 255) }
                if mark == "A" { picture[x, y] = RGB(red: 255, green: 176, blue: 0) }
            }
        }
        return picture
    }()

    /// A message and a page naming the sent bell: the feed line, and the text options render previews it with.
    @Test(arguments: [
        ("message --for 60 --icon doorbell Ding", ["--text", "Ding"]),
        ("page --icon doorbell door Ding", ["--page", "door=Ding"]),
    ])
    func aMessageOrPageShowsThePictureItNamesAsRenderPreviewsIt(_ line: String, _ shown: [String]) async throws {
        // A blank idle screen: the page alone shows, without the clock taking turns with it.
        let stage = try await FeedStage(config: "[layout]\nicons = on\n[display]\nidle = blank\n")
        let png = stage.rig.path("doorbell.png")
        try Self.write(try PNGEncoder.encode(Self.bell), to: png)
        try await stage.tickerctl("icon", "doorbell", png)
        try await stage.send(line)
        let render = try stage.rig.tickerctl(["render", "--config", stage.configPath] + shown + ["--icon", png])
        #expect(try await stage.rig.exit(of: render) == .exited(0), "\(render.lines)")
        let preview = render.outputText.trimmingSuffix("\n")
        // The bell stands in columns 0-7: white at full, its amber rim at level 2; the text begins at column 9.
        let rows = preview.split(separator: "\n").map(String.init)
        #expect(rows.count == 8)
        #expect(rows.first?.hasPrefix("...##....") == true, "\(preview)")
        #expect(rows.count == 8 && rows[5].hasPrefix("++++++++."), "\(preview)")
        #expect(rows.contains { $0.dropFirst(9).contains("#") }, "\(preview)")
        let panel = stage.panel
        try await stage.rig.wait("the panel to show the bell and 'Ding' as render does:\n\(preview)") {
            panel.picture == preview
        }
    }

    @Test func renderDrawsAFilesPictureInItsOwnColoursOnAColourPanel() async throws {
        let rig = try Rig()
        var redGreen = RGBFrame(width: 2, height: 1)
        redGreen[0, 0] = RGB(red: 255, green: 0, blue: 0)
        redGreen[1, 0] = RGB(red: 0, green: 255, blue: 0)
        let png = rig.path("rg.png")
        try Self.write(try PNGEncoder.encode(redGreen), to: png)
        let out = rig.path("out.png")
        let render = try rig.tickerctl(
            ["render", "--size", "16x8", "--depth", "rgb", "--text", "Hi", "--icon", png, "--png", out])
        #expect(try await rig.exit(of: render) == .exited(0), "\(render.lines)")
        let board = try PNGEncoder.decode(try Posix.readFile(out, limit: 1 << 20), maxSide: 256)
        // Eight image pixels an LED: the picture is centred in the 8 × 8 slot, its red LED at column 3 of row 3.
        func led(_ x: Int, _ y: Int) -> RGB { board[x * 8 + 4, y * 8 + 4] }
        #expect(led(3, 3).red > 200 && led(3, 3).green < 60 && led(3, 3).blue < 60, "\(led(3, 3))")
        #expect(led(4, 3).green > 200 && led(4, 3).red < 60 && led(4, 3).blue < 60, "\(led(4, 3))")
    }

    @Test(arguments: [
        ("65 × 65 pixels", "huge", "PNG: 65 × 65 pixels is too large (at most 64 × 64)"),
        ("cut short", "truncated", "PNG: "),
        ("not a picture", "text", "neither a PNG nor a GIF file"),
    ])
    func aHostileFileIsRefusedWithASentenceAndNothingIsSent(_ id: String, _ kind: String, _ said: String)
        async throws
    {
        let rig = try Rig()
        let path = rig.path("\(kind).png")
        switch kind {
        case "huge": try Self.write(try PNGEncoder.encode(RGBFrame(width: 65, height: 65)), to: path)
        case "truncated": try Self.write(Array(try PNGEncoder.encode(Self.bell).prefix(60)), to: path)
        default: try Self.write(Array("title not a picture\n".utf8), to: path)
        }
        let feed = rig.path("feed")
        guard mkfifo(feed, 0o600) == 0 else { throw TestFailure("mkfifo: \(String(cString: strerror(errno)))") }
        let run = try rig.tickerctl(["icon", "--feed", feed, "bell", path])
        #expect(try await rig.exit(of: run) == .exited(1), "\(id)")
        let text = run.lines.joined(separator: "\n")
        #expect(text.contains("tickerctl: error: '\(path)': ") && text.contains(said), "\(id): \(text)")
    }

    static func write(_ bytes: [UInt8], to path: String) throws {
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        guard fd >= 0 else { throw TestFailure("open '\(path)': \(String(cString: strerror(errno)))") }
        defer { close(fd) }
        guard bytes.withUnsafeBytes({ Glibc.write(fd, $0.baseAddress, $0.count) }) == bytes.count else {
            throw TestFailure("write '\(path)' failed")
        }
    }
}

extension String {
    fileprivate func trimmingSuffix(_ suffix: String) -> String {
        var text = self
        while text.hasSuffix(suffix) { text.removeLast(suffix.count) }
        return text
    }
}
