import Glibc
import Testing
import TickerCore
import TickerIO
import TickerTestSupport

/// The daemon as a service: signals, systemd's notify socket and socket activation, played by the test
/// the way PID 1 would.
@Suite struct ServiceTests {
    @Test func reloadAppliesAValidConfigWithoutReopeningThePanelAndRefusesAnInvalidOne() async throws {
        let stage = try await FeedStage(config: "[display]\nnow-playing = {title}\n")
        let rig = stage.rig
        try await stage.send("artist Ada", "title Hi", "play")
        try await stage.expect(stage.look.frame(after: ["artist Ada", "title Hi", "play"]), "the title alone")

        // A valid change: the template now shows the artist.
        let artistOnly = FeedStage.panelConfig + "[display]\nnow-playing = {artist}\n"
        try rig.file("tickerd.conf", artistOnly)
        stage.daemon.send(SIGHUP)
        try await rig.line(of: stage.daemon, containing: "configuration reloaded")
        let reloaded = try Look(config: artistOnly)
        try await stage.expect(
            reloaded.frame(after: ["artist Ada", "title Hi", "play"]), "the artist alone after the reload")
        #expect(stage.daemon.lines(containing: "panel connected").count == 1)

        // An invalid file, which would also have changed the template back: refused, with file and line.
        let before = stage.daemon.lines.count
        try rig.file("tickerd.conf", artistOnly + "now-playing = {title}\n[marquee]\nsped = 40\n")
        stage.daemon.send(SIGHUP)
        let refusal = try await rig.line(of: stage.daemon, containing: "configuration not reloaded", after: before)
        #expect(refusal.contains("\(stage.configPath):8: duplicate key 'now-playing'"))
        // Every problem is reported, each on its own line with its file and line.
        let second = try await rig.line(of: stage.daemon, containing: "\(stage.configPath):10:", after: before)
        #expect(second.hasPrefix("tickerd: error: ") && second.contains("'sped'"), "\(second)")
        // The running template stays: a new artist shows alone.
        try await stage.send("artist Bo")
        try await stage.expect(
            reloaded.frame(after: ["artist Bo", "title Hi", "play"]), "the new artist under the kept template")
        #expect(stage.daemon.lines(containing: "panel connected").count == 1)
        #expect(stage.daemon.lines(containing: "panel disconnected").isEmpty)
    }

    @Test func sigtermBlanksThePanelAndExitsZero() async throws {
        let stage = try await FeedStage()
        try await stage.send("text Bye")
        try await stage.expect(stage.look.frame(after: ["text Bye"]), "'Bye'")
        let packets = stage.panel.events.count
        stage.daemon.send(SIGTERM)
        let end = try await stage.rig.exit(of: stage.daemon)
        #expect(end == .exited(0))
        try await stage.rig.wait("the blank packet") { stage.panel.kinds.dropFirst(packets).contains(.blank) }
        #expect(stage.panel.picture == stage.look.blank.asciiArt)
        #expect(stage.daemon.lines(containing: "stopping on SIGTERM").count == 1)
        // The daemon made the FIFO, so it removes it.
        #expect(access(stage.feed, F_OK) != 0)
    }

