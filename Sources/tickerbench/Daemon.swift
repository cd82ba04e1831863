import Foundation
import PanelCore
import TickerCore
import TickerIO
import TickerWire

/// Runs the built tickerd at 60 fps on a 128×16×2 panel (a pseudo-terminal with a decoding device on the
/// other side, through the test shim) and a real FIFO, in five scenes — a blank panel, a title that fits, a
/// new title every 3 s (each sliding in, the default transition), a marquee at 30 px/s, a marquee over a
/// karaoke sweep — and the floor: a program that does nothing but wake at
/// 60 Hz from a timerfd and write 37 bytes to a pseudo-terminal. The floor runs right before each scene, for
/// as long, and each ratio is to that run: the machine's speed drifts from minute to minute. (Run side by side,
/// the two programs disturb each other: the floor costs less when it wakes on a core the daemon keeps busy.)
/// For each it measures the CPU time, the wake-ups (voluntary context switches), the
/// resident memory, and how far from the 60 Hz frame grid the updates reach the pseudo-terminal; then the
/// time from a write into the pipe to the first frame on the wire that shows it.
func daemonFigures(_ arguments: [String]) -> Int32 {
    var seconds = 20
    var products = BuiltProducts()
    var only: String?
    var network = false
    var view = BenchView.off
    var index = 0
    while index + 1 < arguments.count {
        switch arguments[index] {
        case "--seconds": seconds = Int(arguments[index + 1]) ?? seconds
        case "--tickerd": products.tickerd = arguments[index + 1]
        case "--shim": products.shim = arguments[index + 1]
        case "--scene": only = arguments[index + 1]
        case "--device":
            guard ["panel", "ddp"].contains(arguments[index + 1]) else {
                print("tickerbench daemon: --device takes panel or ddp")
                return 2
            }
            network = arguments[index + 1] == "ddp"
        case "--view":
            guard let mode = BenchView(rawValue: arguments[index + 1]) else {
                print("tickerbench daemon: --view takes off, idle or reading")
                return 2
            }
            view = mode
        default:
            print(
                "tickerbench daemon: unknown option '\(arguments[index])' "
                    + "(expected --seconds, --tickerd, --shim, --scene, --device, --view)")
            return 2
        }
        index += 2
    }
    guard products.areBuilt(for: "daemon") else { return 1 }
    print(
        "\(products.tickerd), 60 fps, "
            + (network
                ? "DDP to a 32×8 RGB matrix on 127.0.0.1 (one 778-byte datagram a frame)"
                : "128×16 at 2 bits per pixel, split zones") + ", \(seconds) s per scene, view socket \(view.rawValue)")
    /// The floor program, measured for `seconds`: waking on every instant of the 60 Hz grid, or on `wakes` of
    /// them a second.
    func measureFloor(wakes: Int? = nil) -> RunFigures? {
        guard let floor = FloorRun(network: network, wakes: wakes) else { return nil }
        defer { floor.stop() }
        floor.pump(for: .seconds(1))
        return floor.measure { floor.pump(for: .seconds(Int64(seconds))) }
    }
    let scenes: [(String, [String])] = [
        ("blank panel", []),
        ("a title that fits", ["title Night Signal", "play"]),
        ("a new title every 3 s", ["title Track 0 of the night", "play"]),
        ("marquee at 30 px/s", ["artist The Column Drivers", "title Night Signal (Extended Ticker Mix)", "play"]),
        (
            "marquee + karaoke sweep",
            ["lyrics begin"] + DemoLyricsLines.lines + [
                "lyrics end", "artist The Column Drivers", "title Night Signal (Extended Ticker Mix)", "play",
            ]
        ),
    ]
    for (index, (name, commands)) in scenes.enumerated() where only.map({ name.contains($0) }) ?? true {
        guard let floor = measureFloor() else {
            print("tickerbench daemon: the floor program did not run")
            return 1
        }
        print(
            pad("  floor", 28)
                + String(
                    format:
                        "%5.1f wake-ups/s   CPU %.3f %% of a core                %5.1f writes/s    grid deviation p50 %.2f ms, p99 %.2f ms",
                    floor.wakeups, floor.cpuPercent, floor.updatesPerSecond, floor.deviation.p50, floor.deviation.p99))
        guard let run = DaemonRun(products, network: network, view: view) else { return 1 }
        defer { run.stop() }
        try? run.writer?.send(commands)
        // Let the commands land and the first frames go out before measuring.
        run.pump(for: .seconds(1))
        let figures = run.measure {
            guard name.hasPrefix("a new title") else { return run.pump(for: .seconds(Int64(seconds))) }
            // A title that fits, changed every 3 s: the panel moves only while the new one slides in.
            for track in 1...max(seconds / 3, 1) {
                try? run.writer?.send(["title Track \(track) of the night"])
                run.pump(for: .seconds(3))
            }
        }
        print(
            pad("  " + name, 28)
                + String(
                    format: "%5.1f wake-ups/s   CPU %.3f %% of a core = %.2f × the floor   "
                        + "%5.1f updates/s   grid deviation p50 %.2f ms, p99 %.2f ms   VmHWM %.1f MB",
                    figures.wakeups, figures.cpuPercent, figures.cpuPercent / max(floor.cpuPercent, 1e-9),
                    figures.updatesPerSecond, figures.deviation.p50, figures.deviation.p99,
                    Double(figures.peakKilobytes) / 1024))
        if figures.updatesPerSecond > 0 {
            print(
                pad("", 28)
                    + String(
                        format: "%.2f wake-ups per frame sent", figures.wakeups / figures.updatesPerSecond))
        }
        if view == .reading { print(pad("  viewer", 28) + "read \(run.framesViewed) frames from the view socket") }
        // What waking as often as the daemon costs alone: waking less often costs more each time, as the caches
        // go cold (on this machine a wake-up at 35 a second costs half as much again as one at 60).
        if figures.wakeups >= 10, let rated = measureFloor(wakes: Int(figures.wakeups.rounded())) {
            print(
                pad("  floor at its wake-ups", 28)
                    + String(
                        format: "%5.1f wake-ups/s   CPU %.3f %% of a core: the daemon is %.2f × this floor",
                        rated.wakeups, rated.cpuPercent, figures.cpuPercent / max(rated.cpuPercent, 1e-9)))
        }
        if index == scenes.count - 1 { run.latency() }
    }
    return 0
}

