/// Which way the strip runs through a module: along rows or along columns.
public enum StripWiring: String, Sendable, Equatable, CaseIterable {
    /// Row after row.
    case rows
    /// Column after column.
    case columns
}

/// The corner of a module (and of the chain of modules) where the strip starts.
public enum StripOrigin: String, Sendable, Equatable, CaseIterable {
    case topLeft = "top-left"
    case topRight = "top-right"
    case bottomLeft = "bottom-left"
    case bottomRight = "bottom-right"

    var fromRight: Bool { self == .topRight || self == .bottomRight }
    var fromBottom: Bool { self == .bottomLeft || self == .bottomRight }
}

/// How the LEDs of a matrix are chained: which LED of the strip is which pixel.
///
/// The matrix is `tilesAcross` × `tilesDown` modules of `moduleWidth` × `moduleHeight` LEDs. Inside a module
/// the strip starts at `origin` and runs along rows or columns (`wiring`); with `serpentine` every second row
/// (or column) runs back the other way. The modules are chained in the same order, starting with the module
/// at `origin` and filling rows (or columns) of modules, each row in the same direction; every module is
/// wired the same way. Strip index 0 is the first LED after the controller.
public struct StripLayout: Sendable, Equatable {
    /// Along rows or columns.
    public var wiring: StripWiring
    /// Every second line runs back.
    public var serpentine: Bool
    /// The first LED's corner.
    public var origin: StripOrigin
    /// LEDs across one module.
    public var moduleWidth: Int
    /// LEDs down one module.
    public var moduleHeight: Int
    /// Modules across the matrix.
    public var tilesAcross: Int
    /// Modules down the matrix.
    public var tilesDown: Int

    /// A layout; sizes below 1 count as 1.
    public init(
        wiring: StripWiring = .rows, serpentine: Bool = false, origin: StripOrigin = .topLeft, moduleWidth: Int,
        moduleHeight: Int, tilesAcross: Int = 1, tilesDown: Int = 1
    ) {
        self.wiring = wiring
        self.serpentine = serpentine
        self.origin = origin
        self.moduleWidth = max(1, moduleWidth)
        self.moduleHeight = max(1, moduleHeight)
        self.tilesAcross = max(1, tilesAcross)
        self.tilesDown = max(1, tilesDown)
    }

    /// Columns of the whole matrix.
    public var width: Int { moduleWidth * tilesAcross }
    /// Rows of the whole matrix.
    public var height: Int { moduleHeight * tilesDown }
    /// LEDs on the strip.
    public var count: Int { width * height }

    /// The pixel (x from the left, y from the top) of the LED at strip `index`, or nil outside the strip.
    public func position(of index: Int) -> (x: Int, y: Int)? {
        guard index >= 0, index < count else { return nil }
        let perModule = moduleWidth * moduleHeight
        let tile = index / perModule
        let local = index % perModule
        // The chain of modules: never serpentine, since the modules are all wired alike.
        var (tileX, tileY) =
            wiring == .rows ? (tile % tilesAcross, tile / tilesAcross) : (tile / tilesDown, tile % tilesDown)
        if origin.fromRight { tileX = tilesAcross - 1 - tileX }
        if origin.fromBottom { tileY = tilesDown - 1 - tileY }
        let lineLength = wiring == .rows ? moduleWidth : moduleHeight
        let line = local / lineLength
        var along = local % lineLength
        if serpentine && line % 2 == 1 { along = lineLength - 1 - along }
        var (x, y) = wiring == .rows ? (along, line) : (line, along)
        if origin.fromRight { x = moduleWidth - 1 - x }
        if origin.fromBottom { y = moduleHeight - 1 - y }
        return (tileX * moduleWidth + x, tileY * moduleHeight + y)
    }

    /// For every strip index, the row-major pixel number `y × width + x` it shows: the table the encoder and
    /// the emulator walk. Built once per configuration.
    public func pixelTable() -> [Int32] {
        (0..<count).map { index in
            guard let (x, y) = position(of: index) else { return 0 }
            return Int32(y * width + x)
        }
    }
}
