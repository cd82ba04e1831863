import Foundation
import PanelCore
import Testing
import TickerTestSupport
import TickerWire

#if canImport(Glibc)
    import Glibc
#endif

/// Boots the QEMU firmware image (Firmware/, board qemu-mps2-an386, 32×8 at 2 bits per pixel), talks to it
/// over UART0 with packets from TickerWire and reads what it shows from its UART1 mirror.
@Suite(.serialized, .enabled(if: QEMUFirmware.isAvailable, "qemu-system-arm is not installed: firmware not tested"))
struct QEMUFirmwareTests {
    let geometry = try! PanelGeometry(width: 32, height: 8, bitsPerPixel: 2)

    func checkerboard(_ phase: Int) -> [UInt8] {
        var framebuffer = Framebuffer(geometry: geometry)
        for x in 0..<32 {
            for y in 0..<8 where (x + y + phase) % 2 == 0 {
                framebuffer.setLevel(y == 0 ? 1 : 3, x: x, y: y)
            }
        }
        return framebuffer.bytes
    }

    func expectedArt(_ pixels: [UInt8]) -> String {
        var framebuffer = Framebuffer(geometry: geometry)
        pixels.withUnsafeBytes { try? framebuffer.replaceColumns(start: 0, with: $0) }
        return framebuffer.asciiArt
    }

    @Test func bootsAnswersHelloAndShowsFrames() throws {
        let firmware = try QEMUFirmware.boot(image: "qemu-32x8")
        defer { firmware.stop() }
        #expect(try firmware.readMirrorLine().hasPrefix("ready tickerpanel-qemu 1 32x8x2"))

        var encoder = PacketEncoder()
        encoder.encodeHello(sequence: 5)
        try firmware.send(encoder.encoded)
        let info = try firmware.readReply()
        guard case .info(let deviceInfo, let sequence) = info else {
            Issue.record("expected info, got \(info)")
            return
        }
        #expect(sequence == 5)
        #expect(deviceInfo.geometry == geometry)
        #expect(deviceInfo.capabilities.contains(.scroll))
        #expect(try firmware.readMirrorLine() == "=== 1 hello ===")
        _ = try firmware.readMirrorLines(8)

        for phase in 0..<3 {
            let pixels = checkerboard(phase)
            try encoder.encodeFullFrame(pixels, geometry: geometry, sequence: UInt8(phase))
            try firmware.send(encoder.encoded)
            #expect(try firmware.readMirrorLine() == "=== \(phase + 2) frame ===")
            #expect(try firmware.readMirrorLines(8) == expectedArt(pixels))
        }
    }

    @Test func dropsGarbageAndDamagedFramesThenRecovers() throws {
        let firmware = try QEMUFirmware.boot(image: "qemu-32x8")
        defer { firmware.stop() }
        _ = try firmware.readMirrorLine()
        var encoder = PacketEncoder()

        // Garbage with no delimiter, then a frame: the garbage and the frame glue into one bad packet.
        try firmware.send([UInt8](repeating: 0x5A, count: 40))
        try encoder.encodeFullFrame(checkerboard(0), geometry: geometry, sequence: 1)
        try firmware.send(encoder.encoded)
        #expect(try firmware.readMirrorLine().hasPrefix("!!! rejected"))

        // A frame with one flipped bit is rejected with a CRC error naming its type and sequence.
        var damaged = Array(encoder.encoded)
        damaged[20] ^= 0x04
        try firmware.send(damaged)
        #expect(try firmware.readMirrorLine() == "!!! rejected 1 type 16 seq 1")
        guard case .error(let garbage) = try firmware.readReply(), case .error(let report) = try firmware.readReply()
        else {
            Issue.record("expected two error replies")
            return
        }
        #expect(garbage.code != .badCRC)
        #expect(report == DeviceErrorReport(code: .badCRC, rejectedType: .fullFrame, rejectedSequence: 1, sequence: 1))

        // The next good frame is shown whole.
        let pixels = checkerboard(1)
        try encoder.encodeFullFrame(pixels, geometry: geometry, sequence: 2)
        try firmware.send(encoder.encoded)
        #expect(try firmware.readMirrorLine() == "=== 1 frame ===")
        #expect(try firmware.readMirrorLines(8) == expectedArt(pixels))

        // Column update and scroll act on what is shown.
        try encoder.encodeColumns(
            start: 0, columns: [UInt8](repeating: 0xFF, count: 2), geometry: geometry, sequence: 3)
        try firmware.send(encoder.encoded)
        #expect(try firmware.readMirrorLine() == "=== 2 columns ===")
        let afterColumns = try firmware.readMirrorLines(8)
        #expect(afterColumns.split(separator: "\n").allSatisfy { $0.hasPrefix("#") })
        try encoder.encodeScroll(start: 0, count: 32, dx: 1, geometry: geometry, sequence: 4)
        try firmware.send(encoder.encoded)
        #expect(try firmware.readMirrorLine() == "=== 3 scroll ===")
        let afterScroll = try firmware.readMirrorLines(8)
        #expect(afterScroll.split(separator: "\n").allSatisfy { $0.hasPrefix(".#") })
    }
}

/// A QEMU process running a firmware image, with UART0 (the link) and UART1 (the mirror) connected to
/// sockets this side listens on, so that nothing races: QEMU connects when it starts.
final class QEMUFirmware {
    static var isAvailable: Bool {
        (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":").contains {
            FileManager.default.isExecutableFile(atPath: "\($0)/qemu-system-arm")
        }
    }