/// What one measured run gave.
struct RunFigures {
    var wakeups: Double
    var cpuPercent: Double
    var updatesPerSecond: Double = 0
    var deviation: (p50: Double, p99: Double) = (.nan, .nan)
    var peakKilobytes = 0
}

/// What the benchmarked daemon drives: the emulated panel on a pseudo-terminal, or a DDP receiver on a UDP
/// socket.
enum BenchDevice {
    case panel(PanelEmulator)
    case ddp(DDPReceiver)

    var fileDescriptor: Int32 {
        switch self {
        case .panel(let emulator): emulator.fileDescriptor
        case .ddp(let receiver): receiver.socket
        }
    }

    /// Updates applied so far.
    var updates: Int {
        switch self {
        case .panel(let emulator): emulator.updates
        case .ddp(let receiver): receiver.frames
        }
    }

    /// What the device shows.
    var picture: [UInt8] {
        switch self {
        case .panel(let emulator): emulator.device.framebuffer.bytes
        case .ddp(let receiver): receiver.picture
        }
    }

    /// Reads what came; `update` for each update (a panel's full frame, columns or scroll; a DDP frame).
    func service(_ update: () -> Void) {
        switch self {
        case .panel(let emulator):
            emulator.service { event, _ in
                guard case .applied(let message) = event else { return }
                switch message {
                case .fullFrame, .columns, .scroll: update()
                case .hello, .brightness, .blank: break
                }
            }
        case .ddp(let receiver):
            receiver.service(update)
        }
    }
}

