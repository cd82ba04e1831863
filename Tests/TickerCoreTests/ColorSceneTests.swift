import Testing

@testable import TickerCore

@Suite struct ColorSceneTests {
    static let red = RGB(red: 255, green: 0, blue: 0)
    static let green = RGB(red: 0, green: 255, blue: 0)
    static let blue = RGB(red: 0, green: 0, blue: 255)
    static let navy = RGB(red: 0, green: 0, blue: 64)

    /// A colour scene in the test font, an 8-bit frame and the picture it colours.
    struct Bench {
        var scene: Scene
        var state = PlayerState()
        var frame: Frame
        var image: RGBFrame

        init(
            width: Int, height: Int = 5, depth: PixelDepth = .eight, color: Bool = true,
            palette: (inout Palette) -> Void, style: (inout SceneStyle) -> Void = { _ in }
        ) {
            var sceneStyle = SceneStyle(
                fonts: TestFont.chain, marquee: MarqueeStyle(speed: 10, pause: 1, gap: 2, fadeEdges: false))
            palette(&sceneStyle.palette)
            style(&sceneStyle)
            scene = Scene(width: width, height: height, depth: depth, color: color, style: sceneStyle)
            frame = Frame(width: width, height: height, depth: depth)
            image = RGBFrame(width: width, height: height)
        }

        mutating func send(_ commands: [FeedCommand], at seconds: Double) {
            for command in commands { state.apply(command, at: .seconds(seconds)) }
            scene.observe(state, at: .seconds(seconds))
        }

        /// The picture at `seconds`, one letter per colour of `legend`, `?` for any other colour.
        mutating func show(at seconds: Double, clock: String = "", _ legend: [Character: RGB]) -> String {
            scene.render(state, at: .seconds(seconds), clock: clock, into: &frame)
            scene.colorize(frame, into: &image)
            return ColorSceneTests.letters(image, legend)
        }
    }

    static func letters(_ image: RGBFrame, _ legend: [Character: RGB]) -> String {
        var rows: [String] = []
        for y in 0..<image.height {
            var row = ""
            for x in 0..<image.width {
                let pixel = image[x, y]
                row.append(legend.first { $0.value == pixel }?.key ?? "?")
            }
            rows.append(row)
        }
        return rows.joined(separator: "\n")
    }

