import Testing

@testable import TickerCore

private func ms(_ value: Int64) -> Duration { .milliseconds(value) }

@Suite struct LyricsParserTests {
    struct TimestampCase: CustomTestStringConvertible, Sendable {
        let id: String
        let source: String
        let start: Duration
        var testDescription: String { id }
    }

    @Test(arguments: [
        TimestampCase(id: "minutes and seconds", source: "[01:02]x", start: ms(62_000)),
        TimestampCase(id: "tenths", source: "[00:01.5]x", start: ms(1_500)),
        TimestampCase(id: "hundredths", source: "[00:12.34]x", start: ms(12_340)),
        TimestampCase(id: "milliseconds", source: "[00:12.345]x", start: ms(12_345)),
        TimestampCase(id: "colon before fraction", source: "[00:12:34]x", start: ms(12_340)),
        TimestampCase(id: "minutes above 59", source: "[75:03.20]x", start: ms(4_503_200)),
        TimestampCase(id: "leading spaces", source: "  [00:02.00]x", start: ms(2_000)),
    ])
    func readsTimestampForms(_ example: TimestampCase) {
        let lyrics = Lyrics.parse(example.source)
        #expect(lyrics.warnings == [])
        #expect(lyrics.lines.map(\.start) == [example.start])
        #expect(lyrics.lines.first?.text == "x")
    }

    struct WarningCase: CustomTestStringConvertible, Sendable {
        let id: String
        let source: String
        let message: String
        var testDescription: String { id }
    }

    @Test(arguments: [
        WarningCase(
            id: "untimed line", source: "[00:01.00]a\nno time here",
            message: "line 2: line 'no time here' has no timestamp (expected e.g. [00:12.50] before the text)"),
        WarningCase(
            id: "seconds above 59", source: "[00:61.00]a",
            message: "line 1: bad timestamp '00:61.00' (expected mm:ss, mm:ss.xx or mm:ss.xxx)"),
        WarningCase(
            id: "four fraction digits", source: "[00:01.0000]a",
            message: "line 1: bad timestamp '00:01.0000' (expected mm:ss, mm:ss.xx or mm:ss.xxx)"),
        WarningCase(
            id: "absurd minutes", source: "[99999999999999999999:00]a",
            message: "line 1: bad timestamp '99999999999999999999:00' (expected mm:ss, mm:ss.xx or mm:ss.xxx)"),
        WarningCase(
            id: "offset not a number", source: "[offset:soon]",
            message: "line 1: bad offset 'soon' (expected whole milliseconds within ±86400000, e.g. +250)"),
        WarningCase(
            id: "offset above a day", source: "[offset:+99999999]",
            message: "line 1: bad offset '+99999999' (expected whole milliseconds within ±86400000, e.g. +250)"),
        WarningCase(
            id: "bad length", source: "[length:long]",
            message: "line 1: bad length 'long' (expected mm:ss or mm:ss.xx)"),
        WarningCase(
            id: "control characters escaped", source: "\u{1}bell\t",
            message: "line 1: line '\\u{1}bell\\t' has no timestamp (expected e.g. [00:12.50] before the text)"),
    ])
    func reportsBadLinesWithLineNumbers(_ example: WarningCase) {
        let lyrics = Lyrics.parse(example.source)
        #expect(lyrics.warnings.map(\.description) == [example.message])
    }

    @Test func readsMetadataTagsAndKeepsUnknownOnes() {
        let lyrics = Lyrics.parse(
            "[ar:Night Run]\n[ti:City]\n[al:Lights]\n[by:someone]\n[length:03:25]\n[xy:kept]\n[00:01.00]a")
        #expect(lyrics.metadata.artist == "Night Run")
        #expect(lyrics.metadata.title == "City")
        #expect(lyrics.metadata.album == "Lights")
        #expect(lyrics.metadata.author == "someone")
        #expect(lyrics.metadata.length == .seconds(205))
        #expect(lyrics.metadata.tags["xy"] == "kept")
        #expect(lyrics.warnings == [])
    }