/// A DDP receiver on 127.0.0.1: the frames as WLED gathers them (`NetworkFrameAssembler`), one per push.
final class DDPReceiver {
    let socket: Int32
    let port: UInt16
    private(set) var frames = 0
    private var assembler = NetworkFrameAssembler(kind: .ddp, ledBytes: 768, firstUniverse: 0, channelsPerUniverse: 510)
    private var buffer = [UInt8](repeating: 0, count: 2_048)

    init?() {
        guard let address = try? Posix.datagramAddresses(host: "127.0.0.1", port: 0).first,
            let socket = try? Posix.boundDatagramSocket(address, what: "ddp receiver")
        else { return nil }
        self.socket = socket
        var bound = sockaddr_in()
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &bound) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(socket, $0, &length) }
        }
        port = UInt16(bigEndian: bound.sin_port)
    }

    deinit { Posix.close(socket) }

    /// The LED bytes of the last frame.
    var picture: [UInt8] { assembler.frame }

    func service(_ update: () -> Void) {
        while true {
            let received = buffer.withUnsafeMutableBytes { try? Posix.receive(socket, into: $0, what: "ddp") }
            guard case .done(let count)? = received, count > 0 else { return }
            let event = buffer.withUnsafeBytes { assembler.receive(UnsafeRawBufferPointer(rebasing: $0[..<count])) }
            if event == .frame {
                frames += 1
                update()
            }
        }
    }
}

/// The daemon's view socket in a run: not set, set with no viewer, or set with one viewer reading every record.
enum BenchView: String {
    case off, idle, reading
}

/// One tickerd started against an emulated panel (or a DDP receiver) and a fresh FIFO.
final class DaemonRun {
    let directory: URL
    let process: Process
    let device: BenchDevice
    private(set) var writer: FeedWriter?
    /// The viewer of the view socket, with `--view reading`, and the frames it read.
    private var viewer: ViewConnection?
    private(set) var framesViewed = 0
    /// When each update (full frame, columns, scroll; a DDP frame) was decoded, on `Clock.now`.
    var updateTimes: [Duration] = []

    init?(_ products: BuiltProducts, network: Bool = false, view: BenchView = .off) {
        directory = benchDirectory("tickerbench-\(getpid())-\(UUID())")
        let link = directory.appendingPathComponent("panel").path
        let feedPath = directory.appendingPathComponent("feed").path
        let viewPath = directory.appendingPathComponent("view").path
        var arguments: [String]
        if network {
            guard let receiver = DDPReceiver() else {
                print("tickerbench daemon: could not open a UDP socket")
                return nil
            }
            device = .ddp(receiver)
            arguments = [
                "--device", "ddp://127.0.0.1:\(receiver.port)", "--size", "32x8", "--depth", "rgb",
                "--set", "leds.max-milliamps=0",
            ]
        } else {
            guard let info = benchPanel(firmwareName: "bench"),
                let emulator = try? PanelEmulator(info: info, link: link)
            else {
                print("tickerbench daemon: could not open a pseudo-terminal")
                return nil
            }
            device = .panel(emulator)
            arguments = ["--device", link, "--size", "128x16", "--depth", "2", "--set", "layout.zones=split"]
        }
        if view != .off { arguments += ["--set", "feed.view=\(viewPath)"] }
        process = products.tickerdProcess(
            arguments + ["--feed", feedPath, "--fps", "60", "--no-terminal", "--log-level", "warning"])
        guard products.start(process, for: "daemon") else { return nil }
        let started = Clock.now
        var ready = false
        while Clock.now < started + .seconds(10), !ready {
            pump(for: .milliseconds(20))
            ready = FileManager.default.fileExists(atPath: feedPath) && device.updates > 0
        }
        guard ready, let writer = try? FeedWriter(path: feedPath) else {
            print("tickerbench daemon: tickerd did not start streaming")
            stop()
            return nil
        }
        self.writer = writer
        if view == .reading {
            guard let viewer = try? ViewConnection(path: viewPath, waits: false) else {
                print("tickerbench daemon: could not connect to the view socket")
                stop()
                return nil
            }
            self.viewer = viewer
        }
    }

