/// The device side of `StripProtocol`: a byte-at-a-time decoder of Adalight and TPM2 frames, as a WLED
/// controller reads its serial port. Bytes outside a frame are handed back (WLED reads commands there).
/// Written for hostile input: frames longer than `maxLEDs` are dropped, the buffer never grows.
public struct StripDecoder: Sendable {
    /// What a byte completed.
    public enum Event: Sendable, Equatable {
        /// A whole frame of `leds` LEDs is in `data` (three bytes each, as on the wire).
        case frame(StripProtocol, leds: Int)
        /// A byte outside any frame.
        case other(UInt8)
        /// A frame was dropped; the sentence says why.
        case damaged(String)
    }

    private enum State: Sendable {
        case idle
        case adaD, adaA, adaHigh
        case adaLow(UInt8)
        case adaCheck(UInt8, UInt8)
        case tpmType, tpmHigh
        case tpmLow(UInt8)
        case data(StripProtocol, leds: Int, at: Int)
        case tpmEnd(leds: Int)
    }

    /// The most LEDs a frame may have.
    public let maxLEDs: Int
    /// The LED data of the last frame (the first `3 × leds` bytes).
    public private(set) var data: [UInt8]
    private var state = State.idle

    /// A decoder for frames of up to `maxLEDs` LEDs (1–65536).
    public init(maxLEDs: Int) {
        self.maxLEDs = max(1, min(maxLEDs, 65_536))
        data = [UInt8](repeating: 0, count: 3 * self.maxLEDs)
    }

    /// Feeds one byte.
    public mutating func push(_ byte: UInt8) -> Event? {
        switch state {
        case .idle:
            switch byte {
            case 0x41: state = .adaD
            case 0xC9: state = .tpmType
            default: return .other(byte)
            }
        case .adaD:
            state = byte == 0x64 ? .adaA : .idle
        case .adaA:
            state = byte == 0x61 ? .adaHigh : .idle
        case .adaHigh:
            state = .adaLow(byte)
        case .adaLow(let high):
            state = .adaCheck(high, byte)
        case .adaCheck(let high, let low):
            state = .idle
            guard byte == high ^ low ^ 0x55 else {
                return .damaged("Adalight header with checksum \(hex(byte)), expected \(hex(high ^ low ^ 0x55))")
            }
            let leds = Int(high) << 8 + Int(low) + 1
            guard leds <= maxLEDs else { return .damaged("Adalight frame of \(leds) LEDs, more than \(maxLEDs)") }
            state = .data(.adalight, leds: leds, at: 0)
        case .tpmType:
            state = byte == 0xDA ? .tpmHigh : .idle
        case .tpmHigh:
            state = .tpmLow(byte)
        case .tpmLow(let high):
            state = .idle
            let length = Int(high) << 8 + Int(byte)
            guard length > 0, length % 3 == 0 else {
                return .damaged("TPM2 frame of \(length) bytes, not a positive multiple of 3")
            }
            guard length / 3 <= maxLEDs else {
                return .damaged("TPM2 frame of \(length / 3) LEDs, more than \(maxLEDs)")
            }
            state = .data(.tpm2, leds: length / 3, at: 0)
        case .data(let kind, let leds, let at):
            data[at] = byte
            if at + 1 < 3 * leds {
                state = .data(kind, leds: leds, at: at + 1)
            } else if kind == .tpm2 {
                state = .tpmEnd(leds: leds)
            } else {
                state = .idle
                return .frame(.adalight, leds: leds)
            }
        case .tpmEnd(let leds):
            state = .idle
            guard byte == 0x36 else { return .damaged("TPM2 frame ended by \(hex(byte)), expected 0x36") }
            return .frame(.tpm2, leds: leds)
        }
        return nil
    }

    private func hex(_ byte: UInt8) -> String {
        let digits = Array("0123456789ABCDEF")
        return "0x" + String(digits[Int(byte >> 4)]) + String(digits[Int(byte & 0xF)])
    }
}
