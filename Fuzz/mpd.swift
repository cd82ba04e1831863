// fuzz-module: TickerCore TickerWire TickerFollow/Feed/PlayerSnapshot.swift TickerFollow/Cover/CoverSource.swift TickerFollow/Cover/FNV1a.swift TickerFollow/Feed/FeedPlanner.swift TickerFollow/Feed/FileURL.swift TickerFollow/MPD/MPDResponseParser.swift TickerFollow/MPD/MPDSnapshot.swift TickerFollow/Shairport/Base64.swift TickerFollow/Shairport/ShairportMetadataParser.swift TickerFollow/Shairport/ShairportTranslator.swift TickerIO/Feed/FeedLines.swift
// Feeds arbitrary bytes, in arbitrary chunks, to the MPD response parser (accepting binary data, as for
// `readpicture`, when the first byte says so) and the snapshot builder.

@testable import TickerCore
@testable import TickerFollow
@testable import TickerIO
@testable import TickerWire

func fuzzMpd(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    guard let first = bytes.first else { return 0 }
    var parser = MPDResponseParser(expectingGreeting: first & 1 == 0, maxLineBytes: 512, maxFields: 64)
    parser.binaryLimit = Int(first & 0x40)
    let chunk = Int(first >> 1) + 1
    var offset = 1
    var fields: [MPDField] = []
    while offset < bytes.count {
        parser.append(bytes[offset..<min(offset + chunk, bytes.count)])
        offset += chunk
        do {
            while let reply = try parser.next() {
                if case .ok(let received) = reply { fields += received }
                _ = parser.binary?.count
            }
        } catch {
            _ = error.description
            break
        }
    }
    _ = MPDSnapshot.make(status: fields, currentSong: fields, musicDirectory: "/srv/music", now: .zero)
    return 0
}
