import Testing
import TickerCore

@testable import TickerFollow

@Suite struct MQTTNowPlayingTests {
    static let accented = "e\u{301}"
    static let family = "\u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467}"

    @Test(arguments: [
        ("fits", "Night Run", 9, "Night Run"),
        ("exactly the limit", "abcde", 5, "abcde"),
        ("one over", "abcdef", 5, "abcd…"),
        ("spaces before the ellipsis go", "ab   cdefgh", 6, "ab…"),
        ("an accent stays with its letter", String(repeating: accented, count: 4), 6, accented + accented + "…"),
        ("an emoji of five scalars is kept whole or not at all", "ab" + family + "cd", 7, "ab…"),
        ("an emoji kept whole", "ab" + family + "cd", 8, "ab" + family + "…"),
        ("two flags", "\u{1F1EB}\u{1F1F7}\u{1F1E9}\u{1F1EA}x", 4, "\u{1F1EB}\u{1F1F7}…"),
        ("one character longer than the limit", "a" + String(repeating: "\u{301}", count: 9), 5, "…"),
    ])
    func cutsAtCharacterBoundariesWithAnEllipsis(id: String, text: String, limit: Int, expected: String) {
        let cut = MQTTNowPlaying.cut(text, toScalars: limit)
        #expect(Array(cut.unicodeScalars) == Array(expected.unicodeScalars), "\(id)")
        #expect(cut.unicodeScalars.count <= limit, "\(id)")
    }

    static let track = StateSnapshot(
        state: "playing", title: "Night Run", artist: "The Echoes", position: 10, duration: 100)

    @Test(
        arguments: [
            ("playing", track, Duration.seconds(1), "The Echoes — Night Run"),
            (
                "paused long ago", StateSnapshot(state: "paused", title: "Night Run", position: 10, duration: 100),
                .seconds(3_600), "Night Run"
            ),
            (
                "the free text instead of the track", StateSnapshot(state: "playing", title: "T", text: "Radio One"),
                .zero, "Radio One"
            ),
            ("nothing but the playback", StateSnapshot(state: "paused"), .zero, "paused"),
            ("stopped", StateSnapshot(state: "stopped", title: "Night Run"), .zero, "idle"),
            ("just within the grace after the end", track, .seconds(100), "The Echoes — Night Run"),
            ("stale: long past the end", track, .seconds(101), "idle"),
            (
                "a stream has no end", StateSnapshot(state: "playing", title: "Live", position: 10), .seconds(86_400),
                "Live"
            ),
        ] as [(String, StateSnapshot, Duration, String)])
    func showsTheTrackWhileItPlays(id: String, state: StateSnapshot, age: Duration, expected: String) {
        #expect(MQTTNowPlaying(state, age: age).line == expected, "\(id)")
    }

    @Test func withoutAStateNothingPlaysAndTheAttributesAreEmpty() throws {
        let idle = MQTTNowPlaying(nil, age: .zero)
        #expect(idle.line == "idle")
        let json = try JSONValue.parse(Array(idle.json.utf8))
        #expect(json["now_playing"]?.stringValue == "idle")
        #expect(json["attributes"]?["playback"]?.stringValue == "stopped")
        #expect(json["attributes"]?["title"]?.stringValue == "")
        #expect(json["attributes"]?["state"] == nil)
    }
}
