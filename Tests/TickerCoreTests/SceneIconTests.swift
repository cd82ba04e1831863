import Testing

@testable import TickerCore

/// The icon before the text: by what the top zone shows, in its slot at the left, the text beside it under
/// the marquee's rules, animated pictures played on their own delays.
@Suite struct SceneIconTests {
    static let builtin = FontChain([.builtin])

    /// An animated 3 × 2 picture: a bar that moves down a row every 0.3 s, then rests 0.5 s at the bottom.
    static let blinking = FeedPicture(
        name: "blink", width: 3, height: 2,
        frames: [
            FeedPicture.Frame(
                delay: .milliseconds(300), pixels: [UInt8](repeating: 255, count: 9) + [UInt8](repeating: 0, count: 9)),
            FeedPicture.Frame(
                delay: .milliseconds(500), pixels: [UInt8](repeating: 0, count: 9) + [UInt8](repeating: 255, count: 9)),
        ])

    static func style(_ change: (inout SceneStyle) -> Void = { _ in }) -> SceneStyle {
        var style = SceneStyle(fonts: builtin, marquee: MarqueeStyle(speed: 10, pause: 1, gap: 4, fadeEdges: false))
        style.icons = IconStyle()
        change(&style)
        return style
    }

    static func draw(_ state: PlayerState, width: Int, at seconds: Double, style: SceneStyle = style()) -> String {
        var scene = Scene(width: width, height: 8, depth: .two, style: style)
        scene.observe(state, at: .zero)
        var frame = Frame(width: width, height: 8, depth: .two)
        scene.render(state, at: .seconds(seconds), into: &frame)
        return frame.asciiArt
    }

