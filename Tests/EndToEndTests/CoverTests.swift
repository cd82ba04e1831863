import Testing
import TickerCore
import TickerIO
import TickerPictures
import TickerTestSupport

/// Album covers end to end: a cover image scaled as the followers scale it reaches a real `tickerd` through its
/// FIFO as the `cover` picture block, and the pseudo-terminal panel shows it in the box `layout.cover` gives it,
/// beside the text, pixel for pixel as `tickerctl render --cover` previews the same file.
@Suite struct CoverTests {
    /// A 32 × 32 cover: a white square in a grey frame, a black cross through it.
    static let image: RGBFrame = {
        var picture = RGBFrame(width: 32, height: 32)
        for y in 0..<32 {
            for x in 0..<32 {
                let frame = x < 4 || y < 4 || x >= 28 || y >= 28
                let cross = abs(x - y) < 2 || abs(x + y - 31) < 2
                picture[x, y] =
                    frame
                    ? RGB(red: 128, green: 128, blue: 128) : cross ? .black : RGB(red: 255, green: 255, blue: 255)
            }
        }
        return picture
    }()

    static let panelConfig = "[panel]\nwidth = 64\nheight = 32\ndepth = 2\nfps = 40\n"

    @Test func aCoverSentThroughTheFeedShowsAtTheLeftAsRenderPreviewsIt() async throws {
        let stage = try await FeedStage(
            config: "[layout]\ncover = left\n", width: 64, height: 32, depth: 2, panelConfig: Self.panelConfig)
        let png = stage.rig.path("cover.png")
        try IconTests.write(try PNGEncoder.encode(Self.image), to: png)
        let cover = try CoverImage.picture(file: try Posix.readFile(png, limit: 1 << 20), side: 32)
        let block = FeedCommand.picture(cover).lines
        try await stage.send(contentsOf: block + ["text Hi"])
        let render = try stage.rig.tickerctl(["render", "--config", stage.configPath, "--text", "Hi", "--cover", png])
        #expect(try await stage.rig.exit(of: render) == .exited(0), "\(render.lines)")
        let preview = render.outputText.split(separator: "\n").joined(separator: "\n")
        let rows = preview.split(separator: "\n").map(String.init)
        // The grey frame, the white square and its black cross in columns 0-31; a dark gap; the text beside.
        #expect(rows.count == 32 && rows.allSatisfy { $0.count == 64 }, "\(preview)")
        #expect(rows.first?.hasPrefix("++++++++++++++++++++++++++++++++.") == true, "\(preview)")
        #expect(rows.count == 32 && rows[5].hasPrefix("++++...##################...++++."), "\(preview)")
        #expect(rows.contains { $0.dropFirst(33).contains("#") }, "\(preview)")
        let panel = stage.panel
        try await stage.rig.wait("the panel to show the cover and 'Hi' as render does:\n\(preview)") {
            panel.picture == preview
        }
        // Level for level, as the scene draws the same feed lines.
        try await stage.expect(stage.look.frame(after: block + ["text Hi"]), "the cover beside 'Hi'")
        // Without the cover the box goes dark, and the text keeps its place.
        try await stage.send("picture remove cover")
        try await stage.rig.wait("the box to go dark beside 'Hi':\n\(panel.picture)") {
            panel.picture.split(separator: "\n").allSatisfy { $0.prefix(33).allSatisfy { $0 == "." } }
                && panel.picture.contains("#")
        }
    }

    @Test func renderDrawsTheCoverInItsOwnColoursOnAColourPanel() async throws {
        let rig = try Rig()
        var colours = RGBFrame(width: 32, height: 32)
        for y in 0..<32 {
            for x in 0..<32 {
                colours[x, y] = x < 16 ? RGB(red: 255, green: 0, blue: 0) : RGB(red: 0, green: 0, blue: 255)
            }
        }
        let png = rig.path("cover.png")
        try IconTests.write(try PNGEncoder.encode(colours), to: png)
        let out = rig.path("out.png")
        let render = try rig.tickerctl(
            ["render", "--size", "64x32", "--depth", "rgb", "--text", "Hi", "--cover", png, "--png", out])
        #expect(try await rig.exit(of: render) == .exited(0), "\(render.lines)")
        let board = try PNGEncoder.decode(try Posix.readFile(out, limit: 4 << 20), maxSide: 1024)
        // Eight image pixels an LED, as by default.
        func led(_ x: Int, _ y: Int) -> RGB { board[x * 8 + 4, y * 8 + 4] }
        // `left` unless configured: red in columns 0-15, blue in 16-31, the gap dark.
        #expect(led(3, 10).red > 200 && led(3, 10).blue < 60, "\(led(3, 10))")
        #expect(led(20, 10).blue > 200 && led(20, 10).red < 60, "\(led(20, 10))")
        #expect(led(32, 10).red < 60 && led(32, 10).blue < 60, "\(led(32, 10))")
        // A panel too low for a cover beside the text is refused with the configuration's sentence.
        let low = try rig.tickerctl(["render", "--size", "64x8", "--text", "Hi", "--cover", png])
        #expect(try await rig.exit(of: low) == .exited(1))
        #expect(low.lines.joined().contains("a cover beside the text needs at least 16 rows"), "\(low.lines)")
    }
}

extension FeedStage {
    /// Writes `lines` into the FIFO, as one writer.
    fileprivate func send(contentsOf lines: [String]) async throws { try await rig.feed(lines, to: feed) }
}
