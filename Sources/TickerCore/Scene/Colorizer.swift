/// Turns the scene's levels and paints into what the panel shows, from tables made once per palette: for every
/// role and level, the colour of a colour panel (the role's colour blended towards the background's as the
/// level falls) and the level of a grey one (`GreyShades`). Nothing is computed per pixel but two table
/// look-ups.
struct Colorizer: Sendable {
    /// The levels drawn: `maxLevel + 1` of them.
    let depth: PixelDepth
    /// Entries of one role in the tables: `maxLevel + 1`.
    var levels: Int { Int(depth.maxLevel) + 1 }
    /// Where the title's entries start: every pixel's, when the scene did not record what it painted.
    var alikeRow: Int { Int(ColorRole.title.rawValue) * levels }
    /// Whether the roles differ at all: when they do not, the scene need not record what it paints.
    let usesPaint: Bool
    /// Whether the grey table changes any level: the standard palette leaves grey frames as drawn.
    let changesGrey: Bool
    /// `[role][level]` → R, G, B: `ColorRole.allCases.count × (maxLevel + 1) × 3` bytes.
    let rgb: [UInt8]
    /// `[role][level]` → level: `ColorRole.allCases.count × (maxLevel + 1)` bytes.
    let grey: [UInt8]

    /// Tables for `palette` on a scene drawing `depth` levels, whose unsung lyrics are drawn at `restLevel`.
    init(palette: Palette, depth: PixelDepth, restLevel: UInt8) {
        let levels = Int(depth.maxLevel) + 1
        let maxLevel = Double(depth.maxLevel)
        let shades = GreyShades(palette: palette, depth: depth, restLevel: restLevel)
        var rgb: [UInt8] = []
        var grey: [UInt8] = []
        rgb.reserveCapacity(ColorRole.allCases.count * levels * 3)
        grey.reserveCapacity(ColorRole.allCases.count * levels)
        let background = palette[.background] ?? .black
        let sung = palette[.sung] ?? .white
        for role in ColorRole.allCases {
            // An unset rest colour is the sung colour, dimmed by the level the rest is drawn at; a set one is
            // what the rest looks like at that level, so the scale counts from there.
            let color = role == .background ? background : palette[role] ?? sung
            let full = role == .rest && palette[.rest] != nil ? Double(max(restLevel, 1)) : maxLevel
            for level in 0..<levels {
                grey.append(shades.level(of: role, at: level))
                // Channels are linear light: a dimmer level mixes the colour with the background in proportion.
                let scale = level == 0 ? 0 : min(Double(level) / full, 1)
                for (channel, behind) in [
                    (color.red, background.red), (color.green, background.green),
                    (color.blue, background.blue),
                ] {
                    rgb.append(UInt8((Double(behind) + (Double(channel) - Double(behind)) * scale).rounded()))
                }
            }
        }
        self.depth = depth
        self.rgb = rgb
        self.grey = grey
        let identity = (0..<ColorRole.allCases.count).flatMap { role in
            (0..<levels).map { role == 0 ? 0 : UInt8($0) }
        }
        changesGrey = grey != identity
        // Every role but the background alike: the paint of a lit pixel does not matter.
        let first = levels * Int(ColorRole.title.rawValue)
        var alike = true
        for role in ColorRole.allCases where role != .background {
            let start = levels * Int(role.rawValue)
            if grey[start..<(start + levels)] != grey[first..<(first + levels)]
                || rgb[(start * 3)..<((start + levels) * 3)] != rgb[(first * 3)..<((first + levels) * 3)]
            {
                alike = false
            }
        }
        usesPaint = !alike
    }

    /// Maps every level of `frame` through the grey table by the paint of its pixel (`paints` column-major,
    /// or nil when every pixel is painted alike), except the pixels `look` colours: those are its own.
    func applyGrey(to frame: inout Frame, paints: [UInt8]?, look: LookPaint? = nil) {
        let bits = depth.bits
        let mask = depth.maxLevel
        let height = frame.height
        let width = frame.width
        let bytesPerColumn = frame.bytesPerColumn
        let paintPlane = paints ?? []
        let lastRole = Self.lastRole
        grey.withUnsafeBufferPointer { table in
            paintPlane.withUnsafeBufferPointer { plane in
                frame.bytes.withUnsafeMutableBufferPointer { bytes in
                    let painted = plane.count >= width * height
                    for x in 0..<width {
                        var kept = 0..<0
                        if let look, look.colors(panelColumn: x) { kept = look.rows(height: height) }
                        for y in 0..<height where !kept.contains(y) {
                            let bit = y * bits
                            let index = x * bytesPerColumn + (bit >> 3)
                            let shift = UInt8(bit & 7)
                            let level = (bytes[index] >> shift) & mask
                            let row = painted ? Int(min(plane[x * height + y], lastRole)) * levels : alikeRow
                            let mapped = table[row + Int(level)]
                            bytes[index] = (bytes[index] & ~(mask << shift)) | (mapped << shift)
                        }
                    }
                }
            }
        }
    }

    /// Fills `image` (of the frame's size) with the colours of `frame`'s levels by the paint of each pixel.
    func colorize(_ frame: Frame, paints: [UInt8]?, into image: inout RGBFrame) {
        let bits = depth.bits
        let mask = depth.maxLevel
        let width = min(frame.width, image.width)
        let height = min(frame.height, image.height)
        let frameHeight = frame.height
        let bytesPerColumn = frame.bytesPerColumn
        let rowStride = image.width * 3
        let paintPlane = paints ?? []
        let lastRole = Self.lastRole
        // Indices below stay inside the buffers by construction, so the arithmetic skips overflow checks.
        rgb.withUnsafeBufferPointer { table in
            paintPlane.withUnsafeBufferPointer { plane in
                frame.bytes.withUnsafeBufferPointer { bytes in
                    image.bytes.withUnsafeMutableBufferPointer { out in
                        let painted = plane.count >= frame.width * frameHeight
                        for x in 0..<width {
                            let column = x &* bytesPerColumn
                            let paintColumn = x &* frameHeight
                            var pixel = x &* 3
                            for y in 0..<height {
                                let bit = y &* bits
                                let level = Int((bytes[column &+ (bit >> 3)] >> UInt8(bit & 7)) & mask)
                                let row = painted ? Int(min(plane[paintColumn &+ y], lastRole)) &* levels : alikeRow
                                let entry = (row &+ level) &* 3
                                out[pixel] = table[entry]
                                out[pixel &+ 1] = table[entry &+ 1]
                                out[pixel &+ 2] = table[entry &+ 2]
                                pixel = pixel &+ rowStride
                            }
                        }
                    }
                }
            }
        }
    }

    /// The highest role index, so that a paint byte never reads past the tables.
    static let lastRole = UInt8(ColorRole.allCases.count - 1)
}
