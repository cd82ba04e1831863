import Testing

@testable import TickerCore

@Suite struct SceneTransitionTests {
    typealias Bench = SceneTests.Bench

    /// A bench of an 8 × 5 panel in the test font showing titles alone, whose changes of `change` take
    /// `effect` for `seconds`.
    static func bench(
        _ effect: TransitionEffect, for change: ScreenChange = .title, seconds: Double = 0.5, depth: PixelDepth = .two,
        style: (inout SceneStyle) -> Void = { _ in }
    ) -> Bench {
        Bench(width: 8, depth: depth) {
            $0.template = try! NowPlayingTemplate("{title}")
            $0.transitions = TransitionStyle(duration: .seconds(seconds), effects: [change: effect])
            style(&$0)
        }
    }

    static let h = art("#.#.....", "###.....", "#.#.....", "#.#.....", "........")
    static let i = art("#.......", "#.......", "#.......", "#.......", "........")

    @Test func theFirstPictureAppearsAtOnce() {
        var bench = Self.bench(.fade, for: .idle)
        bench.send([.title("H"), .play], at: 0)
        #expect(bench.show(at: 0) == Self.h)
    }

    @Test func aNewTitleSlidesUpARowAtATime() {
        var bench = Self.bench(.slideUp)
        bench.send([.title("H"), .play], at: 0)
        bench.send([.title("I")], at: 1)
        // The panel answers at once: the first of five rows has moved at the instant the title comes.
        #expect(bench.show(at: 1) == art("###.....", "#.#.....", "#.#.....", "........", "#......."))
        // Three rows in: the old title's last two rows above the new one's first three.
        #expect(bench.show(at: 1.25) == art("#.#.....", "........", "#.......", "#.......", "#......."))
        #expect(bench.show(at: 1.5) == Self.i)
    }

    @Test(arguments: [
        (TransitionEffect.slideLeft, art("....#.#.", "....###.", "....#.#.", "....#.#.", "........")),
        (.slideRight, art("....#...", "....#...", "....#...", "....#...", "........")),
        (.slideDown, art("#.#.....", "#.#.....", "........", "#.......", "#.......")),
        (.wipe, art("#.......", "##......", "#.......", "#.......", "........")),
    ])
    func eachSlideAndTheWipeMoveTheirWay(_ effect: TransitionEffect, _ halfway: String) {
        // 8 columns or 5 rows: a step every 1/8 or 1/5 of the second.
        var bench = Self.bench(effect, seconds: 1)
        bench.send([.title("I"), .play], at: 0)
        bench.send([.title("H")], at: 1)
        // Half way through a step: the instants steps start at are not exact in binary.
        let instant = effect == .slideDown ? 1.45 : effect == .wipe ? 1.2 : 1.4
        #expect(bench.show(at: instant) == halfway, "\(effect)")
        #expect(bench.show(at: 2) == Self.h)
    }

    @Test func aCrossfadeMixesTheLevelsOfBothScreens() {
        // Three levels: a step every 0.1 s.
        var bench = Self.bench(.crossfade, seconds: 0.3)
        bench.send([.title("H"), .play], at: 0)
        bench.send([.title("I")], at: 1)
        // The first step at once: where both are lit it stays full, where one is lit it is dim.
        #expect(bench.show(at: 1) == art("#.+.....", "#++.....", "#.+.....", "#.+.....", "........"))
        #expect(bench.frame[2, 0] == 2 && bench.frame[0, 0] == 3)
        #expect(bench.show(at: 1.15) == art("#.+.....", "#++.....", "#.+.....", "#.+.....", "........"))
        #expect(bench.frame[2, 0] == 1)
        #expect(bench.show(at: 1.25) == Self.i)
    }

    @Test func aFadeGoesThroughBlack() {
        var bench = Self.bench(.fade, seconds: 0.6)
        bench.send([.title("H"), .play], at: 0)
        bench.send([.title("I")], at: 1)
        // Six steps, three out and three in: dark half way.
        #expect(bench.show(at: 1.25) == art("........", "........", "........", "........", "........"))
        #expect(bench.show(at: 1.35) == art("+.......", "+.......", "+.......", "+.......", "........"))
    }

