import Testing
import TickerCore
import TickerPictures

@Suite struct LEDBoardTests {
    /// The picture as digits: 0 board, 1 an unlit LED's centre colour, 2 a lit one's, `?` anything between.
    private func art(_ image: RGBFrame, board: LEDBoard, lit: RGB) -> String {
        var rows: [String] = []
        for y in 0..<image.height {
            var row = ""
            for x in 0..<image.width {
                switch image[x, y] {
                case board.board: row += "0"
                case board.unlit: row += "1"
                case lit: row += "2"
                default: row += "?"
                }
            }
            rows.append(row)
        }
        return rows.joined(separator: "\n")
    }

    @Test func drawsEachLEDAsARoundDotInItsCellLitOrDark() {
        var panel = RGBFrame(width: 2, height: 1)
        panel[0, 0] = .white
        let board = LEDBoard(pitch: 7)
        let image = board.draw(panel)
        #expect(image.width == 14 && image.height == 7)
        #expect(
            art(image, board: board, lit: .white) == """
                000?000000?000
                0?222?00?111?0
                02222200111110
                ?22222??11111?
                02222200111110
                0?222?00?111?0
                000?000000?000
                """)
    }

    @Test func aLitLEDBrightensTheDarkDotTowardsItsColour() {
        var panel = RGBFrame(width: 1, height: 1)
        panel[0, 0] = RGB(red: 255, green: 0, blue: 0)
        let board = LEDBoard(pitch: 8, board: .black, unlit: RGB(red: 40, green: 40, blue: 40))
        #expect(board.draw(panel)[4, 4] == RGB(red: 255, green: 40, blue: 40))
    }

    @Test func pitchIsClampedToWhatCanShowADot() {
        #expect(LEDBoard(pitch: 0).pitch == 3)
        #expect(LEDBoard(pitch: 1000).pitch == 64)
    }
}
