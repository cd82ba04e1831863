import Glibc
import Testing
import TickerCore
import TickerTestSupport

@testable import TickerIO

/// The idle screen, end to end: the built daemon shows the clock and two pages from the feed in turn on a
/// pseudo-terminal panel, and sleeps between the changes.
@Suite struct IdleScreenTests {
    /// The voluntary context switches of every thread of process `pid` (`/proc/PID/task/*/status`): each time
    /// one went to sleep, which for the daemon's single thread is once per wake-up of its loop.
    static func voluntarySwitches(of pid: pid_t) throws -> Int {
        guard let directory = opendir("/proc/\(pid)/task") else { throw TestFailure("no /proc/\(pid)/task") }
        defer { closedir(directory) }
        var total = 0
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) {
                String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self)
            }
            guard name.first?.isNumber == true else { continue }
            let status = String(
                decoding: try Posix.readFile("/proc/\(pid)/task/\(name)/status", limit: 1 << 16), as: UTF8.self)
            for row in status.split(separator: "\n") where row.hasPrefix("voluntary_ctxt_switches:") {
                total += Int(row.split(separator: "\t").last ?? "") ?? 0
            }
        }
        return total
    }

    @Test func theClockAndTwoPagesWakeTheDaemonAtMostTwiceASecond() async throws {
        // Cuts: a transition moves the panel for its frames (see `tickerbench daemon --scene titles`).
        let stage = try await FeedStage(
            config: "[display]\nidle = clock\nclock-format = %a %H:%M\nidle-after = 1\npage-time = 2\n"
                + "[transitions]\nenabled = false\n")
        try await stage.send("page weather Sunny 21°", "page --for 600 train Next 7:42")
        let weather = stage.look.frame(after: ["text Sunny 21°"])
        let train = stage.look.frame(after: ["text Next 7:42"])
        try await stage.expect(weather, "the weather page")
        try await stage.expect(train, "the train page")
        // From here on, count the turns that bring the weather page back, and the daemon's wake-ups meanwhile.
        final class Turns: @unchecked Sendable {
            var weather = 0
            var last: [UInt8] = []
        }
        let turns = Turns()
        stage.panel.onEvent = { _, device in
            let bytes = device.framebuffer.bytes
            if bytes == weather.bytes, turns.last != bytes { turns.weather += 1 }
            turns.last = bytes
        }
        let before = try Self.voluntarySwitches(of: stage.daemon.pid)
        let start = ContinuousClock.now
        try await stage.rig.wait("the weather page to come back twice (each turn of three takes 6 s)") {
            turns.weather >= 2
        }
        let seconds = (ContinuousClock.now - start) / .seconds(1)
        let wakeUps = try Self.voluntarySwitches(of: stage.daemon.pid) - before
        let perSecond = Double(wakeUps) / seconds
        // 6 s: the two turns take 8 to 10 s (the train page's rest, then clock, weather, train, clock, 2 s
        // each); 2 s of margin for the test's own task resuming late after the train page, and a loaded
        // machine only makes the turns longer.
        #expect(seconds > 6, "two rounds of the clock and two pages, 2 s each, took \(seconds) s")
        // 2 a second: the behaviour under test. A turn every 2 s wakes the loop for its timer and for the
        // panel's replies, well under it; a loop woken on every frame (40 fps) would be 20 times over it. A
        // loaded machine adds preemptions (involuntary switches, not counted) and stretches `seconds`, which
        // only lowers the rate.
        #expect(perSecond <= 2, "\(wakeUps) wake-ups in \(seconds) s: \(perSecond) a second")
        stage.daemon.send(SIGTERM)
        #expect(try await stage.rig.exit(of: stage.daemon) == .exited(0))
    }

    @Test func renderPreviewsTheIdleClockAndAPageAtAWallTime() async throws {
        let rig = try Rig()
        func render(_ arguments: [String]) async throws -> String {
            let run = try rig.tickerctl(["render", "--size", "64x8"] + arguments)
            #expect(try await rig.exit(of: run) == .exited(0), "\(run.lines)")
            return run.outputText
        }
        let idle = [
            "--idle", "clock", "--clock-format", "%a %H:%M:%S", "--set", "display.clock-language=de", "--now",
            "2026-12-24T07:30", "--page", "weather=Sunny 21°", "--page-time", "4",
        ]
        // Thursday, in German; the clock moves on with the instant shown.
        #expect(try await render(idle + ["--at", "1.5"]) == (try await render(["--text", "Do 07:30:01"])))
        #expect(try await render(idle + ["--at", "5"]) == (try await render(["--text", "Sunny 21°"])))
        // 0.4 s after the turn at 8 s: the page has slid away.
        #expect(try await render(idle + ["--at", "8.5"]) == (try await render(["--text", "Do 07:30:08"])))
        // Over midnight into the next day.
        let late = ["--idle", "clock", "--clock-format", "%d.%m. %H:%M", "--now", "2026-12-31T23:59:59", "--at", "2"]
        #expect(try await render(late) == (try await render(["--text", "01.01. 00:00"])))
    }

    @Test(arguments: [
        (["--now", "2026-02-30T07:30"], "is not a local date and time"),
        (["--now", "2026-12-24 07:30"], "is not a local date and time"),
        (["--page", "weather"], "is not NAME=TEXT"),
        (["--page", "a.b=Sunny"], "bad page name 'a.b'"),
        (["--clock-format", "%H:%Q"], "unknown field '%Q' at character 4"),
    ])
    func renderRefusesBadIdleOptionsSayingWhy(_ arguments: [String], _ said: String) async throws {
        let rig = try Rig()
        let run = try rig.tickerctl(["render", "--idle", "clock"] + arguments)
        #expect(try await rig.exit(of: run) != .exited(0))
        #expect(run.lines.joined(separator: "\n").contains(said), "\(run.lines)")
    }
}
