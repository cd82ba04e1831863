import Testing

@testable import TickerCore

/// The observed lyrics laid out once, and which line takes the top zone while it is sung.
@Suite struct ObservedLyricsTests {
    static func renderer(y: Int, height: Int) -> ZoneRenderer {
        ZoneRenderer(
            zone: Zone(x: 0, y: y, width: 64, height: height), depth: .two, fonts: FontChain([.builtin]),
            marquee: MarqueeStyle(), karaoke: KaraokeStyle())
    }

    static let lyrics = Lyrics.parse("[00:00.00]One\n[00:02.00]Two\n[00:02.00]Three\n[00:04.00]Four")

    @Test func onOneZoneEverySungLineTakesTheTopZoneAndALineNotSungKeepsTheOneBefore() {
        let laidOut = ObservedLyrics(
            Self.lyrics, top: Self.renderer(y: 0, height: 8), bottom: Self.renderer(y: 8, height: 0), split: false,
            wrap: true)
        #expect(laidOut.layouts.map(\.text) == ["One", "Two", "Three", "Four"])
        #expect(laidOut.wrapped.isEmpty)
        // "Two" ends as "Three" starts with it: never sung.
        #expect(laidOut.lastTopLine == [0, 0, 2, 3])
    }

    @Test func onASplitPanelOnlyLinesWrappedOverBothZonesTakeTheTopZone() {
        let top = Self.renderer(y: 0, height: 8)
        let bottom = Self.renderer(y: 8, height: 8)
        let unwrapped = ObservedLyrics(Self.lyrics, top: top, bottom: bottom, split: true, wrap: false)
        #expect(unwrapped.wrapped.isEmpty && unwrapped.lastTopLine == [-1, -1, -1, -1])
        let wrapped = ObservedLyrics(Self.lyrics, top: top, bottom: bottom, split: true, wrap: true)
        #expect(wrapped.wrapped.count == 4)
        // Of the lines sung (all but "Two"), those that fit on the two zones.
        let expected = wrapped.wrapped.indices.map { index in
            (0...index).last { $0 != 1 && wrapped.wrapped[$0].fits } ?? -1
        }
        #expect(wrapped.lastTopLine == expected)
    }
}
