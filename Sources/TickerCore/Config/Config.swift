/// The daemon's settings, with the defaults of `Config/tickerd.conf`. Every key is documented in
/// docs/CONFIG.md; `Config.parse(text:file:overrides:)` reads the INI file, `set(_:_:_:)` changes one key with
/// the same validation.
public struct Config: Sendable, Equatable {
    /// `[panel]`: the matrix.
    public var panel = Panel()
    /// `[device]`: the serial port the microcontroller is on.
    public var device = Device()
    /// `[feed]`: the named pipe.
    public var feed = Feed()
    /// `[layout]`: zones and fonts.
    public var layout = Layout()
    /// `[marquee]`: scrolling text that does not fit.
    public var marquee = Marquee()
    /// `[karaoke]`: the lyrics sweep.
    public var karaoke = Karaoke()
    /// `[display]`: what shows when.
    public var display = Display()
    /// `[log]`.
    public var log = Log()
    /// `[lyrics]`: where the music-player followers look for lyrics (the daemon itself never does).
    public var lyrics = Lyrics()
    /// `[colors]`: the colour of each role.
    public var colors = Palette.standard
    /// `[leds]`: an LED matrix driven through a strip protocol (`device.protocol` `adalight` or `tpm2`).
    public var leds = LEDs()
    /// `[max7219]`: a chain of MAX7219 chips on an SPI bus (`device.path = spi:/dev/spidevB.C`).
    public var max7219 = MAX7219()
    /// `[brightness]`: the brightness by time of day.
    public var brightness = Brightness()
    /// `[icons]`: the icon of each role, by picture name or file.
    public var icons = Icons()
    /// `[transitions]`.
    public var transitions = Transitions()

    /// The defaults.
    public init() {}

    /// `[panel]`.
    public struct Panel: Sendable, Equatable {
        /// Columns, 1–1024.
        public var width = 64
        /// Rows, 1–64.
        public var height = 16
        /// Grey levels of 1, 2, 4 or 8 bits per pixel, or colour.
        public var depth = PanelDepth.grey(.two)
        /// Frames per second, 1–240.
        public var fps = 30
        /// Brightness in percent, 0–100 (the feed's `brightness` overrides it).
        public var brightness = 100
    }

    /// `[device]`.
    public struct Device: Sendable, Equatable {
        /// Which port: a path, or a USB vendor/product (and serial number); nil for none, the daemon then runs
        /// without a panel.
        public var address: DeviceAddress? = nil
        /// Bits per second.
        public var baudRate = 115_200
        /// 5–8.
        public var dataBits = 8
        /// Parity bit.
        public var parity = Parity.none
        /// 1 or 2.
        public var stopBits = 1
        /// Flow control.
        public var flowControl = FlowControl.none
        /// How long to wait for the device's hello after opening the port.
        public var helloTimeout: Duration = .seconds(3)
        /// What the device speaks.
        public var deviceProtocol = DeviceProtocol.tickerd
        /// What the LEDs show once the daemon exits.
        public var onExit = ExitAction.blank
        /// A network device's first universe (Art-Net and E1.31); nil: the protocol's first, 0 for Art-Net
        /// and 1 for E1.31.
        public var universe: Int? = nil
        /// The channels each Art-Net or E1.31 universe carries; a universe holds whole LEDs (a third of this).
        public var channelsPerUniverse = 510
        /// E1.31's priority, 0–200: a receiver shows the highest source.
        public var priority = 100
        /// The source name E1.31 receivers show, up to 63 bytes.
        public var sourceName = "tickerd"
        /// The most frames a second a network device gets; 0 sends every frame of the panel's rate.
        public var maxFPS = 0
        /// A network device gets a frame at least this often, picture changed or not: receivers go back to
        /// their own effects when frames stop (AWTRIX 3 after 1 s, WLED after 2.5 s).
        public var keepalive: Duration = .milliseconds(500)

