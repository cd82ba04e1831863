import Glibc
import PanelCore
import TickerCore
import TickerIO
import TickerWire

let panelCommand = Command(
    "tickerctl panel",
    summary:
        "Emulates a panel on a pseudo-terminal and draws it here; with --protocol adalight or tpm2, an LED matrix "
        + "on WLED or an Adalight sketch, in colour; with --protocol ddp, artnet or sacn, an LED matrix on the "
        + "network, listening on UDP; with --protocol max7219, a chain of MAX7219 modules, reading from a FIFO.",
    options: [
        Option(
            "--link", "PATH", meaning: "a path for the device link",
            help: "a symbolic link to the pseudo-terminal (max7219: the FIFO to make and read)"),
        Option(
            "--listen", "ADDR[:PORT]", meaning: "an address to listen on, such as 127.0.0.1:4048",
            help: "the UDP address a network matrix listens on (default 127.0.0.1, the protocol's port)"),
        Option(
            "--universe", "N", meaning: "a universe number",
            help: "the first Art-Net or E1.31 universe it shows (default 0 for artnet, 1 for sacn)"),
        Option(
            "--channels-per-universe", "N", meaning: "a channel count, 3 to 512",
            help: "the channels of each universe it reads (default 510; AWTRIX 3: 384)"),
        .size(help: "panel size in pixels (default 64x16, as tickerd's)"),
        Option(
            "--depth", "1|2|4|8|16|24|rgb|rgb565", meaning: "1, 2, 4, 8, 16, 24, rgb or rgb565",
            help: "bits per pixel (default 2)"),
        Option("--fps", "N", meaning: "the frames per second the panel takes", help: "frames per second it takes"),
        Option(
            "--frames", "FILE", meaning: "a file to write decoded frames to",
            help: "write every decoded packet and the panel as text"),
        .flag("--draw", help: "draw the panel here (the default on a terminal)"),
        .flag("--no-draw", help: "do not draw the panel"),
        .flag("--no-scroll", help: "do not offer the scroll message"),
    ] + StripOptions.options + StripOptions.max7219Options)

