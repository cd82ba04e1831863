import Testing

@testable import TickerCore

private func ms(_ value: Int64) -> Duration { .milliseconds(value) }

@Suite struct LyricsProgressTests {
    // Word pixels for "City lights are calling" in a 6-pixel-advance font: City 0..<24, lights 30..<66,
    // are 72..<90, calling 96..<138.
    static let spans = [0..<24, 30..<66, 72..<90, 96..<138]
    static let line = Lyrics.parse(
        "[00:12.00]<00:12.00>City <00:12.50>lights <00:13.10>are <00:13.40>calling<00:14.20>\n[00:16.00]x"
    ).lines[0]

    struct SweepCase: CustomTestStringConvertible, Sendable {
        let id: String
        let millis: Int64
        let pixels: Double
        var testDescription: String { id }
    }

    @Test(arguments: [
        SweepCase(id: "before the line", millis: 11_000, pixels: 0),
        SweepCase(id: "line start", millis: 12_000, pixels: 0),
        SweepCase(id: "half of City", millis: 12_250, pixels: 12),
        SweepCase(id: "start of lights", millis: 12_500, pixels: 30),
        SweepCase(id: "half of lights", millis: 12_800, pixels: 48),
        SweepCase(id: "three quarters of calling", millis: 14_000, pixels: 127.5),
        SweepCase(id: "after last word, line still active", millis: 15_000, pixels: 138),
        SweepCase(id: "after the line", millis: 17_000, pixels: 138),
    ])
    func sweepReachesEachWordWhenItIsSung(_ example: SweepCase) {
        let pixels = Self.line.sweepPixels(at: ms(example.millis), wordSpans: Self.spans, lineWidth: 138)
        #expect(abs(pixels - example.pixels) < 1e-9)
    }

    @Test func sweepRestsAtEndOfWordDuringPauseBetweenWords() {
        let line = Lyrics.parse("[00:00.00]<00:00.00>one <00:01.00><00:03.00>two<00:04.00>").lines[0]
        #expect(line.words.map(\.end) == [ms(1_000), ms(4_000)])
        let spans = [0..<18, 24..<42]
        #expect(line.sweepPixels(at: ms(2_000), wordSpans: spans, lineWidth: 42) == 18)
        #expect(line.sweepPixels(at: ms(3_500), wordSpans: spans, lineWidth: 42) == 33)
    }

    @Test func sweepWithoutWordTimesIsLinearUntilTheLineIsSung() {
        var line = Lyrics.parse("[00:10.00]plain\n[00:14.00]x").lines[0]
        line.sungEnd = ms(14_000)
        #expect(line.sweepPixels(at: ms(11_000), wordSpans: [], lineWidth: 100) == 25)
        #expect(line.progress(at: ms(13_000)) == 0.75)
        #expect(line.progress(at: ms(9_000)) == 0)
        #expect(line.progress(at: ms(14_000)) == 1)
    }

    @Test func mismatchedSpansFallBackToLinearSweep() {
        #expect(Self.line.sweepPixels(at: ms(14_000), wordSpans: [0..<10], lineWidth: 100) == 50)
    }

    @Test func progressWithWordTimesWeighsWordsByCharacters() {
        // "City lights are calling" is 23 scalars; halfway through "lights" (5..<11) is 8 of 23.
        #expect(abs(Self.line.progress(at: ms(12_800)) - 8.0 / 23.0) < 1e-9)
    }
}
