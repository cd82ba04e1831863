import Testing
import TickerCore
import TickerPictures

@Suite struct PictureFileTests {
    private func gradient(_ width: Int, _ height: Int, shift: Int = 0) -> RGBFrame {
        var picture = RGBFrame(width: width, height: height)
        for y in 0..<height {
            for x in 0..<width {
                picture[x, y] = RGB(red: UInt8((x + shift) % 4 * 60), green: UInt8(y * 40), blue: 200)
            }
        }
        return picture
    }

    @Test func pngReadsBackPixelForPixel() throws {
        let picture = gradient(17, 5)
        let file = try PNGEncoder.encode(picture)
        #expect(Array(file.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        #expect(try PNGEncoder.decode(file) == picture)
    }

    @Test func anEmptyPictureIsAnErrorNotAFile() {
        #expect(throws: PictureError("PNG: the picture is empty")) {
            try PNGEncoder.encode(RGBFrame(width: 0, height: 3))
        }
    }

    @Test func gifPlaysBackEveryPictureWithItsDelay() throws {
        let pictures = [gradient(9, 4), gradient(9, 4), gradient(9, 4, shift: 1), gradient(9, 4, shift: 2)]
        let animation = IndexedAnimation(pictures: pictures, instants: [0, 0.25, 0.5, 0.75], lastSeconds: 0.25)
        let file = try GIFEncoder.encode(animation)
        #expect(Array(file.prefix(6)) == Array("GIF89a".utf8))
        #expect(file.count < 2_000)
        let played = try GIFDecoder.decode(file)
        #expect(played.map(\.picture) == [pictures[0], pictures[2], pictures[3]])
        #expect(played.map(\.delayCentiseconds) == [50, 25, 25])
    }

    @Test(arguments: [
        ("not a GIF", Array("hello, world".utf8)),
        ("header only", Array("GIF89a".utf8)),
        ("truncated", Array("GIF89a".utf8) + [9, 0, 4, 0, 0xF7, 0, 0]),
    ])
    func aDamagedGIFIsAnError(_ name: String, _ bytes: [UInt8]) {
        #expect(throws: PictureError.self) { try GIFDecoder.decode(bytes) }
    }

    @Test func aDamagedPNGIsAnError() throws {
        let file = try PNGEncoder.encode(gradient(4, 4))
        #expect(throws: PictureError.self) { try PNGEncoder.decode(Array(file.prefix(40))) }
    }
}
