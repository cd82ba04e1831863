// fuzz-module: TickerWire TickerCore TickerFollow/Feed/PlayerSnapshot.swift TickerFollow/Cover/CoverSource.swift TickerFollow/Cover/FNV1a.swift TickerFollow/Librespot/LibrespotEvent.swift
// Reads arbitrary bytes as an event program's environment (NAME=VALUE entries separated by NUL or newline,
// the names taken from those librespot and spotifyd pass) and checks that every event read gives feed lines
// the daemon reads back without a problem.

@testable import TickerCore
@testable import TickerFollow
@testable import TickerWire

private let names = [
    "PLAYER_EVENT", "NAME", "TRACK_NAME", "ARTISTS", "ALBUM", "ITEM_TYPE", "SHOW_NAME", "DURATION_MS",
    "TRACK_DURATION", "POSITION_MS",
]

func fuzzLibrespot(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    var environment: [String: String] = [:]
    for entry in bytes.split(whereSeparator: { $0 == 0 || $0 == 0x0A }) {
        guard let first = entry.first else { continue }
        // The first byte picks the variable, so short inputs reach every one.
        let name = names[Int(first) % names.count]
        environment[name] = String(decoding: entry.dropFirst(), as: UTF8.self)
    }
    let event: LibrespotEvent
    do {
        event = try LibrespotEvent.parse(environment: environment)
    } catch {
        _ = error.description
        return 0
    }
    let lyrics = String(decoding: bytes, as: UTF8.self)
    let lines = event.commands(lyrics: { _ in lyrics }).flatMap(\.lines)
    let problems = FeedCommand.decode(lines: lines).problems
    if !problems.isEmpty { fatalError("the daemon would refuse \(lines): \(problems)") }
    return 0
}
