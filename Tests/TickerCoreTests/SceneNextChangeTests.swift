import Testing

@testable import TickerCore

@Suite struct SceneNextChangeTests {
    /// Feed commands arriving at an instant.
    struct Arrival {
        var at: Duration
        var commands: [FeedCommand]
    }

    /// What drawing only when `nextChange` says gave, against drawing every frame.
    struct Outcome {
        var mismatch: String?
        var renders = 0
        var ticks = 0
    }

    /// Plays `arrivals` for `seconds` at `fps` twice: once drawing every frame on the grid, once drawing only
    /// on the frames where the scene said its picture may change; both also draw at each arrival's own
    /// instant, off the grid, as the daemon draws new input at once. Every frame of the second must equal the
    /// first; the first frame that does not is described.
    static func play(
        width: Int, height: Int, depth: PixelDepth, color: Bool = false, style: SceneStyle, arrivals: [Arrival],
        seconds: Int, fps: Int = 60
    ) -> Outcome {
        var state = PlayerState()
        var reference = Scene(width: width, height: height, depth: depth, color: color, style: style)
        var driven = Scene(width: width, height: height, depth: depth, color: color, style: style)
        var expected = Frame(width: width, height: height, depth: depth)
        var shown = Frame(width: width, height: height, depth: depth)
        var expectedColours = RGBFrame(width: width, height: height)
        var shownColours = RGBFrame(width: width, height: height)
        var pending = arrivals.sorted { $0.at < $1.at }[...]
        var due: Duration? = .zero
        var outcome = Outcome()
        func differs(at instant: Duration, _ what: String) -> Bool {
            if color {
                reference.colorize(expected, into: &expectedColours)
                driven.colorize(shown, into: &shownColours)
                if shownColours != expectedColours {
                    outcome.mismatch = "at \(instant / .seconds(1)) s (\(what)) the colours differ"
                    return true
                }
            }
            guard shown.bytes != expected.bytes else { return false }
            let seconds = instant / .seconds(1)
            outcome.mismatch = "at \(seconds) s (\(what)) drew\n\(shown.asciiArt)\nexpected\n\(expected.asciiArt)"
            return true
        }
        for tick in 0..<(seconds * fps) {
            let now = Duration.seconds(tick) / fps
            while let arrival = pending.first, arrival.at <= now {
                for command in arrival.commands { state.apply(command, at: arrival.at) }
                reference.observe(state, at: arrival.at)
                driven.observe(state, at: arrival.at)
                reference.render(state, at: arrival.at, into: &expected)
                driven.render(state, at: arrival.at, into: &shown)
                outcome.renders += 1
                due = driven.nextChange(state, after: arrival.at)
                pending = pending.dropFirst()
                if differs(at: arrival.at, "an arrival, before tick \(tick)") { return outcome }
            }
            reference.render(state, at: now, into: &expected)
            if let instant = due, now >= instant {
                driven.render(state, at: now, into: &shown)
                outcome.renders += 1
                due = driven.nextChange(state, after: now)
            }
            outcome.ticks += 1
            if differs(at: now, "tick \(tick)") { return outcome }
        }
        return outcome
    }

    static let builtin = FontChain([.builtin])

    static func demo(at start: Duration = .zero) -> [Arrival] {
        [Arrival(at: start, commands: DemoTrack.commands)]
    }

    struct Case: CustomTestStringConvertible, Sendable {
        var name: String
        var width: Int
        var height: Int
        var depth: PixelDepth
        var color = false
        var style: SceneStyle
        var arrivals: [Arrival]
        var seconds: Int
        var testDescription: String { name }
    }

