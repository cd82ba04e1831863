import Foundation
import Testing
import TickerCore
import TickerTestSupport

#if canImport(Glibc)
    import Glibc
#endif

/// The whole chain: the built `tickerd` reads a real FIFO and streams to a pseudo-terminal, a relay in this
/// process carries the bytes to UART0 of the QEMU firmware (as `socat pty,… unix-connect:…` would), and the
/// firmware's UART1 mirror shows what the panel holds. Expected pictures come from `tickerctl render` with the
/// same settings, so the daemon, the wire and the firmware are checked against the renderer.
@Suite(
    .serialized,
    .enabled(
        if: QEMUFirmware.isAvailable, "qemu-system-arm is not installed: tickerd and the firmware not tested together"))
struct FirmwareEndToEndTests {
    static let width = 64
    static let height = 8
    static let size = ["--size", "\(width)x\(height)", "--depth", "2"]
    static let blank = Array(repeating: String(repeating: ".", count: width), count: height).joined(separator: "\n")

    @Test func showsAMarqueeMoveThenRestAtItsStartExactlyAsTickerctlDrawsIt() throws {
        // Without faded edges, every position of the marquee is a window of the strip.
        let settings = ["--set", "marquee.laps=1", "--set", "marquee.speed=60", "--set", "marquee.fade-edges=false"]
        let text = "Night Signal over the wire"
        let start = try tickerctl(["render", "--text", text, "--at", "0"] + Self.size + settings)
        let strip = try tickerctl(["render", "--text", text, "--strip"] + Self.size + settings)
        let positions = marqueePositions(strip: strip, width: Self.width, gap: 24)
        try #require(positions.first == start, "the strip cut at offset 0 should be tickerctl's frame at 0 s")
        let textWidth = strip.split(separator: "\n").first?.count ?? 0
        try #require(textWidth > Self.width, "the text must be wider than the panel, to scroll")

        let bench = try EndToEndBench.start(daemonArguments: settings)
        defer { bench.stop() }
        // The text goes out once the board answered: on a busy machine QEMU may take longer to boot than the
        // marquee rests before it moves, and the first frame would then show it moved.
        _ = try bench.waitForLog("panel connected")
        try bench.feed(["text \(text)"])

        // Rests at its start, moves, then rests at its start for good after one lap. How it moves depends on the
        // line: scroll packets when QEMU's UART keeps up, full frames or columns when a busy machine slows it.
        enum Phase { case resting, moving, back }
        var phase = Phase.resting
        var strayFullFrames: [String] = []
        var movedFullFrames = 0
        try bench.waitForMirror("the marquee to show, move and come back to rest") { event in
            guard case .applied(_, let kind, let art) = event else { return false }
            if kind == "frame" {
                if art != Self.blank, !positions.contains(art) { strayFullFrames.append(art) }
                if art != start, positions.contains(art) { movedFullFrames += 1 }
            }
            switch phase {
            case .resting: if art == start { phase = .moving }
            case .moving: if art != start { phase = .back }
            case .back: return kind == "frame" && art == start
            }
            return false
        }
        #expect(
            strayFullFrames.isEmpty,
            "full frames that are no position of the marquee:\n\(strayFullFrames.joined(separator: "\n\n"))")
        #expect(movedFullFrames >= 1, "a full frame sent while the text moved should show it moved")

