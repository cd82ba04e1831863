import Glibc
import TickerCore
import TickerIO

let tickerd = Command(
    "tickerd",
    summary:
        "Renders now-playing text and karaoke lyrics written to a named pipe onto an LED matrix on a serial port.",
    synopsis: ["[--config FILE] [options]", "--check-config [--config FILE] [options]", "--demo [options]"],
    options: [
        Option(
            "--config", "FILE", meaning: "a file path",
            help: "configuration file (default /etc/tickerd/tickerd.conf, if it exists)"),
        .flag("--check-config", help: "check the configuration and exit: 0 when valid, 1 with every problem listed"),
        .flag("--demo", help: "play the built-in demo track (in this terminal unless --no-terminal)"),
        Option(
            "--device", "DEVICE", meaning: "a path or usb:VID:PID[:SERIAL]",
            help: "the device: a serial port's path or usb:VID:PID[:SERIAL], a network address, or spi:PATH"),
        Option("--baud", "N", meaning: "a whole number from 50 to 4000000", help: "line speed in baud"),
        .size(help: "panel size in pixels, e.g. 128x16"),
        Option("--depth", "N", meaning: PanelDepth.names, help: "bits per pixel: 1, 2, 4 or 8; or rgb, rgb565"),
        Option("--fps", "N", meaning: "frames per second"),
        Option("--feed", "PATH", meaning: "a path", help: "the named pipe to read"),
        Option(
            "--set", "SECTION.KEY=VALUE", meaning: "SECTION.KEY=VALUE",
            help: "any configuration key (repeatable), e.g. --set marquee.speed=40"),
        .flag("--terminal", help: "draw the panel in this terminal"),
        .flag("--no-terminal", help: "do not draw the panel in this terminal"),
        Option("--log-level", "LEVEL", meaning: "a level", help: "error, warning, notice, info or debug"),
    ],
    details: "Command-line options override the file, also when SIGHUP reloads it.")

/// The options that set one configuration key each, and the key.
let configKeys = [
    "--device": ("device", "path"), "--depth": ("panel", "depth"), "--fps": ("panel", "fps"),
    "--feed": ("feed", "path"), "--log-level": ("log", "level"),
]

func fail(_ message: String, status: Int32 = 2) -> Never {
    let logger = Logger(program: "tickerd")
    logger.error(message)
    exit(status)
}

/// Reads the command line and the configuration, then runs the daemon (or checks the configuration).
func main() -> Never {
    var configPath: String? = "/etc/tickerd/tickerd.conf"
    var overrides: [ConfigOverride] = []
    let given: ParsedArguments
    do throws(UsageError) {
        given = try tickerd.parse(Array(CommandLine.arguments.dropFirst())).arguments
        if given.help {
            print(tickerd.usage, terminator: "")
            exit(0)
        }
        for option in given.options {
            let value = option.value ?? ""
            switch option.name {
            case "--config": configPath = value
            case "--baud":
                overrides.append(
                    ConfigOverride(
                        section: "device", key: "baud", value: String(try option.integer(in: 50...4_000_000))))
            case "--size":
                let size = try option.size()
                overrides.append(ConfigOverride(section: "panel", key: "width", value: String(size.width)))
                overrides.append(ConfigOverride(section: "panel", key: "height", value: String(size.height)))
            case "--set":
                do {
                    overrides.append(try ConfigOverride(parsing: value))
                } catch {
                    throw UsageError("option '--set': \(error)")
                }
            default:
                if let (section, key) = configKeys[option.name] {
                    overrides.append(ConfigOverride(section: section, key: key, value: value))
                }
            }
        }
    } catch {
        fail(error.description)
    }
    let configRequired = given.has("--config")
    let demo = given.has("--demo")
    let terminalChoice = given.options.last { $0.name.hasSuffix("-terminal") }.map { $0.name == "--terminal" }
    if demo && !configRequired { configPath = nil }
    if demo && !overrides.contains(where: { $0.section == "layout" && $0.key == "zones" }) {
        // The demo shows off both halves of a split panel where the panel is tall enough for two lines.
        let height = overrides.last { $0.section == "panel" && $0.key == "height" }.flatMap { Int($0.value) } ?? 16
        if height >= 10 {
            overrides.insert(ConfigOverride(section: "layout", key: "zones", value: "split"), at: 0)
        }
        // Drawn only in this terminal, the demo is a wide panel; on a device it keeps the panel's own size, the
        // defaults that `tickerctl panel` emulates too.
        if !configRequired && !overrides.contains(where: { $0.section == "device" && $0.key == "path" }) {
            overrides.insert(ConfigOverride(section: "panel", key: "width", value: "128"), at: 0)
        }
        overrides.insert(ConfigOverride(section: "panel", key: "fps", value: "30"), at: 0)
        overrides.insert(ConfigOverride(section: "marquee", key: "fade-edges", value: "true"), at: 0)
    }

    let source = ConfigSource(path: configPath, required: configRequired, overrides: overrides)

    let settings: Settings
    switch Settings.load(source) {
    case .failure(let error):
        fail(error.description, status: 1)
    case .success(let loaded):
        settings = loaded
    }
    if given.has("--check-config") {
        let logger = Logger(program: "tickerd")
        for warning in settings.warnings { logger.warning("\(configPath ?? "defaults"): \(warning)") }
        print("\(configPath ?? "defaults"): configuration is valid")
        exit(0)
    }

    do {
        let daemon = try Daemon(
            settings: settings, source: source, demo: demo, terminal: terminalChoice ?? (demo && isatty(1) == 1),
            logger: Logger(program: "tickerd"))
        exit(daemon.run())
    } catch {
        fail(error.description, status: 1)
    }
}

main()
