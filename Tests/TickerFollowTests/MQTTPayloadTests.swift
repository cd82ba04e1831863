import Testing
import TickerCore
import TickerIO
import TickerTestSupport

@testable import TickerFollow

@Suite struct MQTTPayloadTests {
    @Test(arguments: [
        ("plain text", "Doorbell", FeedCommand.message("Doorbell", duration: nil, priority: .normal)),
        ("plain text with a line break", "Tea\nis ready", .message("Tea is ready", duration: nil, priority: .normal)),
        ("plain text like an option", "--for 3", .message("--for 3", duration: nil, priority: .normal)),
        (
            "JSON, all members", #"{"text":"Door","for":2.5,"priority":"high"}"#,
            .message("Door", duration: .milliseconds(2_500), priority: .high)
        ),
        ("JSON, text only", #" {"text":"Hi"}"#, .message("Hi", duration: nil, priority: .normal)),
        (
            "JSON with an icon", #"{"text":"Ding","icon":"doorbell"}"#,
            .message("Ding", duration: nil, priority: .normal, icon: "doorbell")
        ),
        (
            "JSON, null members", #"{"text":"Hi","for":null,"priority":null,"color":null,"blink":null}"#,
            .message("Hi", duration: nil, priority: .normal)
        ),
        (
            "JSON in a colour", ##"{"text":"Hot","color":"#FF8000"}"##,
            .message(
                "Hot", duration: nil, priority: .normal,
                look: TextLook(fill: .runs([.init(RGB(red: 255, green: 128, blue: 0))])))
        ),
        (
            "JSON, a blinking gradient", #"{"text":"Sun","gradient":["FF0000",[0,0,255]],"blink":0.5}"#,
            .message(
                "Sun", duration: nil, priority: .normal,
                look: TextLook(
                    fill: .gradient(RGB(red: 255, green: 0, blue: 0), RGB(red: 0, green: 0, blue: 255)),
                    blink: .milliseconds(500)))
        ),
        (
            "JSON, a rainbow outranks the colour", #"{"text":"Yay","color":65280,"rainbow":true}"#,
            .message("Yay", duration: nil, priority: .normal, look: TextLook(fill: .rainbow))
        ),
        (
            "JSON, colour 0 and no rainbow are none", #"{"text":"Hi","color":0,"rainbow":false}"#,
            .message("Hi", duration: nil, priority: .normal)
        ),
    ])
    func readsMessages(id: String, payload: String, expected: FeedCommand) throws {
        #expect(try MQTTPayload.message(Array(payload.utf8)) == expected)
    }

    @Test(arguments: [
        ("empty", "", "message needs an argument"),
        ("JSON without text", #"{"for":3}"#, "bad 'text' (expected a string)"),
        ("JSON text not a string", #"{"text":[1]}"#, "bad 'text' (expected a string)"),
        ("broken JSON", #"{"text":"#, "JSON: the end of the text at byte 8"),
        ("zero seconds", #"{"text":"a","for":0}"#, "bad 'for' (expected seconds, more than 0 and at most 86400)"),
        (
            "unknown priority", #"{"text":"a","priority":"urgent"}"#,
            "bad 'priority' (expected one of: low, normal, high)"
        ),
        ("only blanks", "   ", "message needs an argument"),
        ("icon not a name", #"{"text":"a","icon":"Door Bell"}"#, "bad 'icon' (expected a picture name"),
        ("too long", String(repeating: "a", count: 1_025), "too long"),
        ("a colour name", #"{"text":"a","color":"red"}"#, ##"bad 'color' (expected a colour: "#RRGGBB""##),
        ("a colour of four channels", #"{"text":"a","color":[1,2,3,4]}"#, "bad 'color'"),
        ("a gradient of one colour", #"{"text":"a","gradient":["FF0000"]}"#, "bad 'gradient' (expected two colours"),
        ("a rainbow as a string", #"{"text":"a","rainbow":"yes"}"#, "bad 'rainbow' (expected true or false)"),
        ("a blink too fast", #"{"text":"a","blink":0.01}"#, "bad 'blink' (expected seconds, 0.05 to 60)"),
        ("a blink of milliseconds", #"{"text":"a","blink":500}"#, "bad 'blink' (expected seconds, 0.05 to 60)"),
    ])
    func refusesMessages(id: String, payload: String, message: String) {
        do {
            let command = try MQTTPayload.message(Array(payload.utf8))
            Issue.record("accepted as \(command)")
        } catch {
            #expect(error.description.contains(message), "\(error)")
        }
    }

    @Test(arguments: [("40", 40), ("40.0", 40), (" 99.6\n", 100), ("0", 0), ("100", 100)])
    func readsBrightness(payload: String, percent: Int) throws {
        #expect(try MQTTPayload.brightness(Array(payload.utf8)) == .brightness(percent))
    }

    @Test(arguments: ["", "-1", "101", "bright", "4O", "nan", "1e400"])
    func refusesBrightness(payload: String) {
        #expect(throws: MQTTPayloadError.self) { try MQTTPayload.brightness(Array(payload.utf8)) }
    }

    @Test func readsFeedLinesWithTheDaemonsDecoderAndKeepsOnlyTheGoodOnes() throws {
        let payload = "title A\nnonsense\nlyrics begin\n[00:01.00]la\nlyrics end\nposition -3\nplay"
        let (commands, problems) = try MQTTPayload.feed(Array(payload.utf8))
        #expect(commands.map { $0.lines.first ?? "" } == ["title A", "lyrics begin", "play"])
        #expect(problems.map(\.line) == [2, 6])
    }

    @Test func reportsAnOpenLyricsBlockAndRefusesAnOverlongPayload() throws {
        let (commands, problems) = try MQTTPayload.feed(Array("lyrics begin\n[00:01.00]la".utf8))
        #expect(commands.isEmpty)
        #expect(problems.count == 1)
        #expect(throws: MQTTPayloadError.tooLong(bytes: 65_537, limit: 65_536)) {
            try MQTTPayload.feed([UInt8](repeating: 0x61, count: 65_537))
        }
    }

    @Test func readsThePasswordFileDroppingOneNewline() throws {
        let directory = try TemporaryDirectory()
        #expect(try MQTTOptions.readPassword(try directory.write("p", "secret\n\n")) == "secret\n")
        #expect(try MQTTOptions.readPassword(try directory.write("q", "secret")) == "secret")
        #expect(try MQTTOptions.readPassword(try directory.write("r", "secret\r\n")) == "secret")
        #expect(try MQTTOptions.readPassword(try directory.write("s", "se cret \n")) == "se cret ")
    }
}

@Suite struct MQTTTopicsTests {
    @Test func discoveryConfigsHaveTheirTopicsUniqueIdsAndOneDevice() throws {
        let topics = try MQTTTopics(prefix: "tickerd/kitchen panel", discoveryPrefix: "ha")
        #expect(topics.node == "tickerd_kitchen_panel")
        let configs = topics.discoveryConfigs(version: "9.9")
        #expect(
            configs.map(\.topic) == [
                "ha/notify/tickerd_kitchen_panel/message/config", "ha/text/tickerd_kitchen_panel/message_text/config",
                "ha/number/tickerd_kitchen_panel/brightness/config",
                "ha/button/tickerd_kitchen_panel/brightness_auto/config",
                "ha/sensor/tickerd_kitchen_panel/now_playing/config",
                "ha/binary_sensor/tickerd_kitchen_panel/panel/config",
            ])
        var ids: [String] = []
        for config in configs {
            let value = try JSONValue.parse(Array(config.payload.utf8))
            ids.append(value["unique_id"]?.stringValue ?? "")
            #expect(value["availability_topic"] == .string("tickerd/kitchen panel/availability"))
            #expect(value["device"]?["identifiers"] == .array([.string("tickerd_kitchen_panel")]))
            #expect(value["device"]?["sw_version"] == .string("9.9"))
            #expect(value["device"]?["name"] == .string("kitchen panel"))
        }
        #expect(
            ids == [
                "tickerd_kitchen_panel_message", "tickerd_kitchen_panel_message_text",
                "tickerd_kitchen_panel_brightness", "tickerd_kitchen_panel_brightness_auto",
                "tickerd_kitchen_panel_now_playing",
                "tickerd_kitchen_panel_panel",
            ])
        let number = try JSONValue.parse(Array(configs[2].payload.utf8))
        #expect(number["command_topic"] == .string("tickerd/kitchen panel/brightness"))
        #expect(number["state_topic"] == .string("tickerd/kitchen panel/state"))
        // The button gives the brightness back to the schedule.
        let button = try JSONValue.parse(Array(configs[3].payload.utf8))
        #expect(button["command_topic"] == .string("tickerd/kitchen panel/brightness"))
        #expect(button["payload_press"] == .string("auto"))
        #expect(try MQTTPayload.brightness(Array("auto".utf8)) == .brightnessAuto)
    }

    @Test func anEmptyDiscoveryPrefixPublishesNoConfigs() throws {
        let topics = try MQTTTopics(prefix: "tickerd/box", discoveryPrefix: "")
        #expect(topics.discoveryConfigs(version: "1").isEmpty)
        #expect(
            topics.discoveryTopics(under: "old") == [
                "old/notify/tickerd_box/message/config", "old/text/tickerd_box/message_text/config",
                "old/number/tickerd_box/brightness/config", "old/button/tickerd_box/brightness_auto/config",
                "old/sensor/tickerd_box/now_playing/config",
                "old/binary_sensor/tickerd_box/panel/config",
            ])
    }
}
