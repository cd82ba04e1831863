import TickerCore

/// The MQTT bridge's commands on their way to the feed: taken from the broker (and so acknowledged), kept
/// until the feed accepts them, and bounded in bytes, so that a flood waits on the broker instead of in
/// memory. Pure; remembers whether its being full was reported, so that a flood is logged once.
struct MQTTFeedQueue {
    /// The most bytes of feed lines held.
    let limitBytes: Int
    private var commands: [FeedCommand] = []
    /// The size of the commands held, as lines on the wire.
    private(set) var bytes = 0
    private var reportedFull = false

    /// An empty queue holding up to `limitBytes`.
    init(limitBytes: Int) {
        self.limitBytes = limitBytes
    }

    /// Whether the queue holds nothing.
    var isEmpty: Bool { commands.isEmpty }

    /// Whether the queue is full: the bridge then stops reading from the broker.
    var isFull: Bool { bytes >= limitBytes }

    /// The oldest command, next to be written.
    var first: FeedCommand? { commands.first }

    /// Adds `command` at the end (even past the limit: it was acknowledged already).
    mutating func append(_ command: FeedCommand) {
        commands.append(command)
        bytes += Self.size(of: command)
    }

    /// Drops the oldest command, once the feed has taken it.
    mutating func removeFirst() {
        guard !commands.isEmpty else { return }
        bytes -= Self.size(of: commands.removeFirst())
    }

    /// Whether the queue has just become full: true once per flood, to be logged.
    mutating func reportsFull() -> Bool {
        guard isFull, !reportedFull else { return false }
        reportedFull = true
        return true
    }

    /// Whether a flood that was reported is over (the queue is empty): true once, to be logged.
    mutating func reportsDrained() -> Bool {
        guard reportedFull, commands.isEmpty else { return false }
        reportedFull = false
        return true
    }

    private static func size(of command: FeedCommand) -> Int {
        command.encode().utf8.count + 1
    }
}
