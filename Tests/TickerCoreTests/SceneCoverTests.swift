import Testing

@testable import TickerCore

/// The album cover (`layout.cover`): the feed's `cover` picture belongs to the track, the panel keeps a square
/// for it at the left, the right or above the text, and draws it there in its greys or its own colours.
@Suite struct SceneCoverTests {
    static let builtin = FontChain([.builtin])

    /// A picture from rows of marks: `#` white, `+` grey, `.` black, `R` red, `G` green, `B` blue.
    static func picture(_ rows: [String], name: String = FeedPicture.coverName) -> FeedPicture {
        var pixels: [UInt8] = []
        for row in rows {
            for mark in row {
                switch mark {
                case "#": pixels += [255, 255, 255]
                case "+": pixels += [128, 128, 128]
                case "R": pixels += [255, 0, 0]
                case "G": pixels += [0, 255, 0]
                case "B": pixels += [0, 0, 255]
                default: pixels += [0, 0, 0]
                }
            }
        }
        return FeedPicture(
            name: name, width: rows.first?.count ?? 0, height: rows.count,
            frames: [FeedPicture.Frame(delay: .zero, pixels: pixels)])
    }

    /// A 16 × 16 cover: a white frame around a grey cross.
    static let crossRows: [String] = (0..<16).map { y in
        String(
            (0..<16).map { x -> Character in
                if x == 0 || y == 0 || x == 15 || y == 15 { return "#" }
                return x == y || x == 15 - y ? "+" : "."
            })
    }
    static let cross = picture(crossRows)

    static func style(_ placement: CoverPlacement, _ change: (inout SceneStyle) -> Void = { _ in }) -> SceneStyle {
        var style = SceneStyle(fonts: builtin, marquee: MarqueeStyle(speed: 10, pause: 1, gap: 4, fadeEdges: false))
        style.cover = placement
        change(&style)
        return style
    }

    /// A state playing `title`, the cover sent with it.
    static func playing(_ title: String = "Hi", cover: FeedPicture? = cross) -> PlayerState {
        var state = PlayerState()
        state.apply(.title(title), at: .zero)
        if let cover { state.apply(.picture(cover), at: .zero) }
        state.apply(.play, at: .zero)
        return state
    }

    static func draw(
        _ state: PlayerState, width: Int, height: Int, style: SceneStyle, at seconds: Double = 1,
        observedAt observed: Double = 0
    ) -> Frame {
        var scene = Scene(width: width, height: height, depth: .two, style: style)
        scene.observe(state, at: .seconds(observed))
        var frame = Frame(width: width, height: height, depth: .two)
        scene.render(state, at: .seconds(seconds), into: &frame)
        return frame
    }

    /// The columns `columns` and rows `rows` of `frame` as ASCII art.
    static func part(_ frame: Frame, columns: Range<Int>, rows: Range<Int>) -> String {
        let lines = frame.asciiArt.split(separator: "\n").map(Array.init)
        return rows.map { y in String(lines[y][columns]) }.joined(separator: "\n")
    }

    // MARK: The state

    @Test func aNewTitleForgetsTheCoverUnlessItCameJustBefore() {
        var state = Self.playing("One")
        #expect(state.cover == Self.cross)
        state.apply(.title("Two"), at: .seconds(10))
        #expect(state.cover == nil, "the old track's cover never shows beside the new title")
        state.apply(.picture(Self.cross), at: .seconds(20))
        state.apply(.title("Three"), at: .seconds(20.5))
        #expect(state.cover == Self.cross, "sent within a second before the title: the new track's")
        state.apply(.title("Four"), at: .seconds(22))
        #expect(state.cover == nil)
        state.apply(.title("Five"), at: .seconds(30))
        state.apply(.picture(Self.cross), at: .seconds(35))
        #expect(state.cover == Self.cross, "sent after the title: the track's")
    }

