import Glibc
import PanelCore
import Testing
import TickerCore
import TickerIO
import TickerTestSupport
import TickerWire

/// The view socket (`[feed] view`), end to end: the daemon writes each frame it sends to its viewers, never
/// waiting for one.
@Suite struct ViewSocketTests {
    /// A frame as a viewer sees it: grey levels scaled to 0–255, and the brightness in force.
    struct Seen: Equatable {
        var pixels: [UInt8]
        var brightness: UInt8
    }

    /// What the panel shows after a pixel packet, as a view frame would carry it.
    static func seen(_ device: PanelDevice) -> Seen {
        let geometry = device.geometry
        let maxLevel = Int(geometry.layout.maxLevel)
        var pixels: [UInt8] = []
        for y in 0..<geometry.height {
            for x in 0..<geometry.width { pixels.append(UInt8(Int(device.level(x: x, y: y)) * 255 / maxLevel)) }
        }
        return Seen(pixels: pixels, brightness: device.brightness)
    }

    /// Reads every record waiting on `viewer` into `messages`.
    static func drain(_ viewer: ViewConnection, into messages: inout [ViewMessage]) throws {
        while let message = try viewer.next() { messages.append(message) }
    }

    static func frames(_ messages: [ViewMessage]) -> [ViewFrame] {
        messages.compactMap { if case .frame(let frame) = $0 { frame } else { nil } }
    }

    /// Connects to the view socket once the daemon says it started.
    static func connect(_ rig: Rig, _ daemon: Child, _ path: String) async throws -> ViewConnection {
        try await rig.line(of: daemon, containing: "started:")
        return try rig.viewer(path)
    }

    /// A daemon with a feed pipe and a view socket and no device, on a 64×16 panel.
    static func daemonWithoutDevice(_ rig: Rig) throws -> (daemon: Child, socket: String, feed: String) {
        let socket = rig.path("view")
        let feed = rig.path("feed")
        let config = try rig.file(
            "tickerd.conf",
            """
            [panel]
            width = 64
            height = 16
            [device]
            path =
            [feed]
            path = \(feed)
            view = \(socket)
            """)
        return (try rig.tickerd(["--config", config, "--no-terminal"]), socket, feed)
    }

    @Test func viewerSeesExactlyTheFramesThePanelDecoded() async throws {
        let rig = try Rig()
        let socket = rig.path("view")
        let panel = try rig.panel(width: 64, height: 16, depth: 2)
        var decoded: [Seen] = []
        panel.onEvent = { event, device in
            if PacketKind(event).isPixels { decoded.append(Self.seen(device)) }
        }
        let daemon = try rig.tickerd([
            "--device", panel.link, "--demo", "--size", "64x16", "--depth", "2", "--no-terminal",
            "--set", "feed.view=\(socket)", "--set", "panel.brightness=40",
        ])
        let viewer = try await Self.connect(rig, daemon, socket)
        var messages: [ViewMessage] = []
        try await rig.wait("40 frames on the view socket") {
            try Self.drain(viewer, into: &messages)
            return Self.frames(messages).count >= 40
        }
        let frames = Self.frames(messages)
        // Every frame after the one a new viewer gets at once was sent, in order, with no gap.
        for (before, after) in zip(frames.dropFirst(), frames.dropFirst(2)) {
            #expect(after.sequence == before.sequence + 1, "sequence numbers \(before.sequence), \(after.sequence)")
            #expect(after.wallNanoseconds >= before.wallNanoseconds)
        }
        #expect(frames.allSatisfy { $0.width == 64 && $0.height == 16 && $0.format == .grey })
        let viewed = frames.dropFirst().map { Seen(pixels: $0.pixels, brightness: $0.brightness) }
        try await rig.wait("the panel to decode the last viewed frame") { decoded.last == viewed.last }
        // The frames viewed are the frames the panel decoded, in order (a frame sent as a scroll and its columns is
        // two packets, so the panel decodes a state between them that no frame shows).
        var rest = decoded[...]
        for (index, frame) in viewed.enumerated() {
            guard let found = rest.firstIndex(of: frame) else {
                let brightness = decoded.suffix(3).map(\.brightness)
                Issue.record(
                    "viewed frame \(index) of \(viewed.count) (brightness \(frame.brightness)) was not decoded: \(brightness)"
                )
                break
            }
            rest = rest[(found + 1)...]
        }
        #expect(viewed.contains { $0.pixels.contains(255) }, "the demo lit no pixel")
        #expect(viewed.allSatisfy { $0.brightness < 255 }, "the configured 40 % reached the frames")
        #expect(messages.contains { if case .status(let s) = $0 { s.width == 64 && s.levels == 4 } else { false } })
        #expect(daemon.termination == nil)
    }

