/// How a MAX7219 module's LEDs are wired to the chip: which of its digits (rows 0x01–0x08) and segments (the
/// bits of each) light which LED. The boards sold differ here, as MD_MAX72XX describes them with three flags:
/// whether the digits are the module's rows or its columns, and whether the columns or the rows run the other
/// way. Coordinates below are the module as it reads, top left first.
public enum MAX7219Variant: String, Sendable, Equatable, CaseIterable {
    /// The blue "FC-16" 4-in-1 modules: digit N+1 is row N from the top, bit 7 the leftmost column.
    case fc16
    /// The single green "generic" boards: digit N+1 is column 7−N from the left (digit 1 the rightmost),
    /// bit 7 the top row.
    case generic
    /// Parola's own modules: digit N+1 is row N from the top, bit 0 the leftmost column.
    case parola
    /// ICStation kits: digit N+1 is row 7−N from the top (digit 1 the bottom row), bit 0 the leftmost column.
    case icstation

    /// Whether the digits are rows (else columns).
    var digitsAreRows: Bool { self != .generic }
    /// Whether the module's columns run the other way (MD_MAX72XX's HW_REV_COLS).
    var reversedColumns: Bool { self != .fc16 }
    /// Whether the module's rows run the other way (MD_MAX72XX's HW_REV_ROWS).
    var reversedRows: Bool { self == .icstation }

    /// The digit (0–7) and bit (0–7) that light the module's LED at column `x`, row `y` (0–7, from the top
    /// left).
    func wire(x: Int, y: Int) -> (digit: Int, bit: Int) {
        // MD_MAX72XX counts columns from the right, then reverses what the flags say.
        let column = 7 - x
        let row = y
        func hardwareRow(_ value: Int) -> Int { reversedRows ? 7 - value : value }
        func hardwareColumn(_ value: Int) -> Int { reversedColumns ? 7 - value : value }
        return digitsAreRows
            ? (hardwareRow(row), hardwareColumn(column)) : (hardwareRow(column), hardwareColumn(row))
    }
}

/// A quarter turn of each module's picture.
public enum MAX7219Rotation: String, Sendable, Equatable, CaseIterable {
    /// As the variant wires it.
    case none = "0"
    /// Turned 90° clockwise.
    case quarter = "90"
    /// Turned upside down.
    case half = "180"
    /// Turned 90° anticlockwise.
    case threeQuarters = "270"
}

/// Which end of the top row of modules the chain starts at: the module whose DIN is wired to the Pi.
public enum MAX7219ChainStart: String, Sendable, Equatable, CaseIterable {
    /// The rightmost module is the first (an FC-16 module's input is on its right, as MD_MAX72XX numbers it).
    case right
    /// The leftmost module is the first.
    case left
}

/// Where each of a chain's chips sits on the panel and how its LEDs are wired: modules of 8 × 8 LEDs,
/// `across` in a row and `down` rows stacked. The chain starts at the top row's `chainStart` end and goes
/// along it; each next row continues from the same end, or from the other when `serpentine` (the wire then
/// goes straight down at the ends). Each module's picture is turned by `rotation`, then mirrored by the flips,
/// for modules mounted another way than the variant reads.
public struct MAX7219Layout: Sendable, Equatable {
    /// How each module is wired.
    public var variant: MAX7219Variant
    /// Modules in a row.
    public var across: Int
    /// Rows of modules.
    public var down: Int
    /// Where the chain starts.
    public var chainStart: MAX7219ChainStart
    /// Whether every second row of modules runs back.
    public var serpentine: Bool
    /// Each module's picture turned.
    public var rotation: MAX7219Rotation
    /// Each module's picture mirrored left to right (after the rotation).
    public var flipHorizontal: Bool
    /// Each module's picture mirrored top to bottom (after the rotation).
    public var flipVertical: Bool

    /// A layout; sizes below 1 count as 1.
    public init(
        variant: MAX7219Variant = .fc16, across: Int, down: Int = 1, chainStart: MAX7219ChainStart = .right,
        serpentine: Bool = false, rotation: MAX7219Rotation = .none, flipHorizontal: Bool = false,
        flipVertical: Bool = false
    ) {
        self.variant = variant
        self.across = max(across, 1)
        self.down = max(down, 1)
        self.chainStart = chainStart
        self.serpentine = serpentine
        self.rotation = rotation
        self.flipHorizontal = flipHorizontal
        self.flipVertical = flipVertical
    }

    /// Chips in the chain.
    public var chips: Int { across * down }
    /// Columns of LEDs.
    public var width: Int { across * 8 }
    /// Rows of LEDs.
    public var height: Int { down * 8 }

    /// The chip (0: the first, nearest the Pi), digit (0–7) and bit (0–7) that light pixel (`x`, `y`) of the
    /// panel, or nil outside it.
    public func wire(x: Int, y: Int) -> (chip: Int, digit: Int, bit: Int)? {
        guard x >= 0, y >= 0, x < width, y < height else { return nil }
        let row = y / 8
        var place = chainStart == .right ? across - 1 - x / 8 : x / 8
        if serpentine, row % 2 == 1 { place = across - 1 - place }
        var (mx, my) = (x % 8, y % 8)
        switch rotation {
        case .none: break
        case .quarter: (mx, my) = (7 - my, mx)
        case .half: (mx, my) = (7 - mx, 7 - my)
        case .threeQuarters: (mx, my) = (my, 7 - mx)
        }
        if flipHorizontal { mx = 7 - mx }
        if flipVertical { my = 7 - my }
        let (digit, bit) = variant.wire(x: mx, y: my)
        return (row * across + place, digit, bit)
    }

    /// For each chip, digit and bit (`chip × 64 + digit × 8 + bit`), the pixel it lights (`y × width + x`):
    /// the table the encoder and the emulator both read.
    public func pixelTable() -> [Int32] {
        var table = [Int32](repeating: 0, count: chips * 64)
        for y in 0..<height {
            for x in 0..<width {
                guard let (chip, digit, bit) = wire(x: x, y: y) else { continue }
                table[chip * 64 + digit * 8 + bit] = Int32(y * width + x)
            }
        }
        return table
    }
}
