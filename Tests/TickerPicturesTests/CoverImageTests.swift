import Testing
import TickerCore
import TickerPictures

/// Album covers into the feed's cover picture: real JPEG files (made by libjpeg's compressor) and PNG files of
/// known colours decode to known pixels; the middle square is taken and averaged in linear light; libjpeg
/// scales while it decodes; every hostile file is refused with its sentence.
@Suite struct CoverImageTests {
    static let red = RGB(red: 255, green: 0, blue: 0)
    static let green = RGB(red: 0, green: 255, blue: 0)
    static let blue = RGB(red: 0, green: 0, blue: 255)
    static let white = RGB(red: 255, green: 255, blue: 255)

    /// Red, green, blue and white quarters, top left to bottom right.
    static func quarters(_ side: Int) -> RGBFrame {
        var picture = RGBFrame(width: side, height: side)
        for y in 0..<side {
            for x in 0..<side {
                picture[x, y] = [[red, green], [blue, white]][y * 2 / side][x * 2 / side]
            }
        }
        return picture
    }

    /// A picture of `columns` (left to right), each `width` wide, `height` tall.
    static func stripes(_ columns: [RGB], width: Int, height: Int) -> RGBFrame {
        var picture = RGBFrame(width: columns.count * width, height: height)
        for y in 0..<height { for x in 0..<picture.width { picture[x, y] = columns[x / width] } }
        return picture
    }

    /// Black and white squares of `square` pixels, white first, as grey levels.
    static func checkerboard(_ side: Int, square: Int) -> [UInt8] {
        (0..<(side * side)).map { ($0 % side / square + $0 / side / square) % 2 == 0 ? 255 : 0 }
    }

    /// The pixel at `x`, `y` of a cover.
    static func pixel(_ picture: FeedPicture, _ x: Int, _ y: Int) -> RGB {
        let index = (y * picture.width + x) * 3
        let pixels = picture.frames[0].pixels
        return RGB(red: pixels[index], green: pixels[index + 1], blue: pixels[index + 2])
    }

    /// Whether every channel of `found` is within `tolerance` of `expected`'s.
    static func near(_ found: RGB, _ expected: RGB, _ tolerance: Int = 4) -> Bool {
        abs(Int(found.red) - Int(expected.red)) <= tolerance && abs(Int(found.green) - Int(expected.green)) <= tolerance
            && abs(Int(found.blue) - Int(expected.blue)) <= tolerance
    }