    static let cases: [Case] = {
        var split = SceneStyle(arrangement: .split, fonts: builtin, marquee: MarqueeStyle(fadeEdges: true))
        split.idleAfter = .seconds(2)
        var single = SceneStyle(fonts: builtin)
        single.karaoke.restStyle = .dither
        var bounce = SceneStyle(
            arrangement: .split, fonts: builtin,
            marquee: MarqueeStyle(speed: 23, pause: 0.7, gap: 5, bounce: true, laps: 3))
        bounce.karaoke.wrap = false
        var right = SceneStyle(fonts: builtin, marquee: MarqueeStyle(speed: 47, pause: 0.3, direction: .right, laps: 2))
        right.idle = .text
        right.idleText = "Nothing is playing right now, back soon"
        right.idleAfter = .seconds(1)
        var reduced = SceneStyle(arrangement: .split, fonts: builtin)
        reduced.marquee.reducedMotion = true
        reduced.karaoke.reducedMotion = true
        var paged = SceneStyle(fonts: builtin)
        paged.karaoke.reducedMotion = true
        var offset = SceneStyle(arrangement: .split, fonts: builtin)
        var pagedIdle = SceneStyle(fonts: builtin, marquee: MarqueeStyle(fadeEdges: true))
        pagedIdle.idle = .text
        pagedIdle.idleText = "Nothing plays"
        pagedIdle.idleAfter = .seconds(1)
        pagedIdle.pageTime = .milliseconds(2_300)
        // The track stops; pages come, are replaced, removed and expire, while messages come and go over them.
        let pages = [
            Arrival(at: .milliseconds(4_321), commands: [.stop]),
            Arrival(at: .milliseconds(4_400), commands: [.page(IdlePage(name: "weather", text: "Sunny 21°"))]),
            Arrival(
                at: .milliseconds(6_017),
                commands: [
                    .page(IdlePage(name: "train", text: "Next train 7:42 to Bern, platform 4", lifetime: .seconds(7)))
                ]),
            Arrival(
                at: .milliseconds(9_876), commands: [.message("Doorbell", duration: .seconds(2), priority: .high)]),
            Arrival(at: .milliseconds(12_345), commands: [.page(IdlePage(name: "weather", text: "Rain 12°"))]),
            Arrival(
                at: .milliseconds(15_001),
                commands: [.page(IdlePage(name: "indoor", text: "22.5°", lifetime: .milliseconds(3_333)))]),
            Arrival(at: .milliseconds(21_500), commands: [.pageRemove("weather")]),
            Arrival(at: .milliseconds(24_000), commands: [.play]),
            Arrival(at: .milliseconds(27_000), commands: [.stop]),
        ]
        offset.lyricsOffset = .milliseconds(-230)
        let messages = [
            Arrival(
                at: .milliseconds(2_345),
                commands: [.message("Doorbell at the front", duration: .seconds(3), priority: .high)]),
            Arrival(at: .milliseconds(3_001), commands: [.message("Low", duration: .seconds(7), priority: .low)]),
            Arrival(at: .milliseconds(17_777), commands: [.pause]),
            Arrival(at: .milliseconds(19_111), commands: [.play]),
        ]
        let stopping = [Arrival(at: .milliseconds(9_050), commands: [.stop])]
        // The now-playing line changes while a message hides it: it starts its lap when the message ends.
        let hidden = [
            Arrival(
                at: .milliseconds(2_345), commands: [.message("Doorbell", duration: .seconds(2), priority: .high)]),
            Arrival(at: .milliseconds(3_456), commands: [.artist("A band whose name is far too long to fit")]),
        ]
        let hebrew = [
            Arrival(
                at: .milliseconds(5),
                commands: [
                    .title("שלום עולם, זהו שיר ארוך מאוד על הלילה"),
                    .lyrics(
                        Lyrics.parse(
                            "[00:02.00]<00:02.00>שלום <00:03.00>עולם <00:04.50>גדול<00:05.00>\n"
                                + "[00:09.00]שורה בלי זמני מילים ארוכה מאוד מאוד\n[00:20.00]שורה\n[00:24.00]\n")),
                    .play,
                ]),
            Arrival(
                at: .milliseconds(13_100),
                commands: [.message("הודעה ארוכה מאוד מאוד", duration: .seconds(3), priority: .high)]),
        ]
        var smallBar = SceneStyle(fonts: FontChain([.small]))
        smallBar.idleAfter = .seconds(3)
        var ownRow = SceneStyle(arrangement: .split, fonts: builtin, marquee: MarqueeStyle(fadeEdges: true))
        ownRow.progress = .row
        let seeks = [
            Arrival(at: .milliseconds(4_321), commands: [.position(.milliseconds(30_123))]),
            Arrival(at: .milliseconds(6_001), commands: [.pause]),
            Arrival(at: .milliseconds(7_503), commands: [.play]),
            Arrival(at: .milliseconds(9_999), commands: [.position(.milliseconds(2_500)), .duration(.seconds(17))]),
            Arrival(at: .milliseconds(12_345), commands: [.title("A new track, its bar starts again")]),
            Arrival(at: .milliseconds(12_346), commands: [.duration(.milliseconds(9_876)), .play]),
        ]
        var icons = SceneStyle(fonts: builtin, marquee: MarqueeStyle(fadeEdges: true))
        icons.icons = IconStyle()
        icons.icons?[.message] = "blink"
        var splitIcons = split
        splitIcons.icons = IconStyle()
        let pictures = [Arrival(at: .milliseconds(1), commands: [.picture(SceneIconTests.blinking)])]
        let iconMessages = [
            Arrival(
                at: .milliseconds(4_321),
                commands: [.message("Bell", duration: .seconds(4), priority: .normal, icon: "bell")]),
            Arrival(
                at: .milliseconds(9_999), commands: [.message("Tea is ready", duration: .seconds(5), priority: .low)]),
            Arrival(at: .milliseconds(12_345), commands: [.pause]),
            Arrival(at: .milliseconds(14_001), commands: [.play]),
        ]
        var covered = SceneStyle(arrangement: .split, fonts: builtin, marquee: MarqueeStyle(fadeEdges: true))
        covered.cover = .left
        covered.progress = .row
        covered.idle = .text
        covered.idleText = "Nothing plays"
        covered.idleAfter = .seconds(2)
        let cover = SceneCoverTests.cross
        // Covers come with tracks (before and after their titles), go with them, are removed and come back,
        // while messages, seeks and the idle screen come and go.
        let covers = [
            Arrival(at: .milliseconds(1), commands: [.picture(cover)]),
            Arrival(at: .milliseconds(5_432), commands: [.message("Doorbell", duration: .seconds(3), priority: .high)]),
            Arrival(at: .milliseconds(9_001), commands: [.title("Another track, with a long title to scroll")]),
            Arrival(at: .milliseconds(9_777), commands: [.picture(SceneCoverTests.picture(["#+", "+#"]))]),
            Arrival(at: .milliseconds(14_000), commands: [.pictureRemove(FeedPicture.coverName)]),
            Arrival(at: .milliseconds(15_500), commands: [.picture(cover), .title("Third")]),
            Arrival(at: .milliseconds(18_250), commands: [.stop]),
            Arrival(at: .milliseconds(19_000), commands: [.message("Tea", duration: .seconds(4), priority: .low)]),
            Arrival(at: .milliseconds(25_000), commands: [.play]),
            Arrival(at: .milliseconds(27_345), commands: [.clear]),
        ]
        // Every effect, and changes that come during a transition.
        func moving(_ style: SceneStyle, _ effects: [ScreenChange: TransitionEffect], seconds: Double = 0.4)
            -> SceneStyle
        {
            var style = style
            style.transitions = TransitionStyle(duration: .seconds(seconds), effects: effects)
            return style
        }
        let slides: [ScreenChange: TransitionEffect] = [
            .title: .slideUp, .message: .slideDown, .page: .slideLeft, .idle: .slideRight, .lyric: .wipe,
        ]
        let fades: [ScreenChange: TransitionEffect] = [
            .title: .crossfade, .message: .fade, .page: .crossfade, .idle: .fade, .lyric: .slideLeft,
        ]
        // A new title every 3 s, some while a transition is under way, and messages over them.
        let titles = (1...9).map { index in
            Arrival(at: .milliseconds(3_000 * index + 17), commands: [.title("Track number \(index) of the night")])
        }
        let crowded = [
            Arrival(
                at: .milliseconds(6_217), commands: [.message("Bell", duration: .milliseconds(900), priority: .normal)]),
            Arrival(at: .milliseconds(6_400), commands: [.message("Ring", duration: .seconds(2), priority: .high)]),
            Arrival(
                at: .milliseconds(12_030), commands: [.message("Tea", duration: .milliseconds(2_300), priority: .low)]),
        ]
        var colorIcons = icons
        colorIcons.palette[.message] = RGB(red: 255, green: 64, blue: 0)
        colorIcons.palette[.title] = RGB(red: 0, green: 128, blue: 255)
        // Coloured and blinking messages and pages: a rainbow moves on a hue at a time, a blink hides and shows,
        // and on a grey panel each colour is a grey level, so both change the picture.
        let red = RGB(red: 255, green: 0, blue: 0)
        let blue = RGB(red: 0, green: 0, blue: 255)
        let looks = [
            Arrival(
                at: .milliseconds(2_345),
                commands: [
                    .message(
                        "Doorbell at the front door", duration: .seconds(4), priority: .high,
                        look: TextLook(fill: .rainbow, blink: .milliseconds(450)))
                ]),
            Arrival(at: .milliseconds(7_777), commands: [.stop]),
            Arrival(
                at: .milliseconds(8_100),
                commands: [
                    .page(
                        IdlePage(
                            name: "weather", text: "Sunny 21° and a light wind",
                            look: TextLook(fill: .gradient(red, blue), blink: .milliseconds(1_300)))),
                    .page(
                        IdlePage(
                            name: "train", text: "7:42",
                            look: TextLook(fill: .runs([.init(red, length: 2), .init(blue)])))),
                ]),
            Arrival(
                at: .milliseconds(14_001),
                commands: [
                    .message(
                        "Tea", duration: .seconds(3), priority: .low,
                        look: TextLook(fill: .rainbow))
                ]),
        ]
        return [
            Case(
                name: "single 64×8×2, transitions slide, pages, messages, titles every 3 s", width: 64, height: 8,
                depth: .two, style: moving(pagedIdle, slides), arrivals: demo(at: .milliseconds(7)) + pages,
                seconds: 34),
            Case(
                name: "single 48×8×2, transitions fade, titles every 3 s during messages", width: 48, height: 8,
                depth: .two, style: moving(SceneStyle(fonts: builtin), fades, seconds: 0.7),
                arrivals: demo(at: .milliseconds(7)) + titles + crowded, seconds: 32),
            Case(
                name: "single 32×8×1, transitions dithered, titles every 3 s", width: 32, height: 8, depth: .one,
                style: moving(right, fades), arrivals: demo() + titles + stopping + crowded, seconds: 32),
            Case(
                name: "split 128×16×4, transitions, messages, idle with text", width: 128, height: 16, depth: .four,
                style: moving(split, fades), arrivals: demo(at: .milliseconds(7)) + messages + crowded,
                seconds: 30),
            Case(
                name: "single 64×8 colour, icons, transitions, messages, titles", width: 64, height: 8,
                depth: .eight, color: true, style: moving(colorIcons, fades),
                arrivals: pictures + demo(at: .milliseconds(7)) + titles + messages + iconMessages, seconds: 32),
            Case(
                name: "single 64×8×4, rainbow and blinking messages, coloured pages", width: 64, height: 8,
                depth: .four, style: pagedIdle, arrivals: demo(at: .milliseconds(7)) + looks, seconds: 22),
            Case(
                name: "split 64×32×2, a cover at the left, covers come and go with tracks", width: 64, height: 32,
                depth: .two, style: covered, arrivals: covers + demo(at: .milliseconds(7)), seconds: 32),
            Case(
                name: "single 32×8×2, small font, progress bar, seeks, pauses, messages", width: 32, height: 8,
                depth: .two, style: smallBar, arrivals: demo(at: .milliseconds(7)) + seeks + messages, seconds: 40),
            Case(
                name: "split 64×16×1, progress bar on a row of its own", width: 64, height: 16, depth: .one,
                style: ownRow, arrivals: demo(at: .milliseconds(3)) + seeks, seconds: 30),
            Case(
                name: "single 64×8×2, icons, an animated one on messages", width: 64, height: 8, depth: .two,
                style: icons, arrivals: pictures + demo(at: .milliseconds(7)) + messages + iconMessages, seconds: 46),
            Case(
                name: "split 128×16×2, icons, messages", width: 128, height: 16, depth: .two, style: splitIcons,
                arrivals: pictures + demo(at: .milliseconds(7)) + messages + iconMessages, seconds: 30),
            Case(
                name: "split 128×16×2, demo track, faded edges, messages", width: 128, height: 16, depth: .two,
                style: split, arrivals: demo(at: .milliseconds(7)) + messages, seconds: 46),
            Case(
                name: "split 128×16×2, demo track, the artist changes under a message", width: 128, height: 16,
                depth: .two, style: split, arrivals: demo(at: .milliseconds(7)) + hidden, seconds: 12),
            Case(
                name: "single 64×8×2, demo track, messages over the lyrics", width: 64, height: 8, depth: .two,
                style: SceneStyle(fonts: builtin), arrivals: demo(at: .milliseconds(7)) + messages, seconds: 46),
            Case(
                name: "single 32×8×1, demo track, dithered rest", width: 32, height: 8, depth: .one, style: single,
                arrivals: demo(), seconds: 45),
            Case(
                name: "split 96×16×4, bounce, three laps", width: 96, height: 16, depth: .four, style: bounce,
                arrivals: demo(at: .milliseconds(500)) + messages, seconds: 46),
            Case(
                name: "single 64×8×2, rightwards, two laps, stops and idles with text", width: 64, height: 8,
                depth: .two, style: right, arrivals: demo() + stopping, seconds: 20),
            Case(
                name: "split 128×16×8, reduced motion", width: 128, height: 16, depth: .eight, style: reduced,
                arrivals: demo() + messages, seconds: 45),
            Case(
                name: "split 80×16×2, lyrics offset", width: 80, height: 16, depth: .two, style: offset,
                arrivals: demo(at: .milliseconds(3)), seconds: 45),
            Case(
                name: "single 75×8×4, odd width, lyrics scroll at half columns", width: 75, height: 8, depth: .four,
                style: SceneStyle(fonts: builtin), arrivals: demo(at: .milliseconds(11)), seconds: 45),
            Case(
                name: "split 61×16×2, odd width, no wrapping", width: 61, height: 16, depth: .two, style: bounce,
                arrivals: demo(at: .milliseconds(11)), seconds: 45),
            Case(
                name: "single 40×8×2, reduced motion, long lyrics in pages", width: 40, height: 8, depth: .two,
                style: paged, arrivals: demo(at: .milliseconds(13)) + hebrew, seconds: 45),
            Case(
                name: "split 64×16×2, lyrics only, idle top zone", width: 64, height: 16, depth: .two, style: split,
                arrivals: [Arrival(at: .milliseconds(9), commands: [.lyrics(Lyrics.parse(DemoTrack.lyrics)), .play])],
                seconds: 40),
            Case(
                name: "single 64×8×2, idle text and pages in turn", width: 64, height: 8, depth: .two,
                style: pagedIdle, arrivals: demo(at: .milliseconds(7)) + pages, seconds: 34),
            Case(
                name: "single 48×8×2, right to left, faded edges", width: 48, height: 8, depth: .two,
                style: SceneStyle(fonts: builtin), arrivals: hebrew, seconds: 30),
            Case(
                name: "split 40×16×4, right to left, bounce", width: 40, height: 16, depth: .four, style: bounce,
                arrivals: hebrew, seconds: 30),
        ]
    }()

