import Foundation
import Glibc
import Testing
import TickerCore
import TickerTestSupport

/// LED matrices on the network end to end: `tickerd` sends Art-Net and E1.31 to the Open Lighting
/// Architecture's olad, a receiver nobody here wrote, and DDP to sockets of the test's own; what arrives is
/// compared, LED for LED, with what `tickerctl render` draws.
@Suite(.serialized) struct NetworkMatrixTests {
    /// A 32×8 colour panel in two colours, without gamma or power limit, so every LED's bytes are exact.
    static func config(feed: String, device: String, extra: String = "") -> String {
        """
        [panel]
        width = 32
        height = 8
        depth = rgb
        [colors]
        title = #FF8000
        background = #000010
        [device]
        path = \(device)
        \(extra)
        [feed]
        path = \(feed)
        [leds]
        gamma = 1
        max-milliamps = 0

        """
    }

    /// The LED bytes of what `tickerctl render` draws for `text` with `config`, LEDs in rows from the top left:
    /// the text's pixels in the title colour, every other in the background's.
    static func rendered(_ rig: Rig, config: String, text: String) async throws -> [UInt8] {
        let render = try rig.tickerctl(["render", "--config", config, "--text", text], name: "tickerctl render")
        #expect(try await rig.exit(of: render) == .exited(0))
        let picture = render.outputText.split(separator: "\n").joined()
        #expect(picture.contains("#") && picture.count == 256, "a 32×8 picture with the text lit:\n\(picture)")
        return picture.flatMap { $0 == "#" ? [0xFF, 0x80, 0x00] : [0x00, 0x00, 0x10] as [UInt8] }
    }

    static func hex(_ bytes: some Sequence<UInt8>) -> String {
        bytes.map { String(format: "%02x", $0) }.joined()
    }

    /// Art-Net and E1.31 unicast to olad on loopback, and E1.31 to the universes' multicast groups, which olad
    /// joins.
    @Test(arguments: ["artnet://127.0.0.1", "sacn://127.0.0.1", "sacn://"])
    func oladReceivesWhatTickerctlRenderDraws(device: String) async throws {
        let rig = try Rig()
        let artnet = device.hasPrefix("artnet")
        // Art-Net universes 1 and 2, E1.31 universes 5 and 6: 768 bytes of LEDs at 510 channels a universe.
        let universes = artnet ? Array(OLA.artNetUniverses.prefix(2)) : OLA.e131Universes
        let ola = try await OLA.start(rig, watching: universes)
        let feed = rig.path("feed")
        let config = try rig.file(
            "tickerd.conf",
            Self.config(
                feed: feed, device: device,
                extra: "universe = \(universes[0])\non-exit = release"))
        let expected = try await Self.rendered(rig, config: config, text: "Hi!")
        let daemon = try rig.tickerd(["--config", config, "--no-terminal"])
        try await rig.line(of: daemon, containing: "in 2 universes")
        try await rig.feed(["text Hi!"], to: feed)
        let first = Self.hex(expected.prefix(510))
        let second = Self.hex(expected.dropFirst(510))
        try await rig.wait("olad to receive the rendered picture in universes \(universes)") {
            ola.frames(of: universes[0]).last == first && ola.frames(of: universes[1]).last == second
        }
        #expect(daemon.lines(containing: "warning").isEmpty, "\(daemon.lines)")
        if !artnet {
            // On release E1.31 tells the receiver at once that the source is gone, universe by universe.
            kill(daemon.pid, SIGTERM)
            #expect(try await rig.exit(of: daemon) == .exited(0))
            for universe in universes {
                try await rig.line(of: ola.daemon, containing: "sent a termination for universe \(universe)")
            }
        }
        #expect(ola.daemon.termination == nil)
    }
}

/// How a network sink lives with a network that changes: a receiver that comes late, a device that moves to
/// another address, a name that stops resolving, and a picture that stands still for half a minute.
@Suite struct NetworkResilienceTests {
    /// Starts `tickerd` with `config` seeing `hosts` as /etc/hosts (a mount namespace of its own), so the
    /// test can move a name or take it away while the daemon runs, as DHCP and a router would.
    static func daemon(_ rig: Rig, config: String, hosts: String) throws -> Child {
        try rig.start(
            "tickerd", "/usr/bin/unshare",
            [
                "--mount", "/bin/sh", "-c", #"mount --bind "$0" /etc/hosts && exec "$@""#, hosts,
                try BuiltProducts.tickerd(), "--config", config, "--no-terminal",
            ])
    }

    /// Replaces the contents of `path` in place (the same file, so a bind mount of it sees the change).
    static func rewrite(_ path: String, _ text: String) throws {
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        try handle.truncate(atOffset: 0)
        try handle.write(contentsOf: Data(text.utf8))
        try handle.close()
    }

    /// Whether `catcher` got a DDP frame of 32×8 LEDs: one packet of 768 bytes, pushed.
    static func gotFrame(_ catcher: DatagramCatcher, after count: Int = 0) -> Bool {
        catcher.datagrams.dropFirst(count).contains { datagram in
            datagram.bytes.withUnsafeBytes { raw in
                guard let packet = try? DDPPacket(parsing: raw) else { return false }
                return packet.push && packet.offset == 0 && packet.data.count == 768
            }
        }
    }