    func stop() {
        if process.isRunning {
            process.terminate()
            process.waitUntilExit()
        }
        try? FileManager.default.removeItem(at: directory)
    }

    /// Serves the panel for `duration`, noting when updates arrive.
    func pump(for duration: Duration, until done: () -> Bool = { false }) {
        let deadline = Clock.now + duration
        var entry = [pollfd(fd: device.fileDescriptor, events: Int16(POLLIN), revents: 0)]
        if let viewer { entry.append(pollfd(fd: viewer.fileDescriptor, events: Int16(POLLIN), revents: 0)) }
        while Clock.now < deadline, !done() {
            for index in entry.indices { entry[index].revents = 0 }
            let left = max((deadline - Clock.now) / .milliseconds(1), 0)
            _ = try? Posix.poll(&entry, timeoutMilliseconds: Int32(min(left + 1, 50)))
            device.service { updateTimes.append(Clock.now) }
            while let record = try? viewer?.nextRecord() {
                if record.first == ViewMessage.frameKind { framesViewed += 1 }
            }
        }
    }

    /// Measures the daemon while `body` pumps.
    func measure(_ body: () -> Void) -> RunFigures {
        let pid = process.processIdentifier
        updateTimes.removeAll()
        var (figures, wall) = counting(pid, while: body)
        // Updates sent together (a scroll and its columns) are one frame.
        var frames: [Duration] = []
        for time in updateTimes where frames.last.map({ time - $0 > .milliseconds(2) }) ?? true { frames.append(time) }
        figures.updatesPerSecond = Double(frames.count) / wall
        figures.deviation = gridDeviation(frames, period: .seconds(1) / 60)
        figures.peakKilobytes = residentKilobytes(pid).1
        return figures
    }

    /// Latency: a message that changes the panel, written at a random phase of the frame grid.
    func latency() {
        try? writer?.send(["lyrics clear", "pause"])
        pump(for: .milliseconds(300))
        var latencies: [Double] = []
        for round in 0..<200 {
            let before = device.picture
            let start = Clock.now
            try? writer?.send(["message --for 60 --priority high \(round % 2 == 0 ? "ping" : "PONG") \(round)"])
            var changed = false
            pump(for: .seconds(2)) {
                changed = device.picture != before
                return changed
            }
            if changed { latencies.append((Clock.now - start) / .milliseconds(1)) }
            // A pause of a fraction of a frame, so writes land at different phases of the frame grid.
            pump(for: .microseconds(Int64(1_000 + (round * 7_919) % 16_000)))
        }
        latencies.sort()
        print(
            String(
                format:
                    "  write-to-wire latency over %d writes: median %.1f ms, p99 %.1f ms, max %.1f ms (frame period 16.7 ms)",
                latencies.count, percentile(latencies, 0.5), percentile(latencies, 0.99), latencies.last ?? .nan))
    }
}

func percentile(_ sorted: [Double], _ p: Double) -> Double {
    sorted.isEmpty ? .nan : sorted[min(sorted.count - 1, Int(Double(sorted.count) * p))]
}

