import Foundation
import Glibc
import Testing
import TickerCore
import TickerIO
import TickerTestSupport

/// The installed units under a real systemd, as a user runs them: `make install`, `systemctl enable --now`,
/// a group member writing the feed, restarts, a crash, a hang, reloads, the followers, a stop and `make
/// uninstall`. systemd runs as PID 1 of a sandbox (scripts/systemd-sandbox), so nothing reaches the host.
///
/// Test-only changes to what is installed, all in one drop-in and each needed because the panel is a
/// pseudo-terminal rather than a USB serial port: the daemon preloads the shim that lets libserialport open
/// a pseudo-terminal, `DeviceAllow=char-pts rw` lets the service's device policy admit it (the pty itself is
/// made world-writable so that the service's dynamic user may open it), and `WatchdogSec=2` finds a hung daemon
/// in seconds instead of ten.
@Suite(.serialized, .enabled(if: Sandbox.unavailable == nil, "\(Sandbox.unavailable ?? "")"))
struct SystemdTests {
    static let config = """
        [panel]
        width = 64
        height = 16
        depth = 2
        fps = 40

        [layout]
        zones = split

        [display]
        now-playing = {title}

        """

    /// The feed as the units make it.
    static let feed = "/run/tickerd/feed"

    @Test func installedUnitsRunTheDaemonKeepTheFeedAcrossRestartsAndUninstallCleanly() async throws {
        let rig = try Rig()
        let sandbox = try await Sandbox(rig: rig)
        // The daemon finds the panel through a link, as through a udev symlink, so that it can be replugged.
        let link = rig.path("sandbox/panel")
        let device = "/run/tickerd-sandbox/dir/panel"
        var panel = try rig.panel(link: link, width: 64, height: 16, depth: 2)
        chmod(panel.slavePath, 0o666)
        // The pictures of the full frames the panel showed since the test last emptied the list.
        var fullFrames: [[UInt8]] = []
        func recordFullFrames(of panel: FakePanel) {
            panel.onEvent = { event, device in
                if case .applied(.fullFrame) = event { fullFrames.append(device.framebuffer.bytes) }
            }
        }
        recordFullFrames(of: panel)
        let look = try Look(config: Self.config)
        let deviceSection = "[device]\npath = \(device)\n"

        // Installed as the README says, by root, from what was built.
        try await sandbox.run("make -s -C \(Sandbox.repository) install BUILDDIR=\(Sandbox.build)")
        #expect(
            try await sandbox.run("getent group tickerd").output.hasPrefix("tickerd:"), "make install made the group")
        try await sandbox.run("useradd --system --create-home --groups tickerd feeder")
        try await sandbox.run("useradd --system --no-create-home outsider")
        try sandbox.write("/etc/tickerd/tickerd.conf", Self.config + deviceSection)
        try sandbox.write(
            "/run/systemd/system/tickerd.service.d/test.conf",
            """
            [Service]
            Environment=LD_PRELOAD=\(Sandbox.build)/libTickerTestShim.so
            DeviceAllow=char-pts rw
            WatchdogSec=2

            """)
        try await sandbox.run("systemctl daemon-reload && systemctl start systemd-journald.service")
        try await sandbox.run("systemctl enable --now tickerd.socket tickerd.service")
        try await rig.wait("the first full frame from the installed service") { panel.kinds.contains(.full) }
        #expect(try await sandbox.property("ActiveState", of: "tickerd.service") == "active")
        #expect(try await sandbox.property("User", of: "tickerd.service") == "tickerd-daemon")

        // The socket unit owns the pipe and its directory: root's, writable by the group tickerd only.
        let owners = try await sandbox.run("stat -c '%F %U:%G %a' /run/tickerd \(Self.feed)").output
        #expect(owners == "directory root:root 755\nfifo root:tickerd 620\n")
        let refused = try await sandbox.run("printf 'title No\\n' > \(Self.feed)", as: "outsider", allowFailure: true)
        #expect(refused.status != .exited(0))
        #expect(refused.errors.contains("Permission denied"), "\(refused.errors)")
        let planted = try await sandbox.run("touch /run/tickerd/other", as: "feeder", allowFailure: true)
        #expect(planted.status != .exited(0), "a writer must not be able to put files beside the pipe")

        func show(_ lines: [String], _ what: String, look other: Look? = nil) async throws {
            let text = lines.map { $0.replacingOccurrences(of: "'", with: "") + "\\n" }.joined()
            try await sandbox.run("printf '\(text)' > \(Self.feed)", as: "feeder")
            let expected = (other ?? look).frame(after: lines)
            try await rig.wait("the panel to show \(what):\n\(expected.asciiArt)") {
                panel.device.framebuffer.bytes == expected.bytes
            }
        }
        try await show(["title Hi"], "'Hi' written by a member of the group")

