// fuzz-module: TickerWire TickerCore TickerFollow/Feed/PlayerSnapshot.swift TickerFollow/Cover/CoverSource.swift TickerFollow/Cover/FNV1a.swift TickerFollow/Feed/FeedPlanner.swift TickerFollow/Librespot/LibrespotEvent.swift TickerFollow/LMS/LMSLineParser.swift TickerFollow/LMS/LMSPlayer.swift TickerFollow/LMS/LMSStatus.swift TickerFollow/Feed/FileURL.swift
// Feeds arbitrary bytes, in arbitrary chunks, to the LMS CLI line parser, reads each line as a player list,
// a status answer and a notification, plans the feed commands of every snapshot and checks that the daemon
// reads them back without a problem.

@testable import TickerCore
@testable import TickerFollow
@testable import TickerWire

func fuzzLms(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    guard let first = bytes.first else { return 0 }
    var parser = LMSLineParser(maxLineBytes: 1024, maxTokens: 64)
    var planner = FeedPlanner()
    let chunk = Int(first >> 1) + 1
    var offset = 1
    var now = Duration.zero
    while offset < bytes.count {
        parser.append(bytes[offset..<min(offset + chunk, bytes.count)])
        offset += chunk
        while true {
            let tokens: [String]
            do {
                guard let line = try parser.next() else { break }
                tokens = line
            } catch {
                _ = error.description
                continue
            }
            let players = LMSStatus.players(tokens) ?? []
            let chosen = LMSStatus.choose(first & 1 == 0 ? nil : tokens.last, from: players)
            _ = LMSStatus.isChange(tokens, of: chosen?.id ?? tokens.first ?? "")
            let snapshot = LMSStatus.snapshot(tokens, now: now)
            now += .milliseconds(500)
            let lines = planner.commands(for: snapshot, reason: .change, now: now, lyrics: { $0.title }).flatMap(
                \.lines)
            let problems = FeedCommand.decode(lines: lines).problems
            if !problems.isEmpty { fatalError("the daemon would refuse \(lines): \(problems)") }
            let encoded = tokens.map(LMSLineParser.encode)
            for (token, text) in zip(tokens, encoded) {
                guard (try? LMSLineParser.decode(ArraySlice(text.utf8))) == token else {
                    fatalError("'\(token)' does not survive encoding as '\(text)'")
                }
            }
        }
    }
    return 0
}
