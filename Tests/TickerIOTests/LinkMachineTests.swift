import Testing
import TickerCore
import TickerTestSupport
import TickerWire

@testable import TickerIO

@Suite struct LinkMachineTests {
    let policy = LinkPolicy()

    func ms(_ value: Int64) -> Duration { .milliseconds(value) }

    func info() throws -> DeviceInfo {
        try DeviceInfo(
            geometry: PanelGeometry(width: 32, height: 8, bitsPerPixel: 1), maxFramesPerSecond: 60, capabilities: [],
            firmwareName: "test")
    }

    @Test func opensAtOnceThenSaysHelloUntilTheInfoComes() throws {
        var machine = LinkMachine(policy: policy)
        #expect(machine.next(at: ms(0)) == .open)
        machine.opened(at: ms(0))
        #expect(machine.next(at: ms(0)) == .hello)
        machine.sentHello(at: ms(0))
        #expect(machine.next(at: ms(100)) == .idle)
        #expect(machine.next(at: ms(250)) == .hello)
        machine.received(try info(), at: ms(300))
        // The first frame after the handshake is whole.
        #expect(machine.next(at: ms(300)) == .frame(full: true))
        machine.sentFrame(full: true, at: ms(300))
        #expect(machine.next(at: ms(316)) == .frame(full: false))
    }

    @Test func streamsAnywayWhenTheDeviceNeverAnswers() {
        var machine = LinkMachine(policy: policy)
        machine.opened(at: ms(0))
        machine.sentHello(at: ms(0))
        #expect(machine.next(at: ms(2_499)) == .hello)
        #expect(machine.next(at: ms(2_500)) == .frame(full: true))
        machine.sentFrame(full: true, at: ms(2_500))
        #expect(machine.state == .streaming(lastFull: ms(2_500)))
    }

    @Test func sendsAFullFrameAtLeastOnceASecond() throws {
        var machine = LinkMachine(policy: policy)
        machine.opened(at: ms(0))
        machine.received(try info(), at: ms(10))
        machine.sentFrame(full: true, at: ms(10))
        #expect(machine.next(at: ms(1_009)) == .frame(full: false))
        #expect(machine.next(at: ms(1_010)) == .frame(full: true))
    }

    @Test func backsOffWhileTheDeviceIsAbsentAndRetriesQuicklyOnceSeen() {
        var machine = LinkMachine(policy: policy)
        var now = ms(0)
        var waits: [Int64] = []
        for _ in 0..<8 {
            #expect(machine.next(at: now) == .open)
            machine.openFailed(at: now)
            guard case .waiting(let retryAt) = machine.state else {
                Issue.record("not waiting")
                return
            }
            waits.append(Int64((retryAt - now) / .milliseconds(1)))
            now = retryAt
        }
        // Never seen: 100 ms doubling to 2 s.
        #expect(waits == [100, 200, 400, 800, 1_600, 2_000, 2_000, 2_000])
        machine.opened(at: now)
        machine.lost(at: now)
        waits = []
        for _ in 0..<5 {
            guard case .waiting(let retryAt) = machine.state else {
                Issue.record("not waiting")
                return
            }
            waits.append(Int64((retryAt - now) / .milliseconds(1)))
            now = retryAt
            machine.openFailed(at: now)
        }
        // Seen once: never more than 500 ms between tries, so a replug is back within a second.
        #expect(waits == [100, 100, 200, 400, 500])
    }

    @Test func aRejectedPacketAsksForAFullFrame() throws {
        var machine = LinkMachine(policy: policy)
        machine.opened(at: ms(0))
        machine.received(try info(), at: ms(0))
        machine.sentFrame(full: true, at: ms(0))
        machine.needFullFrame()
        #expect(machine.next(at: ms(20)) == .frame(full: true))
    }
}

@Suite struct UpdatePlannerTests {
    func frame(_ columns: [[UInt8]]) -> [UInt8] { columns.flatMap { $0 } }

    @Test func identicalFramesSendNothing() throws {
        var planner = UpdatePlanner(geometry: try PanelGeometry(width: 4, height: 8, bitsPerPixel: 1), canScroll: true)
        let a: [UInt8] = [1, 2, 3, 4]
        let update = a.withUnsafeBytes { x in a.withUnsafeBytes { y in planner.plan(from: x, to: y) } }
        #expect(update == .none)
    }

