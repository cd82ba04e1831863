import TickerCore

/// What an emulated LED matrix shows: the strip-ordered LED bytes a host sent, each LED put back at its pixel
/// through the wiring map and its channels out of the colour order, the way `StripEncoder` laid them out. The
/// serial and the network emulators both show their frames through it.
package struct StripPicture: Sendable {
    /// The strip.
    package let settings: StripSettings
    /// What the LEDs show, in pixel order, as the wire carried it (after the host's gamma and power limit).
    package private(set) var picture: RGBFrame
    private let pixels: [Int32]

    /// A dark matrix wired as `settings` say.
    package init(settings: StripSettings) {
        self.settings = settings
        picture = RGBFrame(width: settings.layout.width, height: settings.layout.height)
        pixels = settings.layout.pixelTable()
    }

    /// The LEDs of the strip.
    package var count: Int { pixels.count }

    /// Shows the first `leds` LEDs of `data` (3 bytes each, in strip order and colour order), as far as the
    /// strip goes; the other LEDs keep what they showed.
    package mutating func show(_ data: UnsafeRawBufferPointer, leds: Int) {
        let (a, b, c) = settings.colorOrder.channels
        let shown = min(leds, pixels.count, data.count / 3)
        picture.bytes.withUnsafeMutableBufferPointer { bytes in
            for index in 0..<shown {
                // Wire byte k carries the pixel's channel `channels.k` (0 red, 1 green, 2 blue).
                let pixel = 3 * Int(pixels[index])
                bytes[pixel + a] = data[3 * index]
                bytes[pixel + b] = data[3 * index + 1]
                bytes[pixel + c] = data[3 * index + 2]
            }
        }
    }

    /// The current the strip draws showing the picture, by the host's power model, in milliamps.
    package var milliamps: Int {
        settings.power.milliamps(dutySum: picture.bytes.reduce(0) { $0 + Int($1) }, leds: pixels.count)
    }
}
