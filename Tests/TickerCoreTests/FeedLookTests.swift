import Testing

@testable import TickerCore

/// The look options of `message` and `page`: `--colors`, `--rainbow`, `--gradient`, `--blink`.
@Suite struct FeedLookTests {
    static let red = RGB(red: 255, green: 0, blue: 0)
    static let white = RGB(red: 255, green: 255, blue: 255)
    static let blue = RGB(red: 0, green: 0, blue: 255)

    struct GoodCase: CustomTestStringConvertible, Sendable {
        let id: String
        let line: String
        let command: FeedCommand
        var testDescription: String { id }
    }

    static func message(_ text: String, _ look: TextLook, priority: MessagePriority = .normal) -> FeedCommand {
        .message(text, duration: nil, priority: priority, look: look)
    }

    @Test(arguments: [
        GoodCase(
            id: "one colour for the whole text", line: "message --colors FF0000 Doorbell",
            command: message("Doorbell", TextLook(fill: .runs([.init(red)])))),
        GoodCase(
            id: "runs, the last to the end, hex of either case", line: "message --colors ffffff:4,FF0000 Now playing",
            command: message("Now playing", TextLook(fill: .runs([.init(white, length: 4), .init(red)])))),
        GoodCase(
            id: "runs may cover less than the text", line: "message --colors FF0000:3 Doorbell",
            command: message("Doorbell", TextLook(fill: .runs([.init(red, length: 3)])))),
        GoodCase(
            id: "runs count Unicode scalars", line: "message --colors FF0000:3 Zoë",
            command: message("Zoë", TextLook(fill: .runs([.init(red, length: 3)])))),
        GoodCase(
            id: "rainbow", line: "message --rainbow Party", command: message("Party", TextLook(fill: .rainbow))),
        GoodCase(
            id: "gradient", line: "message --gradient FF0000,0000FF Sunset",
            command: message("Sunset", TextLook(fill: .gradient(red, blue)))),
        GoodCase(
            id: "blink in seconds", line: "message --blink 0.5 Alarm",
            command: message("Alarm", TextLook(blink: .milliseconds(500)))),
        GoodCase(
            id: "look among the other options", line: "message --priority high --rainbow --for 3 --blink 1 Fire",
            command: .message(
                "Fire", duration: .seconds(3), priority: .high, look: TextLook(fill: .rainbow, blink: .seconds(1)))),
        GoodCase(
            id: "a page in colours", line: "page --colors 00FF00:5,FF0000 weather Sunny 21°",
            command: .page(
                IdlePage(
                    name: "weather", text: "Sunny 21°",
                    look: TextLook(fill: .runs([.init(RGB(red: 0, green: 255, blue: 0), length: 5), .init(red)]))))),
        GoodCase(
            id: "a blinking rainbow page", line: "page --for 60 --rainbow --blink 0.25 alarm Wake up",
            command: .page(
                IdlePage(
                    name: "alarm", text: "Wake up", lifetime: .seconds(60),
                    look: TextLook(fill: .rainbow, blink: .milliseconds(250))))),
    ])
    func parsesLookOptions(_ example: GoodCase) throws {
        #expect(try FeedCommand.parse(example.line) == example.command)
    }

    struct BadCase: CustomTestStringConvertible, Sendable {
        let id: String
        let line: String
        let message: String
        var testDescription: String { id }
    }

