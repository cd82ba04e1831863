import Glibc
import PanelCore
import Testing
import TickerCore
import TickerIO
import TickerTestSupport
import TickerWire

/// The serial link, end to end: `tickerd` opens a pseudo-terminal through libserialport (with the test
/// shim preloaded) and the test plays the microcontroller with the project's own device-side decoder.
@Suite struct SerialOutputTests {
    static let demoArguments = ["--demo", "--size", "128x16", "--depth", "4", "--no-terminal"]

    @Test func demoSaysHelloThenStreamsAFullFrameAndUpdatesAndSurvivesAnUnplug() async throws {
        let rig = try Rig()
        let panel = try rig.panel(width: 128, height: 16, depth: 4)
        let daemon = try rig.tickerd(["--device", panel.link] + Self.demoArguments)
        try await rig.wait("60 pixel packets") { panel.kinds.filter(\.isPixels).count >= 60 }

        let kinds = panel.kinds
        #expect(kinds.first == .hello)
        let firstPixels = kinds.firstIndex(where: \.isPixels) ?? kinds.count
        #expect(kinds[firstPixels] == .full, "the first picture after the handshake is a full frame")
        #expect(kinds[..<firstPixels].allSatisfy { $0 == .hello || $0 == .brightness })
        #expect(!kinds.contains(.rejected), "every packet decodes: \(panel.rejections)")
        #expect(kinds.contains(.columns) || kinds.contains(.scroll), "changes after the first frame go as updates")
        #expect(panel.device.counters.badPackets == 0)
        #expect(panel.picture.contains("#"))
        let announced = try await rig.line(of: daemon, containing: "panel 'end-to-end test panel'")
        #expect(announced.contains("128×16 at 4 bit(s) per pixel"))

        // Unplug: the daemon says so once and keeps running.
        panel.unplug()
        try await rig.line(of: daemon, containing: "panel disconnected")
        // Replug at the same path: hello first, then a full frame once the device answered.
        let replugged = try rig.panel(link: panel.link, width: 128, height: 16, depth: 4)
        try await rig.wait("a full frame after the replug") { replugged.kinds.contains(.full) }
        let after = replugged.kinds
        #expect(after.first == .hello)
        let firstAfter = after.firstIndex(where: \.isPixels) ?? after.count
        #expect(after[firstAfter] == .full)
        #expect(after[..<firstAfter].allSatisfy { $0 == .hello || $0 == .brightness })
        #expect(daemon.termination == nil)
        // The log arrives on its own pipe, maybe after the frame: wait for the second connection's line.
        try await rig.wait("the second connection logged") { daemon.lines(containing: "panel connected").count >= 2 }
        #expect(daemon.lines(containing: "panel disconnected").count == 1, "\(rig.diagnostics)")
        #expect(daemon.lines(containing: "panel connected").count == 2, "\(rig.diagnostics)")
        let failures = daemon.lines(containing: "panel not available")
        #expect(Set(failures).count == failures.count, "each distinct failure to reopen is logged once: \(failures)")
    }

    @Test func aPanelThatStopsReadingMakesTheDaemonSkipFramesNotDisconnect() async throws {
        let rig = try Rig()
        let listener = try rig.notifySocket()
        let panel = try rig.panel(width: 256, height: 32, depth: 8)
        let daemon = try rig.tickerd(
            ["--device", panel.link, "--demo", "--size", "256x32", "--depth", "8", "--fps", "60", "--no-terminal"],
            environment: ["NOTIFY_SOCKET": listener.path])
        try await rig.wait("the first full frame") { panel.kinds.contains(.full) }
        // The panel stops reading: the pseudo-terminal's buffer fills and writes would block.
        panel.reading = false
        func skipped() -> Int {
            let counts = listener.assignments.filter { $0.hasPrefix("STATUS=") }.compactMap { status -> Int? in
                guard let range = status.range(of: " skipped") else { return nil }
                return Int(
                    status[..<range.lowerBound].reversed().prefix { $0.isNumber }.reversed().map(String.init).joined())
            }
            return counts.last ?? 0
        }
        try await rig.wait("the daemon to report 20 skipped frames") { skipped() >= 20 }
        let packets = panel.events.count
        panel.reading = true
        try await rig.wait("frames again once the panel reads") { panel.events.count > packets + 20 }
        // The log arrives on its own pipe, maybe after the frames: wait for its line.
        try await rig.line(of: daemon, containing: "panel connected")
        #expect(daemon.lines(containing: "panel disconnected").isEmpty, "\(rig.diagnostics)")
        #expect(daemon.lines(containing: "panel connected").count == 1)
        #expect(panel.rejections.isEmpty, "\(panel.rejections)")
    }

