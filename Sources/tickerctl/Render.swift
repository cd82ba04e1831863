import TickerCore
import TickerIO

/// The options of `render` that set the configuration key of their name, with its section.
private let renderSettings: [(option: Option, section: String)] = [
    (Option("--depth", "N", meaning: "a value for panel.depth", help: "bits per pixel (default 2)"), "panel"),
    (Option("--speed", "PX/S", meaning: "a value for marquee.speed", help: "marquee speed"), "marquee"),
    (Option("--pause", "S", meaning: "a value for marquee.pause", help: "marquee pause before each lap"), "marquee"),
    (Option("--gap", "PX", meaning: "a value for marquee.gap", help: "gap between marquee copies"), "marquee"),
    (Option("--direction", "left|right", meaning: "a value for marquee.direction"), "marquee"),
    (Option("--align", "left|center|right", meaning: "a value for marquee.align"), "marquee"),
    (.flag("--bounce", help: "the marquee bounces instead of wrapping"), "marquee"),
    (Option("--laps", "N", meaning: "a value for marquee.laps", help: "marquee laps, then rest"), "marquee"),
    (.flag("--fade-edges", help: "fade the marquee's edges"), "marquee"),
    (.flag("--reduced-motion", help: "truncate instead of scrolling, light lines whole"), "display"),
    (
        Option("--rest-level", "0..1", meaning: "a value for karaoke.rest-level", help: "level of unsung text"),
        "karaoke"
    ),
    (Option("--rest-style", "dim|dither", meaning: "a value for karaoke.rest-style"), "karaoke"),
    (Option("--zones", "single|split", meaning: "a value for layout.zones"), "layout"),
    (Option("--idle", "blank|clock|text", meaning: "a value for display.idle", help: "the idle screen"), "display"),
    (
        Option("--clock-format", "FORMAT", meaning: "a value for display.clock-format", help: "the idle clock"),
        "display"
    ),
    (Option("--page-time", "S", meaning: "a value for display.page-time", help: "each page's turn"), "display"),
]

let renderCommand = Command(
    "tickerctl render",
    summary:
        "Prints what the panel shows at an instant as ASCII art (# full, + between, . off), or draws it as LEDs "
        + "in a PNG (the instant) or an animated GIF (from S to S).",
    synopsis: ["--text TEXT | --lyrics FILE.lrc | --idle MODE | --page NAME=TEXT | --feed S=LINE [options]"],
    options: [
        Option("--text", "TEXT", meaning: "the text to show", help: "the now-playing text"),
        Option("--lyrics", "FILE.lrc", meaning: "an .lrc file", help: "the lyrics, sung from 0 s"),
        Option("--at", "SECONDS", meaning: "seconds", help: "the instant shown (default 0)"),
        Option(
            "--duration", "SECONDS", meaning: "seconds",
            help: "the track's length: it plays, and a progress bar shows how far"),
        Option("--position", "SECONDS", meaning: "seconds", help: "where the track is at 0 s (default 0)"),
        Option(
            "--time-of-day", "HH:MM", meaning: "a local time HH:MM",
            help: "print the brightness then, and draw the pictures at it"),
        Option(
            "--page", "NAME=TEXT", meaning: "NAME=TEXT",
            help: "a page of the idle screen, set at 0 s (repeatable; shown when nothing plays)"),
        Option(
            "--feed", "S=LINE", meaning: "SECONDS=LINE",
            help: "a feed line sent S seconds in, e.g. 2='message Tea' (repeatable; transitions show its change)"),
        Option(
            "--now", "YYYY-MM-DDTHH:MM[:SS]", meaning: "a local date and time",
            help: "the wall time at 0 s, for the idle clock (default 2026-01-01T00:00)"),
        .size(help: "panel size in pixels"),
        Option(
            "--font", "builtin|small|FILE.bdf", meaning: "builtin, small or a .bdf file",
            help: "a font of the fallback chain (repeatable)"),
        .flag("--strip", help: "the whole text, unclipped"),
        Option(
            "--icon", "NAME|FILE", meaning: "a picture name or a PNG or GIF file",
            help: "show this icon before the text and the pages (turns layout.icons on)"),
        Option(
            "--cover", "FILE", meaning: "a cover image file",
            help: "the track's album cover, scaled to its box (layout.cover; left unless configured)"),
        Option("--config", "FILE", meaning: "a file path", help: "configuration file (default: none)"),
        Option(
            "--set", "SECTION.KEY=VALUE", meaning: "SECTION.KEY=VALUE", help: "any configuration key (repeatable)"),
    ] + renderSettings.map(\.option) + [
        Option("--png", "FILE", meaning: "a .png file to write", help: "write the instant as a PNG of LEDs"),
        Option("--gif", "FILE", meaning: "a .gif file to write", help: "write an animated GIF of LEDs"),
        Option("--from", "S", meaning: "seconds", help: "the GIF's first instant (default 0)"),
        Option("--to", "S", meaning: "seconds", help: "the GIF's end (default 10 s after --from)"),
        Option("--fps", "N", meaning: "pictures per second", help: "the GIF's pictures per second, 1-50 (default 25)"),
        Option("--pitch", "PX", meaning: "image pixels per LED", help: "image pixels per LED, 3-64 (default 8)"),
    ])

