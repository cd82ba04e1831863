extension BitmapFont {
    /// Loads a BDF 2.1 font from its text; `file` names it in error messages.
    ///
    /// Same as the initializer taking the file's bytes, which documents what is read and what is refused.
    public init(bdf text: String, file: String) throws(FontError) {
        try self.init(bdf: Array(text.utf8), file: file)
    }

    /// Loads a BDF 2.1 font from the bytes of a file; `file` names it in error messages.
    ///
    /// Reads `STARTFONT`, `FONT` (the ``name``), `FONTBOUNDINGBOX`, the properties between
    /// `STARTPROPERTIES` and `ENDPROPERTIES` (of which `FONT_ASCENT`, `FONT_DESCENT` and `DEFAULT_CHAR`
    /// matter), `CHARS`, and per glyph `STARTCHAR`, `ENCODING`, `DWIDTH`, `BBX`, `BITMAP` and `ENDCHAR`,
    /// up to `ENDFONT`. Blank lines, `COMMENT`s, CRLF line ends and keywords it does not use (`SIZE`,
    /// `SWIDTH`, …) are accepted. Ascent and descent come from `FONT_ASCENT`/`FONT_DESCENT`, else from the
    /// bounding box. Glyphs with encoding −1 are skipped; when an encoding repeats, the first glyph wins.
    /// A glyph without `DWIDTH` advances by its box width plus x offset. The ``replacement`` is the
    /// `DEFAULT_CHAR` glyph, else U+FFFD when the font has it.
    ///
    /// Any byte sequence is safe to pass: a file that breaks the format, or exceeds the limits (boxes up to
    /// 256 × 256, offsets within ±1024, advances from 0 to 1024, at most 70,000 glyphs), is refused with
    /// ``FontError/malformedBDF(file:line:problem:token:expected:)``.
    public init(bdf bytes: [UInt8], file: String) throws(FontError) {
        var parser = BDFParser(bytes: bytes, file: file)
        self = try parser.parse()
    }
}

/// Limits the BDF loader enforces on untrusted files.
enum BDFLimits {
    /// Largest glyph or font box side, in pixels.
    static let maxBoxSide = 256
    /// Largest magnitude of an offset or advance, and largest font ascent or descent, in pixels.
    static let maxOffset = 1024
    /// Most glyphs a font may declare or hold.
    static let maxGlyphs = 70_000
}

/// A single-pass BDF reader over raw bytes. Lines are cut at LF (a CR before it is dropped), split into
/// tokens at spaces and tabs, and read keyword by keyword.
struct BDFParser {
    private let bytes: [UInt8]
    private let file: String
    /// Where the next line starts.
    private var position = 0
    /// 1-based number of the line last read.
    private var lineNumber = 0
    /// Byte ranges of the tokens of the line last read.
    private var tokens: [Range<Int>] = []
    /// Byte range of the line last read, without its line end.
    private var lineRange: Range<Int> = 0..<0

    init(bytes: [UInt8], file: String) {
        self.bytes = bytes
        self.file = file
    }

    /// One glyph's header fields, collected between `STARTCHAR` and `BITMAP`.
    private struct PendingGlyph {
        var encoding: Int?
        var advance: Int?
        var box: (width: Int, height: Int, xOffset: Int, yOffset: Int)?
    }