    @Test func aOneBitPanelDithersAFadeThroughBlack() {
        var bench = Bench(width: 16, height: 5, depth: .one) {
            $0.template = try! NowPlayingTemplate("{title}")
            $0.transitions = TransitionStyle(duration: .seconds(3.2), effects: [.title: .fade])
        }
        bench.send([.title("WW"), .play], at: 0)
        bench.send([.title("OO")], at: 1)
        // 32 steps of 0.1 s, the first at once: the lit pixels of the old title thin out to none, then the new
        // one's grow.
        var counts: [Int] = []
        for step in 0...32 {
            _ = bench.show(at: 1 + Double(step) / 10 + 0.05)
            counts.append(bench.frame.asciiArt.filter { $0 == "#" }.count)
        }
        let lit = { (title: String) -> Int in
            var plain = Bench(width: 16, height: 5, depth: .one) { $0.template = try! NowPlayingTemplate("{title}") }
            plain.send([.title(title), .play], at: 0)
            return plain.show(at: 0).filter { $0 == "#" }.count
        }
        #expect(counts[0] > 0 && counts[0] < lit("WW"))
        #expect(counts[15] == 0)
        #expect(zip(counts[0..<15], counts[1...15]).allSatisfy { $0 >= $1 }, "\(counts)")
        #expect(zip(counts[15..<31], counts[16...31]).allSatisfy { $0 <= $1 }, "\(counts)")
        #expect(counts[31] == lit("OO") && counts[32] == lit("OO"))
        // Never the old and the new at once, and only the levels a 1-bit panel has.
        #expect(!bench.frame.asciiArt.contains("+"))
    }

    @Test func aScreenNeverTransitionsIntoItself() {
        var bench = Self.bench(.crossfade, for: .message)
        bench.send([.title("H"), .play], at: 0)
        bench.send([.message("I", duration: .seconds(5), priority: .normal)], at: 1)
        bench.send([.message("I", duration: .seconds(5), priority: .normal)], at: 3)
        #expect(bench.show(at: 3.1) == Self.i)
        // Nothing moves until the first message expires (the second still shows then).
        #expect(bench.scene.nextChange(bench.state, after: .seconds(3.1)) == .seconds(6))
    }

    @Test func aChangeDuringATransitionStartsFromWhatThePanelShows() {
        var bench = Self.bench(.slideUp, for: .message)
        bench.send([.title("H"), .play], at: 0)
        bench.send([.message("I", duration: .seconds(5), priority: .normal)], at: 1)
        let before = bench.show(at: 1.25)
        bench.send([.message("O", duration: .seconds(5), priority: .high)], at: 1.25)
        // No jump: the new transition starts from the picture half way through the first, a row on.
        let after = bench.show(at: 1.25)
        #expect(after.split(separator: "\n").prefix(4) == before.split(separator: "\n").suffix(4))
        #expect(after == art("........", "#.......", "#.......", "#.......", "###....."))
        #expect(bench.show(at: 1.35) == art("#.......", "#.......", "#.......", "###.....", "#.#....."))
        #expect(bench.show(at: 1.75) == art("###.....", "#.#.....", "#.#.....", "###.....", "........"))
    }

    @Test func theDaemonIsToldEachStepAndNothingMore() {
        var bench = Self.bench(.slideUp)
        bench.send([.title("H"), .play], at: 0)
        bench.send([.title("I")], at: 1)
        _ = bench.show(at: 1.25)
        #expect(bench.scene.nextChange(bench.state, after: .milliseconds(1_250)) == .milliseconds(1_300))
        #expect(bench.scene.nextChange(bench.state, after: .milliseconds(1_300)) == .milliseconds(1_400))
        _ = bench.show(at: 1.5)
        #expect(bench.scene.nextChange(bench.state, after: .seconds(1.5)) == nil)
    }

    @Test func aMessageSlidesInAndOutWithTheTime() {
        var bench = Self.bench(.slideDown, for: .message)
        bench.send([.title("H"), .play], at: 0)
        bench.send([.message("I", duration: .seconds(2), priority: .normal)], at: 1)
        #expect(bench.show(at: 1.5) == Self.i)
        // It expires at 3: the title comes back down from above.
        #expect(bench.show(at: 3.25) == art("#.#.....", "#.#.....", "........", "#.......", "#......."))
        #expect(bench.show(at: 3.5) == Self.h)
    }

