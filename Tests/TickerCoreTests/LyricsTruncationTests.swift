import Testing

@testable import TickerCore

/// A line's text longer than `maxTextScalars` is cut; the cut text is trimmed like any other line's.
@Suite struct LyricsTruncationTests {
    static let limits: LyricsLimits = {
        var limits = LyricsLimits()
        limits.maxTextScalars = 8
        return limits
    }()

    @Test(arguments: [" ", "\t", "\u{0B}", "\u{2003}"])
    func textCutJustAfterASpaceHasNoTrailingSpace(_ space: String) {
        let lyrics = Lyrics.parse("[00:01.00]abcdefg" + space + "hij\n", limits: Self.limits)
        #expect(lyrics.lines.map(\.text) == ["abcdefg"])
        #expect(lyrics.warnings.map(\.error) == [.textTruncated(limitScalars: 8)])
    }

    // The input that stopped `scripts/fuzz lrc`, cut down: kept in Fuzz/corpus/lrc/ too.
    @Test func cutTextReadsBackTheSameAfterEncoding() {
        let source = "[55:55]" + String(repeating: "d", count: 499) + "\u{0B}\u{0B}tail\n"
        let lyrics = Lyrics.parse(source)
        #expect(lyrics.lines.first?.text == String(repeating: "d", count: 499))
        #expect(Lyrics.parse(Lyrics.encode(lyrics)).lines == lyrics.lines)
    }
}
