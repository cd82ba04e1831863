import Glibc
import TickerCore
import TickerIO

/// The options that describe an LED matrix on the command line: `--size WxH`, `--protocol`, and
/// `--leds-KEY VALUE` for every key of the configuration's `[leds]` section, read with the same validation.
struct StripOptions {
    // The daemon's own panel size unless --size says otherwise.
    var width = Config().panel.width
    var height = Config().panel.height
    /// The protocol; nil for tickerd's own.
    var stripProtocol: StripProtocol? = .adalight
    /// Whether any `--leds-…` option was given.
    var givenLEDOptions = false
    var config = Config()

    /// Takes `argument` (and its value) if it is one of these options; false if it is not.
    mutating func take(_ argument: String, from scanner: inout ArgumentScanner) throws(UsageError) -> Bool {
        switch argument {
        case "--size":
            (width, height) = try scanner.size(for: argument)
        case "--protocol":
            let value = try scanner.value(for: argument, expected: "tickerd, adalight or tpm2")
            guard let parsed = Config.DeviceProtocol(rawValue: value) else {
                throw UsageError("option '--protocol' got '\(value)' (expected tickerd, adalight or tpm2)")
            }
            stripProtocol = parsed.strip
        case _ where argument.hasPrefix("--leds-"):
            givenLEDOptions = true
            let key = String(argument.dropFirst("--leds-".count))
            let value = try scanner.value(for: argument, expected: "a value for leds.\(key)")
            do { try config.set("leds", key, value) } catch { throw UsageError("option '\(argument)': \(error)") }
        default:
            return false
        }
        return true
    }

    /// The strip, checked against the size, and its protocol.
    func strip() throws(UsageError) -> (StripSettings, StripProtocol) {
        guard let stripProtocol else { throw UsageError("LED matrices speak --protocol adalight or tpm2") }
        let settings = config.leds.strip(width: width, height: height)
        let layout = settings.layout
        guard layout.width == width, layout.height == height else {
            throw UsageError(
                "--leds-tiles \(layout.tilesAcross)x\(layout.tilesDown) of --leds-module "
                    + "\(layout.moduleWidth)x\(layout.moduleHeight) make \(layout.width)×\(layout.height) LEDs, "
                    + "not --size \(width)x\(height)")
        }
        guard layout.count <= stripProtocol.maxLEDs else {
            throw UsageError("\(stripProtocol.rawValue) carries at most \(stripProtocol.maxLEDs) LEDs a frame")
        }
        return (settings, stripProtocol)
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
        "\(stripProtocol.rawValue) LED matrix \(layout.width)×\(layout.height) (\(layout.wiring.rawValue)"
            + "\(layout.serpentine ? ", serpentine" : ""), from \(layout.origin.rawValue), "
            + "\(settings.colorOrder.rawValue)) on \(emulator.terminal.slavePath)"
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

/// `tickerctl leds test`: lights one LED at a time along the strip and says where it should be.
func runLeds(_ arguments: [String]) -> Int32 {
    var scanner = ArgumentScanner(arguments)
    guard scanner.next() == "test" else {
        fail("leds needs a subcommand: test (see tickerctl --help)")
    }
    var options = StripOptions()
    var device: String?
    var baud = 115_200
    var interval = 0.25
    do throws(UsageError) {
        while let argument = scanner.next() {
            if try options.take(argument, from: &scanner) { continue }
            switch argument {
            case "--device": device = try scanner.value(for: argument, expected: "the serial port")
            case "--baud": baud = try scanner.integer(for: argument, in: 50...4_000_000)
            case "--interval": interval = try scanner.number(for: argument, in: 0...60)
            default: throw UsageError("unknown option '\(argument)' for leds test (see tickerctl --help)")
            }
        }
        guard device != nil else { throw UsageError("leds test needs --device PATH") }
    } catch {
        fail(error.description)
    }
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
