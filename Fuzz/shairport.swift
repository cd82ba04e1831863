// fuzz-module: TickerCore TickerWire TickerFollow/Feed/PlayerSnapshot.swift TickerFollow/Cover/CoverSource.swift TickerFollow/Cover/FNV1a.swift TickerFollow/Feed/FeedPlanner.swift TickerFollow/Feed/FileURL.swift TickerFollow/MPD/MPDResponseParser.swift TickerFollow/MPD/MPDSnapshot.swift TickerFollow/Shairport/Base64.swift TickerFollow/Shairport/ShairportMetadataParser.swift TickerFollow/Shairport/ShairportTranslator.swift TickerIO/Feed/FeedLines.swift
// Feeds arbitrary bytes, in arbitrary chunks, to the shairport-sync metadata parser and translator (with its
// clock for sessions whose sound never says it started) and the feed planner.

@testable import TickerCore
@testable import TickerFollow
@testable import TickerIO
@testable import TickerWire

func fuzzShairport(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    guard let first = bytes.first else { return 0 }
    var parser = ShairportMetadataParser(maxDataBytes: 256)
    var translator = ShairportTranslator()
    var planner = FeedPlanner()
    let chunk = Int(first) + 1
    var offset = 1
    var now = Duration.zero
    while offset < bytes.count {
        parser.append(bytes[offset..<min(offset + chunk, bytes.count)])
        offset += chunk
        while let item = parser.next() {
            now += .seconds(1)
            // Every other item comes after the start of a silent session would have been given up.
            let expired =
                item.data.count % 2 == 0 && translator.expire(now: now + .seconds(ShairportTranslator.startSeconds))
            if translator.apply(item, now: now) || expired {
                _ = planner.commands(for: translator.snapshot, reason: .change, now: now, lyrics: { _ in nil })
            }
        }
    }
    _ = Base64.decode(bytes)
    return 0
}
