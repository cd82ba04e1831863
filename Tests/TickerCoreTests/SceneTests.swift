import Testing

@testable import TickerCore

@Suite struct SceneTests {
    /// A scene on a panel drawn in the test font, and a player state driven on a manual clock (seconds).
    struct Bench {
        var scene: Scene
        var state = PlayerState()
        var frame: Frame

        init(width: Int, height: Int = 5, depth: PixelDepth = .two, style: (inout SceneStyle) -> Void = { _ in }) {
            var sceneStyle = SceneStyle(
                fonts: TestFont.chain, marquee: MarqueeStyle(speed: 10, pause: 1, gap: 2, fadeEdges: false))
            style(&sceneStyle)
            scene = Scene(width: width, height: height, depth: depth, style: sceneStyle)
            frame = Frame(width: width, height: height, depth: depth)
        }

        mutating func send(_ commands: [FeedCommand], at seconds: Double) {
            for command in commands { state.apply(command, at: .seconds(seconds)) }
            scene.observe(state, at: .seconds(seconds))
        }

        /// What a fresh bench with the same state would show `seconds` after the content appeared at `start`.
        func show(at seconds: Double, after start: Double) -> String {
            var fresh = self
            fresh.scene = Scene(width: scene.width, height: scene.height, depth: scene.depth, style: scene.style)
            fresh.state = PlayerState()
            fresh.send([.title(state.title), .play], at: start)
            return fresh.show(at: seconds)
        }

        mutating func show(at seconds: Double) -> String {
            scene.render(state, at: .seconds(seconds), into: &frame)
            return frame.asciiArt
        }
    }

    /// Lyrics whose line-timed lines are sung over the whole of their time rather than at the song's pace, so
    /// that the sweep's arithmetic is easy to follow.
    static func lyrics(_ text: String) -> FeedCommand {
        var lyrics = Lyrics.parse(text)
        for index in lyrics.lines.indices { lyrics.lines[index].sungEnd = lyrics.lines[index].end }
        return .lyrics(lyrics)
    }