/// `tickerctl render`: one instant as ASCII art, or pictures of the panel as PNG and GIF files.
func runRender(_ given: ParsedArguments) -> Int32 {
    var overrides: [ConfigOverride] = []
    var instant = Duration.zero
    var pictures = PictureRequest()
    var content = Preview.Content()
    var timeOfDay: Duration?
    func set(_ section: String, _ key: String, _ value: String) {
        overrides.append(ConfigOverride(section: section, key: key, value: value))
    }
    do throws(UsageError) {
        for option in given.options {
            switch option.name {
            // Read as decimals, exactly: instants a marquee lap apart must show the same column.
            case "--at": instant = try option.seconds(in: .zero ... .seconds(86_400))
            case "--from": pictures.from = try option.seconds(in: .zero ... .seconds(86_400))
            case "--to": pictures.to = try option.seconds(in: .zero ... .seconds(86_400))
            case "--duration": content.duration = .seconds(try option.number(in: 0.001...86_400))
            case "--position": content.position = .seconds(try option.number(in: 0...86_400))
            case "--time-of-day": timeOfDay = try option.timeOfDay()
            case "--fps": pictures.framesPerSecond = try option.integer(in: 1...50)
            case "--pitch": pictures.pitch = try option.integer(in: 3...64)
            case "--size":
                let size = try option.size()
                set("panel", "width", String(size.width))
                set("panel", "height", String(size.height))
            case "--set":
                do { overrides.append(try ConfigOverride(parsing: option.value ?? "")) } catch {
                    throw UsageError("option '--set': \(error)")
                }
            default:
                if let section = renderSettings.first(where: { $0.option.name == option.name })?.section {
                    set(section, String(option.name.dropFirst(2)), option.value ?? "true")
                }
            }
        }
        guard
            given.has("--text") || given.has("--lyrics") || given.has("--idle") || given.has("--page")
                || given.has("--feed")
        else {
            throw UsageError(
                "render needs --text TEXT, --lyrics FILE.lrc, --idle MODE, --page NAME=TEXT or --feed S=LINE")
        }
        content.pages = try given.values("--page").map(RenderIdle.page)
        content.feed = try given.values("--feed").map(RenderIdle.feed)
        content.wallTime = try given.value("--now").map(RenderIdle.wallTime)
    } catch {
        fail(error.description)
    }
    let text = given.value("--text")
    let lyricsPath = given.value("--lyrics")
    let configPath = given.value("--config")
    let fonts = given.values("--font")
    pictures.pngPath = given.value("--png")
    pictures.gifPath = given.value("--gif")
    if !fonts.isEmpty { set("layout", "font", fonts.joined(separator: ",")) }
    if let icon = given.value("--icon") {
        // Whatever the text's role, it shows this icon: a file's picture is sent as 'preview'.
        let name = isPictureFile(icon) ? "preview" : icon
        set("layout", "icons", "on")
        for role in IconStyle.Role.allCases { set("icons", role.rawValue, name) }
        // Pages have no role: each names the icon itself, as 'page --icon' does.
        for index in content.pages.indices { content.pages[index].icon = name }
    }
    if configPath == nil, !overrides.contains(where: { $0.section == "panel" && $0.key == "depth" }) {
        // ASCII art shows three levels; two bits per pixel is enough to see dim, faded and swept pixels.
        overrides.insert(ConfigOverride(section: "panel", key: "depth", value: "2"), at: 0)
    }
    var source = ConfigSource(path: configPath, required: configPath != nil, overrides: overrides)
    var settings: Settings
    switch Settings.load(source) {
    case .failure(let error): fail(error.description, status: 1)
    case .success(let loaded): settings = loaded
    }
    if let coverPath = given.value("--cover") {
        let loaded: (settings: Settings, cover: FeedPicture)
        do { loaded = try RenderCover.load(coverPath, settings: settings, source: &source) } catch {
            fail(error.description, status: 1)
        }
        settings = loaded.settings
        content.pictures.append(loaded.cover)
    }
    content.text = text
    if let lyricsPath {
        let bytes: [UInt8]
        do { bytes = try Posix.readFile(lyricsPath, limit: 1 << 20) } catch { fail(error.description, status: 1) }
        let lyrics = Lyrics.parse(String(decoding: bytes, as: UTF8.self))
        let logger = Logger(program: "tickerctl")
        for warning in lyrics.warnings.prefix(20) { logger.warning("\(lyricsPath): \(warning)") }
        content.lyrics = lyrics
    }
    if let icon = given.value("--icon"), isPictureFile(icon) {
        do { content.pictures = [try readPicture(named: "preview", path: icon)] } catch {
            fail(error.description, status: 1)
        }
    }
    let preview = Preview(settings: settings, content: content)
    pictures.brightness = timeOfDay.map { preview.brightness(atSecondOfDay: $0) }
    guard pictures.isEmpty else {
        do { try pictures.write(preview, at: instant) } catch { fail(error.description, status: 1) }
        return 0
    }
    print(given.has("--strip") ? preview.strip(at: instant) : preview.frame(at: instant))
    if let percent = pictures.brightness, let timeOfDay { print(brightnessLine(percent, at: timeOfDay)) }
    return 0
}

/// Whether `--icon`'s value names a file (a path, or a name ending in .png or .gif) rather than a picture.
private func isPictureFile(_ value: String) -> Bool {
    let lower = value.lowercased()
    return value.contains("/") || lower.hasSuffix(".png") || lower.hasSuffix(".gif")
}