    @Test func sigtermLeavesAStateFileThatSaysTheDaemonStopped() async throws {
        let directory = try TemporaryDirectory()
        let stage = try await FeedStage(arguments: ["--set", "feed.state=\(directory.file("state.json"))"])
        let files = try stage.rig.watch(directory.path)
        try await stage.send("title Hi", "play")
        try await stage.rig.wait("the state file to say playing") {
            files.contents(of: "state.json").contains(#""state":"playing""#)
        }
        stage.daemon.send(SIGTERM)
        #expect(try await stage.rig.exit(of: stage.daemon) == .exited(0))
        let last = try StateSnapshot(json: Array(files.contents(of: "state.json").utf8))
        #expect(last.state == "stopped" && !last.playing && !last.panel && !last.running)
        #expect(last.title == "Hi", "the track stays, as the next daemon shows it again")
    }

    @Test(arguments: [true, false])
    func notifySocketGetsReadyStatusStoppingAndWatchdogPingsOnlyWhenAsked(watchdog: Bool) async throws {
        let rig = try Rig()
        let listener = try rig.notifySocket()
        let panel = try rig.panel(width: 64, height: 8, depth: 2)
        let feed = rig.path("feed")
        var environment = ["NOTIFY_SOCKET": listener.path]
        if watchdog { environment["WATCHDOG_USEC"] = "200000" }
        let daemon = try rig.tickerd(
            [
                "--feed", feed, "--device", panel.link, "--config", try rig.file("tickerd.conf", FeedStage.panelConfig),
                "--no-terminal",
            ],
            environment: environment)
        var fifoAtReady: Bool?
        try await rig.wait("READY=1") {
            if fifoAtReady == nil, listener.assignments.contains("READY=1") {
                var info = stat()
                fifoAtReady = lstat(feed, &info) == 0 && info.st_mode & S_IFMT == S_IFIFO
            }
            return fifoAtReady != nil
        }
        #expect(fifoAtReady == true, "READY=1 comes once the FIFO is open")
        // STATUS= follows the panel: it says so once the panel is connected.
        try await rig.wait("a STATUS= naming the connected panel") {
            listener.assignments.contains { $0.hasPrefix("STATUS=") && $0.contains("connected to") }
        }
        // While the picture changes (a line scrolls), STATUS= comes about once a second.
        let before = listener.assignments.count
        try await rig.feed(["text A line far too long for a panel of sixty-four columns, so it scrolls"], to: feed)
        try await rig.wait("two STATUS= while the line scrolls") {
            listener.assignments.dropFirst(before).filter { $0.hasPrefix("STATUS=") }.count >= 2
        }
        let pings = listener.assignments.filter { $0 == "WATCHDOG=1" }.count
        // Pings come every 100 ms, so the second or more before two updates holds well over three.
        #expect(watchdog ? pings >= 3 : pings == 0, "\(pings) watchdog pings")
        daemon.send(SIGTERM)
        #expect(try await rig.exit(of: daemon) == .exited(0))
        try await rig.wait("STOPPING=1") { listener.assignments.contains("STOPPING=1") }
        #expect(listener.assignments.last == "STOPPING=1")
    }

    @Test func socketActivatedFIFOOnFD3CarriesTheFeed() async throws {
        let rig = try Rig()
        let panel = try rig.panel(width: 64, height: 8, depth: 2)
        let fifo = rig.path("socket-fifo")
        guard mkfifo(fifo, 0o620) == 0 else { throw TestFailure("mkfifo: \(String(cString: strerror(errno)))") }
        let unused = rig.path("unused-feed")
        let config = try rig.file("tickerd.conf", FeedStage.panelConfig)
        // PID 1's part: the FIFO open read-write on fd 3, LISTEN_PID naming the daemon's own pid.
        let script = "exec 3<>\"$1\"; shift; LISTEN_PID=$$; LISTEN_FDS=1; export LISTEN_PID LISTEN_FDS; exec \"$@\""
        let daemon = try rig.start(
            "tickerd (socket-activated)", "/bin/sh",
            [
                "-c", script, "sh", fifo, try BuiltProducts.tickerd(), "--config", config, "--device", panel.link,
                "--feed",
                unused, "--no-terminal",
            ],
            environment: ["LD_PRELOAD": try BuiltProducts.shim()])
        let started = try await rig.line(of: daemon, containing: "started")
        #expect(started.contains("feed fd 3 (systemd)"))
        try await rig.wait("the first full frame") { panel.kinds.contains(.full) }
        try await rig.feed(["text Socket"], to: fifo)
        let look = try Look(config: FeedStage.panelConfig)
        let expected = look.frame(after: ["text Socket"])
        try await rig.wait("the panel to show 'Socket'") { panel.device.framebuffer.bytes == expected.bytes }
        #expect(access(unused, F_OK) != 0, "the configured path is not created when systemd hands a FIFO over")
        daemon.send(SIGTERM)
        #expect(try await rig.exit(of: daemon) == .exited(0))
        // The FIFO belongs to systemd: the daemon leaves it in place.
        #expect(access(fifo, F_OK) == 0)
    }
}