/// How late each instant is after the grid of `period` that fits them best: the grid's phase is the one,
/// among the phases seen, after which the instants are least late in total (they can only come after a grid
/// instant, never before). In ms.
func gridDeviation(_ times: [Duration], period: Duration) -> (p50: Double, p99: Double) {
    guard times.count > 2 else { return (.nan, .nan) }
    let periodSeconds = period / .seconds(1)
    let phases = times.map { ($0 / .seconds(1)).truncatingRemainder(dividingBy: periodSeconds) }.sorted()
    func lateness(_ phase: Double, after origin: Double) -> Double {
        let late = phase - origin
        return late < 0 ? late + periodSeconds : late
    }
    var origin = phases[0]
    var least = Double.infinity
    for candidate in phases {
        let total = phases.reduce(0) { $0 + lateness($1, after: candidate) }
        if total < least {
            least = total
            origin = candidate
        }
    }
    let deviations = phases.map { lateness($0, after: origin) * 1_000 }.sorted()
    return (percentile(deviations, 0.5), percentile(deviations, 0.99))
}

/// The wake-ups and CPU of process `pid` while `body` runs, and the seconds that took.
func counting(_ pid: Int32, while body: () -> Void) -> (figures: RunFigures, wall: Double) {
    let before = TaskCounters(pid)
    let start = Clock.now
    body()
    let after = TaskCounters(pid)
    let wall = (Clock.now - start) / .seconds(1)
    let figures = RunFigures(
        wakeups: Double(after.voluntarySwitches - before.voluntarySwitches) / wall,
        cpuPercent: Double(after.cpuNanoseconds - before.cpuNanoseconds) / 1e9 * 100 / wall)
    return (figures, wall)
}

/// CPU time and voluntary context switches of every thread of a process.
struct TaskCounters {
    var cpuNanoseconds = 0
    var voluntarySwitches = 0

    init(_ pid: Int32) {
        let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task")) ?? []
        for task in tasks {
            let base = "/proc/\(pid)/task/\(task)"
            if let text = try? String(contentsOfFile: base + "/schedstat", encoding: .utf8),
                let first = text.split(separator: " ").first, let value = Int(first)
            {
                cpuNanoseconds += value
            }
            if let text = try? String(contentsOfFile: base + "/status", encoding: .utf8) {
                for row in text.split(separator: "\n") where row.hasPrefix("voluntary_ctxt_switches:") {
                    voluntarySwitches +=
                        Int(row.split(separator: "\t").last?.trimmingCharacters(in: .whitespaces) ?? "") ?? 0
                }
            }
        }
    }
}

/// The floor program (`tickerbench floor PATH`) writing to a pseudo-terminal, or (`tickerbench floor --udp
/// PORT`) sending a DDP frame's worth of bytes to a UDP socket.
final class FloorRun {
    let terminal: PseudoTerminal
    /// The UDP socket the network floor sends to, or -1.
    private var socket: Int32 = -1
    let process = Process()
    private(set) var arrivals: [Duration] = []
    private var buffer = [UInt8](repeating: 0, count: 4_096)

    /// A floor on every instant of the 60 Hz grid, or on `wakes` of them a second.
    init?(network: Bool = false, wakes: Int? = nil) {
        guard let terminal = try? PseudoTerminal(link: nil) else { return nil }
        self.terminal = terminal
        process.executableURL = URL(fileURLWithPath: CommandLine.arguments[0])
        process.arguments = ["floor", terminal.slavePath]
        if network {
            guard let receiver = DDPReceiver() else { return nil }
            socket = dup(receiver.socket)
            process.arguments = ["floor", "--udp", String(receiver.port)]
        }
        if let wakes { process.arguments?.append(contentsOf: ["--wakes", String(wakes)]) }
        do { try process.run() } catch { return nil }
    }

    deinit { Posix.close(socket) }

    private var source: Int32 { socket >= 0 ? socket : terminal.master }

    func stop() {
        guard process.isRunning else { return }
        process.terminate()
        process.waitUntilExit()
    }

    /// Reads what the floor wrote, noting when it arrived.
    func drain() {
        while true {
            let result = buffer.withUnsafeMutableBytes { try? Posix.read(source, into: $0, what: "floor") }
            guard case .done(let count) = result, count > 0 else { return }
            arrivals.append(Clock.now)
        }
    }

