import Testing

@testable import TickerCore

/// The feed's picture block: gathered line by line, bounded, every problem a sentence naming its line.
@Suite struct FeedPictureTests {
    private static func decode(_ text: String, at now: Duration = .zero) -> (
        commands: [FeedCommand], problems: [String]
    ) {
        var decoder = FeedDecoder()
        var commands: [FeedCommand] = []
        var problems: [String] = []
        for event in decoder.decode(Array(text.utf8), now: now) {
            switch event {
            case .command(let command, _): commands.append(command)
            case .problem(let problem): problems.append(problem.description)
            }
        }
        return (commands, problems)
    }

    private static let red = "ff0000"
    private static let off = "000000"

    @Test func readsAStillPictureRowByRow() throws {
        let (commands, problems) = Self.decode(
            "picture begin dot 2x2\n\(Self.red)\(Self.off)\n\(Self.off)ABCDEF\npicture end\nplay\n")
        #expect(problems == [])
        let picture = FeedPicture(
            name: "dot", width: 2, height: 2,
            frames: [FeedPicture.Frame(delay: .zero, pixels: [255, 0, 0, 0, 0, 0, 0, 0, 0, 0xAB, 0xCD, 0xEF])])
        #expect(commands == [.picture(picture), .play])
    }

    @Test func readsFramesWithTheirDelaysAndPlaysThemInTurn() throws {
        let text = "picture begin blink 1x1\nframe 0.25\n\(Self.red)\nframe 0.5\n\(Self.off)\npicture end\n"
        let (commands, problems) = Self.decode(text)
        #expect(problems == [])
        guard case .picture(let picture)? = commands.first else {
            Issue.record("no picture in \(commands)")
            return
        }
        #expect(picture.frames.map(\.delay) == [.milliseconds(250), .milliseconds(500)])
        #expect(picture.loop == .milliseconds(750))
        #expect(picture.frame(at: .milliseconds(100)).index == 0)
        #expect(picture.frame(at: .milliseconds(300)).index == 1)
        #expect(picture.frame(at: .milliseconds(800)).index == 0)
        #expect(picture.nextFrameChange(after: .milliseconds(100)) == .milliseconds(250))
        #expect(picture.nextFrameChange(after: .milliseconds(800)) == .milliseconds(1_000))
        // Written back, it is read as the same picture.
        #expect(Self.decode(FeedCommand.picture(picture).encode() + "\n").commands == [.picture(picture)])
    }

    @Test(
        arguments: [
            (
                "a row too short", "picture begin x 2x1\nff0000\npicture end\n",
                "feed line 2: picture: a row of 6 characters where 2 pixels take 12 hex digits (RRGGBB each) "
                    + "(in 'ff0000')"
            ),
            (
                "a frame short of rows", "picture begin x 1x2\nff0000\npicture end\n",
                "feed line 3: picture: frame 1 ends before its last row (in 'picture end')"
            ),
            (
                "too many rows", "picture begin x 1x1\nff0000\n00ff00\npicture end\n",
                "feed line 3: picture: more rows than the picture's 1 in one frame (start the next with "
                    + "'frame SECONDS') (in '00ff00')"
            ),
            (
                "too large", "picture begin x 65x8\n",
                "feed line 1: picture: bad picture size '65x8' (expected WIDTHxHEIGHT, each 1 to 64, e.g. 8x8) "
                    + "(in 'picture begin x 65x8')"
            ),
            (
                "a bad name", "picture begin Door 8x8\n",
                "feed line 1: picture: bad picture name 'Door' (expected 1 to 32 of a-z, 0-9, '-', '_', '.') "
                    + "(in 'picture begin Door 8x8')"
            ),
            (
                "a delay out of range", "picture begin x 1x1\nframe 0.001\nff0000\npicture end\n",
                "feed line 2: picture: bad frame delay '0.001' (expected seconds from 0.02 to 60, e.g. frame 0.1) "
                    + "(in 'frame 0.001')"
            ),
            (
                "an animated frame without a delay", "picture begin x 1x1\nff0000\nframe 0.1\nff0000\npicture end\n",
                "feed line 5: picture: bad frame delay '0' (expected seconds from 0.02 to 60, e.g. frame 0.1) "
                    + "(in 'picture end')"
            ),
            (
                "an end without a begin", "picture end\n",
                "feed line 1: picture: 'picture end' without 'picture begin' (in 'picture end')"
            ),
            (
                "an empty block", "picture begin x 1x1\npicture end\n",
                "feed line 2: picture: frame 1 ends before its last row (in 'picture end')"
            ),
        ])
    func refusesABadBlockNamingTheLine(_ id: String, _ text: String, _ problem: String) {
        let (commands, problems) = Self.decode(text + "play\n")
        #expect(problems == [problem], "\(id)")
        #expect(commands == [.play], "\(id)")
    }

