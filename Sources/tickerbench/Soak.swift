import Foundation
import PanelCore
import TickerCore
import TickerIO
import TickerWire

/// The soak run behind `scripts/soak`: the built tickerd at 60 fps on a 128×16×2 panel emulated on a
/// pseudo-terminal (through the test shim), unplugged and replugged `cycles` times at random intervals while
/// titles and lyrics arrive on the feed. Prints the cycles survived, the resume time after each replug (to the
/// first full frame the new panel shows), the damaged packets either side saw, and tickerd's resident memory
/// before and after.
func soakFigures(_ arguments: [String]) -> Int32 {
    var cycles = 100
    var seed: UInt64 = 1
    var rest = arguments[...]
    while let option = rest.popFirst() {
        switch option {
        case "--cycles": cycles = rest.popFirst().flatMap { Int($0) } ?? -1
        case "--seed": seed = rest.popFirst().flatMap { UInt64($0) } ?? 0
        default: cycles = -1
        }
        guard cycles > 0, seed > 0 else {
            print("usage: tickerbench soak [--cycles N] [--seed S]")
            return 2
        }
    }
    var random = SplitMix(seed: seed)
    let products = BuiltProducts()
    guard products.areBuilt(for: "soak") else { return 1 }
    let directory = benchDirectory("tickerbench-soak-\(getpid())")
    defer { try? FileManager.default.removeItem(at: directory) }
    let link = directory.appendingPathComponent("panel").path
    let feedPath = directory.appendingPathComponent("feed").path
    let logPath = directory.appendingPathComponent("tickerd.log").path
    guard let info = benchPanel(firmwareName: "soak") else { return 1 }
    func plug() -> PanelEmulator? {
        guard let emulator = try? PanelEmulator(info: info, link: link) else { return nil }
        // tickerd must not inherit the panel's side of the pseudo-terminal.
        _ = fcntl(emulator.terminal.master, F_SETFD, FD_CLOEXEC)
        _ = fcntl(emulator.terminal.slave, F_SETFD, FD_CLOEXEC)
        return emulator
    }
    guard var emulator = plug() else {
        print("tickerbench soak: could not open a pseudo-terminal")
        return 1
    }
    _ = FileManager.default.createFile(atPath: logPath, contents: nil)
    let process = products.tickerdProcess([
        "--device", link, "--feed", feedPath, "--size", "128x16", "--depth", "2", "--fps", "60", "--no-terminal",
        "--set", "layout.zones=split",
    ])
    process.standardError = FileHandle(forWritingAtPath: logPath)
    guard products.start(process, for: "soak") else { return 1 }
    defer {
        process.terminate()
        process.waitUntilExit()
    }

    // The feed: a new title about every 300 ms, a new lyrics block about every 4 s.
    var writer: FeedWriter?
    var nextTitle = Duration.zero
    var nextLyrics = Duration.zero
    var titles = 0
    var lyricsBlocks = 0
    var rejected = 0
    func feed(at now: Duration) {
        if writer == nil { writer = try? FeedWriter(path: feedPath) }
        guard let writer else { return }
        if now >= nextTitle {
            titles += 1
            try? writer.send(["artist Soak Artist \(titles % 7)", "title Soak title number \(titles)", "play"])
            nextTitle = now + .milliseconds(Int64(150 + random.next(below: 300)))
        }
        if now >= nextLyrics {
            lyricsBlocks += 1
            try? writer.send(
                ["lyrics begin"] + DemoTrack.lyrics.split(separator: "\n").map(String.init) + ["lyrics end"])
            try? writer.send(["position \(random.next(below: 30))"])
            nextLyrics = now + .milliseconds(Int64(2_000 + random.next(below: 4_000)))
        }
    }
    // Services the panel (when plugged) and the feed until `deadline` or `done`.
    func pump(_ panel: PanelEmulator?, until deadline: Duration, _ done: () -> Bool) -> Bool {
        var entry = [pollfd(fd: panel?.fileDescriptor ?? -1, events: Int16(POLLIN), revents: 0)]
        while Clock.now < deadline {
            if done() { return true }
            entry[0].revents = 0
            _ = try? Posix.poll(&entry, timeoutMilliseconds: 5)
            panel?.service { event, _ in
                if case .rejected = event { rejected += 1 }
            }
            feed(at: Clock.now)
        }
        return done()
    }
    func fullFrames(_ panel: PanelEmulator) -> Int { panel.device.counters.framesApplied }

    guard pump(emulator, until: Clock.now + .seconds(15), { fullFrames(emulator) > 0 }) else {
        print("tickerbench soak: tickerd did not start streaming")
        return 1
    }
    _ = pump(emulator, until: Clock.now + .seconds(2)) { false }
    let (rssBefore, _) = residentKilobytes(process.processIdentifier)
    let started = Clock.now
    var resumes: [Double] = []
    var survived = 0
    var damaged = emulator.device.counters.badPackets
    for cycle in 1...cycles {
        // Unplugged for 0.1–1.5 s, then replugged at the same path.
        emulator.terminal.close()
        damaged += emulator.device.counters.badPackets
        _ = pump(nil, until: Clock.now + .milliseconds(Int64(100 + random.next(below: 1_400)))) { false }
        guard let replugged = plug() else {
            print("tickerbench soak: could not open a pseudo-terminal in cycle \(cycle)")
            break
        }
        emulator = replugged
        let replugAt = Clock.now
        guard pump(emulator, until: replugAt + .seconds(10), { fullFrames(replugged) > 0 }), process.isRunning else {
            let log = (try? String(contentsOfFile: logPath, encoding: .utf8)) ?? ""
            print("tickerbench soak: no full frame within 10 s of replug \(cycle); tickerd's log ends:")
            for line in log.split(separator: "\n").suffix(10) { print("  " + line) }
            break
        }
        resumes.append((Clock.now - replugAt) / .milliseconds(1))
        // Plugged for 0.5–3 s of frames, titles and lyrics.
        _ = pump(emulator, until: Clock.now + .milliseconds(Int64(500 + random.next(below: 2_500)))) { false }
        guard process.isRunning else { break }
        survived = cycle
    }
    damaged += emulator.device.counters.badPackets
    let (rssAfter, peak) = residentKilobytes(process.processIdentifier)
    let elapsed = (Clock.now - started) / .seconds(1)
    let log = (try? String(contentsOfFile: logPath, encoding: .utf8)) ?? ""
    let badReplies = log.split(separator: "\n").filter { $0.contains("bad reply from the panel") }.count
    resumes.sort()
    let median = resumes.isEmpty ? Double.nan : resumes[resumes.count / 2]
    print("tickerd at 60 fps, 128×16 at 2 bits per pixel, split zones, panel unplugged and replugged at random:")
    print("  cycles survived: \(survived) of \(cycles) in \(Int(elapsed)) s (seed \(seed))")
    print(
        String(
            format: "  resume time (replug to the first full frame shown): median %.0f ms, max %.0f ms", median,
            resumes.last ?? .nan))
    print(
        "  damaged packets seen: \(damaged) by the panel (\(rejected) rejected), \(badReplies) bad replies logged by tickerd"
    )
    print("  feed: \(titles) titles, \(lyricsBlocks) lyrics blocks")
    print(
        String(
            format: "  resident memory: %.1f MB before, %.1f MB after (peak %.1f MB)", Double(rssBefore) / 1024,
            Double(rssAfter) / 1024, Double(peak) / 1024))
    return survived == cycles ? 0 : 1
}
