import Glibc
import TickerCore
import TickerIO

/// The options that describe an LED matrix on the command line: `--size WxH`, `--protocol`, and
/// `--leds-KEY VALUE` for every key of the configuration's `[leds]` section, read with the same validation.
struct StripOptions {
    // The configuration's panel size (the daemon's own by default) unless --size says otherwise.
    var width: Int
    var height: Int
    /// The strip's protocol; nil for tickerd's own, the network protocols and max7219.
    var stripProtocol: StripProtocol?
    /// The sections of the configuration that `--SECTION-KEY` options were given for: `leds`, `max7219`.
    var givenSections = Set<String>()
    /// `config` with the `--leds-…` and `--max7219-…` options applied.
    var config: Config

    /// `--protocol`, then `--leds-KEY` for each key of `[leds]`.
    static let options =
        [
            Option(
                "--protocol", "tickerd|adalight|tpm2|ddp|artnet|sacn|max7219|view",
                meaning: "tickerd, adalight, tpm2, ddp, artnet, sacn, max7219 or view",
                help: "the LED matrix's protocol (adalight for WLED or an Adalight sketch; ddp, artnet or sacn on "
                    + "the network, with --listen; max7219 for MAX7219 modules, read from a FIFO at --link; view for the daemon's own frames, "
                    + "from its view socket at --socket)")
        ]
        + ConfigKeys.keys(in: "leds").map { key in
            Option("--leds-\(key)", "VALUE", meaning: "a value for leds.\(key)", help: "[leds] \(key)")
        }

    /// `--max7219-KEY` for each key of `[max7219]`: the emulated chain (`tickerctl panel --protocol max7219`).
    static let max7219Options = ConfigKeys.keys(in: "max7219").map { key in
        Option("--max7219-\(key)", "VALUE", meaning: "a value for max7219.\(key)", help: "[max7219] \(key)")
    }

    /// The options in `given`, over `stripProtocol` (the protocol when none is given) and `config` (its panel
    /// size and `[leds]`; the defaults unless said).
    init(_ given: ParsedArguments, stripProtocol: StripProtocol?, config: Config = Config()) throws(UsageError) {
        self.stripProtocol = stripProtocol
        self.config = config
        width = config.panel.width
        height = config.panel.height
        for option in given.options {
            let value = option.value ?? ""
            if option.name == "--size" {
                (width, height) = try option.size()
            } else if option.name == "--protocol" {
                // The protocols are those of the emulators; only adalight and tpm2 are a strip's.
                guard emulators[value] != nil else {
                    throw UsageError(
                        "option '--protocol' got '\(value)' "
                            + "(expected tickerd, adalight, tpm2, ddp, artnet, sacn, max7219 or view)")
                }
                self.stripProtocol = Config.DeviceProtocol(rawValue: value)?.strip
            } else if let section = ["leds", "max7219"].first(where: { option.name.hasPrefix("--\($0)-") }) {
                givenSections.insert(section)
                do { try self.config.set(section, String(option.name.dropFirst("--\(section)-".count)), value) } catch {
                    throw UsageError("option '\(option.name)': \(error)")
                }
            }
        }
    }

    /// The strip, checked against the size, and its protocol.
    func strip() throws(UsageError) -> (StripSettings, StripProtocol) {
        guard let stripProtocol else { throw UsageError("LED matrices speak --protocol adalight or tpm2") }
        let settings = try settings()
        guard settings.layout.count <= stripProtocol.maxLEDs else {
            throw UsageError("\(stripProtocol.rawValue) carries at most \(stripProtocol.maxLEDs) LEDs a frame")
        }
        return (settings, stripProtocol)
    }

    /// The strip, checked against the size.
    func settings() throws(UsageError) -> StripSettings {
        let settings = config.leds.strip(width: width, height: height)
        let layout = settings.layout
        guard layout.width == width, layout.height == height else {
            throw UsageError(
                "--leds-tiles \(layout.tilesAcross)x\(layout.tilesDown) of --leds-module "
                    + "\(layout.moduleWidth)x\(layout.moduleHeight) make \(layout.width)×\(layout.height) LEDs, "
                    + "not --size \(width)x\(height)")
        }
        return settings
    }
}

