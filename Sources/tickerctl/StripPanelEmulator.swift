import TickerCore
import TickerIO

/// `tickerctl panel --protocol adalight|tpm2`: an LED controller on a pseudo-terminal, played as WLED plays one,
/// in colour; its records are the frames it showed and the commands it answered.
final class StripPanelEmulator: Emulator {
    let announcement: String
    private let strip: StripEmulator
    private var lastMilliamps = 0
    private var refused = Set<Int>()
    private var advice = ""

    init(_ options: EmulatorOptions) {
        options.refuse(.max7219, .network)
        let settings: StripSettings
        let stripProtocol: StripProtocol
        do { (settings, stripProtocol) = try options.strip.strip() } catch { fail(error.description) }
        do { strip = try StripEmulator(settings: settings, link: options.link) } catch {
            fail(error.description, status: 1)
        }
        announcement =
            "\(stripProtocol.rawValue) \(describe(settings)) on \(strip.terminal.slavePath)"
            + (strip.terminal.link.map { " (linked at \($0))" } ?? "")
    }

    var fileDescriptors: [Int32] { [strip.fileDescriptor] }

    var picture: Picture { Picture(colors: strip.picture) }

    func service(recording frames: EmulatorLoop) {
        let layout = strip.settings.layout
        let alive = strip.service { event, strip in
            switch event {
            case .frame(let kind, let leds, let milliamps):
                lastMilliamps = milliamps
                frames.writeLEDFrame("\(kind.rawValue) \(leds) LEDs \(milliamps) mA", strip.picture)
            case .wrongCount(let kind, let leds):
                if refused.insert(leds).inserted {
                    advice =
                        "start this emulator with the --size tickerd has, or tickerd with --size "
                        + "\(layout.width)x\(layout.height)"
                    Logger(program: "tickerctl").warning(
                        "\(kind.rawValue) frame of \(leds) LEDs does not match this matrix's \(layout.count) "
                            + "(\(layout.width)×\(layout.height)): shown as far as it goes (\(advice))")
                }
                frames.write("wrong-count \(kind.rawValue) \(leds) LEDs\n")
            case .damaged(let reason): frames.write("damaged \(reason)\n")
            case .baud(let rate): frames.write("baud \(rate)\n")
            case .askedInfo: frames.write("info\n")
            case .released: frames.write("released\n")
            }
        }
        if !alive { fail("panel: the pseudo-terminal failed", status: 1) }
    }

    func status(at now: Duration) -> String {
        "\(strip.terminal.link ?? strip.terminal.slavePath) · \(strip.frames) frames, \(strip.damaged) damaged · "
            + "\(lastMilliamps) mA · \(strip.live ? "live" : "released")"
            + (advice.isEmpty ? "" : " · frames of another size: \(advice)")
    }
}
