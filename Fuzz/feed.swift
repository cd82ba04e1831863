// fuzz-module: TickerCore TickerWire
// Feeds arbitrary bytes to the feed decoder in chunks cut and timed by the input itself, applies every command
// to a player state, and checks that each plain command survives encode/parse, that each picture block is
// within its bounds and survives being written back, and that scenes with icons and with a cover draw the pictures.

@testable import TickerCore
@testable import TickerWire

func fuzzFeed(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
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
            if case .picture(let picture) = command {
                check(picture)
                continue
            }
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
    if state.pictures.pictures.count > PictureShelf.capacity { fatalError("picture shelf unbounded") }
    drawWithIcons(state, at: now)
    drawWithCover(state, at: now)
    return 0
}

/// A picture from the decoder is within its bounds, its frames play in order, and it is read back as itself.
private func check(_ picture: FeedPicture) {
    if let problem = picture.problem { fatalError("a picture out of bounds came through: \(problem)") }
    let read = FeedCommand.decode(lines: FeedCommand.picture(picture).lines)
    if read.commands != [.picture(picture)] || !read.problems.isEmpty { fatalError("picture encode/decode changed it") }
    for elapsed in [Duration.zero, .milliseconds(17), picture.loop, picture.loop * 3 + .milliseconds(5)] {
        let (index, into) = picture.frame(at: elapsed)
        if !picture.frames.indices.contains(index) || into < .zero { fatalError("frame \(index) at \(elapsed)") }
        if let next = picture.nextFrameChange(after: elapsed), next <= elapsed { fatalError("next frame not later") }
    }
}

/// Draws the state on a small panel with icons, the messages' icon the first picture sent, and asks when it
/// next changes.
private func drawWithIcons(_ state: PlayerState, at now: Duration) {
    var style = SceneStyle(fonts: FontChain([.builtin]))
    style.icons = IconStyle()
    if let first = state.pictures.pictures.first { style.icons?[.message] = first.name }
    var scene = Scene(width: 24, height: 8, depth: .two, style: style)
    scene.observe(state, at: now)
    var frame = Frame(width: 24, height: 8, depth: .two)
    scene.render(state, at: now, into: &frame)
    if let next = scene.nextChange(state, after: now), next < now { fatalError("next change before now") }
}

/// Draws the state in colour with a cover at the left (a still: the first frame of whatever was sent), and asks
/// when it next changes.
private func drawWithCover(_ state: PlayerState, at now: Duration) {
    if let cover = state.cover, cover.isAnimated || cover.problem != nil { fatalError("a cover of several frames") }
    var style = SceneStyle(fonts: FontChain([.builtin]))
    style.cover = .left
    var scene = Scene(width: 40, height: 16, depth: .eight, color: true, style: style)
    scene.observe(state, at: now)
    var frame = Frame(width: 40, height: 16, depth: .eight)
    var image = RGBFrame(width: 40, height: 16)
    scene.render(state, at: now, into: &frame)
    scene.colorize(frame, into: &image)
    if let next = scene.nextChange(state, after: now), next < now { fatalError("next change before now") }
}
