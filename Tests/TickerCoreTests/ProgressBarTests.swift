import Testing

@testable import TickerCore

@Suite struct ProgressBarTests {
    static let small = FontChain([.small])
    static let builtin = FontChain([.builtin])

    /// A state playing a track of `seconds` (nil: of unknown length) from position `position`, seen at instant
    /// zero.
    static func playing(_ title: String = "Hi", seconds: Int64?, at position: Duration = .zero) -> PlayerState {
        var state = PlayerState()
        state.apply(.title(title), at: .zero)
        if let seconds { state.apply(.duration(.seconds(seconds)), at: .zero) }
        state.apply(.position(position), at: .zero)
        state.apply(.play, at: .zero)
        return state
    }

    static func drawn(_ scene: inout Scene, _ state: PlayerState, at now: Duration) -> Frame {
        var frame = Frame(width: scene.width, height: scene.height, depth: scene.depth)
        scene.render(state, at: now, into: &frame)
        return frame
    }

    static func lastRow(_ frame: Frame) -> String {
        String(frame.asciiArt.split(separator: "\n").last ?? "")
    }

    @Test func aSmallFontOnAnEightRowPanelLeavesTheBottomRowForTheBar() {
        var scene = Scene(width: 32, height: 8, depth: .two, style: SceneStyle(fonts: Self.small))
        let state = Self.playing(seconds: 64, at: .seconds(16))
        scene.observe(state, at: .zero)
        let frame = Self.drawn(&scene, state, at: .zero)
        // A quarter of 32 pixels reached; the rest of the row shows the bar's length, dim.
        #expect(Self.lastRow(frame) == String(repeating: "#", count: 8) + String(repeating: "+", count: 24))
        // The text is above it, untouched.
        #expect(frame.asciiArt.split(separator: "\n").dropLast().joined().contains("#"))
    }

