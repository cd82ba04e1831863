/// Packs eight pixels of a column mask into wire bytes at one brightness level: entry `m` holds, for each
/// set bit `i` of `m`, the level shifted to bit `i × bits`. Eight pixels of at most 8 bits fit one `UInt64`.
struct LevelTable: Sendable {
    let level: UInt8
    let depth: PixelDepth
    let entries: [UInt64]

    init(level: UInt8, depth: PixelDepth) {
        let level = min(level, depth.maxLevel)
        var entries = [UInt64](repeating: 0, count: 256)
        for mask in 0..<256 {
            var packed: UInt64 = 0
            for bit in 0..<8 where mask & (1 << bit) != 0 {
                packed |= UInt64(level) << UInt64(bit * depth.bits)
            }
            entries[mask] = packed
        }
        self.level = level
        self.depth = depth
        self.entries = entries
    }
}
