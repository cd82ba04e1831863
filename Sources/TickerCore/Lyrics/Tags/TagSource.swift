/// Random access to the bytes of a music file, for the tag readers: the tags of an MP4 file may sit after
/// megabytes of audio, so a reader asks for the ranges it needs rather than for the whole file.
public protocol TagSource {
    /// The length of the file in bytes.
    var count: Int { get }
    /// `count` bytes from `offset`, fewer at the end of the file, or nil when they cannot be read.
    func bytes(at offset: Int, count: Int) -> [UInt8]?
}

/// A file held in memory, for tests, fuzzing and small files.
public struct InMemoryTagSource: TagSource {
    /// The whole file.
    public let contents: [UInt8]

    /// A source over `contents`.
    public init(_ contents: [UInt8]) { self.contents = contents }

    public var count: Int { contents.count }

    public func bytes(at offset: Int, count: Int) -> [UInt8]? {
        guard offset >= 0, count >= 0, offset <= contents.count else { return nil }
        return Array(contents[offset..<min(offset + min(count, contents.count - offset), contents.count)])
    }
}
