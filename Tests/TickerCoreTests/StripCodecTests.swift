import Testing

@testable import TickerCore

@Suite struct StripCodecTests {
    static func hex(_ bytes: some Sequence<UInt8>) -> String {
        let digits = Array("0123456789abcdef")
        return bytes.map { String([digits[Int($0 >> 4)], digits[Int($0 & 0xF)]]) }.joined(separator: " ")
    }

    struct Header: CustomTestStringConvertible, Sendable {
        let id: String
        let stripProtocol: StripProtocol
        let leds: Int
        let hex: String
        var testDescription: String { id }
    }

    // WLED reads the Adalight count field as count − 1 and checks hi ^ lo ^ 0x55.
    @Test(arguments: [
        Header(id: "Adalight, one LED", stripProtocol: .adalight, leds: 1, hex: "41 64 61 00 00 55"),
        Header(id: "Adalight, 8×32", stripProtocol: .adalight, leds: 256, hex: "41 64 61 00 ff aa"),
        Header(id: "Adalight, 16×32", stripProtocol: .adalight, leds: 512, hex: "41 64 61 01 ff ab"),
        Header(id: "TPM2, 8×8", stripProtocol: .tpm2, leds: 64, hex: "c9 da 00 c0"),
        Header(id: "TPM2, 8×32", stripProtocol: .tpm2, leds: 256, hex: "c9 da 03 00"),
    ])
    func headers(_ test: Header) {
        #expect(Self.hex(test.stripProtocol.header(leds: test.leds)) == test.hex)
    }

    static func picture() -> RGBFrame {
        // 2×2: red, green / blue, white.
        var frame = RGBFrame(width: 2, height: 2)
        frame[0, 0] = RGB(red: 255, green: 0, blue: 0)
        frame[1, 0] = RGB(red: 0, green: 255, blue: 0)
        frame[0, 1] = RGB(red: 0, green: 0, blue: 255)
        frame[1, 1] = RGB(red: 10, green: 20, blue: 30)
        return frame
    }

    static let columns = StripLayout(wiring: .columns, serpentine: true, moduleWidth: 2, moduleHeight: 2)

    @Test func adalightFrameIsWiredAndColourOrdered() {
        // Strip order (serpentine columns): (0,0) (0,1) (1,1) (1,0); GRB puts green first.
        var encoder = StripEncoder(
            stripProtocol: .adalight,
            settings: StripSettings(
                layout: Self.columns, colorOrder: .grb, gamma: 1, power: PowerBudget(maxMilliamps: 0)))
        let bytes = encoder.encode(Self.picture(), brightness: 255) { Array($0) }
        #expect(Self.hex(bytes) == "41 64 61 00 03 56 00 ff 00 00 00 ff 14 0a 1e ff 00 00")
    }

    @Test func tpm2FrameEndsWith0x36() {
        var encoder = StripEncoder(
            stripProtocol: .tpm2,
            settings: StripSettings(layout: Self.columns, gamma: 1, power: PowerBudget(maxMilliamps: 0)))
        let bytes = encoder.encode(Self.picture(), brightness: 255) { Array($0) }
        #expect(Self.hex(bytes) == "c9 da 00 0c ff 00 00 00 00 ff 0a 14 1e 00 ff 00 36")
    }

    @Test func brightnessAndGammaScaleEveryChannel() {
        var encoder = StripEncoder(
            stripProtocol: .tpm2,
            settings: StripSettings(layout: Self.columns, gamma: 2.2, power: PowerBudget(maxMilliamps: 0)))
        var frame = RGBFrame(width: 2, height: 2)
        frame[0, 0] = RGB(red: 255, green: 128, blue: 0)
        let bytes = encoder.encode(frame, brightness: 128) { Array($0) }
        // 255 → 255 → 128; 128 → 56 → 28.
        #expect(Array(bytes[4..<7]) == [128, 28, 0])
    }

