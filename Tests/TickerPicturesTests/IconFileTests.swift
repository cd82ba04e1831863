import Testing
import TickerCore
import TickerPictures

/// PNG and GIF files made into the feed's pictures: frames and delays kept, hostile files refused.
@Suite struct IconFileTests {
    private func square(_ side: Int, lit: Int) -> RGBFrame {
        var picture = RGBFrame(width: side, height: side)
        picture[lit % side, lit / side % side] = RGB(red: 255, green: 0, blue: 0)
        return picture
    }

    /// Where the first image descriptor (`,`) of a GIF file starts: after the header, the screen, the global
    /// colour table and the extensions before it.
    static func imageDescriptor(in file: [UInt8]) -> Int? {
        guard file.count > 13 else { return nil }
        var index = 13 + (file[10] & 0x80 != 0 ? 3 << (Int(file[10] & 7) + 1) : 0)
        while index < file.count {
            switch file[index] {
            case 0x2C: return index
            case 0x21:
                index += 2
                while index < file.count, file[index] != 0 { index += Int(file[index]) + 1 }
                index += 1
            default: return nil
            }
        }
        return nil
    }

    @Test func anAnimatedGIFKeepsItsFramesAndDelays() throws {
        let frames = (0..<3).map { square(8, lit: $0 * 9) }
        let file = try GIFEncoder.encode(IndexedAnimation(pictures: frames, instants: [0, 0.2, 0.5], lastSeconds: 0.3))
        let picture = try PictureFile.picture(named: "walk", file: file)
        #expect(picture.name == "walk" && picture.width == 8 && picture.height == 8)
        #expect(picture.frames.map(\.delay) == [.milliseconds(200), .milliseconds(300), .milliseconds(300)])
        #expect(picture.frames.map(\.pixels) == frames.map(\.bytes))
        // Written as a feed block and read back, it is the same picture.
        let lines = FeedCommand.picture(picture).lines
        #expect(FeedCommand.decode(lines: lines).commands == [.picture(picture)])
    }

    @Test func aPNGIsOneStillFrame() throws {
        let still = square(5, lit: 7)
        let picture = try PictureFile.picture(named: "dot", file: try PNGEncoder.encode(still))
        #expect(picture.frames == [FeedPicture.Frame(delay: .zero, pixels: still.bytes)])
    }

    @Test func delaysOfZeroPlayAsBrowsersPlayThem() {
        #expect(PictureFile.delay(centiseconds: 0) == .milliseconds(100))
        #expect(PictureFile.delay(centiseconds: 1) == .milliseconds(100))
        #expect(PictureFile.delay(centiseconds: 2) == .milliseconds(20))
        #expect(PictureFile.delay(centiseconds: 65_535) == .seconds(60))
    }

    @Test func hostileFilesAreRefusedWithASentence() throws {
        let big = try GIFEncoder.encode(
            IndexedAnimation(pictures: [RGBFrame(width: 200, height: 10)], instants: [0], lastSeconds: 1))
        #expect(throws: PictureError("GIF: a screen of 200 × 10 pixels (at most 64 × 64)")) {
            try PictureFile.picture(named: "big", file: big)
        }
        let gif = try GIFEncoder.encode(IndexedAnimation(pictures: [square(8, lit: 1)], instants: [0], lastSeconds: 1))
        for cut in [10, gif.count / 2, gif.count - 2] {
            #expect(throws: PictureError.self) { try PictureFile.picture(named: "cut", file: Array(gif.prefix(cut))) }
        }
        let many = try GIFEncoder.encode(
            IndexedAnimation(
                pictures: (0..<65).map { square(4, lit: $0) }, instants: (0..<65).map { Double($0) / 10 },
                lastSeconds: 0.1))
        #expect(throws: PictureError("GIF: more than 64 images")) { try PictureFile.picture(named: "many", file: many) }
        // An image declared 65535 pixels wide in an 8 × 8 screen is refused before its pixels are allocated.
        var wide = gif
        let descriptor = try #require(Self.imageDescriptor(in: wide))
        wide[descriptor + 5] = 0xFF
        wide[descriptor + 6] = 0xFF
        #expect(throws: PictureError("GIF: image 0 lies outside the screen")) {
            try PictureFile.picture(named: "wide", file: wide)
        }
        #expect(throws: PictureError.self) { try PictureFile.picture(named: "Bad Name", file: gif) }
    }
}
