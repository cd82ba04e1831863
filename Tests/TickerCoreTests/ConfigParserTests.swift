import Testing

@testable import TickerCore

private func parse(_ text: String, overrides: [ConfigOverride] = []) -> Result<Config, ConfigErrors> {
    Config.parse(text: text, file: "tickerd.conf", overrides: overrides)
}

private func messages(_ text: String, overrides: [ConfigOverride] = []) -> [String] {
    switch parse(text, overrides: overrides) {
    case .success: []
    case .failure(let errors): errors.issues.map(\.description)
    }
}

@Suite struct ConfigParserTests {
    @Test func emptyFileGivesDefaults() throws {
        let config = try parse("").get()
        #expect(config == Config())
        #expect(config.panel.width == 64 && config.panel.height == 16 && config.panel.depth == .grey(.two))
        #expect(config.karaoke.restLevel == 0.35)
        #expect(config.display.nowPlaying == .standard)
    }

    @Test func readsEveryKindOfValue() throws {
        let config = try parse(
            """
            ; a comment
            [panel]
            width = 128
            height=32
            depth = 8   # bits
            fps = 60
            brightness = 40
            [device]
            path = usb:2341:0043:ABC123
            baud = 921600
            data-bits = 7
            parity = even
            stop-bits = 2
            flow-control = rtscts
            hello-timeout = 2.5
            [feed]
            path = "/run/ticker feed"
            mode = 0660
            group = audio
            view = /run/tickerd/state/view
            [layout]
            zones = split
            font = small, /usr/share/fonts/6x13.bdf , builtin
            top-font = builtin
            [marquee]
            speed = 42.5
            pause = 0
            gap = 10
            direction = right
            align = center
            bounce = yes
            laps = 3
            fade-edges = on
            [karaoke]
            rest-level = 0.2
            rest-style = dither
            lyrics-offset = -0.25
            [display]
            reduced-motion = true
            idle-after = 60
            idle = text
            idle-text = "Good \\"night\\" # not a comment"
            now-playing = {title} ({album})
            blank-on-exit = false
            [log]
            level = debug
            """
        ).get()
        #expect(config.panel == Config.Panel(width: 128, height: 32, depth: .grey(.eight), fps: 60, brightness: 40))
        #expect(config.device.address == .usb(vendor: 0x2341, product: 0x0043, serial: "ABC123"))
        #expect(config.device.baudRate == 921_600 && config.device.dataBits == 7 && config.device.parity == .even)
        #expect(config.device.stopBits == 2 && config.device.flowControl == .rtscts)
        #expect(config.device.helloTimeout == .milliseconds(2_500))
        #expect(
            config.feed
                == Config.Feed(path: "/run/ticker feed", mode: 0o660, group: "audio", view: "/run/tickerd/state/view"))
        #expect(config.layout.zones == .split)
        #expect(config.layout.font == [.small, .bdf(path: "/usr/share/fonts/6x13.bdf"), .builtin])
        #expect(config.layout.topFont == [.builtin] && config.layout.bottomFont == nil)
        #expect(config.marquee.speed == 42.5 && config.marquee.pause == .zero && config.marquee.gap == 10)
        #expect(config.marquee.direction == .right && config.marquee.align == .center)
        #expect(config.marquee.bounce && config.marquee.laps == 3 && config.marquee.fadeEdges)
        #expect(config.karaoke.restLevel == 0.2 && config.karaoke.restStyle == .dither)
        #expect(config.karaoke.lyricsOffset == .milliseconds(-250))
        #expect(config.display.reducedMotion && config.display.idleAfter == .seconds(60))
        #expect(config.display.idle == .text && config.display.idleText == "Good \"night\" # not a comment")
        #expect(config.display.nowPlaying.source == "{title} ({album})")
        #expect(!config.display.blankOnExit)
        #expect(config.log.level == .debug)
    }

    @Test(arguments: [
        ("", DeviceAddress?.none),
        ("/dev/ttyACM0", .path("/dev/ttyACM0")),
        ("usb:1a86:7523", .usb(vendor: 0x1A86, product: 0x7523, serial: nil)),
        ("spi:/dev/spidev0.1", .spi("/dev/spidev0.1")),
    ])
    func readsDeviceAddresses(value: String, address: DeviceAddress?) throws {
        #expect(try parse("[device]\npath = \(value)").get().device.address == address)
    }

    struct BadCase: CustomTestStringConvertible, Sendable {
        let id: String
        let text: String
        let messages: [String]
        var testDescription: String { id }
    }

    @Test(arguments: [
        BadCase(
            id: "misspelt key", text: "[marquee]\nsped = 40",
            messages: [
                "tickerd.conf:2: unknown key 'sped' in [marquee] (did you mean 'speed'?) (expected one of: speed, "
                    + "pause, gap, direction, align, bounce, laps, fade-edges)"
            ]),
        BadCase(
            id: "misspelt section", text: "[pannel]\nwidth = 3",
            messages: [
                "tickerd.conf:1: unknown section '[pannel]' (did you mean '[panel]'?) (expected one of: [panel], "
                    + "[device], [feed], [layout], [marquee], [karaoke], [display], [colors], [lyrics], [leds], [max7219], [icons], [log], [brightness], "
                    + "[transitions])"
            ]),
        BadCase(
            id: "width too large", text: "[panel]\nwidth = 2000",
            messages: ["tickerd.conf:2: bad value '2000' for panel.width (expected a whole number from 1 to 1024)"]),
        BadCase(
            id: "depth three", text: "[panel]\ndepth = 3",
            messages: [
                "tickerd.conf:2: bad value '3' for panel.depth (expected 1, 2, 4 or 8 bits per pixel, rgb or rgb565)"
            ]),
        BadCase(
            id: "fps zero", text: "[panel]\nfps = 0",
            messages: ["tickerd.conf:2: bad value '0' for panel.fps (expected a whole number from 1 to 240)"]),
        BadCase(
            id: "height above 64", text: "[panel]\nheight = 65",
            messages: ["tickerd.conf:2: bad value '65' for panel.height (expected a whole number from 1 to 64)"]),
        BadCase(
            id: "duplicate key", text: "[panel]\nfps = 30\n[panel]\nfps = 60",
            messages: ["tickerd.conf:4: duplicate key 'fps' in [panel] (first set on line 2)"]),
        BadCase(
            id: "key before section", text: "fps = 30",
            messages: ["tickerd.conf:1: key 'fps' before any [section]"]),
        BadCase(
            id: "not a key", text: "[panel]\nwidth",
            messages: ["tickerd.conf:2: expected '[section]', 'key = value' or a comment, got 'width'"]),
        BadCase(
            id: "open quote", text: "[feed]\npath = \"/run/x",
            messages: [
                "tickerd.conf:2: bad quoting in '\"/run/x' (expected \"text\" with \\\" and \\\\ inside, then nothing "
                    + "but a comment)"
            ]),
        BadCase(
            id: "relative view socket", text: "[feed]\nview = run/view",
            messages: ["tickerd.conf:2: bad value 'run/view' for feed.view (expected an absolute file path, or empty)"]),
        BadCase(
            id: "bool", text: "[marquee]\nbounce = maybe",
            messages: ["tickerd.conf:2: bad value 'maybe' for marquee.bounce (expected true or false)"]),
        BadCase(
            id: "choice", text: "[marquee]\ndirection = up",
            messages: ["tickerd.conf:2: bad value 'up' for marquee.direction (expected left or right)"]),
        BadCase(
            id: "rest level", text: "[karaoke]\nrest-level = 1.5",
            messages: ["tickerd.conf:2: bad value '1.5' for karaoke.rest-level (expected a number from 0 to 1)"]),
        BadCase(
            id: "usb ids", text: "[device]\npath = usb:12:34",
            messages: [
                "tickerd.conf:2: bad value 'usb:12:34' for device.path (expected a device path, usb:VID:PID[:SERIAL] "
                    + "with 4-digit hex ids, spi:/dev/spidevB.C, or empty for none)"
            ]),
        BadCase(
            id: "template", text: "[display]\nnow-playing = {artst}",
            messages: [
                "tickerd.conf:2: bad value '{artst}' for display.now-playing (expected a template with {artist}, "
                    + "{title}, {album} or {text}: unknown placeholder '{artst}' (expected {artist}, {title}, "
                    + "{album} or {text}))"
            ]),
        BadCase(
            id: "font name", text: "[layout]\nfont = builtin, comic",
            messages: [
                "tickerd.conf:2: bad value 'comic' for layout.font (expected builtin, small or a .bdf path, several "
                    + "separated by commas)"
            ]),
        BadCase(
            id: "split on low panel", text: "[panel]\nheight = 8\n[layout]\nzones = split",
            messages: [
                "tickerd.conf:4: layout.zones 'split' needs 12 rows for its fonts, small (6 rows) above small (6 "
                    + "rows), and panel.height is 8 (no built-in font fits two zones below 12 rows: use zones = single)"
            ]),
        BadCase(
            id: "every problem at once", text: "[panel]\nwidth = 0\nheight = x\n[log]\nlevel = loud\nverbose = 1",
            messages: [
                "tickerd.conf:2: bad value '0' for panel.width (expected a whole number from 1 to 1024)",
                "tickerd.conf:3: bad value 'x' for panel.height (expected a whole number from 1 to 64)",
                "tickerd.conf:5: bad value 'loud' for log.level (expected error, warning, notice, info, debug)",
                "tickerd.conf:6: unknown key 'verbose' in [log] (expected one of: level)",
            ]),
    ])
    func reportsEveryProblemWithFileAndLine(_ example: BadCase) {
        #expect(messages(example.text) == example.messages)
    }

    @Test func keysOfUnknownSectionAreNotReportedAgain() {
        #expect(messages("[nope]\na = 1\nb = 2").count == 1)
    }

    @Test func handlesCarriageReturnsAndByteOrderMark() throws {
        #expect(try parse("\u{FEFF}[panel]\r\nwidth = 32\r\n").get().panel.width == 32)
    }

    @Test func overridesApplyAfterTheFileWithTheSameValidation() throws {
        let speed = try ConfigOverride(parsing: "marquee.speed=40")
        #expect(try parse("[marquee]\nspeed = 10", overrides: [speed]).get().marquee.speed == 40)
        let low = try ConfigOverride(parsing: "panel.height = 8")
        #expect(
            messages("[layout]\nzones = split", overrides: [low]) == [
                "tickerd.conf:2: layout.zones 'split' needs 12 rows for its fonts, small (6 rows) above small (6 "
                    + "rows), and panel.height is 8 (no built-in font fits two zones below 12 rows: use zones = single)"
            ])
        #expect(
            messages("", overrides: [ConfigOverride(section: "panel", key: "fps", value: "999")]) == [
                "command line: bad value '999' for panel.fps (expected a whole number from 1 to 240)"
            ])
    }

    @Test(arguments: ["marquee", "marquee.speed", "=40", ".speed=1"])
    func rejectsMalformedOverrides(_ text: String) {
        #expect(throws: ConfigError.badOverride(text)) { try ConfigOverride(parsing: text) }
    }

    @Test func setReportsUnknownKeysWithSuggestion() {
        var config = Config()
        #expect(throws: ConfigError.unknownKey(section: "karaoke", key: "rest-levle", suggestion: "rest-level")) {
            try config.set("karaoke", "rest-levle", "0.5")
        }
        #expect(throws: Never.self) { try config.set("karaoke", "rest-level", "0.5") }
        #expect(config.karaoke.restLevel == 0.5)
    }
}

