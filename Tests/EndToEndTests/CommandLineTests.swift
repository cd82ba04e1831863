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

    @Test func checkConfigWarnsOfTheReadmesFontChainOnAnEightRowPanel() async throws {
        let rig = try Rig()
        // GNU Unifont from Debian's xfonts-unifont, converted as the README says (scripts/deps.sh test).
        let unifont = rig.path("unifont.bdf")
        try Child.run("/usr/bin/pcf2bdf", ["-o", unifont, "/usr/share/fonts/X11/misc/unifont.pcf.gz"])
        let config = try rig.file(
            "chain.conf", "[panel]\nwidth = 64\nheight = 8\n[layout]\nfont = builtin, \(unifont)\n")
        let check = try rig.tickerd(["--check-config", "--config", config])
        #expect(try await rig.exit(of: check) == .exited(0))
        #expect(check.outputText.contains("\(config): configuration is valid"))
        let warnings = check.lines.filter { $0.hasPrefix("tickerd: warning: \(config): the fallback font") }
        #expect(warnings.count == 1, "\(check.lines)")
        #expect(warnings.first?.contains("is 16 rows tall and the panel 8") == true)
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

    @Test func renderWithTextAndLyricsShowsTheTitleBetweenLinesBackAtTheStartOfItsLap() async throws {
        let rig = try Rig()
        let lrc = try rig.file("song.lrc", "[00:01.00]HOW\n[00:03.00]\n[00:05.00]Next line here\n[00:07.00]\n")
        func render(at seconds: String) async throws -> String {
            let run = try rig.tickerctl(
                ["render", "--text", "A rather long title here", "--lyrics", lrc, "--size", "40x8", "--at", seconds])
            #expect(try await rig.exit(of: run) == .exited(0), "\(run.lines)")
            return run.outputText
        }
        let opening = try await render(at: "0")
        let sung = try await render(at: "2")
        #expect(sung != opening)
        // The line ended at 3 s: the title is back at the start of its lap and rests there for the pause.
        #expect(try await render(at: "3") == opening)
        #expect(try await render(at: "3.9") == opening)
        #expect(try await render(at: "4.5") != opening)
    }

    @Test func renderShowsALineTimedLyricSungAtThePaceAndHeldLit() async throws {
        let rig = try Rig()
        let lrc = try rig.file("hello.lrc", "[00:01.00]Hello world\n[00:31.00]Next line\n")
        func render(at seconds: String) async throws -> String {
            let run = try rig.tickerctl(["render", "--lyrics", lrc, "--size", "64x8", "--at", seconds])
            #expect(try await rig.exit(of: run) == .exited(0), "\(run.lines)")
            return run.outputText
        }
        // Sung from 1 s to 2.1 s (11 characters at 0.1 s), not over the 30 s until the next line.
        let half = try await render(at: "1.5")
        #expect(half.contains("#") && half.contains("+"), "half lit:\n\(half)")
        let held = try await render(at: "9")
        #expect(held.contains("#") && !held.contains("+"), "all lit:\n\(held)")
        #expect(try await render(at: "30.9") == held)
    }

    @Test func renderOfLyricsAloneOnASplitPanelShowsTheNextLineInABreak() async throws {
        let rig = try Rig()
        let lrc = try rig.file("song.lrc", "[00:01.00]HOW\n[00:03.00]\n[00:05.00]NEXT\n[00:07.00]\n")
        let run = try rig.tickerctl(["render", "--lyrics", lrc, "--size", "40x16", "--zones", "split", "--at", "4"])
        #expect(try await rig.exit(of: run) == .exited(0), "\(run.lines)")
        let rows = run.outputText.split(separator: "\n")
        #expect(rows.count == 16)
        #expect(rows.prefix(8).allSatisfy { $0.allSatisfy { $0 == "." } }, "an idle, blank top zone")
        #expect(rows.suffix(8).contains { $0.contains("+") }, "the next line at rest:\n\(run.outputText)")
    }
}
