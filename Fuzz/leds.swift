// fuzz-module: TickerCore/LEDs/StripDecoder.swift TickerCore/LEDs/StripProtocol.swift TickerCore/LEDs/StripReply.swift TickerCore/LEDs/WLEDInfo.swift TickerCore/JSON/JSONValue.swift
// Feeds arbitrary bytes to both directions of the LED-strip protocols: the device side's frame decoder
// (Adalight and TPM2, bounded to 64 LEDs) and the host side's reading of a controller's replies (lines,
// WLED's JSON). Every frame decoded fits the bound and re-encodes to a header the decoder reads back; every
// JSON line is read within its limits or refused with a reason.

@testable import TickerCore

func fuzzLeds(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = UnsafeBufferPointer(start: data, count: size)
    var decoder = StripDecoder(maxLEDs: 64)
    var replies = StripReplyReader()
    for byte in bytes {
        if case .frame(let kind, let leds)? = decoder.push(byte) {
            if leds < 1 || leds > 64 { fatalError("a frame of \(leds) LEDs passed a bound of 64") }
            var again = StripDecoder(maxLEDs: 64)
            let frame = kind.header(leds: leds) + Array(decoder.data[0..<(3 * leds)]) + kind.trailer
            let events = frame.compactMap { again.push($0) }
            if events != [.frame(kind, leds: leds)] { fatalError("\(kind) frame of \(leds) does not read back") }
        }
        switch replies.push(byte) {
        case .info(let info)?:
            if let name = info.name, name.utf8.count > 256 * 3 { fatalError("name kept whole: \(name.utf8.count)") }
        case .other(let text)?:
            if text.unicodeScalars.count > 80 { fatalError("other text longer than 80") }
        default:
            break
        }
    }
    // The whole input as one reply, on the serial port and as the body of GET /json/info.
    _ = try? WLEDInfo(json: Array(bytes))
    if let info = try? WLEDInfo(infoJSON: Array(bytes)), let address = info.address, address.isEmpty {
        fatalError("an empty address kept")
    }
    return 0
}
