import CAllocCounter
import Foundation
import PanelCore
import TickerCore
import TickerIO
import TickerWire

// Prints the figures docs/FIGURES.md quotes. Release build: `swift build -c release`, then
// `.build/release/tickerbench` (render, encode and wire figures) and `.build/release/tickerbench daemon`
// (CPU, memory and latency of the running daemon).

func nanoseconds() -> UInt64 { DispatchTime.now().uptimeNanoseconds }

func line(_ text: String) {
    print(text)
}

/// The demo track playing, as the daemon would hold it.
func demoState(at now: Duration) -> PlayerState {
    var state = PlayerState()
    for command in DemoTrack.commands { state.apply(command, at: now) }
    return state
}

/// A palette with every role in its own colour, so that the scene records and colours every pixel's role.
func benchPalette() -> Palette {
    var palette = Palette.standard
    let colors: [(ColorRole, String)] = [
        (.title, "amber"), (.artist, "cyan"), (.sung, "#FF4080"), (.rest, "#402030"), (.message, "green"),
        (.messageHigh, "red"), (.clock, "blue"), (.progress, "orange"), (.background, "#020202"),
    ]
    for (role, name) in colors { palette[role] = Palette.color(parsing: name) }
    return palette
}

func renderFigures() {
    line("Scene rendering, demo track (marquee and karaoke sweep), release build; rgb: a palette with every role")
    line("in its own colour, the frame coloured into an RGBFrame and packed into 24-bit wire bytes")
    line(
        "(steady: one lyric line while the title scrolls, best of 5 rounds of 40,000 frames; whole track: 44 s at 60 fps)"
    )
    line(
        "panel     layout   depth  ns/frame (steady)  allocations/frame (steady)  ns/frame (whole track)  "
            + "allocations/frame (whole track)"
    )
    // Grey at 2 bits (the default), at 8 bits (the levels a colour scene draws), and colour; "+bar": the small
    // font, which leaves the bottom row to the progress bar.
    let panels: [(Int, Int, ZoneArrangement, String)] = [
        (32, 8, .single, "2"), (32, 8, .single, "8"), (32, 8, .single, "rgb"), (64, 16, .split, "2"),
        (64, 16, .split, "8"), (64, 16, .split, "rgb"), (128, 16, .split, "2"), (256, 32, .split, "2"),
        (32, 8, .single, "2+bar"), (32, 8, .single, "rgb+bar"), (64, 16, .split, "2+bar"),
    ]
    for (width, height, arrangement, name) in panels {
        let bar = name.hasSuffix("+bar")
        let depthName = bar ? String(name.dropLast(4)) : name
        let color = depthName == "rgb"
        let style = SceneStyle(
            arrangement: arrangement, fonts: FontChain([bar ? .small : .builtin]),
            marquee: MarqueeStyle(fadeEdges: true), palette: color ? benchPalette() : .standard)
        let depth: PixelDepth = depthName == "2" ? .two : .eight
        var scene = Scene(width: width, height: height, depth: depth, color: color, style: style)
        var frame = Frame(width: width, height: height, depth: depth)
        var image = RGBFrame(width: width, height: height)
        let layout = PixelLayout(width: width, height: height, bitsPerPixel: 24)
        var wire = [UInt8](repeating: 0, count: color ? layout.byteCount : 0)
        let state = demoState(at: .zero)
        scene.observe(state, at: .zero)
        func render(at instant: Duration) {
            scene.render(state, at: instant, into: &frame)
            guard color else { return }
            scene.colorize(frame, into: &image)
            image.pack(into: &wire, layout: layout)
        }
        // Steady state: within one lyric line (12 s to 15 s) while the title scrolls; every strip is cached.
        func steadyInstant(_ i: Int) -> Duration { .seconds(12) + .microseconds(Int64(i % 180) * 16_667) }
        for i in 0..<2_000 { render(at: steadyInstant(i)) }
        // Five rounds; the best one is reported, since a shared machine only ever adds time.
        let frames = 40_000
        var elapsed = UInt64.max
        var allocations: UInt64 = 0
        for _ in 0..<5 {
            let allocationsBefore = alloc_counter_count()
            let start = nanoseconds()
            for i in 0..<frames { render(at: steadyInstant(i)) }
            elapsed = min(elapsed, nanoseconds() - start)
            allocations += alloc_counter_count() - allocationsBefore
        }
        let allFrames = frames * 5
        // The whole 44 s track at 60 fps, lines and strips changing as they do.
        let trackFrames = 44 * 60
        let trackAllocationsBefore = alloc_counter_count()
        let trackStart = nanoseconds()
        for i in 0..<trackFrames { render(at: .microseconds(Int64(i) * 16_667)) }
        let trackElapsed = nanoseconds() - trackStart
        let trackAllocations = alloc_counter_count() - trackAllocationsBefore
        line(
            pad("\(width)×\(height)", 10) + pad(arrangement.rawValue, 9) + pad(name, 7)
                + pad(String(format: "%.0f", Double(elapsed) / Double(frames)), 19)
                + pad(String(format: "%.3f", Double(allocations) / Double(allFrames)), 28)
                + pad(String(format: "%.0f", Double(trackElapsed) / Double(trackFrames)), 24)
                + String(format: "%.2f", Double(trackAllocations) / Double(trackFrames)))
    }
}

