/// Turns the scene's levels and paints into what the panel shows, from tables made once per palette: for every
/// role and level, the colour of a colour panel and the level of a grey one (the colour's luminance scaling
/// the level). Nothing is computed per pixel but two table look-ups.
struct Colorizer: Sendable {
    /// The levels drawn: `maxLevel + 1` of them.
    let depth: PixelDepth
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
        var rgb: [UInt8] = []
        var grey: [UInt8] = []
        rgb.reserveCapacity(ColorRole.allCases.count * levels * 3)
        grey.reserveCapacity(ColorRole.allCases.count * levels)
        let background = palette[.background] ?? .black
        let sung = palette[.sung] ?? .white
        for role in ColorRole.allCases {
            // An unset rest colour is the sung colour, dimmed by the level the rest is drawn at; a set one is
            // what the rest looks like at that level, so the scale counts from there.
            var color = palette[role] ?? sung
            var full = maxLevel
            if role == .rest, palette[.rest] != nil { full = Double(max(restLevel, 1)) }
            if role == .background { color = background }
            for level in 0..<levels {
                if level == 0 || role == .background {
                    rgb += [background.red, background.green, background.blue]
                    grey.append(UInt8((background.luminance * maxLevel).rounded()))
                    continue
                }
                let scale = min(Double(level) / full, 1)
                for channel in [color.red, color.green, color.blue] {
                    rgb.append(UInt8((Double(channel) * scale).rounded()))
                }
                grey.append(depth.level(color.luminance * scale))
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
    /// or nil when every pixel is painted alike).
    func applyGrey(to frame: inout Frame, paints: [UInt8]?) {
        let levels = Int(depth.maxLevel) + 1
        let bits = depth.bits
        let mask = depth.maxLevel
        let height = frame.height
        let width = frame.width
        let bytesPerColumn = frame.bytesPerColumn
        let alike = Int(ColorRole.title.rawValue) * levels
        let paintPlane = paints ?? []
        let lastRole = Self.lastRole
        grey.withUnsafeBufferPointer { table in
            paintPlane.withUnsafeBufferPointer { plane in
                frame.bytes.withUnsafeMutableBufferPointer { bytes in
                    let painted = plane.count >= width * height
                    for x in 0..<width {
                        for y in 0..<height {
                            let bit = y * bits
                            let index = x * bytesPerColumn + (bit >> 3)
                            let shift = UInt8(bit & 7)
                            let level = (bytes[index] >> shift) & mask
                            let row = painted ? Int(min(plane[x * height + y], lastRole)) * levels : alike
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
        let levels = Int(depth.maxLevel) + 1
        let bits = depth.bits
        let mask = depth.maxLevel
        let width = min(frame.width, image.width)
        let height = min(frame.height, image.height)
        let frameHeight = frame.height
        let bytesPerColumn = frame.bytesPerColumn
        let rowStride = image.width * 3
        let alike = Int(ColorRole.title.rawValue) * levels
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
                                let row = painted ? Int(min(plane[paintColumn &+ y], lastRole)) &* levels : alike
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
