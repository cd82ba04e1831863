// fuzz-module: TickerCore TickerWire
// Feeds arbitrary scalars, weighted towards the scripts the layout shapes (Hebrew, Arabic and its
// presentation forms, combining marks, Devanagari, Thai, brackets, explicit direction controls), to the text
// layout: FriBidi's levels and the visual order, Arabic joining with its fallbacks, and clusters drawn as
// their parts. The visual order must be a permutation and, for text of one-scalar characters, FriBidi's own
// (`fribidi_reorder_line`); the characters' spans must tile the line in visual order; a ligature's first
// letter must be shown by the letter after it.

import CFriBidi

@testable import TickerCore
@testable import TickerWire

/// The built-in font, then a font with glyphs of three widths for Hebrew, Arabic (without the lam-alef
/// ligatures, so that their fallback runs), combining marks (some with no room of their own), Devanagari and
/// Thai; it has no replacement glyph, so the chain's empty box is drawn too.
private let shapingChain: FontChain = {
    let ranges: [ClosedRange<UInt32>] = [
        0x0300...0x036F, 0x0591...0x05F4, 0x0600...0x06FF, 0x0900...0x097F, 0x0E01...0x0E5B, 0xFE70...0xFEF4,
    ]
    var glyphs: [UInt32: Glyph] = [:]
    for range in ranges {
        for value in range {
            let advance = [0, 8, 16][Int(value % 3)]
            glyphs[value] = Glyph(
                advance: advance, width: 8, height: 12, xOffset: advance == 0 ? -8 : 0, yOffset: -2,
                rows: Array(repeating: 0x81, count: 12))
        }
    }
    return FontChain([.builtin, BitmapFont(name: "scripts", ascent: 10, descent: 2, glyphs: glyphs, replacement: nil)])
}()

/// The blocks the input's scalars are picked from.
private let blocks: [[UInt32]] = [
    Array(0x20...0x7E), Array(0x0590...0x05FF), Array(0x0600...0x06FF), Array(0xFE70...0xFEFF),
    Array(0x0300...0x036F), Array(0x0900...0x097F), Array(0x0E00...0x0E7F),
    [0x200E, 0x200F, 0x202A, 0x202B, 0x202C, 0x202D, 0x202E, 0x2066, 0x2067, 0x2068, 0x2069, 0x200D, 0x61C],
    Array("()[]{}<>«»‹›⁅⁆〈〉".unicodeScalars.map(\.value)), [0x20, 0x09, 0x0A, 0x0D, 0x2028, 0x2029, 0xFEFF],
]

/// Scalars from the input, two bytes each: the first picks a block, the second a scalar in it; a first byte
/// of 200 or more starts three bytes that name any scalar.
private func scalars(from bytes: UnsafeBufferPointer<UInt8>) -> [Unicode.Scalar] {
    var scalars: [Unicode.Scalar] = []
    var index = 0
    while index + 1 < bytes.count {
        let selector = Int(bytes[index])
        let pick = Int(bytes[index + 1])
        if selector < 200 {
            let block = blocks[selector % blocks.count]
            scalars.append(Unicode.Scalar(block[pick % block.count]) ?? " ")
        } else if index + 2 < bytes.count {
            let value = (UInt32(selector & 0x1F) << 16 | UInt32(pick) << 8 | UInt32(bytes[index + 2])) % 0x110000
            scalars.append(Unicode.Scalar(value) ?? "\u{FFFD}")
            index += 1
        }
        index += 2
    }
    return scalars
}

/// FriBidi's own visual order of `values`, one scalar a character.
private func fribidiOrder(_ values: [FriBidiChar]) -> [Int] {
    let count = FriBidiStrIndex(values.count)
    var types = [FriBidiCharType](repeating: FriBidiCharType(rawValue: 0), count: values.count)
    var brackets = [FriBidiBracketType](repeating: 0, count: values.count)
    var levels = [FriBidiLevel](repeating: 0, count: values.count)
    var map = Array(FriBidiStrIndex(0)..<count)
    var direction = cfribidi_paragraph_from_text
    fribidi_get_bidi_types(values, count, &types)
    fribidi_get_bracket_types(values, count, types, &brackets)
    check(fribidi_get_par_embedding_levels_ex(types, brackets, count, &direction, &levels) > 0, "FriBidi failed")
    check(fribidi_reorder_line(0, types, count, 0, direction, &levels, nil, &map) > 0, "FriBidi's reorder failed")
    return map.map(Int.init)
}

func fuzzShaping(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let text = String(String.UnicodeScalarView(scalars(from: UnsafeBufferPointer(start: data, count: size))))
    let characters = Array(text)
    let shaped = ShapedText(characters, drawable: shapingChain.hasGlyph(for:))
    check(shaped.visualOrder.sorted() == Array(characters.indices), "the visual order is not a permutation")
    if characters.allSatisfy({ $0.unicodeScalars.count == 1 }) {
        let values = characters.compactMap { $0.unicodeScalars.first?.value }
        check(values.isEmpty || shaped.visualOrder == fribidiOrder(values), "not FriBidi's visual order")
    }
    for (index, shownBy) in shaped.shownBy.enumerated() where shownBy != index {
        check(shownBy == index + 1 && shaped.scalars(of: index).isEmpty, "a ligature's first letter shown elsewhere")
        check(shaped.shownBy[shownBy] == shownBy && !shaped.scalars(of: shownBy).isEmpty, "a ligature not drawn")
    }
    let line = TextLine(text, fonts: shapingChain)
    check(line.characterSpans.count == characters.count, "a span missing")
    var pen = 0
    for index in shaped.visualOrder where shaped.shownBy[index] == index {
        check(line.characterSpans[index].lowerBound == pen, "spans do not tile the line")
        pen = line.characterSpans[index].upperBound
    }
    check(line.width <= pen + 8, "ink beyond the line")
    for placement in line.placements {
        check(characters.indices.contains(placement.characterIndex), "a glyph of no character")
        check(placement.x >= -8 && placement.x <= pen, "a glyph off its line")
    }
    for height in [0, 8, 12, 16] {
        let strip = Strip(line, height: height)
        for column in strip.columns { check(column >> UInt64(height) == 0, "ink outside the zone") }
    }
    _ = line.truncated(toFit: 20, fonts: shapingChain)
    return 0
}

private func check(_ condition: Bool, _ what: String) {
    if !condition { fatalError(what) }
}