    @Test func whiteFramesStayWithinThePowerBudget() {
        let layout = StripLayout(wiring: .columns, serpentine: true, moduleWidth: 32, moduleHeight: 8)
        var encoder = StripEncoder(stripProtocol: .adalight, settings: StripSettings(layout: layout))
        var frame = RGBFrame(width: 32, height: 8)
        for lit in stride(from: 0, through: 256, by: 16) {
            for index in 0..<lit { frame[index % 32, index / 32] = .white }
            let bytes = encoder.encode(frame, brightness: 255) { Array($0) }
            let duty = bytes[6...].reduce(0) { $0 + Int($1) }
            let milliamps = PowerBudget().milliamps(dutySum: duty, leds: 256)
            #expect(milliamps <= 850, "\(lit) white LEDs draw \(milliamps) mA")
            #expect(milliamps == encoder.lastMilliamps)
            #expect(encoder.lastLimited == (lit > 10))
        }
    }

    @Test func decoderRebuildsWhatTheEncoderWrote() {
        for stripProtocol in StripProtocol.allCases {
            var encoder = StripEncoder(
                stripProtocol: stripProtocol,
                settings: StripSettings(layout: Self.columns, gamma: 1, power: PowerBudget(maxMilliamps: 0)))
            let bytes = encoder.encode(Self.picture(), brightness: 255) { Array($0) }
            var decoder = StripDecoder(maxLEDs: 64)
            // A stray byte, then two frames back to back.
            let events = ([0x0A] + bytes + bytes).compactMap { decoder.push($0) }
            #expect(events.filter { if case .other = $0 { true } else { false } }.count == 1, "\(events)")
            #expect(events.filter { $0 == .frame(stripProtocol, leds: 4) }.count == 2, "\(events)")
            #expect(
                Array(decoder.data[0..<12])
                    == Array(bytes[stripProtocol.headerCount..<(stripProtocol.headerCount + 12)]))
        }
    }

    struct Damage: CustomTestStringConvertible, Sendable {
        let id: String
        let bytes: [UInt8]
        let message: String
        var testDescription: String { id }
    }

    @Test(arguments: [
        Damage(
            id: "Adalight checksum", bytes: [0x41, 0x64, 0x61, 0x00, 0x03, 0x00],
            message: "Adalight header with checksum 0x00, expected 0x56"),
        Damage(
            id: "Adalight too long", bytes: [0x41, 0x64, 0x61, 0x01, 0x00, 0x54],
            message: "Adalight frame of 257 LEDs, more than 64"),
        Damage(
            id: "TPM2 length not in whole LEDs", bytes: [0xC9, 0xDA, 0x00, 0x04],
            message: "TPM2 frame of 4 bytes, not a positive multiple of 3"),
        Damage(
            id: "TPM2 too long", bytes: [0xC9, 0xDA, 0x03, 0x00],
            message: "TPM2 frame of 256 LEDs, more than 64"),
        Damage(
            id: "TPM2 without its end byte", bytes: [0xC9, 0xDA, 0x00, 0x03, 1, 2, 3, 0x00],
            message: "TPM2 frame ended by 0x00, expected 0x36"),
    ])
    func decoderDropsDamagedFrames(_ test: Damage) {
        var decoder = StripDecoder(maxLEDs: 64)
        let events = test.bytes.compactMap { decoder.push($0) }
        #expect(events == [.damaged(test.message)])
        // And it is ready for the next frame at once.
        let next = [UInt8]([0x41, 0x64, 0x61, 0x00, 0x00, 0x55, 7, 8, 9]).compactMap { decoder.push($0) }
        #expect(next == [.frame(.adalight, leds: 1)])
    }
}