func encodeFigures() {
    line("")
    line("Encoding a full frame (packet, CRC-16, COBS, delimiter), release build, best of 5 rounds of 40,000")
    for (width, height, bits) in [(32, 8, 1), (128, 16, 2), (256, 32, 4), (32, 8, 24), (64, 16, 16), (64, 16, 24)] {
        guard let geometry = try? PanelGeometry(width: width, height: height, bitsPerPixel: bits) else { continue }
        var encoder = PacketEncoder(reservingFor: geometry)
        var pixels = [UInt8](repeating: 0, count: geometry.frameByteCount)
        for i in pixels.indices { pixels[i] = UInt8(truncatingIfNeeded: i &* 37 &+ i >> 3) }
        let rounds = 40_000
        var sequence: UInt8 = 0
        pixels.withUnsafeBytes { raw in
            for _ in 0..<1_000 { try? encoder.encodeFullFrame(raw, geometry: geometry, sequence: sequence) }
        }
        let allocationsBefore = alloc_counter_count()
        var elapsed = UInt64.max
        for _ in 0..<5 {
            let start = nanoseconds()
            pixels.withUnsafeBytes { raw in
                for _ in 0..<rounds {
                    sequence &+= 1
                    try? encoder.encodeFullFrame(raw, geometry: geometry, sequence: sequence)
                }
            }
            elapsed = min(elapsed, nanoseconds() - start)
        }
        let allocations = (alloc_counter_count() - allocationsBefore) / 5
        line(
            "  \(width)×\(height)×\(bits)bpp: \(geometry.frameByteCount) pixel bytes → \(encoder.count) bytes on the wire, "
                + String(format: "%.0f ns", Double(elapsed) / Double(rounds))
                + String(format: ", %.3f allocations per frame", Double(allocations) / Double(rounds)))
    }
}

/// The view socket's frame record (`ViewMessage.encodeFrame`), which the daemon writes for each frame it sends
/// while a viewer is connected.
func viewFigures() {
    line("")
    line("A view socket frame record, release build, best of 5 rounds of 40,000")
    let style = SceneStyle(arrangement: .split, fonts: FontChain([.builtin]), marquee: MarqueeStyle(fadeEdges: true))
    for (width, height, depth, color) in [(128, 16, PixelDepth.two, false), (32, 8, .two, true)] {
        var picture = Picture(width: width, height: height, depth: depth, color: color)
        var scene = Scene(width: width, height: height, depth: depth, style: style)
        let state = demoState(at: .zero)
        scene.observe(state, at: .zero)
        scene.render(state, at: .seconds(12), into: &picture.frame)
        var record: [UInt8] = []
        var sequence: UInt64 = 0
        let (time, allocations) = bestOfFive(rounds: 40_000) {
            sequence += 1
            ViewMessage.encodeFrame(picture, sequence: sequence, wallNanoseconds: 0, brightness: 255, into: &record)
        }
        line(
            "  \(width)×\(height) \(color ? "colour" : "grey"): \(record.count) bytes, "
                + String(format: "%.0f ns, %.3f allocations per record", time, allocations))
    }
}