    @Test func positiveOffsetShowsLyricsEarlier() {
        let lyrics = Lyrics.parse("[offset:+500]\n[00:10.00]<00:10.00>a <00:11.00>b<00:12.00>")
        #expect(lyrics.metadata.offset == ms(500))
        #expect(lyrics.lines.first?.start == ms(9_500))
        #expect(lyrics.lines.first?.words.map(\.start) == [ms(9_500), ms(10_500)])
        #expect(lyrics.lines.first?.end == ms(11_500))
    }

    @Test func negativeOffsetShowsLyricsLaterAndTimesNeverGoBelowZero() {
        #expect(Lyrics.parse("[offset:-250]\n[00:10.00]a").lines.first?.start == ms(10_250))
        #expect(Lyrics.parse("[offset:2000]\n[00:01.00]a").lines.first?.start == .zero)
    }

    @Test func handlesByteOrderMarkAndEveryLineEnd() {
        let lyrics = Lyrics.parse("\u{FEFF}[00:01.00]a\r\n[00:02.00]b\r[00:03.00]c\n[00:04.00]d")
        #expect(lyrics.lines.map(\.text) == ["a", "b", "c", "d"])
        #expect(lyrics.warnings == [])
    }

    @Test func repeatedTimestampsMakeOneLineEach() {
        let lyrics = Lyrics.parse("[00:12.00][01:30.00]Chorus\n[00:20.00]Verse")
        #expect(lyrics.lines.map(\.text) == ["Chorus", "Verse", "Chorus"])
        #expect(lyrics.lines.map(\.start) == [ms(12_000), ms(20_000), ms(90_000)])
        #expect(lyrics.lines.map(\.end) == [ms(20_000), ms(90_000), ms(95_000)])
    }

    @Test func repeatedTimestampsShiftWordTimes() {
        let lyrics = Lyrics.parse("[00:10.00][01:10.00]<00:10.00>la <00:11.00>la<00:12.00>")
        #expect(lyrics.lines.map { $0.words.map(\.start) } == [[ms(10_000), ms(11_000)], [ms(70_000), ms(71_000)]])
    }

    @Test func sortsUnsortedTimesStablyKeepingFileOrderForTies() {
        let lyrics = Lyrics.parse("[00:30.00]c\n[00:10.00]a\n[00:20.00]b1\n[00:20.00]b2")
        #expect(lyrics.lines.map(\.text) == ["a", "b1", "b2", "c"])
        #expect(lyrics.lines[1].duration == .zero)
        #expect(lyrics.line(at: ms(20_000))?.line.text == "b2")
    }

    @Test func timedBlankLineIsAnInstrumentalBreak() {
        let lyrics = Lyrics.parse("[00:10.00]a\n[00:12.00]\n[00:20.00]b")
        #expect(lyrics.lines.map(\.text) == ["a", "b"])
        #expect(lyrics.lines[0].end == ms(12_000))
        #expect(lyrics.line(at: ms(11_999))?.index == 0)
        #expect(lyrics.line(at: ms(12_000)) == nil)
        #expect(lyrics.nextLine(after: ms(15_000))?.line.text == "b")
        #expect(lyrics.line(at: ms(20_000))?.index == 1)
    }

