import Testing
import TickerCore
import TickerPictures

@Suite struct IndexedAnimationTests {
    private func picture(_ rows: [String]) -> RGBFrame {
        let colours: [Character: RGB] = [".": .black, "#": .white, "r": RGB(red: 255, green: 0, blue: 0)]
        var picture = RGBFrame(width: rows.first?.count ?? 0, height: rows.count)
        for (y, row) in rows.enumerated() {
            for (x, character) in row.enumerated() { picture[x, y] = colours[character] ?? .black }
        }
        return picture
    }

    @Test func storesOnlyTheChangedRectangleWithUnchangedPixelsTransparent() {
        let first = picture(["....", "....", "...."])
        let second = picture(["....", ".#r.", "..#."])
        let animation = IndexedAnimation(pictures: [first, second], instants: [0, 0.5], lastSeconds: 1)
        #expect(animation.palette.count == 3)
        #expect(animation.patches.count == 2)
        let patch = animation.patches[1]
        #expect([patch.left, patch.top, patch.width, patch.height] == [1, 1, 2, 2])
        let t = animation.transparentIndex
        let white = UInt8(animation.palette.firstIndex(of: .white) ?? 99)
        let red = UInt8(animation.palette.firstIndex(of: RGB(red: 255, green: 0, blue: 0)) ?? 99)
        #expect(patch.indices == [white, red, t, white])
        #expect(animation.patches.map(\.delayCentiseconds) == [50, 100])
    }

    @Test func aRepeatedPictureLengthensTheOneBefore() {
        let a = picture(["#."])
        let b = picture([".#"])
        let animation = IndexedAnimation(pictures: [a, a, a, b], instants: [0, 0.1, 0.2, 0.3], lastSeconds: 0.1)
        #expect(animation.patches.map(\.delayCentiseconds) == [30, 10])
    }

    @Test func delaysAreRoundedOnTheInstantsSoTheyDoNotDrift() {
        let pictures = (0..<6).map { step in
            picture([String(repeating: ".", count: step) + "#" + String(repeating: ".", count: 5 - step)])
        }
        let instants = (0..<6).map { Double($0) / 30 }
        let animation = IndexedAnimation(pictures: pictures, instants: instants, lastSeconds: 1.0 / 30)
        let delays = animation.patches.map(\.delayCentiseconds)
        #expect(delays == [3, 4, 3, 3, 4, 3])
        #expect(delays.reduce(0, +) == 20)
    }

    @Test func moreThan255ColoursAreReducedToAnEvenCube() {
        var many = RGBFrame(width: 300, height: 1)
        for x in 0..<300 { many[x, 0] = RGB(red: UInt8(x % 256), green: UInt8(x / 2), blue: 0) }
        let animation = IndexedAnimation(pictures: [many], instants: [0], lastSeconds: 1)
        #expect(animation.palette.count == 252)
        let first = animation.patches[0].indices
        #expect(animation.palette[Int(first[0])] == .black)
        #expect(animation.palette[Int(first[255])] == RGB(red: 255, green: 127, blue: 0))
    }
}