    mutating func parse() throws(FontError) -> BitmapFont {
        guard nextLine() else { throw error("empty file", token: "", expected: "'STARTFONT 2.1'") }
        guard keyword == "STARTFONT" else {
            throw error("not a BDF font", token: lineText, expected: "'STARTFONT 2.1' on the first line")
        }
        guard tokens.count == 2, text(tokens[1]).hasPrefix("2.") else {
            throw error("unsupported BDF version", token: lineText, expected: "'STARTFONT 2.1'")
        }

        var name = ""
        var boundingBox: (height: Int, yOffset: Int)?
        var fontAscent: Int?
        var fontDescent: Int?
        var defaultChar: Int?

        header: while true {
            guard nextLine() else { throw endOfFile(expected: "'CHARS' and the glyphs") }
            switch keyword {
            case "FONT":
                name = lineText.dropFirst(4).trimmingSpaces
            case "FONTBOUNDINGBOX":
                let values = try integers(4, form: "'FONTBOUNDINGBOX width height xoffset yoffset'")
                try check(values[0], in: 0...BDFLimits.maxBoxSide, what: "font box width", token: tokens[1])
                try check(values[1], in: 0...BDFLimits.maxBoxSide, what: "font box height", token: tokens[2])
                try check(
                    values[3], in: -BDFLimits.maxOffset...BDFLimits.maxOffset, what: "font box y offset",
                    token: tokens[4])
                boundingBox = (values[1], values[3])
            case "STARTPROPERTIES":
                while true {
                    guard nextLine() else { throw endOfFile(expected: "'ENDPROPERTIES'") }
                    switch keyword {
                    case "ENDPROPERTIES": continue header
                    case "FONT_ASCENT": fontAscent = try metric("FONT_ASCENT")
                    case "FONT_DESCENT": fontDescent = try metric("FONT_DESCENT")
                    case "DEFAULT_CHAR": defaultChar = try integers(1, form: "'DEFAULT_CHAR code'")[0]
                    case "STARTCHAR", "CHARS", "ENDFONT":
                        throw error("properties not closed", token: lineText, expected: "'ENDPROPERTIES' first")
                    default: continue
                    }
                }
            case "CHARS":
                let count = try integers(1, form: "'CHARS count'")[0]
                try check(count, in: 0...BDFLimits.maxGlyphs, what: "glyph count", token: tokens[1])
                break header
            case "STARTCHAR", "ENDFONT", "BITMAP", "ENDCHAR":
                throw error("glyphs before the font header ends", token: lineText, expected: "'CHARS count' first")
            default:
                continue
            }
        }

        // A box lying wholly above or below the baseline would give a negative side; it has none.
        guard let ascent = fontAscent ?? boundingBox.map({ max($0.height + $0.yOffset, 0) }),
            let descent = fontDescent ?? boundingBox.map({ max(-$0.yOffset, 0) })
        else {
            throw error(
                "no font metrics", token: lineText,
                expected: "FONTBOUNDINGBOX, or FONT_ASCENT and FONT_DESCENT, before 'CHARS'")
        }

        var glyphs: [UInt32: Glyph] = [:]
        var glyphCount = 0
        while true {
            guard nextLine() else { throw endOfFile(expected: "'ENDFONT'") }
            switch keyword {
            case "ENDFONT":
                var replacement: Glyph?
                if let defaultChar, let code = UInt32(exactly: defaultChar) {
                    replacement = glyphs[code]
                }
                return BitmapFont(
                    name: name, ascent: ascent, descent: descent, glyphs: glyphs,
                    replacement: replacement ?? glyphs[0xFFFD])
            case "STARTCHAR":
                glyphCount += 1
                guard glyphCount <= BDFLimits.maxGlyphs else {
                    throw error("too many glyphs", token: lineText, expected: "at most \(BDFLimits.maxGlyphs)")
                }
                let (code, glyph) = try parseGlyph()
                if let code, glyphs[code] == nil {
                    glyphs[code] = glyph
                }
            default:
                throw error("unexpected keyword", token: lineText, expected: "'STARTCHAR' or 'ENDFONT'")
            }
        }
    }

