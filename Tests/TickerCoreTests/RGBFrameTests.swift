import Testing

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
}