    @Test func anEightRowFontOnAnEightRowPanelHasNoBarUnlessAsked() {
        var automatic = Scene(width: 32, height: 8, depth: .two, style: SceneStyle(fonts: Self.builtin))
        let state = Self.playing(seconds: 64, at: .seconds(32))
        automatic.observe(state, at: .zero)
        #expect(!Self.lastRow(Self.drawn(&automatic, state, at: .zero)).contains("+"))
        #expect(automatic.zones[0].height == 8)

        var style = SceneStyle(fonts: Self.builtin)
        style.progress = .row
        var asked = Scene(width: 32, height: 8, depth: .two, style: style)
        asked.observe(state, at: .zero)
        // The zone gives up its last row for the bar.
        #expect(asked.zones[0].height == 7)
        #expect(
            Self.lastRow(Self.drawn(&asked, state, at: .zero)) == String(repeating: "#", count: 16)
                + String(repeating: "+", count: 16))
    }

    @Test func offMeansNoBarEvenWithARowSpare() {
        var style = SceneStyle(fonts: Self.small)
        style.progress = .off
        var scene = Scene(width: 32, height: 8, depth: .two, style: style)
        let state = Self.playing(seconds: 64, at: .seconds(32))
        scene.observe(state, at: .zero)
        #expect(Self.lastRow(Self.drawn(&scene, state, at: .zero)) == String(repeating: ".", count: 32))
        #expect(scene.nextChange(state, after: .zero) == nil)
    }

    @Test func aSplitPanelWithSmallFontsShowsTheBarUnderTheLyricZone() {
        let style = SceneStyle(arrangement: .split, fonts: Self.small, bottomFonts: Self.small)
        var scene = Scene(width: 64, height: 16, depth: .one, style: style)
        let state = Self.playing(seconds: 64, at: .seconds(48))
        scene.observe(state, at: .zero)
        // A 1-bit panel shows only the pixels reached.
        #expect(
            Self.lastRow(Self.drawn(&scene, state, at: .zero)) == String(repeating: "#", count: 48)
                + String(repeating: ".", count: 16))
    }

    @Test func theBarChangesOnlyWhenItGainsAWholePixel() {
        var scene = Scene(width: 32, height: 8, depth: .two, style: SceneStyle(fonts: Self.small))
        // 32 pixels over 32 s: one a second, the next at 1 s after a start at 0.25 s.
        let state = Self.playing(seconds: 32, at: .milliseconds(250))
        scene.observe(state, at: .zero)
        let next = scene.nextChange(state, after: .zero)
        #expect(next == .milliseconds(750))
        let before = Self.drawn(&scene, state, at: .milliseconds(750) - .nanoseconds(1))
        let after = Self.drawn(&scene, state, at: .milliseconds(750))
        #expect(Self.lastRow(before) == String(repeating: "+", count: 32))
        #expect(Self.lastRow(after) == "#" + String(repeating: "+", count: 31))
        // Full: it never changes again.
        #expect(scene.nextChange(state, after: .seconds(40)) == nil)
    }

    @Test func aThresholdThatIsNoWholeNumberOfNanosecondsIsStillMetExactly() {
        // 7 pixels over 10 s: thresholds at 10/7 s, which Duration rounds; drawing and nextChange agree.
        var scene = Scene(width: 7, height: 8, depth: .one, style: SceneStyle(fonts: Self.small))
        let state = Self.playing(seconds: 10)
        scene.observe(state, at: .zero)
        var now = Duration.zero
        var pixels = 0
        while let next = scene.nextChange(state, after: now) {
            #expect(next > now)
            let lit = Self.lastRow(Self.drawn(&scene, state, at: next)).filter { $0 == "#" }.count
            let justBefore = Self.lastRow(Self.drawn(&scene, state, at: next - .nanoseconds(1))).filter { $0 == "#" }
            #expect(lit == pixels + 1 && justBefore.count == pixels, "at \(next)")
            pixels = lit
            now = next
        }
        #expect(pixels == 7)
    }

    @Test func pausedTheBarStaysAndStoppedItGoes() {
        var scene = Scene(width: 32, height: 8, depth: .two, style: SceneStyle(fonts: Self.small))
        var state = Self.playing(seconds: 32, at: .seconds(8))
        state.apply(.pause, at: .seconds(2))
        scene.observe(state, at: .seconds(2))
        #expect(scene.nextChange(state, after: .seconds(3)) == nil)
        #expect(Self.lastRow(Self.drawn(&scene, state, at: .seconds(30))).prefix(11) == "##########+")
        state.apply(.stop, at: .seconds(31))
        scene.observe(state, at: .seconds(31))
        #expect(Self.lastRow(Self.drawn(&scene, state, at: .seconds(31))) == String(repeating: ".", count: 32))
    }

    @Test func aTrackOfUnknownLengthHasNoBar() {
        var scene = Scene(width: 32, height: 8, depth: .two, style: SceneStyle(fonts: Self.small))
        let state = Self.playing(seconds: nil)
        scene.observe(state, at: .zero)
        #expect(Self.lastRow(Self.drawn(&scene, state, at: .seconds(5))) == String(repeating: ".", count: 32))
        #expect(scene.nextChange(state, after: .seconds(5)) == nil)
    }

    @Test func theBarIsPaintedInItsOwnColour() {
        var style = SceneStyle(fonts: Self.small)
        style.palette[.progress] = RGB(red: 0, green: 0, blue: 255)
        var scene = Scene(width: 8, height: 8, depth: .eight, color: true, style: style)
        let state = Self.playing(seconds: 8, at: .seconds(4))
        scene.observe(state, at: .zero)
        var frame = Frame(width: 8, height: 8, depth: .eight)
        var image = RGBFrame(width: 8, height: 8)
        scene.render(state, at: .zero, into: &frame)
        scene.colorize(frame, into: &image)
        let row = 7 * 8 * 3
        // Reached: full blue; not yet: the same blue, dim.
        #expect(Array(image.bytes[row..<(row + 3)]) == [0, 0, 255])
        let dim = Array(image.bytes[(row + 7 * 3)..<(row + 8 * 3)])
        #expect(dim[0] == 0 && dim[1] == 0 && dim[2] > 0 && dim[2] < 80)
    }
}
