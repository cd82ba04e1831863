import Testing

@testable import TickerCore

/// The daemon's decisions on a manual clock: instants are `Duration`s from an origin of 1000 s.
@Suite struct DaemonMachineTests {
    static let origin: Duration = .seconds(1_000)
    static let frame = Duration.seconds(1) / 60

    static func ms(_ value: Int64) -> Duration { origin + .milliseconds(value) }

    static func scene(width: Int = 64, height: Int = 8, style: (inout SceneStyle) -> Void = { _ in }) -> Scene {
        var sceneStyle = SceneStyle(fonts: FontChain([.builtin]))
        style(&sceneStyle)
        return Scene(width: width, height: height, depth: .two, style: sceneStyle)
    }

    static func machine(
        _ scene: Scene = scene(), _ configure: (inout DaemonMachine.Configuration) -> Void = { _ in }
    ) -> DaemonLoop {
        var configuration = DaemonMachine.Configuration(framesPerSecond: 60)
        configure(&configuration)
        return DaemonLoop(scene: scene, configuration: configuration, at: origin)
    }

    static func bytes(_ lines: String...) -> [UInt8] { Array(lines.map { $0 + "\n" }.joined().utf8) }

    static func renders(_ actions: [DaemonMachine.Action]) -> [Duration] {
        actions.compactMap { if case .render(let at) = $0 { return at } else { return nil } }
    }

    /// Runs the machine as the daemon's loop would, from wake-up to wake-up, until `end`; returns the instants
    /// it woke at and those it drew at.
    static func run(_ machine: inout DaemonLoop, from start: Duration, until end: Duration) -> (
        wakes: [Duration], draws: [Duration]
    ) {
        var now = start
        var wakes: [Duration] = []
        var draws: [Duration] = []
        while now < end {
            wakes.append(now)
            draws += renders(machine.wake(at: now, linkDeadline: nil))
            now = machine.nextWake(after: now, linkDeadline: nil)
        }
        return (wakes, draws)
    }

    /// The machine alone, without a renderer: it tells the renderer of each change of the state at the instant
    /// it happened, and asks for a drawing when the renderer's outlook says the picture changes.
    @Test func theRendererHearsOfInputAtTheInstantItIsReadAndSaysWhenThePictureChanges() {
        var machine = DaemonMachine(configuration: .init(framesPerSecond: 60), at: Self.origin)
        let still = PictureOutlook(nextChange: nil, isQuiet: true)
        #expect(Self.renders(machine.wake(at: Self.origin, picture: still, linkDeadline: nil)) == [Self.origin])
        #expect(machine.feed(Self.bytes("title A", "titel B"), at: Self.ms(20)).last == .observe(at: Self.ms(20)))
        #expect(Self.renders(machine.wake(at: Self.ms(21), picture: still, linkDeadline: nil)) == [Self.ms(21)])
        // The picture changes at 100 ms: the grid instant at or after it draws.
        let moving = PictureOutlook(nextChange: Self.ms(100), isQuiet: false)
        let next = machine.nextWake(after: Self.ms(21), picture: moving, linkDeadline: nil)
        #expect(next == machine.grid.ceiling(Self.ms(100)))
        #expect(Self.renders(machine.wake(at: next - .nanoseconds(1), picture: moving, linkDeadline: nil)).isEmpty)
        #expect(Self.renders(machine.wake(at: next, picture: moving, linkDeadline: nil)) == [next])
    }

    @Test func theDemoStartsAtTheOriginAndTheFirstWakeUpTellsTheRenderer() {
        var machine = DaemonMachine(configuration: .init(framesPerSecond: 60, demo: true), at: Self.origin)
        let actions = machine.wake(
            at: Self.ms(3), picture: PictureOutlook(nextChange: nil, isQuiet: true), linkDeadline: nil)
        #expect(actions.prefix(2) == [.observe(at: Self.origin), .render(at: Self.origin)])
    }

    @Test func drawsAtOnceThenSleepsAMinuteOnABlankPanel() {
        var machine = Self.machine()
        let actions = machine.wake(at: Self.origin, linkDeadline: nil)
        #expect(actions == [.render(at: Self.origin), .serviceLink(at: Self.origin), .sendStatus])
        // Nothing moves: the next wake-up is the quiet status a minute later.
        #expect(machine.nextWake(after: Self.origin, linkDeadline: nil) == Self.origin + .seconds(60))
    }