    @Test(arguments: cases)
    func drawingOnlyWhenThePictureChangesShowsEveryFrameOfDrawingOnEveryTick(_ test: Case) {
        let outcome = Self.play(
            width: test.width, height: test.height, depth: test.depth, color: test.color, style: test.style,
            arrivals: test.arrivals, seconds: test.seconds)
        #expect(outcome.mismatch == nil, "\(outcome.mismatch ?? "")")
        // It must also have slept: some frames were not drawn.
        #expect(outcome.renders < outcome.ticks, "drew \(outcome.renders) of \(outcome.ticks) frames")
    }

    @Test func aTitleThatFitsNeverChanges() {
        var scene = Scene(width: 128, height: 8, depth: .two, style: SceneStyle(fonts: Self.builtin))
        var state = PlayerState()
        state.apply(.title("Short"), at: .zero)
        state.apply(.play, at: .zero)
        scene.observe(state, at: .zero)
        #expect(scene.nextChange(state, after: .seconds(1)) == nil)
    }

    @Test func aBlankPanelNeverChanges() {
        var scene = Scene(
            width: 128, height: 16, depth: .two, style: SceneStyle(arrangement: .split, fonts: Self.builtin))
        let state = PlayerState()
        scene.observe(state, at: .zero)
        #expect(scene.nextChange(state, after: .seconds(100)) == nil)
    }

