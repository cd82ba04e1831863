/// The 64-bit FNV-1a hash, written as 16 hex digits: what names a cache entry, and tells two covers apart.
enum FNV1a {
    /// The hash of `bytes`.
    static func hex(_ bytes: some Sequence<UInt8>) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes {
            hash ^= UInt64(byte)
            hash &*= 0x0000_0100_0000_01B3
        }
        let hex = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }
}