        /// The first universe of a network device speaking `kind`.
        public func firstUniverse(for kind: NetworkProtocol) -> Int {
            universe ?? (kind == .sacn ? 1 : 0)
        }
    }

    /// The protocol on the serial port.
    public enum DeviceProtocol: String, Sendable, Equatable, CaseIterable {
        /// tickerd's own (docs/PROTOCOL.md), to a board running tickerd's firmware.
        case tickerd
        /// Whole frames as the Adalight sketches and WLED read them.
        case adalight
        /// Whole frames as TPM2 devices and WLED read them.
        case tpm2

        /// The strip protocol, or nil for tickerd's own.
        public var strip: StripProtocol? {
            switch self {
            case .tickerd: nil
            case .adalight: .adalight
            case .tpm2: .tpm2
            }
        }
    }

    /// What the device is left showing when the daemon exits.
    public enum ExitAction: String, Sendable, Equatable, CaseIterable {
        /// A dark panel (unless `display.blank-on-exit` is false).
        case blank
        /// Hand the LEDs back: WLED leaves realtime mode and runs its own effects again.
        case release
    }

    /// `[leds]`.
    public struct LEDs: Sendable, Equatable {
        /// The LEDs' gamma; 1 disables the table.
        public var gamma = 2.2
        /// Along rows or columns.
        public var wiring = StripWiring.rows
        /// Every second row (or column) runs back.
        public var serpentine = false
        /// The corner the strip starts in.
        public var origin = StripOrigin.topLeft
        /// The order of each LED's colour bytes.
        public var colorOrder = ColorOrder.rgb
        /// Modules across and down the matrix.
        public var tiles = (across: 1, down: 1)
        /// One module's size, or nil when the panel is one module.
        public var module: (width: Int, height: Int)?
        /// What one LED draws at full white, in milliamperes.
        public var milliampsPerLED = 55
        /// The most all LEDs may draw, in milliamperes; 0 means no limit.
        public var maxMilliamps = 850
        /// The rate to switch a WLED controller to after connecting (0 stays at `device.baud`).
        public var switchBaud = 0

        /// The defaults.
        public init() {}

        public static func == (lhs: Self, rhs: Self) -> Bool {
            lhs.gamma == rhs.gamma && lhs.wiring == rhs.wiring && lhs.serpentine == rhs.serpentine
                && lhs.origin == rhs.origin && lhs.colorOrder == rhs.colorOrder && lhs.tiles == rhs.tiles
                && lhs.module?.width == rhs.module?.width && lhs.module?.height == rhs.module?.height
                && lhs.milliampsPerLED == rhs.milliampsPerLED && lhs.maxMilliamps == rhs.maxMilliamps
                && lhs.switchBaud == rhs.switchBaud
        }

        /// The strip layout for a panel of `width` × `height`.
        public func layout(width: Int, height: Int) -> StripLayout {
            let module = module ?? (width / max(tiles.across, 1), height / max(tiles.down, 1))
            return StripLayout(
                wiring: wiring, serpentine: serpentine, origin: origin, moduleWidth: module.width,
                moduleHeight: module.height, tilesAcross: tiles.across, tilesDown: tiles.down)
        }

        /// The strip settings for a panel of `width` × `height`.
        public func strip(width: Int, height: Int) -> StripSettings {
            StripSettings(
                layout: layout(width: width, height: height), colorOrder: colorOrder, gamma: gamma,
                power: PowerBudget(milliampsPerLED: milliampsPerLED, maxMilliamps: maxMilliamps))
        }
    }

