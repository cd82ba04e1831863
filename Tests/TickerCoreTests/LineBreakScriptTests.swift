import Testing

@testable import TickerCore

/// Lyrics in scripts that do not put spaces between words, or put them where Korean does, wrapped over the
/// two 16-row zones of a 128×32 split panel in GNU Unifont (16 columns an ideograph or Hangul syllable, 8 a
/// Thai letter or a space).
@Suite struct LineBreakScriptTests {
    let fonts: FontChain

    init() throws { fonts = FontChain([try Unifont.font.get()]) }

    /// The scene of a 128×32 split panel in Unifont.
    func scene() -> Scene {
        var style = SceneStyle(arrangement: .split, fonts: fonts, bottomFonts: fonts)
        style.marquee = MarqueeStyle(fadeEdges: false)
        return Scene(width: 128, height: 32, depth: .two, style: style)
    }

    /// `text` as a lyric line wrapped over the panel's two zones.
    func wrapped(_ text: String) -> WrappedLyric {
        let scene = scene()
        return WrappedLyric(
            line: LyricLine(text: text, start: .seconds(1), end: .seconds(9)), top: scene.top, bottom: scene.bottom)
    }

    /// What the panel shows at 2 s of a song whose only line is `text`, from 1 s to 9 s.
    func panel(_ text: String) -> [String] {
        var scene = scene()
        var state = PlayerState()
        state.apply(.lyrics(Lyrics.parse("[00:01.00]\(text)\n[00:09.00]")), at: .zero)
        state.apply(.play, at: .zero)
        scene.observe(state, at: .zero)
        var frame = Frame(width: 128, height: 32, depth: .two)
        scene.render(state, at: .seconds(2), into: &frame)
        return frame.asciiArt.split(separator: "\n").map(String.init)
    }

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
        let rows = panel(text)
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
