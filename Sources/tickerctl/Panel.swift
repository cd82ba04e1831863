import TickerIO

let panelCommand = Command(
    "tickerctl panel",
    summary:
        "Emulates a panel on a pseudo-terminal and draws it here; with --protocol adalight or tpm2, an LED matrix "
        + "on WLED or an Adalight sketch, in colour; with --protocol ddp, artnet or sacn, an LED matrix on the "
        + "network, listening on UDP; with --protocol max7219, a chain of MAX7219 modules, reading from a FIFO; with "
        + "--protocol view, the daemon's own frames, read from its view socket.",
    options: [
        Option(
            "--link", "PATH", meaning: "a path for the device link",
            help: "a symbolic link to the pseudo-terminal (max7219: the FIFO to make and read)"),
        Option(
            "--listen", "ADDR[:PORT]", meaning: "an address to listen on, such as 127.0.0.1:4048",
            help: "the UDP address a network matrix listens on (default 127.0.0.1, the protocol's port)"),
        Option(
            "--socket", "PATH", meaning: "the path of tickerd's view socket",
            help: "the view socket --protocol view reads (default /run/tickerd/state/view)"),
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

/// `tickerctl panel`: the emulator `--protocol` picks, set up from the options and run until a signal ends it.
func runPanel(_ given: ParsedArguments) -> Int32 {
    let options = EmulatorOptions(given)
    let name = given.value("--protocol") ?? "tickerd"
    guard let emulate = emulators[name] else { fail("no emulator for --protocol '\(name)'") }
    let emulator = emulate(options)
    let loop = EmulatorLoop(framesPath: given.value("--frames"))
    Logger(program: "tickerctl").notice(emulator.announcement)
    let draw = given.options.last { $0.name.hasSuffix("-draw") }.map { $0.name == "--draw" } ?? Posix.isTerminal(1)
    loop.run(emulator, draw: draw)
    return 0
}
