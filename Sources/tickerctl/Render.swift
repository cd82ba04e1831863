import TickerCore
import TickerIO

/// `tickerctl render`: one instant as ASCII art, or pictures of the panel as PNG and GIF files.
func runRender(_ arguments: [String]) -> Int32 {
    var scanner = ArgumentScanner(arguments)
    var overrides: [ConfigOverride] = []
    var text: String?
    var lyricsPath: String?
    var seconds = 0.0
    var showStrip = false
    var fonts: [String] = []
    var configPath: String?
    var pictures = PictureRequest()
    func set(_ section: String, _ key: String, _ value: String) {
        overrides.append(ConfigOverride(section: section, key: key, value: value))
    }
    do throws(UsageError) {
        while let argument = scanner.next() {
            switch argument {
            case "--text": text = try scanner.value(for: argument, expected: "the text to show")
            case "--lyrics": lyricsPath = try scanner.value(for: argument, expected: "an .lrc file")
            case "--at": seconds = try scanner.number(for: argument, in: 0...86_400)
            case "--strip": showStrip = true
            case "--png": pictures.pngPath = try scanner.value(for: argument, expected: "a .png file to write")
            case "--gif": pictures.gifPath = try scanner.value(for: argument, expected: "a .gif file to write")
            case "--from": pictures.from = try scanner.number(for: argument, in: 0...86_400)
            case "--to": pictures.to = try scanner.number(for: argument, in: 0...86_400)
            case "--fps": pictures.framesPerSecond = try scanner.integer(for: argument, in: 1...50)
            case "--pitch": pictures.pitch = try scanner.integer(for: argument, in: 3...64)
            case "--config": configPath = try scanner.value(for: argument, expected: "a file path")
            case "--size":
                let size = try scanner.size(for: argument)
                set("panel", "width", String(size.width))
                set("panel", "height", String(size.height))
            case "--font": fonts.append(try scanner.value(for: argument, expected: "builtin, small or a .bdf file"))
            case "--bounce", "--fade-edges", "--reduced-motion":
                let section = argument == "--reduced-motion" ? "display" : "marquee"
                set(section, String(argument.dropFirst(2)), "true")
            case "--depth", "--speed", "--pause", "--gap", "--direction", "--align", "--laps", "--rest-level",
                "--rest-style", "--zones":
                let key = String(argument.dropFirst(2))
                let section: String
                switch key {
                case "depth": section = "panel"
                case "rest-level", "rest-style": section = "karaoke"
                case "zones": section = "layout"
                default: section = "marquee"
                }
                set(section, key, try scanner.value(for: argument, expected: "a value for \(section).\(key)"))
            case "--set":
                let value = try scanner.value(for: argument, expected: "SECTION.KEY=VALUE")
                do { overrides.append(try ConfigOverride(parsing: value)) } catch {
                    throw UsageError("option '--set': \(error)")
                }
            default:
                throw UsageError("unknown option '\(argument)' for render (see tickerctl --help)")
            }
        }
        guard text != nil || lyricsPath != nil else {
            throw UsageError("render needs --text TEXT, --lyrics FILE.lrc or both")
        }
    } catch {
        fail(error.description)
    }
    if !fonts.isEmpty { set("layout", "font", fonts.joined(separator: ",")) }
    if configPath == nil, !overrides.contains(where: { $0.section == "panel" && $0.key == "depth" }) {
        // ASCII art shows three levels; two bits per pixel is enough to see dim, faded and swept pixels.
        overrides.insert(ConfigOverride(section: "panel", key: "depth", value: "2"), at: 0)
    }
    let options = DaemonOptions(
        configPath: configPath, configRequired: configPath != nil, overrides: overrides, demo: false, terminal: false)
    let settings: Settings
    switch options.loadSettings() {
    case .failure(let error): fail(error.description, status: 1)
    case .success(let loaded): settings = loaded
    }
    var content = Preview.Content(text: text)
    if let lyricsPath {
        let bytes: [UInt8]
        do { bytes = try Posix.readFile(lyricsPath, limit: 1 << 20) } catch { fail(error.description, status: 1) }
        let lyrics = Lyrics.parse(String(decoding: bytes, as: UTF8.self))
        let logger = Logger(program: "tickerctl")
        for warning in lyrics.warnings.prefix(20) { logger.warning("\(lyricsPath): \(warning)") }
        content.lyrics = lyrics
    }
    let preview = Preview(settings: settings, content: content)
    guard pictures.isEmpty else {
        do { try pictures.write(preview, at: seconds) } catch { fail(error.description, status: 1) }
        return 0
    }
    print(showStrip ? preview.strip(at: seconds) : preview.frame(at: seconds))
    return 0
}
