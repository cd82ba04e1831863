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