    @Test func aFewChangedColumnsGoAsAColumnUpdate() throws {
        var planner = UpdatePlanner(
            geometry: try PanelGeometry(width: 64, height: 8, bitsPerPixel: 1), canScroll: false)
        let before = [UInt8](repeating: 0, count: 64)
        var after = before
        after[10] = 0xFF
        after[12] = 0x0F
        let update = before.withUnsafeBytes { x in after.withUnsafeBytes { y in planner.plan(from: x, to: y) } }
        #expect(update == .columns(ColumnRange(start: 10, count: 3), nil))
        #expect(planner.cost(of: update) < planner.fullCost)
    }

    @Test func changesAtBothEndsGoAsTwoRanges() throws {
        var planner = UpdatePlanner(
            geometry: try PanelGeometry(width: 128, height: 8, bitsPerPixel: 1), canScroll: false)
        let before = [UInt8](repeating: 0, count: 128)
        var after = before
        after[1] = 1
        after[126] = 1
        let update = before.withUnsafeBytes { x in after.withUnsafeBytes { y in planner.plan(from: x, to: y) } }
        #expect(update == .columns(ColumnRange(start: 1, count: 1), ColumnRange(start: 126, count: 1)))
    }

    /// Colour columns are 2 or 3 bytes a pixel: a frame moved by one column is still a scroll and one column.
    @Test(arguments: [16, 24])
    func colourTextMovedOneColumnGoesAsAScrollToo(bits: Int) throws {
        let geometry = try PanelGeometry(width: 64, height: 8, bitsPerPixel: bits)
        var planner = UpdatePlanner(geometry: geometry, canScroll: true)
        let column = geometry.bytesPerColumn
        let before = (0..<(64 * column)).map { UInt8(truncatingIfNeeded: $0 &* 37 | 1) }
        let after = Array(before.dropFirst(column)) + [UInt8](repeating: 0x55, count: column)
        let update = before.withUnsafeBytes { x in after.withUnsafeBytes { y in planner.plan(from: x, to: y) } }
        #expect(
            update == .scroll(range: ColumnRange(start: 0, count: 64), dx: -1, ColumnRange(start: 63, count: 1), nil))
        #expect(planner.cost(of: update) < planner.fullCost / 10)
    }

    @Test func textMovedOneColumnGoesAsAScrollAndTheNewColumn() throws {
        var planner = UpdatePlanner(geometry: try PanelGeometry(width: 64, height: 8, bitsPerPixel: 1), canScroll: true)
        let before = (0..<64).map { UInt8(truncatingIfNeeded: $0 &* 37 | 1) }
        let after = Array(before.dropFirst()) + [0x55]
        let update = before.withUnsafeBytes { x in after.withUnsafeBytes { y in planner.plan(from: x, to: y) } }
        #expect(
            update == .scroll(range: ColumnRange(start: 0, count: 64), dx: -1, ColumnRange(start: 63, count: 1), nil))
        var withoutScroll = UpdatePlanner(geometry: planner.geometry, canScroll: false)
        let plain = before.withUnsafeBytes { x in after.withUnsafeBytes { y in withoutScroll.plan(from: x, to: y) } }
        #expect(planner.cost(of: update) < withoutScroll.cost(of: plain))
    }

    @Test func everythingChangedGoesAsAFullFrame() throws {
        var planner = UpdatePlanner(geometry: try PanelGeometry(width: 16, height: 8, bitsPerPixel: 1), canScroll: true)
        let before = [UInt8](repeating: 0, count: 16)
        let after = (0..<16).map { UInt8(truncatingIfNeeded: $0 &* 97 &+ 13) }
        let update = before.withUnsafeBytes { x in after.withUnsafeBytes { y in planner.plan(from: x, to: y) } }
        #expect(update == .full)
    }

    /// The planner compares columns as numbers (hashed beyond 8 bytes); its choices are those of comparing
    /// bytes, and the update it picks turns the shown frame into the next one.
    @Test(arguments: [(128, 16, 2), (64, 8, 1), (32, 16, 24), (40, 7, 16), (30, 32, 8)])
    func columnsComparedAsNumbersPlanAsBytesDo(width: Int, height: Int, bits: Int) throws {
        let geometry = try PanelGeometry(width: width, height: height, bitsPerPixel: bits)
        var planner = UpdatePlanner(geometry: geometry, canScroll: true)
        let column = geometry.bytesPerColumn
        var random = SplitMix(seed: UInt64(width * 1_000 + bits))
        var kinds: Set<String> = []
        for round in 0..<300 {
            // A picture of a few values, so that columns repeat, moved by up to 5 columns and touched here
            // and there, as a marquee and a sweep do.
            let shown = (0..<(width * column)).map { _ in UInt8(random.next(below: 3)) * 0x55 }
            let dx = random.next(below: 11) - 5
            var next = (0..<(width * column)).map { index in
                let source = index / column - dx
                return source >= 0 && source < width ? shown[source * column + index % column] : 0
            }
            for _ in 0..<(round % 4) { next[random.next(below: next.count)] ^= 0xFF }
            let update = shown.withUnsafeBytes { x in next.withUnsafeBytes { y in planner.plan(from: x, to: y) } }
            func same(_ a: Int, _ b: Int) -> Bool {
                next[(a * column)..<((a + 1) * column)] == shown[(b * column)..<((b + 1) * column)]
            }
            // The same search over the columns from the first that differs to the last, found byte by byte.
            let changed = (0..<width).filter { !same($0, $0) }
            let byBytes =
                changed.isEmpty
                ? FrameUpdate.none : planner.plan(changed: changed[0]..<(changed[changed.count - 1] + 1), same: same)
            #expect(update == byBytes)
            #expect(Self.apply(update, to: shown, next: next, column: column) == next)
            kinds.insert("\(update)".prefix { $0 != "(" }.description)
        }
        // The rounds reach every kind of update.
        #expect(kinds.isSuperset(of: ["none", "full", "columns", "scroll"]), "\(kinds)")
    }

    /// What a device shows after `update`: a scroll moves its range (vacated columns go blank), then the
    /// columns sent (taken from `next`) are written.
    static func apply(_ update: FrameUpdate, to shown: [UInt8], next: [UInt8], column: Int) -> [UInt8] {
        var shown = shown
        func write(_ range: ColumnRange?) {
            guard let range else { return }
            let bytes = (range.start * column)..<(range.end * column)
            shown.replaceSubrange(bytes, with: next[bytes])
        }
        switch update {
        case .none: break
        case .full: shown = next
        case .columns(let first, let second):
            write(first)
            write(second)
        case .scroll(let range, let dx, let first, let second):
            let before = shown
            for x in range.start..<range.end {
                let source = x - dx
                for k in 0..<column {
                    shown[x * column + k] =
                        source >= range.start && source < range.end ? before[source * column + k] : 0
                }
            }
            write(first)
            write(second)
        }
        return shown
    }
}

