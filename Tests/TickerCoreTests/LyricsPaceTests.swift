import Testing

@testable import TickerCore

private func ms(_ value: Int64) -> Duration { .milliseconds(value) }

@Suite struct LyricsPaceTests {
    struct PaceCase: CustomTestStringConvertible, Sendable {
        let id: String
        let lrc: String
        /// The estimated pace, in milliseconds per character.
        let pace: Int64
        /// Each line's `sungEnd`, in milliseconds.
        let sungEnds: [Int64]
        var testDescription: String { id }
    }

    // Twenty characters a line ("Twenty characters!!!") is 2 s a line at 0.1 s per character.
    static let twenty = "Twenty characters!!!"

    @Test(arguments: [
        PaceCase(
            id: "two lines far apart: too few to estimate, the standard pace",
            lrc: "[00:01.00]Hello world\n[00:31.00]Next line", pace: 100, sungEnds: [2_100, 31_900]),
        PaceCase(
            id: "one line", lrc: "[00:01.00]Hello world", pace: 100, sungEnds: [2_100]),
        PaceCase(
            id: "lines back to back set the pace; the one before a break finishes at it",
            lrc: "[00:00.00]\(twenty)\n[00:03.00]\(twenty)\n[00:06.00]\(twenty)\n[00:09.00]\(twenty)\n"
                + "[00:40.00]\(twenty)\n[00:43.00]",
            pace: 150, sungEnds: [3_000, 6_000, 9_000, 12_000, 43_000]),
        PaceCase(
            id: "a line shorter than the pace gives is cut at the next line",
            lrc: "[00:00.00]\(twenty)\n[00:02.00]\(twenty)\n[00:04.00]\(twenty)\n[00:06.00]\(twenty)\n"
                + "[00:07.00]\(twenty)\n[00:09.00]",
            pace: 100, sungEnds: [2_000, 4_000, 6_000, 7_000, 9_000]),
        PaceCase(
            id: "all lines far apart: the slowest pace",
            lrc: "[00:00.00]ten chars!\n[01:00.00]ten chars!\n[02:00.00]ten chars!\n[03:00.00]",
            pace: 400, sungEnds: [4_000, 64_000, 124_000]),
        PaceCase(
            id: "all lines crammed together: the fastest pace",
            lrc: "[00:00.00]ten chars!\n[00:00.10]ten chars!\n[00:00.20]ten chars!\n[00:00.30]",
            pace: 40, sungEnds: [100, 200, 300]),
        PaceCase(
            id: "zero-length lines are sung in no time and do not count",
            lrc: "[00:05.00]first\n[00:05.00]second\n[00:05.00]third\n[00:06.00]",
            pace: 100, sungEnds: [5_000, 5_000, 5_500]),
        PaceCase(
            id: "huge gaps",
            lrc: "[00:00.00]ten chars!\n[50000:00.00]ten chars!\n[99999:00.00]ten chars!\n[99999:59.99]",
            pace: 400, sungEnds: [4_000, 3_000_004_000, 5_999_944_000]),
        PaceCase(
            id: "word times win",
            lrc: "[00:00.00]<00:00.00>Hello <00:10.00>world\n[00:31.00]Next line",
            pace: 100, sungEnds: [31_000, 31_900]),
    ])
    func lineTimedLinesAreSungAtTheSongsPace(_ example: PaceCase) {
        let lyrics = Lyrics.parse(example.lrc)
        #expect(lyrics.warnings == [])
        #expect(lyrics.pace == ms(example.pace))
        #expect(lyrics.lines.map(\.sungEnd) == example.sungEnds.map(ms))
    }

    @Test func aLineTimedLineIsHeldFullyLitUntilTheNextOne() throws {
        // 9 s into "Hello world" (sung from 1 s to 2.1 s) the whole line is lit, not just "Hell".
        let line = Lyrics.parse("[00:01.00]Hello world\n[00:31.00]Next line").lines[0]
        #expect(line.sweepPixels(at: ms(1_550), wordSpans: [], lineWidth: 66) == 33)
        #expect(line.sweepPixels(at: ms(9_000), wordSpans: [], lineWidth: 66) == 66)
        let reached = try #require(line.sweepTime(reaching: 33, wordSpans: [], lineWidth: 66))
        // 1 µs: the sweep's time comes from pixels through floating point, a few attoseconds off, and a
        // microsecond is far below a frame (16.7 ms at 60 fps), so no drawn frame can tell them apart.
        #expect(reached > ms(1_550) - .microseconds(1) && reached < ms(1_550) + .microseconds(1))
        #expect(line.progress(at: ms(2_100)) == 1)
    }

