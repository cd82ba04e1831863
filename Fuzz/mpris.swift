// fuzz-module: TickerCore TickerWire TickerFollow/Feed/PlayerSnapshot.swift TickerFollow/Feed/FeedPlanner.swift TickerFollow/Feed/FileURL.swift TickerFollow/MPD/MPDResponseParser.swift TickerFollow/MPD/MPDSnapshot.swift TickerFollow/MPRIS/PlayerctlOutputParser.swift TickerFollow/MPRIS/MPRISSnapshot.swift TickerFollow/MPRIS/MPRISUpdateFilter.swift TickerIO/Feed/FeedLines.swift
// Feeds arbitrary bytes, in arbitrary chunks, to the playerctl output parser, the snapshot builder, the
// update filter and the feed planner.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    guard let first = bytes.first else { return 0 }
    var parser = PlayerctlOutputParser(maxRecordBytes: 256)
    var filter = MPRISUpdateFilter()
    var planner = FeedPlanner()
    let chunk = Int(first) + 1
    var offset = 1
    var now = 0.0
    while offset < bytes.count {
        parser.append(bytes[offset..<min(offset + chunk, bytes.count)])
        offset += chunk
        while let report = parser.next() {
            now += 0.5
            let snapshot = MPRISSnapshot.make(report, musicDirectory: "/srv/music", now: now)
            if let reason = filter.reason(for: snapshot, now: now) {
                _ = planner.commands(for: snapshot, reason: reason, now: now, lyrics: { _ in nil })
            }
        }
    }
    return 0
}