    /// `[max7219]`.
    public struct MAX7219: Sendable, Equatable {
        /// Chips in the chain; 0 counts them from the panel (one per 8 × 8 LEDs).
        public var chips = 0
        /// Rows of modules stacked; 0 counts them from the panel (one per 8 rows of LEDs).
        public var rows = 0
        /// How each module is wired.
        public var variant = MAX7219Variant.fc16
        /// Which end of the top row the chain starts at.
        public var chainStart = MAX7219ChainStart.right
        /// Every second row of modules runs back.
        public var serpentine = false
        /// Each module's picture turned.
        public var rotation = MAX7219Rotation.none
        /// Each module's picture mirrored left to right.
        public var flipHorizontal = false
        /// Each module's picture mirrored top to bottom.
        public var flipVertical = false
        /// The SPI clock in hertz (the chip takes up to 10 MHz).
        public var spiSpeed = 1_000_000
        /// How often every chip is set up again.
        public var reinitialise: Duration = .seconds(5)

        /// The chain's layout for a panel of `width` × `height` (whole modules of 8 × 8).
        public func layout(width: Int, height: Int) -> MAX7219Layout {
            MAX7219Layout(
                variant: variant, across: width / 8, down: height / 8, chainStart: chainStart, serpentine: serpentine,
                rotation: rotation, flipHorizontal: flipHorizontal, flipVertical: flipVertical)
        }
    }

    /// Serial parity.
    public enum Parity: String, Sendable, Equatable, CaseIterable {
        /// No parity bit.
        case none
        /// Odd parity.
        case odd
        /// Even parity.
        case even
        /// Parity bit always 1.
        case mark
        /// Parity bit always 0.
        case space
    }

    /// Serial flow control.
    public enum FlowControl: String, Sendable, Equatable, CaseIterable {
        /// None.
        case none
        /// XON/XOFF in the data.
        case xonxoff
        /// RTS/CTS lines.
        case rtscts
        /// DTR/DSR lines.
        case dtrdsr
    }

    /// `[feed]`.
    public struct Feed: Sendable, Equatable {
        /// Where the named pipe is created (ignored when a `.socket` unit hands one over).
        public var path = "/run/tickerd/feed"
        /// Its permission bits (octal in the file).
        public var mode: UInt32 = 0o620
        /// The group that may write to it; empty keeps the daemon's group.
        public var group = ""
        /// Where the state file is written (replaced whole whenever the state changes); empty: nowhere.
        public var state = ""
        /// Where the daemon keeps its state across its restarts, as feed lines (see `KeptState`); empty: nowhere.
        public var keep = ""
        /// Where the daemon's view socket listens (the frames it sends, for viewers); empty: nowhere.
        public var view = ""
    }

    /// `[layout]`.
    public struct Layout: Sendable, Equatable {
        /// One zone for everything, or a top and a bottom zone.
        public var zones = ZoneArrangement.single
        /// The font chain: each character comes from the first font that has it.
        public var font: [FontSource] = [.builtin]
        /// The top zone's chain in a split layout; nil uses `font`.
        public var topFont: [FontSource]?
        /// The bottom zone's chain in a split layout; nil uses `font`.
        public var bottomFont: [FontSource]?
        /// Whether a bar along the bottom row shows how far the track is.
        public var progress = ProgressMode.auto
        /// An icon before the text, by what it is (`[icons]`); off by default.
        public var icons = false
        /// Where the current track's album cover goes; off by default.
        public var cover = CoverPlacement.off
    }

    /// One font of a chain.
    public enum FontSource: Sendable, Equatable {
        /// The built-in font.
        case builtin
        /// The built-in small font.
        case small
        /// A BDF file.
        case bdf(path: String)
    }

    /// `[marquee]`.
    public struct Marquee: Sendable, Equatable {
        /// Scroll speed in pixels per second.
        public var speed: Double = 30
        /// Hold at the start of each lap.
        public var pause: Duration = .seconds(1)
        /// Pixels between the end of the text and its next copy.
        public var gap = 24
        /// Which way the text moves.
        public var direction = MarqueeDirection.left
        /// Where text that fits sits in its zone.
        public var align = MarqueeAlignment.left
        /// Swing back and forth instead of wrapping around.
        public var bounce = false
        /// Laps before the text stops at its start; 0 scrolls for ever.
        public var laps = 0
        /// Fade the text out at the zone's edges, as the reference marquee always does; it needs grey levels,
        /// so a 1-bit panel never fades.
        public var fadeEdges = true
    }

