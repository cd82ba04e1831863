import Testing
import TickerCore
import TickerIO
import TickerPictures
import TickerTestSupport

/// `tickerctl render --png/--gif`: the pictures show, LED for LED, what the ASCII render shows at the same instant.
@Suite struct PictureTests {
    static let text = "Pictures of a marquee"
    static let size = ["--size", "32x8"]

    /// The panel in a picture as ASCII art, read from the middle of each LED's dot: `#` full, `.` off, `+` between.
    private func art(of picture: RGBFrame, pitch: Int) -> String {
        let board = LEDBoard(pitch: pitch)
        var rows: [String] = []
        for y in 0..<(picture.height / pitch) {
            var row = ""
            for x in 0..<(picture.width / pitch) {
                let centre = picture[x * pitch + pitch / 2, y * pitch + pitch / 2]
                row += centre == board.unlit ? "." : centre.red == 255 ? "#" : "+"
            }
            rows.append(row)
        }
        return rows.joined(separator: "\n")
    }

    @discardableResult
    private func render(_ arguments: [String]) throws -> String {
        try Child.run(try BuiltProducts.tickerctl(), ["render", "--text", Self.text] + Self.size + arguments)
            .trimmingCharacters(in: .whitespacesAndNewlines)
    }

    @Test func pngShowsThePanelAtTheInstant() throws {
        let directory = try TemporaryDirectory()
        let png = directory.file("panel.png")
        try render(["--at", "1.5", "--png", png, "--pitch", "6"])
        let picture = try PNGEncoder.decode(try Posix.readFile(png, limit: 1 << 20))
        #expect(picture.width == 32 * 6 && picture.height == 8 * 6)
        let expected = try render(["--at", "1.5"])
        #expect(expected.contains("#"), "the text is on the panel")
        #expect(art(of: picture, pitch: 6) == expected)
    }

    @Test func gifPlaysTheMarqueeAsTheRenderShowsItAtEachInstant() throws {
        let directory = try TemporaryDirectory()
        let gif = directory.file("marquee.gif")
        try render(["--gif", gif, "--from", "0", "--to", "3", "--fps", "10", "--pitch", "4"])
        let played = try GIFDecoder.decode(try Posix.readFile(gif, limit: 4 << 20))
        let total = played.reduce(0) { $0 + $1.delayCentiseconds }
        #expect(total == 300, "3 seconds in all")
        #expect(played.count > 10, "the marquee moves")
        for instant in [0.0, 0.5, 1.2, 2.9] {
            // The picture shown at `instant`: the last one that started at or before it.
            var start = 0
            var shown = played[0].picture
            for entry in played {
                guard Double(start) <= instant * 100 + 0.5 else { break }
                shown = entry.picture
                start += entry.delayCentiseconds
            }
            #expect(art(of: shown, pitch: 4) == (try render(["--at", String(instant)])), "at \(instant) s")
        }
    }

    @Test func aGIFLongerThanItsLimitIsAUsageError() throws {
        let directory = try TemporaryDirectory()
        let child = try Child(
            name: "tickerctl", executable: try BuiltProducts.tickerctl(),
            arguments: ["render", "--text", "x", "--gif", directory.file("x.gif"), "--to", "200", "--fps", "50"])
        try child.wait("tickerctl to exit") { child.termination != nil }
        #expect(child.termination == .exited(1))
        #expect(child.tail.contains("too long"))
    }
}
