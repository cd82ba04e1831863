import Testing

@testable import TickerCore

/// Frames drawn ahead of time are the frames drawn one at a time: two machines, one drawing 16 frames ahead and
/// one drawing each frame when it is due, live through the same wake-ups and the same feed input and must
/// decide, draw and colour the same. The input lands in the middle of what was drawn ahead (messages over the
/// marquee, new titles, seeks, pauses), and the loop sometimes wakes late, past a frame it should have drawn.
@Suite struct DrawAheadTests {
    static let origin: Duration = .seconds(1_000)
    static let gridStep = Duration.seconds(1) / 60

    /// A colour scene whose roles all have their own colour, so that every pixel's paint shows in its colour,
    /// with icons, the messages' an animated one (`blink`, which `pictureBlock` sends), and a cover at the left.
    static func scene() -> Scene {
        var style = SceneStyle(
            arrangement: .split, fonts: FontChain([.builtin]), marquee: MarqueeStyle(fadeEdges: true))
        style.icons = IconStyle()
        style.icons?[.message] = "blink"
        style.cover = .left
        let colors: [(ColorRole, RGB)] = [
            (.title, RGB(red: 255, green: 0, blue: 0)), (.artist, RGB(red: 0, green: 255, blue: 0)),
            (.sung, RGB(red: 0, green: 0, blue: 255)), (.rest, RGB(red: 90, green: 90, blue: 0)),
            (.message, RGB(red: 0, green: 90, blue: 90)), (.messageHigh, RGB(red: 200, green: 0, blue: 200)),
            (.progress, RGB(red: 255, green: 176, blue: 0)),
        ]
        style.progress = .row
        for (role, color) in colors { style.palette[role] = color }
        // A stopped track goes idle soon: the idle text and the pages take turns.
        style.idle = .text
        style.idleText = "Nothing plays"
        style.idleAfter = .milliseconds(1_500)
        style.pageTime = .milliseconds(1_700)
        return Scene(width: 128, height: 16, depth: .eight, color: true, style: style)
    }

    /// An animated 8 × 8 picture named `blink`: a lit row that walks down, a row every 70 ms to 130 ms.
    static let pictureBlock: String = {
        var lines = ["picture begin blink 8x8"]
        for frame in 0..<8 {
            let millis = 70 + frame * 9
            lines.append("frame 0.\(millis < 100 ? "0" : "")\(millis)")
            for row in 0..<8 { lines.append(String(repeating: row == frame ? "ffc000" : "000000", count: 8)) }
        }
        return (lines + ["picture end"]).joined(separator: "\n") + "\n"
    }()

    /// A 16 × 16 cover block, its colours and its lit square by `number`.
    static func coverBlock(_ number: Int) -> String {
        let colour = ["ff2000", "00c8ff", "ffb000", "8040ff"][number % 4]
        let rows = (0..<16).map { y in
            (0..<16).map { x in (x + number) % 16 < 6 && y > number % 8 ? colour : "101010" }.joined()
        }
        return (["picture begin cover 16x16"] + rows + ["picture end"]).joined(separator: "\n")
    }

    /// One of the feed lines the script sends, picked by `random`.
    static func feedLine(_ random: inout SplitMix, _ number: Int) -> String {
        switch random.next(below: 15) {
        case 0: "message --for \(1 + random.next(below: 3)) note \(number)"
        case 1: "message --for 2 --priority high alert \(number)"
        case 2: "title Track \(number) of a long evening, scrolling by"
        case 3: "position \(random.next(below: 40)).\(random.next(below: 10))"
        case 4: "pause"
        case 5: "play"
        case 6: "duration \(20 + random.next(below: 40)).\(random.next(below: 10))"
        case 7: "message --for 2 --icon bell ring \(number)"
        case 8: "stop"
        case 9: "page --for \(1 + random.next(below: 6)) p\(random.next(below: 3)) page \(number) says hello"
        case 10: "page --remove p\(random.next(below: 3))"
        // An animated icon, a built-in one, and a name no picture has (the page then shows without one).
        case 11:
            "page --icon \(["blink", "bell", "nothing"][random.next(below: 3)]) p\(random.next(below: 3)) icon \(number)"
        // A cover for the track (before or after its title), and none.
        case 12: coverBlock(number)
        case 13: "picture remove cover"
        default: "artist Band \(number)"
        }
    }