    @Test func aLateReceiverAMovedDeviceAndALostNameAreFollowedEachLoggedOnce() async throws {
        guard geteuid() == 0 else { return }
        let rig = try Rig()
        let port = try FreePort.udp()
        let hosts = try rig.file("hosts", "127.0.0.1 panel-a\n")
        let feed = rig.path("feed")
        let config = try rig.file(
            "tickerd.conf", NetworkMatrixTests.config(feed: feed, device: "ddp://panel-a:\(port)"))
        let daemon = try Self.daemon(rig, config: config, hosts: hosts)
        // Nobody listens yet: the kernel's "port unreachable" is the news, once.
        try await rig.line(of: daemon, containing: "nothing listening on 127.0.0.1:\(port)")
        let first = try rig.catcher(host: "127.0.0.1", port: port)
        try await rig.wait("the late receiver to get a frame") { Self.gotFrame(first) }
        try await rig.line(of: daemon, containing: "frames go out again")
        // The device moves to another address: the old one stops answering, the name follows it. The lines are
        // counted before the move: the log arrives on its own pipe, maybe before the frame the test waits for.
        let beforeMove = daemon.lines.count
        try Self.rewrite(hosts, "127.0.0.2 panel-a\n")
        first.close()
        let moved = try rig.catcher(host: "127.0.0.2", port: port)
        try await rig.wait("the moved device to get frames at its new address") { Self.gotFrame(moved) }
        try await rig.line(of: daemon, containing: "frames go out again", after: beforeMove)
        // The name stops resolving while the device is gone, and comes back.
        try Self.rewrite(hosts, "")
        moved.close()
        try await rig.line(of: daemon, containing: "not reachable: resolve 'panel-a'")
        let logged = daemon.lines.count
        try Self.rewrite(hosts, "127.0.0.2 panel-a\n")
        let back = try rig.catcher(host: "127.0.0.2", port: port)
        try await rig.wait("the device to get frames once its name resolves again") { Self.gotFrame(back) }
        try await rig.line(of: daemon, containing: "frames go out again", after: logged)
        #expect(daemon.lines(containing: "not reachable").count == 1, "\(daemon.lines)")
        #expect(daemon.lines(containing: "frames go out again").count == 3, "\(daemon.lines)")
        #expect(daemon.termination == nil)
    }

    @Test func aStillPictureKeepsEveryReceiverWithinItsTimeoutForHalfAMinute() async throws {
        let rig = try Rig()
        // DDP to WLED (realtime ends 2.5 s after the last frame), AWTRIX 3 over Art-Net (1 s), E1.31 (2.5 s).
        let receivers: [(device: String, timeout: Duration)] = [
            ("ddp", .milliseconds(2_500)), ("awtrix", .seconds(1)), ("sacn", .milliseconds(2_500)),
        ]
        var catchers: [DatagramCatcher] = []
        for (index, receiver) in receivers.enumerated() {
            let port = try FreePort.udp()
            catchers.append(try rig.catcher(port: port))
            let feed = rig.path("feed\(index)")
            let config = try rig.file(
                "tickerd\(index).conf",
                NetworkMatrixTests.config(feed: feed, device: "\(receiver.device)://127.0.0.1:\(port)"))
            let daemon = try rig.tickerd(["--config", config, "--no-terminal"], name: "tickerd \(receiver.device)")
            try await rig.line(of: daemon, containing: "LED controller")
            try await rig.feed(["text Hi!"], to: feed)
        }
        let start = ContinuousClock.now
        try await rig.wait("30 s of a still title", timeout: .seconds(60)) {
            catchers.allSatisfy { ($0.datagrams.last?.at ?? start) - start >= .seconds(30) }
        }
        for (catcher, receiver) in zip(catchers, receivers) {
            // The first packet of each frame (DDP's one, the first universe's).
            let firsts = catcher.datagrams.filter { $0.at >= start && Self.isFirstPacket($0.bytes) }
            let gaps = zip(firsts.dropFirst(), firsts).map { $0.at - $1.at }
            let longest = gaps.max() ?? .seconds(60)
            // The receiver's own timeout, no looser: a longer gap is the picture going dark. The keepalive
            // comes every 0.5 s, so the daemon's wake-up and the catcher's read may each be late by 0.5 s
            // (AWTRIX, 1 s) or 2 s (2.5 s) before it fails, far beyond scheduling delays on a loaded machine.
            #expect(longest < receiver.timeout, "\(receiver.device): \(firsts.count) frames, longest gap \(longest)")
            // 50: 30 s of keepalives every 0.5 s are 60 frames; 10 (5 s of them) may come late or be missed
            // under load, while a daemon that sent only at the receiver's timeout (1 s or 2.5 s) falls short.
            #expect(firsts.count >= 50, "\(receiver.device): a keepalive frame every 0.5 s, got \(firsts.count)")
        }
    }

    /// Whether `bytes` are the first packet of a frame: DDP at offset 0, or the first universe's packet.
    static func isFirstPacket(_ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBytes { raw in
            // Art-Net's "Art-Net" begins with 0x41, which reads as DDP's version 1 with push: magic ids first.
            if let packet = try? ArtDmxPacket(parsing: raw) { return packet.portAddress == 0 }
            if let packet = try? E131Packet(parsing: raw) { return packet.universe == 1 }
            if let packet = try? DDPPacket(parsing: raw) { return packet.offset == 0 }
            return false
        }
    }
}
