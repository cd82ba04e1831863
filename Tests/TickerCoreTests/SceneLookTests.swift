import Testing

@testable import TickerCore

/// Messages and pages in colours of their own (`--colors`, `--rainbow`, `--gradient`) and blinking (`--blink`),
/// on a colour panel and on a grey one.
@Suite struct SceneLookTests {
    typealias Bench = ColorSceneTests.Bench
    static let red = ColorSceneTests.red
    static let green = ColorSceneTests.green
    static let blue = ColorSceneTests.blue

    static func message(_ text: String, _ look: TextLook) -> FeedCommand {
        .message(text, duration: .seconds(60), priority: .normal, look: look)
    }

    @Test func runsColourTheirCharactersOverTheRolesColour() {
        var bench = Bench(width: 12) { $0[.message] = .white }
        bench.send(
            [Self.message("HIHI", TextLook(fill: .runs([.init(Self.red, length: 1), .init(Self.blue, length: 2)])))],
            at: 0)
        // H red, I and H blue, the last I past the runs in the message's own white.
        #expect(
            bench.show(at: 0.5, ["R": Self.red, "B": Self.blue, "W": .white, ".": .black])
                == art(
                    "R.R.B.B.B.W.",
                    "RRR.B.BBB.W.",
                    "R.R.B.B.B.W.",
                    "R.R.B.B.B.W.",
                    "............"))
    }

    @Test func colourFollowsTheTextAsItScrolls() {
        var bench = Bench(width: 6) { _ in }
        bench.send(
            [Self.message("HIHI", TextLook(fill: .runs([.init(Self.red, length: 2), .init(Self.blue)])))], at: 0)
        // One second of pause, then 10 columns a second: at 1.3 s the text has moved 3 columns left.
        #expect(
            bench.show(at: 1.3, ["R": Self.red, "B": Self.blue, ".": .black])
                == art(
                    ".R.B.B",
                    ".R.BBB",
                    ".R.B.B",
                    ".R.B.B",
                    "......"))
    }

    @Test func fadedEdgesDimTheLooksColourTowardsTheBackground() {
        var bench = Bench(width: 16) { _ in
        } style: {
            $0.marquee = MarqueeStyle(speed: 10, pause: 0, gap: 2, fadeEdges: true)
        }
        bench.send([Self.message("HOWHOWHOWHOW", TextLook(fill: .runs([.init(Self.green)])))], at: 0)
        _ = bench.show(at: 0.35, [:])
        let pixels = (0..<16).flatMap { x in (0..<5).map { y in bench.image[x, y] } }
        #expect(pixels.allSatisfy { $0.red == 0 && $0.blue == 0 })
        #expect(pixels.contains { $0.green == 255 })
        let edge = (14..<16).flatMap { x in (0..<5).map { y in bench.image[x, y].green } }.filter { $0 > 0 }
        #expect(!edge.isEmpty && edge.allSatisfy { $0 < 255 }, "\(edge)")
    }

    @Test func aGradientRunsFromTheFirstColumnToTheLast() {
        var bench = Bench(width: 12) { _ in }
        bench.send([Self.message("HIHI", TextLook(fill: .gradient(Self.red, Self.blue)))], at: 0)
        _ = bench.show(at: 0.5, [:])
        // The strip is 11 columns wide, H's left column the first and the last I the last.
        #expect(bench.image[0, 0] == Self.red)
        #expect(bench.image[10, 0] == Self.blue)
        // The first I, at column 4 of 0…10: four tenths of the way from red to blue.
        #expect(bench.image[4, 1] == RGB(red: 153, green: 0, blue: 102))
    }

    @Test func aRainbowTakesAHueAColumnAndMovesOnAHueEachStep() {
        var bench = Bench(width: 12) { _ in }
        bench.send([Self.message("HIHI", TextLook(fill: .rainbow))], at: 0)
        let hues = LookColumns.rainbowColors
        _ = bench.show(at: 0.05, [:])
        #expect([bench.image[0, 1], bench.image[1, 1], bench.image[2, 1]] == [hues[0], hues[1], hues[2]])
        _ = bench.show(at: 0.25, [:])
        #expect([bench.image[0, 1], bench.image[1, 1], bench.image[2, 1]] == [hues[2], hues[3], hues[4]])
        #expect(hues[0] == Self.red && hues.count == LookColumns.rainbowHues)
    }

    @Test func blinkingTextShowsAndHidesInTurnFromWhenItCame() {
        var bench = Bench(width: 4, color: false) { _ in }
        bench.send([Self.message("HI", TextLook(blink: .milliseconds(500)))], at: 2)
        let shown = art(
            "#.#.",
            "###.",
            "#.#.",
            "#.#.",
            "....")
        let hidden = art(
            "....",
            "....",
            "....",
            "....",
            "....")
        var pictures: [String] = []
        for at in [2.0, 2.49, 2.5, 2.99, 3.0] {
            bench.scene.render(bench.state, at: .seconds(at), into: &bench.frame)
            pictures.append(bench.frame.asciiArt)
        }
        #expect(pictures == [shown, shown, hidden, hidden, shown])
        #expect(bench.scene.nextChange(bench.state, after: .seconds(2.1)) == .seconds(2.5))
    }

    @Test func aGreyPanelShowsEachColourAtItsLuminance() {
        var bench = Bench(width: 16, depth: .four, color: false) { _ in }
        let runs: [TextLook.ColorRun] = [.init(Self.red, length: 1), .init(Self.green, length: 1), .init(Self.blue)]
        bench.send([Self.message("HHH", TextLook(fill: .runs(runs)))], at: 0)
        bench.scene.render(bench.state, at: .seconds(0.5), into: &bench.frame)
        // Luminance × 15: red 0.2126 → 3, green 0.7152 → 11, blue 0.0722 → 1 (never off).
        #expect([bench.frame[0, 0], bench.frame[4, 0], bench.frame[8, 0], bench.frame[3, 0]] == [3, 11, 1, 0])
    }

    @Test func aPaletteThatChangesGreysLeavesTheLooksOwn() {
        var bench = Bench(width: 8, depth: .four, color: false) {
            $0[.message] = RGB(red: 0, green: 0, blue: 255)
        }
        bench.send([Self.message("HI", TextLook(fill: .runs([.init(Self.green, length: 1)])))], at: 0)
        bench.scene.render(bench.state, at: .seconds(0.5), into: &bench.frame)
        // H in green (its luminance, 11 of 15), I left to the message's blue (1 of 15).
        #expect([bench.frame[0, 0], bench.frame[4, 0]] == [11, 1])
    }

    @Test func aPageShowsInItsColoursOnTheIdleScreen() {
        var bench = Bench(width: 8) { _ in
        } style: {
            $0.idle = .blank
        }
        bench.send([.page(IdlePage(name: "sky", text: "HI", look: TextLook(fill: .runs([.init(Self.blue)]))))], at: 0)
        #expect(
            bench.show(at: 0.5, ["B": Self.blue, ".": .black])
                == art(
                    "B.B.B...",
                    "BBB.B...",
                    "B.B.B...",
                    "B.B.B...",
                    "........"))
    }

    @Test func aColouredMarqueeKeepsOneTableWhileItScrolls() {
        var bench = Bench(width: 6) { _ in }
        bench.send(
            [Self.message("HIHIHI", TextLook(fill: .runs([.init(Self.red, length: 2), .init(Self.blue)])))], at: 0)
        _ = bench.show(at: 1.1, [:])
        let first = bench.scene.layout.top.lookCache.map(\.columns)
        _ = bench.show(at: 1.7, [:])
        #expect(bench.scene.layout.top.lookCache.map(\.columns) == first)
        #expect(bench.scene.layout.top.lookCache.count == 1)
    }
}