    @Test(arguments: [
        BadCase(
            id: "colors without a value", line: "message --colors",
            message: "message --colors needs an argument (e.g. --colors FFFFFF:4,FF0000)"),
        BadCase(
            id: "a colour name", line: "message --colors red Doorbell",
            message:
                "bad colour 'red' for message --colors (expected RRGGBB or RRGGBB:N, e.g. FF0000:4, runs split by ',')"),
        BadCase(
            id: "a short colour", line: "message --colors FF00:2 Doorbell",
            message:
                "bad colour 'FF00:2' for message --colors (expected RRGGBB or RRGGBB:N, e.g. FF0000:4, runs split by ',')"
        ),
        BadCase(
            id: "a hash before the colour", line: "message --colors #FF0000 Doorbell",
            message:
                "bad colour '#FF0000' for message --colors (expected RRGGBB or RRGGBB:N, e.g. FF0000:4, runs split by ',')"
        ),
        BadCase(
            id: "a run without a count before the last", line: "message --colors FF0000,0000FF:2 Doorbell",
            message:
                "bad colour 'FF0000' for message --colors (expected a count of characters after ':' (e.g. FF0000:4) "
                + "on every run but the last)"),
        BadCase(
            id: "an empty run", line: "message --colors FF0000:2,,0000FF Doorbell",
            message:
                "bad colour '' for message --colors (expected RRGGBB or RRGGBB:N, e.g. FF0000:4, runs split by ',')"),
        BadCase(
            id: "a count that is no number", line: "message --colors FF0000:x Doorbell",
            message: "bad number 'FF0000:x' for message --colors (expected a count of characters, e.g. FF0000:4)"),
        BadCase(
            id: "a signed count", line: "message --colors FF0000:-1 Doorbell",
            message: "bad number 'FF0000:-1' for message --colors (expected a count of characters, e.g. FF0000:4)"),
        BadCase(
            id: "a zero count", line: "message --colors FF0000:0 Doorbell",
            message: "message --colors 'FF0000:0' out of range (expected 1 to 1024 characters a run)"),
        BadCase(
            id: "a huge count", line: "message --colors FF0000:99999999999999999999 Doorbell",
            message:
                "bad number 'FF0000:99999999999999999999' for message --colors (expected a count of characters, "
                + "e.g. FF0000:4)"),
        BadCase(
            id: "runs beyond the text", line: "message --colors FF0000:4,00FF00:9 Doorbell",
            message: "message --colors covers 13 characters; the text has 8"),
        BadCase(
            id: "too many runs",
            line: "message --colors " + Array(repeating: "FF0000:1", count: 33).joined(separator: ",")
                + " " + String(repeating: "x", count: 40),
            message:
                "message --colors 'FF0000:1,FF0000:1,FF0000:1,FF0000:1,FF00…' out of range (expected at most 32 runs)"),
        BadCase(
            id: "a rainbow with runs", line: "message --colors FF0000 --rainbow Doorbell",
            message: "message --rainbow cannot go with --colors (one colouring a text)"),
        BadCase(
            id: "a gradient after a rainbow", line: "page --rainbow --gradient FF0000,0000FF weather Sun",
            message: "page --gradient cannot go with --rainbow (one colouring a text)"),
        BadCase(
            id: "a gradient of one colour", line: "message --gradient FF0000 Sunset",
            message: "bad colour 'FF0000' for message --gradient (expected two colours RRGGBB,RRGGBB)"),
        BadCase(
            id: "a gradient of three colours", line: "message --gradient FF0000,00FF00,0000FF Sunset",
            message: "bad colour 'FF0000,00FF00,0000FF' for message --gradient (expected two colours RRGGBB,RRGGBB)"),
        BadCase(
            id: "a blink that is no number", line: "message --blink fast Alarm",
            message: "bad number 'fast' for message --blink (expected seconds, e.g. 0.5)"),
        BadCase(
            id: "a blink too fast to see", line: "message --blink 0.01 Alarm",
            message: "message --blink '0.01' out of range (expected 0.05 to 60 seconds)"),
        BadCase(
            id: "a blink too slow", line: "message --blink 61 Alarm",
            message: "message --blink '61' out of range (expected 0.05 to 60 seconds)"),
        BadCase(
            id: "a look with a dismissal", line: "message --rainbow --dismiss",
            message: "message --dismiss takes no argument (got '--rainbow --dismiss')"),
        BadCase(
            id: "a look on a removal", line: "page --rainbow --remove weather",
            message: "page --remove weather takes no argument (got '')"),
        BadCase(
            id: "a look and no text", line: "message --rainbow",
            message: "message needs an argument (e.g. message Back in 5 minutes)"),
        BadCase(
            id: "the British spelling", line: "message --colours FF0000 Doorbell",
            message:
                "unknown message option '--colours' (expected --for, --priority, --icon, --colors, --rainbow, "
                + "--gradient, --blink, --dismiss or --)"),
    ])
    func rejectsBadLooksNamingWhatAndWhere(_ example: BadCase) {
        #expect(throws: (any Error).self) { try FeedCommand.parse(example.line) }
        do {
            _ = try FeedCommand.parse(example.line)
        } catch {
            #expect(error.description == example.message)
        }
    }

