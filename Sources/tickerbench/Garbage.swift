import Foundation
import TickerCore
import TickerIO
import TickerWire

/// What a device streaming garbage at line rate costs: the host-side reader's cost per byte, measured in
/// process, then the built tickerd at 60 fps on a 128×16×2 panel (a pseudo-terminal through the test shim,
/// with an emulated device that answers) while the device side also writes, by default at 115200 baud's
/// 11,520 bytes a second, in 1 ms slices: nothing (the baseline), random bytes, malformed error messages, and
/// valid error messages (each one asks for a full frame).
func garbageFigures(_ arguments: [String]) -> Int32 {
    var seconds = 10
    var rate = 11_520
    var rest = arguments[...]
    while let option = rest.popFirst() {
        let value = rest.popFirst().flatMap { Int($0) } ?? 0
        switch option {
        case "--seconds" where value > 0: seconds = value
        case "--bytes-per-second" where value > 0: rate = value
        default:
            print("usage: tickerbench garbage [--seconds N] [--bytes-per-second N]")
            return 2
        }
    }
    var random = SplitMix(seed: 0x7469_636B_6572)

    // The reader alone: random bytes, best of 5 rounds of 4 MiB.
    let sample = (0..<(4 << 20)).map { _ in UInt8(truncatingIfNeeded: random.next()) }
    var best = UInt64.max
    var problems = 0
    for _ in 0..<5 {
        var reader = DeviceReplyReader(capacity: 512)
        let start = DispatchTime.now().uptimeNanoseconds
        for byte in sample { _ = reader.push(byte) }
        best = min(best, DispatchTime.now().uptimeNanoseconds - start)
        problems = reader.problemCounts.reduce(0, +)
    }
    let nanosPerByte = Double(best) / Double(sample.count)
    print("Host-side reader (DeviceReplyReader), random bytes, release build, best of 5 rounds of 4 MiB:")
    print(
        String(
            format: "  %.1f ns per byte, %d dropped runs per MiB; at %d B/s: %.3f %% of one core",
            nanosPerByte, problems / 4, rate, nanosPerByte * Double(rate) / 1e7))

    let products = BuiltProducts()
    guard products.areBuilt(for: "garbage") else { return 1 }
    let directory = benchDirectory("tickerbench-garbage-\(getpid())")
    defer { try? FileManager.default.removeItem(at: directory) }
    let link = directory.appendingPathComponent("panel").path
    guard let info = benchPanel(firmwareName: "bench"), let emulator = try? PanelEmulator(info: info, link: link) else {
        print("tickerbench garbage: could not open a pseudo-terminal")
        return 1
    }
    let process = products.tickerdProcess([
        "--device", link, "--demo", "--size", "128x16", "--depth", "2", "--fps", "60", "--no-terminal",
        "--log-level", "warning",
    ])
    process.standardError = FileHandle.nullDevice
    guard products.start(process, for: "garbage") else { return 1 }
    defer {
        process.terminate()
        process.waitUntilExit()
    }

    // Services the emulated device until `deadline`, writing `stream` (cycled) at `rate` bytes a second.
    func run(until deadline: Duration, stream: [UInt8]) {
        let start = Clock.now
        var written = 0
        var entry = [pollfd(fd: emulator.fileDescriptor, events: Int16(POLLIN), revents: 0)]
        while Clock.now < deadline {
            entry[0].revents = 0
            _ = try? Posix.poll(&entry, timeoutMilliseconds: 1)
            emulator.service { _, _ in }
            guard !stream.isEmpty else { continue }
            let due = Int((Clock.now - start) / .seconds(1) * Double(rate))
            guard due > written else { continue }
            let slice = (written..<due).map { stream[$0 % stream.count] }
            guard (try? Posix.writeAll(emulator.fileDescriptor, slice, what: link)) != nil else { return }
            written = due
        }
    }
    run(until: Clock.now + .seconds(10), stream: [])
    guard emulator.updates > 0 else {
        print("tickerbench garbage: tickerd did not start streaming")
        return 1
    }

    var malformedErrors: [UInt8] = []
    var validErrors: [UInt8] = []
    var encoder = PacketEncoder()
    for sequence in 0..<64 {
        encoder.encodeRaw(type: MessageType.error.rawValue, sequence: UInt8(sequence), payload: [0x01])
        malformedErrors += encoder.encoded
        encoder.encodeError(.badCRC, rejectedType: 0x11, rejectedSequence: UInt8(sequence), sequence: UInt8(sequence))
        validErrors += encoder.encoded
    }
    let cases: [(String, [UInt8])] = [
        ("nothing (baseline)", []),
        ("random bytes", (0..<65_536).map { _ in UInt8(truncatingIfNeeded: random.next()) }),
        ("malformed error messages", malformedErrors),
        ("valid error messages", validErrors),
    ]
    let ticksPerSecond = Double(sysconf(Int32(_SC_CLK_TCK)))
    print("")
    print(
        "tickerd at 60 fps, 128×16 at 2 bits per pixel, demo, while the device writes at \(rate) B/s, \(seconds) s each:"
    )
    var baseline = 0.0
    for (name, stream) in cases {
        let before = processTicks(process.processIdentifier)
        let wallStart = Clock.now
        let updatesBefore = emulator.updates
        run(until: wallStart + .seconds(Int64(seconds)), stream: stream)
        let wall = (Clock.now - wallStart) / .seconds(1)
        let cpu = Double(processTicks(process.processIdentifier) - before) / ticksPerSecond * 100 / wall
        if stream.isEmpty { baseline = cpu }
        let updates = Double(emulator.updates - updatesBefore) / wall
        print(
            String(
                format: "  %@ %.2f %% of one core (%+.2f over the baseline), %.0f pixel packets/s reached the panel",
                (name + ":").padding(toLength: 28, withPad: " ", startingAt: 0), cpu, cpu - baseline, updates))
        guard process.isRunning else {
            print("tickerbench garbage: tickerd ended")
            return 1
        }
    }
    return 0
}

/// utime + stime of a process, in clock ticks.
private func processTicks(_ pid: Int32) -> Int {
    guard let text = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
        let close = text.lastIndex(of: ")")
    else { return 0 }
    let fields = text[text.index(after: close)...].split(separator: " ")
    guard fields.count > 13, let user = Int(fields[11]), let system = Int(fields[12]) else { return 0 }
    return user + system
}