    @Test func marqueeUpdatesRebuildExactlyTheFramesTheSceneDraws() async throws {
        let config = """
            [marquee]
            speed = 40
            pause = 0.5
            gap = 8
            fade-edges = false
            [karaoke]
            rest-style = dither

            """
        let panelConfig = "[panel]\nwidth = 64\nheight = 8\ndepth = 1\nfps = 40\n"
        let stage = try await FeedStage(config: config, depth: 1, panelConfig: panelConfig)
        let text = "text The quick brown fox jumps over"
        // Every picture the marquee can show: one per whole-column offset of a lap, and the dark panel.
        var allowed: Set<[UInt8]> = [stage.look.blank.bytes, stage.look.frame(after: [text]).bytes]
        for offset in 0..<600 {
            allowed.insert(stage.look.frame(after: [text], at: 0.5 + (Double(offset) + 0.25) / 40).bytes)
        }
        #expect(allowed.count > 100, "the text is wider than the panel, so it scrolls")
        let checker = TickChecker(allowed: allowed)
        stage.panel.onEvent = { event, device in checker.observe(event, device) }
        try await stage.send(text)
        try await stage.rig.wait("80 checked ticks with 20 scrolls and 3 full frames") {
            checker.checks >= 80 && checker.counts[.scroll, default: 0] >= 20 && checker.counts[.full, default: 0] >= 3
        }
        #expect(checker.violations.isEmpty, "\(checker.violations.prefix(3).joined(separator: "\n"))")
    }

    @Test func corruptedBytesNeverShowAFrameTheDaemonDidNotSend() async throws {
        let rig = try Rig()
        let panel = try rig.panel(width: 128, height: 16, depth: 4, scroll: false, withTruth: true)
        let geometry = panel.device.geometry
        var sent: Set<[UInt8]> = []
        var violations: [String] = []
        var shownFull = 0
        func key(_ event: PanelEvent, _ device: PanelDevice) -> [UInt8]? {
            switch event {
            case .applied(.fullFrame): return [0] + device.framebuffer.bytes
            case .applied(.columns(let start, let count)):
                let column = geometry.bytesPerColumn
                let bytes = device.framebuffer.bytes[(start * column)..<((start + count) * column)]
                return [1, UInt8(start & 0xFF), UInt8(start >> 8), UInt8(count & 0xFF), UInt8(count >> 8)] + bytes
            default: return nil
            }
        }
        panel.onTruth = { event, device in
            if let key = key(event, device) { sent.insert(key) }
        }
        panel.onEvent = { event, device in
            if case .applied(.fullFrame) = event { shownFull += 1 }
            if let key = key(event, device), !sent.contains(key) {
                violations.append("applied \(PacketKind(event)) that the daemon never sent:\n\(device.asciiArt)")
            }
        }
        var random = SplitMix(seed: 0x7E57_C0DE)
        var corrupting = true
        var damaged = 0
        panel.corrupt = { bytes in
            guard corrupting else { return }
            var index = 0
            while index < bytes.count {
                switch random.next() % 1_600 {
                case 0:
                    bytes[index] ^= UInt8(1) << UInt8(random.next() % 8)
                    damaged += 1
                case 1:
                    bytes.remove(at: index)
                    damaged += 1
                    continue
                default: break
                }
                index += 1
            }
        }
        let daemon = try rig.tickerd(["--device", panel.link] + Self.demoArguments)
        try await rig.wait("30 rejected packets and 5 full frames shown") {
            panel.kinds.filter { $0 == .rejected }.count >= 30 && shownFull >= 5
        }
        try await rig.line(of: daemon, containing: "panel rejected packet")
        corrupting = false
        let fullBeforeStop = shownFull
        try await rig.wait("the panel to show what the daemon sent once the line is clean") {
            shownFull > fullBeforeStop && panel.device.framebuffer == panel.truth?.framebuffer
        }
        #expect(damaged > 0)
        #expect(violations.isEmpty, "\(violations.prefix(2).joined(separator: "\n"))")
        #expect(daemon.termination == nil)
    }