    @Test(arguments: [1, 2, 3, 4] as [UInt64])
    func framesDrawnAheadAreTheFramesDrawnOneAtATime(seed: UInt64) {
        var random = SplitMix(seed: seed)
        var machines = [16, 0].map { ahead in
            DaemonLoop(
                scene: Self.scene(), configuration: .init(framesPerSecond: 60, demo: true), at: Self.origin,
                framesDrawnAhead: ahead)
        }
        let block = FeedCommand.decode(lines: Self.pictureBlock.split(separator: "\n").map(String.init))
        #expect(block.problems.isEmpty && block.commands.count == 1, "\(block.problems)")
        for index in 0..<2 { _ = machines[index].feed(Array(Self.pictureBlock.utf8), at: Self.origin) }
        var frames = [Frame](repeating: Frame(width: 128, height: 16, depth: .eight), count: 2)
        var images = [RGBFrame](repeating: RGBFrame(width: 128, height: 16), count: 2)
        // Feed input about every 1.5 s, off the grid.
        var nextInput = Self.origin + .milliseconds(400 + Int64(random.next(below: 2_000)))
        var inputs = 0
        var draws = 0
        var now = Self.origin
        let end = Self.origin + DemoTrack.duration + .seconds(4)
        while now < end {
            var actions = [[DaemonMachine.Action]](repeating: [], count: 2)
            if nextInput <= now {
                let bytes = Array((Self.feedLine(&random, inputs) + "\n").utf8)
                for index in 0..<2 { actions[index] = machines[index].feed(bytes, at: nextInput) }
                inputs += 1
                nextInput = nextInput + .milliseconds(200 + Int64(random.next(below: 2_600)))
            }
            for index in 0..<2 {
                actions[index] += machines[index].wake(at: now, linkDeadline: nil)
                for case .render in actions[index] {
                    frames[index] = machines[index].picture.frame
                    images[index] = machines[index].picture.colors
                }
            }
            guard actions[0] == actions[1] else {
                Issue.record("at \(now - Self.origin) drawing ahead did \(actions[0]), one at a time \(actions[1])")
                return
            }
            if actions[0].contains(where: { if case .render = $0 { true } else { false } }) {
                draws += 1
                guard frames[0] == frames[1], images[0].bytes == images[1].bytes else {
                    let colours = frames[0] == frames[1] ? " (the same levels in other colours)" : ""
                    let shown = "drawn ahead\n\(frames[0].asciiArt)\none at a time\n\(frames[1].asciiArt)"
                    Issue.record("at \(now - Self.origin)\(colours) \(shown)")
                    return
                }
            }
            let next = machines[0].nextWake(after: now, linkDeadline: nil)
            guard next == machines[1].nextWake(after: now, linkDeadline: nil) else {
                Issue.record("at \(now - Self.origin) the two machines would wake at different instants")
                return
            }
            // The loop wakes a little after the instant it asked for, now and then a frame or three late, and
            // wakes at once for feed input.
            var wake = next + .microseconds(Int64(random.next(below: 300)))
            if random.next(below: 40) == 0 { wake = wake + Self.gridStep * (1 + random.next(below: 3)) }
            now = min(wake, max(nextInput, now + .nanoseconds(1)))
        }
        #expect(inputs > 20, "\(inputs) feed inputs")
        // Most frames came out of those drawn ahead; the rest were drawn after input, a late wake-up, or a
        // burst's end.
        #expect(machines[0].framesShownFromAhead * 2 > draws, "\(machines[0].framesShownFromAhead) of \(draws)")
        #expect(machines[1].framesShownFromAhead == 0)
    }
}
