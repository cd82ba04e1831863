import Testing

@testable import TickerCore

/// Lyrics in scripts that do not put spaces between words, or put them where Korean does, wrapped over the
/// two zones of a 128×32 split panel in GNU Unifont.
@Suite struct LineBreakScriptTests {
    let panel: UnifontSplitPanel
    var fonts: FontChain { panel.fonts }

    init() throws { panel = try UnifontSplitPanel() }

    func wrapped(_ text: String) -> WrappedLyric { panel.wrapped(text) }

    @Test func thaiWithoutSpacesWrapsAtTheEndOfAWord() throws {
        // "I love you most in this world": ฉัน|รัก|เธอ|มาก|ที่สุด|ใน|โลก|นี้, one run of letters.
        let words = ["ฉัน", "รัก", "เธอ", "มาก", "ที่สุด", "ใน", "โลก", "นี้"]
        let text = words.joined()
        #expect(TextLine(text, fonts: fonts).width > 128)
        let wholeWords = words.indices.map { words[...$0].joined() }
        let expected = try #require(wholeWords.last { TextLine($0, fonts: fonts).width <= 128 })
        let wrapped = wrapped(text)
        #expect(wrapped.fits)
        #expect(wrapped.first == expected)
        #expect(wrapped.first + wrapped.second == text)
        #expect(wholeWords.contains(wrapped.first), "broken inside a word: '\(wrapped.first)'")
        let rows = panel.rows(text)
        #expect(rows[0..<16].joined().contains("#"), "the top zone is blank:\n\(rows.joined(separator: "\n"))")
    }

    @Test(arguments: [
        // Eight ideographs fill the top zone; 。 may not start the second line, so 跑 goes down with it.
        ("我们在夜色中奔跑。直到天亮", "我们在夜色中奔", "跑。直到天亮"),
        // Nor may 」.
        ("他说「夜色中奔跑」直到天亮为止", "他说「夜色中奔", "跑」直到天亮为止"),
    ])
    func closingPunctuationNeverStartsALine(_ text: String, _ first: String, _ second: String) {
        #expect(TextLine(String(text.prefix(8)), fonts: fonts).width == 128)
        let wrapped = wrapped(text)
        #expect(wrapped.fits)
        #expect(wrapped.first == first)
        #expect(wrapped.second == second)
    }

    @Test func koreanWithSpacesBreaksAtASpace() {
        // "나는 너를 사랑해" would fill the top zone's 128 columns, but inside the word 사랑해요.
        let wrapped = wrapped("나는 너를 사랑해요 영원히")
        #expect(TextLine("나는 너를 사랑해", fonts: fonts).width == 128)
        #expect(wrapped.fits)
        #expect(wrapped.first == "나는 너를")
        #expect(wrapped.second == "사랑해요 영원히")
    }

    @Test func aBreakInsideACharacterIsLeftOut() {
        // A combining mark after a space is one character with it; ICU would break between the two.
        #expect(Array("a \u{301}b").count == 3)
        #expect(LineBreaks.candidates(in: Array("a \u{301}b")) == [])
        #expect(LineBreaks.candidates(in: Array("a \u{301}b c")) == [.init(end: 3, start: 4)])
    }
}
