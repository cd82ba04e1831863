import Testing
import TickerWire

@testable import TickerCore

@Suite struct RGBFrameTests {
    @Test func greyLevelsBecomeWhiteLightScaledToFull() {
        var grey = Frame(width: 3, height: 1, depth: .two)
        grey[0, 0] = 0
        grey[1, 0] = 1
        grey[2, 0] = 3
        let rgb = RGBFrame(grey: grey)
        #expect(rgb[0, 0] == .black)
        #expect(rgb[1, 0] == RGB(red: 85, green: 85, blue: 85))
        #expect(rgb[2, 0] == .white)
        #expect(rgb.bytes.count == 9)
    }

    @Test func pixelsAreRowMajorAndOutsideIsBlack() {
        var rgb = RGBFrame(width: 2, height: 2)
        rgb[1, 1] = RGB(red: 1, green: 2, blue: 3)
        rgb[5, 0] = .white
        #expect(rgb.bytes == [0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 2, 3])
        #expect(rgb[-1, 0] == .black)
    }

    @Test(arguments: [24, 16])
    func aColourPictureReadsBackWhatItsColoursPackedOnTheWire(bitsPerPixel: Int) {
        var sent = Picture(width: 3, height: 2, depth: .eight, color: true)
        sent.colors[0, 0] = RGB(red: 255, green: 0, blue: 0)
        sent.colors[1, 0] = .white
        sent.colors[2, 1] = RGB(red: 0, green: 255, blue: 255)
        let layout = PixelLayout(width: 3, height: 2, bitsPerPixel: bitsPerPixel)
        var wire = [UInt8](repeating: 0, count: layout.byteCount)
        sent.colors.pack(into: &wire, layout: layout)
        var shown = Picture(width: 3, height: 2, depth: .eight, color: true)
        shown.unpack(wire, layout: layout)
        #expect(shown.colors == sent.colors)
    }

    @Test func aGreyPictureTakesTheLevelsOfItsWireLayoutAsTheyAre() {
        var sent = Frame(width: 3, height: 2, depth: .two)
        sent[1, 1] = 3
        sent[2, 0] = 1
        var shown = Picture(width: 3, height: 2, depth: .two, color: false)
        shown.unpack(sent.bytes, layout: sent.layout)
        #expect(shown.frame == sent)
    }
}