    @Test func secondDaemonOnTheSameDeviceIsToldThePortIsBusy() async throws {
        let rig = try Rig()
        let panel = try rig.panel(width: 128, height: 16, depth: 4)
        try rig.tickerd(["--device", panel.link] + Self.demoArguments, name: "first tickerd")
        try await rig.wait("the first daemon's full frame") { panel.kinds.contains(.full) }
        let second = try rig.tickerd(["--device", panel.link] + Self.demoArguments, name: "second tickerd")
        let refusal = try await rig.line(of: second, containing: "panel not available")
        #expect(refusal.contains("in use") || refusal.contains("busy"), "\(refusal)")
        // The first keeps streaming, the second keeps running without the port.
        let packets = panel.events.count
        try await rig.wait("more packets from the first daemon") { panel.events.count > packets + 10 }
        #expect(!panel.kinds.contains(.rejected), "\(panel.rejections)\n\(rig.diagnostics)")
        #expect(second.termination == nil)
        #expect(second.lines(containing: "panel connected").isEmpty)
    }

    /// A line too slow for the configured refresh rate.
    struct SlowLine: CustomTestStringConvertible, Sendable {
        let baud: Int
        let depth: Int
        var testDescription: String { "\(baud) baud, 128×16×\(depth) at 60 fps" }
    }

    @Test(arguments: [SlowLine(baud: 9_600, depth: 8), SlowLine(baud: 115_200, depth: 4)])
    func startUpWarningSaysWhatRateWouldFitTheLine(_ line: SlowLine) async throws {
        let rig = try Rig()
        let daemon = try rig.tickerd([
            "--demo", "--device", rig.path("absent"), "--baud", String(line.baud), "--size", "128x16", "--depth",
            String(line.depth), "--fps", "60", "--no-terminal",
        ])
        let warning = try await rig.line(of: daemon, containing: "bytes on the wire")
        let frameBytes = try PanelGeometry(width: 128, height: 16, bitsPerPixel: line.depth).fullFrameEncodedCount
        let perSecond = line.baud / 10
        #expect(warning.contains("warning: a full 128×16×\(line.depth) frame is \(frameBytes) bytes on the wire"))
        #expect(warning.contains("at 60 fps that is \(frameBytes * 60) bytes/s"))
        #expect(warning.contains("\(perSecond) bytes/s \(line.baud) baud carries"))
        let fitting =
            perSecond >= frameBytes
            ? "full frames fit at \(perSecond / frameBytes) fps"
            : "one full frame takes \(frameBytes * 1_000 / perSecond) ms"
        #expect(warning.contains(fitting), "\(warning)")
        #expect(warning.contains("or at 60 fps from \(frameBytes * 60 * 10) baud"), "\(warning)")
    }
}

/// Checks a panel's picture between ticks: a tick's packets ([brightness] then a full frame, one or two
/// column ranges, or a scroll and up to two ranges) are only complete once the next tick's first packet
/// arrives, so the picture is checked when a packet is seen that cannot belong to the same tick.
final class TickChecker {
    let allowed: Set<[UInt8]>
    private(set) var checks = 0
    private(set) var counts: [PacketKind: Int] = [:]
    private(set) var violations: [String] = []
    private var pending: (kind: PacketKind, end: Int, bytes: [UInt8], art: String)?

    init(allowed: Set<[UInt8]>) { self.allowed = allowed }

    func observe(_ event: PanelEvent, _ device: PanelDevice) {
        let kind = PacketKind(event)
        counts[kind, default: 0] += 1
        if kind == .rejected { violations.append("rejected packet: \(event)") }
        guard kind.isPixels else { return }
        var start = 0
        var end = 0
        if case .applied(.columns(let first, let count)) = event {
            start = first
            end = first + count
        }
        if let pending {
            let newTick: Bool
            switch kind {
            case .columns:
                // Within a tick, ranges follow a scroll, or a second range starts beyond a gap after the first.
                newTick =
                    pending.kind == .full || pending.kind == .blank
                    || (pending.kind == .columns && start <= pending.end)
            default:
                newTick = true
            }
            if newTick { check(pending.bytes, art: pending.art, what: "after a tick ending with \(pending.kind)") }
        }
        if kind == .full { check(device.framebuffer.bytes, art: device.asciiArt, what: "full frame") }
        pending = (kind, end, device.framebuffer.bytes, device.asciiArt)
    }

    private func check(_ bytes: [UInt8], art: String, what: String) {
        checks += 1
        if !allowed.contains(bytes) { violations.append("\(what) shows a picture the scene never draws:\n\(art)") }
    }
}
