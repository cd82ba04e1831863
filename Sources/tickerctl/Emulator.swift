import TickerCore

/// A device `tickerctl panel` plays: tickerd's protocol (`TickerdPanelEmulator`), Adalight or TPM2
/// (`StripPanelEmulator`), DDP, Art-Net or E1.31 (`NetworkPanelEmulator`), MAX7219 chips (`MAX7219PanelEmulator`),
/// and the daemon's own frames from its view socket (`ViewPanelEmulator`).
/// Set up from the options, it decodes what arrives on its descriptors into its picture; `EmulatorLoop` polls,
/// draws the picture and writes the records. A new kind is a new type that conforms, and its line in `emulators`.
protocol Emulator: AnyObject {
    /// What it plays and where it is reached, logged once it is set up.
    var announcement: String { get }
    /// The descriptors to poll for what arrives.
    var fileDescriptors: [Int32] { get }
    /// What the panel shows now.
    var picture: Picture { get }
    /// Reads what arrived, decodes it into `picture`, and records each event in `frames`; exits when input failed.
    func service(recording frames: EmulatorLoop)
    /// The line drawn under the picture at `now`: where it is reached, and its counters.
    func status(at now: Duration) -> String
}

/// The kinds of emulator by the `--protocol` that picks them; each is set up from the options, or exits.
let emulators: [String: @Sendable (EmulatorOptions) -> any Emulator] = [
    "tickerd": TickerdPanelEmulator.init, "adalight": StripPanelEmulator.init, "tpm2": StripPanelEmulator.init,
    "ddp": { NetworkPanelEmulator($0, kind: .ddp) }, "artnet": { NetworkPanelEmulator($0, kind: .artnet) },
    "sacn": { NetworkPanelEmulator($0, kind: .sacn) }, "max7219": MAX7219PanelEmulator.init,
    "view": ViewPanelEmulator.init,
]