/// `tickerctl panel`: a panel emulator on a pseudo-terminal, drawn in this terminal.
func runPanel(_ given: ParsedArguments) -> Int32 {
    // The daemon's own defaults, so that `tickerd --device LINK` with no options fits.
    let defaults = Config().panel
    var width = defaults.width
    var height = defaults.height
    var bits = defaults.depth.wireBits
    var fps = 60
    var strip: StripOptions
    do throws(UsageError) {
        strip = try StripOptions(given, stripProtocol: nil)
        (width, height) = try given["--size"]?.size() ?? (width, height)
        fps = try given["--fps"]?.integer(in: 1...255) ?? fps
        if let value = given.value("--depth") {
            switch value {
            case "1", "2", "4", "8", "16", "24": bits = Int(value) ?? 2
            case "rgb": bits = 24
            case "rgb565": bits = 16
            default:
                throw UsageError("option '--depth' got '\(value)' (expected 1, 2, 4, 8, 16, 24, rgb or rgb565)")
            }
        }
    } catch {
        fail(error.description)
    }
    let link = given.value("--link")
    let framesPath = given.value("--frames")
    let draw = given.options.last { $0.name.hasSuffix("-draw") }.map { $0.name == "--draw" } ?? Posix.isTerminal(1)
    let scroll = !given.has("--no-scroll")
    if strip.isMAX7219 {
        strip.width = width
        strip.height = height
        return runMAX7219Panel(strip, link: link, framesPath: framesPath, draw: draw)
    }
    if strip.givenMAX7219Options { fail("--max7219-… options need --protocol max7219") }
    if let network = strip.network {
        strip.width = width
        strip.height = height
        return runNetworkPanel(network, strip: strip, given: given, framesPath: framesPath, draw: draw)
    }
    for name in ["--listen", "--universe", "--channels-per-universe"] where given.has(name) {
        fail("\(name) needs --protocol ddp, artnet or sacn")
    }
    if strip.stripProtocol != nil {
        strip.width = width
        strip.height = height
        return runStripPanel(strip: strip, link: link, framesPath: framesPath, draw: draw)
    }
    if strip.givenLEDOptions { fail("--leds-… options need --protocol adalight or tpm2") }
    let logger = Logger(program: "tickerctl")
    let info: DeviceInfo
    do {
        let geometry = try PanelGeometry(width: width, height: height, bitsPerPixel: bits)
        info = try DeviceInfo(
            geometry: geometry, maxFramesPerSecond: fps, capabilities: scroll ? .scroll : [],
            firmwareName: "tickerctl panel")
    } catch {
        fail("panel \(width)×\(height)×\(bits): \(error)")
    }
    let loop = EmulatorLoop(framesPath: framesPath)
    let emulator: PanelEmulator
    do { emulator = try PanelEmulator(info: info, link: link) } catch { fail(error.description, status: 1) }
    logger.notice(
        "panel \(width)×\(height)×\(bits) on \(emulator.terminal.slavePath)\(link.map { " (linked at \($0))" } ?? "")"
    )
    let terminal = draw ? TerminalPanel() : nil
    terminal?.begin()
    defer { terminal?.end() }
    let isColor = info.geometry.isColor
    var display = Frame(width: width, height: height, depth: PixelDepth(bits: bits) ?? .eight)
    var image = RGBFrame(width: isColor ? width : 0, height: isColor ? height : 0)
    var lastUpdates = 0
    var rate = 0.0
    var lastRate = Clock.now
    var refused = Set<PanelGeometry>()
    var advice = ""
    loop.run(reading: emulator.fileDescriptor) {
        let alive = emulator.service { event, device in
            if case .rejected(let rejection) = event,
                case .geometryMismatch(let width, let height, let bits, let panel) = rejection.reason,
                let frame = try? PanelGeometry(width: width, height: height, bitsPerPixel: bits),
                refused.insert(frame).inserted
            {
                advice = sizeAdvice(frame: frame, panel: panel)
                logger.warning("\(rejection.reason): refused (\(advice))")
            }
            guard loop.isRecording else { return }
            var text = "\(describe(event))\n"
            if case .applied(let message) = event, message != .hello {
                text += device.asciiArt + "\n"
                if isColor { text += colorRows(device) }
            }
            loop.write(text)
        }
        if !alive { fail("panel: the pseudo-terminal failed", status: 1) }
    } draw: {
        let now = Clock.now
        if now - lastRate >= .seconds(1) {
            rate = Double(emulator.updates - lastUpdates) / ((now - lastRate) / .seconds(1))
            lastUpdates = emulator.updates
            lastRate = now
        }
        guard let terminal else { return }
        let device = emulator.device
        let counters = device.counters
        let status =
            "\(emulator.terminal.link ?? emulator.terminal.slavePath) · \(counters.packets) packets, "
            + "\(counters.badPackets) bad · \(Int(rate.rounded())) updates/s · brightness \(device.brightness)"
            + (advice.isEmpty ? "" : " · frames of another size: \(advice)")
        if isColor {
            paint(&image, from: device)
            terminal.draw(image, status: status)
        } else {
            for x in 0..<width { for y in 0..<height { display[x, y] = device.level(x: x, y: y) } }
            terminal.draw(display, status: status)
        }
    }
    return 0
}