    @Test func clearAndPictureRemoveCoverForgetItAndOtherPicturesStay() {
        let icon = Self.picture(["#"], name: "dot")
        var state = Self.playing()
        state.apply(.picture(icon), at: .zero)
        state.apply(.pictureRemove(FeedPicture.coverName), at: .seconds(1))
        #expect(state.cover == nil && state.pictures["dot"] == icon)
        state.apply(.picture(Self.cross), at: .seconds(2))
        state.apply(.clear, at: .seconds(3))
        #expect(state.cover == nil && state.pictures["dot"] == icon)
        state.apply(.picture(Self.cross), at: .seconds(4))
        state.apply(.pictureRemove("dot"), at: .seconds(5))
        #expect(state.cover == Self.cross && state.pictures["dot"] == nil)
    }

    @Test func theCoverIsNotOnTheShelfAndPushesNoPictureOut() {
        var state = PlayerState()
        for index in 0..<PictureShelf.capacity {
            state.apply(.picture(Self.picture(["#"], name: "p\(index)")), at: .zero)
        }
        state.apply(.picture(Self.cross), at: .zero)
        #expect(state.pictures.pictures.count == PictureShelf.capacity)
        #expect(state.pictures["p0"] != nil && state.pictures[FeedPicture.coverName] == nil)
        #expect(state.cover == Self.cross)
    }

    @Test func anAnimatedCoverKeepsItsFirstFrame() {
        let first = FeedPicture.Frame(delay: .milliseconds(100), pixels: [255, 0, 0])
        let second = FeedPicture.Frame(delay: .milliseconds(100), pixels: [0, 255, 0])
        var state = PlayerState()
        state.apply(
            .picture(FeedPicture(name: FeedPicture.coverName, width: 1, height: 1, frames: [first, second])), at: .zero)
        #expect(state.cover?.frames == [FeedPicture.Frame(delay: .zero, pixels: [255, 0, 0])])
        #expect(state.cover?.isAnimated == false)
    }

    @Test func theKeptStateKeepsTheCoverWithItsTrackAndDropsItWithIt() throws {
        let state = Self.playing()
        let commands = KeptState.commands(for: state, at: .seconds(1), keepingTrack: true)
        #expect(commands.contains(.picture(Self.cross)))
        let kept = KeptState(written: .seconds(1_000), commands: commands)
        let read = try KeptState(file: Array(kept.text.utf8))
        var fresh = PlayerState()
        let soon = read.restoration(at: .seconds(1_002), idleAfter: .seconds(300))
        fresh.restore(soon.commands, at: .seconds(50) - soon.age, now: .seconds(50))
        #expect(fresh.cover == Self.cross && fresh.title == "Hi")
        fresh.apply(.title("Next"), at: .seconds(50.2))
        #expect(fresh.cover == nil, "a title after the restore starts a track of its own, without the cover")
        // Too old for its track: the cover goes with it, the other pictures stay.
        let late = read.restoration(at: .seconds(2_000), idleAfter: .seconds(300))
        #expect(!late.commands.contains(.picture(Self.cross)))
        #expect(!KeptState.commands(for: state, at: .seconds(1), keepingTrack: false).contains(.picture(Self.cross)))
    }

    // MARK: The configuration

    static func problems(_ text: String) -> [String] {
        switch Config.parse(text: text, file: "tickerd.conf") {
        case .success: []
        case .failure(let errors): errors.issues.map(\.description)
        }
    }