func wireFigures() {
    line("")
    line("Bytes per second on the wire at 60 fps, 128×16 at 2 bits per pixel, one zone, 60 s of animation")
    line("(every update kept; a full frame at least once a second, as the daemon sends)")
    guard let geometry = try? PanelGeometry(width: 128, height: 16, bitsPerPixel: 2) else { return }
    let marquee = SceneStyle(fonts: FontChain([.builtin]), template: .standard)
    let cases: [(String, [FeedCommand])] = [
        ("marquee", [.text("Night Signal (Extended Ticker Mix) — The Column Drivers"), .play]),
        ("karaoke", [.title("x"), .lyrics(Lyrics.parse(DemoTrack.lyrics)), .play]),
    ]
    line("content   full frames   columns only   scroll + columns   line budget at 115200 baud        planning")
    for (name, commands) in cases {
        var results: [Int] = []
        var planning: UInt64 = 0
        var plans = 0
        var planAllocations: UInt64 = 0
        for mode in 0..<3 {
            var scene = Scene(width: 128, height: 16, depth: .two, style: marquee)
            var state = PlayerState()
            for command in commands { state.apply(command, at: .zero) }
            scene.observe(state, at: .zero)
            var frame = Frame(width: 128, height: 16, depth: .two)
            var shown = [UInt8](repeating: 0, count: geometry.frameByteCount)
            var planner = UpdatePlanner(geometry: geometry, canScroll: mode == 2)
            var bytes = 0
            // Start inside the song for karaoke, so the whole minute is sung lines and breaks.
            let offset: Duration = name == "karaoke" ? .seconds(4) : .zero
            for tick in 0..<(60 * 60) {
                scene.render(state, at: offset + .microseconds(Int64(tick) * 16_667), into: &frame)
                let update: FrameUpdate
                if mode == 0 || tick % 60 == 0 {
                    update = .full
                } else {
                    let allocationsBefore = alloc_counter_count()
                    let start = nanoseconds()
                    update = frame.bytes.withUnsafeBytes { next in
                        shown.withUnsafeBytes { previous in planner.plan(from: previous, to: next) }
                    }
                    if mode == 2 {
                        planning += nanoseconds() - start
                        planAllocations += alloc_counter_count() - allocationsBefore
                        plans += 1
                    }
                }
                bytes += planner.cost(of: update)
                shown = frame.bytes
            }
            results.append(bytes / 60)
        }
        line(
            pad(name, 10) + pad("\(results[0]) B/s", 14) + pad("\(results[1]) B/s", 15) + pad("\(results[2]) B/s", 19)
                + pad("11520 B/s (\(String(format: "%.0f", Double(results[2]) * 100 / 11_520)) % used)", 34)
                + String(
                    format: "%.0f ns/frame, %.3f allocations", Double(planning) / Double(max(plans, 1)),
                    Double(planAllocations) / Double(max(plans, 1))))
    }
}

func ledFigures() {
    line("")
    line("LED strip frames (grey frame to colour, gamma, power budget, wiring map, Adalight), release build,")
    line("best of 5 rounds of 20,000; text-like picture, serpentine columns, a budget of 20 mA per LED")
    for (width, height) in [(32, 8), (64, 32), (128, 64)] {
        var grey = Frame(width: width, height: height, depth: .two)
        for y in 0..<height { for x in 0..<width where (x / 3 + y) % 4 != 0 { grey[x, y] = UInt8((x + y) % 4) } }
        var colour = RGBFrame(width: width, height: height)
        let layout = StripLayout(wiring: .columns, serpentine: true, moduleWidth: width, moduleHeight: height)
        let budget = PowerBudget(maxMilliamps: 20 * layout.count)
        var encoder = StripEncoder(stripProtocol: .adalight, settings: StripSettings(layout: layout, power: budget))
        var sink: UInt64 = 0
        let rounds = 20_000
        for _ in 0..<500 {
            colour.render(grey: grey)
            encoder.encode(colour, brightness: 255) { sink &+= UInt64($0[6]) }
        }
        let allocationsBefore = alloc_counter_count()
        var elapsed = UInt64.max
        for _ in 0..<5 {
            let start = nanoseconds()
            for _ in 0..<rounds {
                colour.render(grey: grey)
                encoder.encode(colour, brightness: 255) { sink &+= UInt64($0[6]) }
            }
            elapsed = min(elapsed, nanoseconds() - start)
        }
        let allocations = (alloc_counter_count() - allocationsBefore) / 5
        line(
            "  \(width)×\(height) = \(layout.count) LEDs: \(encoder.frameByteCount) bytes a frame, "
                + String(format: "%.0f ns", Double(elapsed) / Double(rounds))
                + String(format: ", %.3f allocations per frame", Double(allocations) / Double(rounds))
                + ", \(encoder.lastMilliamps) mA (scale \(encoder.lastScale))" + (sink == 0 ? " " : ""))
    }
}