@Suite struct ConfigLEDTests {
    @Test func readsTheTransitionsAndSwitchesThemOffWithOneKey() throws {
        let config = try parse("[transitions]\nduration = 0.25\ntitle = crossfade\npage = wipe\nlyric = slide-left\n")
            .get()
        #expect(config.transitions.style.duration == .milliseconds(250))
        #expect(config.transitions.style.effect(for: .title) == .crossfade)
        #expect(config.transitions.style.effect(for: .page) == .wipe)
        #expect(config.transitions.style.effect(for: .lyric) == .slideLeft)
        #expect(config.transitions.style.effect(for: .idle) == .fade)
        let off = try parse("[transitions]\nenabled = false\ntitle = crossfade\n").get()
        #expect(ScreenChange.allCases.allSatisfy { off.transitions.style.effect(for: $0) == .cut })
        let none = try parse("[transitions]\nduration = 0\n").get()
        #expect(none.transitions.style.effect(for: .title) == .cut)
        #expect(
            messages("[transitions]\ntitle = zoom\nduration = 11\n") == [
                "tickerd.conf:2: bad value 'zoom' for transitions.title (expected cut, slide-left, slide-right, "
                    + "slide-up, slide-down, fade, crossfade, wipe)",
                "tickerd.conf:3: bad value '11' for transitions.duration (expected seconds from 0 to 10, e.g. 1.5)",
            ])
    }

    @Test func readsTheLEDSection() throws {
        let config = try parse(
            """
            [panel]
            width = 32
            height = 16
            [device]
            protocol = adalight
            on-exit = release
            [leds]
            gamma = 2.8
            wiring = columns
            serpentine = true
            origin = bottom-right
            color-order = grb
            tiles = 4x2
            module = 8x8
            milliamps-per-led = 40
            max-milliamps = 2000
            switch-baud = 921600
            """
        ).get()
        #expect(config.device.deviceProtocol == .adalight && config.device.onExit == .release)
        let layout = config.leds.layout(width: 32, height: 16)
        #expect(
            layout
                == StripLayout(
                    wiring: .columns, serpentine: true, origin: .bottomRight, moduleWidth: 8, moduleHeight: 8,
                    tilesAcross: 4, tilesDown: 2))
        #expect(config.leds.colorOrder == .grb && config.leds.gamma == 2.8)
        #expect(config.leds.milliampsPerLED == 40 && config.leds.maxMilliamps == 2000)
        #expect(config.leds.switchBaud == 921_600)
    }

    @Test(arguments: [
        (
            "[leds]\nswitch-baud = 9600",
            "tickerd.conf:2: bad value '9600' for leds.switch-baud (expected 0 or one of WLED's rates: 115200, "
                + "230400, 460800, 500000, 576000, 921600, 1000000, 1500000)"
        ),
        (
            "[leds]\ntiles = 0x1",
            "tickerd.conf:2: bad value '0x1' for leds.tiles (expected COLUMNSxROWS of modules, each 1-64, e.g. 4x1)"
        ),
        (
            "[device]\nprotocol = wled",
            "tickerd.conf:2: bad value 'wled' for device.protocol (expected tickerd, adalight, tpm2)"
        ),
        (
            "[panel]\nwidth = 30\nheight = 8\n[device]\nprotocol = tpm2\n[leds]\nmodule = 8x8\ntiles = 4x1",
            "tickerd.conf:8: leds.tiles 4x1 of leds.module 8x8 make 32×8 LEDs, not the panel's 30×8 (set panel.width "
                + "and height, or the tiles and module, to match)"
        ),
    ])
    func refusesBadLEDSettings(text: String, message: String) {
        #expect(messages(text) == [message])
    }

    @Test func readsTheMAX7219Section() throws {
        let config = try parse(
            """
            [panel]
            width = 128
            height = 16
            [device]
            path = spi:/dev/spidev0.0
            [max7219]
            chips = 32
            rows = 2
            variant = icstation
            chain-start = left
            serpentine = true
            rotation = 270
            flip-horizontal = true
            flip-vertical = yes
            spi-speed = 4000000
            reinitialise = 2.5
            """
        ).get()
        #expect(config.device.address?.spi == "/dev/spidev0.0")
        #expect(
            config.max7219.layout(width: 128, height: 16)
                == MAX7219Layout(
                    variant: .icstation, across: 16, down: 2, chainStart: .left, serpentine: true,
                    rotation: .threeQuarters, flipHorizontal: true, flipVertical: true))
        #expect(config.max7219.spiSpeed == 4_000_000 && config.max7219.reinitialise == .milliseconds(2_500))
        #expect(DeviceAddress.spi("/dev/spidev0.0").description == "spi:/dev/spidev0.0")
    }

    @Test(arguments: [
        (
            "[max7219]\nvariant = fc-16",
            "tickerd.conf:2: bad value 'fc-16' for max7219.variant (expected fc16, generic, parola, icstation)"
        ),
        (
            "[max7219]\nrotation = 45",
            "tickerd.conf:2: bad value '45' for max7219.rotation (expected 0, 90, 180, 270)"
        ),
        (
            "[max7219]\nspi-speed = 20000000",
            "tickerd.conf:2: bad value '20000000' for max7219.spi-speed (expected a whole number from 10000 to "
                + "10000000 Hz)"
        ),
        (
            "[device]\npath = spi:dev/spidev0.0",
            "tickerd.conf:2: bad value 'spi:dev/spidev0.0' for device.path (expected a device path, "
                + "usb:VID:PID[:SERIAL] with 4-digit hex ids, spi:/dev/spidevB.C, or empty for none)"
        ),
        (
            "[panel]\nwidth = 36\nheight = 8\n[device]\npath = spi:/dev/spidev0.0",
            "tickerd.conf:5: a MAX7219 chain is made of 8×8 modules: panel.width and height must be multiples of 8 "
                + "(the panel is 36×8)"
        ),
        (
            "[panel]\nwidth = 32\nheight = 8\n[device]\npath = spi:/dev/spidev0.0\n[max7219]\nchips = 8",
            "tickerd.conf:7: max7219.chips 8 do not make the panel's 32×8, which takes 4×1 = 4 modules of 8×8 (set "
                + "chips = 4, or the panel's width and height)"
        ),
        (
            "[panel]\nwidth = 32\nheight = 8\n[device]\npath = spi:/dev/spidev0.0\n[max7219]\nrows = 2",
            "tickerd.conf:7: max7219.rows 2 of 8 LEDs make 16 rows, not the panel's 8 (set panel.height to 16, or "
                + "rows = 0)"
        ),
    ])
    func refusesBadMAX7219Settings(text: String, message: String) {
        #expect(messages(text) == [message])
    }
}