        // At rest nothing changes: the next periodic full frame, and everything before it, is the start.
        var changes: [String] = []
        try bench.waitForMirror("a full frame after the marquee came to rest") { event in
            guard case .applied(_, let kind, let art) = event else { return false }
            if art != start { changes.append("\(kind):\n\(art)") }
            return kind == "frame"
        }
        #expect(changes.isEmpty, "the rested marquee changed:\n\(changes.joined(separator: "\n\n"))")
    }

    @Test func showsAPausedKaraokeInstantExactlyAsTickerctlDrawsIt() throws {
        let lyrics = [
            "[00:10.00]<00:10.00>Lights <00:11.00>along <00:12.00>the <00:12.50>river <00:13.20>tonight<00:14.00>",
            "[00:15.00]Every word a lantern",
        ]
        let bench = try EndToEndBench.start(daemonArguments: [])
        defer { bench.stop() }
        let file = bench.directory.appendingPathComponent("song.lrc")
        try (lyrics.joined(separator: "\n") + "\n").write(to: file, atomically: true, encoding: .utf8)
        let expected = try tickerctl(["render", "--lyrics", file.path, "--at", "12.34"] + Self.size)
        try #require(
            expected.contains("#") && expected.contains("+"), "12.34 s should be part sung, part at rest:\n\(expected)")

        try bench.feed(["lyrics begin"] + lyrics + ["lyrics end", "position 12.34", "pause"])
        try bench.waitForMirror("the karaoke instant at 12.34 s") { event in
            if case .applied(_, _, let art) = event { return art == expected }
            return false
        }
        var changes: [String] = []
        try bench.waitForMirror("a full frame of the paused karaoke instant") { event in
            guard case .applied(_, let kind, let art) = event else { return false }
            if art != expected { changes.append("\(kind):\n\(art)") }
            return kind == "frame"
        }
        #expect(changes.isEmpty, "the paused instant changed:\n\(changes.joined(separator: "\n\n"))")
    }

    @Test func dropsDamagedBytesOnTheLineAndShowsOnlyTheFrameTickerdSends() throws {
        let text = "Line noise"
        let expected = try tickerctl(["render", "--text", text, "--at", "0"] + Self.size)
        try #require(
            expected == (try tickerctl(["render", "--text", text, "--at", "30"] + Self.size)), "the text must not move")

        let bench = try EndToEndBench.start(daemonArguments: [])
        defer { bench.stop() }
        try bench.feed(["text \(text)"])
        try bench.waitForMirror("the text before the line is damaged") { event in
            if case .applied(_, _, let art) = event { return art == expected }
            return false
        }

        // From here on the panel must only ever hold the text, however the line mangles the packets.
        var rejections = 0
        var strays: [String] = []
        func check(_ event: MirrorEvent) {
            switch event {
            case .applied(_, let kind, let art): if art != expected { strays.append("\(kind):\n\(art)") }
            case .rejected: rejections += 1
            case .banner(let line), .unexpected(let line): strays.append(line)
            }
        }
        bench.noise = LineNoise(seed: 0x7E1C_0DE5, damages: 12)
        try bench.waitForMirror("12 damaged writes to pass") { event in
            check(event)
            return bench.noise?.remaining == 0
        }
        let damaged = bench.noise?.damaged ?? 0
        bench.noise = nil
        // Whatever was damaged last is reported within the next two full frames; the second proves recovery.
        var fullFrames = 0
        try bench.waitForMirror("two full frames after the damage stopped") { event in
            check(event)
            if case .applied(_, "frame", _) = event { fullFrames += 1 }
            return fullFrames == 2
        }
        #expect(strays.isEmpty, "the panel showed what tickerd never sent:\n\(strays.joined(separator: "\n\n"))")
        #expect(rejections >= damaged / 2, "\(damaged) damaged writes but only \(rejections) rejections")
        // The error replies made it back through the port.
        _ = try bench.waitForLog("panel rejected packet")
    }

    @Test func greetsAndRedrawsABoardThatRestartedBehindANewPort() throws {
        let text = "Reset"
        let expected = try tickerctl(["render", "--text", text, "--at", "0"] + Self.size)
        let bench = try EndToEndBench.start(daemonArguments: [])
        defer { bench.stop() }
        try bench.feed(["text \(text)"])
        try bench.waitForMirror("the text on the first board") { event in
            if case .applied(_, _, let art) = event { return art == expected }
            return false
        }

        // The board dies; its port goes with it (as socat's does when the socket closes), then both return.
        bench.killBoard()
        _ = try bench.waitForLog("panel disconnected")
        try bench.bootBoard()
        _ = try bench.waitForLog("panel connected")

        var seen: [String] = []
        var picture = ""
        try bench.waitForMirror("a picture on the restarted board") { event in
            seen.append(event.summary)
            guard case .applied(_, let kind, let art) = event, kind != "hello", !kind.hasPrefix("brightness") else {
                return false
            }
            picture = art
            return true
        }
        #expect(seen.prefix(2) == ["banner", "hello"], "the new board's mirror began \(seen)")
        #expect(seen.last == "frame", "after the hello tickerd should send a whole frame; the mirror showed \(seen)")
        #expect(picture == expected)
    }

    @Test func redrawsABoardThatResetBehindAPortThatStayedOpen() throws {
        let text = "Reset"
        let expected = try tickerctl(["render", "--text", text, "--at", "0"] + Self.size)
        let bench = try EndToEndBench.start(daemonArguments: [])
        defer { bench.stop() }
        try bench.feed(["text \(text)"])
        try bench.waitForMirror("the text on the first board") { event in
            if case .applied(_, _, let art) = event { return art == expected }
            return false
        }

        // A board behind a USB-serial adapter resets: the port stays, tickerd notices nothing.
        bench.portFollowsBoard = false
        bench.killBoard()
        try bench.waitUntil("the relay to see the board go") { bench.board == nil }
        try bench.bootBoard()
        var seen: [String] = []
        var picture = ""
        try bench.waitForMirror("a picture on the reset board") { event in
            seen.append(event.summary)
            guard case .applied(_, _, let art) = event else { return false }
            picture = art
            return true
        }
        #expect(seen == ["banner", "frame"], "the reset board's mirror began \(seen)")
        #expect(picture == expected)
        #expect(!bench.log.contains { $0.contains("panel disconnected") })
    }
}