    /// `[karaoke]`.
    public struct Karaoke: Sendable, Equatable {
        /// Brightness of the part not yet sung, 0–1 of full.
        public var restLevel = 0.35
        /// How the part not yet sung is drawn.
        public var restStyle = RestStyle.dim
        /// Added to the playback position before looking up lyrics; positive shows lyrics earlier.
        public var lyricsOffset: Duration = .zero
        /// On a split panel, a lyric too wide for the bottom zone is wrapped over both zones.
        public var wrap = true
    }

    /// `[display]`.
    public struct Display: Sendable, Equatable {
        /// Truncate with an ellipsis instead of scrolling; light lyric lines whole instead of sweeping.
        public var reducedMotion = false
        /// Quiet time (stopped or no track) before the idle screen; zero never idles.
        public var idleAfter: Duration = .seconds(300)
        /// What the idle screen shows.
        public var idle = IdleMode.blank
        /// The text shown when `idle` is `text`.
        public var idleText = ""
        /// How the idle clock writes the time.
        public var clockFormat = ClockFormat.standard
        /// Whose names of days and months the idle clock uses.
        public var clockLanguage = ClockLanguage.en
        /// Whether the feed's pages take turns with the idle screen.
        public var pages = PageMode.rotate
        /// How long each page and the idle screen show in turn.
        public var pageTime: Duration = .seconds(8)
        /// The now-playing line.
        public var nowPlaying = NowPlayingTemplate.standard
        /// Blank the panel when the daemon exits.
        public var blankOnExit = true
    }

    /// `[transitions]`: how the top zone's screens give way to each other.
    public struct Transitions: Sendable, Equatable {
        /// Whether screens transition at all; false cuts every change, whatever the effects say.
        public var enabled = true
        /// How long each transition lasts.
        public var duration: Duration = .milliseconds(400)
        /// A new now-playing line.
        public var title = TransitionEffect.slideUp
        /// A message coming, going, or giving way to another.
        public var message = TransitionEffect.slideDown
        /// The idle screen's pages turning.
        public var page = TransitionEffect.slideLeft
        /// The idle screen taking over and giving back.
        public var idle = TransitionEffect.fade
        /// A lyric line taking the panel from what shows between lines, and giving it back.
        public var lyric = TransitionEffect.cut

        /// The scene's transitions: none when not `enabled`.
        public var style: TransitionStyle {
            guard enabled else { return .off }
            return TransitionStyle(
                duration: duration,
                effects: [.title: title, .message: message, .page: page, .idle: idle, .lyric: lyric])
        }
    }

    /// `[lyrics]`.
    public struct Lyrics: Sendable, Equatable {
        /// The LRCLIB server asked for lyrics found nowhere else, e.g. `https://lrclib.net`; empty (the
        /// default) never asks.
        public var online = ""
        /// Where the followers cache the server's answers.
        public var cache = "/var/cache/tickerd/lyrics"

        /// The defaults: no server.
        public init() {}
    }

    /// `[log]`.
    public struct Log: Sendable, Equatable {
        /// The least important messages logged.
        public var level = LogLevel.notice
    }

    /// Log levels, most important first.
    public enum LogLevel: String, Sendable, Equatable, CaseIterable, Comparable {
        /// Errors only.
        case error
        /// And warnings.
        case warning
        /// And notable events (device connected, config reloaded).
        case notice
        /// And routine events.
        case info
        /// Everything.
        case debug

        /// The syslog priority (`<N>` prefix for journald): 3, 4, 5, 6, 7.
        public var syslogPriority: Int {
            switch self {
            case .error: 3
            case .warning: 4
            case .notice: 5
            case .info: 6
            case .debug: 7
            }
        }

        public static func < (lhs: Self, rhs: Self) -> Bool { lhs.syslogPriority < rhs.syslogPriority }
    }
}