    @Test func lastLineEndsAtTrailingWordTagThenLengthThenDefault() {
        #expect(Lyrics.parse("[00:10.00]<00:10.00>a<00:11.50>").lines.first?.end == ms(11_500))
        #expect(Lyrics.parse("[length:00:40]\n[00:10.00]a").lines.first?.end == ms(40_000))
        let plain = Lyrics.parse("[00:10.00]a")
        #expect(plain.lines.first?.end == ms(15_000))
        #expect(plain.withTrackDuration(.seconds(60)).lines.first?.end == ms(60_000))
        #expect(
            Lyrics.parse("[length:00:40]\n[00:10.00]a").withTrackDuration(.seconds(60)).lines.first?.end == ms(40_000))
    }

    /// A trailing tag earlier than the last word's start ends the word where it starts, and the line there too:
    /// written out, the tag reads back at that time, so the line must already end there.
    @Test func aTrailingTagOutOfOrderEndsTheLineWhereItsLastWordStarts() {
        let lyrics = Lyrics.parse("[00:10.00]<00:12.00>a<00:05.00>")
        #expect(lyrics.lines.first?.end == ms(12_000))
        #expect(lyrics.lines.first?.words.first?.end == ms(12_000))
        #expect(Lyrics.parse(Lyrics.encode(lyrics)).lines == lyrics.lines)
    }

    @Test func timelineIsEmptyBeforeFirstAndAfterLastLine() {
        let lyrics = Lyrics.parse("[00:10.00]a\n[00:20.00]b")
        #expect(lyrics.line(at: ms(9_999)) == nil)
        #expect(lyrics.line(at: ms(10_000))?.line.text == "a")
        #expect(lyrics.line(at: ms(24_999))?.line.text == "b")
        #expect(lyrics.line(at: ms(25_000)) == nil)
        #expect(lyrics.nextLine(after: ms(25_000)) == nil)
        #expect(ParsedLyrics.empty.line(at: .zero) == nil)
    }

    @Test func readsEnhancedWordTimesAndTheirPlaceInTheText() throws {
        let lyrics = Lyrics.parse(
            "[00:12.00]<00:12.00>City <00:12.50>lights <00:13.10>are <00:13.40>calling<00:14.20>\n[00:16.00]next")
        let line = try #require(lyrics.lines.first)
        #expect(line.text == "City lights are calling")
        #expect(line.words.map(\.text) == ["City", "lights", "are", "calling"])
        #expect(line.words.map(\.scalarRange) == [0..<4, 5..<11, 12..<15, 16..<23])
        #expect(line.words.map(\.start) == [ms(12_000), ms(12_500), ms(13_100), ms(13_400)])
        #expect(line.words.map(\.end) == [ms(12_500), ms(13_100), ms(13_400), ms(14_200)])
        #expect(line.end == ms(16_000))
    }

    @Test func wordWithoutTrailingTagIsSungAtTheSongsPaceAndTheLineRunsToItsEnd() throws {
        let line = try #require(Lyrics.parse("[00:01.00]<00:01.00>a <00:02.00>b\n[00:05.00]c").lines.first)
        // One character at the standard 0.1 s per character (see LyricsPace), then lit until the next line.
        #expect(line.words.last?.end == ms(2_100))
        #expect(line.end == ms(5_000))
    }

    @Test func wordTimesAreClampedIntoTheLineAndKeptInOrder() throws {
        let line = try #require(Lyrics.parse("[00:10.00]<00:09.00>a <00:12.00>b <00:11.00>c\n[00:13.00]d").lines.first)
        #expect(line.words.map(\.start) == [ms(10_000), ms(12_000), ms(12_000)])
        #expect(line.words.allSatisfy { $0.end >= $0.start && $0.end <= line.end })
    }

    @Test func textBeforeFirstWordTagStartsWithTheLine() throws {
        let line = try #require(Lyrics.parse("[00:10.00]Oh <00:11.00>yes<00:12.00>").lines.first)
        #expect(line.words.map(\.text) == ["Oh", "yes"])
        #expect(line.words.map(\.start) == [ms(10_000), ms(11_000)])
    }

    @Test func wordTagsWithoutTextMakeABlankLine() {
        let lyrics = Lyrics.parse("[00:01.00]a\n[00:02.00]<00:02.00> <00:03.00>")
        #expect(lyrics.lines.map(\.text) == ["a"])
        #expect(lyrics.lines[0].end == ms(2_000))
    }

    @Test func bracketedTextAfterTimestampBelongsToTheLine() {
        #expect(Lyrics.parse("[00:01.00][Chorus] la").lines.first?.text == "[Chorus] la")
    }

    @Test func capsLinesTextWordsAndBytes() {
        var limits = LyricsLimits()
        limits.maxLines = 3
        limits.maxTextScalars = 5
        limits.maxWords = 2
        let lyrics = Lyrics.parse(
            "[00:01.00]abcdefgh\n[00:02.00]<00:02.00>a <00:03.00>b <00:04.00>c\n[00:05.00]x\n[00:06.00]y",
            limits: limits)
        #expect(lyrics.lines.map(\.text) == ["abcde", "a b c", "x"])
        #expect(lyrics.lines[1].words.map(\.text) == ["a", "b c"])
        #expect(
            lyrics.warnings.map(\.description) == [
                "line 1: text longer than 5 characters cut",
                "line 2: more than 2 word times; the rest are shown as plain text",
                "line 4: more than 3 lines; the rest are ignored",
            ])
        let big = String(repeating: "[00:01.00]abc\n", count: 6_000)
        let bounded = Lyrics.parse(big)
        #expect(bounded.warnings.first?.description == "lyrics longer than 65536 bytes; the rest is ignored")
        #expect(bounded.lines.count <= 2_000)
    }

    @Test func skipsOverlongRawLine() {
        let lyrics = Lyrics.parse("[00:01.00]" + String(repeating: "a", count: 5_000) + "\n[00:02.00]b")
        #expect(lyrics.lines.map(\.text) == ["b"])
        #expect(lyrics.warnings.map(\.description) == ["line 1: line longer than 4096 characters skipped"])
    }
}