/// Every picture a leftward looping marquee of `strip` (ASCII art, one line per row) shows in a zone `width`
/// pixels wide, `gap` blank columns between copies: index k is the text moved k pixels.
func marqueePositions(strip: String, width: Int, gap: Int) -> [String] {
    let rows = strip.split(separator: "\n").map(Array.init)
    let textWidth = rows.first?.count ?? 0
    let lap = textWidth + gap
    return (0..<lap).map { offset in
        rows.map { row in
            String(
                (0..<width).map { column in (column + offset) % lap < textWidth ? row[(column + offset) % lap] : "." })
        }.joined(separator: "\n")
    }
}

/// Runs the built `tickerctl` with `arguments` and returns what it printed, without the final newline.
func tickerctl(_ arguments: [String]) throws -> String {
    var output = try Child.run(try BuiltProducts.tickerctl(), arguments)
    if output.last == "\n" { output.removeLast() }
    return output
}

/// What the firmware's mirror said about one packet (or at start-up).
enum MirrorEvent: Equatable {
    /// `ready …`, once at start-up.
    case banner(String)
    /// A message was applied: its count, its kind (`hello`, `frame`, `brightness 255`, …) and the framebuffer after.
    case applied(Int, String, String)
    /// `!!! rejected …`.
    case rejected(String)
    /// A line the mirror should never send.
    case unexpected(String)
}

extension MirrorEvent {
    /// The kind of an applied message, `banner`, or the line itself.
    var summary: String {
        switch self {
        case .applied(_, let kind, _): return kind
        case .banner: return "banner"
        case .rejected(let line), .unexpected(let line): return line
        }
    }
}

/// Splits the mirror's bytes into events; a separator line is followed by `height` rows of art.
struct MirrorParser {
    /// Rows of the panel.
    let height: Int
    private var line: [UInt8] = []
    private var header: (Int, String)?
    private var rows: [String] = []

    init(height: Int) { self.height = height }

    /// Takes the next bytes from the mirror; returns the events they complete.
    mutating func push(_ bytes: some Sequence<UInt8>) -> [MirrorEvent] {
        var events: [MirrorEvent] = []
        for byte in bytes {
            guard byte == UInt8(ascii: "\n") else {
                line.append(byte)
                continue
            }
            let text = String(decoding: line, as: UTF8.self)
            line.removeAll()
            if let header {
                rows.append(text)
                if rows.count == height {
                    events.append(.applied(header.0, header.1, rows.joined(separator: "\n")))
                    self.header = nil
                    rows.removeAll()
                }
            } else if text.hasPrefix("=== "), text.hasSuffix(" ==="), let space = text.dropFirst(4).firstIndex(of: " "),
                let count = Int(text[text.index(text.startIndex, offsetBy: 4)..<space])
            {
                header = (count, String(text[text.index(after: space)..<text.index(text.endIndex, offsetBy: -4)]))
            } else if text.hasPrefix("!!! rejected ") {
                events.append(.rejected(text))
            } else if text.hasPrefix("ready ") {
                events.append(.banner(text))
            } else {
                events.append(.unexpected(text))
            }
        }
        return events
    }
}

