/// "03 01 FF" as bytes; the tests' way to write wire data as the protocol document does.
func hex(_ text: String) -> [UInt8] {
    text.split(separator: " ").map { UInt8($0, radix: 16) ?? 0xEE }
}

/// Bytes as "03 01 FF", so a failing comparison prints what the document would show.
func hexString(_ bytes: some Sequence<UInt8>) -> String {
    bytes.map { byte in
        let digits = String(byte, radix: 16, uppercase: true)
        return digits.count == 1 ? "0" + digits : digits
    }.joined(separator: " ")
}
