/// Where the current track's album cover goes on the panel (`layout.cover`): off, a square at the panel's
/// height at its left or right edge, or (on a panel at least 32 rows tall) a square above the text. The
/// followers scale each cover to `box(width:height:)`'s side, the daemon draws it there; the text takes the
/// rest of the panel (`textArea(width:height:)`), a column or row of gap away, whether a cover is shown or not.
public enum CoverPlacement: String, Sendable, CaseIterable {
    case off
    case left
    case right
    case above

    /// The fewest rows a panel needs for a cover beside the text.
    public static let minBesideHeight = 16
    /// The fewest columns left for the text beside a cover.
    public static let minTextColumns = 16
    /// The fewest rows a panel needs for a cover above the text.
    public static let minAboveHeight = 32
    /// The rows left for the text under a cover above it: one 16-row line, or two of 8.
    public static let textRowsBelow = 16
    /// The dark columns (or rows) between the cover and the text.
    public static let gap = 1

    /// The square the cover takes on a `width` × `height` panel, or nil when it takes none: `off`, or a
    /// panel too small for the placement (see `problem(width:height:)`). Beside the text its side is the
    /// panel's height; above it, the rows the text and the gap leave (at most the width and
    /// `FeedPicture.maxSide`), centred.
    public func box(width: Int, height: Int) -> Zone? {
        guard problem(width: width, height: height) == nil else { return nil }
        switch self {
        case .off:
            return nil
        case .left:
            return Zone(x: 0, y: 0, width: height, height: height)
        case .right:
            return Zone(x: width - height, y: 0, width: height, height: height)
        case .above:
            let side = min(height - Self.textRowsBelow - Self.gap, width, FeedPicture.maxSide)
            return Zone(x: (width - side) / 2, y: 0, width: side, height: side)
        }
    }

    /// The part of a `width` × `height` panel the text takes: all of it without a cover box, else what the box
    /// and the gap leave.
    public func textArea(width: Int, height: Int) -> Zone {
        let whole = Zone(x: 0, y: 0, width: width, height: height)
        guard let box = box(width: width, height: height) else { return whole }
        switch self {
        case .off:
            return whole
        case .left:
            let x = box.width + Self.gap
            return Zone(x: x, y: 0, width: width - x, height: height)
        case .right:
            return Zone(x: 0, y: 0, width: box.x - Self.gap, height: height)
        case .above:
            let y = box.height + Self.gap
            return Zone(x: 0, y: y, width: width, height: height - y)
        }
    }

    /// Why this placement cannot be used on a `width` × `height` panel, as a sentence; nil when it can.
    public func problem(width: Int, height: Int) -> String? {
        switch self {
        case .off:
            return nil
        case .left, .right:
            if height < Self.minBesideHeight {
                return "a cover beside the text needs at least \(Self.minBesideHeight) rows (the panel has \(height))"
            }
            if height > FeedPicture.maxSide {
                return
                    "a cover beside the text is as tall as the panel, at most \(FeedPicture.maxSide) rows (the panel has \(height))"
            }
            let needed = height + Self.gap + Self.minTextColumns
            if width < needed {
                return
                    "a \(height)-row cover beside the text needs at least \(needed) columns, \(Self.minTextColumns) of them for the text (the panel has \(width))"
            }
            return nil
        case .above:
            if height < Self.minAboveHeight {
                return "a cover above the text needs at least \(Self.minAboveHeight) rows (the panel has \(height))"
            }
            return nil
        }
    }
}