    @Test func oneFrameIsAStillPictureWhateverDelayItWasGiven() {
        let (commands, problems) = Self.decode("picture begin dot 1x1\nframe 8.25\nff0000\npicture end\n")
        #expect(problems == [])
        guard case .picture(let picture)? = commands.first else {
            Issue.record("no picture in \(commands)")
            return
        }
        #expect(picture.frames.map(\.delay) == [.zero])
        #expect(Self.decode(FeedCommand.picture(picture).encode() + "\n").commands == [.picture(picture)])
    }

    @Test func boundsTheFramesAndTheBytesOfOnePicture() {
        var text = "picture begin big 64x64\n"
        let row = String(repeating: "ff", count: 64 * 3)
        for _ in 0..<6 { text += "frame 0.1\n" + String(repeating: row + "\n", count: 64) }
        let (commands, problems) = Self.decode(text + "picture end\nplay\n")
        #expect(problems.count == 1)
        #expect(problems.first?.contains("more than 65536 bytes of pixels") == true)
        #expect(commands == [.play])
    }

    @Test func aBlockLeftOpenIsDroppedAfterTheTimeoutAndTheFeedGoesOn() {
        var decoder = FeedDecoder()
        _ = decoder.decode(Array("picture begin x 1x1\nff0000\n".utf8), now: .zero)
        #expect(decoder.isInPictureBlock)
        let events = decoder.decode(Array("play\n".utf8), now: .seconds(3))
        #expect(!decoder.isInPictureBlock)
        #expect(
            events == [
                .problem(
                    FeedProblem(
                        .picture(.unterminated(reason: "no 'picture end' within 2.0 seconds")), line: 1,
                        excerpt: "picture begin")),
                .command(.play, line: 3),
            ])
    }

    @Test func commandsInsideABlockStillApply() {
        let (commands, problems) = Self.decode("picture begin x 1x1\nplay\nff0000\npicture end\n")
        #expect(problems == [])
        #expect(commands.count == 2)
        #expect(commands.first == .play)
    }

    @Test func aMessageNamesItsIconAndThePlayerKeepsPicturesThroughClear() throws {
        let line = "message --for 3 --icon doorbell Ding dong"
        let command = try FeedCommand.parse(line)
        #expect(command == .message("Ding dong", duration: .seconds(3), priority: .normal, icon: "doorbell"))
        #expect(try FeedCommand.parse(command?.encode() ?? "") == command)
        #expect(throws: FeedError.picture(.badName("Bell!"))) { try FeedCommand.parse("message --icon Bell! x") }
        var state = PlayerState()
        let (commands, _) = Self.decode("picture begin doorbell 1x1\nffffff\npicture end\n")
        for command in commands { state.apply(command, at: .zero) }
        state.apply(.clear, at: .seconds(1))
        #expect(state.pictures["doorbell"]?.width == 1)
        state.apply(.pictureRemove("doorbell"), at: .seconds(2))
        #expect(state.pictures["doorbell"] == nil)
    }

    @Test func theShelfKeepsTheNewestPictures() {
        var shelf = PictureShelf()
        for index in 0...PictureShelf.capacity {
            shelf.keep(
                FeedPicture(
                    name: "p\(index)", width: 1, height: 1,
                    frames: [FeedPicture.Frame(delay: .zero, pixels: [0, 0, 0])]))
        }
        #expect(shelf.pictures.count == PictureShelf.capacity)
        #expect(shelf["p0"] == nil)
        #expect(shelf["p\(PictureShelf.capacity)"] != nil)
    }
}
