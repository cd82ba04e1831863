import Testing

@testable import TickerCore

@Suite struct ZoneRendererTests {
    func render(
        width: Int, height: Int = 5, depth: PixelDepth = .one, marquee: MarqueeStyle = MarqueeStyle(),
        karaoke: KaraokeStyle = KaraokeStyle(), draw: (inout ZoneRenderer, inout Frame) -> Void
    ) -> String {
        var frame = Frame(width: width, height: height, depth: depth)
        var renderer = ZoneRenderer(
            zone: Zone(x: 0, y: 0, width: width, height: height), depth: depth, fonts: TestFont.chain,
            marquee: marquee, karaoke: karaoke)
        draw(&renderer, &frame)
        return frame.asciiArt
    }

    @Test func textThatFitsStandsStillAtItsAlignment() {
        let left = render(width: 12) { $0.drawMarquee("HOW", elapsed: .seconds(30), into: &$1) }
        #expect(
            left
                == art(
                    "#.#.###.#...",
                    "###.#.#.#...",
                    "#.#.#.#.#.#.",
                    "#.#.###.##.#",
                    "............"))
        let right = render(width: 12, marquee: MarqueeStyle(alignment: .right)) {
            $0.drawMarquee("HI", elapsed: .seconds(30), into: &$1)
        }
        #expect(
            right
                == art(
                    ".......#.#.#",
                    ".......###.#",
                    ".......#.#.#",
                    ".......#.#.#",
                    "............"))
    }

    @Test func descendersDropBelowTheBaseline() {
        let frame = render(width: 4) { $0.drawMarquee("g", elapsed: .seconds(0), into: &$1) }
        #expect(
            frame
                == art(
                    "###.",
                    "#.#.",
                    "###.",
                    "..#.",
                    "###."))
    }

    @Test func wideTextRestsThenScrollsOneColumnPerPixelOfTravel() {
        let style = MarqueeStyle(speed: 10, pause: 1, gap: 2, fadeEdges: false)
        let resting = render(width: 6, marquee: style) { $0.drawMarquee("HOW", elapsed: .milliseconds(900), into: &$1) }
        #expect(
            resting
                == art(
                    "#.#.##",
                    "###.#.",
                    "#.#.#.",
                    "#.#.##",
                    "......"))
        // 0.45 s past the pause at 10 px/s: 4 whole columns.
        let moved = render(width: 6, marquee: style) { $0.drawMarquee("HOW", elapsed: .milliseconds(1450), into: &$1) }
        #expect(
            moved
                == art(
                    "###.#.",
                    "#.#.#.",
                    "#.#.#.",
                    "###.##",
                    "......"))
    }

    @Test func theSecondCopyFollowsAfterTheGap() {
        let style = MarqueeStyle(speed: 10, pause: 0, gap: 2, fadeEdges: false)
        // "HOW" is 13 columns; after 1.2 s the view starts at column 12, the last column of W.
        let frame = render(width: 8, marquee: style) { $0.drawMarquee("HOW", elapsed: .milliseconds(1200), into: &$1) }
        #expect(
            frame
                == art(
                    "#..#.#.#",
                    "#..###.#",
                    "#..#.#.#",
                    "#..#.#.#",
                    "........"))
    }

    @Test func reducedMotionTruncatesWithAnEllipsis() {
        let frame = render(width: 10, marquee: MarqueeStyle(reducedMotion: true)) {
            $0.drawMarquee("HOWHOW", elapsed: .seconds(9), into: &$1)
        }
        #expect(
            frame
                == art(
                    "#.#.......",
                    "###.......",
                    "#.#.......",
                    "#.#.#.#.#.",
                    ".........."))
    }

    @Test func fadedEdgesDimTheEdgeColumnsOnGreyPanels() {
        let style = MarqueeStyle(speed: 10, pause: 1, gap: 2)
        let frame = render(width: 20, depth: .two, marquee: style) {
            $0.drawMarquee("WWWWW", elapsed: .seconds(0), into: &$1)
        }
        let rows = frame.split(separator: "\n")
        // One column fades where text leaves (left), two where it comes in (right).
        #expect(rows[3] == "+#.##.##.##.##.##.++")
    }

    @Test func karaokeLightsTheSungPartAndDimsTheRest() {
        let frame = render(width: 12, depth: .two) { renderer, frame in
            renderer.drawKaraoke("HOW", sung: (0, 4), scroll: 0, into: &frame)
        }
        #expect(
            frame
                == art(
                    "#.#.+++.+...",
                    "###.+.+.+...",
                    "#.#.+.+.+.+.",
                    "#.#.+++.++.+",
                    "............"))
    }

    @Test func theSweepEdgeColumnIsPartlyLitOnGreyPanels() {
        let frame = render(width: 4, depth: .four) { renderer, frame in
            renderer.drawKaraoke("H", sung: (0, 1.5), scroll: 0, into: &frame)
        }
        var probe = Frame(width: 4, height: 5, depth: .four)
        var renderer = ZoneRenderer(
            zone: Zone(x: 0, y: 0, width: 4, height: 5), depth: .four, fonts: TestFont.chain,
            marquee: MarqueeStyle(), karaoke: KaraokeStyle())
        renderer.drawKaraoke("H", sung: (0, 1.5), scroll: 0, into: &probe)
        #expect(frame == art("#.+.", "#++.", "#.+.", "#.+.", "...."))
        // Rest is round(0.35 × 15) = 5; half way between rest and full is 10.
        #expect(probe[1, 1] == 10)
        #expect(probe[2, 0] == 5)
    }

    @Test func oneBitPanelsDitherTheUnsungPart() {
        let frame = render(width: 12, depth: .one) { renderer, frame in
            renderer.drawKaraoke("HOW", sung: (0, 4), scroll: 0, into: &frame)
        }
        // The unsung ink is lit in a checkerboard fixed to the text.
        #expect(
            frame
                == art(
                    "#.#.#.#.#...",
                    "###.........",
                    "#.#.#.#.#.#.",
                    "#.#..#...#.#",
                    "............"))
    }

    @Test func rightToLeftLinesSweepFromTheRightEdge() {
        let line = TextLine("\u{05D0}\u{05D1}", fonts: TestFont.chain)
        #expect(line.direction == .rightToLeft)
        // Alef is read first, so it stands on the right.
        #expect(line.placements.map(\.characterIndex) == [1, 0])
        let sung = Karaoke.sungRange(fill: 0.5, width: line.width, direction: line.direction)
        let frame = render(width: 3, depth: .two) { renderer, frame in
            renderer.drawKaraoke("\u{05D0}\u{05D1}", sung: sung, scroll: 0, into: &frame)
        }
        #expect(
            frame
                == art(
                    "+.#",
                    "+..",
                    "..#",
                    "+.#",
                    "..."))
    }

    @Test func karaokeScrollsAWideLine() {
        let frame = render(width: 5, depth: .two) { renderer, frame in
            renderer.drawKaraoke("HOWI", sung: (0, 9), scroll: 8, into: &frame)
        }
        // Scrolled 8 columns: W's first column is sung, the rest of it rests.
        #expect(
            frame
                == art(
                    "#...+",
                    "#...+",
                    "#.+.+",
                    "#+.++",
                    "....."))
    }

    @Test func unknownCharactersDrawTheReplacementGlyph() {
        let frame = render(width: 4) { $0.drawMarquee("Z", elapsed: .seconds(0), into: &$1) }
        #expect(frame == art("##..", "##..", "##..", "##..", "...."))
    }

    @Test func truncationDropsSpacesBeforeTheEllipsis() {
        let line = TextLine("HO HOW", fonts: TestFont.chain).truncated(toFit: 15, fonts: TestFont.chain)
        #expect(line.text == "HO…")
    }
}