    @Test func aMessageChangesThePictureWhenItExpires() {
        var scene = Scene(width: 128, height: 8, depth: .two, style: SceneStyle(fonts: Self.builtin))
        var state = PlayerState()
        state.apply(.message("Hi", duration: .seconds(4), priority: .normal), at: .seconds(1))
        scene.observe(state, at: .seconds(1))
        #expect(scene.nextChange(state, after: .seconds(2)) == .seconds(5))
    }

    @Test func aMarqueeChangesAtItsNextWholeColumn() {
        let motion = Marquee(textWidth: 100, zoneWidth: 50, style: MarqueeStyle(speed: 30, pause: 1, gap: 20))
        // In the pause: the first column moves 1/30 s after it ends.
        let afterPause = motion.nextOffsetChange(after: .milliseconds(200)) ?? .zero
        // 1 ns (1e-9 s): the expected instant is computed in floating point here, the answer to the
        // attosecond; a column late by a frame would be 33 ms out.
        #expect(abs((afterPause - .seconds(1 + 1.0 / 30)) / .seconds(1)) < 1e-9)
        // Moving: 1.5 s in, the text has moved 15 columns; the 16th comes at 1 + 16/30 s.
        let moving = motion.nextOffsetChange(after: .milliseconds(1_500)) ?? .zero
        // 1 ns: as above.
        #expect(abs((moving - .seconds(1 + 16.0 / 30)) / .seconds(1)) < 1e-9)
        // Text that fits never moves.
        #expect(
            Marquee(textWidth: 40, zoneWidth: 50, style: MarqueeStyle()).nextOffsetChange(after: .seconds(3)) == nil)
        // After its last lap the text rests for good.
        let twice = Marquee(textWidth: 100, zoneWidth: 50, style: MarqueeStyle(speed: 30, pause: 1, gap: 20, laps: 2))
        #expect(twice.nextOffsetChange(after: twice.lapDuration * 2 + .milliseconds(100)) == nil)
    }

    @Test func theSweepIsReachedWhereItsWordsSayAndNeverLater() throws {
        let line = try #require(Lyrics.parse("[00:01.00]<00:01.00>ab <00:02.00>cd<00:03.00>\n[00:05.00]\n").lines.first)
        let spans = [0..<10, 12..<22]
        // Half way through the first word's pixels: half way through its time.
        #expect(line.sweepTime(reaching: 5, wordSpans: spans, lineWidth: 22) == .milliseconds(1_500))
        // The gap between the words is jumped at the second word's start.
        #expect(line.sweepTime(reaching: 11, wordSpans: spans, lineWidth: 22) == .seconds(2))
        #expect(line.sweepTime(reaching: 23, wordSpans: spans, lineWidth: 22) == nil)
        for time in stride(from: 1.0, to: 3.0, by: 0.013) {
            let pixels = line.sweepPixels(at: .seconds(time), wordSpans: spans, lineWidth: 22)
            guard pixels > 0, let reached = line.sweepTime(reaching: pixels, wordSpans: spans, lineWidth: 22) else {
                continue
            }
            // 1 ns: `.seconds(time)` of a Double is a rounding off the instant the pixels were computed at;
            // "never later" by more than that, and a late sweep would be milliseconds out.
            #expect(reached <= .seconds(time) + .nanoseconds(1), "at \(time) s")
        }
    }

    @Test func theSweepLooksDifferentAtEachGreyLevelAndWhereItScrolls() {
        // Rest at 1/3 of full on a 2-bit panel: the partly sung column shows level 1, 2 or 3 as it is covered
        // less than 1/4, up to 3/4, or more, and the next column starts at the rest level, so whole columns do
        // not count; a line scrolling in a zone of odd width moves at half columns. On a step the picture
        // changes as soon as the head moves on: the next step is the next representable position.
        var head = 3.0
        var steps: [Double] = []
        for _ in 0..<7 {
            head = Karaoke.nextVisibleHead(
                after: head, restFraction: 1.0 / 3, maxLevel: 3, scrollPhase: 0.5, lineWidth: 20)
            steps.append(head)
        }
        let expected: [Double] = [3.25, 3.25, 3.5, 3.5, 3.75, 3.75, 4.25]
        #expect(zip(steps, expected).allSatisfy { abs($0 - $1) < 1e-9 }, "\(steps)")
        #expect(steps[1] > steps[0] && steps[3] > steps[2])
        // Without scrolling, only the levels.
        #expect(
            abs(
                Karaoke.nextVisibleHead(after: 3.3, restFraction: 1.0 / 3, maxLevel: 3, scrollPhase: nil, lineWidth: 20)
                    - 3.75) < 1e-9)
        // Columns without lit pixels (a space) look the same however much of them is sung.
        let blank = Karaoke.nextVisibleHead(
            after: 3.3, restFraction: 1.0 / 3, maxLevel: 3, scrollPhase: nil, lineWidth: 20
        ) { $0 != 3 && $0 != 4 }
        #expect(abs(blank - 5.25) < 1e-9)
        // Dithered: whole columns and the half column.
        #expect(Karaoke.nextVisibleHead(after: 3.2, restFraction: nil, maxLevel: 1, lineWidth: 20) == 3.5)
        #expect(Karaoke.nextVisibleHead(after: 3.7, restFraction: nil, maxLevel: 1, lineWidth: 20) == 4)
    }
}
