/// How much of a hostile file the tag readers look at before giving up.
public struct TagLimits: Equatable, Sendable {
    /// The largest tag structure read into memory (an ID3v2 tag, a FLAC metadata block, an Ogg comment
    /// packet, an MP4 `ilst` box).
    public var structureBytes = 16 << 20
    /// The longest lyrics field; longer ones are ignored.
    public var fieldBytes = 1 << 20
    /// The most comments, frames, pages or boxes visited in one file.
    public var items = 10_000

    /// The default limits.
    public init() {}
}