func networkFigures() {
    line("")
    line("Network LED frames (the strip-ordered LED bytes into UDP payloads: DDP, Art-Net's ArtDmx, E1.31),")
    line("release build, best of 5 rounds of 20,000; 510 channels a universe, AWTRIX: its preset of 2 × 384")
    for (width, height) in [(32, 8), (64, 64)] {
        let payload = (0..<(width * height * 3)).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ $0 >> 3) }
        // Through the one packetizer a network sink drives.
        var packetizers: [(String, NetworkPacketizer)] = [
            ("DDP", NetworkPacketizer(kind: .ddp, firstUniverse: 0, channelsPerUniverse: 510)),
            ("Art-Net", NetworkPacketizer(kind: .artnet, firstUniverse: 0, channelsPerUniverse: 510)),
            ("E1.31", NetworkPacketizer(kind: .sacn, firstUniverse: 1, channelsPerUniverse: 510)),
        ]
        if width == 32 && height == 8 {
            let awtrix = ArtNetPacketizer.Options.awtrix
            packetizers.append(
                (
                    "AWTRIX",
                    NetworkPacketizer(
                        kind: .artnet, firstUniverse: awtrix.firstUniverse,
                        channelsPerUniverse: awtrix.channelsPerUniverse)
                ))
        }
        for (name, packetizer) in packetizers {
            let (nanoseconds, allocations, packets, bytes) = packetFigures(packetizer, payload)
            line(
                "  " + pad("\(width)×\(height)", 6) + pad(name, 8) + "\(packets) packets, \(bytes) bytes a frame, "
                    + String(format: "%.0f ns, %.3f allocations per frame", nanoseconds, allocations))
        }
    }
}

func max7219Figures() {
    line("")
    line("MAX7219 chains (1-bit frames into per-row SPI transactions, only the rows that changed, every chip set up")
    line("again every 5 s as the sink does), release build; 60 fps for 44 s: the marquee alone (a long title), and")
    line("the demo track (the title's marquee, then the lyrics' sweep, split on 16 rows)")
    for (width, height) in [(32, 8), (128, 16)] {
        let layout = MAX7219Layout(across: width / 8, down: height / 8)
        for scene in ["marquee", "sweep"] {
            var state = PlayerState()
            let commands: [FeedCommand] =
                scene == "marquee"
                ? [.title("A title far too long to fit on the panel at once"), .play] : DemoTrack.commands
            for command in commands { state.apply(command, at: .zero) }
            let style = SceneStyle(
                arrangement: height >= 16 ? .split : .single, fonts: FontChain([.builtin]), marquee: MarqueeStyle())
            var renderer = Scene(width: width, height: height, depth: .one, style: style)
            var frame = Frame(width: width, height: height, depth: .one)
            renderer.observe(state, at: .zero)
            var encoder = MAX7219Encoder(layout: layout)
            var (frames, writes, bytes, mostWrites, changedFrames) = (0, 0, 0, 0, 0)
            var elapsed: UInt64 = 0
            var allocations: UInt64 = 0
            for i in 0..<(44 * 60) {
                let instant = Duration.microseconds(Int64(i) * 16_667)
                renderer.render(state, at: instant, into: &frame)
                var frameWrites = 0
                let allocationsBefore = alloc_counter_count()
                let start = nanoseconds()
                if i % (5 * 60) == 0 {
                    encoder.initialise(brightness: 255) {
                        bytes += $0.count
                        frameWrites += 1
                    }
                }
                encoder.encode(frame, brightness: 255) {
                    bytes += $0.count
                    frameWrites += 1
                }
                elapsed += nanoseconds() - start
                allocations += alloc_counter_count() - allocationsBefore
                frames += 1
                writes += frameWrites
                mostWrites = max(mostWrites, frameWrites)
                if frameWrites > 0 { changedFrames += 1 }
            }
            let perSecond = Double(bytes) / 44
            line(
                "  " + pad("\(width)×\(height)", 7) + pad("\(layout.chips) chips", 9) + pad(scene, 8)
                    + String(
                        format: "%.1f bytes, %.2f writes per frame", Double(bytes) / Double(frames),
                        Double(writes) / Double(frames))
                    + " (at most \(mostWrites), of \(encoder.transactionBytes) bytes each; \(changedFrames) of \(frames) frames sent)"
                    + String(format: ", %.0f bytes/s = %.3f MHz of SPI clock", perSecond, perSecond * 8 / 1e6)
                    + String(
                        format: ", encoding %.0f ns and %.3f allocations a frame", Double(elapsed) / Double(frames),
                        Double(allocations) / Double(frames)))
        }
    }
}