/// Damages some of the writes tickerd makes, in four ways in turn: a flipped bit, noise glued before the
/// packet, noise with a delimiter in it, and a write cut short. Three writes in four are damaged and the fourth
/// passes untouched, so tickerd's answer to an error reply is sometimes damaged too and sometimes arrives
/// whole. Seeded, so a failure repeats.
struct LineNoise {
    private var generator: SplitMix
    private var writes = 0
    /// Damages still to make.
    private(set) var remaining: Int
    /// Damages made.
    private(set) var damaged = 0

    init(seed: UInt64, damages: Int) {
        generator = SplitMix(seed: seed)
        remaining = damages
    }

    private mutating func random(_ bound: Int) -> Int { generator.next(below: bound) }

    private mutating func noise(_ count: Int) -> [UInt8] {
        (0..<count).map { _ in UInt8(1 + random(255)) }
    }

    /// One write on its way to the board, damaged or not.
    mutating func pass(_ bytes: [UInt8]) -> [UInt8] {
        writes += 1
        guard remaining > 0, writes % 4 != 0, bytes.count >= 4 else { return bytes }
        remaining -= 1
        damaged += 1
        var bytes = bytes
        switch damaged % 4 {
        case 0: bytes[random(bytes.count - 1)] ^= UInt8(1 << random(8))
        case 1: bytes.insert(contentsOf: noise(1 + random(30)), at: 0)
        case 2: bytes.insert(contentsOf: noise(1 + random(10)) + [0] + noise(1 + random(10)), at: 0)
        default: bytes.removeLast(bytes.count / 2)
        }
        return bytes
    }
}

/// One test's processes: a QEMU board, the pseudo-terminal tickerd takes for its serial port, the relay
/// between them, and tickerd itself. Everything is driven from `pump`, which waits on all of them at once.
final class EndToEndBench {
    /// How long any one wait lasts before the test fails (QEMU is slow).
    static let timeout: Duration = .seconds(20)
    /// The firmware image: the panel size the tests use, at 2 bits per pixel.
    static let image = "qemu-\(FirmwareEndToEndTests.width)x\(FirmwareEndToEndTests.height)"

    /// Where the port link, the feed and the tests' files live; removed by `stop`.
    let directory: URL
    /// The link to the port tickerd opens, as socat's `pty,link=…` makes it.
    var portPath: String { directory.appendingPathComponent("panel").path }
    /// The FIFO tickerd reads.
    var feedPath: String { directory.appendingPathComponent("feed").path }

    /// The running board, until the relay sees it go.
    private(set) var board: QEMUFirmware?
    private var boardQEMU: QEMUFirmware?
    private var mirrorOpen = false
    private var parser = MirrorParser(height: FirmwareEndToEndTests.height)
    /// The current board's mirror events, in order.
    private(set) var events: [MirrorEvent] = []
    private var eventCursor = 0
    /// Whether the port goes away when the board does (socat exits when its socket closes).
    var portFollowsBoard = true
    /// Damage to do to tickerd's writes on their way to the board.
    var noise: LineNoise?

    private var master: Int32 = -1
    private var slave: Int32 = -1
    private var placeholder: (Int32, Int32) = (-1, -1)
    private var toBoard: [UInt8] = []
    private var toDaemon: [UInt8] = []

    private var daemon: Child?
    /// tickerd's log lines so far.
    var log: [String] { daemon?.lines ?? [] }
    private var logHandled = 0
    private var logCursor = 0
    private var feedWriter: Int32 = -1

    private init() {
        directory = URL(fileURLWithPath: "/tmp").appendingPathComponent("tickerd-e2e-\(UUID().uuidString.prefix(8))")
    }

    /// Boots a board, opens its port and starts tickerd on it with `daemonArguments` added.
    static func start(daemonArguments: [String]) throws -> EndToEndBench {
        let bench = EndToEndBench()
        do {
            try FileManager.default.createDirectory(at: bench.directory, withIntermediateDirectories: true)
            // Other programs on this machine may still retry a pseudo-terminal number they closed, and the
            // lowest free number, the one most recently freed, is what openpty hands out: a placeholder takes it.
            bench.placeholder = try EndToEndBench.openPseudoTerminal().descriptors
            try bench.bootBoard(building: true)
            try bench.startDaemon(daemonArguments)
        } catch {
            bench.stop()
            throw error
        }
        return bench
    }

