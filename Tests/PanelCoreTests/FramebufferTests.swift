import PanelCore
import Testing
import TickerWire

@Suite struct FramebufferTests {
    @Test(arguments: [1, 2, 4, 8])
    func levelsRoundTripAtEveryDepth(bits: Int) throws {
        var framebuffer = Framebuffer(geometry: try PanelGeometry(width: 3, height: 7, bitsPerPixel: bits))
        let full = framebuffer.geometry.maxLevel
        framebuffer.setLevel(full, x: 2, y: 6)
        framebuffer.setLevel(1, x: 0, y: 3)
        framebuffer.setLevel(200, x: 1, y: 0)
        #expect(framebuffer.level(x: 2, y: 6) == full)
        #expect(framebuffer.level(x: 0, y: 3) == 1)
        #expect(framebuffer.level(x: 1, y: 0) == min(200, full))
        #expect(framebuffer.level(x: 3, y: 0) == 0)
        #expect(framebuffer.level(x: -1, y: 0) == 0)
    }

    @Test func asciiArtShowsFullBetweenAndOff() throws {
        var framebuffer = Framebuffer(geometry: try PanelGeometry(width: 3, height: 2, bitsPerPixel: 4))
        framebuffer.setLevel(15, x: 0, y: 0)
        framebuffer.setLevel(7, x: 1, y: 0)
        framebuffer.setLevel(1, x: 2, y: 1)
        #expect(framebuffer.asciiArt == "#+.\n..+")
        var streamed: [UInt8] = []
        framebuffer.renderASCIIArt { streamed.append($0) }
        #expect(String(decoding: streamed, as: UTF8.self) == "#+.\n..+\n")
    }

    @Test func topPixelLivesInLeastSignificantBitsOfFirstByte() throws {
        var framebuffer = Framebuffer(geometry: try PanelGeometry(width: 2, height: 5, bitsPerPixel: 2))
        framebuffer.setLevel(3, x: 1, y: 0)
        framebuffer.setLevel(1, x: 1, y: 4)
        #expect(framebuffer.bytes == [0, 0, 0b0000_0011, 0b0000_0001])
    }
}
