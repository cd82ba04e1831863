import Glibc
import TickerCore
import TickerIO

let usage = """
    usage: tickerd [--config FILE] [options]
           tickerd --check-config [--config FILE] [options]
           tickerd --demo [options]

    Renders now-playing text and karaoke lyrics written to a named pipe onto an LED matrix on a serial port.

      --config FILE        configuration file (default /etc/tickerd/tickerd.conf, if it exists)
      --check-config       check the configuration and exit: 0 when valid, 1 with every problem listed
      --demo               play the built-in demo track (in this terminal unless --no-terminal)
      --device DEVICE      serial device: a path, or usb:VID:PID[:SERIAL]
      --baud N             line speed in baud
      --size WxH           panel size in pixels, e.g. 128x16
      --depth N            bits per pixel: 1, 2, 4 or 8; or rgb, rgb565
      --fps N              frames per second
      --feed PATH          the named pipe to read
      --set SECTION.KEY=VALUE
                           any configuration key (repeatable), e.g. --set marquee.speed=40
      --terminal, --no-terminal
                           draw (or not) the panel in this terminal
      --log-level LEVEL    error, warning, notice, info or debug
      --help               this text
    Command-line options override the file, also when SIGHUP reloads it.
    """

func fail(_ message: String, status: Int32 = 2) -> Never {
    let logger = Logger(program: "tickerd")
    logger.error(message)
    exit(status)
}

/// Reads the command line and the configuration, then runs the daemon (or checks the configuration).
func main() -> Never {
    var configPath: String? = "/etc/tickerd/tickerd.conf"
    var configRequired = false
    var overrides: [ConfigOverride] = []
    var checkOnly = false
    var demo = false
    var terminalChoice: Bool?

    var scanner = ArgumentScanner(Array(CommandLine.arguments.dropFirst()))
    do throws(UsageError) {
        while let argument = scanner.next() {
            switch argument {
            case "--help", "-h":
                print(usage)
                exit(0)
            case "--config":
                configPath = try scanner.value(for: argument, expected: "a file path")
                configRequired = true
            case "--check-config": checkOnly = true
            case "--demo": demo = true
            case "--terminal": terminalChoice = true
            case "--no-terminal": terminalChoice = false
            case "--device":
                overrides.append(
                    ConfigOverride(
                        section: "device", key: "path",
                        value: try scanner.value(for: argument, expected: "a path or usb:VID:PID[:SERIAL]")))
            case "--baud":
                overrides.append(
                    ConfigOverride(
                        section: "device", key: "baud",
                        value: String(try scanner.integer(for: argument, in: 50...4_000_000))))
            case "--size":
                let size = try scanner.size(for: argument)
                overrides.append(ConfigOverride(section: "panel", key: "width", value: String(size.width)))
                overrides.append(ConfigOverride(section: "panel", key: "height", value: String(size.height)))
            case "--depth":
                overrides.append(
                    ConfigOverride(
                        section: "panel", key: "depth",
                        value: try scanner.value(for: argument, expected: PanelDepth.names)))
            case "--fps":
                overrides.append(
                    ConfigOverride(
                        section: "panel", key: "fps",
                        value: try scanner.value(for: argument, expected: "frames per second")))
            case "--feed":
                overrides.append(
                    ConfigOverride(
                        section: "feed", key: "path", value: try scanner.value(for: argument, expected: "a path")))
            case "--log-level":
                overrides.append(
                    ConfigOverride(
                        section: "log", key: "level", value: try scanner.value(for: argument, expected: "a level")))
            case "--set":
                let text = try scanner.value(for: argument, expected: "SECTION.KEY=VALUE")
                do {
                    overrides.append(try ConfigOverride(parsing: text))
                } catch {
                    throw UsageError("option '--set': \(error)")
                }
            default:
                throw UsageError("unknown option '\(argument)' (see tickerd --help)")
            }
        }
    } catch {
        fail(error.description)
    }

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

    let options = DaemonOptions(
        configPath: configPath, configRequired: configRequired, overrides: overrides, demo: demo,
        terminal: terminalChoice ?? (demo && isatty(1) == 1))

    let settings: Settings
    switch options.loadSettings() {
    case .failure(let error):
        fail(error.description, status: 1)
    case .success(let loaded):
        settings = loaded
    }
    if checkOnly {
        print("\(configPath ?? "defaults"): configuration is valid")
        exit(0)
    }

    do {
        let daemon = try Daemon(settings: settings, options: options, logger: Logger(program: "tickerd"))
        exit(daemon.run())
    } catch {
        fail(error.description, status: 1)
    }
}

main()
