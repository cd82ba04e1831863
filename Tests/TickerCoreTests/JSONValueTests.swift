import Testing

@testable import TickerCore

@Suite struct JSONValueTests {
    @Test(arguments: [
        (
            "object", #"{"a": 1, "b": [true, false, null], "c": "x"}"#,
            JSONValue.object(["a": .number(1), "b": .array([.bool(true), .bool(false), .null]), "c": .string("x")])
        ),
        ("escapes", #""a\"b\\c\/d\n\t\u00e9\ud83d\ude00""#, .string("a\"b\\c/d\n\té😀")),
        ("numbers", "[-0.5, 12e2, 0, 3.25E-1]", .array([.number(-0.5), .number(1200), .number(0), .number(0.325)])),
        ("white space", " \n\t{ } \r\n", .object([:])),
        ("last duplicate wins", #"{"a":1,"a":2}"#, .object(["a": .number(2)])),
    ])
    func reads(id: String, text: String, expected: JSONValue) throws {
        #expect(try JSONValue.parse(Array(text.utf8)) == expected)
    }

    @Test(arguments: [
        ("empty", "", "JSON: the end of the text at byte 0 (expected a value)"),
        ("trailing comma", "[1,]", "JSON: ']' at byte 3 (expected a value)"),
        ("leading zero", "01", "JSON: '1' at byte 1 (expected no digit after a leading 0)"),
        ("bare word", "nope", "JSON: 'nope' at byte 0 (expected 'null')"),
        (
            "unterminated string", #""abc"#,
            "JSON: the end of the text at byte 4 (expected '\"' to end the string begun at byte 0)"
        ),
        ("two values", "1 2", "JSON: '2' at byte 2 (expected the end of the text)"),
        (
            "number beyond a Double", "[-25e555555555]",
            "JSON: '-25e55555555' at byte 1 (expected a number within ±1.8e308)"
        ),
        ("lone surrogate", #""\ud800x""#, "JSON string at byte 0: a lone surrogate \\ud800"),
        ("control character", "\"a\u{01}\"", "JSON: '?\"' at byte 2 (expected no control character inside a string)"),
        (
            "too deep", String(repeating: "[", count: 17) + String(repeating: "]", count: 17),
            "JSON nests deeper than 16 levels at byte 16"
        ),
    ])
    func refuses(id: String, text: String, message: String) {
        #expect(throws: JSONError.self) { try JSONValue.parse(Array(text.utf8)) }
        do {
            _ = try JSONValue.parse(Array(text.utf8))
        } catch {
            #expect(error.description == message)
        }
    }

    @Test func refusesInvalidUTF8InAString() {
        #expect(throws: JSONError.badString(offset: 0, reason: "not valid UTF-8")) {
            try JSONValue.parse([0x22, 0xC3, 0x28, 0x22])
        }
    }

    @Test func writesSortedKeysAndReadsItsOwnText() throws {
        let value = JSONValue.object([
            "b": .string("line\nbreak \u{01} \"q\""), "a": .array([.number(1.5), .number(-3), .null, .bool(true)]),
        ])
        #expect(value.encoded == #"{"a":[1.5,-3,null,true],"b":"line\nbreak \u0001 \"q\""}"#)
        #expect(try JSONValue.parse(Array(value.encoded.utf8)) == value)
    }
}

@Suite struct StateSnapshotTests {
    @Test func readsWhatItWrites() throws {
        let snapshot = StateSnapshot(
            state: "playing", title: "Night \"Run\"", artist: "The Echoes", album: "Ä", text: "", position: 12.345,
            duration: 214.5, panel: true, brightness: 80)
        #expect(
            snapshot.json
                == #"{"album":"Ä","artist":"The Echoes","brightness":80,"brightnessAuto":true,"duration":214.5,"pages":[],"panel":true,"playing":true,"position":12.345,"running":true,"state":"playing","text":"","title":"Night \"Run\""}"#
                + "\n")
        #expect(try StateSnapshot(json: Array(snapshot.json.utf8)) == snapshot)
    }

    @Test func aStoppedDaemonsLastSnapshotSaysSoAndKeepsTheTrack() throws {
        let snapshot = StateSnapshot(state: "playing", title: "Night Run", position: 3, panel: true, brightness: 80)
        let last = snapshot.daemonStopped
        #expect(last.json.contains(#""playing":false"#) && last.json.contains(#""running":false"#))
        #expect(last.json.contains(#""state":"stopped""#) && last.json.contains(#""panel":false"#))
        #expect(last.title == "Night Run" && last.position == 3 && last.brightness == 80)
        #expect(try StateSnapshot(json: Array(last.json.utf8)) == last)
        // A file of a version that did not say is a running daemon's.
        #expect(try StateSnapshot(json: Array(#"{"state":"paused"}"#.utf8)).running)
    }

    @Test func ofAPlayerStateTakesThePositionAtTheInstant() {
        var player = PlayerState()
        player.apply(.title("T"), at: .seconds(10))
        player.apply(.play, at: .seconds(10))
        let snapshot = StateSnapshot(player, at: .seconds(12) + .microseconds(345_678), panel: false, brightness: 5)
        #expect(snapshot.position == 2.345)
        #expect(snapshot.state == "playing")
        #expect(snapshot.duration == nil)
        #expect(snapshot.brightnessAuto && snapshot.pages.isEmpty)
    }

    @Test func listsThePagesNotExpiredAndWhetherTheFeedSetTheBrightness() throws {
        var player = PlayerState()
        player.apply(.page(IdlePage(name: "weather", text: "Sun")), at: .seconds(1))
        player.apply(.page(IdlePage(name: "bus", text: "7 min", lifetime: .seconds(5))), at: .seconds(1))
        player.apply(.brightness(40), at: .seconds(1))
        let before = StateSnapshot(player, at: .seconds(2), panel: true, brightness: 40)
        #expect(before.pages == ["weather", "bus"] && !before.brightnessAuto)
        #expect(try StateSnapshot(json: Array(before.json.utf8)) == before)
        #expect(StateSnapshot(player, at: .seconds(7), panel: true, brightness: 40).pages == ["weather"])
    }

    @Test(arguments: [
        ("not an object", "[]", "state file: not a JSON object"),
        (
            "unknown state", #"{"state":"dancing"}"#,
            "state file: bad 'state' (expected one of: playing, paused, stopped)"
        ),
        (
            "text as number", #"{"state":"paused","title":3}"#,
            "state file: bad 'title' (expected a string of at most 1024 characters)"
        ),
        (
            "negative position", #"{"state":"paused","position":-1}"#,
            "state file: bad 'position' (expected seconds from 0 to 86400)"
        ),
        (
            "brightness over", #"{"state":"paused","brightness":101}"#,
            "state file: bad 'brightness' (expected a whole number from 0 to 100)"
        ),
        ("panel as text", #"{"state":"paused","panel":"yes"}"#, "state file: bad 'panel' (expected true or false)"),
        (
            "running as text", #"{"state":"paused","running":"no"}"#,
            "state file: bad 'running' (expected true or false)"
        ),
        (
            "a page name that is none", #"{"state":"paused","pages":["a.b"]}"#,
            "state file: bad 'pages' (expected an array of page names)"
        ),
        (
            "pages as text", #"{"state":"paused","pages":"weather"}"#,
            "state file: bad 'pages' (expected an array of at most 16 page names)"
        ),
    ])
    func refuses(id: String, text: String, message: String) {
        do {
            _ = try StateSnapshot(json: Array(text.utf8))
            Issue.record("accepted \(text)")
        } catch {
            #expect(error.description == message)
        }
    }

    @Test func ignoresKeysItDoesNotKnow() throws {
        let snapshot = try StateSnapshot(json: Array(#"{"state":"stopped","future":{"x":[1]}}"#.utf8))
        #expect(snapshot == StateSnapshot())
    }
}

@Suite struct StateSnapshotLimitTests {
    @Test func theLongestTextsTheFeedTakesFitInAStateFile() throws {
        let longest = String(repeating: "😀", count: 1_023) + "\""
        let snapshot = StateSnapshot(
            state: "paused", title: longest, artist: longest, album: longest, text: longest, position: 86_400,
            duration: 86_400, panel: true, brightness: 0)
        #expect(snapshot.json.utf8.count <= StateSnapshot.maxBytes)
        #expect(try StateSnapshot(json: Array(snapshot.json.utf8)) == snapshot)
    }
}
