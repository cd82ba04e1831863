/// The MAX7219's registers, as its datasheet numbers them: each SPI word is 16 bits, the register's address in
/// the high byte and its value in the low byte, and a chip latches the word it holds when chip-select rises.
/// In a chain each chip passes on what it shifted in before, so one transaction carries one word per chip, the
/// farthest chip's first.
public enum MAX7219Register: UInt8, Sendable, Equatable, CaseIterable {
    /// Does nothing: what a chip that should be left alone gets.
    case noOp = 0x00
    /// Digit 0, the first of the eight rows of LEDs (digits 1–7 follow at 0x02–0x08).
    case digit0 = 0x01
    /// Code B decoding per digit; 0 for a matrix.
    case decodeMode = 0x09
    /// The current of every LED, 0–15 in steps of 1/16 (the lowest 1/32 of full).
    case intensity = 0x0A
    /// How many digits are scanned, minus one; 7 for a matrix.
    case scanLimit = 0x0B
    /// 0 shuts the chip down (dark, registers kept), 1 runs it.
    case shutdown = 0x0C
    /// 1 lights every LED at full current whatever the registers hold; 0 is normal operation.
    case displayTest = 0x0F

    /// The address of digit row `row` (0–7).
    public static func digit(_ row: Int) -> UInt8 { UInt8(truncatingIfNeeded: 1 + row) }
}