@Suite struct WLEDInfoTests {
    @Test func readsCountMatrixAndVersionFromTheVerboseReply() throws {
        let reply = """
            {"state":{"on":true,"bri":128,"seg":[{"id":0,"start":0,"stop":256}]},"info":{"ver":"0.15.0","vid":2412100,\
            "leds":{"count":256,"pwr":0,"fps":42,"maxpwr":850,"maxseg":32,"matrix":{"w":32,"h":8},"seglc":[1]},\
            "name":"WLED Matrix","str":false,"u":{},"arch":"esp32","freeheap":1.5e5}}
            """
        let info = try WLEDInfo(json: Array(reply.utf8))
        #expect(info.ledCount == 256)
        #expect(info.matrixWidth == 32 && info.matrixHeight == 8)
        #expect(info.version == "0.15.0" && info.name == "WLED Matrix")
    }

    @Test func aBuildWithout2DHasNoMatrix() throws {
        let info = try WLEDInfo(json: Array(#"{"info":{"leds":{"count":60}}}"#.utf8))
        #expect(info.ledCount == 60 && info.matrixWidth == nil)
    }

    @Test(arguments: [
        ("not JSON", "Ada", WLEDInfoError.notJSON(0)),
        ("cut short", #"{"info":{"leds":{"count":6"#, .notJSON(26)),
        ("a bare array", "[1,2]", .notJSON(0)),
        ("too deep", String(repeating: #"{"a":"#, count: 40) + "1" + String(repeating: "}", count: 40), .tooDeep),
        ("trailing text", #"{"a":1} x"#, .trailing(8)),
        ("control character in a string", "{\"a\":\"\u{1}\"}", .notJSON(6)),
    ])
    func refusesWhatIsNotOneObject(id: String, text: String, error: WLEDInfoError) {
        #expect(throws: error) { try WLEDInfo(json: Array(text.utf8)) }
    }

    @Test func refusesOverlongReplies() {
        let long = [UInt8](repeating: 0x20, count: WLEDInfo.maxBytes + 1)
        #expect(throws: WLEDInfoError.tooLong(WLEDInfo.maxBytes + 1)) { try WLEDInfo(json: long) }
    }
}

@Suite struct StripReplyReaderTests {
    static func replies(_ text: String) -> [StripReply] {
        var reader = StripReplyReader()
        return Array(text.utf8).compactMap { reader.push($0) }
    }

    @Test(arguments: [
        ("an Arduino's greeting after a reset", "Ada\n", StripReply.greeting),
        ("WLED's baud confirmation", "Baud is now 921600\r\n", .baud(921_600)),
        ("WLED's version line", "WLED 0.15.0\n", .other("WLED 0.15.0")),
        ("a JSON error", "{\"error\":3}\n", .info(WLEDInfo())),
        ("broken JSON", "{\"info\":\n", .badInfo(.notJSON(8))),
        ("control characters", "a\u{1}b\n", .other("a?b")),
    ])
    func readsEachLine(id: String, text: String, reply: StripReply) {
        #expect(Self.replies(text) == [reply])
    }

    @Test func dropsAnOverlongLineWholeAndReadsTheNext() {
        let long = String(repeating: "x", count: StripReplyReader.maxLineBytes + 10) + "\nAda\n"
        #expect(Self.replies(long) == [.overlong, .greeting])
    }

    @Test func switchBytesAreWLEDsRates() {
        #expect(WLEDCommand.switchByte(baud: 921_600) == 0xB5)
        #expect(WLEDCommand.switchByte(baud: 9_600) == nil)
        #expect((0xB0...0xB7).compactMap { WLEDCommand.baud(switchByte: $0) } == WLEDCommand.baudRates)
    }

    @Test(arguments: [(64, true), (85, true), (86, false), (128, false), (256, true), (341, true), (342, false)])
    func wledReadsTPM2LengthsWholeOnlyWhenTheHighByteIsAMultipleOfThree(leds: Int, whole: Bool) {
        let length = 3 * leds
        let wledCount = (length >> 8) * 256 / 3 + (length & 0xFF) / 3
        #expect((wledCount == leds) == whole)
        #expect(WLEDCommand.readsTPM2Whole(leds: leds) == whole)
    }
}
