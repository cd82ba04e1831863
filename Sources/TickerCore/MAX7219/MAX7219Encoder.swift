/// Turns pictures into the transactions a chain of MAX7219 chips takes, one transaction per digit row: the
/// same register for every chip, two bytes each (address, then value), the farthest chip's first, so that
/// when chip-select rises each chip holds its own word. It remembers what the chips show and sends only the
/// digit rows that changed; `initialise` sets every chip up again and makes the next frame send every row.
/// Grey pixels become one bit as the renderer's 1-bit path draws them: full is lit, off is dark, and any level
/// between lights a checkerboard, like the dithered rest level of a 1-bit panel. Pure; reuses its buffers.
public struct MAX7219Encoder: Sendable {
    /// Where the chips are and how their LEDs are wired.
    public let layout: MAX7219Layout
    /// `layout.pixelTable()`.
    private let pixels: [Int32]
    /// Each chip's digit rows as last sent (`chip × 8 + digit`).
    private var shown: [UInt8]
    /// Each chip's digit rows of the frame being encoded.
    private var wanted: [UInt8]
    /// Whether `shown` is what the chips hold; false until the first frame after `initialise`.
    private var inStep = false
    /// The intensity last sent, or nil.
    private var intensity: UInt8?
    /// One transaction.
    private var transaction: [UInt8]

    /// An encoder for `layout`; nothing is assumed about what the chips show.
    public init(layout: MAX7219Layout) {
        self.layout = layout
        pixels = layout.pixelTable()
        shown = [UInt8](repeating: 0, count: layout.chips * 8)
        wanted = shown
        transaction = [UInt8](repeating: 0, count: layout.chips * 2)
    }

    /// Bytes of every transaction: two per chip.
    public var transactionBytes: Int { layout.chips * 2 }

    /// The intensity register's value (0–15) for `brightness` 0–255: sixteen levels to a step. Brightness 0
    /// has no step (the lowest still lights): the encoder draws nothing then.
    public static func intensity(brightness: UInt8) -> UInt8 { brightness >> 4 }

    /// Whether a pixel of `level` (of `maxLevel`) at (`x`, `y`) is lit on one bit: full always, between off
    /// and full on a checkerboard.
    public static func lit(_ level: UInt8, maxLevel: UInt8, x: Int, y: Int) -> Bool {
        level >= maxLevel || (level > 0 && (x + y) & 1 == 0)
    }

    /// Sets every chip up, whatever a glitch on the line left it doing: scan all 8 digits, no decoding,
    /// display test off, running, the intensity for `brightness`. Each transaction goes to `send`; the next
    /// `encode` sends every row.
    public mutating func initialise(brightness: UInt8, _ send: ([UInt8]) -> Void) {
        command(.scanLimit, 7, send)
        command(.decodeMode, 0, send)
        command(.displayTest, 0, send)
        command(.shutdown, 1, send)
        let level = Self.intensity(brightness: brightness)
        command(.intensity, level, send)
        intensity = level
        inStep = false
    }

    /// Sends the rows of `frame` that differ from what the chips show (every row after `initialise`), and the
    /// intensity when `brightness` changed its step. Returns the digit rows sent.
    @discardableResult
    public mutating func encode(_ frame: Frame, brightness: UInt8, _ send: ([UInt8]) -> Void) -> Int {
        let level = Self.intensity(brightness: brightness)
        if level != intensity {
            command(.intensity, level, send)
            intensity = level
        }
        draw(brightness == 0 ? nil : frame)
        var rows = 0
        for digit in 0..<8 {
            var changed = !inStep
            for chip in 0..<layout.chips where wanted[chip * 8 + digit] != shown[chip * 8 + digit] { changed = true }
            guard changed else { continue }
            for chip in 0..<layout.chips {
                let place = (layout.chips - 1 - chip) * 2
                transaction[place] = MAX7219Register.digit(digit)
                transaction[place + 1] = wanted[chip * 8 + digit]
                shown[chip * 8 + digit] = wanted[chip * 8 + digit]
            }
            send(transaction)
            rows += 1
        }
        inStep = true
        return rows
    }

    /// Darkens every row and shuts every chip down: for leaving the panel at exit.
    public mutating func blank(_ send: ([UInt8]) -> Void) {
        for digit in 0..<8 { command(MAX7219Register.digit(digit), 0, send) }
        command(.shutdown, 0, send)
        shown.withUnsafeMutableBufferPointer { $0.update(repeating: 0) }
        inStep = false
    }

    /// Writes `value` to `register` of every chip in one transaction.
    private mutating func command(_ register: MAX7219Register, _ value: UInt8, _ send: ([UInt8]) -> Void) {
        command(register.rawValue, value, send)
    }

    private mutating func command(_ address: UInt8, _ value: UInt8, _ send: ([UInt8]) -> Void) {
        for chip in 0..<layout.chips {
            transaction[chip * 2] = address
            transaction[chip * 2 + 1] = value
        }
        send(transaction)
    }

    /// Fills `wanted` with `frame` on one bit (nil: dark).
    private mutating func draw(_ frame: Frame?) {
        let width = layout.width
        for index in wanted.indices {
            var byte: UInt8 = 0
            if let frame {
                for bit in 0..<8 {
                    let pixel = Int(pixels[index * 8 + bit])
                    let (x, y) = (pixel % width, pixel / width)
                    if Self.lit(frame[x, y], maxLevel: frame.depth.maxLevel, x: x, y: y) { byte |= 1 << bit }
                }
            }
            wanted[index] = byte
        }
    }
}