/// Time and allocations per frame of `packetizer` on `payload`, and the packets and bytes of one frame.
func packetFigures(_ packetizer: NetworkPacketizer, _ payload: [UInt8]) -> (Double, Double, Int, Int) {
    var packetizer = packetizer
    var bytes = 0
    var sink: UInt64 = 0
    let rounds = 20_000
    payload.withUnsafeBytes { raw in
        for _ in 0..<500 {
            bytes = 0
            packetizer.packets(of: raw) { packet, _ in
                bytes += packet.count
                return true
            }
        }
    }
    let (time, allocations) = bestOfFive(rounds: rounds) {
        payload.withUnsafeBytes { raw in
            _ = packetizer.packets(of: raw) { packet, _ in
                sink &+= UInt64(packet[packet.count - 1])
                return true
            }
        }
    }
    // Reading the sum keeps the optimizer from dropping the work.
    if sink == 1 { line("") }
    return (time, allocations, packetizer.packetCount(payloadBytes: payload.count), bytes)
}

/// Runs `body` `rounds` times in each of 5 rounds: the nanoseconds a run of the best round, and the heap
/// allocations a run over all of them.
func bestOfFive(rounds: Int, _ body: () -> Void) -> (nanoseconds: Double, allocations: Double) {
    let allocationsBefore = alloc_counter_count()
    var elapsed = UInt64.max
    for _ in 0..<5 {
        let start = nanoseconds()
        for _ in 0..<rounds { body() }
        elapsed = min(elapsed, nanoseconds() - start)
    }
    let allocations = alloc_counter_count() - allocationsBefore
    return (Double(elapsed) / Double(rounds), Double(allocations) / Double(5 * rounds))
}

/// Draws `render` at 60 fps from `start`, over and over through the same `lap` frames (a steady stretch whose
/// strips are all cached): 2,000 frames to warm up, then `bestOfFive` of 40,000, printed as a row `name`.
func steadyFrameFigures(_ name: String, from start: Duration, lap: Int, _ render: (Duration) -> Void) {
    func instant(_ i: Int) -> Duration { start + .microseconds(Int64(i % lap) * 16_667) }
    for i in 0..<2_000 { render(instant(i)) }
    var i = 0
    let (time, allocations) = bestOfFive(rounds: 40_000) {
        render(instant(i))
        i += 1
    }
    line(pad(name, 7) + pad(String(Int(time.rounded())), 10) + String(allocations))
}

func pad(_ text: String, _ width: Int) -> String {
    text.count >= width ? text + " " : text + String(repeating: " ", count: width - text.count)
}

let mode = CommandLine.arguments.dropFirst().first ?? "core"
switch mode {
case "core":
    renderFigures()
    encodeFigures()
    ledFigures()
    networkFigures()
    max7219Figures()
    viewFigures()
    wireFigures()
case "view":
    viewFigures()
case "leds":
    ledFigures()
case "network":
    networkFigures()
case "max7219":
    max7219Figures()
case "wire":
    // The bytes on the wire and the planner's work over 60 s of animation (also a fixed load for callgrind).
    wireFigures()
case "icons":
    iconFigures()
case "looks":
    lookFigures()
case "cover":
    // The daemon's frame with a cover, then a follower's decoding and scaling of one.
    coverFrameFigures()
    coverDecodeFigures()
case "cover-frame":
    coverFrameFigures()
case "cover-decode":
    coverDecodeFigures()
case "profile":
    // A short steady-state loop for profilers (valgrind --tool=callgrind).
    let style = SceneStyle(arrangement: .split, fonts: FontChain([.builtin]), marquee: MarqueeStyle(fadeEdges: true))
    var scene = Scene(width: 128, height: 16, depth: .two, style: style)
    var frame = Frame(width: 128, height: 16, depth: .two)
    let state = demoState(at: .zero)
    scene.observe(state, at: .zero)
    for i in 0..<400_000 {
        scene.render(state, at: .seconds(12) + .microseconds(Int64(i % 180) * 16_667), into: &frame)
    }
case "daemon":
    exit(daemonFigures(Array(CommandLine.arguments.dropFirst(2))))
case "floor":
    exit(floorProgram(Array(CommandLine.arguments.dropFirst(2))))
case "garbage": exit(garbageFigures(Array(CommandLine.arguments.dropFirst(2))))
case "web": exit(webFigures(Array(CommandLine.arguments.dropFirst(2))))
case "soak": exit(soakFigures(Array(CommandLine.arguments.dropFirst(2))))
default:
    print(
        "usage: tickerbench [core | leds | network | max7219 | view | icons | looks | cover | cover-frame | cover-decode | daemon [--seconds N] [--tickerd PATH] [--shim PATH] [--scene NAME] [--device panel|ddp] | floor PTY [--wakes N] | floor --udp PORT [--wakes N] | garbage [--bytes-per-second N] | soak [CYCLES]]"
    )
    exit(2)
}