    static let timeout: Duration = .seconds(20)
    static let packageRoot = URL(fileURLWithPath: BuiltProducts.packageRoot)

    let qemu: Child
    let link: Int32
    let mirror: Int32
    let directory: URL
    var mirrorBuffer: [UInt8] = []
    var replyReader = DeviceMessageReader()

    /// Builds the image with the firmware Makefile (quick when it is up to date), then starts QEMU.
    static func boot(image: String) throws -> QEMUFirmware {
        try Child.run(
            "make", ["-s", "-C", packageRoot.appendingPathComponent("Firmware").path, "build/\(image)/panel.elf"],
            timeout: .seconds(600))
        return try QEMUFirmware(elf: packageRoot.appendingPathComponent("Firmware/build/\(image)/panel.elf"))
    }

    init(elf: URL) throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("panel-qemu-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let linkPath = directory.appendingPathComponent("link.sock").path
        let mirrorPath = directory.appendingPathComponent("mirror.sock").path
        let linkListener = try listen(at: linkPath)
        let mirrorListener = try listen(at: mirrorPath)
        defer {
            close(linkListener)
            close(mirrorListener)
        }
        qemu = try Child(
            name: "qemu", executable: "qemu-system-arm",
            arguments: [
                "-M", "mps2-an386", "-nographic", "-monitor", "none",
                "-serial", "unix:\(linkPath)", "-serial", "unix:\(mirrorPath)", "-kernel", elf.path,
            ])
        link = try accept(linkListener, within: Self.timeout)
        mirror = try accept(mirrorListener, within: Self.timeout)
    }

    func stop() {
        // SIGKILL: nothing in the guest needs a clean shutdown.
        qemu.kill()
        close(link)
        close(mirror)
        try? FileManager.default.removeItem(at: directory)
    }

    func send(_ bytes: some Collection<UInt8>) throws {
        let bytes = Array(bytes)
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { write(link, $0.baseAddress, $0.count) }
            guard written > 0 else { throw TestFailure("writing to the firmware's UART0 failed") }
            offset += written
        }
    }

    /// Waits until either UART has bytes, or `deadline` passes (then throws), and buffers what arrived. Both
    /// UARTs are always drained, since QEMU holds the guest's output on one while the other is not read.
    func pump(until deadline: Deadline, waitingFor what: String) throws {
        var pollers = [
            pollfd(fd: link, events: Int16(POLLIN), revents: 0), pollfd(fd: mirror, events: Int16(POLLIN), revents: 0),
        ]
        guard try deadline.poll(&pollers, waitingFor: "\(what) from the firmware") > 0 else { return }
        for poller in pollers where poller.revents != 0 {
            var chunk = [UInt8](repeating: 0, count: 4096)
            let count = chunk.withUnsafeMutableBytes { read(poller.fd, $0.baseAddress, $0.count) }
            guard count > 0 else { throw TestFailure("the firmware closed a UART while waiting for \(what)") }
            if poller.fd == link { linkBuffer += chunk[0..<count] } else { mirrorBuffer += chunk[0..<count] }
        }
    }

    func readMirrorLine() throws -> String {
        let deadline = Deadline(Self.timeout)
        while true {
            if let newline = mirrorBuffer.firstIndex(of: UInt8(ascii: "\n")) {
                let line = String(decoding: mirrorBuffer[..<newline], as: UTF8.self)
                mirrorBuffer.removeSubrange(...newline)
                return line
            }
            try pump(until: deadline, waitingFor: "mirror line")
        }
    }

    func readMirrorLines(_ count: Int) throws -> String {
        try (0..<count).map { _ in try readMirrorLine() }.joined(separator: "\n")
    }

    func readReply() throws -> DeviceMessage {
        let deadline = Deadline(Self.timeout)
        while true {
            while !linkBuffer.isEmpty {
                if let message = try replyReader.push(linkBuffer.removeFirst()) { return message }
            }
            try pump(until: deadline, waitingFor: "reply")
        }
    }

    var linkBuffer: [UInt8] = []
}

/// A listening Unix stream socket at `path`.
func listen(at path: String) throws -> Int32 {
    let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
    guard descriptor >= 0 else { throw TestFailure("socket for '\(path)' failed") }
    var address = sockaddr_un()
    address.sun_family = sa_family_t(AF_UNIX)
    let bytes = Array(path.utf8)
    guard bytes.count < MemoryLayout.size(ofValue: address.sun_path) else {
        throw TestFailure("socket path '\(path)' is too long")
    }
    withUnsafeMutableBytes(of: &address.sun_path) { target in
        for (index, byte) in bytes.enumerated() { target[index] = byte }
    }
    let bound = withUnsafePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
            bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
        }
    }
    guard bound == 0, Glibc.listen(descriptor, 1) == 0 else { throw TestFailure("listening on '\(path)' failed") }
    return descriptor
}

/// The first connection to `listener`, waiting at most `timeout`.
func accept(_ listener: Int32, within timeout: Duration) throws -> Int32 {
    let deadline = Deadline(timeout)
    var pollers = [pollfd(fd: listener, events: Int16(POLLIN), revents: 0)]
    while try deadline.poll(&pollers, waitingFor: "QEMU to connect its serial port") == 0 {}
    let connection = Glibc.accept(listener, nil, nil)
    guard connection >= 0 else { throw TestFailure("accepting QEMU's connection failed") }
    return connection
}