    @Test func showsTheNowPlayingLineWhenThereAreNoLyrics() {
        var bench = Bench(width: 8) { $0.template = try! NowPlayingTemplate("{title}") }
        bench.send([.title("HI"), .play], at: 0)
        #expect(
            bench.show(at: 5)
                == art(
                    "#.#.#...",
                    "###.#...",
                    "#.#.#...",
                    "#.#.#...",
                    "........"))
    }

    @Test func sweepsTheLyricBeingSungAndShowsNowPlayingInTheGaps() {
        var bench = Bench(width: 8) { $0.template = try! NowPlayingTemplate("{title}") }
        bench.send([.title("I"), Self.lyrics("[00:01.00]HOW\n[00:03.00]\n"), .play], at: 0)
        // Before the first line: the now-playing line.
        #expect(bench.show(at: 0.5).hasPrefix("#......."))
        // Half way through a line sung from 1 s to 3 s, the head is at 6.5 of its 13 columns; the zone is 8
        // wide, so the line has scrolled 2 columns to keep the head in the middle. Column 6 is half sung.
        #expect(
            bench.show(at: 2.0)
                == art(
                    "#.##+.+.",
                    "#.#.+.+.",
                    "#.#.+.+.",
                    "#.##+.++",
                    "........"))
        // After the line: the gap shows the now-playing line again.
        #expect(bench.show(at: 3.5).hasPrefix("#......."))
    }

    @Test func wordTimesDecideWhenEachWordLights() {
        var bench = Bench(width: 12) { $0.template = try! NowPlayingTemplate("{title}") }
        bench.send([.title("x"), Self.lyrics("[00:01.00]<00:01.00>HO <00:02.00>I<00:04.00>\n"), .play], at: 0)
        // At 1.5 s the first word ("HO", columns 0–7 with its spacing) is half sung: 4 columns.
        #expect(
            bench.show(at: 1.5)
                == art(
                    "#.#.+++...+.",
                    "###.+.+...+.",
                    "#.#.+.+...+.",
                    "#.#.+++...+.",
                    "............"))
        // Between the words the edge rests after "HO"; "I" (column 10) lights while it is sung.
        #expect(bench.show(at: 1.999).hasPrefix("#.#.###...+."))
        #expect(bench.show(at: 3.99).hasPrefix("#.#.###...#."))
    }

    @Test func aLineTimedLyricIsSungAtTheSongsPaceThenHeldLit() {
        var bench = Bench(width: 16) { $0.template = try! NowPlayingTemplate("{title}") }
        // One line cannot give a pace: 0.1 s per character, so "HOW" is sung from 1 s to 1.3 s, not until 31 s.
        bench.send([.title("x"), .lyrics(Lyrics.parse("[00:01.00]HOW\n[00:31.00]x")), .play], at: 0)
        #expect(bench.show(at: 1.15).hasPrefix("#.#.##+.+"))
        let lit = art(
            "#.#.###.#...#...",
            "###.#.#.#...#...",
            "#.#.#.#.#.#.#...",
            "#.#.###.##.##...",
            "................")
        #expect(bench.show(at: 1.3) == lit)
        #expect(bench.show(at: 30.9) == lit)
    }

    @Test func pauseHoldsTheSweepAndPlayResumesIt() {
        var bench = Bench(width: 16) { $0.template = try! NowPlayingTemplate("{title}") }
        bench.send([.title("x"), Self.lyrics("[00:00.00]HOW\n[00:13.00]\n"), .play], at: 0)
        bench.send([.pause], at: 4)
        let paused = bench.show(at: 4)
        #expect(bench.show(at: 60) == paused)
        #expect(paused.hasPrefix("#.#.+++"))
        bench.send([.play], at: 60)
        #expect(bench.show(at: 65) == bench.show(at: 65))
        #expect(bench.show(at: 65).hasPrefix("#.#.###.#"))
    }

    @Test func aMessagePreemptsUntilItExpires() {
        var bench = Bench(width: 8) { $0.template = try! NowPlayingTemplate("{title}") }
        bench.send([.title("I"), .play], at: 0)
        bench.send([.message("HI", duration: .seconds(2), priority: .normal)], at: 1)
        #expect(bench.show(at: 2).hasPrefix("#.#.#..."))
        #expect(bench.show(at: 3.5).hasPrefix("#......."))
    }

    @Test func aHigherPriorityMessageWinsAndTheOtherComesBack() {
        var bench = Bench(width: 8) { $0.template = try! NowPlayingTemplate("{title}") }
        bench.send([.title("I"), .play], at: 0)
        bench.send([.message("O", duration: .seconds(10), priority: .low)], at: 1)
        bench.send([.message("W", duration: .seconds(2), priority: .high)], at: 1)
        #expect(bench.show(at: 2).hasPrefix("#...#..."))
        #expect(bench.show(at: 4).hasPrefix("###....."))
    }

    @Test func splitPanelShowsNowPlayingOverTheLyricAndTheNextLineInBreaks() {
        var bench = Bench(width: 8, height: 10) { style in
            style.arrangement = .split
            style.template = try! NowPlayingTemplate("{title}")
        }
        bench.send([.title("HI"), Self.lyrics("[00:02.00]O\n[00:04.00]\n"), .play], at: 0)
        // A break before the first line: the line waits at rest below the title.
        #expect(
            bench.show(at: 1)
                == art(
                    "#.#.#...",
                    "###.#...",
                    "#.#.#...",
                    "#.#.#...",
                    "........",
                    "+++.....",
                    "+.+.....",
                    "+.+.....",
                    "+++.....",
                    "........"))
        // Fully sung just before it ends.
        #expect(bench.show(at: 3.99).hasSuffix(art("###.....", "#.#.....", "#.#.....", "###.....", "........")))
    }

    @Test func aSplitPanelFedOnlyLyricsShowsTheNextLineInABreak() {
        var bench = Bench(width: 8, height: 10) { $0.arrangement = .split }
        bench.send([Self.lyrics("[00:01.00]I\n[00:02.00]\n[00:04.00]O\n[00:05.00]\n"), .play], at: 0)
        let waiting = art(
            "........",
            "........",
            "........",
            "........",
            "........",
            "+++.....",
            "+.+.....",
            "+.+.....",
            "+++.....",
            "........")
        #expect(bench.show(at: 0.5).hasSuffix(art("+.......", "+.......", "+.......", "+.......", "........")))
        #expect(bench.show(at: 3) == waiting)
    }

    @Test func stoppedPlayerGoesIdleAfterTheDelay() {
        var bench = Bench(width: 8) { style in
            style.template = try! NowPlayingTemplate("{title}")
            style.idle = .text
            style.idleText = "O"
            style.idleAfter = .seconds(10)
        }
        bench.send([.title("I"), .play], at: 0)
        bench.send([.stop], at: 5)
        #expect(bench.show(at: 14).hasPrefix("#......."))
        #expect(bench.show(at: 15.5).hasPrefix("###....."))
    }

    @Test func aScriptThatNeverSaysPlayKeepsItsLine() {
        var bench = Bench(width: 8) { $0.template = try! NowPlayingTemplate("{title}") }
        bench.send([.title("HI")], at: 0)
        #expect(bench.show(at: 3600).hasPrefix("#.#.#..."))
    }

    @Test func aNewTitleRestartsTheMarqueeLap() {
        var bench = Bench(width: 6) { $0.template = try! NowPlayingTemplate("{title}") }
        bench.send([.title("HOW"), .play], at: 0)
        let start = bench.show(at: 0)
        #expect(bench.show(at: 1.5) != start)
        bench.send([.title("HOW")], at: 1.5)
        #expect(bench.show(at: 1.5) == start)
    }

    @Test func theTitleRestartsItsLapWhenALyricLineEnds() {
        var bench = Bench(width: 8) { $0.template = try! NowPlayingTemplate("{title}") }
        bench.send([.title("HOW HI"), Self.lyrics("[00:01.00]I\n[00:03.00]\n"), .play], at: 0)
        let opening = bench.show(at: 0)
        #expect(bench.show(at: 0.5) == opening)
        #expect(bench.show(at: 2) != opening)
        // Back after the line: at the start of its lap, resting for the pause, then moving from there.
        #expect(bench.show(at: 3) == opening)
        #expect(bench.show(at: 3.9) == opening)
        #expect(bench.show(at: 4.5) == bench.show(at: 1.5, after: 0))
    }

    @Test func aMessageShownAgainRestartsItsLap() {
        var bench = Bench(width: 8) { $0.template = try! NowPlayingTemplate("{title}") }
        bench.send([.title("I"), .play], at: 0)
        bench.send([.message("HOW HI", duration: .seconds(20), priority: .low)], at: 1)
        let opening = bench.show(at: 1)
        #expect(bench.show(at: 2.5) != opening)
        bench.send([.message("O", duration: .seconds(2), priority: .high)], at: 3)
        #expect(bench.show(at: 3).hasPrefix("###....."))
        // The low message is back at the start of its lap when the high one expires.
        #expect(bench.show(at: 5) == opening)
        #expect(bench.show(at: 5.9) == opening)
        #expect(bench.show(at: 6.5) != opening)
    }

    @Test func aMessageBackAfterADismissalRestartsItsLap() {
        var bench = Bench(width: 8) { $0.template = try! NowPlayingTemplate("{title}") }
        bench.send([.title("I"), .play], at: 0)
        bench.send([.message("HOW HI", duration: .seconds(20), priority: .low)], at: 1)
        let opening = bench.show(at: 1)
        bench.send([.message("O", duration: .seconds(86_400), priority: .high)], at: 3)
        #expect(bench.show(at: 3).hasPrefix("###....."))
        // Dismissed as if it expired: the low message is back at the start of its lap.
        bench.send([.messageDismiss], at: 4)
        #expect(bench.show(at: 4) == opening)
        #expect(bench.show(at: 4.9) == opening)
        #expect(bench.show(at: 5.5) != opening)
        bench.send([.messageDismiss], at: 6)
        #expect(bench.show(at: 6) == bench.show(at: 6, after: 6), "the now-playing line, from the start of its lap")
    }

    @Test func reducedMotionLightsTheWholeLineAtOnce() {
        var bench = Bench(width: 16) { style in
            style.template = try! NowPlayingTemplate("{title}")
            style.karaoke.reducedMotion = true
        }
        bench.send([.title("x"), Self.lyrics("[00:01.00]HOW\n[00:05.00]\n"), .play], at: 0)
        #expect(bench.show(at: 1.01).hasPrefix("#.#.###.#...#"))
    }

    struct PageCase: CustomTestStringConvertible, Sendable {
        let id: String
        let seconds: Double
        let art: [String]
        var testDescription: String { id }
    }

    // "HOW HI WHO IH" is 13 + 2 + 5 + 2 + 13 + 2 + 5 = 42 columns wide (spaces included), sung from 1 s to 5 s
    // (for this test, over the line's whole time); the zone is 16 wide, so the pages are "HOW HI" (columns
    // 0–19 of the line), "WHO IH" (from column 22).
    @Test(arguments: [
        PageCase(
            id: "the first page lit whole at the line's start", seconds: 1,
            art: [
                "#.#.###.#...#...",
                "###.#.#.#...#...",
                "#.#.#.#.#.#.#...",
                "#.#.###.##.##...",
                "................",
            ]),
        PageCase(
            id: "the second page once the sweep reaches it", seconds: 3.2,
            art: [
                "#...#.#.#.###...",
                "#...#.###.#.#...",
                "#.#.#.#.#.#.#...",
                "##.##.#.#.###...",
                "................",
            ]),
    ])
    func reducedMotionPagesALyricWiderThanTheZone(_ example: PageCase) {
        var bench = Bench(width: 16) { style in
            style.template = try! NowPlayingTemplate("{title}")
            style.karaoke.reducedMotion = true
        }
        bench.send([.title("x"), Self.lyrics("[00:01.00]HOW HI WHO IH\n[00:05.00]\n"), .play], at: 0)
        #expect(bench.show(at: example.seconds) == art(example.art))
    }

    @Test func reducedMotionCutsAWordWiderThanTheZone() {
        var bench = Bench(width: 8) { style in
            style.template = try! NowPlayingTemplate("{title}")
            style.karaoke.reducedMotion = true
        }
        bench.send([.title("x"), Self.lyrics("[00:01.00]WOW\n[00:05.00]\n"), .play], at: 0)
        // "WOW" is 16 columns wide: no two of its letters fit in 8, so each letter is a page.
        #expect(bench.show(at: 1).hasPrefix("#...#..."))
        #expect(bench.show(at: 3).hasPrefix("###....."))
        #expect(bench.show(at: 4.9).hasPrefix("#...#..."))
    }

    @Test func aWideLyricWrapsOverBothZonesAndTheLightMovesAtOneSpeed() {
        var bench = Bench(width: 8, height: 10) { style in
            style.arrangement = .split
            style.template = try! NowPlayingTemplate("{title}")
        }
        bench.send([.title("I"), Self.lyrics("[00:01.00]HO HO\n[00:03.00]\n"), .play], at: 0)
        // Half way the light has crossed the first line (7 of 14 columns) and not yet started the second.
        #expect(
            bench.show(at: 2)
                == art(
                    "#.#.###.",
                    "###.#.#.",
                    "#.#.#.#.",
                    "#.#.###.",
                    "........",
                    "+.+.+++.",
                    "+++.+.+.",
                    "+.+.+.+.",
                    "+.+.+++.",
                    "........"))
        // Three quarters: 3.5 of the second line's 7 columns (the fourth column half lit).
        #expect(
            bench.show(at: 2.5).hasSuffix(
                art(
                    "#.#.+++.",
                    "###.+.+.",
                    "#.#.+.+.",
                    "#.#.+++.",
                    "........")))
    }

    @Test func withoutWrapAWideLyricScrollsInTheBottomZone() {
        var bench = Bench(width: 8, height: 10) { style in
            style.arrangement = .split
            style.template = try! NowPlayingTemplate("{title}")
            style.karaoke.wrap = false
        }
        bench.send([.title("I"), Self.lyrics("[00:01.00]HO HO\n[00:03.00]\n"), .play], at: 0)
        #expect(bench.show(at: 2).hasPrefix("#......."))
    }
}