    @Test func feedInputIsDrawnAtOnceAndTheMotionAfterItOnTheGrid() {
        var machine = Self.machine(Self.scene { $0.marquee = MarqueeStyle(speed: 30, pause: 0.1, fadeEdges: false) })
        _ = machine.wake(at: Self.origin, linkDeadline: nil)
        let read = Self.ms(20)
        let title = Self.bytes("title A title far wider than sixty-four columns of panel", "play")
        #expect(machine.feed(title, at: read).isEmpty)
        // The loop wakes at once for the input: the frame that shows it is drawn and sent then, off the grid.
        let actions = machine.wake(at: read + .microseconds(70), linkDeadline: nil)
        #expect(Self.renders(actions) == [read + .microseconds(70)])
        #expect(actions.contains(.serviceLink(at: read + .microseconds(70))))
        // More input in the same frame of the grid is drawn at once too: no least time between two frames.
        _ = machine.feed(Self.bytes("artist Someone"), at: Self.ms(25))
        #expect(Self.renders(machine.wake(at: Self.ms(25), linkDeadline: nil)) == [Self.ms(25)])
        // A wake-up without input (a reply from the device) draws nothing off the grid.
        #expect(Self.renders(machine.wake(at: Self.ms(26), linkDeadline: nil)).isEmpty)
        // The marquee that moves after it is drawn on the grid again.
        let next = machine.nextWake(after: Self.ms(26), linkDeadline: nil)
        #expect(machine.grid.floor(next) == next)
        let (_, draws) = Self.run(&machine, from: next, until: Self.ms(2_000))
        #expect(draws.count > 30, "\(draws.count) draws")
        #expect(draws.allSatisfy { machine.grid.floor($0) == $0 }, "\(draws.filter { machine.grid.floor($0) != $0 })")
    }

    @Test func aMarqueeAtThirtyPixelsASecondWakesEveryOtherFrame() {
        var machine = Self.machine(Self.scene { $0.marquee = MarqueeStyle(speed: 30, pause: 1, fadeEdges: false) })
        _ = machine.wake(at: Self.origin, linkDeadline: nil)
        _ = machine.feed(Self.bytes("title A title far wider than sixty-four columns of panel", "play"), at: Self.ms(7))
        let (wakes, draws) = Self.run(&machine, from: Self.origin + Self.frame, until: Self.origin + .seconds(5))
        // A second of pause, then a column every 1/30 s: about 30 draws a second, all on the grid.
        #expect((115...125).contains(draws.count), "\(draws.count) draws")
        #expect(wakes.count <= draws.count + 10, "\(wakes.count) wake-ups")
        #expect(draws.allSatisfy { machine.grid.floor($0) == $0 })
        // During the pause it slept.
        #expect(draws.filter { $0 > Self.origin + Self.frame && $0 < Self.ms(1_000) }.isEmpty, "\(draws.prefix(3))")
    }