    @Test func paintsTheArtistAndTheTitleInTheirOwnColours() {
        var bench = Bench(width: 8) {
            $0[.artist] = Self.red
            $0[.title] = Self.green
        } style: {
            $0.template = try! NowPlayingTemplate("{artist} {title}")
        }
        bench.send([.artist("H"), .title("I"), .play], at: 0)
        #expect(
            bench.show(at: 5, ["A": Self.red, "T": Self.green, ".": .black])
                == art(
                    "A.A...T.",
                    "AAA...T.",
                    "A.A...T.",
                    "A.A...T.",
                    "........"))
    }

    @Test func aSplitPanelShowsEveryRoleOfItsLineAndLyricInItsColour() {
        let amber = RGB(red: 255, green: 176, blue: 0)
        var bench = Bench(width: 8, height: 10) {
            $0[.artist] = Self.red
            $0[.title] = Self.green
            $0[.sung] = Self.blue
            $0[.rest] = amber
        } style: {
            $0.arrangement = .split
            $0.template = try! NowPlayingTemplate("{artist} {title}")
        }
        bench.send(
            [
                .artist("H"), .title("I"), .lyrics(Lyrics.parse("[00:01.00]<00:01.00>I I<00:04.00>\n[00:04.00]\n")),
                .play,
            ], at: 0)
        // A third of the way through the lyric: the first word sung, the second waiting at rest.
        #expect(
            bench.show(at: 2.0, ["A": Self.red, "T": Self.green, "S": Self.blue, "R": amber, ".": .black])
                == art(
                    "A.A...T.",
                    "AAA...T.",
                    "A.A...T.",
                    "A.A...T.",
                    "........",
                    "S...R...",
                    "S...R...",
                    "S...R...",
                    "S...R...",
                    "........"))
    }

    @Test func fillsUnlitPixelsWithTheBackground() {
        var bench = Bench(width: 4) {
            $0[.title] = Self.red
            $0[.background] = Self.navy
        } style: {
            $0.template = try! NowPlayingTemplate("{title}")
        }
        bench.send([.title("I"), .play], at: 0)
        #expect(
            bench.show(at: 5, ["T": Self.red, "-": Self.navy])
                == art(
                    "T---",
                    "T---",
                    "T---",
                    "T---",
                    "----"))
    }

    @Test func paintsMessagesByPriorityAndTheIdleClock() {
        var bench = Bench(width: 4) {
            $0[.message] = Self.red
            $0[.messageHigh] = Self.green
            $0[.clock] = Self.blue
        } style: {
            $0.idle = .clock
            $0.idleAfter = .seconds(1)
        }
        let legend: [Character: RGB] = ["M": Self.red, "H": Self.green, "C": Self.blue, ".": .black]
        bench.send([.message("I", duration: .seconds(2), priority: .normal)], at: 0)
        #expect(bench.show(at: 0.5, legend).hasPrefix("M..."))
        bench.send([.message("I", duration: .seconds(2), priority: .high)], at: 1)
        #expect(bench.show(at: 1.5, legend).hasPrefix("H..."))
        #expect(bench.show(at: 10, clock: "I", legend).hasPrefix("C..."))
    }

    @Test func sweepsSungColourOverTheRestColourAndScalesTheEdge() {
        var bench = Bench(width: 8) {
            $0[.sung] = Self.blue
            $0[.rest] = Self.green
        } style: {
            $0.template = try! NowPlayingTemplate("{title}")
        }
        bench.send(
            [.title("I"), .lyrics(Lyrics.parse("[00:01.00]<00:01.00>HOW<00:03.00>\n[00:03.00]\n")), .play], at: 0)
        // The grey picture of this instant is `#.##+.+.` on its first row: sung up to column 3, column 4 half
        // way through the sweep (lit between the rest level and full, in the sung colour), then the rest.
        let edgeLevel = PixelDepth.eight.level(0.35 + 0.65 * 0.5)
        let edge = RGB(red: 0, green: 0, blue: edgeLevel)
        #expect(
            bench.show(at: 2.0, ["S": Self.blue, "R": Self.green, "e": edge, ".": .black])
                == art(
                    "S.SSe.R.",
                    "S.S.e.R.",
                    "S.S.e.R.",
                    "S.SSe.RR",
                    "........"))
    }

    @Test func restDefaultsToTheSungColourAtTheRestLevel() {
        var bench = Bench(width: 4) { $0[.sung] = Self.red }
        bench.send([.title("I"), .lyrics(Lyrics.parse("[00:01.00]I I\n[00:09.00]\n")), .play], at: 0)
        let rest = RGB(red: PixelDepth.eight.level(0.35), green: 0, blue: 0)
        // Before the line starts nothing is sung: the whole line waits at rest.
        #expect(bench.show(at: 1.0, ["r": rest, ".": .black]).hasPrefix("r..."))
    }

    @Test func fadedEdgesScaleTheColourInsteadOfTurningItGrey() {
        var bench = Bench(width: 16) {
            $0[.title] = Self.red
        } style: {
            $0.template = try! NowPlayingTemplate("{title}")
            $0.marquee = MarqueeStyle(speed: 10, pause: 0, gap: 2, fadeEdges: true)
        }
        bench.send([.title("HOWHOWHOWHOW"), .play], at: 0)
        _ = bench.show(at: 0.35, [:])
        let pixels = (0..<16).flatMap { x in (0..<5).map { y in bench.image[x, y] } }
        // Every pixel is a shade of red, and the two faded columns on the right are dimmer than full.
        #expect(pixels.allSatisfy { $0.green == 0 && $0.blue == 0 })
        let edge = (14..<16).flatMap { x in (0..<5).map { y in bench.image[x, y].red } }.filter { $0 > 0 }
        #expect(!edge.isEmpty && edge.allSatisfy { $0 < 255 }, "\(edge)")
        #expect(pixels.contains { $0.red == 255 })
    }

    @Test func greyPanelsShowEachColourAsItsLuminance() {
        var bench = Bench(width: 8, depth: .two, color: false) {
            $0[.artist] = Self.blue
            $0[.title] = .white
        } style: {
            $0.template = try! NowPlayingTemplate("{artist} {title}")
        }
        bench.send([.artist("H"), .title("I"), .play], at: 0)
        bench.scene.render(bench.state, at: .seconds(5), into: &bench.frame)
        // Blue's luminance is 0.0722 of white: the dimmest level that is not off.
        #expect(
            bench.frame.asciiArt
                == art(
                    "+.+...#.",
                    "+++...#.",
                    "+.+...#.",
                    "+.+...#.",
                    "........"))
        #expect(bench.frame[0, 0] == 1)
    }

    @Test func theStandardPaletteLeavesGreyFramesAsDrawn() {
        let colorizer = Colorizer(palette: .standard, depth: .two, restLevel: 1)
        #expect(!colorizer.changesGrey)
        #expect(!colorizer.usesPaint)
        var warm = Palette.standard
        warm[.background] = Palette.color(parsing: "#404040")
        let lit = Colorizer(palette: warm, depth: .two, restLevel: 1)
        #expect(lit.changesGrey && !lit.usesPaint)
        // On mid-grey the unsung lyric would sit on the background's level: the lyric is drawn apart from the
        // title, sung in black.
        warm[.background] = Palette.color(parsing: "grey")
        let grey = Colorizer(palette: warm, depth: .two, restLevel: 1)
        #expect(grey.changesGrey && grey.usesPaint)
    }

    /// The issue's case: a red title on white fades towards white at the edges, not towards black.
    @Test func fadedEdgesFadeTowardsTheBackground() {
        var bench = Bench(width: 16) {
            $0[.title] = Self.red
            $0[.background] = .white
        } style: {
            $0.template = try! NowPlayingTemplate("{title}")
            $0.marquee = MarqueeStyle(speed: 10, pause: 0, gap: 2, fadeEdges: true)
        }
        bench.send([.title("HOWHOWHOWHOW"), .play], at: 0)
        _ = bench.show(at: 0.35, [:])
        let edge = (14..<16).flatMap { x in (0..<5).map { y in bench.image[x, y] } }.filter { $0 != .white }
        // Every faded pixel is red mixed with white: full red, and green and blue between (no dark letters).
        #expect(!edge.isEmpty)
        #expect(edge.allSatisfy { $0.red == 255 && $0.green == $0.blue && $0.green > 0 && $0.green < 255 }, "\(edge)")
    }

    @Test func unsungTextFadesTowardsTheBackground() {
        let navy = Self.navy
        var bench = Bench(width: 4) {
            $0[.sung] = .white
            $0[.background] = navy
        }
        bench.send([.title("I"), .lyrics(Lyrics.parse("[00:01.00]I I\n[00:09.00]\n")), .play], at: 0)
        // 0.35 of the way from navy to white, channel by channel.
        let level = Double(PixelDepth.eight.level(0.35)) / 255
        let mix = { (from: UInt8) in UInt8((Double(from) + (255 - Double(from)) * level).rounded()) }
        let rest = RGB(red: mix(0), green: mix(0), blue: mix(64))
        #expect(bench.show(at: 1.0, ["r": rest, "-": navy]).hasPrefix("r---"))
    }

    /// The grey frame of a lyric half sung, first row: `#` sung, `+` at rest.
    static func greySweep(depth: PixelDepth, _ palette: (inout Palette) -> Void) -> [UInt8] {
        var bench = Bench(width: 12, depth: depth, color: false, palette: palette) {
            $0.template = try! NowPlayingTemplate("{title}")
        }
        let lyrics = Lyrics.parse("[00:01.00]<00:01.00>I <00:02.00>I <00:03.00>I<00:04.00>\n[00:04.00]\n")
        bench.send([.title("I"), .lyrics(lyrics), .play], at: 0)
        bench.scene.render(bench.state, at: .seconds(2.5), into: &bench.frame)
        // Column 0 is the first word, sung; column 8 the last, still at rest (the sweep crosses the second).
        return [bench.frame[0, 0], bench.frame[8, 0]]
    }

    /// `sung = blue` on a grey panel: blue's luminance (0.07) and its dimmed rest are one level; the lyric is
    /// shown as without colours, so the sweep stays visible.
    @Test(arguments: [PixelDepth.two, .four, .eight])
    func aDarkSungColourShowsTheSweepOnGreyPanelsAsWithoutColours(depth: PixelDepth) {
        let standard = Self.greySweep(depth: depth) { _ in }
        let blue = Self.greySweep(depth: depth) { $0[.sung] = Self.blue }
        #expect(standard[0] == depth.maxLevel && standard[1] > 0 && standard[1] < depth.maxLevel, "\(standard)")
        #expect(blue == standard)
    }

    @Test func sungAndRestColoursOfOneLuminanceKeepTheSungGreyAndDimItForTheRest() {
        // Yellow (0.93) over white (1.0): too close; the rest becomes yellow's grey at the rest level.
        let yellow = RGB(red: 255, green: 255, blue: 0)
        let shades = Self.greySweep(depth: .four) {
            $0[.sung] = yellow
            $0[.rest] = .white
        }
        // The rest is drawn at level 5 of 15 (0.35 of full).
        #expect(shades == [PixelDepth.four.level(yellow.luminance), PixelDepth.four.level(yellow.luminance * 5 / 15)])
        // Colours far enough apart are shown as they are.
        let apart = Self.greySweep(depth: .four) {
            $0[.sung] = .white
            $0[.rest] = Palette.color(parsing: "grey")
        }
        #expect(apart == [15, PixelDepth.four.level(RGB(red: 128, green: 128, blue: 128).luminance)])
    }

    @Test func aHiddenRestLeavesTheSungColourAtItsLuminance() {
        var palette = Palette.standard
        palette[.sung] = Self.red
        // karaoke.rest-level = 0: nothing unsung shows, so nothing is kept apart.
        let hidden = Colorizer(palette: palette, depth: .four, restLevel: 0)
        #expect(hidden.grey[Int(ColorRole.sung.rawValue) * 16 + 15] == PixelDepth.four.level(Self.red.luminance))
        // At the usual rest level, red (0.21) and its dimmed rest are too close: the sweep is white over grey.
        let shown = Colorizer(palette: palette, depth: .four, restLevel: 5)
        #expect(shown.grey[Int(ColorRole.sung.rawValue) * 16 + 15] == 15)
        #expect(shown.grey[Int(ColorRole.rest.rawValue) * 16 + 5] == 5)
    }

    @Test func aLightBackgroundSweepsInBlackWhenTheColoursCannotBeToldApart() {
        let shades = Self.greySweep(depth: .two) {
            $0[.background] = .white
            $0[.sung] = .white
        }
        // Sung black on white, the rest 0.35 of the way from white to black.
        #expect(shades == [0, PixelDepth.two.level(1 - 1.0 / 3)])
    }

    @Test func aGreyBackgroundLightsUnlitPixelsByItsLuminance() {
        var bench = Bench(width: 2, height: 1, depth: .two, color: false) {
            $0[.background] = Palette.color(parsing: "grey")
        }
        bench.scene.render(bench.state, at: .seconds(0), into: &bench.frame)
        #expect(bench.frame.asciiArt == "++")
    }
}
