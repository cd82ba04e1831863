import Testing
import TickerCore
import TickerIO

/// The settings the daemon runs with, made from a parsed configuration.
@Suite struct SettingsTests {
    static func settings(_ text: String) throws -> Settings {
        switch Config.parse(text: text, file: "tickerd.conf") {
        case .failure(let errors): throw errors
        case .success(let config): return try Settings(config)
        }
    }

    /// The reference marquee always fades its edges; a panel needs grey levels for it, so a 1-bit one never does.
    @Test(arguments: [
        ("depth 1, not set", "[panel]\ndepth = 1\n", false),
        ("depth 2, not set", "[panel]\ndepth = 2\n", true),
        ("depth 8, not set", "[panel]\ndepth = 8\n", true),
        ("depth 2, turned off", "[panel]\ndepth = 2\n[marquee]\nfade-edges = false\n", false),
        ("depth 1, turned on", "[panel]\ndepth = 1\n[marquee]\nfade-edges = true\n", false),
        ("colour, not set", "[panel]\ndepth = rgb\n", true),
    ])
    func fadedEdgesAreOnByDefaultWhereThePanelHasGreyLevels(name: String, text: String, fades: Bool) throws {
        #expect(try Self.settings(text).style.marquee.fadeEdges == fades, "\(name)")
    }

    /// `depth = rgb` sends 24 bits per pixel, `rgb565` 16; the scene gets the palette of `[colors]`.
    @Test(arguments: [("2", 2), ("8", 8), ("rgb", 24), ("rgb565", 16)])
    func colourDepthsChooseTheirBitsOnTheWire(depth: String, bits: Int) throws {
        let settings = try Self.settings("[panel]\ndepth = \(depth)\n[colors]\nsung = red\n")
        #expect(settings.geometry.bitsPerPixel == bits)
        #expect(settings.style.palette[.sung] == RGB(red: 255, green: 0, blue: 0))
    }
}
