// The icon before the text (`layout.icons`): which picture the top zone's show has, in which slot it is drawn,
// which frame of it shows at an instant and when the next one does. The text then runs in the zone beside the
// slot, under the marquee's rules there: a line that fits beside its icon stands still, one that does not
// scrolls beside the fixed icon.

extension Scene {
    /// An icon shown before the top zone's marquee.
    struct ShownIcon {
        /// The picture.
        var picture: FeedPicture
        /// Since when it has been in view: where its animation starts.
        var since: Duration
        /// The colour role it is painted in (on a colour panel, unless the picture has colours of its own).
        var role: ColorRole
        /// Whether the feed sent it (from a user's file too): on a colour panel it shows in its own colours.
        var isSent: Bool
    }

    /// The side of the square slot icons take in a zone of `height` rows whose fonts are `fontHeight` tall: the
    /// font's height, at most the zone's and 32, or nil when that is under 6 rows (no icon fits).
    static func iconSide(zoneHeight: Int, fontHeight: Int) -> Int? {
        let side = min(fontHeight, zoneHeight, 32)
        return side >= 6 ? side : nil
    }

    /// The zone beside the icon slot of `zone`, or nil when the slot and a column of gap leave nothing.
    static func besideIcon(_ zone: Zone, side: Int?) -> Zone? {
        guard let side, zone.width > side + 1 else { return nil }
        return Zone(x: zone.x + side + 1, y: zone.y, width: zone.width - side - 1, height: zone.height)
    }

    /// The icon of `content` when the top zone shows it as `show`, `pageIcon` being the icon the idle screen's
    /// page in view names; nil when icons are off, the content has none (a lyric, the idle clock) or no picture
    /// of the name exists. A message's own icon falls back to its role's; a page's has no role to fall back to.
    func icon(for content: TopContent, _ state: PlayerState, show: Show, pageIcon: String? = nil) -> ShownIcon? {
        guard let icons = style.icons, let side = layout.iconSide, case .marquee(_, let since, _) = show else {
            return nil
        }
        // A sent picture before a built-in one of the same name. No array of the names: this runs every frame
        // and must not allocate.
        func picture(_ name: String?) -> (picture: FeedPicture, isSent: Bool)? {
            guard let name else { return nil }
            if let sent = state.pictures[name] { return (sent, true) }
            return BuiltinIcons.picture(named: name, side: side).map { ($0, false) }
        }
        let found: (picture: FeedPicture, isSent: Bool)?
        let paint: ColorRole
        switch content {
        case .message(let message):
            let high = message.priority == .high
            found = picture(message.icon) ?? picture(icons[high ? .messageHigh : .message])
            paint = high ? .messageHigh : .message
        case .nowPlaying:
            let role: IconStyle.Role =
                switch state.playback {
                case .playing: .playing
                case .paused: .paused
                case .stopped: .stopped
                }
            found = picture(icons[role])
            paint = .title
        case .idle:
            found = picture(pageIcon)
            paint = .clock
        case .lyric:
            return nil
        }
        guard let found else { return nil }
        return ShownIcon(picture: found.picture, since: since, role: paint, isSent: found.isSent)
    }

    /// The slot of the top zone's icon: a square of `iconSide` at its left, centred on its rows.
    var iconSlot: Zone {
        let side = layout.iconSide ?? 0
        let top = layout.top.zone
        return Zone(x: top.x, y: top.y + (top.height - side) / 2, width: side, height: side)
    }

    /// Draws the frame of `icon` that shows at `now` into its slot (a picture larger than the slot is cut to
    /// its middle, a smaller one centred), each pixel at the level of its luminance, and paints the slot; on a
    /// colour panel, a sent picture's pixels are kept for the colorizer to show in their own colours.
    func drawIcon(_ icon: ShownIcon, at now: Duration, into frame: inout Frame, paints: inout Paints) {
        let slot = iconSlot
        let picture = icon.picture
        let shown = picture.frame(at: now - icon.since).index
        let (left, topRow, columns, rows) = Self.place(
            width: picture.width, height: picture.height, in: slot, frameWidth: frame.width,
            frameHeight: frame.height)
        picture.frames[shown].pixels.withUnsafeBufferPointer { pixels in
            for y in rows {
                for x in columns {
                    let index = ((y - topRow) * picture.width + (x - left)) * 3
                    let colour = RGB(red: pixels[index], green: pixels[index + 1], blue: pixels[index + 2])
                    let level = depth.level(colour.luminance)
                    if level > 0 { frame[x, y] = level }
                }
            }
        }
        paints.paint(slot, icon.role)
        if isColor, icon.isSent {
            paints.iconColours = IconColours(
                pixels: picture.frames[shown].pixels, width: picture.width, left: left, top: topRow, columns: columns,
                rows: rows)
        }
    }

    /// Where a `width` × `height` picture goes centred in `box`, cut to it and to a frame of `frameWidth` ×
    /// `frameHeight`: the panel column and row of its top left pixel (left of or above the box when it is cut),
    /// and the columns and rows of the frame it covers.
    static func place(width: Int, height: Int, in box: Zone, frameWidth: Int, frameHeight: Int) -> (
        left: Int, top: Int, columns: Range<Int>, rows: Range<Int>
    ) {
        let left = box.x + (box.width - width) / 2
        let top = box.y + (box.height - height) / 2
        let columns = max(box.x, left, 0)..<min(box.x + box.width, left + width, frameWidth)
        let rows = max(box.y, top, 0)..<min(box.y + box.height, top + height, frameHeight)
        return (left, top, columns, rows)
    }

    /// When `icon` next shows another frame, as a monotonic instant; nil for a still one.
    static func iconChange(_ icon: ShownIcon?, after now: Duration) -> Duration? {
        guard let icon else { return nil }
        return icon.picture.nextFrameChange(after: now - icon.since).map { icon.since + $0 }
    }
}
