import Glibc
import TickerCore
import TickerIO

/// The options that describe an LED matrix on the command line: `--size WxH`, `--protocol`, and
/// `--leds-KEY VALUE` for every key of the configuration's `[leds]` section, read with the same validation.
struct StripOptions {
    // The daemon's own panel size unless --size says otherwise.
    var width = Config().panel.width
    var height = Config().panel.height
    /// The protocol; nil for tickerd's own and for the network protocols.
    var stripProtocol: StripProtocol?
    /// The network protocol (`--protocol ddp|artnet|sacn`), for `tickerctl panel --listen`.
    var network: NetworkProtocol?
    /// Whether any `--leds-…` option was given.
    var givenLEDOptions = false
    var config = Config()

    /// `--protocol`, then `--leds-KEY` for each key of `[leds]`.
    static let options =
        [
            Option(
                "--protocol", "tickerd|adalight|tpm2|ddp|artnet|sacn",
                meaning: "tickerd, adalight, tpm2, ddp, artnet or sacn",
                help: "the LED matrix's protocol (adalight for WLED or an Adalight sketch; ddp, artnet or sacn on "
                    + "the network, with --listen)")
        ]
        + ConfigKeys.keys(in: "leds").map { key in
            Option("--leds-\(key)", "VALUE", meaning: "a value for leds.\(key)", help: "[leds] \(key)")
        }