        // The state file, in the one directory the daemon may write, readable by anyone.
        try await sandbox.wait("the state file", for: "cat /run/tickerd/state/state.json") {
            $0.contains(#""title":"Hi""#) && $0.contains(#""panel":true"#)
        }
        let stateOwners = try await sandbox.run("stat -c '%U %a' /run/tickerd/state /run/tickerd/state/state.json")
        #expect(stateOwners.output == "tickerd-daemon 755\ntickerd-daemon 644\n")
        try await sandbox.run("cat /run/tickerd/state/state.json", as: "outsider")

        // The kept state, in the socket unit's directory and the daemon's alone: a title and its lyrics, which a
        // restart must not lose.
        let track = [
            "title Kept", "lyrics begin", "[00:00.00]La la", "[10:00.00]End", "lyrics end", "position 1", "play",
        ]
        try await show(track, "a title over its lyric")
        try await sandbox.wait("the kept state to hold the lyrics", for: "cat /run/tickerd/kept/state.feed") {
            $0.contains("title Kept") && $0.contains("La la")
        }
        let keptOwner = try await sandbox.run("stat -c '%U %a' /run/tickerd/kept /run/tickerd/kept/state.feed").output
        #expect(keptOwner == "tickerd-daemon 700\ntickerd-daemon 600\n")
        let unreadable = try await sandbox.run("cat /run/tickerd/kept/state.feed", as: "outsider", allowFailure: true)
        #expect(unreadable.status != .exited(0))
        let kept = look.frame(after: track, at: 1)
        /// The first full frame of a new daemon shows what the old one showed, though nothing was written since.
        func firstFrameShowsTheTrack(_ what: String) async throws {
            try await rig.wait("the first full frame \(what)") { !fullFrames.isEmpty }
            var shown = look.blank
            shown.bytes = fullFrames[0]
            #expect(shown == kept, "the first frame \(what):\n\(shown.asciiArt)\nexpected:\n\(kept.asciiArt)")
        }

        /// Waits for a new daemon process: it says hello to the panel when it starts.
        func restarted(after hellos: Int, _ what: String, timeout: Duration = Rig.timeout) async throws {
            try await rig.wait("\(what): a new daemon's hello", timeout: timeout) {
                panel.kinds.filter { $0 == .hello }.count > hellos
            }
        }
        func hellos() -> Int { panel.kinds.filter { $0 == .hello }.count }

        // A restart keeps the socket's pipe: the new daemon reads it on fd 3.
        let count = hellos()
        fullFrames.removeAll()
        try await sandbox.run("systemctl restart tickerd.service")
        try await restarted(after: count, "systemctl restart")
        try await firstFrameShowsTheTrack("after systemctl restart")
        try await show(["title Hey"], "'Hey' after a restart")
        #expect(try await sandbox.run("stat -c %F \(Self.feed)").output == "fifo\n")

        /// Waits for systemd to replace the daemon `old`, then replugs the panel: a daemon that did not close
        /// the port leaves it in exclusive mode (TIOCEXCL) while anything else holds it open, and the test's
        /// side of the pseudo-terminal always does; a USB port's last close clears it.
        func replaced(_ old: String, _ what: String, timeout: Duration = Rig.timeout) async throws {
            try await sandbox.wait(what, for: "systemctl show -P MainPID tickerd.service", timeout: timeout) {
                let pid = $0.trimmingCharacters(in: .whitespacesAndNewlines)
                return pid != old && pid != "0" && !pid.isEmpty
            }
            panel.unplug()
            panel = try rig.panel(link: link, width: 64, height: 16, depth: 2)
            chmod(panel.slavePath, 0o666)
            fullFrames.removeAll()
            recordFullFrames(of: panel)
            try await restarted(after: 0, "\(what), and the panel replugged")
        }

        // A crash restarts it (Restart=on-failure), showing what the crashed daemon showed, and the feed still
        // reaches it.
        try await show(track, "the title and its lyric again")
        try await sandbox.wait("the kept state to hold them again", for: "cat /run/tickerd/kept/state.feed") {
            $0.contains("title Kept") && $0.contains("La la")
        }
        let crashed = try await sandbox.property("MainPID", of: "tickerd.service")
        try await sandbox.run("kill -SEGV \(crashed)")
        try await replaced(crashed, "a new daemon after SIGSEGV")
        try await firstFrameShowsTheTrack("after SIGSEGV")
        try await show(["title Ok"], "'Ok' after a crash")

        // A valid reload takes effect; a broken one is refused and the running configuration stays.
        let artistConfig = Self.config.replacingOccurrences(of: "{title}", with: "{artist}")
        try sandbox.write("/etc/tickerd/tickerd.conf", artistConfig + deviceSection)
        try await sandbox.run("systemctl reload tickerd.service")
        let artistLook = try Look(config: artistConfig)
        try await show(["artist Bo", "title Ok"], "the artist after a reload", look: artistLook)
        try sandbox.write(
            "/etc/tickerd/tickerd.conf", Self.config + deviceSection + "[marquee]\nsped = 1\n")
        try await sandbox.run("systemctl reload tickerd.service")
        try await show(["artist Cy", "title Ok"], "the kept template after a refused reload", look: artistLook)
        try await sandbox.wait("the refusal in the journal", for: "journalctl -u tickerd.service -o cat --no-pager") {
            $0.contains("configuration not reloaded") && $0.contains("'sped'")
        }
        #expect(try await sandbox.property("ActiveState", of: "tickerd.service") == "active")
        try sandbox.write("/etc/tickerd/tickerd.conf", Self.config + deviceSection)
        try await sandbox.run("systemctl reload tickerd.service")

        // A hung daemon stops petting the watchdog and is replaced.
        let hung = try await sandbox.property("MainPID", of: "tickerd.service")
        try await sandbox.run("kill -STOP \(hung)")
        try await replaced(hung, "the watchdog's restart of a stopped daemon", timeout: .seconds(30))
        try await sandbox.wait("the watchdog in the journal", for: "journalctl -u tickerd.service -o cat --no-pager") {
            $0.contains("Watchdog timeout")
        }
        try await show(["title Up"], "'Up' after the watchdog's restart")

        // The MPD follower, against a real MPD playing a tagged song.
        try await startMPD(in: sandbox, rig: rig, title: "Tune")
        try sandbox.write(
            "/run/systemd/system/tickerd-follow-mpd.service.d/test.conf",
            "[Service]\nEnvironment=MPD_HOST=/run/mpd-sandbox/socket\n")
        try await sandbox.run("systemctl daemon-reload && systemctl enable --now tickerd-follow-mpd.service")
        try await sandbox.run("mpc -q -h /run/mpd-sandbox/socket play")
        var expected = look.frame(after: ["title Tune"])
        try await rig.wait("the panel to show what MPD plays:\n\(expected.asciiArt)") {
            panel.device.framebuffer.bytes == expected.bytes
        }
        #expect(try await sandbox.property("User", of: "tickerd-follow-mpd.service") == "tickerd-follow-mpd")
        try await sandbox.run("systemctl stop tickerd-follow-mpd.service")

        // The AirPlay follower, reading shairport-sync's metadata pipe.
        try await sandbox.run("mkfifo -m 0644 /tmp/shairport-sync-metadata")
        try await sandbox.run("systemctl enable --now tickerd-follow-shairport.service")
        let metadata =
            Self.shairportItem("ssnc", "mdst") + Self.shairportItem("core", "minm", "Air")
            + Self.shairportItem("ssnc", "mden") + Self.shairportItem("ssnc", "pbeg")
        try await sandbox.run("printf '%s' '\(metadata)' > /tmp/shairport-sync-metadata")
        expected = look.frame(after: ["title Air"])
        try await rig.wait("the panel to show what AirPlay plays:\n\(expected.asciiArt)") {
            panel.device.framebuffer.bytes == expected.bytes
        }
        try await sandbox.run("systemctl stop tickerd-follow-shairport.service")

        // The MPRIS follower, a user unit of a member of tickerd, following a player on that user's session bus.
        let uid = try await sandbox.run("id -u feeder").output.trimmingCharacters(in: .whitespacesAndNewlines)
        try await sandbox.run("systemctl start user@\(uid).service")
        try sandbox.write("/tmp/player.py", MPRISTestPlayer.script)
        let player = try sandbox.start(
            "DBUS_SESSION_BUS_ADDRESS=unix:path=/run/user/\(uid)/bus exec /usr/bin/python3 /tmp/player.py tickertest",
            as: "feeder", input: true)
        try await rig.wait("the MPRIS player to own its name") { player.outputLines.contains("ready") }
        try await sandbox.run(
            "XDG_RUNTIME_DIR=/run/user/\(uid) systemctl --user enable --now tickerd-follow-mpris.service", as: "feeder")
        try player.send(line: #"track {"title": "Pod", "artist": ["Cast"]}"#)
        try player.send(line: "status Playing")
        expected = look.frame(after: ["title Pod"])
        try await rig.wait("the panel to show what the MPRIS player plays:\n\(expected.asciiArt)") {
            panel.device.framebuffer.bytes == expected.bytes
        }
        try await sandbox.run(
            "XDG_RUNTIME_DIR=/run/user/\(uid) systemctl --user stop tickerd-follow-mpris.service", as: "feeder")
        try await sandbox.run("systemctl stop user@\(uid).service")

        // The web front end, a dynamic user of its own in the group tickerd: it reads the daemon's view socket
        // (the frames the daemon sent, and its status) and writes the feed.
        try await sandbox.run("systemctl enable --now tickerd-web.service")
        try await sandbox.wait(
            "the web front end to reach the daemon's view socket", for: "curl -s http://localhost:8080/api/state"
        ) { $0.contains("\"daemon\":true") && $0.contains("\"connected\":true") }
        try await sandbox.run("curl -s -f -X POST --data-binary 'title Web' http://localhost:8080/api/feed")
        expected = look.frame(after: ["title Web"])
        try await rig.wait("the panel to show what came through the web front end:\n\(expected.asciiArt)") {
            panel.device.framebuffer.bytes == expected.bytes
        }
        #expect(try await sandbox.property("User", of: "tickerd-web.service") == "tickerd-web")
        try await sandbox.run("systemctl stop tickerd-web.service")

        // The MQTT bridge, logging in to a real Mosquitto. Credentials never reach a service in this sandbox
        // (any unit's $CREDENTIALS_DIRECTORY is an empty directory it may not open, whatever its user), so the
        // test's drop-in names a password file the unit's group may read instead; the unit's own
        // LoadCredential= is still read by systemd, so the file must exist.
        let port = try await startBroker(in: sandbox)
        try sandbox.write(
            "/run/systemd/system/tickerd-follow-mqtt.service.d/test.conf",
            """
            [Service]
            ExecStart=
            ExecStart=/usr/local/bin/tickerctl follow mqtt --host 127.0.0.1 --port \(port) --username tickerd \
                --password-file /etc/tickerd/mqtt-password-sandbox --topic-prefix tickerd/sandbox

            """)
        try await sandbox.run("systemctl daemon-reload && systemctl enable --now tickerd-follow-mqtt.service")
        let mqtt = "-h 127.0.0.1 -p \(port) -u tickerd -P sandbox-secret"
        try await sandbox.wait(
            "the bridge to be online", for: "mosquitto_sub \(mqtt) -t tickerd/sandbox/availability -C 1 -W 2"
        ) { $0 == "online\n" }
        try await sandbox.run("mosquitto_pub \(mqtt) -q 1 -t tickerd/sandbox/feed -m 'title Bus'")
        expected = look.frame(after: ["title Bus"])
        try await rig.wait("the panel to show what came over MQTT:\n\(expected.asciiArt)") {
            panel.device.framebuffer.bytes == expected.bytes
        }
        try await sandbox.wait(
            "the daemon's state over MQTT", for: "mosquitto_sub \(mqtt) -t tickerd/sandbox/state -C 1 -W 2"
        ) { $0.contains(#""title":"Bus""#) }
        #expect(try await sandbox.property("User", of: "tickerd-follow-mqtt.service") == "tickerd-follow-mqtt")
        try await sandbox.run("systemctl stop tickerd-follow-mqtt.service")
        try await sandbox.wait(
            "the bridge to say offline", for: "mosquitto_sub \(mqtt) -t tickerd/sandbox/availability -C 1 -W 2"
        ) { $0 == "offline\n" }

        // A stop blanks the panel and ends the daemon with status 0.
        let packets = panel.events.count
        try await sandbox.run("systemctl stop tickerd.service")
        try await rig.wait("the blank packet of a stop") { panel.kinds.dropFirst(packets).contains(.blank) }
        #expect(try await sandbox.property("ExecMainStatus", of: "tickerd.service") == "0")
        #expect(try await sandbox.property("Result", of: "tickerd.service") == "success")
        // The state file goes with the service; the kept state stays with the socket unit, and goes with it.
        let gone = try await sandbox.run("ls /run/tickerd/state", allowFailure: true)
        #expect(gone.status != .exited(0), "left after a stop: \(gone.output)")
        try await sandbox.run("test -s /run/tickerd/kept/state.feed")
        try await sandbox.run("systemctl stop tickerd.socket")
        let forgotten = try await sandbox.run("ls /run/tickerd", allowFailure: true)
        #expect(forgotten.output.isEmpty, "left after the socket unit stopped: \(forgotten.output)")

        // Uninstalling stops and removes everything.
        try await sandbox.run("make -s -C \(Sandbox.repository) uninstall")
        let active = try await sandbox.run("systemctl list-units --no-legend --plain 'tickerd.*' 'tickerd-follow-*'")
            .output
        #expect(active.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty, "still loaded:\n\(active)")
        let running = try await sandbox.run("pgrep -l -x 'tickerd|tickerctl' || true").output
        #expect(running.isEmpty, "still running:\n\(running)")
        let left = try await sandbox.run(
            "ls /usr/local/bin/tickerd /usr/local/lib/systemd/system/tickerd.service \(Self.feed)", allowFailure: true)
        #expect(left.output.isEmpty, "left behind:\n\(left.output)")
    }

    /// Several panels on one host, as the README sets them up: two instances of the template units, each with its
    /// own configuration, feed, state file, kept state and dynamic user, each panel showing what its own feed was
    /// told; one MPD follower writing to both feeds, which carries on while one panel's units are stopped and
    /// brings that panel up to date when they are back; the network drop-in put in place by the README's line.
    @Test func templateUnitsDriveTwoPanelsEachFromItsOwnConfigurationAndFeed() async throws {
        let rig = try Rig()
        let sandbox = try await Sandbox(rig: rig)
        let names = ["kitchen", "lounge"]
        var panels: [String: FakePanel] = [:]
        for name in names {
            let panel = try rig.panel(link: rig.path("sandbox/\(name)"), width: 64, height: 16, depth: 2)
            chmod(panel.slavePath, 0o666)
            panels[name] = panel
        }
        // Two configurations that draw a title differently, so that a panel's picture says which file it read.
        let configs = [
            "kitchen": Self.config, "lounge": Self.config.replacingOccurrences(of: "{title}", with: "> {title}"),
        ]
        var looks: [String: Look] = [:]
        for (name, config) in configs { looks[name] = try Look(config: config) }
        func showing(_ name: String, _ lines: [String], _ what: String) async throws {
            guard let panel = panels[name], let expected = looks[name]?.frame(after: lines) else {
                throw TestFailure("no panel \(name)")
            }
            try await rig.wait("the \(name) panel to show \(what):\n\(expected.asciiArt)") {
                panel.device.framebuffer.bytes == expected.bytes
            }
        }

        try await sandbox.run("make -s -C \(Sandbox.repository) install BUILDDIR=\(Sandbox.build)")
        try await sandbox.run("useradd --system --create-home --groups tickerd feeder")
        for name in names {
            try sandbox.write(
                "/etc/tickerd/\(name).conf",
                (configs[name] ?? "") + "[device]\npath = /run/tickerd-sandbox/dir/\(name)\n")
        }
        // The test's changes (see the suite's comment), for every instance at once.
        try sandbox.write(
            "/run/systemd/system/tickerd@.service.d/test.conf",
            """
            [Service]
            Environment=LD_PRELOAD=\(Sandbox.build)/libTickerTestShim.so
            DeviceAllow=char-pts rw

            """)
        try await sandbox.run("systemctl daemon-reload && systemctl start systemd-journald.service")
        try await sandbox.run(
            "systemctl enable --now tickerd@kitchen.socket tickerd@kitchen.service tickerd@lounge.socket"
                + " tickerd@lounge.service")
        for name in names {
            let panel = panels[name]
            try await rig.wait("the first full frame of the \(name) panel") { panel?.kinds.contains(.full) == true }
            let owners = try await sandbox.run("stat -c '%F %U:%G %a' /run/tickerd/\(name) /run/tickerd/\(name)/feed")
            #expect(owners.output == "directory root:root 755\nfifo root:tickerd 620\n", "\(name)")
            #expect(try await sandbox.property("User", of: "tickerd@\(name).service") == "tickerd-daemon-\(name)")
        }

        // Each feed reaches its own panel, drawn by its own configuration.
        for name in names {
            try await sandbox.run("printf 'title \(name)\\n' > /run/tickerd/\(name)/feed", as: "feeder")
        }
        for name in names { try await showing(name, ["title \(name)"], "its own title") }
        for name in names {
            try await sandbox.wait("the \(name) state file", for: "cat /run/tickerd/\(name)/state/state.json") {
                $0.contains(#""title":"\#(name)""#)
            }
            try await sandbox.wait("the \(name) kept state", for: "cat /run/tickerd/\(name)/kept/state.feed") {
                $0.contains("title \(name)")
            }
            let kept = try await sandbox.run(
                "stat -c '%U %a' /run/tickerd/\(name)/kept /run/tickerd/\(name)/kept/state.feed")
            #expect(kept.output == "tickerd-daemon-\(name) 700\ntickerd-daemon-\(name) 600\n", "\(name)")
        }

        // A restart of one panel's daemon leaves the other alone, and its first frame shows its own kept title.
        let loungeHellos = panels["lounge"]?.kinds.filter { $0 == .hello }.count ?? 0
        let kitchenPackets = panels["kitchen"]?.events.count ?? 0
        try await sandbox.run("systemctl restart tickerd@kitchen.service")
        try await rig.wait("a new kitchen daemon's hello and first full frame") {
            let since = panels["kitchen"]?.kinds.dropFirst(kitchenPackets) ?? []
            return since.firstIndex(of: .hello).map { since[$0...].contains(.full) } ?? false
        }
        try await showing("kitchen", ["title kitchen"], "its kept title after a restart")
        #expect(panels["lounge"]?.kinds.filter { $0 == .hello }.count == loungeHellos, "the lounge daemon stayed")

        // One MPD follower writes to both feeds.
        try await startMPD(in: sandbox, rig: rig, title: "Tune")
        try await sandbox.run(
            "cd /var/lib/mpd/music && sox -q -n -r 44100 -c 2 next.flac synth 60 sine 660"
                + " && metaflac --set-tag=TITLE=Next next.flac && mpc -q -h /run/mpd-sandbox/socket --wait update"
                + " && mpc -q -h /run/mpd-sandbox/socket add next.flac")
        try sandbox.write(
            "/run/systemd/system/tickerd-follow-mpd.service.d/test.conf",
            """
            [Unit]
            Wants=tickerd@kitchen.socket tickerd@lounge.socket
            After=tickerd@kitchen.socket tickerd@lounge.socket
            [Service]
            Environment=MPD_HOST=/run/mpd-sandbox/socket
            ExecStart=
            ExecStart=/usr/local/bin/tickerctl follow mpd --music-dir /var/lib/mpd/music \
                --feed /run/tickerd/kitchen/feed --feed /run/tickerd/lounge/feed

            """)
        try await sandbox.run("systemctl daemon-reload && systemctl enable --now tickerd-follow-mpd.service")
        try await sandbox.run("mpc -q -h /run/mpd-sandbox/socket play 1")
        for name in names { try await showing(name, ["title Tune"], "what MPD plays") }

        // The lounge's units stop, and its feed goes: the kitchen still follows MPD. When they are back, the
        // follower finds the new pipe and sends the whole state.
        try await sandbox.run("systemctl stop tickerd@lounge.socket")
        try await sandbox.run("mpc -q -h /run/mpd-sandbox/socket play 2")
        try await showing("kitchen", ["title Next"], "the next song, with the lounge's feed gone")
        try await sandbox.wait(
            "the follower to log the lounge's feed", for: "journalctl -u tickerd-follow-mpd.service -o cat --no-pager"
        ) { $0.contains("/run/tickerd/lounge/feed") }
        try await sandbox.run("systemctl start tickerd@lounge.socket tickerd@lounge.service")
        try await showing("lounge", ["title Next"], "the next song, sent again once its feed is back")
        try await sandbox.run("systemctl stop tickerd-follow-mpd.service")

        // The kitchen's MQTT bridge, an instance of the bridge's template, told the broker in the one place its
        // unit says (MQTT_OPTIONS, for every instance); its topics and state file are the kitchen's. Credentials
        // reach no service here (see the first test), hence the group-readable password file.
        let port = try await startBroker(in: sandbox)
        try sandbox.write(
            "/run/systemd/system/tickerd-follow-mqtt@.service.d/test.conf",
            """
            [Service]
            Environment="MQTT_OPTIONS=--host 127.0.0.1 --port \(port) --username tickerd \
                --password-file /etc/tickerd/mqtt-password-sandbox"

            """)
        try await sandbox.run("systemctl daemon-reload && systemctl enable --now tickerd-follow-mqtt@kitchen.service")
        let mqtt = "-h 127.0.0.1 -p \(port) -u tickerd -P sandbox-secret"
        try await sandbox.wait(
            "the kitchen's bridge to be online",
            for: "mosquitto_sub \(mqtt) -t 'tickerd/+/kitchen/availability' -C 1 -W 2"
        ) { $0 == "online\n" }
        let host = try await sandbox.run("uname -n").output.trimmingCharacters(in: .whitespacesAndNewlines)
        try await sandbox.run("mosquitto_pub \(mqtt) -q 1 -t tickerd/\(host)/kitchen/feed -m 'title Bus'")
        try await showing("kitchen", ["title Bus"], "what came over MQTT to the kitchen's topic")
        try await sandbox.wait(
            "the kitchen's state over MQTT", for: "mosquitto_sub \(mqtt) -t tickerd/\(host)/kitchen/state -C 1 -W 2"
        ) { $0.contains(#""title":"Bus""#) }
        #expect(try await sandbox.property("User", of: "tickerd-follow-mqtt@kitchen.service") == "tickerd-mqtt-kitchen")
        try await sandbox.run("systemctl stop tickerd-follow-mqtt@kitchen.service")

        // The lounge becomes a network matrix (DDP to a socket of the test's own), its unit given the network
        // drop-in with the README's line, on that one instance: no dialout, the internet families, a user
        // namespace of its own, and the packets carry what tickerctl render draws, LED for LED.
        let matrix = try DDPListener()
        let network = NetworkMatrixTests.config(
            feed: "/run/tickerd/lounge/feed", device: "ddp://127.0.0.1:\(matrix.port)")
        let expected = try await NetworkMatrixTests.rendered(
            rig, config: try rig.file("network-matrix.conf", network), text: "Hi!")
        try await sandbox.run("systemctl stop tickerd@lounge.socket")
        try sandbox.write("/etc/tickerd/lounge.conf", network)
        try await sandbox.run(
            "install -D -m 0644 /usr/local/share/tickerd/network.conf"
                + " /etc/systemd/system/tickerd@lounge.service.d/network.conf"
                + " && systemctl daemon-reload && systemctl start tickerd@lounge.socket tickerd@lounge.service")
        #expect(try await sandbox.property("ActiveState", of: "tickerd@lounge.service") == "active")
        #expect(try await sandbox.property("SupplementaryGroups", of: "tickerd@lounge.service") == "")
        #expect(try await sandbox.property("PrivateNetwork", of: "tickerd@lounge.service") == "no")
        #expect(try await sandbox.property("PrivateUsers", of: "tickerd@lounge.service") == "yes")
        #expect(try await sandbox.property("SupplementaryGroups", of: "tickerd@kitchen.service") == "dialout tickerd")
        #expect(try await sandbox.property("PrivateNetwork", of: "tickerd@kitchen.service") == "yes")
        try await sandbox.run("printf 'text Hi!\\n' > /run/tickerd/lounge/feed", as: "feeder")
        try await Sandbox.check("the lounge's DDP packets to carry what tickerctl render draws", rig: rig) {
            matrix.service()
            return matrix.pushed == expected
        }
        #expect(matrix.refused.isEmpty, "\(matrix.refused)")

        // Uninstalling stops and disables every instance.
        try await sandbox.run("make -s -C \(Sandbox.repository) uninstall")
        let active = try await sandbox.run("systemctl list-units --all --no-legend --plain 'tickerd@*'").output
        #expect(
            active.split(separator: "\n").allSatisfy { $0.contains(" inactive ") || $0.contains(" not-found ") },
            "still loaded:\n\(active)")
        let enabled = try await sandbox.run("ls /etc/systemd/system/*.wants/ | grep tickerd || true").output
        #expect(enabled.isEmpty, "still enabled:\n\(enabled)")
        let running = try await sandbox.run("pgrep -l -x 'tickerd|tickerctl' || true").output
        #expect(running.isEmpty, "still running:\n\(running)")
    }

    /// Starts a real MPD inside the sandbox (a transient unit, null audio output, a unix socket) with one FLAC
    /// song tagged `title` queued.
    private func startMPD(in sandbox: Sandbox, rig: Rig, title: String) async throws {
        try sandbox.write(
            "/etc/mpd-sandbox.conf",
            """
            music_directory "/var/lib/mpd/music"
            db_file "/run/mpd-sandbox/database"
            state_file "/run/mpd-sandbox/state"
            bind_to_address "/run/mpd-sandbox/socket"
            zeroconf_enabled "no"
            audio_output {
                type "null"
                name "null"
            }

            """)
        try await sandbox.run(
            "mkdir -p /var/lib/mpd/music /run/mpd-sandbox && cd /var/lib/mpd/music"
                + " && sox -q -n -r 44100 -c 2 tune.flac synth 60 sine 440 && metaflac --set-tag=TITLE=\(title) tune.flac"
        )
        try await sandbox.run(
            "systemd-run --unit=sandbox-mpd --property=Type=notify /usr/bin/mpd --no-daemon --systemd /etc/mpd-sandbox.conf"
        )
        try await sandbox.run(
            "mpc -q -h /run/mpd-sandbox/socket --wait update && mpc -q -h /run/mpd-sandbox/socket add tune.flac")
    }

    /// Starts Mosquitto (below) on a free port, which it returns, with the bridge's password in the two files
    /// the bridge's units name: the credential's, root's alone, which systemd must find, and a copy the group
    /// tickerd may read, which the tests' drop-ins hand the bridge instead.
    private func startBroker(in sandbox: Sandbox) async throws -> UInt16 {
        let port = try FreePort.tcp()
        try await startMosquitto(in: sandbox, port: port)
        try sandbox.write("/etc/tickerd/mqtt-password", "sandbox-secret\n")
        try sandbox.write("/etc/tickerd/mqtt-password-sandbox", "sandbox-secret\n")
        try await sandbox.run(
            "chmod 0600 /etc/tickerd/mqtt-password && chgrp tickerd /etc/tickerd/mqtt-password-sandbox"
                + " && chmod 0640 /etc/tickerd/mqtt-password-sandbox")
        return port
    }

    /// Starts a real Mosquitto inside the sandbox (a transient unit) on 127.0.0.1 at `port`, with one user,
    /// `tickerd`, who may use `tickerd/#` and `homeassistant/#`.
    private func startMosquitto(in sandbox: Sandbox, port: UInt16) async throws {
        try sandbox.write(
            "/etc/mosquitto-sandbox/mosquitto.conf",
            """
            listener \(port) 127.0.0.1
            allow_anonymous false
            password_file /etc/mosquitto-sandbox/passwd
            acl_file /etc/mosquitto-sandbox/acl
            persistence false
            user root

            """)
        try sandbox.write(
            "/etc/mosquitto-sandbox/acl", "user tickerd\ntopic readwrite tickerd/#\ntopic readwrite homeassistant/#\n")
        try await sandbox.run("mosquitto_passwd -c -b /etc/mosquitto-sandbox/passwd tickerd sandbox-secret")
        try await sandbox.run(
            "systemd-run --unit=sandbox-mosquitto /usr/sbin/mosquitto -c /etc/mosquitto-sandbox/mosquitto.conf")
        try await sandbox.wait("Mosquitto to listen", for: "ss -Hltn 'sport = :\(port)'") { !$0.isEmpty }
    }

    /// One item of shairport-sync's metadata pipe.
    static func shairportItem(_ type: String, _ code: String, _ payload: String? = nil) -> String {
        func hex(_ text: String) -> String { text.utf8.map { String(format: "%02x", $0) }.joined() }
        let head = "<item><type>\(hex(type))</type><code>\(hex(code))</code>"
        guard let payload else { return head + "<length>0</length></item>\n" }
        let bytes = Data(payload.utf8)
        return head
            + "<length>\(bytes.count)</length>\n<data encoding=\"base64\">\n\(bytes.base64EncodedString())</data></item>\n"
    }
}

/// A UDP socket on 127.0.0.1 standing in for a network matrix: the sandbox shares the host's network, so what the
/// daemon in it sends to this port arrives here. Keeps the pixel data of the last DDP packet that pushed.
private final class DDPListener {
    /// The port it is bound to.
    let port: UInt16
    private let descriptor: Int32
    /// The LED bytes of the last packet with the push flag; empty before one arrives.
    private(set) var pushed: [UInt8] = []
    /// Every datagram that is not a DDP data packet, as the decoder names its fault.
    private(set) var refused: [String] = []

    init() throws {
        let type = Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue) | Int32(SOCK_NONBLOCK.rawValue)
        descriptor = socket(AF_INET, type, 0)
        guard descriptor >= 0 else { throw TestFailure("socket: \(String(cString: strerror(errno)))") }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let descriptor = descriptor
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer in
                bind(descriptor, pointer, length) == 0 && getsockname(descriptor, pointer, &length) == 0
            }
        }
        guard bound else { throw TestFailure("bind: \(String(cString: strerror(errno)))") }
        port = UInt16(bigEndian: address.sin_port)
    }

    deinit { close(descriptor) }

    /// Reads the waiting datagrams.
    func service() {
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
            guard count > 0 else { return }
            buffer.withUnsafeBytes { raw in
                let datagram = UnsafeRawBufferPointer(rebasing: raw[..<count])
                do {
                    let packet = try DDPPacket(parsing: datagram)
                    if packet.push, packet.offset == 0 { pushed = Array(datagram[packet.data]) }
                } catch {
                    refused.append("\(error)")
                }
            }
        }
    }
}
