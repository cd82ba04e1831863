// fuzz-module: TickerCore TickerWire TickerFollow/Feed/PlayerSnapshot.swift TickerFollow/Cover/CoverSource.swift TickerFollow/Cover/FNV1a.swift TickerFollow/Feed/FeedPlanner.swift TickerFollow/Feed/FileURL.swift TickerFollow/MPD/MPDResponseParser.swift TickerFollow/MPD/MPDSnapshot.swift TickerFollow/MPRIS/PlayerctlOutputParser.swift TickerFollow/MPRIS/MPRISSnapshot.swift TickerFollow/MPRIS/MPRISUpdateFilter.swift TickerFollow/MPRIS/MPRISPlayerChoice.swift TickerIO/Feed/FeedLines.swift
// Feeds arbitrary bytes, in arbitrary chunks, to the playerctl output parser, the snapshot builder, the
// choice of the player, the update filter and the feed planner; every fourth report is also taken as the
// answer to an ask.

@testable import TickerCore
@testable import TickerFollow
@testable import TickerIO
@testable import TickerWire

func fuzzMpris(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    guard let first = bytes.first else { return 0 }
    var parser = PlayerctlOutputParser(maxRecordBytes: 256)
    var filter = MPRISUpdateFilter()
    var choice = MPRISPlayerChoice(prefersPlaying: first & 1 == 0)
    var planner = FeedPlanner()
    let chunk = Int(first) + 1
    var offset = 1
    var now = Duration.zero
    while offset < bytes.count {
        parser.append(bytes[offset..<min(offset + chunk, bytes.count)])
        offset += chunk
        var reports = 0
        while let report = parser.next() {
            now += .milliseconds(500)
            reports += 1
            let snapshot = MPRISSnapshot.make(report, musicDirectory: "/srv/music", now: now)
            let outcome: MPRISPlayerChoice.Outcome
            switch report {
            case .noPlayer: outcome = choice.noPlayers()
            case .player(let record) where reports % 4 == 0:
                outcome = choice.answered([(record.player, snapshot)], since: choice.askSequence - 1, now: now)
            case .player(let record): outcome = choice.reported(record.player, snapshot, now: now)
            }
            if outcome.switched { filter.reset() }
            var passed: [(PlayerSnapshot, FeedPlanner.Reason)] = []
            if let snapshot = outcome.snapshot, let reason = filter.reason(for: snapshot, now: now) {
                passed.append((snapshot, reason))
            }
            if let released = filter.release(now: now + .seconds(1)) {
                passed.append((released.snapshot, released.reason))
            }
            for (snapshot, reason) in passed {
                _ = planner.commands(for: snapshot, reason: reason, now: now, lyrics: { _ in nil })
            }
        }
    }
    return 0
}
