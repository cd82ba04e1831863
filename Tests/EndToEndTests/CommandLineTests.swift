import Glibc
import Testing
import TickerTestSupport

/// What the programs say on their command lines: configuration checks and feed writes with nobody reading.
@Suite struct CommandLineTests {
    @Test func checkConfigListsEveryProblemWithFileAndLineAndExitsOne() async throws {
        let rig = try Rig()
        let bad = try rig.file(
            "bad.conf",
            """
            [panel]
            width = 2000
            fps = 30
            fps = 60
            [marquee]
            sped = 40
            [layout]
            zones = split
            [panel]
            height = 8
            """)
        let check = try rig.tickerd(["--check-config", "--config", bad])
        #expect(try await rig.exit(of: check) == .exited(1))
        let problems = check.lines.filter { $0.hasPrefix("tickerd: error: \(bad):") }
        #expect(problems.contains { $0.hasPrefix("tickerd: error: \(bad):2:") && $0.contains("'2000'") })
        #expect(problems.contains { $0.hasPrefix("tickerd: error: \(bad):4:") && $0.contains("duplicate key 'fps'") })
        #expect(problems.contains { $0.hasPrefix("tickerd: error: \(bad):6:") && $0.contains("'sped'") })
        #expect(problems.contains { $0.contains("zones") && $0.contains("split") }, "the combination is checked too")
        #expect(problems.count == 4, "one problem a line:\n\(check.lines.joined(separator: "\n"))")
        #expect(check.outputText.isEmpty)
    }

    @Test func checkConfigAcceptsAGoodFileAndExitsZero() async throws {
        let rig = try Rig()
        let good = try rig.file("good.conf", "[panel]\nwidth = 96\nheight = 16\n[marquee]\nspeed = 40\n")
        let check = try rig.tickerd(["--check-config", "--config", good])
        #expect(try await rig.exit(of: check) == .exited(0))
        #expect(check.outputText.contains("\(good): configuration is valid"))
        #expect(check.lines.isEmpty)
    }

    @Test(arguments: ["a FIFO nobody reads", "a path that does not exist"])
    func sendWithoutADaemonFailsClearlyWithStatusOne(_ situation: String) async throws {
        let rig = try Rig()
        let feed = rig.path("feed")
        if situation == "a FIFO nobody reads" {
            guard mkfifo(feed, 0o600) == 0 else { throw TestFailure("mkfifo: \(String(cString: strerror(errno)))") }
        }
        let send = try rig.tickerctl(["send", "--feed", feed, "title Hello"])
        #expect(try await rig.exit(of: send) == .exited(1))
        let said = send.lines.joined(separator: "\n")
        #expect(said.contains("tickerctl: error:"))
        #expect(said.contains("'\(feed)'"))
        #expect(
            said.contains(situation == "a FIFO nobody reads" ? "no tickerd is reading" : "does not exist"), "\(said)")
    }
}
