import TickerCore

/// A sequence of pictures turned into what a GIF stores: one palette of at most 256 colours, and per picture
/// only the rectangle that changed, with the pixels inside it that did not change left transparent. Pictures
/// that do not differ from the one before become a longer delay of that one.
package struct IndexedAnimation: Sendable, Equatable {
    /// One stored picture: a rectangle of palette indices drawn over what is already shown.
    package struct Patch: Sendable, Equatable {
        /// The rectangle's left column and top row in the whole picture.
        package var left: Int
        package var top: Int
        /// The rectangle's size in pixels.
        package var width: Int
        package var height: Int
        /// Palette indices, row by row; `IndexedAnimation.transparentIndex` keeps what is shown.
        package var indices: [UInt8]
        /// How long the patch stays, in hundredths of a second.
        package var delayCentiseconds: Int
    }

    /// Width and height of every picture, in pixels.
    package let width: Int
    package let height: Int
    /// The colours; the index after the last colour is the transparent one.
    package let palette: [RGB]
    /// The patches in order; the first covers the whole picture.
    package let patches: [Patch]

    /// The index that keeps the pixel shown before.
    package var transparentIndex: UInt8 { UInt8(palette.count) }

    /// The animation of `pictures` (all of the first one's size), each shown from its instant in seconds until
    /// the next one's; the last is shown for `lastSeconds`. Delays are rounded on the instants, so they do not
    /// drift. Exact colours when there are at most 255 of them; otherwise each channel is reduced to a few
    /// levels (6 red, 7 green, 6 blue).
    package init(pictures: [RGBFrame], instants: [Double], lastSeconds: Double) {
        let width = pictures.first?.width ?? 0
        let height = pictures.first?.height ?? 0
        self.width = width
        self.height = height

        var exact: [UInt32: UInt8] = [:]
        var exactPalette: [RGB] = []
        var fits = true
        collect: for picture in pictures {
            var index = 0
            while index + 2 < picture.bytes.count {
                let key = Self.key(picture.bytes, index)
                if exact[key] == nil {
                    guard exactPalette.count < 255 else {
                        fits = false
                        break collect
                    }
                    exact[key] = UInt8(exactPalette.count)
                    exactPalette.append(
                        RGB(red: picture.bytes[index], green: picture.bytes[index + 1], blue: picture.bytes[index + 2]))
                }
                index += 3
            }
        }
        let palette = fits ? exactPalette : Self.cube
        self.palette = palette

        func indices(of picture: RGBFrame) -> [UInt8] {
            var result = [UInt8](repeating: 0, count: width * height)
            for pixel in 0..<min(result.count, picture.bytes.count / 3) {
                let index = pixel * 3
                result[pixel] =
                    fits
                    ? exact[Self.key(picture.bytes, index)] ?? 0
                    : Self.cubeIndex(picture.bytes[index], picture.bytes[index + 1], picture.bytes[index + 2])
            }
            return result
        }

        func centiseconds(_ seconds: Double) -> Int { Int((seconds * 100).rounded()) }
        var patches: [Patch] = []
        var shown: [UInt8] = []
        for (number, picture) in pictures.enumerated() {
            let start = number < instants.count ? instants[number] : 0
            let end = number + 1 < instants.count ? instants[number + 1] : start + lastSeconds
            let delay = max(0, centiseconds(end) - centiseconds(start))
            let current = indices(of: picture)
            guard !patches.isEmpty else {
                patches.append(
                    Patch(left: 0, top: 0, width: width, height: height, indices: current, delayCentiseconds: delay))
                shown = current
                continue
            }
            var minX = width
            var minY = height
            var maxX = -1
            var maxY = -1
            for y in 0..<height {
                for x in 0..<width where current[y * width + x] != shown[y * width + x] {
                    minX = min(minX, x)
                    maxX = max(maxX, x)
                    minY = min(minY, y)
                    maxY = max(maxY, y)
                }
            }
            guard maxX >= 0 else {
                patches[patches.count - 1].delayCentiseconds += delay
                continue
            }
            var patch = Patch(
                left: minX, top: minY, width: maxX - minX + 1, height: maxY - minY + 1, indices: [],
                delayCentiseconds: delay)
            patch.indices.reserveCapacity(patch.width * patch.height)
            for y in minY...maxY {
                for x in minX...maxX {
                    let pixel = y * width + x
                    patch.indices.append(current[pixel] == shown[pixel] ? UInt8(palette.count) : current[pixel])
                }
            }
            patches.append(patch)
            shown = current
        }
        self.patches = patches
    }

    private static func key(_ bytes: [UInt8], _ index: Int) -> UInt32 {
        UInt32(bytes[index]) << 16 | UInt32(bytes[index + 1]) << 8 | UInt32(bytes[index + 2])
    }

    private static let cubeLevels = (red: 6, green: 7, blue: 6)

    /// 6 × 7 × 6 = 252 colours spread evenly over each channel.
    private static let cube: [RGB] = {
        var colours: [RGB] = []
        for red in 0..<cubeLevels.red {
            for green in 0..<cubeLevels.green {
                for blue in 0..<cubeLevels.blue {
                    colours.append(
                        RGB(
                            red: UInt8(red * 255 / (cubeLevels.red - 1)),
                            green: UInt8(green * 255 / (cubeLevels.green - 1)),
                            blue: UInt8(blue * 255 / (cubeLevels.blue - 1))))
                }
            }
        }
        return colours
    }()

    private static func cubeIndex(_ red: UInt8, _ green: UInt8, _ blue: UInt8) -> UInt8 {
        func level(_ value: UInt8, _ levels: Int) -> Int { (Int(value) * (levels - 1) + 127) / 255 }
        let index =
            (level(red, cubeLevels.red) * cubeLevels.green + level(green, cubeLevels.green)) * cubeLevels.blue
            + level(blue, cubeLevels.blue)
        return UInt8(index)
    }
}