/// `tickerctl panel --protocol ddp|artnet|sacn`: an LED matrix on the network, listening on UDP, drawn here in
/// colour, with the same records as the serial LED matrix's.
func runNetworkPanel(
    _ kind: NetworkProtocol, strip options: StripOptions, given: ParsedArguments, framesPath: String?, draw: Bool
) -> Int32 {
    let logger = Logger(program: "tickerctl")
    let settings: StripSettings
    let firstUniverse: Int
    let channels: Int
    let listen: NetworkDevice
    do throws(UsageError) {
        if given.has("--link") { throw UsageError("--link is for serial matrices; a network matrix takes --listen") }
        settings = try options.settings()
        let device = Config().device
        firstUniverse =
            try given["--universe"]?.integer(in: kind == .sacn ? 1...63_999 : 0...0x7FFF)
            ?? device.firstUniverse(for: kind)
        channels = try given["--channels-per-universe"]?.integer(in: 3...512) ?? device.channelsPerUniverse
        let text = given.value("--listen") ?? "127.0.0.1"
        do { listen = try NetworkDevice(parsing: "\(kind.rawValue)://\(text)") } catch {
            throw UsageError("option '--listen' got '\(text)', which \(error.problem) (expected ADDR[:PORT])")
        }
    } catch {
        fail(error.description)
    }
    let emulator: NetworkEmulator
    do {
        let host = listen.host.isEmpty ? "0.0.0.0" : listen.host
        guard let address = try Posix.datagramAddresses(host: host, port: listen.port).first else {
            fail("listen on '\(host)': no address", status: 1)
        }
        emulator = try NetworkEmulator(
            kind: kind, settings: settings, listening: address, firstUniverse: firstUniverse,
            channelsPerUniverse: channels)
    } catch {
        fail("\(error)", status: 1)
    }
    let loop = EmulatorLoop(framesPath: framesPath)
    let universes = kind == .ddp ? "" : ", universes from \(firstUniverse) of \(channels / 3 * 3) channels"
    logger.notice("\(kind.rawValue) \(describe(settings))\(universes), listening on \(emulator.address)")
    let terminal = draw ? TerminalPanel() : nil
    terminal?.begin()
    defer { terminal?.end() }
    var lastMilliamps = 0
    var others = Set<Int>()
    loop.run(reading: emulator.fileDescriptor) {
        let alive = emulator.service { event, emulator in
            if case .frame(_, let milliamps) = event { lastMilliamps = milliamps }
            if case .otherUniverse(let universe) = event, others.insert(universe).inserted {
                logger.warning("universe \(universe) is not one this matrix shows (see --universe)")
            }
            guard loop.isRecording else { return }
            switch event {
            case .frame(let leds, let milliamps):
                loop.write(
                    "\(kind.rawValue) \(leds) LEDs \(milliamps) mA\n" + StripEmulator.asciiArt(emulator.picture)
                        + "\n" + colorRows(emulator.picture))
            case .damaged(let reason): loop.write("damaged \(reason)\n")
            case .otherUniverse(let universe): loop.write("other-universe \(universe)\n")
            case .terminated(let universe): loop.write("terminated \(universe)\n")
            }
        }
        if !alive { fail("panel: the socket on \(emulator.address) failed", status: 1) }
    } draw: {
        terminal?.draw(
            emulator.picture,
            status:
                "\(kind.rawValue) on \(emulator.address) · \(emulator.frames) frames, \(emulator.damaged) damaged · "
                + "\(lastMilliamps) mA · \(emulator.terminated ? "terminated" : emulator.frames > 0 ? "live" : "waiting")"
        )
    }
    return 0
}

/// What to do about frames of `frame`'s geometry reaching a panel of `panel`'s: start either side with the
/// other's size and depth.
func sizeAdvice(frame: PanelGeometry, panel: PanelGeometry) -> String {
    let size = { (geometry: PanelGeometry) in "--size \(geometry.width)x\(geometry.height)" }
    let daemonDepth = PanelDepth(wireBits: panel.bitsPerPixel)?.name ?? String(panel.bitsPerPixel)
    return "start this emulator with \(size(frame)) --depth \(frame.bitsPerPixel), "
        + "or tickerd with \(size(panel)) --depth \(daemonDepth)"
}

/// A colour panel's pixels for the frames file: one line per row, each pixel as `RRGGBB` hex, separated by
/// spaces.
func colorRows(_ device: PanelDevice) -> String {
    let geometry = device.info.geometry
    var picture = RGBFrame(width: geometry.width, height: geometry.height)
    paint(&picture, from: device)
    return colorRows(picture)
}

/// Copies a colour panel's pixels into `picture` (of its size).
func paint(_ picture: inout RGBFrame, from device: PanelDevice) {
    for y in 0..<picture.height {
        for x in 0..<picture.width {
            let color = device.color(x: x, y: y)
            picture[x, y] = RGB(red: color.red, green: color.green, blue: color.blue)
        }
    }
}

/// A picture's pixels for the frames file: one line per row, each pixel as `RRGGBB` hex, separated by spaces.
func colorRows(_ picture: RGBFrame) -> String {
    var text = ""
    for y in 0..<picture.height {
        let row = (0..<picture.width).map { x in String(picture[x, y].hex.dropFirst()) }
        text += row.joined(separator: " ") + "\n"
    }
    return text
}

/// One line about what a packet did.
func describe(_ event: PanelEvent) -> String {
    switch event {
    case .applied(let message):
        switch message {
        case .hello: return "hello"
        case .fullFrame: return "full"
        case .columns(let start, let count): return "columns \(start) \(count)"
        case .scroll(let start, let count, let dx): return "scroll \(start) \(count) \(dx)"
        case .brightness(let level): return "brightness \(level)"
        case .blank: return "blank"
        }
    case .rejected(let rejection): return "rejected \(rejection.reason)"
    }
}