    @Test func theTracksDurationExtendsTheLastLineButNotItsSweep() {
        let lyrics = Lyrics.parse("[00:01.00]Hello world").withTrackDuration(.seconds(100))
        #expect(lyrics.lines.map(\.end) == [.seconds(100)])
        #expect(lyrics.lines.map(\.sungEnd) == [ms(2_100)])
    }

    @Test func aLineSungEndIsClampedToTheLine() {
        #expect(LyricLine(text: "a", start: .seconds(2), end: .seconds(4), sungEnd: .seconds(9)).sungEnd == .seconds(4))
        #expect(LyricLine(text: "a", start: .seconds(2), end: .seconds(4), sungEnd: .zero).sungEnd == .seconds(2))
        #expect(LyricLine(text: "a", start: .seconds(2), end: .seconds(4)).sungEnd == .seconds(4))
    }
}

@Suite struct LyricsOpenWordTests {
    @Test func anEnhancedLinesLastWordThatNoTagClosesIsSungAtTheSongsPace() throws {
        let lyrics = Lyrics.parse("[00:01.00]<00:01.00>Hello <00:01.50>world\n[00:31.00]Next line")
        #expect(lyrics.pace == ms(100))
        let line = try #require(lyrics.lines.first)
        // "world" is five characters at 0.1 s each, not 29.5 s of crawl; the line stays lit until 31 s.
        #expect(line.words.map(\.end) == [ms(1_500), ms(2_000)])
        #expect(line.end == ms(31_000))
        #expect(line.progress(at: ms(2_000)) == 1)
        #expect(line.progress(at: ms(20_000)) == 1)
        #expect(line.sweepPixels(at: ms(1_750), wordSpans: [0..<30, 36..<66], lineWidth: 66) == 51)
        #expect(Lyrics.parse(Lyrics.encode(lyrics)).lines == lyrics.lines)
    }

    @Test func aClosingTagStillEndsTheLastWord() throws {
        let lyrics = Lyrics.parse("[00:01.00]<00:01.00>Hello <00:01.50>world<00:09.00>\n[00:31.00]Next line")
        #expect(lyrics.lines.first?.words.map(\.end) == [ms(1_500), ms(9_000)])
    }

    @Test func theLastWordOfTheLastLineIsCappedToo() throws {
        let lyrics = Lyrics.parse("[00:01.00]<00:01.00>Hello <00:01.50>world").withTrackDuration(.seconds(100))
        #expect(lyrics.lines.first?.words.map(\.end) == [ms(1_500), ms(2_000)])
    }
}

@Suite struct LyricsSyllablePaceTests {
    @Test func aSlowChineseSongIsSweptOverItsLinesNotInTheirFirstSeconds() throws {
        let line = "我们在夜色中奔跑"
        let lyrics = Lyrics.parse(
            (0..<4).map { "[00:\($0 * 5 < 10 ? "0" : "")\($0 * 5).00]\(line)" }.joined(separator: "\n") + "\n[00:20.00]"
        )
        #expect(LyricsPace.units(of: line) == 24)
        // 5 s a line over 8 syllables: the sweep crosses the whole gap, not 8 × 0.4 s of it.
        // 1 µs: the paced end comes from the syllables through floating point; 1 µs is far below a frame,
        // and the pace this guards against would end the sweep 1.8 s early (8 × 0.4 s of a 5 s line).
        for line in lyrics.lines { #expect(line.end - line.sungEnd < .microseconds(1), "\(line.sungEnd)") }
        let first = try #require(lyrics.lines.first)
        #expect(first.progress(at: ms(3_200)) < 0.7)
    }

    @Test func aLoneChineseLineIsSungAtAboutASyllableAPaceOfLatinLetters() throws {
        let line = try #require(Lyrics.parse("[00:01.00]我们在夜色").lines.first)
        // Five syllables at the standard 0.1 s a unit, 3 units each.
        #expect(line.sungEnd == ms(2_500))
    }

    @Test(arguments: [
        ("Hello world", 11), ("我们", 6), ("こんにちは", 15), ("きゃっと", 10), ("カラオケー", 15), ("안녕하세요", 15),
        ("\u{1100}\u{1161}\u{11A8}", 3), ("a我 b", 6),
    ])
    func eastAsianSyllablesCountThreeUnitsAndEverythingElseOne(_ text: String, _ units: Int) {
        #expect(LyricsPace.units(of: text) == units)
    }
}