    @Test func watchdogPingsEveryHalfIntervalOnTheGrid() {
        var machine = Self.machine { $0.watchdogInterval = .milliseconds(200) }
        var pings: [Duration] = []
        var now = Self.origin
        while now < Self.ms(1_000) {
            if machine.wake(at: now, linkDeadline: nil).contains(.petWatchdog) { pings.append(now) }
            now = machine.nextWake(after: now, linkDeadline: nil)
        }
        #expect(pings.count == 10, "\(pings)")
        #expect(
            zip(pings, pings.dropFirst()).allSatisfy { $1 - $0 >= .milliseconds(100) && $1 - $0 < .milliseconds(117) })
    }

    @Test func statusComesOnceASecondWhileThePictureChangesAndOnceAMinuteWhenItDoesNot() {
        var machine = Self.machine(Self.scene { $0.marquee = MarqueeStyle(speed: 30, pause: 0, laps: 2) })
        _ = machine.feed(Self.bytes("title A title far wider than sixty-four columns of panel"), at: Self.origin)
        var statuses: [Duration] = []
        var now = Self.origin
        while now < Self.origin + .seconds(200) {
            if machine.wake(at: now, linkDeadline: nil).contains(.sendStatus) { statuses.append(now) }
            now = machine.nextWake(after: now, linkDeadline: nil)
        }
        let moving = statuses.filter { $0 < Self.origin + .seconds(10) }
        let still = statuses.filter { $0 > Self.origin + .seconds(20) }
        #expect(moving.count >= 5, "\(moving)")
        #expect((2...4).contains(still.count), "\(still)")
    }

    @Test func logsTenFeedProblemsAMinuteAndSaysHowManyItSkipped() {
        var machine = Self.machine()
        let bad = Self.bytes(Array(repeating: "titel x", count: 15).joined(separator: "\n"))
        let first = machine.feed(bad, at: Self.ms(10))
        #expect(first.count == 10)
        #expect(machine.feedProblems == 15)
        let later = machine.feed(Self.bytes("titel y"), at: Self.ms(61_000))
        #expect(later.count == 2)
        #expect(later.first == .log(.warning, "5 more feed errors in the last minute were not logged"))
    }

    @Test func theSummaryOfSkippedProblemsComesWhenTheMinuteEndsWithoutMoreInput() {
        var machine = Self.machine()
        _ = machine.wake(at: Self.origin, linkDeadline: nil)
        let bad = Self.bytes(Array(repeating: "titel x", count: 12).joined(separator: "\n"))
        _ = machine.feed(bad, at: Self.ms(10))
        var now = Self.ms(10)
        var summary: Duration?
        while summary == nil, now < Self.origin + .seconds(120) {
            now = machine.nextWake(after: now, linkDeadline: nil)
            let actions = machine.wake(at: now, linkDeadline: nil)
            if actions.contains(.log(.warning, "2 more feed errors in the last minute were not logged")) {
                summary = now
            }
        }
        #expect(
            summary.map { $0 >= Self.ms(60_010) && $0 < Self.ms(60_010) + .seconds(1) } == true,
            "\(String(describing: summary))")
        // Said once: the next problem opens a new minute and is logged.
        #expect(machine.feed(Self.bytes("titel z"), at: now + .seconds(1)).count == 1)
    }

    @Test func aStaleFragmentIsReportedWithoutMoreInput() {
        var machine = Self.machine()
        _ = machine.wake(at: Self.origin, linkDeadline: nil)
        _ = machine.feed(Array("title unfinis".utf8), at: Self.ms(5))
        let check = machine.nextWake(after: Self.ms(5), linkDeadline: nil)
        #expect(check > Self.ms(505) && check <= Self.ms(523))
        let actions = machine.wake(at: check, linkDeadline: nil)
        #expect(
            actions.contains { if case .log(.warning, let text) = $0 { text.contains("title unfinis") } else { false } }
        )
    }

    @Test func theLinksDeadlineWakesTheLoopOnTheGridToServiceIt() {
        var machine = Self.machine()
        _ = machine.wake(at: Self.origin, linkDeadline: Self.origin)
        // The link wants a keepalive at 1 s and 3 ms: the grid instant after it.
        let next = machine.nextWake(after: Self.origin, linkDeadline: Self.ms(1_003))
        #expect(next == machine.grid.instant(61))
        #expect(machine.wake(at: next, linkDeadline: Self.ms(1_003)) == [.serviceLink(at: next)])
        // A link still owed bytes is serviced on the very next frame.
        #expect(machine.nextWake(after: next, linkDeadline: .zero) == machine.grid.instant(62))
    }

    @Test func signalsBecomeReloadAndStop() {
        var machine = Self.machine()
        #expect(machine.received(.hangUp) == [.reload])
        #expect(machine.received(.terminate) == [.stop("SIGTERM")])
        #expect(machine.received(.interrupt) == [.stop("SIGINT")])
    }

    @Test func aReloadRedrawsOnTheNextInstant() {
        var machine = Self.machine()
        _ = machine.wake(at: Self.origin, linkDeadline: nil)
        machine.reload(scene: Self.scene(width: 32), configuration: .init(framesPerSecond: 30), at: Self.ms(40))
        let next = machine.nextWake(after: Self.ms(40), linkDeadline: nil)
        // The grid keeps its origin at its new pitch.
        #expect(next == Self.origin + .seconds(2) / 30)
        #expect(Self.renders(machine.wake(at: next, linkDeadline: nil)) == [next])
    }

    /// Runs a machine on the demo track as the daemon's loop would, beside the scene drawn on every instant
    /// of the grid and at every instant feed input is read: `input` holds the lines and when each is read, in
    /// order. The wake-up that follows input must draw at once, and at every grid instant and every input the
    /// picture the machine shows must be the scene's. Returns how many frames the machine drew, and over how
    /// many instants of the grid.
    static func demoAgainstTheScene(
        input: [(at: Duration, line: String)], until end: Duration
    ) -> (draws: Int, ticks: Int) {
        let scene = Self.scene(width: 128, height: 16) { style in
            style.arrangement = .split
            // A stopped track goes idle soon, where the feed's pages take turns with the idle text.
            style.idle = .text
            style.idleText = "Nothing plays"
            style.idleAfter = .seconds(2)
            style.pageTime = .milliseconds(1_900)
            // The progress bar on a row of its own, so that seeks, pauses and new tracks move it.
            style.progress = .row
            style.icons = IconStyle()
            // The cover at the left, which covers come into and go from.
            style.cover = .left
        }
        var machine = Self.machine(scene) { $0.demo = true }
        var reference = scene
        var state = PlayerState()
        for command in DemoTrack.commands { state.apply(command, at: Self.origin) }
        reference.observe(state, at: Self.origin)
        var shown = Frame(width: 128, height: 16, depth: .two)
        var expected = shown
        // What happened last, for the story of a failure.
        var story: [String] = []
        func showsTheScene(at instant: Duration, _ what: String) -> Bool {
            reference.render(state, at: instant, into: &expected)
            guard shown.bytes != expected.bytes else { return true }
            let after = story.suffix(4).joined(separator: ", ")
            Issue.record(
                "\(what) at \(instant - Self.origin), after \(after), drew\n\(shown.asciiArt)\nexpected\n\(expected.asciiArt)"
            )
            return false
        }
        var pending = input[...]
        var wake = Self.origin
        var draws = 0
        var tick: Int64 = 0
        while machine.grid.instant(tick) < end {
            let instant = machine.grid.instant(tick)
            if let (read, line) = pending.first, read < instant {
                pending = pending.dropFirst()
                // A line, or a picture block of several.
                let decoded = FeedCommand.decode(lines: line.split(separator: "\n").map(String.init))
                guard decoded.problems.isEmpty, decoded.commands.count == 1 else {
                    Issue.record("'\(line)' is no feed command: \(decoded.problems)")
                    return (draws, Int(tick))
                }
                state.apply(decoded.commands[0], at: read)
                reference.observe(state, at: read)
                let actions = machine.feed(Self.bytes(line), at: read) + machine.wake(at: read, linkDeadline: nil)
                guard Self.renders(actions) == [read] else {
                    Issue.record("'\(line)' read at \(read - Self.origin) was drawn at \(Self.renders(actions))")
                    return (draws, Int(tick))
                }
                shown = machine.picture.frame
                draws += 1
                story.append("'\(line)' read and drawn at \(read - Self.origin)")
                guard showsTheScene(at: read, "after '\(line)'") else { return (draws, Int(tick)) }
                wake = machine.nextWake(after: read, linkDeadline: nil)
                continue
            }
            if state.playbackPosition(at: instant) >= DemoTrack.duration {
                for command in DemoTrack.commands { state.apply(command, at: instant) }
                reference.observe(state, at: instant)
            }
            if instant == wake {
                for case .render(let at) in machine.wake(at: wake, linkDeadline: nil) {
                    shown = machine.picture.frame
                    draws += 1
                    story.append("drawn at \(at - Self.origin)")
                }
                wake = machine.nextWake(after: wake, linkDeadline: nil)
            }
            guard wake > instant, machine.grid.floor(wake) == wake else {
                Issue.record("after \(instant - Self.origin) the machine wakes at \(wake - Self.origin), off the grid")
                return (draws, Int(tick))
            }
            guard showsTheScene(at: instant, "on the grid") else { return (draws, Int(tick)) }
            tick += 1
        }
        #expect(pending.isEmpty, "\(pending.count) lines not read")
        return (draws, Int(tick))
    }

    @Test func theDemoDrawsWhatTheSceneDrawsOnEveryFrameAndStartsOverAtItsEnd() {
        let (draws, ticks) = Self.demoAgainstTheScene(input: [], until: Self.origin + DemoTrack.duration + .seconds(3))
        #expect(draws < ticks, "drew \(draws) of \(ticks) frames")
    }

    /// Messages, titles, seeks and pauses read at random instants, now and then several in one frame of the
    /// grid: each is drawn at the instant it is read, and the frames after it are those of drawing every frame.
    @Test(arguments: [1, 2, 3] as [UInt64])
    func feedInputIsDrawnWhenReadAsTheSceneDrawsItThenTheGridGoesOn(seed: UInt64) {
        var random = SplitMix(seed: seed)
        var input: [(at: Duration, line: String)] = []
        var read = Self.origin + .microseconds(300_000 + Int64(random.next(below: 1_000_000)))
        let end = Self.origin + .seconds(30)
        while read < end - .seconds(1) {
            input.append((read, DrawAheadTests.feedLine(&random, input.count)))
            let gap =
                random.next(below: 4) == 0 ? 500 + random.next(below: 8_000) : 200_000 + random.next(below: 2_000_000)
            read = read + .microseconds(Int64(gap))
        }
        let (draws, ticks) = Self.demoAgainstTheScene(input: input, until: end)
        #expect(input.count > 15, "\(input.count) lines")
        #expect(draws < ticks, "drew \(draws) of \(ticks) frames")
    }
}