@Suite struct DeviceAddressTests {
    @Test(arguments: [
        ("/dev/ttyACM0", DeviceAddress.path("/dev/ttyACM0")),
        ("usb:2341:0043", .usb(vendor: 0x2341, product: 0x0043, serial: nil)),
        ("usb:0483:374B:0670FF48", .usb(vendor: 0x0483, product: 0x374B, serial: "0670FF48")),
    ])
    func parsesPathsAndUSBIdentities(text: String, address: DeviceAddress) throws {
        #expect(try DeviceAddress(parsing: text) == address)
    }

    @Test(arguments: [
        ("ttyACM0", "device 'ttyACM0' is not an absolute path"),
        ("usb:2341", "device 'usb:2341' needs a vendor and a product id"),
        ("usb:23x1:0043", "device 'usb:23x1:0043' has vendor id '23x1', expected 4 hex digits"),
        ("usb:2341:43", "device 'usb:2341:43' has product id '43', expected 4 hex digits"),
    ])
    func rejectsMalformedAddressesSayingWhy(text: String, message: String) {
        #expect(throws: DeviceAddressError.self) { try DeviceAddress(parsing: text) }
        do {
            _ = try DeviceAddress(parsing: text)
        } catch {
            #expect(error.description.hasPrefix(message))
        }
    }
}
