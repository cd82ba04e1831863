import Foundation
import Glibc
import Testing
import TickerTestSupport

/// `tickerctl leds find` end to end: WLED controllers stood in for by `scripts/wled-standin` (its `/json/info`
/// as WLED's serializeInfo writes it), asked with `--host`, and found by a real Avahi (a private D-Bus system
/// bus, `avahi-daemon` on the loopback interface, the services published with `avahi-publish`); every printed
/// configuration is checked by the built `tickerd --check-config`.
@Suite(.serialized) struct LEDFindTests {
    /// A WLED stand-in answering as `kind` says; returns its HTTP port.
    static func wled(_ rig: Rig, _ kind: String, name: String = "WLED") throws -> UInt16 {
        let child = try rig.start(
            "wled-standin \(kind)", BuiltProducts.packageRoot + "/scripts/wled-standin", [kind, name])
        let line = try child.nextOutputLine("its port") { $0.hasPrefix("port ") }
        guard let port = UInt16(line.dropFirst("port ".count)) else { throw TestFailure("stand-in said '\(line)'") }
        return port
    }

    /// The configurations in `tickerctl leds find`'s output: each from `[panel]` to the line before the next
    /// device's summary, with the summary.
    static func setups(_ output: String) -> [(summary: String, configuration: String)] {
        output.components(separatedBy: "\n\n").map { block in
            let lines = block.split(separator: "\n", omittingEmptySubsequences: false)
            return (String(lines.first ?? ""), lines.dropFirst().joined(separator: "\n") + "\n")
        }
    }

    /// Runs the built tickerd on `configuration`: its exit and what it said.
    static func check(_ rig: Rig, _ configuration: String, _ name: String) async throws -> (Termination, String) {
        let path = try rig.file(name, configuration)
        let daemon = try rig.tickerd(["--check-config", "--config", path], name: "tickerd --check-config", shim: false)
        let termination = try await rig.exit(of: daemon)
        return (termination, daemon.errors)
    }

