// fuzz-module: TickerWire TickerCore TickerWeb/RequestGuard.swift TickerWeb/WebExchange.swift TickerWeb/ViewFrame+Event.swift
// The first byte picks what the rest is read as: a request's Host and Origin headers (split at the first NUL)
// as the web front end's guard reads them, or a record of the daemon's view socket as the web front end reads
// it. Checks that a Host the guard lets through names a server and that an answer is one of the guard's, and
// that a frame read is written to the page as an event whose JSON reads back with the frame's number and pixels.

@testable import TickerCore
@testable import TickerWeb
@testable import TickerWire

func fuzzWeb(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    guard let first = bytes.first else { return 0 }
    let rest = Array(bytes.dropFirst())
    if first % 2 == 0 {
        let parts = rest.split(separator: 0, maxSplits: 1, omittingEmptySubsequences: false)
        let host = String(decoding: parts[0], as: UTF8.self)
        var headers = ["host": host]
        if parts.count > 1 { headers["origin"] = String(decoding: parts[1], as: UTF8.self) }
        let guardian = RequestGuard(names: ["ticker.example"], hostName: "pi", token: first & 2 == 0 ? nil : "t")
        let refusal = guardian.refusal(WebRequest(method: "POST", path: "/api/notify", headers: headers))
        if refusal == nil, RequestGuard.hostName(host) == nil { fatalError("a malformed Host '\(host)' went through") }
        if let status = refusal?.status, ![401, 403, 421].contains(status) {
            fatalError("the guard answered \(status)")
        }
    } else if case .frame(let frame) = try? ViewMessage(decoding: rest) {
        guard frame.pixels.count == frame.width * frame.height * frame.format.bytesPerPixel else {
            fatalError("a frame of \(frame.width)×\(frame.height) came with \(frame.pixels.count) bytes")
        }
        let lines = String(decoding: frame.event, as: UTF8.self).split(separator: "\n")
        guard lines.count == 3, let json = try? JSONValue.parse(Array(lines[2].dropFirst(6).utf8)),
            json["seq"] == .number(Double(frame.sequence)), json["pixels"] == .string(Base64.encode(frame.pixels))
        else { fatalError("frame \(frame.sequence)'s event does not read back: \(lines)") }
    }
    return 0
}