    @Test(arguments: [
        message("Now playing", TextLook(fill: .runs([.init(white, length: 4), .init(red)]))),
        message(
            "Doorbell", TextLook(fill: .runs([.init(red, length: 3), .init(blue, length: 2)]), blink: .seconds(2))),
        message("--dashes first", TextLook(fill: .rainbow), priority: .high),
        message("Sunset", TextLook(fill: .gradient(red, blue), blink: .microseconds(123_457))),
        .message("Tea", duration: .seconds(8), priority: .low, icon: "cup", look: TextLook(blink: .seconds(60))),
        .page(IdlePage(name: "weather", text: "Sunny 21°", icon: "sun", look: TextLook(fill: .gradient(blue, red)))),
        .page(IdlePage(name: "w", text: "Zoë", lifetime: .seconds(5), look: TextLook(fill: .runs([.init(red)])))),
    ])
    func lookRoundTrips(_ command: FeedCommand) throws {
        #expect(try FeedCommand.parse(command.encode()) == command)
        #expect(FeedCommand.decode(lines: command.lines).commands == [command])
    }

    @Test func aLookOnADecodedLineIsReportedWithItsLineAndTheRestIsKept() {
        let (commands, problems) = FeedCommand.decode(lines: [
            "title Night Run", "message --colors FF0000:9 Bell", "message --rainbow Party",
        ])
        #expect(commands == [.title("Night Run"), Self.message("Party", TextLook(fill: .rainbow))])
        #expect(problems.map(\.line) == [2])
        #expect(problems.map(\.error) == [.colorsBeyondText(command: "message", covered: 9, length: 4)])
    }

    @Test func fragmentsJoinIntoTheTextTheFeedReadsBackWithTheirRuns() throws {
        let (text, runs) = TextLook.joining([("  Now ", Self.white), ("play\ning ", Self.red), ("!", nil)])
        #expect(text == "Now play ing !")
        #expect(runs == [.init(Self.white, length: 4), .init(Self.red, length: 9), .init(Self.white)])
        let command = Self.message(text, TextLook(fill: .runs(runs)))
        #expect(try FeedCommand.parse(command.encode()) == command)
        #expect(TextLook.joining([("plain", nil)]) == ("plain", []))
    }

    @Test func theKeptStateKeepsTheLooksOfMessagesAndPages() throws {
        let look = TextLook(fill: .runs([.init(Self.red, length: 2), .init(Self.blue)]), blink: .milliseconds(750))
        var state = PlayerState()
        state.apply(.message("Doorbell", duration: .seconds(30), priority: .high, look: look), at: .seconds(100))
        state.apply(.page(IdlePage(name: "sky", text: "Dusk", look: TextLook(fill: .rainbow))), at: .seconds(100))
        let commands = KeptState.commands(for: state, at: .seconds(110), keepingTrack: true)
        #expect(
            commands == [
                .message("Doorbell", duration: .seconds(20), priority: .high, look: look),
                .page(IdlePage(name: "sky", text: "Dusk", look: TextLook(fill: .rainbow))),
            ])
        let kept = KeptState(written: .seconds(1_000), commands: commands)
        #expect(try KeptState(file: Array(kept.text.utf8)) == kept)
    }

    @Test func blinkShowsTheFirstHalfAndHidesTheSecond() {
        let look = TextLook(blink: .milliseconds(500))
        #expect(look.isShown(at: .zero))
        #expect(look.isShown(at: .milliseconds(499)))
        #expect(!look.isShown(at: .milliseconds(500)))
        #expect(look.isShown(at: .milliseconds(1_000)))
        #expect(look.nextChange(after: .milliseconds(100)) == .milliseconds(500))
        #expect(look.nextChange(after: .milliseconds(500)) == .milliseconds(1_000))
        let rainbow = TextLook(fill: .rainbow, blink: .milliseconds(250))
        #expect(rainbow.nextChange(after: .milliseconds(120)) == .milliseconds(200))
        #expect(rainbow.rainbowPhase(at: .milliseconds(250)) == 2)
        #expect(TextLook(fill: .runs([])).nextChange(after: .seconds(3)) == nil)
    }
}
