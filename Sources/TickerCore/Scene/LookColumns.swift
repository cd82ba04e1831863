/// The colour of each column of a text's strip under a look's fill (`TextLook.Fill`), worked out once when the
/// text or its look changes: the columns of each character in its run's colour, or a gradient from the first
/// column to the last. A rainbow needs no table: its hue follows the column and the time.
struct LookColumns: Sendable, Equatable {
    /// For each strip column: red, green, blue, and 1 where the look colours it (0: the role's colour).
    private var columns: [UInt8]
    /// Whether the fill is a rainbow (then `columns` is empty).
    private var rainbow: Bool

    /// How many hues a rainbow has; one strip column each, so that a rainbow repeats every this many columns.
    static let rainbowHues = 32

    /// The table of `fill` over `line`, drawn `width` columns wide (its strip's width).
    init(_ fill: TextLook.Fill, line: TextLine, width: Int) {
        let width = max(width, 0)
        rainbow = fill == .rainbow
        columns = []
        switch fill {
        case .rainbow:
            return
        case .gradient(let from, let to):
            columns.reserveCapacity(width * 4)
            for column in 0..<width {
                let share = width > 1 ? Double(column) / Double(width - 1) : 0
                for (start, end) in [(from.red, to.red), (from.green, to.green), (from.blue, to.blue)] {
                    columns.append(UInt8((Double(start) + (Double(end) - Double(start)) * share).rounded()))
                }
                columns.append(1)
            }
        case .runs(let runs):
            columns = [UInt8](repeating: 0, count: width * 4)
            // Each character takes the colour of the run its first scalar falls in.
            var scalar = 0
            for (index, character) in line.text.enumerated() {
                if let color = Self.color(ofScalar: scalar, in: runs), index < line.characterSpans.count {
                    for column in line.characterSpans[index] where column >= 0 && column < width {
                        columns[column * 4] = color.red
                        columns[column * 4 + 1] = color.green
                        columns[column * 4 + 2] = color.blue
                        columns[column * 4 + 3] = 1
                    }
                }
                scalar += character.unicodeScalars.count
            }
        }
    }

    /// The colour of strip column `x`, the rainbow moved on by `phase` hues; nil where the look leaves the
    /// role's colour. Allocates nothing.
    @inline(__always)
    func color(atStripColumn x: Int, phase: Int) -> RGB? {
        if rainbow {
            let hues = Self.rainbowHues
            let hue = ((x + phase) % hues + hues) % hues
            return Self.rainbowColors[hue]
        }
        let entry = x &* 4
        guard x >= 0, entry + 3 < columns.count, columns[entry + 3] != 0 else { return nil }
        return RGB(red: columns[entry], green: columns[entry + 1], blue: columns[entry + 2])
    }

    /// The colour of the run that scalar `index` of the text falls in, nil past the last run.
    private static func color(ofScalar index: Int, in runs: [TextLook.ColorRun]) -> RGB? {
        var start = 0
        for run in runs {
            guard let length = run.length else { return run.color }
            if index < start + length { return run.color }
            start += length
        }
        return nil
    }

    /// The rainbow's hues at full saturation and value, red first, round the colour wheel.
    static let rainbowColors: [RGB] = (0..<rainbowHues).map { hue in
        let sector = Double(hue) * 6 / Double(rainbowHues)
        let rise = UInt8(((sector - sector.rounded(.down)) * 255).rounded())
        let fall = 255 - rise
        switch Int(sector) {
        case 0: return RGB(red: 255, green: rise, blue: 0)
        case 1: return RGB(red: fall, green: 255, blue: 0)
        case 2: return RGB(red: 0, green: 255, blue: rise)
        case 3: return RGB(red: 0, green: fall, blue: 255)
        case 4: return RGB(red: rise, green: 0, blue: 255)
        default: return RGB(red: 255, green: 0, blue: fall)
        }
    }
}