    @Test func theIconOfTheStateStandsBeforeATitleThatFits() {
        var state = PlayerState()
        state.apply(.title("Hi"), at: .zero)
        state.apply(.play, at: .zero)
        let playing = Self.draw(state, width: 20, at: 5)
        #expect(
            playing
                == art(
                    ".#+.................",
                    ".###+.........#.....",
                    ".#####+..#..#.......",
                    ".#######.#..#.#.....",
                    ".#######.####.#.....",
                    ".#####+..#..#.#.....",
                    ".###+....#..#.#.....",
                    ".#+................."))
        state.apply(.pause, at: .seconds(6))
        #expect(Self.draw(state, width: 20, at: 7).split(separator: "\n").map { $0.prefix(8) }[1] == ".##..##.")
        // Without icons the same title starts at the left edge.
        var plain = Self.style()
        plain.icons = nil
        #expect(Self.draw(state, width: 20, at: 7, style: plain).hasPrefix("...................."))
    }

    @Test func aTitleTooLongBesideItsIconScrollsBesideTheFixedIcon() {
        var state = PlayerState()
        state.apply(.title("Hello there"), at: .zero)
        state.apply(.play, at: .zero)
        let start = Self.draw(state, width: 24, at: 0.5)
        let later = Self.draw(state, width: 24, at: 2.5)
        let icon = { (picture: String) in picture.split(separator: "\n").map { $0.prefix(9) } }
        #expect(icon(start) == icon(later))
        #expect(start != later)
        // The same title fits a wider panel beside its icon, and stands still.
        var scene = Scene(width: 80, height: 8, depth: .two, style: Self.style())
        scene.observe(state, at: .zero)
        #expect(scene.nextChange(state, after: .seconds(2)) == nil)
    }

    @Test func aMessageShowsTheIconItNamesOrItsPriority() {
        var state = PlayerState()
        state.apply(.picture(Self.blinking), at: .zero)
        state.apply(.message("Yo", duration: .seconds(9), priority: .normal, icon: "blink"), at: .zero)
        // The 3 × 2 picture is centred in the 8 × 8 slot: columns 2-4, rows 3-4.
        let first = Self.draw(state, width: 20, at: 0.1).split(separator: "\n").map { String($0.prefix(8)) }
        #expect(first[3] == "..###..." && first[4] == "........")
        let second = Self.draw(state, width: 20, at: 0.4).split(separator: "\n").map { String($0.prefix(8)) }
        #expect(second[3] == "........" && second[4] == "..###...")
        var scene = Scene(width: 20, height: 8, depth: .two, style: Self.style())
        scene.observe(state, at: .zero)
        #expect(scene.nextChange(state, after: .milliseconds(100)) == .milliseconds(300))
        #expect(scene.nextChange(state, after: .milliseconds(400)) == .milliseconds(800))
        // A name that is nowhere falls back to the role's icon: a high-priority message's alert.
        state.apply(.message("Yo", duration: .seconds(9), priority: .high, icon: "nowhere"), at: .seconds(1))
        #expect(Self.draw(state, width: 20, at: 2).hasPrefix("...##..."))
    }

    @Test func theSmallFontGetsTheSixRowSetOnItsOwnRows() {
        var state = PlayerState()
        state.apply(.text("A"), at: .zero)
        let style = Self.style { $0.fonts = FontChain([.small]) }
        #expect(
            Self.draw(state, width: 12, at: 1, style: style)
                == art(
                    "............",
                    "#####...#...",
                    "#####..#.#..",
                    "#####..###..",
                    "#####..#.#..",
                    "#####..#.#..",
                    "............",
                    "............"))
    }

    @Test func anAnimatedIconShowsItsNextFrameAfterItsDelay() {
        var state = PlayerState()
        state.apply(.picture(Self.blinking), at: .zero)
        state.apply(.message("Yo", duration: .seconds(60), priority: .normal, icon: "blink"), at: .zero)
        var scene = Scene(width: 20, height: 8, depth: .two, style: Self.style())
        scene.observe(state, at: .zero)
        var frame = Frame(width: 20, height: 8, depth: .two)
        scene.render(state, at: .zero, into: &frame)
        let before = frame.bytes
        scene.render(state, at: .milliseconds(350), into: &frame)
        #expect(frame.bytes != before)
    }

    @Test func aPageShowsTheIconItNamesBeforeItsTextAndWithoutOneWhenNoPictureHasTheName() {
        var state = PlayerState()
        state.apply(.picture(Self.blinking), at: .zero)
        state.apply(.page(IdlePage(name: "door", text: "Yo", icon: "blink")), at: .zero)
        let idle = Self.style {
            $0.idle = .blank
            $0.idleAfter = .zero
        }
        let page = Self.draw(state, width: 20, at: 0.1, style: idle).split(separator: "\n").map(String.init)
        #expect(page[3].prefix(8) == "..###..." && page[4].prefix(8) == "........")
        // The text beside the icon, as a message with the same icon shows it.
        var message = PlayerState()
        message.apply(.picture(Self.blinking), at: .zero)
        message.apply(.message("Yo", duration: .seconds(9), priority: .normal, icon: "blink"), at: .zero)
        #expect(page == Self.draw(message, width: 20, at: 0.1).split(separator: "\n").map(String.init))
        // A name no picture has: the page has no role to fall back to and shows its text at the left edge.
        state.apply(.page(IdlePage(name: "door", text: "Yo", icon: "nowhere")), at: .zero)
        var plain = idle
        plain.icons = nil
        #expect(Self.draw(state, width: 20, at: 0.1, style: idle) == Self.draw(state, width: 20, at: 0.1, style: plain))
        #expect(
            !Self.draw(state, width: 20, at: 0.1, style: plain).split(separator: "\n").allSatisfy { $0.hasPrefix(".") })
    }

    /// A 2 × 1 still picture: a red pixel, then a green one.
    static let redGreen = FeedPicture(
        name: "rg", width: 2, height: 1, frames: [FeedPicture.Frame(delay: .zero, pixels: [255, 0, 0, 0, 255, 0])])

    /// `state` drawn at 1 s on a 20 × 8 panel: in colour with messages in blue, or grey in white on black.
    static func colours(_ state: PlayerState, color: Bool) -> (frame: Frame, image: RGBFrame) {
        var style = Self.style()
        if color { style.palette[.message] = RGB(red: 0, green: 0, blue: 255) }
        let depth: PixelDepth = color ? .eight : .two
        var scene = Scene(width: 20, height: 8, depth: depth, color: color, style: style)
        scene.observe(state, at: .zero)
        var frame = Frame(width: 20, height: 8, depth: depth)
        var image = RGBFrame(width: 20, height: 8)
        scene.render(state, at: .seconds(1), into: &frame)
        scene.colorize(frame, into: &image)
        return (frame, image)
    }

    @Test func aSentPictureShowsInItsOwnColoursOnAColourPanelAndABuiltInOneInItsRolesColour() {
        var state = PlayerState()
        state.apply(.picture(Self.redGreen), at: .zero)
        state.apply(.message("Yo", duration: .seconds(9), priority: .normal, icon: "rg"), at: .zero)
        // Centred in the 8 × 8 slot: the red pixel at column 3, row 3, the green one beside it.
        let sent = Self.colours(state, color: true).image
        #expect(sent[3, 3] == RGB(red: 255, green: 0, blue: 0))
        #expect(sent[4, 3] == RGB(red: 0, green: 255, blue: 0))
        #expect(sent[5, 3] == RGB(red: 0, green: 0, blue: 0), "beside the picture, the background")
        let lit = (9..<20).flatMap { x in (0..<8).map { y in sent[x, y] } }.filter {
            $0 != RGB(red: 0, green: 0, blue: 0)
        }
        #expect(!lit.isEmpty && lit.allSatisfy { $0.red == 0 && $0.green == 0 }, "the text stays in blue")
        // The built-in message icon keeps the role's blue.
        state.apply(.message("Yo", duration: .seconds(9), priority: .normal), at: .zero)
        let builtin = Self.colours(state, color: true).image
        let icon = (0..<8).flatMap { x in (0..<8).map { y in builtin[x, y] } }.filter {
            $0 != RGB(red: 0, green: 0, blue: 0)
        }
        #expect(!icon.isEmpty && icon.allSatisfy { $0.red == 0 && $0.green == 0 && $0.blue > 0 })
        // A grey panel shows the sent picture's luminance, as before: red and green at their own levels.
        state.apply(.message("Yo", duration: .seconds(9), priority: .normal, icon: "rg"), at: .zero)
        let grey = Self.colours(state, color: false).frame
        let red = PixelDepth.two.level(RGB(red: 255, green: 0, blue: 0).luminance)
        let green = PixelDepth.two.level(RGB(red: 0, green: 255, blue: 0).luminance)
        #expect(grey[3, 3] == red && grey[4, 3] == green && green > red)
    }
}
