/// E1.31's component identifier (CID): 16 bytes that name the sender to every receiver, which must stay the same
/// across restarts (a receiver that sees a new CID takes it for a second source). Derived rather than stored: two
/// FNV-1a hashes of the machine's id (`/etc/machine-id`, the same for the installation's life) and the device's
/// address, so each panel of a host has its own, and the daemon needs no state written anywhere. Shaped as an
/// RFC 9562 UUID of version 8 (a custom one).
public enum SourceIdentity {
    /// The CID for the device at `device` on the machine `machineID`.
    public static func cid(machineID: String, device: String) -> [UInt8] {
        let text = Array("tickerd E1.31 source\u{0}\(machineID)\u{0}\(device)".utf8)
        var bytes = withUnsafeBytes(of: fnv1a(text, basis: 0xCBF2_9CE4_8422_2325).bigEndian, Array.init)
        bytes += withUnsafeBytes(of: fnv1a(text, basis: 0x6C62_272E_07BB_0142).bigEndian, Array.init)
        bytes[6] = bytes[6] & 0x0F | 0x80
        bytes[8] = bytes[8] & 0x3F | 0x80
        return bytes
    }

    /// The 64-bit FNV-1a hash of `bytes` from `basis`.
    private static func fnv1a(_ bytes: [UInt8], basis: UInt64) -> UInt64 {
        bytes.reduce(basis) { ($0 ^ UInt64($1)) &* 0x0000_0100_0000_01B3 }
    }
}
