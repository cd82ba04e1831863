/// How a frame's LED bytes fill DMX universes (Art-Net and E1.31): `channels` bytes in each, whole pixels
/// only, the universes numbered on from `first`, at most `maxCount` of them.
struct UniverseSlicing: Sendable, Equatable {
    /// The bytes in each full universe: the requested count within 3…512, rounded down to whole pixels.
    let channels: Int
    /// The number of the first universe.
    let first: Int
    /// How many universes the numbering leaves room for from `first`.
    let maxCount: Int

    /// A slicing of `requestedChannels` a universe from `first`, where universe numbers run `range`.
    init(requestedChannels: Int, first: Int, range: ClosedRange<Int>) {
        channels = max(3, min(512, requestedChannels)) / 3 * 3
        self.first = max(range.lowerBound, min(range.upperBound, first))
        maxCount = range.upperBound - self.first + 1
    }

    /// The most LED bytes a frame can carry.
    var maxBytes: Int { channels * maxCount }

    /// The universes a frame of `bytes` LED bytes takes.
    func count(forBytes bytes: Int) -> Int { min(maxCount, (max(0, bytes) + channels - 1) / channels) }

    /// The LED bytes that universe `index` (0-based, from `first`) carries out of a frame of `bytes`.
    func range(of index: Int, forBytes bytes: Int) -> Range<Int> {
        let start = index * channels
        return start..<min(bytes, start + channels)
    }
}
