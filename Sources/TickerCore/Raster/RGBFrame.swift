/// One colour of 8 bits per channel, in the order red, green, blue.
public struct RGB: Hashable, Sendable {
    public var red: UInt8
    public var green: UInt8
    public var blue: UInt8

    public init(red: UInt8, green: UInt8, blue: UInt8) {
        self.red = red
        self.green = green
        self.blue = blue
    }

    public static let black = RGB(red: 0, green: 0, blue: 0)
    public static let white = RGB(red: 255, green: 255, blue: 255)
}

/// What a colour panel or an LED matrix shows at one instant: `width` × `height` pixels of 8-bit red, green and
/// blue, row-major from the top-left corner (`bytes[(y × width + x) × 3 ..< +3]` is R, G, B). Linear light:
/// no gamma is applied here; a sink that needs it applies its own table.
public struct RGBFrame: Sendable, Equatable {
    /// Width in pixels (columns).
    public let width: Int
    /// Height in pixels (rows).
    public let height: Int
    /// The pixels, `width × height × 3` bytes.
    public var bytes: [UInt8]

    /// A black frame of the given size (negative sizes count as zero).
    public init(width: Int, height: Int) {
        self.width = max(0, width)
        self.height = max(0, height)
        bytes = [UInt8](repeating: 0, count: self.width * self.height * 3)
    }

    /// The grey frame in white light: level `l` of a depth whose brightest level is `m` becomes
    /// `l × 255 / m` (rounded) in every channel.
    public init(grey frame: Frame) {
        self.init(width: frame.width, height: frame.height)
        render(grey: frame)
    }

    /// Overwrites this frame (of the same size) with `frame` in white light, without allocating.
    public mutating func render(grey frame: Frame) {
        let maxLevel = Int(frame.depth.maxLevel)
        for y in 0..<min(height, frame.height) {
            for x in 0..<min(width, frame.width) {
                let value = UInt8((Int(frame[x, y]) * 255 + maxLevel / 2) / maxLevel)
                self[x, y] = RGB(red: value, green: value, blue: value)
            }
        }
    }

    /// The colour of pixel (`x`, `y`); black outside the frame, and writes there are ignored.
    public subscript(x: Int, y: Int) -> RGB {
        get {
            guard x >= 0, x < width, y >= 0, y < height else { return .black }
            let index = (y * width + x) * 3
            return RGB(red: bytes[index], green: bytes[index + 1], blue: bytes[index + 2])
        }
        set {
            guard x >= 0, x < width, y >= 0, y < height else { return }
            let index = (y * width + x) * 3
            bytes[index] = newValue.red
            bytes[index + 1] = newValue.green
            bytes[index + 2] = newValue.blue
        }
    }
}
