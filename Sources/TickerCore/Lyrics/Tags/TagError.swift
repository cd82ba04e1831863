/// Why the tags of a music file could not be read. The message names the container, what was wrong and the
/// byte offset where it was found.
public enum TagError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The file starts with none of the signatures the readers know (ID3, fLaC, OggS, an MP4 `ftyp`).
    case unknownFormat
    /// A structure runs past the end of the file or of its parent.
    case truncated(what: String, offset: Int)
    /// A structure declares a size beyond the reader's limit.
    case tooLarge(what: String, size: Int, limit: Int)
    /// A structure holds a value the format does not allow.
    case malformed(what: String, offset: Int)
    /// The file could not be read at `offset`.
    case unreadable(offset: Int)

    public var description: String {
        switch self {
        case .unknownFormat: "not a tagged music file (expected ID3v2, FLAC, Ogg or MP4)"
        case .truncated(let what, let offset): "\(what) at byte \(offset) is cut short"
        case .tooLarge(let what, let size, let limit): "\(what) of \(size) bytes is larger than the limit of \(limit)"
        case .malformed(let what, let offset): "malformed \(what) at byte \(offset)"
        case .unreadable(let offset): "cannot read the file at byte \(offset)"
        }
    }
}