/// "LED matrix 32×8 (columns, serpentine, from bottom-left, GRB)": how an emulator says what it plays.
func describe(_ settings: StripSettings) -> String {
    let layout = settings.layout
    return "LED matrix \(layout.width)×\(layout.height) (\(layout.wiring.rawValue)"
        + "\(layout.serpentine ? ", serpentine" : ""), from \(layout.origin.rawValue), "
        + "\(settings.colorOrder.rawValue))"
}

let ledsTestCommand = Command(
    "tickerctl leds test",
    summary: "Lights one LED at a time along the matrix and prints the (x, y) it should be at.",
    synopsis: ["--device PATH|ADDRESS [options]", "--config FILE [options]"],
    options: [
        Option(
            "--device", "PATH|ADDRESS", meaning: "a serial port or a network address",
            help:
                "the LED matrix: a serial port, ddp://, artnet:// or sacn://HOST[:PORT], or spi:PATH, as [device] "
                + "path takes"),
        .size(help: "the matrix in LEDs (default 32x8)"),
        Option("--baud", "N", meaning: "a line speed in baud", help: "line speed of a serial port (default 115200)"),
        Option("--interval", "S", meaning: "seconds", help: "how long each LED stays lit (default 0.25)"),
        Option(
            "--config", "FILE", meaning: "a tickerd configuration file",
            help: "start from this configuration's [panel], [device] and [leds], as the daemon drives them"),
    ] + StripOptions.options)

let ledsCommand = Command(
    "tickerctl leds", summary: "Finds WLED controllers and checks an LED matrix's wiring.",
    subcommands: [ledsFindCommand, ledsTestCommand])

/// `tickerctl leds test`: lights one LED at a time along the matrix and says where it should be, through the
/// daemon's own sink for the device (`Sinks.make`), so it reaches every kind of device the daemon does.
func runLedsTest(_ given: ParsedArguments) -> Int32 {
    // A configuration file gives its device, protocol, panel and wiring; without one, an Adalight matrix.
    var base = Config()
    if let path = given.value("--config") {
        switch Settings.load(ConfigSource(path: path, required: true, overrides: [])) {
        case .success(let settings): base = settings.config
        case .failure(let error): fail(error.description)
        }
    }
    let options: StripOptions
    var interval = 0.25
    do throws(UsageError) {
        let configured = given.has("--config") ? base.device.deviceProtocol.strip : .adalight
        options = try StripOptions(given, stripProtocol: configured, config: base)
        interval = try given["--interval"]?.number(in: 0...60) ?? interval
        _ = try given["--baud"]?.integer(in: 50...4_000_000)
        guard given.has("--device") || base.device.address != nil else {
            throw UsageError("leds test needs --device PATH|ADDRESS, or a [device] path in --config")
        }
    } catch {
        fail(error.description)
    }
    let stripProtocol = options.stripProtocol
    var config = options.config
    do {
        try config.set("panel", "width", String(options.width))
        try config.set("panel", "height", String(options.height))
        if let device = given.value("--device") { try config.set("device", "path", device) }
        try config.set("device", "protocol", stripProtocol?.rawValue ?? "tickerd")
        if let baud = given.value("--baud") { try config.set("device", "baud", baud) }
    } catch {
        fail("leds test: \(error)")
    }
    // A network matrix, like a serial strip, takes whole colour frames through the wiring map: the walk follows
    // the wiring. A tickerd panel is walked row by row.
    let walksStrip = stripProtocol != nil || config.device.address?.network != nil
    if walksStrip { config.panel.depth = .rgb888 }
    // The checks of the emulator's options: the tiles make the size, the protocol carries the LEDs.
    if stripProtocol != nil { do { _ = try options.strip() } catch { fail(error.description) } }
    let settings: Settings
    do { settings = try Settings(config) } catch { fail(error.description) }
    let logger = Logger(program: "tickerctl")
    guard let sink = Sinks.make(for: settings, logger: logger) else { fail("leds test needs --device PATH|ADDRESS") }
    defer { sink.close() }
    let width = config.panel.width
    let height = config.panel.height
    var picture = Picture(
        width: width, height: height, depth: config.panel.depth.levels, color: config.panel.depth.isColor)
    let steps: [(x: Int, y: Int)]
    if walksStrip {
        let layout = config.leds.strip(width: width, height: height).layout
        steps = (0..<layout.count).compactMap { layout.position(of: $0) }
        print(
            "walking one lit LED along \(layout.count) LEDs (\(layout.wiring.rawValue)"
                + "\(layout.serpentine ? ", serpentine" : ""), from \(layout.origin.rawValue)); (x, y) counts from the "
                + "top-left corner, seen from the front")
    } else {
        steps = (0..<width * height).map { ($0 % width, $0 / width) }
        print("walking one lit pixel along \(width)×\(height) pixels, row by row from the top-left corner")
    }
    let walk = SinkDriver(sink: sink)
    // The first frame waits for the device to connect (a board that resets on open, a panel's hello).
    var within = Duration.seconds(10)
    for (index, (x, y)) in steps.enumerated() {
        picture.light(x, y)
        guard walk.show(picture, within: within) else {
            fail(
                "leds test: '\(config.device.address?.description ?? "")' took no frame within \(within) (\(sink.status))",
                status: 1)
        }
        within = .seconds(2)
        print("LED \(index): (\(x), \(y))")
        walk.hold(picture, for: .milliseconds(Int(interval * 1_000)))
        picture.darken(x, y)
    }
    sink.finish(.blank, timeout: .seconds(2))
    return 0
}

