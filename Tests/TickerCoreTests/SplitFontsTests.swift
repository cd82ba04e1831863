import Testing

@testable import TickerCore

/// A split layout's zones are each as tall as the first font of their chain, or the layout is refused.
@Suite struct SplitFontsTests {
    static func config(_ text: String) -> Result<Config, ConfigErrors> {
        Config.parse(text: "[layout]\nzones = split\n" + text, file: "tickerd.conf")
    }

    static func problems(_ text: String) -> [String] {
        switch config(text) {
        case .success: []
        case .failure(let errors): errors.issues.map(\.description)
        }
    }

    /// The issue's panels: 10 and 11 rows, where the built-in font (8 rows) and the small one (6) are both cut.
    @Test(arguments: [10, 11])
    func refusesAPanelTooLowForEveryBuiltInFont(rows: Int) {
        #expect(
            Self.problems("[panel]\nheight = \(rows)\n") == [
                "tickerd.conf:4: layout.zones 'split' needs 12 rows for its fonts, small (6 rows) above small (6 "
                    + "rows), and panel.height is \(rows) (no built-in font fits two zones below 12 rows: use zones = "
                    + "single)"
            ])
    }

    @Test(arguments: [12, 13, 15])
    func drawsWithTheSmallFontWhereTheBuiltInOneDoesNotFitAndSaysSo(rows: Int) throws {
        let config = try Self.config("[panel]\nheight = \(rows)\n").get()
        let split = try config.splitFonts(rows: Config.builtinRows).get()
        #expect(split.top == [.small] && split.bottom == [.small])
        #expect(
            split.note
                == "layout.zones 'split' on \(rows) rows: the zones draw with the small font (6 rows), the built-in one "
                + "needing 16 rows for both")
    }

    @Test func keepsTheConfiguredFontsWhereTheyFit() throws {
        let config = try Self.config("[panel]\nheight = 16\n[layout]\nfont = builtin, small\n").get()
        let split = try config.splitFonts(rows: Config.builtinRows).get()
        #expect(split == SplitFonts(top: [.builtin, .small], bottom: [.builtin, .small], note: nil))
        // Only a leading built-in font gives way, and the rest of its chain stays.
        let mixed = try Self.config("[panel]\nheight = 14\n[layout]\ntop-font = builtin, small\nbottom-font = small\n")
            .get().splitFonts(rows: Config.builtinRows).get()
        #expect(mixed.top == [.builtin, .small] && mixed.bottom == [.small] && mixed.note == nil)
        let low = try Self.config("[panel]\nheight = 12\n[layout]\ntop-font = builtin, small\nbottom-font = small\n")
            .get().splitFonts(rows: Config.builtinRows).get()
        #expect(low.top == [.small, .small] && low.bottom == [.small] && low.note != nil)
    }

    @Test func aFontFromAFileIsCheckedWithTheRowsItIsLoadedWith() throws {
        // Unknown until loaded: the configuration alone accepts it.
        let config = try Self.config("[panel]\nheight = 20\n[layout]\nfont = /fonts/tall.bdf\n").get()
        #expect(throws: Never.self) { try config.splitFonts(rows: Config.builtinRows).get() }
        let tall: (Config.FontSource) -> Int? = { $0 == .bdf(path: "/fonts/tall.bdf") ? 16 : Config.builtinRows($0) }
        #expect(
            config.splitFonts(rows: tall).failureDescription
                == "layout.zones 'split' needs 32 rows for its fonts, /fonts/tall.bdf (16 rows) above /fonts/tall.bdf "
                + "(16 rows), and panel.height is 20 (fonts of at most 10 rows each fit, such as font = small; or use "
                + "zones = single)")
    }

    @Test func theScenesZonesAreEachAsTallAsTheirFont() throws {
        for rows in 12...20 {
            let config = try Self.config("[panel]\nheight = \(rows)\n").get()
            let split = try config.splitFonts(rows: Config.builtinRows).get()
            let fonts = { (chain: [Config.FontSource]) in
                FontChain(chain.map { $0 == .small ? BitmapFont.small : BitmapFont.builtin })
            }
            let style = SceneStyle(arrangement: .split, fonts: fonts(split.top), bottomFonts: fonts(split.bottom))
            let scene = Scene(width: 32, height: rows, depth: .two, style: style)
            let zones = scene.zones
            #expect(zones.count == 2)
            #expect(zones[0].height >= fonts(split.top).fonts[0].height, "\(rows) rows: top zone \(zones[0])")
            #expect(zones[1].height >= fonts(split.bottom).fonts[0].height, "\(rows) rows: bottom zone \(zones[1])")
        }
    }
}

extension Result where Failure == ConfigError {
    /// The error's sentence, or nil on success.
    fileprivate var failureDescription: String? {
        if case .failure(let error) = self { return error.description }
        return nil
    }
}