    /// The options in `given`, over `stripProtocol` (the protocol when none is given) and a 32×8 size.
    init(_ given: ParsedArguments, stripProtocol: StripProtocol?) throws(UsageError) {
        self.stripProtocol = stripProtocol
        for option in given.options {
            let value = option.value ?? ""
            if option.name == "--size" {
                (width, height) = try option.size()
            } else if option.name == "--protocol" {
                if let parsed = NetworkProtocol(rawValue: value) {
                    network = parsed
                    self.stripProtocol = nil
                    continue
                }
                guard let parsed = Config.DeviceProtocol(rawValue: value) else {
                    throw UsageError(
                        "option '--protocol' got '\(value)' (expected tickerd, adalight, tpm2, ddp, artnet or sacn)")
                }
                network = nil
                self.stripProtocol = parsed.strip
            } else if option.name.hasPrefix("--leds-") {
                givenLEDOptions = true
                do { try config.set("leds", String(option.name.dropFirst("--leds-".count)), value) } catch {
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

/// `tickerctl panel --protocol adalight|tpm2`: an LED controller on a pseudo-terminal, drawn here in colour.
func runStripPanel(
    strip options: StripOptions, link: String?, framesPath: String?, draw: Bool
) -> Int32 {
    let logger = Logger(program: "tickerctl")
    let settings: StripSettings
    let stripProtocol: StripProtocol
    do { (settings, stripProtocol) = try options.strip() } catch { fail(error.description) }
    let loop = EmulatorLoop(framesPath: framesPath)
    let emulator: StripEmulator
    do { emulator = try StripEmulator(settings: settings, link: link) } catch { fail(error.description, status: 1) }
    let layout = settings.layout
    logger.notice(
        "\(stripProtocol.rawValue) \(describe(settings)) on \(emulator.terminal.slavePath)"
            + (link.map { " (linked at \($0))" } ?? ""))
    let terminal = draw ? TerminalPanel() : nil
    terminal?.begin()
    defer { terminal?.end() }
    var lastMilliamps = 0
    var refused = Set<Int>()
    var advice = ""
    loop.run(reading: emulator.fileDescriptor) {
        let alive = emulator.service { event, emulator in
            if case .frame(_, _, let milliamps) = event { lastMilliamps = milliamps }
            if case .wrongCount(let kind, let leds) = event, refused.insert(leds).inserted {
                advice =
                    "start this emulator with the --size tickerd has, or tickerd with --size "
                    + "\(layout.width)x\(layout.height)"
                logger.warning(
                    "\(kind.rawValue) frame of \(leds) LEDs does not match this matrix's \(layout.count) "
                        + "(\(layout.width)×\(layout.height)): shown as far as it goes (\(advice))")
            }
            guard loop.isRecording else { return }
            switch event {
            case .frame(let kind, let leds, let milliamps):
                loop.write(
                    "\(kind.rawValue) \(leds) LEDs \(milliamps) mA\n" + StripEmulator.asciiArt(emulator.picture) + "\n"
                        + colorRows(emulator.picture))
            case .wrongCount(let kind, let leds): loop.write("wrong-count \(kind.rawValue) \(leds) LEDs\n")
            case .damaged(let reason): loop.write("damaged \(reason)\n")
            case .baud(let rate): loop.write("baud \(rate)\n")
            case .askedInfo: loop.write("info\n")
            case .released: loop.write("released\n")
            }
        }
        if !alive { fail("panel: the pseudo-terminal failed", status: 1) }
    } draw: {
        terminal?.draw(
            emulator.picture,
            status: "\(emulator.terminal.link ?? emulator.terminal.slavePath) · \(emulator.frames) frames, "
                + "\(emulator.damaged) damaged · \(lastMilliamps) mA · \(emulator.live ? "live" : "released")"
                + (advice.isEmpty ? "" : " · frames of another size: \(advice)"))
    }
    return 0
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
    summary: "Lights one LED at a time along the strip and prints the (x, y) it should be at.",
    synopsis: ["--device PATH [options]"],
    options: [
        Option("--device", "PATH", meaning: "the serial port", help: "the serial port of the LED matrix"),
        .size(help: "the matrix in LEDs (default 32x8)"),
        Option("--baud", "N", meaning: "a line speed in baud", help: "line speed (default 115200)"),
        Option("--interval", "S", meaning: "seconds", help: "how long each LED stays lit (default 0.25)"),
    ] + StripOptions.options)

let ledsCommand = Command(
    "tickerctl leds", summary: "Checks an LED matrix's wiring.", subcommands: [ledsTestCommand])

/// `tickerctl leds test`: lights one LED at a time along the strip and says where it should be.
func runLedsTest(_ given: ParsedArguments) -> Int32 {
    let options: StripOptions
    var baud = 115_200
    var interval = 0.25
    do throws(UsageError) {
        options = try StripOptions(given, stripProtocol: .adalight)
        baud = try given["--baud"]?.integer(in: 50...4_000_000) ?? baud
        interval = try given["--interval"]?.number(in: 0...60) ?? interval
        guard given.has("--device") else { throw UsageError("leds test needs --device PATH") }
    } catch {
        fail(error.description)
    }
    let device = given.value("--device")
    let settings: StripSettings
    let stripProtocol: StripProtocol
    do { (settings, stripProtocol) = try options.strip() } catch { fail(error.description) }
    let address: DeviceAddress
    do {
        var config = Config()
        try config.set("device", "path", device ?? "")
        guard case .path(let path) = config.device.address else { throw UsageError("--device needs a path") }
        address = .path(path)
    } catch {
        fail("option '--device': \(error)")
    }
    let port: SerialPort
    do { port = try SerialPort.open(address, settings: SerialSettings(baudRate: baud)) } catch {
        fail(error.message, status: 1)
    }
    defer { port.close() }
    var encoder = StripEncoder(stripProtocol: stripProtocol, settings: settings)
    let layout = settings.layout
    var frame = RGBFrame(width: layout.width, height: layout.height)
    print(
        "walking one lit LED along \(layout.count) LEDs (\(layout.wiring.rawValue)\(layout.serpentine ? ", serpentine" : ""), "
            + "from \(layout.origin.rawValue)); (x, y) counts from the top-left corner, seen from the front")
    func send() -> Bool {
        encoder.encode(frame, brightness: 255) { bytes in
            var offset = 0
            let deadline = Clock.now + .seconds(2)
            while offset < bytes.count, Clock.now < deadline {
                switch port.write(UnsafeRawBufferPointer(rebasing: bytes[offset...])) {
                case .wrote(let count): offset += count
                case .failed: return false
                }
                if offset < bytes.count { Clock.pause(milliseconds: 1) }
            }
            return offset == bytes.count
        }
    }
    for index in 0..<layout.count {
        guard let (x, y) = layout.position(of: index) else { continue }
        frame.bytes.withUnsafeMutableBufferPointer { $0.update(repeating: 0) }
        frame[x, y] = .white
        guard send() else { fail("write '\(port.path)' failed", status: 1) }
        print("LED \(index): (\(x), \(y))")
        Clock.pause(milliseconds: Int(interval * 1_000))
    }
    frame.bytes.withUnsafeMutableBufferPointer { $0.update(repeating: 0) }
    _ = send()
    return 0
}
