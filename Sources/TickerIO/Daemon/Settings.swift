import TickerCore
import TickerWire

/// A configuration made ready to run: the checked `Config`, its fonts loaded, and the pieces the daemon builds
/// from it.
package struct Settings: Sendable {
    /// The configuration as parsed.
    package let config: Config
    /// The look of the scene, fonts loaded.
    package let style: SceneStyle
    /// The panel geometry as the wire describes it.
    package let geometry: PanelGeometry
    /// Line settings of the serial port.
    package let serial: SerialSettings
    /// What a split layout chose for a panel too low for the configured font, or nil.
    package let splitNote: String?

    /// The largest BDF file loaded (GNU Unifont's is about 9 MB).
    package static let maxFontBytes = 32 << 20

    /// Loads the fonts `config` names and derives everything else; throws a readable message.
    package init(_ config: Config) throws(SettingsError) {
        self.config = config
        let layout = config.layout
        var files: [String: BitmapFont] = [:]
        for case .bdf(let path) in layout.font + (layout.topFont ?? []) + (layout.bottomFont ?? [])
        where files[path] == nil {
            files[path] = try Self.loadBDF(path)
        }
        let fonts = Self.chain(layout.font, files: files)
        var top = layout.topFont.map { Self.chain($0, files: files) } ?? fonts
        var bottom = layout.bottomFont.map { Self.chain($0, files: files) } ?? fonts
        var note: String?
        if layout.zones == .split {
            switch config.splitFonts(rows: { Self.font($0, files: files).height }) {
            case .failure(let error): throw SettingsError(error.description)
            case .success(let split):
                top = Self.chain(split.top, files: files)
                bottom = Self.chain(split.bottom, files: files)
                note = split.note
            }
        }
        splitNote = note
        let marquee = MarqueeStyle(
            speed: config.marquee.speed, pause: config.marquee.pause / .seconds(1), gap: config.marquee.gap,
            direction: config.marquee.direction, alignment: config.marquee.align,
            bounce: config.marquee.bounce, laps: config.marquee.laps,
            fadeEdges: config.marquee.fadeEdges && config.panel.depth.levels.bits >= 2,
            reducedMotion: config.display.reducedMotion)
        let karaoke = KaraokeStyle(
            restLevel: config.karaoke.restLevel, restStyle: config.karaoke.restStyle,
            reducedMotion: config.display.reducedMotion, wrap: config.karaoke.wrap)
        var style = SceneStyle(
            arrangement: config.layout.zones,
            fonts: config.layout.zones == .split ? top : fonts, bottomFonts: bottom, marquee: marquee,
            karaoke: karaoke, template: config.display.nowPlaying, lyricsOffset: config.karaoke.lyricsOffset,
            idle: config.display.idle, idleText: config.display.idleText,
            idleAfter: config.display.idleAfter == .zero ? .seconds(Int64.max / 4) : config.display.idleAfter,
            palette: config.colors, icons: config.layout.icons ? config.icons.style : nil)
        style.progress = config.layout.progress
        style.pages = config.display.pages
        style.pageTime = config.display.pageTime
        style.cover = config.layout.cover
        style.transitions = config.transitions.style
        self.style = style
        do {
            geometry = try PanelGeometry(
                width: config.panel.width, height: config.panel.height, bitsPerPixel: config.panel.depth.wireBits)
        } catch {
            throw SettingsError(
                "panel \(config.panel.width)×\(config.panel.height)×\(config.panel.depth.name): \(error)")
        }
        var serial = SerialSettings(
            baudRate: config.device.baudRate, dataBits: config.device.dataBits, stopBits: config.device.stopBits)
        serial.parity = config.device.parity
        serial.flowControl = config.device.flowControl
        self.serial = serial
    }

    /// What a valid configuration may still get wrong, one sentence each: fallback fonts taller than their
    /// zone, and the small font drawn in place of the built-in one on a split panel too low for it.
    package var warnings: [String] {
        let panel = config.panel
        let scene = Scene(width: panel.width, height: panel.height, depth: panel.depth.levels, style: style)
        return [splitNote].compactMap { $0 } + scene.fontWarnings
    }

    /// The device address, or nil when no device is configured.
    package var device: DeviceAddress? { config.device.address }

    /// A font chain of built-in fonts and of `files` already loaded.
    static func chain(_ sources: [Config.FontSource], files: [String: BitmapFont]) -> FontChain {
        FontChain(sources.isEmpty ? [.builtin] : sources.map { font($0, files: files) })
    }

    /// One font of a chain: built in, or one of `files`.
    static func font(_ source: Config.FontSource, files: [String: BitmapFont]) -> BitmapFont {
        switch source {
        case .builtin: .builtin
        case .small: .small
        case .bdf(let path): files[path] ?? .builtin
        }
    }

    /// Reads and parses a BDF font file.
    package static func loadBDF(_ path: String) throws(SettingsError) -> BitmapFont {
        let bytes: [UInt8]
        do {
            bytes = try Posix.readFile(path, limit: maxFontBytes)
        } catch {
            throw SettingsError("font: \(error)")
        }
        do {
            return try BitmapFont(bdf: bytes, file: path)
        } catch {
            throw SettingsError("font: \(error)")
        }
    }
}

/// Where the configuration comes from: a file, or the built-in defaults, under the command line's changes.
package struct ConfigSource: Sendable {
    /// The configuration file, or nil for the built-in defaults.
    package var path: String?
    /// Whether `path` was given explicitly (a missing default file is fine, a missing named one is not).
    package var required: Bool
    /// Changes to the configuration from the command line, applied over the file (and again on each reload).
    package var overrides: [ConfigOverride]

    /// A source.
    package init(path: String?, required: Bool, overrides: [ConfigOverride]) {
        self.path = path
        self.required = required
        self.overrides = overrides
    }
}

extension Settings {
    /// Reads and checks the configuration `source` names: the file (if any) under the overrides.
    package static func load(_ source: ConfigSource) -> Result<Settings, DaemonError> {
        var text = ""
        var file = "defaults"
        if let path = source.path {
            switch Result(catching: { () throws(SystemError) in try Posix.readFile(path, limit: Config.maxFileBytes) })
            {
            case .success(let bytes):
                text = String(decoding: bytes, as: UTF8.self)
                file = path
            case .failure(let error):
                if source.required || error.code != .noSuchFileOrDirectory {
                    return .failure(DaemonError(error.description))
                }
            }
        }
        switch Config.parse(text: text, file: file, overrides: source.overrides) {
        case .failure(let errors):
            return .failure(DaemonError(errors.description))
        case .success(let config):
            do {
                return .success(try Settings(config))
            } catch {
                return .failure(DaemonError(error.description))
            }
        }
    }
}

/// A configuration that parsed but cannot be used (a font that does not load, say).
package struct SettingsError: Error, CustomStringConvertible, Sendable {
    /// The sentence.
    package let description: String

    init(_ description: String) { self.description = description }
}