    /// `file` with the size in its JPEG frame header (SOF0–SOF2) replaced.
    static func claiming(width: Int, height: Int, _ file: [UInt8]) throws -> [UInt8] {
        let start = try #require(
            file.indices.dropLast(9).first { file[$0] == 0xFF && (0xC0...0xC2).contains(file[$0 + 1]) })
        var patched = file
        patched[start + 5] = UInt8(height >> 8)
        patched[start + 6] = UInt8(height & 0xFF)
        patched[start + 7] = UInt8(width >> 8)
        patched[start + 8] = UInt8(width & 0xFF)
        return patched
    }

    @Test(arguments: [JPEGEncoder.Options(), .progressive])
    func aJPEGOfKnownColoursDecodesToThem(_ options: JPEGEncoder.Options) throws {
        let file = try JPEGEncoder.encode(Self.quarters(64), quality: 95, options: options.union(.fullChroma))
        #expect(file.starts(with: [0xFF, 0xD8]))
        // At 1/8 (8 × 8: each block's mean, one colour each), then averaged down to 2 × 2.
        let small = try CoverImage.picture(file: file, side: 2)
        #expect(small.name == "cover" && small.width == 2 && small.height == 2 && small.frames.count == 1)
        let corners = [
            Self.pixel(small, 0, 0), Self.pixel(small, 1, 0), Self.pixel(small, 0, 1), Self.pixel(small, 1, 1),
        ]
        let expected = [Self.red, Self.green, Self.blue, Self.white]
        #expect(zip(corners, expected).allSatisfy { Self.near($0, $1) }, "\(corners)")
        // At full size, pixel for pixel inside each quarter.
        let whole = try CoverImage.picture(file: file, side: 64)
        for (x, y, colour) in [(10, 10, Self.red), (50, 12, Self.green), (5, 60, Self.blue), (40, 40, Self.white)] {
            #expect(Self.near(Self.pixel(whole, x, y), colour), "\(x),\(y): \(Self.pixel(whole, x, y))")
        }
    }

    @Test func aProgressiveJPEGDecodesAsItsBaselineTwin() throws {
        let picture = Self.stripes([Self.red, Self.green, Self.blue, Self.white], width: 20, height: 80)
        let baseline = try JPEGEncoder.encode(picture, quality: 80)
        let progressive = try JPEGEncoder.encode(picture, quality: 80, options: .progressive)
        #expect(baseline != progressive)
        // The same coefficients in other scans: the same pixels.
        for side in [7, 32, 64] {
            #expect(
                try CoverImage.picture(file: baseline, side: side) == CoverImage.picture(file: progressive, side: side))
        }
    }

    @Test func greyFilesOfEitherKindAreTaken() throws {
        let levels = (0..<256).map { UInt8($0 % 16 * 16) }
        let jpeg = try JPEGEncoder.encode(levels, width: 16, height: 16, colors: .grey, quality: 100)
        let png = RawPNG.grey(width: 16, levels)
        for file in [jpeg, png] {
            let cover = try CoverImage.picture(file: file, side: 16)
            for x in 0..<16 {
                let found = Self.pixel(cover, x, 3)
                #expect(found.red == found.green && found.green == found.blue)
                #expect(abs(Int(found.red) - x * 16) <= 3, "column \(x): \(found)")
            }
        }
    }

    @Test func aCheckerboardAveragesInLinearLightNotInCodes() throws {
        // Half the light of white is code 188; averaging the codes would give 128.
        #expect(LinearLight.code(of: 0.5) == 188)
        let png = RawPNG.grey(width: 64, Self.checkerboard(64, square: 1))
        for side in [32, 16, 1] {
            let cover = try CoverImage.picture(file: png, side: side)
            #expect(
                cover.frames[0].pixels.allSatisfy { $0 == 188 }, "side \(side): \(cover.frames[0].pixels.prefix(6))")
        }
        // A JPEG of 8-pixel squares on libjpeg's blocks: decoded at 1/8 to one pixel a square, then averaged.
        let jpeg = try JPEGEncoder.encode(
            Self.checkerboard(128, square: 8), width: 128, height: 128, colors: .grey, quality: 100)
        let cover = try CoverImage.picture(file: jpeg, side: 8)
        #expect(cover.frames[0].pixels.allSatisfy { (186...190).contains($0) }, "\(cover.frames[0].pixels.prefix(6))")
    }

    @Test func pixelsAtTheEdgesCountByTheShareThatFallsIn() throws {
        // 3 × 3 to 2 × 2: each output pixel takes one whole source pixel, two halves and a quarter (2.25).
        var levels = [UInt8](repeating: 0, count: 9)
        levels[4] = 255
        let centre = try CoverImage.picture(file: RawPNG.grey(width: 3, levels), side: 2)
        // A quarter of white in each, over 2.25 pixels: light 1/9, code 94.
        #expect(centre.frames[0].pixels == [UInt8](repeating: 94, count: 12))
        levels = [255, 0, 0, 0, 0, 0, 0, 0, 0]
        let corner = try CoverImage.picture(file: RawPNG.grey(width: 3, levels), side: 2)
        // The whole white pixel in the first: light 1/2.25, code 178; nothing in the others.
        #expect(corner.frames[0].pixels == [178, 178, 178] + [UInt8](repeating: 0, count: 9))
    }

    @Test func everySRGBCodeSurvivesTheTripThroughLinearLight() throws {
        #expect((0..<256).allSatisfy { LinearLight.code(of: LinearLight.ofCode[$0]) == UInt8($0) })
        let levels = (0..<(40 * 40)).map { UInt8(truncatingIfNeeded: $0 &* 37) }
        let cover = try CoverImage.picture(file: RawPNG.grey(width: 40, levels), side: 40)
        #expect(cover.frames[0].pixels == levels.flatMap { [$0, $0, $0] })
    }

    @Test(arguments: [
        (1000, 64, 8, 125), (1000, 32, 8, 125), (1000, 126, 4, 250), (400, 64, 4, 100), (300, 64, 4, 75),
        (200, 64, 2, 100),
        (100, 64, 1, 100), (40, 64, 1, 40),
    ])
    func libjpegScalesWhileDecodingToTheSmallestSizeStillLargeEnough(
        source: Int, side: Int, denominator: Int, decoded: Int
    ) throws {
        // The size in the header is all that is read: a small file claiming the size will do.
        let file = try Self.claiming(
            width: source, height: source, try JPEGEncoder.encode(RGBFrame(width: 8, height: 8)))
        let decoder = try JPEGDecoder(file, maxScans: 64, maxMemory: 1 << 26)
        let output = try decoder.start(minSide: side)
        #expect(output.denominator == denominator && output.width == decoded && output.height == decoded, "\(output)")
    }

    @Test func theMiddleSquareIsTakenAndTheRestCutOff() throws {
        let wide = Self.stripes([Self.red, Self.green, Self.blue], width: 16, height: 16)
        var tall = RGBFrame(width: 10, height: 31)
        for y in 0..<31 { for x in 0..<10 { tall[x, y] = y < 10 ? Self.red : y < 20 ? Self.green : Self.blue } }
        let files = [
            try PNGEncoder.encode(wide), try PNGEncoder.encode(tall),
            try JPEGEncoder.encode(wide, quality: 95, options: .fullChroma),
        ]
        for (index, file) in files.enumerated() {
            let cover = try CoverImage.picture(file: file, side: 4)
            // Tall: rows 10 to 19 of 31 (the odd row falls below).
            let pixels = (0..<16).map { Self.pixel(cover, $0 % 4, $0 / 4) }
            #expect(pixels.allSatisfy { Self.near($0, Self.green, index == 2 ? 6 : 0) }, "file \(index): \(pixels)")
        }
    }

    @Test func aSmallerCoverIsEnlargedByTheNearestPixel() throws {
        let two = Self.stripes([Self.red, Self.blue], width: 1, height: 2)
        let cover = try CoverImage.picture(file: try PNGEncoder.encode(two), side: 5)
        let rows = (0..<5).map { y in
            String(
                (0..<5).map { x in
                    Self.pixel(cover, x, y) == Self.red ? "R" : Self.pixel(cover, x, y) == Self.blue ? "B" : "?"
                })
        }
        #expect(rows == ["RRRBB", "RRRBB", "RRRBB", "RRRBB", "RRRBB"])
    }

    @Test func anOrdinaryProgressiveFileAndOneAtTheScanLimitAreTaken() throws {
        let grey = [UInt8](repeating: 200, count: 16 * 16)
        // libjpeg's own script: 6 scans for grey; a scan for each coefficient: 64.
        for options in [JPEGEncoder.Options.progressive, .scanPerCoefficient] {
            let file = try JPEGEncoder.encode(grey, width: 16, height: 16, colors: .grey, quality: 90, options: options)
            let cover = try CoverImage.picture(file: file, side: 8)
            #expect(cover.frames[0].pixels.allSatisfy { (198...202).contains($0) })
        }
    }

    static let hostile: [(String, String)] = [
        ("a side of 0", "a cover of 0 pixels a side (expected 1 to 64)"),
        ("a side of 65", "a cover of 65 pixels a side (expected 1 to 64)"),
        ("a file too large", "a cover file of 8388609 bytes is larger than 8388608 bytes"),
        ("not a picture", "neither a JPEG nor a PNG file (its first bytes say neither)"),
        ("a JPEG 9000 wide", "JPEG: 9000 × 100 pixels is too large (at most 8192 a side and 16777216 pixels)"),
        ("a JPEG of 5000 × 5000", "JPEG: 5000 × 5000 pixels is too large (at most 8192 a side and 16777216 pixels)"),
        ("a PNG 9000 wide", "PNG: 9000 × 1 pixels is too large (at most 8192 × 8192)"),
        ("a PNG of 5000 × 5000", "PNG: 5000 × 5000 pixels is too large (at most 16777216 pixels)"),
        ("a JPEG cut short", "JPEG: Premature end of JPEG file"),
        ("a progressive JPEG cut short", "JPEG: Premature end of JPEG file"),
        ("a JPEG without its end", "JPEG: Premature end of JPEG file"),
        ("a JPEG cut in its header", "JPEG: Premature end of JPEG file"),
        ("a PNG cut short", "PNG: "),
        ("a CMYK JPEG", "JPEG: CMYK colours, for print, are not supported (a cover in RGB or grey is)"),
        ("a YCCK JPEG", "JPEG: YCCK (CMYK) colours, for print, are not supported (a cover in RGB or grey is)"),
        ("a 16-bit PNG", "PNG: 16 bits a channel are not supported (a file of 8 bits a channel is)"),
        (
            "a JPEG of 190 scans",
            "JPEG: more than 64 scans (a progressive file has about 10; each scan is another pass over the whole "
                + "picture)"
        ),
        ("a progressive JPEG too large for memory", "JPEG: decoding it needs more than 64 MiB of memory"),
    ]

    @Test(arguments: hostile)
    func aHostileFileIsRefusedWithASentence(_ id: String, _ sentence: String) throws {
        let picture = Self.quarters(32)
        var side = 16
        let file: [UInt8]
        switch id {
        case "a side of 0", "a side of 65":
            side = id.hasSuffix("0") ? 0 : 65
            file = try PNGEncoder.encode(picture)
        case "a file too large": file = [0x89, 0x50, 0x4E, 0x47] + [UInt8](repeating: 0, count: (8 << 20) - 3)
        case "not a picture": file = Array("GIF89a but not really".utf8)
        case "a JPEG 9000 wide": file = try Self.claiming(width: 9000, height: 100, try JPEGEncoder.encode(picture))
        case "a JPEG of 5000 × 5000":
            file = try Self.claiming(width: 5000, height: 5000, try JPEGEncoder.encode(picture))
        case "a PNG 9000 wide": file = RawPNG.file(width: 9000, height: 1, rows: [])
        case "a PNG of 5000 × 5000": file = RawPNG.file(width: 5000, height: 5000, rows: [])
        case "a JPEG cut short":
            // Inside the last scan's data.
            let whole = try JPEGEncoder.encode(Self.quarters(64))
            file = Array(whole.prefix(whole.count - 40))
        case "a progressive JPEG cut short":
            let whole = try JPEGEncoder.encode(Self.quarters(64), options: .progressive)
            file = Array(whole.prefix(whole.count * 2 / 3))
        case "a JPEG without its end": file = Array(try JPEGEncoder.encode(picture).dropLast(2))
        case "a JPEG cut in its header": file = Array(try JPEGEncoder.encode(picture).prefix(30))
        case "a PNG cut short":
            let whole = try PNGEncoder.encode(picture)
            file = Array(whole.prefix(whole.count / 2))
        case "a CMYK JPEG", "a YCCK JPEG":
            file = try JPEGEncoder.encode(
                [UInt8](repeating: 40, count: 8 * 8 * 4), width: 8, height: 8,
                colors: id == "a CMYK JPEG" ? .cmyk : .ycck)
        case "a 16-bit PNG":
            file = RawPNG.file(
                width: 2, height: 2, bitDepth: 16,
                rows: [[UInt8](repeating: 0x80, count: 12), [UInt8](repeating: 0x80, count: 12)])
        case "a JPEG of 190 scans": file = try JPEGEncoder.encode(picture, options: .scanPerCoefficient)
        case "a progressive JPEG too large for memory":
            // 4000 × 4000 at 4:4:4: its coefficients would take 96 MB.
            file = try Self.claiming(
                width: 4000, height: 4000, try JPEGEncoder.encode(picture, options: [.progressive, .fullChroma]))
        default:
            Issue.record("no file for '\(id)'")
            return
        }
        do {
            _ = try CoverImage.picture(file: file, side: side)
            Issue.record("\(id): taken")
        } catch {
            if sentence.hasSuffix(": ") {
                #expect(
                    error.description.hasPrefix(sentence) && error.description.count > sentence.count, "\(id): \(error)"
                )
            } else {
                #expect(error.description == sentence, "\(id)")
            }
        }
    }
}
