/// A chain of MAX7219 chips as the datasheet describes them, fed the bytes a controller clocks in: what the
/// panel emulator runs. Each transaction (the bytes between chip-select falling and rising) must be two bytes
/// per chip; the first word reaches the farthest chip. Each chip applies its word: a digit row, decoding, the
/// intensity, the scan limit, shutdown, display test; a no-op leaves it alone. `picture` draws what the LEDs
/// show. Pure.
public struct MAX7219Chain: Sendable {
    /// One chip's registers.
    public struct Chip: Sendable, Equatable {
        /// The eight digit rows.
        public var digits = [UInt8](repeating: 0, count: 8)
        /// Code B decoding per digit.
        public var decodeMode: UInt8 = 0
        /// 0–15.
        public var intensity: UInt8 = 0
        /// Digits scanned, minus one.
        public var scanLimit: UInt8 = 0
        /// Whether the chip runs: it starts shut down, as at power-up.
        public var running = false
        /// Whether every LED is lit for the display test.
        public var testing = false
    }

    /// Where the chips are and how their LEDs are wired.
    public let layout: MAX7219Layout
    /// The chips, the first (nearest the controller) first.
    public private(set) var chips: [Chip]
    private let pixels: [Int32]

    /// A chain of powered-up chips (shut down, every register 0).
    public init(layout: MAX7219Layout) {
        self.layout = layout
        chips = [Chip](repeating: Chip(), count: layout.chips)
        pixels = layout.pixelTable()
    }

    /// Bytes of every transaction: two per chip.
    public var transactionBytes: Int { layout.chips * 2 }

    /// Applies one transaction of `transactionBytes` bytes; throws, changing nothing, for another length or a
    /// register the chip does not have (0x0D, 0x0E, 0x10 and above are not registers).
    public mutating func apply(_ bytes: some Collection<UInt8>) throws(MAX7219ChainError) {
        guard bytes.count == transactionBytes else {
            throw .length(bytes.count, expected: transactionBytes)
        }
        let words = Array(bytes)
        for word in 0..<layout.chips {
            let address = words[word * 2]
            guard address <= 0x0C || address == 0x0F else { throw .register(address, word: word) }
        }
        for word in 0..<layout.chips {
            let chip = layout.chips - 1 - word
            let (address, value) = (words[word * 2], words[word * 2 + 1])
            switch address {
            case 0x01...0x08: chips[chip].digits[Int(address) - 1] = value
            case MAX7219Register.decodeMode.rawValue: chips[chip].decodeMode = value
            case MAX7219Register.intensity.rawValue: chips[chip].intensity = value & 0x0F
            case MAX7219Register.scanLimit.rawValue: chips[chip].scanLimit = value & 0x07
            case MAX7219Register.shutdown.rawValue: chips[chip].running = value & 1 == 1
            case MAX7219Register.displayTest.rawValue: chips[chip].testing = value & 1 == 1
            default: break
            }
        }
    }

    /// What the LEDs show, on one bit: a chip in display test is all lit, a shut-down chip dark, and a chip
    /// shows only the digits its scan limit reaches, raw (a chip set to decode shows its segments as they are).
    public var picture: Frame {
        var frame = Frame(width: layout.width, height: layout.height, depth: .one)
        for (index, chip) in chips.enumerated() {
            for digit in 0..<8 {
                let value: UInt8 =
                    chip.testing ? 0xFF : (chip.running && digit <= Int(chip.scanLimit) ? chip.digits[digit] : 0)
                for bit in 0..<8 where value & (1 << bit) != 0 {
                    let pixel = Int(pixels[index * 64 + digit * 8 + bit])
                    frame[pixel % layout.width, pixel / layout.width] = 1
                }
            }
        }
        return frame
    }
}

/// A transaction a MAX7219 chain cannot take.
public enum MAX7219ChainError: Error, Equatable, CustomStringConvertible {
    /// Not two bytes per chip.
    case length(Int, expected: Int)
    /// A register the chip does not have, in the `word`th word of the transaction.
    case register(UInt8, word: Int)

    /// The sentence.
    public var description: String {
        switch self {
        case .length(let count, let expected):
            "a transaction of \(count) bytes, expected \(expected) (2 for each chip of the chain)"
        case .register(let address, let word):
            "register 0x\(address < 16 ? "0" : "")\(String(address, radix: 16, uppercase: true)) in word \(word) is not a MAX7219 register"
        }
    }
}
