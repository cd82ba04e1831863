import Testing

@testable import TickerCore

/// Right-to-left text on the panel, drawn with the Hebrew of X11 misc-fixed 5x8.
@Suite struct SceneRightToLeftTests {
    static func bench(width: Int, style: (inout SceneStyle) -> Void = { _ in }) throws -> SceneTests.Bench {
        let font = try MiscFixed.fiveByEight.get()
        return SceneTests.Bench(width: width, height: 8) { sceneStyle in
            sceneStyle.fonts = FontChain([font])
            sceneStyle.template = try! NowPlayingTemplate("{title}")
            style(&sceneStyle)
        }
    }

    struct SweepCase: CustomTestStringConvertible, Sendable {
        let id: String
        let seconds: Double
        let art: [String]
        var testDescription: String { id }
    }

    // "שלום" is sung from 0 s to 2 s and "עולם" from 2 s to 4 s; the first word is the right one.
    @Test(arguments: [
        SweepCase(
            id: "a quarter of the first word, from the right edge", seconds: 0.5,
            art: [
                "................................................",
                "................................................",
                "+....+.....+.............+.....+...+............",
                ".+++..+++...+..+..+.......+++...+...+++.#.#.#...",
                "+..+....+...+...+.+......+..+...+.....+.##..#...",
                "+..+...+....+...+.+......+..+...+....+..#...#...",
                "++++..+.....+..++++......++++...+...+...####....",
                "................................................",
            ]),
        SweepCase(
            id: "nearly all of the first word", seconds: 1.9,
            art: [
                "................................................",
                "................................................",
                "+....+.....+.............+.....#...#............",
                ".+++..+++...+..+..+.......###...#...###.#.#.#...",
                "+..+....+...+...+.+......+..#...#.....#.##..#...",
                "+..+...+....+...+.+......+..#...#....#..#...#...",
                "++++..+.....+..++++......+###...#...#...####....",
                "................................................",
            ]),
        SweepCase(
            id: "half of the second word, on the left", seconds: 3,
            art: [
                "................................................",
                "................................................",
                "+....+.....#.............#.....#...#............",
                ".+++..+++...#..#..#.......###...#...###.#.#.#...",
                "+..+....+...#...#.#......#..#...#.....#.##..#...",
                "+..+...+....#...#.#......#..#...#....#..#...#...",
                "++++..+.....#..####......####...#...#...####....",
                "................................................",
            ]),
    ])
    func rightToLeftWordTimesLightFromTheRightEdge(_ example: SweepCase) throws {
        var bench = try Self.bench(width: 48)
        let lrc = "[00:00.00]<00:00.00>שלום <00:02.00>עולם<00:04.00>\n[00:06.00]x\n"
        bench.send([.title("x"), .lyrics(Lyrics.parse(lrc)), .play], at: 0)
        #expect(bench.show(at: example.seconds) == art(example.art))
    }

    @Test func rightToLeftLightOnlyGrows() throws {
        var bench = try Self.bench(width: 48)
        let lrc = "[00:00.00]<00:00.00>שלום <00:02.00>עולם<00:04.00>\n[00:06.00]x\n"
        bench.send([.title("x"), .lyrics(Lyrics.parse(lrc)), .play], at: 0)
        var litBefore = Set<Int>()
        for step in 0...40 {
            let shown = Array(bench.show(at: Double(step) / 10))
            let lit = Set(shown.indices.filter { shown[$0] == "#" })
            #expect(lit.isSuperset(of: litBefore), "at \(Double(step) / 10) s")
            litBefore = lit
        }
    }

    @Test func aScrollingRightToLeftTitleOpensOnItsFirstWordAndMovesRight() throws {
        var bench = try Self.bench(width: 24)
        bench.send([.title("שלום עולם אחד"), .play], at: 0)
        // The first word, "שלום", at the right edge; after the pause the text moves right, bringing "עולם".
        #expect(
            bench.show(at: 0)
                == art(
                    "........................",
                    "........................",
                    "....#.....#...#.........",
                    ".....###...#...###.#.#.#",
                    "....#..#...#.....#.##..#",
                    "....#..#...#....#..#...#",
                    "....####...#...#...####.",
                    "........................"))
        #expect(
            bench.show(at: 1.5)
                == art(
                    "........................",
                    "........................",
                    ".........#.....#...#....",
                    "..#.......###...#...###.",
                    "#.#......#..#...#.....#.",
                    "#.#......#..#...#....#..",
                    "###......####...#...#...",
                    "........................"))
    }

    @Test func reducedMotionPagesARightToLeftLyricInReadingOrder() throws {
        let fonts = FontChain([try MiscFixed.fiveByEight.get()])
        let text = "שלום עולם אחד"
        let pages = LyricPages(text, layout: TextLine(text, fonts: fonts), fonts: fonts, zoneWidth: 24)
        // Five pixels a letter: no two words fit in 24, so a word a page, counted from the right edge.
        #expect(pages.texts == ["שלום", "עולם", "אחד"])
        #expect(pages.starts == [0, 25, 50])
        #expect(pages.page(at: 24.9) == 0)
        #expect(pages.page(at: 25) == 1)
        #expect(pages.page(at: 65) == 2)
    }
}