    /// Starts a new board and a new port at the same path (a board that was killed first).
    func bootBoard(building: Bool = false) throws {
        boardQEMU?.stop()
        boardQEMU = nil
        board = nil
        let firmware =
            building
            ? try QEMUFirmware.boot(image: Self.image)
            : try QEMUFirmware(
                elf: QEMUFirmware.packageRoot.appendingPathComponent("Firmware/build/\(Self.image)/panel.elf"))
        boardQEMU = firmware
        board = firmware
        mirrorOpen = true
        parser = MirrorParser(height: FirmwareEndToEndTests.height)
        events = []
        eventCursor = 0
        toBoard = []
        if master < 0 { try openPort() }
    }

    /// Kills the board's QEMU (the relay notices when it next pumps).
    func killBoard() {
        board?.qemu.send(SIGKILL)
    }

    private func openPort() throws {
        // The slave stays open here too, so the master never reads a hang-up while tickerd reopens the port.
        let (descriptors, slavePath) = try Self.openPseudoTerminal()
        (master, slave) = descriptors
        _ = fcntl(master, F_SETFL, fcntl(master, F_GETFL) | O_NONBLOCK)
        unlink(portPath)
        guard symlink(slavePath, portPath) == 0 else { throw TestFailure("linking '\(portPath)' failed") }
        toDaemon = []
    }

