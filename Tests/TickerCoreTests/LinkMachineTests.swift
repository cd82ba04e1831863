import Testing
import TickerWire

@testable import TickerCore

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