    /// Reads one glyph after its `STARTCHAR` line, through `ENDCHAR`. The code is nil for an unencoded
    /// glyph (encoding −1, or beyond Unicode).
    private mutating func parseGlyph() throws(FontError) -> (UInt32?, Glyph) {
        var pending = PendingGlyph()
        while true {
            guard nextLine() else { throw endOfFile(expected: "'ENDCHAR'") }
            switch keyword {
            case "ENCODING":
                guard tokens.count >= 2 else {
                    throw error("missing value", token: lineText, expected: "'ENCODING code'")
                }
                pending.encoding = try integer(tokens[1], what: "'ENCODING code'")
            case "DWIDTH":
                let values = try integers(2, form: "'DWIDTH x y'")
                // A pen that moves backwards would let a line of text measure less than nothing.
                try check(values[0], in: 0...BDFLimits.maxOffset, what: "advance", token: tokens[1])
                pending.advance = values[0]
            case "BBX":
                let values = try integers(4, form: "'BBX width height xoffset yoffset'")
                try check(values[0], in: 0...BDFLimits.maxBoxSide, what: "glyph box width", token: tokens[1])
                try check(values[1], in: 0...BDFLimits.maxBoxSide, what: "glyph box height", token: tokens[2])
                let offsets = -BDFLimits.maxOffset...BDFLimits.maxOffset
                try check(values[2], in: offsets, what: "glyph x offset", token: tokens[3])
                try check(values[3], in: offsets, what: "glyph y offset", token: tokens[4])
                pending.box = (values[0], values[1], values[2], values[3])
            case "BITMAP":
                guard let box = pending.box else {
                    throw error("bitmap before the glyph box", token: lineText, expected: "'BBX' before 'BITMAP'")
                }
                let rows = try bitmap(width: box.width, height: box.height)
                let glyph = Glyph(
                    advance: pending.advance ?? max(box.width + box.xOffset, 0), width: box.width, height: box.height,
                    xOffset: box.xOffset, yOffset: box.yOffset, rows: rows)
                var code: UInt32?
                if let encoding = pending.encoding, let value = UInt32(exactly: encoding),
                    Unicode.Scalar(value) != nil
                {
                    code = value
                }
                return (code, glyph)
            case "ENDCHAR":
                throw error("glyph without a bitmap", token: lineText, expected: "'BBX' and 'BITMAP' before 'ENDCHAR'")
            case "STARTCHAR", "ENDFONT":
                throw error("glyph not closed", token: lineText, expected: "'ENDCHAR' first")
            default:
                continue
            }
        }
    }

    /// Reads `height` hex rows and the `ENDCHAR` after them. Rows may carry padding bytes beyond
    /// `(width + 7) / 8`; those and any bits beyond `width` are dropped.
    private mutating func bitmap(width: Int, height: Int) throws(FontError) -> [UInt8] {
        let bytesPerRow = (width + 7) / 8
        let lastByteMask: UInt8 = width % 8 == 0 ? 0xFF : ~(0xFF >> UInt8(width % 8))
        var rows = [UInt8]()
        rows.reserveCapacity(bytesPerRow * height)
        for row in 0..<height {
            guard nextLine() else { throw endOfFile(expected: "\(height) bitmap rows and 'ENDCHAR'") }
            guard keyword != "ENDCHAR" else {
                throw error(
                    "bitmap has \(row) of \(height) rows", token: lineText,
                    expected: "\(height) rows of \(bytesPerRow * 2) hex digits, as BBX says")
            }
            guard tokens.count == 1 else {
                throw error("bitmap row is not one hex number", token: lineText, expected: "one hex number per row")
            }
            let digits = tokens[0]
            guard digits.count % 2 == 0 else {
                throw error("odd number of hex digits", token: lineText, expected: "two hex digits per byte")
            }
            guard digits.count >= bytesPerRow * 2, digits.count <= max(bytesPerRow, 1) * 2 + 64 else {
                throw error(
                    "bitmap row of the wrong length", token: lineText,
                    expected: "\(bytesPerRow * 2) hex digits for a width of \(width)")
            }
            for index in 0..<bytesPerRow {
                let start = digits.lowerBound + index * 2
                guard let high = hexValue(bytes[start]), let low = hexValue(bytes[start + 1]) else {
                    throw error("not a hex digit", token: lineText, expected: "digits 0-9 and A-F in a bitmap row")
                }
                var byte = high << 4 | low
                if index == bytesPerRow - 1 { byte &= lastByteMask }
                rows.append(byte)
            }
            for index in (digits.lowerBound + bytesPerRow * 2)..<digits.upperBound where hexValue(bytes[index]) == nil {
                throw error("not a hex digit", token: lineText, expected: "digits 0-9 and A-F in a bitmap row")
            }
        }
        guard nextLine() else { throw endOfFile(expected: "'ENDCHAR'") }
        guard keyword == "ENDCHAR" else {
            throw error(
                "bitmap has more rows than its box", token: lineText, expected: "'ENDCHAR' after \(height) rows")
        }
        return rows
    }

