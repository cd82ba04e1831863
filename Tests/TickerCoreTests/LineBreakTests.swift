import Testing

@testable import TickerCore

/// Where a lyric may be broken over the two zones of a split panel (UAX #14 through ICU: spaces, East Asian
/// text, Thai by dictionary), and lines wrapped as the issue's reproductions show them.
@Suite struct LineBreakTests {
    static func ends(_ text: String) -> [Int] { LineBreaks.candidates(in: Array(text)).map(\.end) }

    @Test(arguments: [
        ("我们在夜色中奔跑", [7, 6, 5, 4, 3, 2, 1]),
        // No break after 「, nor before 」，。
        ("「你好」，世界。", [6, 5, 2]),
        // Nor before the prolonged sound mark or a small kana (the small tsu among them).
        ("ボーカル", [3, 2]),
        ("きゃっと", [3]),
        ("안녕하세요", [4, 3, 2, 1]),
        // Hangul spelt out in jamo: each syllable is one grapheme cluster, never broken inside.
        ("\u{1100}\u{1161}\u{11A8}\u{1100}\u{1161}", [1]),
        // Between Latin letters and ideographs, but not before closing punctuation.
        ("Tokyo東京!", [6, 5]),
        ("歌 song", [1]),
        // Latin text breaks at spaces (a run of them is one break, dropped whole) and after hyphens.
        ("Hello big world", [9, 5]),
        ("Hello  world", [5]),
        ("well-kept", [5]),
        // Thai, written without spaces, at the ends of its words: สวัสดี|ครับ, ฉัน|รัก|เธอ|มาก|ที่สุด|ใน|โลก
        // (counted in characters: a consonant with its vowel and tone marks is one).
        ("สวัสดีครับ", [4]),
        ("ฉันรักเธอมากที่สุดในโลก", [15, 13, 10, 7, 4, 2]),
        // Korean written with spaces breaks at its spaces only.
        ("나는 너를 사랑해요", [5, 2]),
        ("", []),
    ])
    func breaksWhereUnicodeAllows(_ text: String, _ expected: [Int]) {
        #expect(Self.ends(text) == expected)
    }

    @Test func aBreakAtASpaceDropsTheSpaces() {
        #expect(LineBreaks.candidates(in: Array("ab  cd")) == [.init(end: 2, start: 4)])
        #expect(LineBreaks.candidates(in: Array("我 们")) == [.init(end: 1, start: 2)])
    }

    @Test func aFourteenCharacterChineseLineWrapsOverBothZonesOfASplitPanel() throws {
        let panel = try UnifontSplitPanel()
        let fonts = panel.fonts
        let text = "我们在夜色中奔跑直到天亮为止"
        #expect(text.count == 14)
        let wrapped = panel.wrapped(text)
        #expect(wrapped.fits)
        #expect(wrapped.first == "我们在夜色中奔跑")
        #expect(wrapped.second == "直到天亮为止")

        let rows = panel.rows(text)
        let topZone = rows[0..<16].joined()
        #expect(
            topZone.contains("#") || topZone.contains("+"),
            "the top zone is blank:\n\(rows.joined(separator: "\n"))")
        // Each zone shows its half laid out alone, the top one as wide as eight ideographs.
        #expect(TextLine(wrapped.first, fonts: fonts).width <= 128)
        #expect(wrapped.widths[0] > 112)
    }

    @Test func latinLyricsStillWrapAtTheirLastFittingSpace() {
        let fonts = TestFont.chain
        let scene = Scene(width: 16, height: 10, depth: .two, style: SceneStyle(arrangement: .split, fonts: fonts))
        let wrapped = WrappedLyric(
            line: LyricLine(text: "HI HO HOW", start: .zero, end: .seconds(3)), top: scene.layout.top,
            bottom: scene.layout.bottom)
        #expect(wrapped.fits)
        #expect(wrapped.first == "HI HO")
        #expect(wrapped.second == "HOW")
    }
}