@Suite struct LyricsRoundTripTests {
    @Test(arguments: [
        "[00:10.00]<00:10.00>a <00:11.00><00:12.00>b<00:13.00>\n[00:14.00]c\n[00:20.00]",
        "[ar:X]\n[00:01.00][00:05.00]la <00:01.50>la\n[00:03.00]\n[00:09.00]end",
        "[00:12.00][01:30.0~]<01:12.00><00:12.50>ligs\n[75:03.20]x",
        "[00:00.00]   [00:01.00]text after spaced timestamps",
        // A last word no tag closes is sung at the song's pace; written out, it is closed only when that differs.
        "[00:01.00]<00:01.00>Hello <00:01.50>world",
        "[00:01.00]<00:01.00>Hello <00:01.50>world\n[00:31.00]Next line",
        "[00:01.00]<00:01.00>Hello <00:01.50>world<00:31.00>\n[00:31.00]Next line",
        "[00:01.00]<00:01.00>Hello <00:01.50>world<00:01.70>\n[00:31.00]Next line",
        "[00:01.00]<00:01.00>Hello <00:01.50>world\n[00:01.60]Next line",
    ])
    func encodeThenParseGivesTheSameLines(_ source: String) {
        let lyrics = Lyrics.parse(source)
        #expect(!lyrics.lines.isEmpty)
        #expect(Lyrics.parse(Lyrics.encode(lyrics)).lines == lyrics.lines)
    }

    @Test func wordEndsNoLaterThanTheNextWordStarts() throws {
        let line = try #require(Lyrics.parse("[00:12.00]pre<01:12.00><00:12.50>post\n[00:20.00]x").lines.first)
        #expect(line.words.map(\.start) == [.seconds(12), .milliseconds(12_500)])
        #expect(line.words.first?.end == .milliseconds(12_500))
    }
}

@Suite struct LyricsBoundsTests {
    @Test func repeatedTimestampsCannotMultiplyPastTheLineLimit() {
        let stamps = (0..<32).map { "[\($0 < 10 ? "0" : "")\($0):00.00]" }.joined()
        let lyrics = Lyrics.parse(String(repeating: stamps + "la\n", count: 100))
        #expect(lyrics.lines.count == 2_000)
        #expect(lyrics.warnings.map(\.description) == ["line 63: more than 2000 lines; the rest are ignored"])
    }
}
