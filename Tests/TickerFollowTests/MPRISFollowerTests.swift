import Foundation
import Glibc
import Testing
import TickerFollow
import TickerTestSupport

/// The MPRIS follower for real: a private session bus, an MPRIS player on it, the built `tickerctl follow
/// mpris` running the system's playerctl, and a real FIFO for the feed.
@Suite(.serialized)
struct MPRISFollowerTests {
    static func position(_ line: String) -> Double? {
        guard line.hasPrefix("position ") else { return nil }
        return Double(line.dropFirst("position ".count))
    }

    static func json(_ fields: [String: Any]) throws -> String {
        String(decoding: try JSONSerialization.data(withJSONObject: fields, options: [.sortedKeys]), as: UTF8.self)
    }

    @Test func followsAPlayerOnTheSessionBusThroughPlayerctl() throws {
        let directory = try TemporaryDirectory()
        let bus = try SessionBus(directory: directory)
        defer { bus.kill() }
        let environment = ["DBUS_SESSION_BUS_ADDRESS": bus.address]
        try directory.write(
            "lyrics/Alpha - First Song.lrc", "[00:00.00]From the lyrics directory\n[00:04.00]Line two\n")
        try directory.write("music/Second Album/b side.lrc", "[00:00.00]From the sidecar\n")

        let feed = try FeedTap(path: directory.file("feed"))
        let player = try MPRISTestPlayer.start(in: directory, environment: environment)
        defer { player.kill() }
        let follower = try Child(
            name: "tickerctl follow", executable: try BuiltProducts.tickerctl(),
            arguments: [
                "follow", "mpris", "--player", "tickertest", "--feed", feed.path, "--lyrics-dir",
                directory.file("lyrics"),
                "--music-dir", directory.file("music"),
            ],
            environment: environment)
        defer { follower.kill() }

        // The player has no track yet.
        #expect(try feed.waitFor(line: "stop") == ["clear", "stop"])

        try player.send(
            line: "track "
                + (try Self.json(["title": "First Song", "artist": ["Alpha"], "album": "Tests", "length": 30_000_000])))
        try player.waitForLine(line: "ok track")
        #expect(
            try feed.waitFor(line: "stop") == [
                "title First Song", "artist Alpha", "album Tests", "duration 30",
                "lyrics begin", "[00:00.000]From the lyrics directory", "[00:04.000]Line two", "lyrics end", "stop",
            ])

        try player.send(line: "status Playing")
        try feed.waitFor(line: "play")
        let started = try feed.waitFor("the position at play") { Self.position($0) != nil }
        // 5 s: the stand-in plays from 0; the margin is for D-Bus and the follower on a loaded machine.
        #expect(Self.position(started.last ?? "").map { $0 < 5 } == true, "\(started)")

        try player.send(line: "seek 20")
        let afterSeek = try feed.waitFor("a position after the seek") { (Self.position($0) ?? 0) >= 19.5 }
        // 25 s: 5 s past the seek to 20 s for D-Bus and the follower on a loaded machine.
        #expect((Self.position(afterSeek.last ?? "") ?? 0) < 25, "\(afterSeek)")

        try player.send(line: "status Paused")
        try feed.waitFor(line: "pause")

