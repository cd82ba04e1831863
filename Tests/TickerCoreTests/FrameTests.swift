import Testing

@testable import TickerCore

@Suite struct FrameTests {
    @Test(arguments: [(PixelDepth.one, 16, 2), (.two, 16, 4), (.four, 12, 6), (.eight, 8, 8), (.two, 7, 2)])
    func columnsTakeCeilOfHeightTimesBits(depth: PixelDepth, height: Int, bytes: Int) {
        #expect(depth.bytesPerColumn(height: height) == bytes)
    }

    @Test func topPixelLivesInLeastSignificantBitsOfFirstByte() {
        var frame = Frame(width: 2, height: 5, depth: .two)
        frame[1, 0] = 3
        frame[1, 4] = 1
        #expect(frame.bytes == [0, 0, 0b0000_0011, 0b0000_0001])
        #expect(frame[1, 0] == 3)
        #expect(frame[1, 4] == 1)
        #expect(frame[0, 0] == 0)
    }
}

@Suite struct PixelDepthTests {
    @Test(arguments: [
        (PixelDepth.one, UInt8(1), UInt64(0xFFFF_FFFF_FFFF_FFFF)),
        (.two, 1, 0x5555_5555_5555_5555),
        (.two, 2, 0xAAAA_AAAA_AAAA_AAAA),
        (.four, 5, 0x5555_5555_5555_5555),
        (.eight, 0x9C, 0x9C9C_9C9C_9C9C_9C9C),
    ])
    func repeatsALevelInEveryPixel(depth: PixelDepth, level: UInt8, pattern: UInt64) {
        #expect(depth.repeated(level) == pattern)
    }

    @Test func aRepeatedLevelCutsFullPixelsDownToThatLevel() {
        // Two full pixels (0b11) and one off pixel, ANDed with level 1 repeated: level 1 where lit.
        let packed: UInt8 = 0b00_11_00_11
        #expect(packed & UInt8(truncatingIfNeeded: PixelDepth.two.repeated(1)) == 0b00_01_00_01)
    }
}
