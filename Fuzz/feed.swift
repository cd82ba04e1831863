// fuzz-module: TickerCore TickerWire
// Feeds arbitrary bytes to the feed decoder in chunks cut and timed by the input itself, applies every command
// to a player state, and checks that each plain command survives encode/parse.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    guard let first = bytes.first else { return 0 }
    var limits = FeedDecoder.Limits()
    limits.maxLineBytes = 64 + Int(first)
    var decoder = FeedDecoder(limits: limits)
    var state = PlayerState()
    var now = Duration.zero
    var index = 1
    var chunk = 1
    while index < bytes.count {
        let end = min(bytes.count, index + chunk)
        now += .milliseconds(Int64(bytes[index]) * 4)
        for event in decoder.decode(bytes[index..<end], now: now) {
            guard case .command(let command, _) = event else { continue }
            state.apply(command, at: now)
            if case .lyrics = command { continue }
            let encoded = command.encode()
            let parsed = try? FeedCommand.parse(encoded)
            if parsed != command { fatalError("encode/parse changed '\(encoded)'") }
        }
        chunk = chunk * 3 % 97 + 1
        index = end
    }
    _ = decoder.flushStale(now: now + .seconds(10))
    _ = state.playbackPosition(at: now)
    _ = state.activeMessage(at: now)
    _ = state.nowPlaying()
    if state.messages.count > PlayerState.maxMessages { fatalError("message queue unbounded") }
    return 0
}