/// Drives one sink outside the daemon as the daemon's loop does: services it with the picture, waits on its
/// descriptor until its next deadline, and hands it what the device says and its hang-ups.
struct SinkDriver {
    /// The sink driven.
    let sink: any FrameSink

    /// Services the sink with `picture` until it has sent one more frame; false when `timeout` passes first.
    func show(_ picture: Picture, within timeout: Duration) -> Bool {
        let sent = sink.statistics.framesSent
        let deadline = Clock.now + timeout
        while true {
            let now = Clock.now
            sink.service(picture, at: now)
            if sink.statistics.framesSent > sent { return true }
            guard now < deadline else { return false }
            // A busy line says "at once"; a millisecond lets it drain.
            wait(until: min(deadline, max(sink.nextDeadline, now + .milliseconds(1))))
        }
    }

    /// Keeps the sink going with `picture` (its keepalives, the device's replies) for `duration`.
    func hold(_ picture: Picture, for duration: Duration) {
        let end = Clock.now + duration
        while Clock.now < end {
            if sink.nextDeadline <= Clock.now { sink.service(picture, at: Clock.now) }
            wait(until: min(end, max(sink.nextDeadline, Clock.now + .milliseconds(1))))
        }
    }

    private func wait(until instant: Duration) {
        var entries = [pollfd(fd: sink.fileDescriptor, events: Posix.readable, revents: 0)]
        _ = try? Posix.poll(&entries, timeoutMilliseconds: (instant - Clock.now).pollMilliseconds)
        let events = Int32(entries[0].revents)
        if events & POLLIN != 0 { sink.readReplies(at: Clock.now) }
        if events & (POLLHUP | POLLERR) != 0 { sink.hangUp(at: Clock.now) }
    }
}

extension Picture {
    /// Lights the pixel at (`x`, `y`): full white on a colour picture, the top level on a grey one.
    mutating func light(_ x: Int, _ y: Int) {
        if isColor { colors[x, y] = .white }
        frame[x, y] = frame.depth.maxLevel
    }

    /// Darkens the pixel at (`x`, `y`).
    mutating func darken(_ x: Int, _ y: Int) {
        if isColor { colors[x, y] = RGB(red: 0, green: 0, blue: 0) }
        frame[x, y] = 0
    }
}