    @Test func theLyricIsNeverLateForAnotherScreenMoving() {
        // A line sung from 1 s to 3 s takes the panel from the title with a slide; once the slide is over, the
        // sweep is where it would be had the panel cut.
        let lyrics = SceneTests.lyrics("[00:01.00]HI\n[00:03.00]\n")
        var moving = Self.bench(.slideLeft, for: .lyric)
        var cutting = Self.bench(.cut, for: .lyric)
        moving.send([.title("W"), lyrics, .play], at: 0)
        cutting.send([.title("W"), lyrics, .play], at: 0)
        for instant in stride(from: 1.5, through: 2.9, by: 0.1) {
            #expect(moving.show(at: instant) == cutting.show(at: instant), "at \(instant) s")
        }
        // Within the slide, the new screen's columns are the sweep's as drawn then.
        let sliding = moving.show(at: 1.2)
        let cut = cutting.show(at: 1.2)
        #expect(sliding != cut)
        let slid = sliding.split(separator: "\n").map { $0.suffix(4) }
        let swept = cut.split(separator: "\n").map { $0.prefix(4) }
        #expect(slid == swept)
    }

    @Test func aLyricComingOutOfTheIdleScreenTakesTheLyricsEffect() {
        // Lyrics alone: between lines the idle screen (blank) shows; the idle screen fades, a lyric cuts.
        var bench = Self.bench(.fade, for: .idle)
        bench.send([SceneTests.lyrics("[00:01.00]HI\n[00:03.00]\n"), .play], at: 0)
        // At its first instant the line is there whole, at rest, the sweep about to start.
        #expect(bench.show(at: 1) == art("+.+.+...", "+++.+...", "+.+.+...", "+.+.+...", "........"))
    }

    @Test func aCrossfadeOnAColourPanelMixesTheColours() {
        let red = ColorSceneTests.red
        let blue = ColorSceneTests.blue
        let palette = { (palette: inout Palette) in
            palette[.title] = red
            palette[.message] = blue
        }
        var bench = ColorSceneTests.Bench(width: 8, palette: palette) {
            $0.template = try! NowPlayingTemplate("{title}")
            $0.transitions = TransitionStyle(duration: .seconds(1), effects: [.message: .crossfade])
        }
        bench.send([.title("I"), .play], at: 0)
        bench.send([.message("I", duration: .seconds(5), priority: .normal)], at: 1)
        _ = bench.show(at: 1.5, [:])
        let mixed = bench.image[0, 0]
        #expect(mixed.red > 100 && mixed.red < 155 && mixed.blue > 100 && mixed.blue < 155 && mixed.green == 0)
        _ = bench.show(at: 2, [:])
        #expect(bench.image[0, 0] == blue)
    }

    @Test func aPageSetJustAfterATurnBeganWaitsForTheNextTurn() {
        var bench = Self.pagedBench()
        bench.send([.page(IdlePage(name: "h", text: "H"))], at: 0)
        // Turns of 4 s: the idle text, the page, the idle text from 8. A page set 40 ms into that turn must not
        // put another page up for the rest of it; it follows in the next.
        bench.send([.page(IdlePage(name: "o", text: "O"))], at: 8.04)
        for instant in stride(from: 8.04, to: 12, by: 0.5) {
            #expect(bench.show(at: instant) == Self.i, "at \(instant) s")
        }
        #expect(bench.show(at: 12) == Self.h)
        #expect(bench.show(at: 16) == Self.o)
        #expect(bench.show(at: 20) == Self.i)
    }

    static let o = art("###.....", "#.#.....", "#.#.....", "###.....", "........")

    /// An idle screen showing the text "I" at once, pages taking turns with it every 4 s.
    static func pagedBench() -> Bench {
        Bench(width: 8) {
            $0.idle = .text
            $0.idleText = "I"
            $0.idleAfter = .zero
            $0.pageTime = .seconds(4)
        }
    }

    @Test func aPageExpiringDuringATurnLeavesItAloneUnlessItIsThePageShown() {
        var bench = Self.pagedBench()
        bench.send([.page(IdlePage(name: "o", text: "O", lifetime: .seconds(4.04)))], at: 0)
        bench.send([.page(IdlePage(name: "h", text: "H"))], at: 0)
        // The idle text until 4, "O" from 4; it expires at 4.04, and "H" takes its place for a whole turn.
        #expect(bench.show(at: 4.01) == Self.o)
        #expect(bench.show(at: 4.05) == Self.h)
        #expect(bench.show(at: 8.02) == Self.h)
        #expect(bench.show(at: 8.05) == Self.i)
        // A page expiring in another page's turn changes nothing until that turn ends.
        var other = Self.pagedBench()
        other.send([.page(IdlePage(name: "h", text: "H"))], at: 0)
        other.send([.page(IdlePage(name: "o", text: "O", lifetime: .seconds(4.04)))], at: 0)
        #expect(other.show(at: 4.01) == Self.h)
        #expect(other.show(at: 4.05) == Self.h)
        #expect(other.show(at: 8) == Self.i)
        #expect(other.show(at: 12) == Self.h)
    }
}
