import Foundation
import Testing

@testable import TickerCore

/// The X11 misc-fixed fonts Debian ships in `xfonts-base`, converted from PCF to BDF with `pcf2bdf` into a
/// temporary directory, once per test run (`scripts/deps.sh test` installs both packages).
enum MiscFixed {
    static let sixByThirteen = Result { try load("6x13") }
    static let sixByThirteenBold = Result { try load("6x13B") }
    static let nineByEighteen = Result { try load("9x18") }
    static let fiveByEight = Result { try load("5x8") }

    struct SetUpFailure: Error, CustomStringConvertible {
        let description: String
    }

    static func load(_ name: String) throws -> BitmapFont {
        let pcf = "/usr/share/fonts/X11/misc/\(name).pcf.gz"
        let converter = "/usr/bin/pcf2bdf"
        guard FileManager.default.fileExists(atPath: pcf), FileManager.default.isExecutableFile(atPath: converter)
        else {
            throw SetUpFailure(description: "need \(pcf) and \(converter): run scripts/deps.sh test")
        }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "tickerd-fonts-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let bdf = directory.appendingPathComponent("\(name).bdf")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: converter)
        process.arguments = ["-o", bdf.path, pcf]
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw SetUpFailure(description: "pcf2bdf \(pcf) exited with status \(process.terminationStatus)")
        }
        let bytes = try [UInt8](Data(contentsOf: bdf))
        return try BitmapFont(bdf: bytes, file: "\(name).bdf")
    }
}

@Suite struct FontMiscFixedTests {
    @Test func sixByThirteenHasItsMetricsAndName() throws {
        let font = try MiscFixed.sixByThirteen.get()
        #expect(font.ascent == 11)
        #expect(font.descent == 2)
        #expect(font.name == "-Misc-Fixed-Medium-R-SemiCondensed--13-120-75-75-C-60-ISO10646-1")
        #expect(font.glyphs.count > 4000)
    }

    @Test func sixByThirteenCapitalAIsDrawnInAFullCell() throws {
        let a = try #require(try MiscFixed.sixByThirteen.get().glyph(for: "A"))
        #expect(a.advance == 6)
        #expect(a.yOffset == -2)
        #expect(
            FontArt.rows(a) == [
                "......",
                "......",
                "..#...",
                ".#.#..",
                "#...#.",
                "#...#.",
                "#...#.",
                "#####.",
                "#...#.",
                "#...#.",
                "#...#.",
                "......",
                "......",
            ])
    }

    @Test(arguments: [("Cyrillic Zhe", "Ж"), ("Greek Omega", "Ω"), ("Hebrew Alef", "א"), ("Latin a with ring", "å")])
    func sixByThirteenCoversOtherScripts(script: String, letter: Unicode.Scalar) throws {
        let glyph = try #require(try MiscFixed.sixByThirteen.get().glyph(for: letter), "\(script)")
        #expect(glyph.advance == 6)
        #expect(FontArt.rows(glyph).joined().contains("#"))
    }

    @Test func sixByThirteenZheMatchesTheFont() throws {
        let zhe = try #require(try MiscFixed.sixByThirteen.get().glyph(for: "Ж"))
        #expect(
            FontArt.rows(zhe)[2...10] == [
                "#.#.#.",
                "#.#.#.",
                "#.#.#.",
                ".###..",
                "..#...",
                ".###..",
                "#.#.#.",
                "#.#.#.",
                "#.#.#.",
            ])
    }

    @Test func defaultCharacterBecomesTheReplacement() throws {
        let font = try MiscFixed.sixByThirteen.get()
        let replacement = try #require(font.replacement)
        #expect(replacement == font.glyph(for: "\u{0}"))
        #expect(FontArt.rows(replacement)[2...4] == ["#.#.#.", "......", "#...#."])
    }

    @Test func boldIsHeavierThanMedium() throws {
        let medium = try #require(try MiscFixed.sixByThirteen.get().glyph(for: "A"))
        let bold = try #require(try MiscFixed.sixByThirteenBold.get().glyph(for: "A"))
        let lit = { (glyph: Glyph) in FontArt.rows(glyph).joined().filter { $0 == "#" }.count }
        #expect(try MiscFixed.sixByThirteenBold.get().name.contains("-Bold-"))
        #expect(lit(bold) > lit(medium))
    }

    @Test func nineByEighteenHasFourRowsOfDescent() throws {
        let font = try MiscFixed.nineByEighteen.get()
        #expect(font.ascent == 14)
        #expect(font.descent == 4)
        #expect(font.glyph(for: "A")?.advance == 9)
    }

    @Test func fiveByEightSharesTheBuiltinBaseline() throws {
        let chain = FontChain([.builtin, try MiscFixed.fiveByEight.get()])
        #expect(chain.ascent == 7)
        #expect(chain.descent == 1)
        #expect(
            FontArt.line("Aд", in: chain) == [
                "..........",
                "..........",
                ".##.......",
                "#..#..###.",
                "####..#.#.",
                "#..#.#..#.",
                "#..#.####.",
                ".....#..#.",
            ])
    }

    @Test(arguments: ["6x13", "6x13B", "9x18", "5x8"])
    func everyLoadedGlyphHoldsExactlyItsBoxOfBits(name: String) throws {
        let font: BitmapFont
        switch name {
        case "6x13B": font = try MiscFixed.sixByThirteenBold.get()
        case "9x18": font = try MiscFixed.nineByEighteen.get()
        case "5x8": font = try MiscFixed.fiveByEight.get()
        default: font = try MiscFixed.sixByThirteen.get()
        }
        for (code, glyph) in font.glyphs {
            #expect(glyph.rows.count == glyph.height * glyph.bytesPerRow, "U+\(String(code, radix: 16))")
            if glyph.width % 8 != 0 {
                let mask = UInt8(0xFF) >> UInt8(glyph.width % 8)
                for row in 0..<glyph.height {
                    #expect(glyph.rows[row * glyph.bytesPerRow + glyph.bytesPerRow - 1] & mask == 0)
                }
            }
        }
    }
}
