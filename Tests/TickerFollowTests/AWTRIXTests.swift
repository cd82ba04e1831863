import Testing
import TickerCore

@testable import TickerFollow

@Suite struct AWTRIXTests {
    struct Good: CustomTestStringConvertible, Sendable {
        let id: String
        let body: String
        let commands: [FeedCommand]
        var testDescription: String { id }
    }

    struct Bad: CustomTestStringConvertible, Sendable {
        let id: String
        let body: [UInt8]
        let reason: String
        var testDescription: String { id }

        init(id: String, body: String, reason: String) {
            self.init(id: id, bytes: Array(body.utf8), reason: reason)
        }

        init(id: String, bytes: [UInt8], reason: String) {
            self.id = id
            self.body = bytes
            self.reason = reason
        }
    }

    static let parsingError = AWTRIXReply(status: 500, body: "ErrorParsingJson")
    static let red = RGB(red: 255, green: 0, blue: 0)
    static let blue = RGB(red: 0, green: 0, blue: 255)

    /// `count` one-letter fragments, red and blue in turn.
    static func alternating(_ count: Int) -> String {
        (0..<count).map { #"{"t":"x","c":""# + ($0 % 2 == 0 ? "FF0000" : "0000FF") + #""}"# }.joined(separator: ",")
    }

    @Test(arguments: [
        Good(
            id: "text only", body: #"{"text":"Doorbell"}"#,
            commands: [.message("Doorbell", duration: nil, priority: .high)]),
        Good(
            id: "coloured fragments joined",
            body: #"{"text":[{"t":"Now ","c":"FFFFFF"},{"t":"playing","c":"FF0000"}]}"#,
            commands: [
                .message(
                    "Now playing", duration: nil, priority: .high,
                    look: TextLook(fill: .runs([.init(.white, length: 4), .init(Self.red)])))
            ]),
        Good(
            id: "fragments without a colour take the color key's",
            body: ##"{"text":[{"t":"Now "},{"t":"playing","c":[0,0,255]}],"color":"#FF0000"}"##,
            commands: [
                .message(
                    "Now playing", duration: nil, priority: .high,
                    look: TextLook(fill: .runs([.init(Self.red, length: 4), .init(Self.blue)])))
            ]),
        Good(
            id: "one colour", body: #"{"text":"Fire","color":"ff0000"}"#,
            commands: [.message("Fire", duration: nil, priority: .high, look: TextLook(fill: .runs([.init(Self.red)])))]
        ),
        Good(
            id: "a colour as a number", body: #"{"text":"Fire","color":255}"#,
            commands: [
                .message("Fire", duration: nil, priority: .high, look: TextLook(fill: .runs([.init(Self.blue)])))
            ]),
        Good(
            id: "colour 0 is the global colour", body: #"{"text":"Fire","color":0}"#,
            commands: [.message("Fire", duration: nil, priority: .high)]),
        Good(
            id: "a rainbow outranks a gradient and the colours",
            body: ##"{"text":"Party","rainbow":true,"gradient":["#FF0000","#0000FF"],"color":"#00FF00"}"##,
            commands: [.message("Party", duration: nil, priority: .high, look: TextLook(fill: .rainbow))]),
        Good(
            id: "a gradient of a hex string and an array",
            body: ##"{"text":"Sunset","gradient":["#FF0000",[0,0,255]],"rainbow":false}"##,
            commands: [
                .message("Sunset", duration: nil, priority: .high, look: TextLook(fill: .gradient(Self.red, Self.blue)))
            ]),
        Good(
            id: "blinkText in milliseconds", body: #"{"text":"Alarm","blinkText":500}"#,
            commands: [.message("Alarm", duration: nil, priority: .high, look: TextLook(blink: .milliseconds(500)))]),
        Good(
            id: "blinkText 0 does not blink", body: #"{"text":"Alarm","blinkText":0}"#,
            commands: [.message("Alarm", duration: nil, priority: .high)]),
        Good(
            id: "duration and icon", body: #"{"text":"Hi","duration":10,"icon":"bell"}"#,
            commands: [.message("Hi", duration: .seconds(10), priority: .high, icon: "bell")]),
        Good(
            id: "hold lasts the longest time the feed allows", body: #"{"text":"Hi","hold":true,"duration":3}"#,
            commands: [.message("Hi", duration: .seconds(86_400), priority: .high)]),
        Good(
            id: "stack false replaces the message shown", body: #"{"text":"Hi","stack":false}"#,
            commands: [.messageDismiss, .message("Hi", duration: nil, priority: .high)]),
        Good(
            id: "every ignored key accepted",
            body: #"""
                {"text":"Hi","textCase":2,"topText":true,"textOffset":1,"center":false,
                "fadeText":100,"background":"#000000","pushIcon":1,"repeat":2,"sound":"beep","rtttl":"x:d=4:c","loopSound":false,
                "bar":[1,2],"line":[3,4],"autoscale":true,"barBC":0,"progress":50,"progressC":"#FFFFFF",
                "progressBC":[0,0,0],"draw":[{"dp":[0,0,"#FF0000"]}],"wakeup":true,"noScroll":true,
                "clients":["awtrix_1"],"scrollSpeed":50,"effect":"","effectSettings":{},"overlay":"snow",
                "unknownKey":{"deep":[1]},"sound2":null}
                """#,
            commands: [.message("Hi", duration: nil, priority: .high)]),
        Good(
            id: "fragments without colours", body: #"{"text":[{"t":"Hi"},{"t":"!","c":null}]}"#,
            commands: [.message("Hi!", duration: nil, priority: .high)]),
        Good(
            id: "null keys are missing ones", body: #"{"text":"Hi","duration":null,"icon":null,"color":null}"#,
            commands: [.message("Hi", duration: nil, priority: .high)]),
        Good(
            id: "control characters become spaces", body: #"{"text":"a\nb\u0007c"}"#,
            commands: [.message("a b c", duration: nil, priority: .high)]),
    ])
    func readsNotifications(_ test: Good) throws {
        #expect(try AWTRIXNotify.commands(Array(test.body.utf8)) == test.commands)
    }

    @Test(arguments: [
        Bad(id: "empty", body: "", reason: "the body is empty (expected a JSON object)"),
        Bad(id: "not JSON", body: "Doorbell", reason: "JSON: 'Doorbell' at byte 0 (expected a value)"),
        Bad(id: "an array", body: #"[{"text":"x"}]"#, reason: "the body is not a JSON object"),
        Bad(
            id: "no text", body: #"{"draw":[]}"#,
            reason: "no 'text' (a ticker shows text; drawings and bars alone are not shown)"),
        Bad(
            id: "text a number", body: #"{"text":5}"#,
            reason: #"bad 'text' (expected a string or an array of {"t": text, "c": colour} fragments)"#),
        Bad(
            id: "fragment without t", body: #"{"text":[{"c":"FF0000"}]}"#,
            reason: #"bad 'text' (expected a string or an array of {"t": text, "c": colour} fragments)"#),
        Bad(
            id: "duration a string", body: #"{"text":"x","duration":"5"}"#, reason: "bad 'duration' (expected a number)"
        ),
        Bad(
            id: "duration huge", body: #"{"text":"x","duration":1e300}"#,
            reason: "bad 'duration' (expected seconds, more than 0 and at most 86400)"),
        Bad(
            id: "duration zero", body: #"{"text":"x","duration":0}"#,
            reason: "bad 'duration' (expected seconds, more than 0 and at most 86400)"),
        Bad(
            id: "number beyond a Double", body: #"{"text":"x","duration":1e999}"#,
            reason: "JSON: '1e999}' at byte 23 (expected a number within ±1.8e308)"),
        Bad(
            id: "NaN is not JSON", body: #"{"text":"x","progress":NaN}"#,
            reason: "JSON: 'NaN}' at byte 23 (expected a value)"),
        Bad(id: "hold a string", body: #"{"text":"x","hold":"yes"}"#, reason: "bad 'hold' (expected true or false)"),
        Bad(id: "stack a number", body: #"{"text":"x","stack":0}"#, reason: "bad 'stack' (expected true or false)"),
        Bad(
            id: "colour a bool", body: #"{"text":"x","color":true}"#,
            reason: ##"bad 'color' (expected a colour: "#RRGGBB", "RRGGBB" or [r, g, b])"##),
        Bad(
            id: "colour of five digits", body: ##"{"text":"x","color":"#FF000"}"##,
            reason: ##"bad 'color' (expected a colour: "#RRGGBB", "RRGGBB" or [r, g, b])"##),
        Bad(
            id: "colour of a channel past 255", body: #"{"text":"x","color":[256,0,0]}"#,
            reason: ##"bad 'color' (expected a colour: "#RRGGBB", "RRGGBB" or [r, g, b])"##),
        Bad(
            id: "colour of two channels", body: #"{"text":"x","color":[255,0]}"#,
            reason: ##"bad 'color' (expected a colour: "#RRGGBB", "RRGGBB" or [r, g, b])"##),
        Bad(
            id: "a gradient of one colour", body: ##"{"text":"x","gradient":["#FF0000"]}"##,
            reason: ##"bad 'gradient' (expected two colours, e.g. ["#FF0000", "#0000FF"])"##),
        Bad(
            id: "a gradient of a bad colour", body: ##"{"text":"x","gradient":["#FF0000","blue"]}"##,
            reason: ##"bad 'gradient' (expected a colour: "#RRGGBB", "RRGGBB" or [r, g, b])"##),
        Bad(
            id: "blinkText too fast for the feed", body: #"{"text":"x","blinkText":10}"#,
            reason: "message --blink '0.01' out of range (expected 0.05 to 60 seconds)"),
        Bad(
            id: "blinkText negative", body: #"{"text":"x","blinkText":-5}"#,
            reason: "bad 'blinkText' (expected milliseconds, 50 to 60000)"),
        Bad(
            id: "more fragments than the feed's runs",
            body: #"{"text":["# + Self.alternating(33) + "]}",
            reason:
                "message --colors 'FF0000:1,0000FF:1,FF0000:1,0000FF:1,FF00…' out of range (expected at most 32 runs)"
        ),
        Bad(
            id: "icon not a picture name", body: #"{"text":"x","icon":"/9j/4AAQSkZJRg=="}"#,
            reason: "bad 'icon' (expected a picture name: 1 to 32 of a-z, 0-9, '-', '_', '.')"),
        Bad(
            id: "text too long", body: #"{"text":""# + String(repeating: "x", count: 1_025) + #""}"#,
            reason: "message text too long (1025 characters; at most 1024)"),
        Bad(
            id: "blank text", body: #"{"text":" \u0001 "}"#,
            reason: "message needs an argument (e.g. message Back in 5 minutes)"),
        Bad(
            id: "deep nesting", body: #"{"text":"x","effectSettings":"# + String(repeating: "[", count: 40) + "}",
            reason: "JSON nests deeper than 16 levels at byte 44"),
        Bad(
            id: "a fragment's colour a bool", body: #"{"text":[{"t":"x","c":true}]}"#,
            reason: ##"bad 'c' of a 'text' fragment (expected a colour: "#RRGGBB", "RRGGBB" or [r, g, b])"##),
        Bad(
            id: "longer than the JSON reader takes",
            body: #"{"text":"x","draw":["# + String(repeating: "0,", count: 40_000) + "0]}",
            reason: "JSON text of 80023 bytes is longer than 65536 bytes"),
        Bad(
            id: "invalid UTF-8", bytes: Array(#"{"text":""#.utf8) + [0xC3, 0x28] + Array(#""}"#.utf8),
            reason: "JSON string at byte 8: not valid UTF-8"),
    ])
    func refusesBadNotificationsNamingTheCause(_ test: Bad) {
        #expect(throws: AWTRIXError.self) { try AWTRIXNotify.commands(test.body) }
        do {
            _ = try AWTRIXNotify.commands(test.body)
        } catch {
            #expect(error.reason == test.reason)
            #expect(error.reply == Self.parsingError)
        }
    }

    @Test func dismissesTheMessageShown() {
        #expect(AWTRIXNotify.dismiss() == [.messageDismiss])
    }

    @Test func customAppsArePages() throws {
        func custom(_ name: String, _ body: String) throws -> [FeedCommand] {
            try AWTRIXCustom.commands(name: name, Array(body.utf8))
        }
        #expect(
            try custom("weather", #"{"text":"Sunny 21°","icon":"sun","lifetime":1800,"duration":8,"pos":0}"#) == [
                .page(IdlePage(name: "weather", text: "Sunny 21°", icon: "sun", lifetime: .seconds(1_800)))
            ])
        #expect(try custom("w", #"{"text":"x","lifetime":0}"#) == [.page(IdlePage(name: "w", text: "x"))])
        #expect(
            try custom("solar", #"[{"text":"1"},{"text":[{"t":"2","c":"FF0000"}]}]"#) == [
                .page(IdlePage(name: "solar0", text: "1")),
                .page(IdlePage(name: "solar1", text: "2", look: TextLook(fill: .runs([.init(Self.red)])))),
            ])
        let removal = try custom("solar", "")
        #expect(removal.first == .pageRemove("solar"))
        #expect(removal.contains(.pageRemove("solar15")))
        #expect(removal.count == 1 + IdlePage.maxPages)
        #expect(try custom("solar", " {} ") == removal)
        // A name at the longest leaves out the numbered names it cannot have.
        #expect(try custom(String(repeating: "n", count: 32), "") == [.pageRemove(String(repeating: "n", count: 32))])
    }

    @Test(arguments: [
        (
            "a.b", #"{"text":"x"}"#,
            "bad app name 'a.b' (expected a page name: 1 to 32 letters, digits, '-' or '_', the first a letter or digit)"
        ),
        ("w", #"{"icon":"sun"}"#, "no 'text' for app 'w' (a ticker shows text; drawings and bars alone are not shown)"),
        ("w", #"{"text":"x","lifetime":"1h"}"#, "bad 'lifetime' (expected a number)"),
        ("w", #"{"text":"x","lifetime":-1}"#, "bad 'lifetime' (expected seconds, more than 0 and at most 86400)"),
        ("w", #"[1]"#, "the body is not a JSON object"),
        ("w", #"[]"#, "0 apps in the array (expected 1 to 16)"),
        (
            "w", #"{"text":""# + String(repeating: "y", count: 257) + #""}"#,
            "page text too long (257 characters; at most 256)"
        ),
        (
            String(repeating: "n", count: 31),
            #"[{"text":"1"},{"text":"2"},{"text":"3"},{"text":"4"},{"text":"5"},{"text":"6"},{"text":"7"},{"text":"8"},{"text":"9"},{"text":"10"},{"text":"11"}]"#,
            "app name '\(String(repeating: "n", count: 31))10' is too long"
        ),
    ])
    func refusesBadCustomApps(name: String, body: String, reason: String) {
        do {
            let commands = try AWTRIXCustom.commands(name: name, Array(body.utf8))
            Issue.record("accepted as \(commands)")
        } catch {
            #expect(error.reason == reason)
            #expect(error.reply == Self.parsingError)
        }
    }

    @Test(arguments: [
        (#"{"BRI":255}"#, [FeedCommand.brightness(100)]),
        (#"{"BRI":0}"#, [.brightness(0)]),
        (##"{"BRI":128,"ATRANS":false,"TCOL":"#FF0000","ATIME":7}"##, [.brightness(50)]),
        (#"{"ABRI":true,"BRI":10}"#, [.brightnessAuto]),
        (#"{"ABRI":false}"#, []),
        (#"{"ATRANS":true,"UNKNOWN":1}"#, []),
    ])
    func readsSettings(body: String, commands: [FeedCommand]) throws {
        #expect(try AWTRIXSettings.commands(Array(body.utf8)) == commands)
    }

    @Test(arguments: [
        (#"{"BRI":256}"#, "bad 'BRI' (expected a number from 0 to 255)"),
        (#"{"BRI":-1}"#, "bad 'BRI' (expected a number from 0 to 255)"),
        (#"{"BRI":"50"}"#, "bad 'BRI' (expected a number)"),
        (#"{"ABRI":1}"#, "bad 'ABRI' (expected true or false)"),
        (#"{"ATRANS":"yes"}"#, "bad 'ATRANS' (expected true or false)"),
        (#"[]"#, "the body is not a JSON object"),
        ("", "the body is empty (expected a JSON object)"),
    ])
    func refusesBadSettings(body: String, reason: String) {
        do {
            let commands = try AWTRIXSettings.commands(Array(body.utf8))
            Issue.record("accepted as \(commands)")
        } catch {
            #expect(error.reason == reason)
            #expect(error.reply == Self.parsingError)
        }
    }

    @Test func answersSettingsWithEveryKeyOfAWTRIX() throws {
        let answer = try JSONValue.parse(
            Array(AWTRIXSettings.answer(brightnessPercent: 40, automatic: true, pageTimeSeconds: 8).utf8))
        let keys = [
            "MATP", "ABRI", "BRI", "ATRANS", "TCOL", "TEFF", "TSPEED", "ATIME", "TMODE", "CHCOL", "CTCOL", "CBCOL",
            "TFORMAT", "DFORMAT", "SOM", "CEL", "BLOCKN", "MAT", "SOUND", "GAMMA", "UPPERCASE", "CCORRECTION", "CTEMP",
            "WD", "WDCA", "WDCI", "TIME_COL", "DATE_COL", "HUM_COL", "TEMP_COL", "BAT_COL", "SSPEED", "TIM", "DAT",
            "HUM", "TEMP", "BAT", "VOL", "OVERLAY",
        ]
        for key in keys { #expect(answer[key] != nil, "\(key)") }
        #expect(answer["BRI"] == .number(102))
        #expect(answer["ABRI"] == .bool(true))
        #expect(answer["ATIME"] == .number(8))
    }

    @Test func answersStatsWithEveryKeyOfAWTRIX() throws {
        var stats = AWTRIXStats()
        stats.brightnessPercent = 100
        stats.uptimeSeconds = 3_600
        stats.messagesReceived = 7
        stats.version = "1.2.3"
        stats.app = "weather"
        stats.uid = "kitchen"
        stats.ipAddress = "192.168.1.20"
        let answer = try JSONValue.parse(Array(stats.json.utf8))
        let keys = [
            "bat", "bat_raw", "type", "lux", "ldr_raw", "ram", "bri", "temp", "hum", "uptime", "wifi_signal",
            "messages", "version", "indicator1", "indicator2", "indicator3", "app", "uid", "matrix", "ip_address",
        ]
        for key in keys { #expect(answer[key] != nil, "\(key)") }
        #expect(answer["bri"] == .number(255))
        #expect(answer["uptime"] == .number(3_600))
        #expect(answer["messages"] == .number(7))
        #expect(answer["uid"] == .string("kitchen"))
        #expect(answer["app"] == .string("weather"))
    }

    @Test func answersTheScreenAsColoursRowByRow() throws {
        let rgb: [UInt8] = [0xFF, 0, 0, 0, 0xFF, 0, 0, 0, 0xFF, 1, 2, 3]
        #expect(try AWTRIXScreen.json(rgb: rgb, width: 2, height: 2) == "[16711680,65280,255,66051]")
        #expect(throws: AWTRIXError.self) { try AWTRIXScreen.json(rgb: rgb, width: 3, height: 2) }
        #expect(throws: AWTRIXError.self) { try AWTRIXScreen.json(rgb: [], width: 0, height: 0) }
        #expect(throws: AWTRIXError.self) { try AWTRIXScreen.json(rgb: rgb, width: Int.max, height: 2) }
    }

    @Test func switchingAppsTurnsTheIdleScreensPages() throws {
        #expect(try AWTRIXApps.switchTarget(Array(#"{"name":"weather"}"#.utf8)) == "weather")
        for body in [#"{"name":"Time!"}"#, #"{"name":5}"#, "", "{", "[]"] {
            do {
                _ = try AWTRIXApps.switchTarget(Array(body.utf8))
                Issue.record("'\(body)' accepted")
            } catch {
                #expect(error.reply == AWTRIXReply(status: 500, body: "FAILED"))
            }
        }
        #expect(AWTRIXApps.switchCommands(to: "weather") == [.pageShow("weather")])
        #expect(AWTRIXApps.turnCommands(forward: true) == [.pageNext])
        #expect(AWTRIXApps.turnCommands(forward: false) == [.pagePrevious])
    }

    @Test func mqttTopicsTranslateAsTheAPI() throws {
        let topics = try MQTTTopics(prefix: "awtrix/kitchen", discoveryPrefix: "")
        func commands(_ topic: String, _ payload: String) throws -> [FeedCommand]? {
            try topics.awtrixCommands(topic: topic, payload: Array(payload.utf8))
        }
        #expect(
            try commands("awtrix/kitchen/notify", #"{"text":"Hi"}"#) == [.message("Hi", duration: nil, priority: .high)]
        )
        #expect(try commands("awtrix/kitchen/notify/dismiss", "") == [.messageDismiss])
        #expect(
            try commands("awtrix/kitchen/custom/weather", #"{"text":"Sun"}"#) == [
                .page(IdlePage(name: "weather", text: "Sun"))
            ])
        #expect(try commands("awtrix/kitchen/settings", #"{"BRI":51}"#) == [.brightness(20)])
        #expect(try commands("awtrix/kitchen/feed", "title x") == nil)
        #expect(throws: AWTRIXError.self) { try commands("awtrix/kitchen/custom/a.b", #"{"text":"Sun"}"#) }
        #expect(try commands("awtrix/kitchen/nextapp", "") == [.pageNext])
        #expect(try commands("awtrix/kitchen/previousapp", "") == [.pagePrevious])
        #expect(try commands("awtrix/kitchen/switch", #"{"name":"weather"}"#) == [.pageShow("weather")])
        #expect(throws: AWTRIXError.self) { try commands("awtrix/kitchen/switch", #"{"name":"a b"}"#) }
        #expect(topics.awtrixFilters.contains("awtrix/kitchen/custom/+"))
    }
}