    @Test func aViewerThatNeverReadsDoesNotDelayThePanel() async throws {
        let rig = try Rig()
        let socket = rig.path("view")
        let panel = try rig.panel(width: 256, height: 32, depth: 8)
        let daemon = try rig.tickerd([
            "--device", panel.link, "--demo", "--size", "256x32", "--depth", "8", "--fps", "60", "--no-terminal",
            "--set", "feed.view=\(socket)",
        ])
        try await rig.line(of: daemon, containing: "started:")
        // Not the rig's: it is never read while the rig waits.
        let stuck = try ViewConnection(path: socket, waits: false)
        let reader = try rig.viewer(socket)
        var read: [ViewMessage] = []
        try await rig.wait("a first frame to the reading viewer") {
            try Self.drain(reader, into: &read)
            return !Self.frames(read).isEmpty
        }
        // 8 KiB frames: 300 of them are ten times what the stuck viewer's socket buffers hold.
        let first = panel.kinds.filter(\.isPixels).count
        try await rig.wait("300 more frames to the panel while a viewer is stuck") {
            try Self.drain(reader, into: &read)
            return panel.kinds.filter(\.isPixels).count >= first + 300
        }
        let readFrames = Self.frames(read)
        var stuckMessages: [ViewMessage] = []
        try Self.drain(stuck, into: &stuckMessages)
        let stuckFrames = Self.frames(stuckMessages)
        #expect(readFrames.count >= 250, "the reading viewer kept up: \(readFrames.count) frames")
        #expect(
            stuckFrames.count < readFrames.count / 2,
            "the stuck viewer skipped frames: \(stuckFrames.count) of \(readFrames.count)")
        #expect(daemon.termination == nil)
        // Once read, the stuck viewer is served again.
        let last = stuckFrames.last?.sequence ?? 0
        try await rig.wait("new frames to the viewer that was stuck") {
            try Self.drain(reader, into: &read)
            try Self.drain(stuck, into: &stuckMessages)
            return Self.frames(stuckMessages).contains { $0.sequence > last + 1 }
        }
    }

    @Test func withoutADeviceTheFramesStillReachTheViewersAndANinthIsRefused() async throws {
        let rig = try Rig()
        let socket = rig.path("view")
        let daemon = try rig.tickerd(
            ["--demo", "--size", "64x16", "--depth", "2", "--no-terminal", "--set", "feed.view=\(socket)"])
        var viewers: [ViewConnection] = []
        viewers.append(try await Self.connect(rig, daemon, socket))
        for _ in 1..<8 { viewers.append(try rig.viewer(socket)) }
        var messages = [[ViewMessage]](repeating: [], count: 8)
        try await rig.wait("5 frames to each of 8 viewers") {
            for (index, viewer) in viewers.enumerated() { try Self.drain(viewer, into: &messages[index]) }
            return messages.allSatisfy { Self.frames($0).count >= 5 }
        }
        for viewed in messages {
            let sequences = Self.frames(viewed).map(\.sequence)
            #expect(zip(sequences, sequences.dropFirst()).allSatisfy { $0 < $1 }, "\(sequences)")
        }
        let status = messages[0].compactMap { if case .status(let s) = $0 { s } else { nil } }.first
        #expect(status?.device == "" && status?.status == "no device" && status?.connected == false)
        // A ninth viewer is connected by the kernel, then closed by the daemon before it gets anything.
        let ninth = try rig.viewer(socket)
        var closed = false
        try await rig.wait("the ninth viewer closed") {
            do {
                if try ninth.next() != nil { throw TestFailure("the ninth viewer got a record") }
            } catch ViewConnectionError.closed {
                closed = true
            }
            return closed
        }
        // One leaves: a new viewer is taken in its place.
        viewers[0].close()
        var others = [[ViewMessage]](repeating: [], count: 8)
        var candidate: ViewConnection?
        var got: [ViewMessage] = []
        try await rig.wait("a viewer taken in the freed place") {
            for index in 1..<8 { try Self.drain(viewers[index], into: &others[index]) }
            let viewer = try candidate ?? ViewConnection(path: socket, waits: false)
            candidate = viewer
            do {
                try Self.drain(viewer, into: &got)
            } catch ViewConnectionError.closed {
                // Refused before the daemon saw the first one leave: try again.
                candidate = nil
            }
            return !Self.frames(got).isEmpty
        }
        #expect(daemon.termination == nil)
    }

    @Test func aNewViewerGetsTheLastFrameAndTheLastProblemsAtOnce() async throws {
        let rig = try Rig()
        let (daemon, socket, feed) = try Self.daemonWithoutDevice(rig)
        try await rig.line(of: daemon, containing: "started:")
        try await rig.feed(["title Still", "titel Typo"], to: feed)
        let logged = try await rig.line(of: daemon, containing: "unknown command 'titel'")
        // The panel stands still: nothing more is drawn, yet a new viewer sees what it shows.
        let viewer = try rig.viewer(socket)
        var messages: [ViewMessage] = []
        try await rig.wait("a frame, the status and a problem") {
            try Self.drain(viewer, into: &messages)
            return messages.contains { if case .problem = $0 { true } else { false } }
        }
        guard case .frame(let frame) = messages.first else {
            Issue.record("the first record is not a frame: \(messages.first.map { "\($0)" } ?? "none")")
            return
        }
        #expect(frame.pixels.contains(255), "the last frame shows the title")
        guard case .status = messages.dropFirst().first else {
            Issue.record("the second record is not the status")
            return
        }
        let problems = messages.compactMap { if case .problem(let p) = $0 { p } else { nil } }
        #expect(problems.count == 1 && problems.first?.level == .warning)
        #expect(problems.first.map { logged.hasSuffix($0.text) } == true, "\(problems) against '\(logged)'")
        // A problem logged while the viewer is connected reaches it too.
        try await rig.feed(["brightnes 5"], to: feed)
        try await rig.wait("the second problem") {
            try Self.drain(viewer, into: &messages)
            return messages.contains { if case .problem(let p) = $0 { p.text.contains("brightnes") } else { false } }
        }
        #expect(daemon.termination == nil)
    }

    @Test func theLyricBeingSungAndTheCoverReachTheViewers() async throws {
        let rig = try Rig()
        let (daemon, socket, feed) = try Self.daemonWithoutDevice(rig)
        let viewer = try await Self.connect(rig, daemon, socket)
        var messages: [ViewMessage] = []
        func lastStatus() -> ViewStatus? {
            messages.last { if case .status = $0 { true } else { false } }.flatMap {
                if case .status(let status) = $0 { status } else { nil }
            }
        }
        func lastCover() -> (width: Int, height: Int, pixels: [UInt8])? {
            messages.last { if case .cover = $0 { true } else { false } }.flatMap {
                if case .cover(let width, let height, let pixels) = $0 { (width, height, pixels) } else { nil }
            }
        }
        try await rig.wait("the status and no cover on connecting") {
            try Self.drain(viewer, into: &messages)
            return lastStatus() != nil && lastCover() != nil
        }
        #expect(lastStatus()?.lyric == "" && lastCover()?.width == 0)
        // The second line is sung from 1 s: the position set at 1.5 s while playing.
        try await rig.feed(
            [
                "title Song", "lyrics begin", "[00:00.00]First line", "[00:01.00]Second line", "[00:30.00]Last",
                "lyrics end", "picture begin cover 2x1", "ff000000ff00", "picture end", "position 1.5", "play",
            ], to: feed)
        try await rig.wait("the lyric being sung and the cover") {
            try Self.drain(viewer, into: &messages)
            return lastStatus()?.lyric == "Second line" && lastCover()?.width == 2
        }
        #expect(lastCover()?.height == 1 && lastCover()?.pixels == [255, 0, 0, 0, 255, 0])
        // Clearing drops the lyrics and the cover: the viewers are told they are gone. (A new title would keep
        // both, as they came within a second before it.)
        try await rig.feed(["clear"], to: feed)
        try await rig.wait("the cover gone and no lyric") {
            try Self.drain(viewer, into: &messages)
            return lastCover()?.width == 0 && lastStatus()?.lyric == ""
        }
        #expect(daemon.termination == nil)
    }

    @Test func theSocketIsReplacedWhenStaleAndRemovedAtExit() async throws {
        let rig = try Rig()
        let socket = rig.path("view")
        // A socket left behind by a daemon that was killed.
        let stale = try Posix.listenSequencedPackets(at: socket, backlog: 1)
        Posix.close(stale)
        let daemon = try rig.tickerd(
            ["--demo", "--size", "64x16", "--no-terminal", "--set", "feed.view=\(socket)"])
        let viewer = try await Self.connect(rig, daemon, socket)
        var messages: [ViewMessage] = []
        try await rig.wait("a frame") {
            try Self.drain(viewer, into: &messages)
            return !Self.frames(messages).isEmpty
        }
        let mode = try Posix.lstat(socket).map { $0.st_mode & 0o777 }
        #expect(mode == 0o660)
        kill(daemon.pid, SIGTERM)
        try await rig.exit(of: daemon)
        #expect(try Posix.lstat(socket) == nil, "the socket is removed at exit")
    }

    @Test func theViewEmulatorRecordsTheDaemonsFramesAndEndsWithIt() async throws {
        let rig = try Rig()
        let socket = rig.path("view")
        let framesPath = rig.path("frames.txt")
        let daemon = try rig.tickerd(
            ["--demo", "--size", "64x16", "--depth", "2", "--no-terminal", "--set", "feed.view=\(socket)"])
        try await rig.line(of: daemon, containing: "started:")
        let emulator = try rig.tickerctl(
            ["panel", "--protocol", "view", "--socket", socket, "--frames", framesPath, "--no-draw"],
            name: "tickerctl panel")
        try await rig.line(of: emulator, containing: "view socket '\(socket)'")
        let frames = try rig.watch(framesPath)
        var records: [Substring] = []
        try await rig.wait("the status and 5 frames in the frames file") {
            records = frames.contents.split(separator: "--- ", omittingEmptySubsequences: true)
            return records.contains { $0.contains(" status {") } && records.filter { $0.contains(" view ") }.count >= 5
        }
        // Every frame record but the one being written: its header, then 16 rows of 64 pixels, then the colours.
        for record in records.dropLast() where record.contains(" view ") {
            let lines = record.split(separator: "\n")
            #expect(lines.first?.hasSuffix("64x16 brightness 255") == true, "\(lines.first ?? "")")
            #expect(lines.count == 1 + 16 + 16, "\(record.prefix(60))")
        }
        kill(daemon.pid, SIGTERM)
        try await rig.exit(of: daemon)
        #expect(try await rig.exit(of: emulator) == .exited(1))
        try await rig.line(of: emulator, containing: "the daemon closed the view socket")
    }
}
