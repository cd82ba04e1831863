// fuzz-module: TickerCore TickerWire
// Reads arbitrary bytes as a kept state (the header put in front when the first byte's high bit says so, so
// that the body is reached), restores what it accepts after an age the first byte picks, and checks that the
// daemon can read back what it would then keep: a file that reads back to the same text, and commands that
// rebuild the same state.

@testable import TickerCore
@testable import TickerWire

func fuzzKept(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    guard let first = bytes.first else { return 0 }
    let body = Array(bytes.dropFirst())
    let file = first & 0x80 != 0 ? Array((KeptState.header + "1718000000.000000\n").utf8) + body : body
    guard let kept = try? KeptState(file: file) else { return 0 }
    guard let again = try? KeptState(file: Array(kept.text.utf8)), again.text == kept.text else {
        fatalError("a kept state accepted does not read back as itself")
    }
    let age = Duration.seconds(Int64(first & 0x3F) * 7)
    let restoration = kept.restoration(at: kept.written + age, idleAfter: first & 0x40 != 0 ? nil : .seconds(300))
    let now = Duration.seconds(1_000)
    var state = PlayerState()
    state.restore(restoration.commands, at: now - restoration.age, now: now)
    if state.messages.count > PlayerState.maxMessages { fatalError("message queue unbounded") }
    if state.playbackPosition(at: now) < .zero { fatalError("negative position") }
    // What the daemon would keep of that state reads back, and rebuilds it.
    let commands = KeptState.commands(for: state, at: now, keepingTrack: true)
    guard let written = try? KeptState(file: Array(KeptState(written: kept.written, commands: commands).text.utf8))
    else { fatalError("the daemon could not read back what it keeps") }
    var rebuilt = PlayerState()
    rebuilt.restore(written.commands, at: now, now: now)
    if rebuilt.title != state.title || rebuilt.artist != state.artist || rebuilt.text != state.text
        || rebuilt.playback != state.playback || rebuilt.brightness != state.brightness
        || rebuilt.lyrics.lines != state.lyrics.lines
        || rebuilt.playbackPosition(at: now) != min(state.playbackPosition(at: now), FeedCommand.maxTime)
        || rebuilt.messages.map(\.text) != state.messages.filter({ $0.expires - now >= .milliseconds(1) }).map(\.text)
    {
        fatalError("the kept commands rebuild another state")
    }
    return 0
}
