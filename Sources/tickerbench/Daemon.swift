import Foundation
import TickerCore
import PanelCore
import TickerIO
import TickerWire

/// Runs the built tickerd at 60 fps on a 128×16×2 panel (a pseudo-terminal with a decoding device on the
/// other side, through the test shim) and a real FIFO, and measures its CPU use, resident memory and the time
/// from a write into the pipe to the first frame on the wire that shows it.
func daemonFigures(_ arguments: [String]) -> Int32 {
    var seconds = 30
    if arguments.count == 2, arguments[0] == "--seconds", let value = Int(arguments[1]) { seconds = value }
    let binDirectory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    let tickerd = binDirectory.appendingPathComponent("tickerd").path
    let shim = binDirectory.appendingPathComponent("libTickerTestShim.so").path
    guard FileManager.default.isExecutableFile(atPath: tickerd), FileManager.default.fileExists(atPath: shim) else {
        print("tickerbench daemon: needs \(tickerd) and \(shim) (swift build -c release)")
        return 1
    }
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("tickerbench-\(getpid())")
    try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let link = directory.appendingPathComponent("panel").path
    let feedPath = directory.appendingPathComponent("feed").path
    guard let geometry = try? PanelGeometry(width: 128, height: 16, bitsPerPixel: 2),
        let info = try? DeviceInfo(geometry: geometry, maxFramesPerSecond: 60, capabilities: .scroll, firmwareName: "bench"),
        let emulator = try? PanelEmulator(info: info, link: link)
    else {
        print("tickerbench daemon: could not open a pseudo-terminal")
        return 1
    }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: tickerd)
    process.arguments = [
        "--device", link, "--feed", feedPath, "--size", "128x16", "--depth", "2", "--fps", "60", "--no-terminal",
        "--set", "layout.zones=split", "--log-level", "warning",
    ]
    var environment = ProcessInfo.processInfo.environment
    environment["LD_PRELOAD"] = shim
    process.environment = environment
    do { try process.run() } catch {
        print("tickerbench daemon: cannot start \(tickerd): \(error)")
        return 1
    }
    defer {
        process.terminate()
        process.waitUntilExit()
    }
    // Wait for the pipe and the first full frame.
    func pump(until deadline: Duration, _ done: () -> Bool) -> Bool {
        var entry = [pollfd(fd: emulator.fileDescriptor, events: Int16(POLLIN), revents: 0)]
        while Clock.now < deadline {
            if done() { return true }
            entry[0].revents = 0
            _ = try? Posix.poll(&entry, timeoutMilliseconds: 20)
            emulator.service { _, _ in }
        }
        return done()
    }
    guard pump(until: Clock.now + .seconds(10), { FileManager.default.fileExists(atPath: feedPath) && emulator.updates > 0 }),
        let writer = try? FeedWriter(path: feedPath)
    else {
        print("tickerbench daemon: tickerd did not start streaming")
        return 1
    }
    try? writer.send(["artist The Column Drivers", "title Night Signal (Extended Ticker Mix)", "play"])
    try? writer.send(["lyrics begin"] + DemoLyricsLines.lines + ["lyrics end"])

    // CPU and memory over `seconds` of steady animation.
    let ticksPerSecond = Double(sysconf(Int32(_SC_CLK_TCK)))
    let cpuStart = cpuTicks(process.processIdentifier)
    let wallStart = Clock.now
    _ = pump(until: wallStart + .seconds(Int64(seconds))) { false }
    let cpu = Double(cpuTicks(process.processIdentifier) - cpuStart) / ticksPerSecond
    let wall = (Clock.now - wallStart) / .seconds(1)
    let (rss, peak) = residentKilobytes(process.processIdentifier)

    // Latency: a message that changes the panel, written at a random phase of the frame clock.
    try? writer.send(["lyrics clear", "pause"])
    _ = pump(until: Clock.now + .milliseconds(300)) { false }
    var latencies: [Double] = []
    for round in 0..<200 {
        let before = emulator.device.framebuffer.bytes
        let start = Clock.now
        try? writer.send(["message --for 60 --priority high \(round % 2 == 0 ? "ping" : "PONG") \(round)"])
        let changed = pump(until: start + .seconds(2)) { emulator.device.framebuffer.bytes != before }
        if changed { latencies.append((Clock.now - start) / .milliseconds(1)) }
        // A pause of a fraction of a frame, so writes land at different phases of the frame clock.
        _ = pump(until: Clock.now + .microseconds(Int64(1_000 + (round * 7_919) % 16_000))) { false }
    }
    latencies.sort()
    func percentile(_ p: Double) -> Double {
        latencies.isEmpty ? .nan : latencies[min(latencies.count - 1, Int(Double(latencies.count) * p))]
    }
    print("tickerd at 60 fps, 128×16 at 2 bits per pixel, split zones, demo lyrics playing, \(Int(wall)) s:")
    print(String(format: "  CPU: %.2f %% of one core (%.2f s of CPU in %.1f s)", cpu * 100 / wall, cpu, wall))
    print(String(format: "  resident memory: %.1f MB now, %.1f MB peak (VmRSS %d kB, VmHWM %d kB)", Double(rss) / 1024, Double(peak) / 1024, rss, peak))
    print(
        String(
            format: "  write-to-wire latency over %d writes: median %.1f ms, p99 %.1f ms, max %.1f ms (frame period 16.7 ms)",
            latencies.count, percentile(0.5), percentile(0.99), latencies.last ?? .nan))
    return 0
}

/// The demo lyrics, one LRC line per element.
enum DemoLyricsLines {
    static var lines: [String] { DemoTrack.lyrics.split(separator: "\n").map(String.init) }
}

/// utime + stime of a process, in clock ticks.
func cpuTicks(_ pid: Int32) -> Int {
    guard let text = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
        let close = text.lastIndex(of: ")")
    else { return 0 }
    let fields = text[text.index(after: close)...].split(separator: " ")
    guard fields.count > 13, let user = Int(fields[11]), let system = Int(fields[12]) else { return 0 }
    return user + system
}

/// VmRSS and VmHWM of a process, in kB.
func residentKilobytes(_ pid: Int32) -> (Int, Int) {
    guard let text = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8) else { return (0, 0) }
    func value(_ key: String) -> Int {
        for row in text.split(separator: "\n") where row.hasPrefix(key) {
            return Int(row.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first ?? "") ?? 0
        }
        return 0
    }
    return (value("VmRSS:"), value("VmHWM:"))
}
