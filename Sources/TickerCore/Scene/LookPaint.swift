/// The colours a look (`TextLook`) gives a marquee in one frame: which strip column each zone column shows, and
/// the colour of each. Kept in the frame's `Paints`, so that a frame drawn ahead is coloured as it was drawn.
///
/// A colour scales with the level each pixel was drawn at, as the palette's do in `Colorizer`: a faded edge or a
/// dim level blends it towards the background. On a colour panel it is laid over the colorized frame; on a grey
/// one each lit pixel becomes the level of its colour's luminance (as `GreyShades` does for the palette).
/// Neither allocates.
struct LookPaint: Sendable, Equatable {
    /// The strip's colours.
    var columns: LookColumns
    /// The zone the marquee is drawn in.
    var zone: Zone
    /// How the marquee moved, and by how many whole columns.
    var motion: Marquee
    var offset: Int
    /// How many hues a rainbow has moved on.
    var phase: Int

    /// The colour of zone column `column`, or nil where the look leaves the role's colour (or nothing shows).
    @inline(__always)
    func color(atZoneColumn column: Int) -> RGB? {
        guard let x = motion.stripColumn(atZoneColumn: column, offset: offset) else { return nil }
        return columns.color(atStripColumn: x, phase: phase)
    }

    /// Whether panel column `x` is coloured by the look (its lit pixels in the zone then are the look's).
    func colors(panelColumn x: Int) -> Bool {
        x >= zone.x && x < zone.x + zone.width && color(atZoneColumn: x - zone.x) != nil
    }

    /// The rows of the zone within a frame `height` rows tall.
    func rows(height: Int) -> Range<Int> {
        let top = max(zone.y, 0)
        let bottom = min(zone.y + zone.height, height)
        return top..<max(bottom, top)
    }

    /// Overwrites each lit pixel the look colours in `image` with its colour at the pixel's level in `frame`,
    /// blended towards `background` as the level falls.
    func lay(over image: inout RGBFrame, frame: Frame, background: RGB) {
        let bits = frame.depth.bits
        let mask = frame.depth.maxLevel
        let maxLevel = Int(mask)
        let stride = image.width * 3
        let rows = self.rows(height: min(frame.height, image.height))
        let first = max(zone.x, 0)
        let last = max(min(zone.x + zone.width, frame.width, image.width), first)
        let bytesPerColumn = frame.bytesPerColumn
        frame.bytes.withUnsafeBufferPointer { bytes in
            image.bytes.withUnsafeMutableBufferPointer { out in
                for x in first..<last {
                    guard let color = color(atZoneColumn: x - zone.x) else { continue }
                    for y in rows {
                        let bit = y * bits
                        let level = Int((bytes[x * bytesPerColumn + (bit >> 3)] >> UInt8(bit & 7)) & mask)
                        guard level > 0 else { continue }
                        let to = y * stride + x * 3
                        out[to] = Self.blend(color.red, background.red, level, maxLevel)
                        out[to + 1] = Self.blend(color.green, background.green, level, maxLevel)
                        out[to + 2] = Self.blend(color.blue, background.blue, level, maxLevel)
                    }
                }
            }
        }
    }

    /// Maps each lit pixel the look colours in `frame` (a grey panel's) to the level of its colour's luminance
    /// at that level, blended towards `background` (a luminance, 0…1) as the level falls.
    func applyGrey(to frame: inout Frame, background: Double) {
        let depth = frame.depth
        let bits = depth.bits
        let mask = depth.maxLevel
        let maxLevel = Double(mask)
        let rows = self.rows(height: frame.height)
        let first = max(zone.x, 0)
        let last = max(min(zone.x + zone.width, frame.width), first)
        let bytesPerColumn = frame.bytesPerColumn
        frame.bytes.withUnsafeMutableBufferPointer { bytes in
            for x in first..<last {
                guard let color = color(atZoneColumn: x - zone.x) else { continue }
                let grey = color.luminance
                for y in rows {
                    let bit = y * bits
                    let index = x * bytesPerColumn + (bit >> 3)
                    let shift = UInt8(bit & 7)
                    let level = (bytes[index] >> shift) & mask
                    guard level > 0 else { continue }
                    let mapped = depth.level(background + (grey - background) * Double(level) / maxLevel)
                    bytes[index] = (bytes[index] & ~(mask << shift)) | (mapped << shift)
                }
            }
        }
    }

    /// Channel `channel` at `level` of `maxLevel`, mixed with the background's `behind` in proportion (the
    /// channels are linear light), as `Colorizer` mixes the palette's colours.
    @inline(__always)
    private static func blend(_ channel: UInt8, _ behind: UInt8, _ level: Int, _ maxLevel: Int) -> UInt8 {
        let from = Int(behind)
        let span = Int(channel) - from
        // Rounded half away from zero, as `Colorizer` rounds.
        let half = span >= 0 ? maxLevel / 2 : -(maxLevel / 2)
        let mixed = from + (span * level + half) / max(maxLevel, 1)
        return UInt8(clamping: mixed)
    }
}