    // MARK: Lines and tokens

    /// Advances to the next line that is neither blank nor a `COMMENT`; false at the end of the bytes.
    private mutating func nextLine() -> Bool {
        while position < bytes.count {
            let start = position
            var end = start
            while end < bytes.count, bytes[end] != 0x0A { end += 1 }
            position = end + 1
            lineNumber += 1
            if end > start, bytes[end - 1] == 0x0D { end -= 1 }
            lineRange = start..<end
            tokens = tokenize(start..<end)
            if tokens.isEmpty || keyword == "COMMENT" { continue }
            return true
        }
        return false
    }

    private func tokenize(_ range: Range<Int>) -> [Range<Int>] {
        var result: [Range<Int>] = []
        var index = range.lowerBound
        while index < range.upperBound {
            while index < range.upperBound, bytes[index] == 0x20 || bytes[index] == 0x09 { index += 1 }
            let start = index
            while index < range.upperBound, bytes[index] != 0x20, bytes[index] != 0x09 { index += 1 }
            if index > start { result.append(start..<index) }
        }
        return result
    }

    private var keyword: String { tokens.first.map(text) ?? "" }

    private var lineText: String { text(lineRange) }

    private func text(_ range: Range<Int>) -> String {
        String(decoding: bytes[range], as: UTF8.self)
    }

    private func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case 0x30...0x39: return byte - 0x30
        case 0x41...0x46: return byte - 0x41 + 10
        case 0x61...0x66: return byte - 0x61 + 10
        default: return nil
        }
    }

    // MARK: Values

    /// The first `count` values after the keyword, as integers; `form` shows the expected line.
    private func integers(_ count: Int, form: String) throws(FontError) -> [Int] {
        guard tokens.count > count else { throw error("missing values", token: lineText, expected: form) }
        var values: [Int] = []
        for token in tokens[1...count] {
            values.append(try integer(token, what: form))
        }
        return values
    }

    private func integer(_ token: Range<Int>, what: String) throws(FontError) -> Int {
        guard token.count <= 12, let value = Int(text(token)) else {
            throw error("not an integer", token: text(token), expected: what)
        }
        return value
    }

    /// A `FONT_ASCENT` or `FONT_DESCENT` value, which must lie within the offset limit.
    private func metric(_ name: String) throws(FontError) -> Int {
        let value = try integers(1, form: "'\(name) pixels'")[0]
        try check(value, in: 0...BDFLimits.maxOffset, what: name, token: tokens[1])
        return value
    }

    private func check(_ value: Int, in range: ClosedRange<Int>, what: String, token: Range<Int>) throws(FontError) {
        guard range.contains(value) else {
            throw error(
                "\(what) out of range", token: text(token),
                expected: "\(what) from \(range.lowerBound) to \(range.upperBound)")
        }
    }

    // MARK: Errors

    private func error(_ problem: String, token: String, expected: String) -> FontError {
        .malformedBDF(
            file: file, line: max(lineNumber, 1), problem: problem, token: Self.printable(token), expected: expected)
    }

    private func endOfFile(expected: String) -> FontError {
        .malformedBDF(
            file: file, line: max(lineNumber, 1), problem: "file ends early", token: "end of file", expected: expected)
    }

    /// `token` made safe to show: control and non-ASCII characters become `?`, and long tokens are cut.
    static func printable(_ token: String) -> String {
        let limit = 40
        var shown = String(
            String.UnicodeScalarView(
                token.unicodeScalars.prefix(limit).map {
                    $0.value >= 0x20 && $0.value < 0x7F ? $0 : "?"
                }))
        if token.unicodeScalars.count > limit { shown += "…" }
        return shown
    }
}

extension StringProtocol {
    /// The text without leading and trailing spaces and tabs.
    fileprivate var trimmingSpaces: String {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        guard let first = firstIndex(where: { !isSpace($0) }), let last = lastIndex(where: { !isSpace($0) }) else {
            return ""
        }
        return String(self[first...last])
    }
}