    @Test func aPlacementThePanelCannotTakeIsRefusedAlongWithTheOtherProblems() {
        let narrow = Self.problems("[panel]\nwidth = 32\nheight = 16\n[layout]\ncover = left\n[display]\nidle = text\n")
        #expect(
            narrow == [
                "tickerd.conf:5: layout.cover 'left' does not fit a 32×16 panel: a 16-row cover beside the text needs "
                    + "at least 33 columns, 16 of them for the text (the panel has 32) (use cover = off, or another "
                    + "placement)",
                "tickerd.conf:7: display.idle 'text' needs display.idle-text (or use idle = blank or clock)",
            ])
        let eight = Self.problems("[panel]\nwidth = 64\nheight = 8\n[layout]\ncover = right\n")
        #expect(
            eight == [
                "tickerd.conf:5: layout.cover 'right' does not fit a 64×8 panel: a cover beside the text needs at "
                    + "least 16 rows (the panel has 8) (use cover = off, or another placement)"
            ])
        let above = Self.problems("[panel]\nwidth = 64\nheight = 16\n[layout]\ncover = above\n")
        #expect(above.first?.contains("a cover above the text needs at least 32 rows (the panel has 16)") == true)
        #expect(Self.problems("[panel]\nwidth = 33\nheight = 16\n[layout]\ncover = left\n").isEmpty)
        let bad = Self.problems("[layout]\ncover = behind\n")
        #expect(bad == ["tickerd.conf:2: bad value 'behind' for layout.cover (expected off, left, right, above)"])
    }

    @Test func greyPanelsAndEveryPlacementThatFitsAreTaken() throws {
        for (size, placement) in [("64x32", "left"), ("64x32", "right"), ("64x64", "above"), ("32x32", "above")] {
            let sides = size.split(separator: "x")
            let text = "[panel]\nwidth = \(sides[0])\nheight = \(sides[1])\ndepth = 4\n[layout]\ncover = \(placement)\n"
            let config = try Config.parse(text: text, file: "tickerd.conf").get()
            #expect(config.layout.cover.rawValue == placement)
        }
    }

    @Test func aCoverAboveLeavesSixteenRowsForTheSplitZones() throws {
        let text = "[panel]\nwidth = 64\nheight = 64\n[layout]\nzones = split\ncover = above\n"
        let config = try Config.parse(text: text, file: "tickerd.conf").get()
        #expect(CoverPlacement.above.box(width: 64, height: 64) == Zone(x: 8, y: 0, width: 47, height: 47))
        #expect(CoverPlacement.above.textArea(width: 64, height: 64) == Zone(x: 0, y: 48, width: 64, height: 16))
        // Two built-in fonts of 8 rows fit the 16 rows under the cover; a 12-row font each would not.
        let split = try config.splitFonts(rows: Config.builtinRows).get()
        #expect(split.note == nil && split.top == [.builtin])
        let tall = config.splitFonts { _ in 12 }
        guard case .failure(let error) = tall else {
            Issue.record("two 12-row fonts fit 16 rows")
            return
        }
        #expect("\(error)".contains("the text under layout.cover has 16 rows"), "\(error)")
    }

    // MARK: The panel

    /// Beside the text: where the cover, the gap and the text's 23 columns are on a 40 × 16 panel.
    @Test(arguments: [(CoverPlacement.left, 0, 16, 17), (.right, 24, 23, 0)])
    func aGreyCoverBesideTheTextAndTheTextAsOnAPanelOfItsOwn(
        _ placement: CoverPlacement, _ box: Int, _ gap: Int, _ text: Int
    ) {
        let state = Self.playing()
        let frame = Self.draw(state, width: 40, height: 16, style: Self.style(placement))
        #expect(Self.part(frame, columns: box..<(box + 16), rows: 0..<16) == art(Self.crossRows))
        #expect(Self.part(frame, columns: gap..<(gap + 1), rows: 0..<16) == art([String](repeating: ".", count: 16)))
        let alone = Self.draw(state, width: 23, height: 16, style: Self.style(.off))
        #expect(Self.part(frame, columns: text..<(text + 23), rows: 0..<16) == alone.asciiArt)
        #expect(alone.asciiArt.contains("#"))
    }

    @Test func aGreyCoverAboveIsCentredAndCutToItsBox() {
        let state = Self.playing()
        // A 20 × 32 panel: the box is 15 × 15 (32 - 16 rows of text - a row of gap), at columns 2-16.
        let frame = Self.draw(state, width: 20, height: 32, style: Self.style(.above))
        #expect(
            Self.part(frame, columns: 0..<20, rows: 0..<16)
                == art(
                    "..###############...",
                    "..#+............+...",
                    "..#.+..........+....",
                    "..#..+........+.....",
                    "..#...+......+......",
                    "..#....+....+.......",
                    "..#.....+..+........",
                    "..#......++.........",
                    "..#......++.........",
                    "..#.....+..+........",
                    "..#....+....+.......",
                    "..#...+......+......",
                    "..#..+........+.....",
                    "..#.+..........+....",
                    "..#+............+...",
                    "...................."))
        let alone = Self.draw(state, width: 20, height: 16, style: Self.style(.off))
        #expect(Self.part(frame, columns: 0..<20, rows: 16..<32) == alone.asciiArt)
    }

    @Test func theZonesKeepTheirPlaceWithOrWithoutACoverAndTheBoxIsDarkWithout() {
        let with = Self.draw(Self.playing(), width: 40, height: 16, style: Self.style(.left))
        let without = Self.draw(Self.playing(cover: nil), width: 40, height: 16, style: Self.style(.left))
        #expect(
            Self.part(without, columns: 0..<17, rows: 0..<16)
                == art([String](repeating: ".................", count: 16)))
        #expect(Self.part(with, columns: 17..<40, rows: 0..<16) == Self.part(without, columns: 17..<40, rows: 0..<16))
    }

    @Test func aCoverTheSceneHasNotObservedIsDrawnAsOneItHas() {
        let state = Self.playing()
        var scene = Scene(width: 40, height: 16, depth: .two, style: Self.style(.left))
        scene.observe(Self.playing(cover: nil), at: .zero)
        var frame = Frame(width: 40, height: 16, depth: .two)
        scene.render(state, at: .seconds(1), into: &frame)
        #expect(frame.bytes == Self.draw(state, width: 40, height: 16, style: Self.style(.left)).bytes)
        #expect(Self.part(frame, columns: 0..<16, rows: 0..<16) == art(Self.crossRows))
    }

    @Test func theOldCoverNeverShowsBesideTheNewTitle() {
        var state = Self.playing("One")
        var scene = Scene(width: 40, height: 16, depth: .two, style: Self.style(.left))
        scene.observe(state, at: .zero)
        var frame = Frame(width: 40, height: 16, depth: .two)
        scene.render(state, at: .seconds(1), into: &frame)
        #expect(Self.part(frame, columns: 0..<16, rows: 0..<16) == art(Self.crossRows))
        // The next title, its cover a moment later: dark in between, never the old one.
        state.apply(.title("Two"), at: .seconds(5))
        scene.observe(state, at: .seconds(5))
        scene.render(state, at: .seconds(5), into: &frame)
        let dark = art([String](repeating: "................", count: 16))
        #expect(Self.part(frame, columns: 0..<16, rows: 0..<16) == dark)
        #expect(scene.nextChange(state, after: .seconds(5)) == nil, "a dark box and a title that fits: still")
        let dot = Self.picture((0..<16).map { $0 == 8 ? "........#......." : "................" })
        state.apply(.picture(dot), at: .seconds(5.3))
        scene.observe(state, at: .seconds(5.3))
        scene.render(state, at: .seconds(5.3), into: &frame)
        #expect(Self.part(frame, columns: 0..<16, rows: 8..<9) == "........#.......")
        #expect(scene.nextChange(state, after: .seconds(5.3)) == nil, "a still cover adds no wake-ups")
    }

    @Test func theCoverShowsWhileATrackIsLoadedAndNotOnTheIdleScreen() {
        let style = Self.style(.left) {
            $0.idle = .text
            $0.idleText = "Zz"
            $0.idleAfter = .seconds(3)
        }
        var state = Self.playing()
        var scene = Scene(width: 40, height: 16, depth: .two, style: style)
        scene.observe(state, at: .zero)
        state.apply(.stop, at: .seconds(1))
        scene.observe(state, at: .seconds(1))
        state.apply(.message("Bell", duration: .seconds(10), priority: .normal), at: .seconds(2))
        scene.observe(state, at: .seconds(2))
        var frame = Frame(width: 40, height: 16, depth: .two)
        scene.render(state, at: .seconds(2), into: &frame)
        #expect(Self.part(frame, columns: 0..<16, rows: 0..<16) == art(Self.crossRows), "a message over the track")
        // Under the message the panel goes idle 3 s after the stop: the cover goes then, and that is a change.
        #expect(scene.nextChange(state, after: .seconds(2)) == .seconds(4))
        scene.render(state, at: .seconds(4), into: &frame)
        #expect(
            Self.part(frame, columns: 0..<16, rows: 0..<16) == art([String](repeating: "................", count: 16)))
        scene.render(state, at: .seconds(13), into: &frame)
        #expect(
            Self.part(frame, columns: 0..<16, rows: 0..<16) == art([String](repeating: "................", count: 16)))
        #expect(frame.asciiArt.contains("#"), "the idle text beside the dark box")
    }

    @Test func theProgressBarRunsBesideTheCover() {
        var state = Self.playing()
        state.apply(.duration(.seconds(23)), at: .zero)
        let style = Self.style(.left) {
            $0.progress = .row
            $0.fonts = FontChain([.small])
        }
        // 23 pixels of bar beside the cover: one a second.
        let frame = Self.draw(state, width: 40, height: 16, style: style, at: 10)
        #expect(
            Self.part(frame, columns: 0..<40, rows: 15..<16) == "################" + "." + "##########"
                + "+++++++++++++")
    }

    // MARK: Colours

    /// A 16 × 16 colour cover: red at the top left, green at the bottom right, blue in the middle, black
    /// elsewhere.
    static let colourRows: [String] = (0..<16).map { y in
        String(
            (0..<16).map { x -> Character in
                if x == 0 && y == 0 { return "R" }
                if x == 15 && y == 15 { return "G" }
                return x == 8 && y == 8 ? "B" : "."
            })
    }

    static func colourImage(_ placement: CoverPlacement, background: RGB = .black) -> RGBFrame {
        var style = Self.style(placement)
        style.palette[.title] = RGB(red: 255, green: 176, blue: 0)
        style.palette[.background] = background
        var scene = Scene(width: 40, height: 16, depth: .eight, color: true, style: style)
        let state = Self.playing(cover: Self.picture(Self.colourRows))
        scene.observe(state, at: .zero)
        var frame = Frame(width: 40, height: 16, depth: .eight)
        var image = RGBFrame(width: 40, height: 16)
        scene.render(state, at: .seconds(1), into: &frame)
        scene.colorize(frame, into: &image)
        return image
    }

    @Test func aColourPanelShowsTheCoverInItsOwnColoursAtItsPixels() {
        let left = Self.colourImage(.left)
        #expect(left[0, 0] == RGB(red: 255, green: 0, blue: 0))
        #expect(left[15, 15] == RGB(red: 0, green: 255, blue: 0))
        #expect(left[8, 8] == RGB(red: 0, green: 0, blue: 255))
        #expect(left[1, 0] == .black && left[16, 8] == .black, "the cover's black, and the gap")
        let text = (17..<40).flatMap { x in (0..<16).map { y in left[x, y] } }.filter { $0 != .black }
        #expect(!text.isEmpty && text.allSatisfy { $0.blue == 0 && $0.red > 0 }, "the title in its amber")
        let right = Self.colourImage(.right)
        #expect(right[24, 0] == RGB(red: 255, green: 0, blue: 0) && right[39, 15] == RGB(red: 0, green: 255, blue: 0))
        // The cover is a picture: its black stays black on a lighter background, which the gap shows.
        let grey = RGB(red: 40, green: 40, blue: 40)
        let lit = Self.colourImage(.left, background: grey)
        #expect(lit[1, 0] == .black && lit[16, 0] == grey)
    }

    @Test func gammaThePowerBudgetAndTheBrightnessApplyToTheCoverAsToText() {
        let image = Self.colourImage(.left)
        let layout = StripLayout(moduleWidth: 40, moduleHeight: 16)
        var open = StripEncoder(
            stripProtocol: nil, settings: StripSettings(layout: layout, gamma: 2.2, power: PowerBudget(maxMilliamps: 0))
        )
        let duty = GammaTable(gamma: 2.2).duty
        let bytes = open.encode(image, brightness: 128) { Array($0) }
        // LED 0 is the cover's red pixel (rows from the top left): through the gamma table, at half brightness.
        #expect(bytes[0] == UInt8(Int(duty[255]) * 128 / 255) && bytes[1] == 0 && bytes[2] == 0)
        // A budget the frame would pass dims the cover with the text: 640 mA for the dark LEDs, 60 to spare.
        var tight = StripEncoder(
            stripProtocol: nil,
            settings: StripSettings(
                layout: layout, gamma: 2.2, power: PowerBudget(milliampsPerLED: 60, maxMilliamps: 700)))
        let dimmed = tight.encode(image, brightness: 255) { Array($0) }
        #expect(tight.lastLimited && dimmed[0] > 0 && dimmed[0] < duty[255])
    }
}