        let url = "file://" + directory.file("music/Second%20Album/b%20side.flac")
        try player.send(
            line: "track " + (try Self.json(["title": "Second Song", "artist": ["Beta", "Gamma"], "url": url])))
        try feed.waitFor(line: "title Second Song")
        #expect(
            try feed.waitFor(line: "lyrics end") == [
                "artist Beta, Gamma", "album", "lyrics begin", "[00:00.000]From the sidecar", "lyrics end",
            ])
        try feed.waitFor(line: "pause")

        // The player leaves the bus: nothing is playing any more.
        try player.send(line: "quit")
        #expect(try feed.waitFor(line: "stop").suffix(2) == ["clear", "stop"])

        // SIGTERM ends the follower at once, and playerctl with it.
        let children = follower.children()
        #expect(children.count == 1, "tickerctl's children: \(children)")
        #expect(try follower.stop(with: SIGTERM) == .exited(0), "\(follower.errors)")
        for child in children {
            #expect(
                !FileManager.default.fileExists(atPath: "/proc/\(child)"),
                "playerctl (pid \(child)) outlived the follower")
        }
        #expect(
            follower.errors.contains("following MPRIS players through 'playerctl' (player 'tickertest')"),
            "\(follower.errors)")
    }

    /// A stand-in for playerctl that writes hostile output, fails, and is started again; the third time it
    /// stays up silently until it is ended.
    static let hostilePlayerctl = #"""
        #!/bin/sh
        good='\035fake\037Playing\0371000000\03730000000\037\037Run %s \377\001title\037Artist\037Album\036\n'
        case " $* " in
        *" --all-players "*)
            # Asked for every player's state: the one fake player, as the running follow reports it.
            printf "$good" "$(cat "$0.count")"
            exit 0 ;;
        esac
        count=$(cat "$0.count" 2>/dev/null || echo 0)
        count=$((count + 1))
        echo "$count" > "$0.count"
        if [ "$count" -ge 3 ]; then
            echo $$ > "$0.pid"
            exec sleep 600
        fi
        printf 'garbage without a frame\n'
        head -c 100000 /dev/zero | tr '\0' 'x'
        printf '\n\035Playing\0371\0372\037\037only\037four\036\n'
        printf '\035Playing\037'
        head -c 40000 /dev/zero | tr '\0' 'y'
        printf '\0370\037\037\037\037\037\037\036\n'
        printf "$good" "$count"
        echo "fake failure" >&2
        printf '\035Playing\037'
        exit 3
        """#

    @Test func survivesHostileOutputAndRestartsPlayerctlWhenItExits() throws {
        let directory = try TemporaryDirectory()
        let fake = try directory.write("playerctl", Self.hostilePlayerctl)
        chmod(fake, 0o755)
        let feed = try FeedTap(path: directory.file("feed"))
        let follower = MPRISFollower(feedPaths: [feed.path], playerctl: fake)
        let thread = try FollowerThread { signals, log in follower.run(signals: signals, log: log) }

        let first = try feed.waitFor("the first run's track") { $0.hasPrefix("title Run 1") }
        #expect(first == ["title Run 1 \u{FFFD} title"], "control characters become spaces, bad UTF-8 U+FFFD")
        #expect(
            try feed.waitFor(line: "play") == ["artist Artist", "album Album", "duration 30", "lyrics clear", "play"])
        // playerctl went away: the clock stops until it reports again.
        try feed.waitFor(line: "stop")
        try feed.waitFor(line: "title Run 2 \u{FFFD} title")
        try feed.waitFor(line: "stop")

        // The third run stays up; the stop request must end it.
        let pidFile = directory.file("playerctl.pid")
        let pid = try waitForFile(pidFile, timeout: .seconds(10))
        thread.finish()
        #expect(
            !FileManager.default.fileExists(atPath: "/proc/\(pid)"),
            "the playerctl stand-in (pid \(pid)) outlived the follower")
        let log = thread.log
        #expect(log.contains { $0.contains("exited (exit status 3); restarting it in 0.5 s") }, "\(log)")
        #expect(log.contains { $0.hasSuffix("playerctl: fake failure") }, "\(log)")
        #expect(log.contains { $0.hasPrefix("skipped a garbled or oversized record") }, "\(log)")
    }

    @Test func saysWhenPlayerctlCannotBeRunAndStillStopsAtOnce() throws {
        let directory = try TemporaryDirectory()
        let feed = try FeedTap(path: directory.file("feed"))
        let missing = directory.file("no-such-dir/playerctl")
        let follower = MPRISFollower(feedPaths: [feed.path], playerctl: missing)
        let thread = try FollowerThread { signals, log in follower.run(signals: signals, log: log) }
        let line = try thread.waitForLog("the spawn failure") { $0.hasPrefix("cannot run") }
        #expect(line == "cannot run '\(missing)': No such file or directory; restarting it in 0.5 s")
        thread.finish()
    }

    /// A stand-in for playerctl whose `--follow` output is what the test writes into the FIFO `$0.follow`, and
    /// whose `--all-players` answer is the file `$0.answer`; each ask adds a line to `$0.asks`.
    static let scriptedPlayerctl = #"""
        #!/bin/sh
        case " $* " in
        *" --all-players "*)
            cat "$0.answer"
            echo asked >> "$0.asks"
            exit 0 ;;
        esac
        exec cat "$0.follow"
        """#

    @Test func findsOutThatTheFollowedPlayerWentAwayWhileAnotherReportedLast() throws {
        let directory = try TemporaryDirectory()
        let fake = try directory.write("playerctl", Self.scriptedPlayerctl)
        chmod(fake, 0o755)
        let script = try FeedTap(path: fake + ".follow")
        func answer(_ text: String) throws {
            try directory.write("answer.new", text)
            guard rename(directory.file("answer.new"), fake + ".answer") == 0 else { throw TestFailure("rename") }
        }
        func report(_ text: String) throws {
            let bytes = Array(text.utf8)
            guard bytes.withUnsafeBytes({ write(script.fd, $0.baseAddress, $0.count) }) == bytes.count else {
                throw TestFailure("short write to the follow output")
            }
        }
        let playing = PlayerctlOutput.record("Playing", player: "mpv", position: "3000000", title: "Song", artist: "A")
        let stopped = PlayerctlOutput.record("Stopped", player: "ShairportSync", title: "Old AirPlay", artist: "B")
        try answer(playing + stopped)

        let feed = try FeedTap(path: directory.file("feed"))
        let follower = MPRISFollower(feedPaths: [feed.path], playerctl: fake, refreshSeconds: 0.5)
        let thread = try FollowerThread { signals, log in follower.run(signals: signals, log: log) }
        defer { thread.finish() }
        try report(playing)
        #expect(try feed.waitFor(line: "play") == ["title Song", "artist A", "album", "lyrics clear", "play"])
        // The other player reports last; it is asked about, and mpv still plays.
        try report(stopped)
        try waitForFile(fake + ".asks", timeout: .seconds(10)) { $0.split(separator: "\n").count >= 2 ? true : nil }
        // mpv is killed: playerctl's follow output says nothing, since it reports only the other player.
        try answer(stopped)
        let switched = try feed.waitFor(line: "stop")
        #expect(switched.filter { $0.hasPrefix("title") } == ["title Old AirPlay"], "\(switched)")
        #expect(!switched.contains("title Song"), "\(switched)")
    }

    /// A stand-in for a playerctl that missed mpv's metadata when mpv appeared: its follow output goes on
    /// reporting mpv playing without a track, every 0.2 s as playerctl's ticks do, while a one-off
    /// `--all-players` run names the track. Each follow run adds a line to `$0.starts`.
    static let stuckPlayerctl = #"""
        #!/bin/sh
        case " $* " in
        *" --all-players "*)
            printf '\035mpv\037Playing\0371000000\037\037\037Song\037A\037\036\n'
            exit 0 ;;
        esac
        echo started >> "$0.starts"
        while :; do
            printf '\035mpv\037Playing\0371000000\037\037\037\037\037\036\n'
            sleep 0.2
        done
        """#

    @Test func startsPlayerctlAgainWhenItsFollowOutputIsStuck() throws {
        let directory = try TemporaryDirectory()
        let fake = try directory.write("playerctl", Self.stuckPlayerctl)
        chmod(fake, 0o755)
        let feed = try FeedTap(path: directory.file("feed"))
        let follower = MPRISFollower(feedPaths: [feed.path], playerctl: fake)
        let thread = try FollowerThread { signals, log in follower.run(signals: signals, log: log) }
        #expect(try feed.waitFor(line: "play") == ["title Song", "artist A", "album", "lyrics clear", "play"])
        try waitForFile(fake + ".starts", timeout: .seconds(10)) { $0.split(separator: "\n").count >= 2 ? true : nil }
        thread.finish()
        guard write(feed.fd, "end of the test\n", 16) == 16 else { throw TestFailure("write to the feed") }
        let rest = try feed.waitFor(line: "end of the test")
        #expect(!rest.contains("clear") && !rest.contains { $0.hasPrefix("title") }, "\(rest)")
        #expect(
            thread.log.contains("'\(fake)' keeps reporting a state its players have left; starting it again"),
            "\(thread.log)")
    }

    /// Waits for `path` to hold a process id, watching its directory with inotify; fails loudly after `timeout`.
    private func waitForFile(_ path: String, timeout: Duration) throws -> pid_t {
        try waitForFile(path, timeout: timeout) { pid_t($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
    }

    /// Waits until `parse` finds what it wants in the file `path`, watching its directory with inotify; fails
    /// loudly after `timeout`.
    @discardableResult
    private func waitForFile<Value>(_ path: String, timeout: Duration, _ parse: (String) -> Value?) throws -> Value {
        let watch = inotify_init1(Int32(IN_CLOEXEC | IN_NONBLOCK))
        guard watch >= 0 else { throw TestFailure("inotify_init1: errno \(errno)") }
        defer { close(watch) }
        inotify_add_watch(watch, (path as NSString).deletingLastPathComponent, UInt32(IN_CLOSE_WRITE | IN_MOVED_TO))
        let deadline = Deadline(timeout)
        while true {
            if let text = try? String(contentsOfFile: path, encoding: .utf8), let value = parse(text) {
                return value
            }
            var entries = [pollfd(fd: watch, events: Int16(POLLIN), revents: 0)]
            if try deadline.poll(&entries, waitingFor: "'\(path)'") > 0 {
                var events = [UInt8](repeating: 0, count: 4096)
                _ = events.withUnsafeMutableBytes { read(watch, $0.baseAddress, $0.count) }
            }
        }
    }
}

extension Child {
    /// Waits for the exact line `line` on standard output.
    @discardableResult
    func waitForLine(line: String, timeout: Duration = .seconds(10)) throws -> String {
        try nextOutputLine("'\(line)'", timeout: timeout) { $0 == line }
    }
}

/// A private D-Bus session bus (`dbus-daemon --session --nofork`) on a socket in `directory`; its address
/// is read from the daemon's own output, so it is listening once `init` returns. Killed when released.
final class SessionBus {
    let address: String
    private let daemon: Child

    init(directory: TemporaryDirectory) throws {
        daemon = try Child(
            name: "dbus-daemon", executable: "/usr/bin/dbus-daemon",
            arguments: [
                "--session", "--nofork", "--nopidfile", "--address=unix:path=\(directory.file("bus"))",
                "--print-address=1",
            ])
        address = try daemon.nextOutputLine("the bus address") { $0.hasPrefix("unix:") }
    }

    func kill() { daemon.kill() }
}
