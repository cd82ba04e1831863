/// Something wrong with a `picture` command or block. The block is discarded; the pictures the daemon has keep.
public enum PictureBlockError: Error, Sendable, Equatable, CustomStringConvertible {
    /// `picture` followed by something other than begin, end or remove.
    case unknownAction(String)
    /// A name that is not 1 to 32 of a–z, 0–9, `-`, `_`, `.`.
    case badName(String)
    /// A size that is not `WIDTHxHEIGHT` of 1 to 64 each.
    case badSize(String)
    /// A frame delay that is not a number of seconds in range.
    case badDelay(String)
    /// A row whose digits are not a pixel each of six hex digits for the picture's width.
    case badRow(digits: Int, width: Int)
    /// More rows in a frame than the picture is tall.
    case tooManyRows(height: Int)
    /// A frame that ended before its last row (counted from 1).
    case missingRows(frame: Int)
    /// A block with no rows at all.
    case noFrames
    /// More frames than `FeedPicture.maxFrames`.
    case tooManyFrames(limit: Int)
    /// More pixel bytes than `FeedPicture.maxPixelBytes`.
    case tooManyBytes(limit: Int)
    /// A block that got no `picture end`.
    case unterminated(reason: String)
    /// `picture end` with no block open.
    case endWithoutBegin

    /// A sentence naming what is wrong and what was expected.
    public var description: String {
        switch self {
        case .unknownAction(let word):
            "unknown picture action '\(word)' (expected begin, end or remove)"
        case .badName(let name):
            "bad picture name '\(name)' (expected 1 to \(FeedPicture.maxNameLength) of a-z, 0-9, '-', '_', '.')"
        case .badSize(let size):
            "bad picture size '\(size)' (expected WIDTHxHEIGHT, each 1 to \(FeedPicture.maxSide), e.g. 8x8)"
        case .badDelay(let delay):
            "bad frame delay '\(delay)' (expected seconds from \(FeedScan.seconds(FeedPicture.minDelay)) to "
                + "\(FeedScan.seconds(FeedPicture.maxDelay)), e.g. frame 0.1)"
        case .badRow(let digits, let width):
            "a row of \(digits) characters where \(width) pixels take \(width * 6) hex digits (RRGGBB each)"
        case .tooManyRows(let height):
            "more rows than the picture's \(height) in one frame (start the next with 'frame SECONDS')"
        case .missingRows(let frame):
            "frame \(frame) ends before its last row"
        case .noFrames:
            "a picture block without rows"
        case .tooManyFrames(let limit):
            "more than \(limit) frames"
        case .tooManyBytes(let limit):
            "more than \(limit) bytes of pixels (3 a pixel, over all frames)"
        case .unterminated(let reason):
            "picture block without 'picture end' discarded (\(reason)); the pictures kept"
        case .endWithoutBegin:
            "'picture end' without 'picture begin'"
        }
    }
}