    /// A pseudo-terminal pair in raw mode, close-on-exec, and the slave's path.
    private static func openPseudoTerminal() throws -> (descriptors: (Int32, Int32), path: String) {
        // openpty is in glibc itself since 2.34, but `import Glibc` does not declare it.
        typealias OpenPTY =
            @convention(c) (
                UnsafeMutablePointer<Int32>?, UnsafeMutablePointer<Int32>?, UnsafeMutablePointer<CChar>?,
                UnsafeRawPointer?,
                UnsafeRawPointer?
            ) -> Int32
        guard let symbol = dlsym(dlopen(nil, RTLD_NOW), "openpty") else {
            throw TestFailure("this C library has no openpty")
        }
        var master: Int32 = -1
        var slave: Int32 = -1
        var name = [CChar](repeating: 0, count: 4096)
        guard unsafeBitCast(symbol, to: OpenPTY.self)(&master, &slave, &name, nil, nil) == 0 else {
            throw TestFailure("openpty failed: \(String(cString: strerror(errno)))")
        }
        for end in [master, slave] { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        var settings = termios()
        tcgetattr(slave, &settings)
        cfmakeraw(&settings)
        tcsetattr(slave, TCSANOW, &settings)
        return ((master, slave), String(decoding: name.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
    }

    private func closePort() {
        if master >= 0 { close(master) }
        if slave >= 0 { close(slave) }
        master = -1
        slave = -1
        unlink(portPath)
        toDaemon = []
    }

    private func startDaemon(_ arguments: [String]) throws {
        daemon = try Child(
            name: "tickerd", executable: try BuiltProducts.tickerd(),
            arguments: [
                "--config", "/dev/null", "--device", portPath, "--feed", feedPath, "--no-terminal", "--log-level",
                "info",
            ] + FirmwareEndToEndTests.size + arguments,
            environment: ["LD_PRELOAD": try BuiltProducts.shim()])
        _ = try waitForLog("started:")
        feedWriter = open(feedPath, O_WRONLY | O_NONBLOCK | O_CLOEXEC)
        guard feedWriter >= 0 else { throw TestFailure("opening the feed '\(feedPath)' failed") }
    }

    /// Writes `lines` into the feed in one write, so tickerd applies them on one tick.
    func feed(_ lines: [String]) throws {
        let bytes = Array((lines.joined(separator: "\n") + "\n").utf8)
        let written = bytes.withUnsafeBytes { write(feedWriter, $0.baseAddress, $0.count) }
        guard written == bytes.count else { throw TestFailure("writing \(bytes.count) bytes to the feed failed") }
    }

    /// Kills everything this bench started (QEMU with SIGKILL) and removes its files.
    func stop() {
        daemon?.kill()
        daemon = nil
        boardQEMU?.stop()
        boardQEMU = nil
        board = nil
        closePort()
        for descriptor in [feedWriter, placeholder.0, placeholder.1] where descriptor >= 0 { close(descriptor) }
        placeholder = (-1, -1)
        feedWriter = -1
        try? FileManager.default.removeItem(at: directory)
    }

    /// Hands every mirror event to `done`, in order, until it returns true; fails after `timeout`.
    func waitForMirror(_ what: String, until done: (MirrorEvent) throws -> Bool) throws {
        let deadline = Deadline(Self.timeout)
        while true {
            while eventCursor < events.count {
                eventCursor += 1
                if try done(events[eventCursor - 1]) { return }
            }
            try pump(until: deadline, waitingFor: what)
        }
    }

    /// The next log line of tickerd that contains `text`.
    func waitForLog(_ text: String) throws -> String {
        let deadline = Deadline(Self.timeout)
        while true {
            while logCursor < log.count {
                logCursor += 1
                if log[logCursor - 1].contains(text) { return log[logCursor - 1] }
            }
            try pump(until: deadline, waitingFor: "tickerd to log '\(text)'")
        }
    }

    /// Pumps until `condition` holds.
    func waitUntil(_ what: String, _ condition: () -> Bool) throws {
        let deadline = Deadline(Self.timeout)
        while !condition() { try pump(until: deadline, waitingFor: what) }
    }

    /// Waits once for any of the descriptors, then relays, reads the mirror and reads the log.
    private func pump(until deadline: Deadline, waitingFor what: String) throws {
        guard let daemon, !daemon.descriptors.isEmpty else {
            throw TestFailure("tickerd exited while waiting for \(what)\n\(recent)")
        }
        let link = board?.link ?? -1
        let mirror = mirrorOpen ? boardQEMU?.mirror ?? -1 : -1
        var entries =
            [
                pollfd(fd: master, events: Int16(POLLIN) | (toDaemon.isEmpty ? 0 : Int16(POLLOUT)), revents: 0),
                pollfd(fd: link, events: Int16(POLLIN) | (toBoard.isEmpty ? 0 : Int16(POLLOUT)), revents: 0),
                pollfd(fd: mirror, events: Int16(POLLIN), revents: 0),
            ] + daemon.descriptors.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
        guard try deadline.poll(&entries, waitingFor: what, story: { recent }) > 0 else { return }
        var chunk = [UInt8](repeating: 0, count: 4096)
        func take(_ descriptor: Int32) -> Int {
            chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
        }
        for entry in entries.dropFirst(3) where entry.revents != 0 { daemon.service(entry.fd) }
        while logHandled < log.count {
            logHandled += 1
            if log[logHandled - 1].contains("in use by another process"), master >= 0 {
                // A program outside this test holds the port (see `placeholder`): move to another one.
                closePort()
                try openPort()
            }
        }
        if entries[0].revents & Int16(POLLIN) != 0 {
            let count = take(master)
            if count > 0, board != nil {
                let bytes = Array(chunk[0..<count])
                toBoard += noise?.pass(bytes) ?? bytes
            }
        }
        if entries[0].revents & Int16(POLLOUT) != 0 {
            let count = toDaemon.withUnsafeBytes { write(master, $0.baseAddress, $0.count) }
            if count > 0 { toDaemon.removeFirst(count) }
        }
        if entries[1].revents & Int16(POLLIN | POLLHUP | POLLERR) != 0 {
            let count = take(link)
            if count > 0 {
                if master >= 0 { toDaemon += chunk[0..<count] }
            } else {
                // The board is gone: stop relaying to it, and take the port away if it goes with the board.
                board = nil
                toBoard = []
                if portFollowsBoard { closePort() }
            }
        }
        if entries[1].revents & Int16(POLLOUT) != 0, board != nil {
            let count = toBoard.withUnsafeBytes { send(link, $0.baseAddress, $0.count, Int32(MSG_DONTWAIT)) }
            if count > 0 { toBoard.removeFirst(count) }
        }
        if entries[2].revents != 0 {
            let count = take(mirror)
            if count > 0 { events += parser.push(chunk[0..<count]) } else { mirrorOpen = false }
        }
    }

    /// The last lines of the log and the last mirror events, for failure messages.
    private var recent: String {
        let mirror = events.suffix(3).map { event -> String in
            switch event {
            case .applied(let count, let kind, let art): return "=== \(count) \(kind) ===\n\(art)"
            case .banner(let line), .rejected(let line), .unexpected(let line): return line
            }
        }
        return "tickerd's log ends:\n" + log.suffix(5).joined(separator: "\n") + "\nthe mirror ends:\n"
            + mirror.joined(separator: "\n")
    }
}
