import Testing

@testable import TickerCore

@Suite struct PaletteTests {
    static func parse(_ text: String) -> Result<Config, ConfigErrors> {
        Config.parse(text: text, file: "tickerd.conf")
    }

    struct GoodCase: CustomTestStringConvertible, Sendable {
        let id: String
        let key: String
        let value: String
        let role: ColorRole
        let color: RGB
        var testDescription: String { id }
    }

    @Test(arguments: [
        GoodCase(
            id: "hex upper case", key: "title", value: "#FF8000", role: .title,
            color: RGB(red: 255, green: 128, blue: 0)),
        GoodCase(
            id: "hex lower case", key: "artist", value: "#0a0b0c", role: .artist,
            color: RGB(red: 10, green: 11, blue: 12)),
        GoodCase(id: "name red", key: "sung", value: "red", role: .sung, color: RGB(red: 255, green: 0, blue: 0)),
        GoodCase(id: "name amber", key: "rest", value: "amber", role: .rest, color: RGB(red: 255, green: 176, blue: 0)),
        GoodCase(
            id: "quoted hex", key: "message", value: "\"#00FF00\"", role: .message,
            color: RGB(red: 0, green: 255, blue: 0)),
        GoodCase(
            id: "message-high", key: "message-high", value: "magenta", role: .messageHigh,
            color: RGB(red: 255, green: 0, blue: 255)),
        GoodCase(id: "clock", key: "clock", value: "cyan", role: .clock, color: RGB(red: 0, green: 255, blue: 255)),
        GoodCase(
            id: "background", key: "background", value: "#010203", role: .background,
            color: RGB(red: 1, green: 2, blue: 3)),
        GoodCase(
            id: "hex then comment", key: "title", value: "#FFFFFF  # white", role: .title,
            color: RGB(red: 255, green: 255, blue: 255)),
    ])
    func readsColors(_ good: GoodCase) throws {
        let config = try Self.parse("[colors]\n\(good.key) = \(good.value)").get()
        #expect(config.colors[good.role] == good.color)
    }

    @Test func defaultsAreWhiteOnBlackWithTheRestUnset() throws {
        let colors = try Self.parse("").get().colors
        #expect(colors == .standard)
        #expect(colors[.title] == .white && colors[.background] == .black && colors[.rest] == nil)
    }

    struct BadCase: CustomTestStringConvertible, Sendable {
        let id: String
        let text: String
        let message: String
        var testDescription: String { id }
    }

    static let expectedColors =
        "#RRGGBB or one of: black, white, grey, red, orange, amber, yellow, green, cyan, blue, magenta, purple, pink"

    @Test(arguments: [
        BadCase(
            id: "unknown name", text: "[colors]\ntitle = reddish",
            message: "tickerd.conf:2: bad value 'reddish' for colors.title (expected \(expectedColors))"),
        BadCase(
            id: "short hex", text: "[colors]\n\nsung = \"#F80\"",
            message: "tickerd.conf:3: bad value '#F80' for colors.sung (expected \(expectedColors))"),
        BadCase(
            id: "not hex digits", text: "[colors]\nrest = \"#GG0000\"",
            message: "tickerd.conf:2: bad value '#GG0000' for colors.rest (expected \(expectedColors))"),
        BadCase(
            id: "upper-case name", text: "[colors]\nclock = Red",
            message: "tickerd.conf:2: bad value 'Red' for colors.clock (expected \(expectedColors))"),
        BadCase(
            id: "unknown role", text: "[colors]\nlyric = red",
            message:
                "tickerd.conf:2: unknown key 'lyric' in [colors] (expected one of: background, title, artist, sung, "
                + "rest, message, message-high, clock, progress)"),
    ])
    func reportsBadColorsWithFileAndLine(_ bad: BadCase) {
        guard case .failure(let errors) = Self.parse(bad.text) else {
            Issue.record("accepted \(bad.text)")
            return
        }
        #expect(errors.issues.map(\.description) == [bad.message])
    }

    @Test(arguments: [("1", PanelDepth.grey(.one)), ("8", .grey(.eight)), ("rgb", .rgb888), ("rgb565", .rgb565)])
    func readsPanelDepths(value: String, depth: PanelDepth) throws {
        let config = try Self.parse("[panel]\ndepth = \(value)").get()
        #expect(config.panel.depth == depth)
        #expect(config.panel.depth.name == value)
    }

    @Test func colourPanelsDrawEightBitLevelsAndSendSixteenOrTwentyFourBits() {
        #expect(PanelDepth.rgb888.levels == .eight && PanelDepth.rgb888.wireBits == 24)
        #expect(PanelDepth.rgb565.levels == .eight && PanelDepth.rgb565.wireBits == 16)
        #expect(PanelDepth.grey(.four).levels == .four && PanelDepth.grey(.four).wireBits == 4)
    }

    @Test(arguments: [
        ("white", 1.0), ("black", 0.0), ("red", 0.2126), ("green", 0.7152), ("blue", 0.0722),
    ])
    func luminanceUsesRec709Weights(name: String, expected: Double) throws {
        let color = try #require(Palette.color(parsing: name))
        #expect(abs(color.luminance - expected) < 1e-9)
    }
}
