import TickerCore
import TickerIO

/// What `tickerctl panel` was told, read once for every kind of emulator (a bad value is a usage error whatever
/// the kind); each kind reads what is its own alone from `given`.
struct EmulatorOptions {
    /// The options given.
    let given: ParsedArguments
    /// The size, `--leds-…` and `--max7219-…`, over the daemon's defaults.
    let strip: StripOptions
    /// `--depth`: the daemon's own default unless given.
    let depth: PanelDepth
    /// `--fps`: the frames per second a panel takes.
    let framesPerSecond: Int

    /// Reads `given`; exits with a usage error for a bad value.
    init(_ given: ParsedArguments) {
        self.given = given
        do throws(UsageError) {
            strip = try StripOptions(given, stripProtocol: nil)
            framesPerSecond = try given["--fps"]?.integer(in: 1...255) ?? 60
            let value = given.value("--depth") ?? strip.config.panel.depth.name
            // The daemon's spelling, or the bits a colour pixel takes on the wire.
            let wireBits = [PanelDepth.rgb565, .rgb888].first { "\($0.wireBits)" == value }
            guard let depth = PanelDepth(name: value) ?? wireBits else {
                throw UsageError("option '--depth' got '\(value)' (expected 1, 2, 4, 8, 16, 24, rgb or rgb565)")
            }
            self.depth = depth
        } catch { fail(error.description) }
    }

    /// `--link`: where the device is reached.
    var link: String? { given.value("--link") }

    /// The options that only some kinds of emulator read.
    enum Family { case max7219, network, leds }

    /// Exits with a usage error when options of `families` were given, checked always in the order of `Family`: a
    /// kind refuses the options it does not read.
    func refuse(_ families: Family...) {
        if families.contains(.max7219), strip.givenSections.contains("max7219") {
            fail("--max7219-… options need --protocol max7219")
        }
        let network = ["--listen", "--universe", "--channels-per-universe"].first(where: given.has)
        if families.contains(.network), let network { fail("\(network) needs --protocol ddp, artnet or sacn") }
        if families.contains(.leds), strip.givenSections.contains("leds") {
            fail("--leds-… options need --protocol adalight or tpm2")
        }
    }
}