    /// Drains the pseudo-terminal for `duration`.
    func pump(for duration: Duration) {
        let deadline = Clock.now + duration
        var entry = [pollfd(fd: source, events: Int16(POLLIN), revents: 0)]
        while Clock.now < deadline {
            entry[0].revents = 0
            _ = try? Posix.poll(&entry, timeoutMilliseconds: 50)
            drain()
        }
    }

    /// Measures the floor while `body` pumps.
    func measure(_ body: () -> Void) -> RunFigures {
        arrivals.removeAll()
        var (figures, wall) = counting(process.processIdentifier, while: body)
        figures.updatesPerSecond = Double(arrivals.count) / wall
        figures.deviation = gridDeviation(arrivals, period: .seconds(1) / 60)
        return figures
    }
}

/// The floor: wakes at 60 Hz from a timerfd and writes 37 bytes to `path`, forever. What any frame loop at
/// 60 Hz costs before it draws anything. With `--wakes N` (1 to 60), it wakes only on N instants of the 60 Hz
/// grid a second, spread evenly, re-arming an absolute timer for each as the daemon does.
func floorProgram(_ arguments: [String]) -> Int32 {
    var arguments = arguments
    var wakes = 60
    if arguments.count >= 2, arguments[arguments.count - 2] == "--wakes" {
        guard let count = Int(arguments[arguments.count - 1]), (1...60).contains(count) else {
            print("tickerbench floor: --wakes takes 1 to 60")
            return 2
        }
        wakes = count
        arguments.removeLast(2)
    }
    let fd: Int32
    var bytes = [UInt8](repeating: 0x55, count: 37)
    if arguments.count == 2, arguments[0] == "--udp", let port = UInt16(arguments[1]),
        let address = try? Posix.datagramAddresses(host: "127.0.0.1", port: port).first,
        let socket = try? Posix.datagramSocket(for: address, connecting: true, what: "floor")
    {
        fd = socket
        bytes = [UInt8](repeating: 0x55, count: 778)
    } else if arguments.count == 1, let tty = try? Posix.open(arguments[0], O_WRONLY | O_NOCTTY) {
        fd = tty
    } else {
        print("usage: tickerbench floor PTY [--wakes N] | floor --udp PORT [--wakes N]")
        return 2
    }
    let period = Duration.seconds(1) / 60
    if wakes == 60 {
        guard let timer = try? PeriodicTimer() else { return 1 }
        do { try timer.arm(intervalNanoseconds: 1_000_000_000 / 60) } catch { return 1 }
        var entry = [pollfd(fd: timer.fileDescriptor, events: Int16(POLLIN), revents: 0)]
        while true {
            entry[0].revents = 0
            _ = try? Posix.poll(&entry, timeoutMilliseconds: -1)
            guard timer.expirations() > 0 else { continue }
            _ = bytes.withUnsafeBytes { try? Posix.write(fd, $0, what: "floor") }
        }
    }
    guard let timer = try? DeadlineTimer() else { return 1 }
    let start = Clock.now
    var tick = 0
    var entry = [pollfd(fd: timer.fileDescriptor, events: Int16(POLLIN), revents: 0)]
    while true {
        // The next instant of the grid on which the count of wakes so far goes up by one.
        tick += 1
        while tick * wakes / 60 == (tick - 1) * wakes / 60 { tick += 1 }
        do { try timer.arm(at: start + period * tick) } catch { return 1 }
        // Re-arming clears the expiry, as in the daemon: no read.
        repeat {
            entry[0].revents = 0
            _ = try? Posix.poll(&entry, timeoutMilliseconds: -1)
        } while entry[0].revents & Int16(POLLIN) == 0
        timer.expired()
        _ = bytes.withUnsafeBytes { try? Posix.write(fd, $0, what: "floor") }
    }
}

/// The demo lyrics, one LRC line per element.
enum DemoLyricsLines {
    static var lines: [String] { DemoTrack.lyrics.split(separator: "\n").map(String.init) }
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