    @Test func asksEachHostAndListsTheGoodOnesBesideSentencesForTheRest() async throws {
        let rig = try Rig()
        let matrix = try Self.wled(rig, "matrix", name: "Living room")
        let strip = try Self.wled(rig, "strip", name: "Shelf")
        let hostile = ["not-json", "huge", "no-count", "zero-matrix", "absurd-matrix", "too-tall", "not-found"]
        var ports: [String: UInt16] = [:]
        for kind in hostile { ports[kind] = try Self.wled(rig, kind) }
        let closed = try FreePort.tcp()
        var arguments = ["leds", "find", "--timeout", "5", "--host", "127.0.0.1:\(matrix)"]
        for kind in hostile { arguments += ["--host", "127.0.0.1:\(ports[kind] ?? 0)"] }
        arguments += ["--host", "127.0.0.1:\(closed)", "--host", "localhost:\(strip)"]
        let find = try rig.tickerctl(arguments, name: "tickerctl leds find")
        #expect(try await rig.exit(of: find) == .exited(0), "\(find.errors)")
        let setups = Self.setups(find.outputText)
        #expect(
            setups.map(\.summary) == [
                "WLED 'Living room' 0.15.0 at 127.0.0.1:\(matrix): 256 LEDs, a 32×8 matrix (its address: 192.168.1.40)",
                "WLED 'Shelf' 0.15.0 at localhost:\(strip): 60 LEDs, a strip (no 2D matrix set up)",
            ])
        #expect(setups.first?.configuration.contains("width = 32\nheight = 8\n") == true)
        #expect(setups.first?.configuration.contains("path = ddp://127.0.0.1\n") == true)
        #expect(setups.first?.configuration.contains("max-milliamps = 850\n") == true)
        #expect(setups.last?.configuration.contains("width = 60\nheight = 1\n") == true)
        #expect(setups.last?.configuration.contains("path = ddp://localhost\n") == true)
        // Every hostile answer is one sentence, naming where it came from.
        let expected = [
            "not-json": "reply is not JSON at byte 0 (is this WLED?)",
            "huge": "answer larger than 32768 bytes",
            "no-count": "its /json/info has no LED count (leds.count)",
            "zero-matrix": "its matrix of 0×0 does not fit its 256 LEDs",
            "absurd-matrix": "its matrix of 4096×4096 does not fit its 256 LEDs",
            "too-tall": "tickerd would not take its configuration",
            "not-found": "HTTP status 404 (is this WLED?)",
        ]
        for (kind, sentence) in expected {
            let lines = find.lines(containing: "WLED at 127.0.0.1:\(ports[kind] ?? 0) ")
            #expect(lines.count == 1 && lines.first?.contains(sentence) == true, "\(kind): \(find.errors)")
        }
        #expect(find.lines(containing: "WLED at 127.0.0.1:\(closed) ").count == 1, "\(find.errors)")
        for (index, setup) in setups.enumerated() {
            let (termination, said) = try await Self.check(rig, setup.configuration, "found\(index).conf")
            #expect(termination == .exited(0), "\(setup.configuration)\n\(said)")
        }
    }

    @Test func failsWithASentenceWhenNoneAnswers() async throws {
        let rig = try Rig()
        let port = try Self.wled(rig, "not-json")
        let find = try rig.tickerctl(["leds", "find", "--host", "127.0.0.1:\(port)"], name: "tickerctl leds find")
        #expect(try await rig.exit(of: find) == .exited(1))
        #expect(find.outputText.isEmpty)
        #expect(find.lines(containing: "reply is not JSON at byte 0").count == 1, "\(find.errors)")
    }

    @Test func givesUpOnAControllerThatNeverAnswersWithinTheTimeout() async throws {
        let rig = try Rig()
        let silent = try Self.wled(rig, "silent")
        let matrix = try Self.wled(rig, "matrix")
        let find = try rig.tickerctl(
            ["leds", "find", "--timeout", "1", "--host", "127.0.0.1:\(silent)", "--host", "127.0.0.1:\(matrix)"],
            name: "tickerctl leds find")
        // 8 s: the silent controller's 1 s, the answering one's and the start, with 7 s for a loaded machine;
        // the line below says the 1 s was kept, not the default 5 s.
        #expect(try await rig.exit(of: find, timeout: .seconds(8)) == .exited(0), "\(find.errors)")
        #expect(
            find.lines(containing: "WLED at 127.0.0.1:\(silent) ").first?.contains("no answer within 1.0 s") == true)
        #expect(Self.setups(find.outputText).count == 1)
    }

    @Test func saysAvahiIsNotRunningRatherThanWaiting() async throws {
        let rig = try Rig()
        let find = try rig.tickerctl(
            ["leds", "find"], environment: ["DBUS_SYSTEM_BUS_ADDRESS": "unix:path=\(rig.path("no-bus"))"],
            name: "tickerctl leds find")
        // 5 s: the start and a refused D-Bus connection take well under a second even loaded; the lines below
        // say it did not wait out a browse.
        #expect(try await rig.exit(of: find, timeout: .seconds(5)) == .exited(1))
        #expect(find.lines(containing: "avahi-daemon is not running").count == 1, "\(find.errors)")
        #expect(find.lines(containing: "--host HOST").count == 1, "\(find.errors)")
    }

    @Test func saysAvahiIsNotInstalled() async throws {
        let rig = try Rig()
        let find = try rig.tickerctl(["leds", "find"], environment: ["PATH": rig.path("empty")], name: "leds find")
        #expect(try await rig.exit(of: find) == .exited(1))
        #expect(find.lines(containing: "'avahi-browse' is not installed (Debian: apt install avahi-utils)").count == 1)
    }

    /// An Avahi that never says it is done (a busy network, a daemon that hangs): the browse ends at the timeout
    /// with what it printed by then. Its avahi-browse prints one real resolved line, then waits.
    @Test func listsWhatABrowseFoundWhenItDoesNotEndInTime() async throws {
        let rig = try Rig()
        let matrix = try Self.wled(rig, "matrix")
        try FileManager.default.createDirectory(atPath: rig.path("bin"), withIntermediateDirectories: true)
        let browse = try rig.file(
            "bin/avahi-browse",
            "#!/bin/sh\necho '=;lo;IPv4;WLED\\032Slow;_wled._tcp;local;slow.local;127.0.0.1;\(matrix);\"mac=a0b765d4c3e2\"'\n"
                + "exec sleep 60\n")
        chmod(browse, 0o755)
        let find = try rig.tickerctl(
            ["leds", "find", "--timeout", "1"], environment: ["PATH": rig.path("bin") + ":/usr/bin:/bin"],
            name: "tickerctl leds find")
        // 6 s: the 1 s timeout, the answering controller and the start, with 5 s for a loaded machine, and far
        // under the 60 s the stuck avahi-browse would hold a tickerctl that waited for it.
        #expect(try await rig.exit(of: find, timeout: .seconds(6)) == .exited(0), "\(find.errors)")
        #expect(find.lines(containing: "avahi-browse did not finish within 1").count == 1, "\(find.errors)")
        #expect(Self.setups(find.outputText).first?.summary.hasPrefix("WLED 'WLED' 0.15.0 at 'WLED Slow' (") == true)
    }

    /// A D-Bus system bus of the test's own, and Avahi on it, announcing on the loopback interface only.
    static func avahi(_ rig: Rig) throws -> [String: String] {
        let bus = rig.path("system_bus_socket")
        let busConfig = try rig.file(
            "bus.conf",
            """
            <!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
             "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
            <busconfig>
              <type>system</type>
              <listen>unix:path=\(bus)</listen>
              <auth>EXTERNAL</auth>
              <policy context="default">
                <allow user="*"/>
                <allow own="*"/>
                <allow send_type="method_call"/>
                <allow send_destination="*"/>
                <allow receive_sender="*"/>
              </policy>
            </busconfig>
            """)
        let dbus = try rig.start(
            "dbus-daemon", "dbus-daemon", ["--config-file=\(busConfig)", "--nofork", "--print-address"])
        try dbus.nextOutputLine("its address") { $0.hasPrefix("unix:path=\(bus)") }
        let environment = ["DBUS_SYSTEM_BUS_ADDRESS": "unix:path=\(bus)"]
        let avahiConfig = try rig.file(
            "avahi-daemon.conf",
            """
            [server]
            use-ipv4=yes
            use-ipv6=no
            allow-interfaces=lo
            enable-dbus=yes
            [wide-area]
            enable-wide-area=no
            [publish]
            publish-hinfo=no
            publish-workstation=no

            """)
        let daemon = try rig.start(
            "avahi-daemon", "avahi-daemon",
            ["--file=\(avahiConfig)", "--no-drop-root", "--no-chroot", "--no-rlimits", "--no-proc-title"],
            environment: environment)
        try daemon.wait("its start-up") {
            if !daemon.lines(containing: "Daemon already running").isEmpty {
                throw TestFailure("another avahi-daemon runs on this host (its pid file is taken): \(daemon.errors)")
            }
            return !daemon.lines(containing: "Server startup complete").isEmpty
        }
        return environment
    }

    /// Publishes a service on the test's Avahi and waits until it is established.
    static func publish(_ rig: Rig, _ environment: [String: String], _ name: String, _ type: String, port: UInt16)
        throws
    {
        let publisher = try rig.start(
            "avahi-publish \(name)", "avahi-publish", ["-s", name, type, String(port), "mac=a0b765d4c3e2"],
            environment: environment)
        try publisher.wait("the service established") { !publisher.lines(containing: "Established under name").isEmpty }
    }

    @Test(.enabled(if: getuid() == 0, "avahi-daemon writes its pid file under /run/avahi-daemon: run as root"))
    func findsTheControllersAvahiKnowsAndAsksEach() async throws {
        let rig = try Rig()
        let environment = try Self.avahi(rig)
        let matrix = try Self.wled(rig, "matrix", name: "Küche")
        let broken = try Self.wled(rig, "not-json")
        try Self.publish(rig, environment, "WLED Küche", "_wled._tcp", port: matrix)
        try Self.publish(rig, environment, "WLED broken", "_wled._tcp", port: broken)
        // Only WLED's own service type is asked about.
        try Self.publish(rig, environment, "A printer", "_http._tcp", port: matrix)
        let find = try rig.tickerctl(["leds", "find"], environment: environment, name: "tickerctl leds find")
        #expect(try await rig.exit(of: find) == .exited(0), "\(find.errors)")
        let setups = Self.setups(find.outputText)
        #expect(setups.count == 1, "\(find.outputText)")
        let setup = try #require(setups.first)
        #expect(setup.summary.hasPrefix("WLED 'Küche' 0.15.0 at 'WLED Küche' ("), "\(setup.summary)")
        #expect(setup.summary.contains(", 127.0.0.1:\(matrix)): 256 LEDs, a 32×8 matrix"), "\(setup.summary)")
        #expect(setup.configuration.contains("path = ddp://127.0.0.1\n"), "\(setup.configuration)")
        #expect(setup.configuration.contains("# or ddp://"), "\(setup.configuration)")
        #expect(find.lines(containing: "WLED at 'WLED broken' (").count == 1, "\(find.errors)")
        #expect(find.lines(containing: "A printer").isEmpty)
        let (termination, said) = try await Self.check(rig, setup.configuration, "found.conf")
        #expect(termination == .exited(0), "\(setup.configuration)\n\(said)")
    }
}
