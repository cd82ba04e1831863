/// The middle square of a picture brought to `side` × `side` pixels, fed one row at a time, so that a decoder
/// need not keep the picture whole.
///
/// Covers are square or nearly so (a CD's 120 × 120 mm, a scan's few rows more or less): the middle square of
/// the shorter side is taken and the rest cut off, never squeezed. A square larger than `side` is averaged
/// down by area in linear light: every source pixel adds its light to the one or two output pixels it
/// overlaps in each direction, weighted by how much of it falls in each, and each output pixel's light is
/// made into an sRGB code again. A square smaller than `side` (a thumbnail) is enlarged by the nearest pixel,
/// so that the cover fills its box, in blocks as sharp as its pixels.
package struct CoverScaler {
    /// The side of the picture's middle square, in source pixels.
    package let square: Int
    /// The output's side.
    package let side: Int
    /// The source columns and rows the square starts at.
    private let left: Int
    private let top: Int
    /// For each source column (and row) of the square: the output pixel it falls in first, and the weight it
    /// gives that one (the rest, `side` − weight, goes to the next): in units where a source pixel spans
    /// `side` and an output pixel `square`.
    private let spans: [(first: Int, weight: Int)]
    /// Averaging: the light of the current source row spread over the output's columns, and the light
    /// gathered for every output pixel. Enlarging: the output itself.
    private var rowLight: [Double]
    private var light: [Double]
    private var enlarged: [UInt8]

    /// A scaler of a `width` × `height` picture to `side` × `side`.
    package init(width: Int, height: Int, side: Int) {
        let square = max(min(width, height), 1)
        let downscales = square > side
        self.square = square
        self.side = side
        left = (width - square) / 2
        top = (height - square) / 2
        spans =
            downscales
            ? (0..<square).map { index in
                let first = index * side / square
                return (first, min((index + 1) * side, (first + 1) * square) - index * side)
            } : []
        rowLight = [Double](repeating: 0, count: downscales ? side * 3 : 0)
        light = [Double](repeating: 0, count: downscales ? side * side * 3 : 0)
        enlarged = [UInt8](repeating: 0, count: downscales ? 0 : side * side * 3)
    }

    /// The source rows the square takes; rows outside it may be added too, and are ignored.
    package var rows: Range<Int> { top..<(top + square) }

    /// Adds source row `y`: `row` holds the picture's `width` × 3 bytes of RGB.
    package mutating func add(_ row: UnsafeBufferPointer<UInt8>, at y: Int) {
        guard rows.contains(y), row.count >= (left + square) * 3 else { return }
        if square > side {
            average(row, at: y - top)
        } else {
            enlarge(row, at: y - top)
        }
    }

    /// The output: `side` × `side` × 3 bytes of RGB, row by row.
    package var pixels: [UInt8] {
        guard square > side else { return enlarged }
        let area = Double(square) * Double(square)
        return light.map { LinearLight.code(of: $0 / area) }
    }

    private mutating func average(_ row: UnsafeBufferPointer<UInt8>, at y: Int) {
        let table = LinearLight.ofCode
        let side = side
        for index in rowLight.indices { rowLight[index] = 0 }
        for x in 0..<square {
            let (first, weight) = spans[x]
            let source = (left + x) * 3
            let rest = side - weight
            for channel in 0..<3 {
                let value = table[Int(row[source + channel])]
                rowLight[first * 3 + channel] += value * Double(weight)
                if rest > 0 { rowLight[(first + 1) * 3 + channel] += value * Double(rest) }
            }
        }
        let (first, weight) = spans[y]
        let rest = side - weight
        for index in 0..<(side * 3) {
            light[first * side * 3 + index] += rowLight[index] * Double(weight)
            if rest > 0 { light[(first + 1) * side * 3 + index] += rowLight[index] * Double(rest) }
        }
    }

    private mutating func enlarge(_ row: UnsafeBufferPointer<UInt8>, at y: Int) {
        // Output row r shows source row r × square / side: those whose source row this is.
        for outputRow in 0..<side where outputRow * square / side == y {
            for x in 0..<side {
                let source = (left + x * square / side) * 3
                let target = (outputRow * side + x) * 3
                for channel in 0..<3 { enlarged[target + channel] = row[source + channel] }
            }
        }
    }
}
