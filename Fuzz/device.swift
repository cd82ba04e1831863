// fuzz-module: TickerWire TickerIO/Link/DeviceReplyProblem.swift TickerIO/Link/DeviceReplyReader.swift TickerIO/Link/ProblemLogLimiter.swift
// Feeds arbitrary bytes to the host side's reading of what a panel sends (info and error messages, and
// anything else): the counts of dropped replies add up, every message that decodes encodes back to itself,
// and the log limiter lets through no more lines than it promises, with time taken from the input.

@testable import TickerIO
@testable import TickerWire

func fuzzDevice(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = UnsafeBufferPointer(start: data, count: size)
    var reader = DeviceReplyReader(capacity: 512)
    var limiter = ProblemLogLimiter<DeviceReplyProblem>(firstLogged: 3, summaryInterval: .seconds(60))
    var problems = 0
    var lines = 0
    var now = Duration.zero
    for byte in bytes {
        now += .milliseconds(Int64(byte & 0x0F) * 500)
        switch reader.push(byte) {
        case nil:
            continue
        case .message(let message)?:
            var encoder = PacketEncoder()
            switch message {
            case .info(let info, let sequence):
                encoder.encodeInfo(info, sequence: sequence)
            case .error(let report):
                encoder.encodeError(
                    report.code, rejectedType: report.rejectedType.rawValue,
                    rejectedSequence: report.rejectedSequence, sequence: report.sequence)
            }
            var again = DeviceReplyReader()
            let decoded = encoder.encoded.compactMap { again.push($0) }
            if decoded != [.message(message)] { fatalError("\(message) does not survive encode/decode: \(decoded)") }
        case .problem(let kind, _)?:
            problems += 1
            if limiter.record(kind, at: now) != .quiet { lines += 1 }
        }
    }
    if reader.problemCounts.reduce(0, +) != problems { fatalError("problem counts disagree with the events") }
    // At most `firstLogged` lines of each kind, then one a minute.
    let minutes = Int(now / .seconds(60)) + 1
    if lines > DeviceReplyProblem.allCases.count * (3 + minutes) {
        fatalError("the limiter let \(lines) lines through")
    }
    return 0
}
