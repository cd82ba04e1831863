import Testing

@testable import TickerCore

/// Text made only of control characters cleans to nothing; what that means must not change between a line as
/// read and the same command encoded and read again.
@Suite struct FeedControlTextTests {
    struct ControlLine: CustomTestStringConvertible, Sendable {
        let id: String
        let line: String
        var testDescription: String { id }
    }

    static let messageLines = [
        ControlLine(id: "one control", line: "message \u{1}"),
        ControlLine(id: "escape and bell", line: "message \u{1B}\u{7}"),
        ControlLine(id: "C1 controls", line: "message \u{85}\u{9F}"),
        ControlLine(id: "after options", line: "message --for 3 --priority high \u{1}\u{2}"),
        ControlLine(id: "after double dash", line: "message -- \u{1F}"),
        ControlLine(id: "controls around blanks", line: "message \u{1} \t \u{2}"),
    ]

    @Test(arguments: messageLines)
    func messageOfOnlyControlCharactersIsAMessageWithoutText(_ example: ControlLine) {
        #expect(throws: FeedError.missingArgument(command: "message", example: "message Back in 5 minutes")) {
            try FeedCommand.parse(example.line)
        }
    }

    @Test(arguments: messageLines)
    func decoderReportsTheLineAndKeepsGoing(_ example: ControlLine) {
        var decoder = FeedDecoder()
        let events = decoder.decode(Array((example.line + "\nplay\n").utf8), now: .zero)
        #expect(events.count == 2)
        guard case .problem(let problem)? = events.first else {
            Issue.record("expected a problem first, got \(events)")
            return
        }
        #expect(problem.line == 1)
        #expect(problem.error == .missingArgument(command: "message", example: "message Back in 5 minutes"))
        #expect(events.last == .command(.play, line: 2))
    }

    @Test func messageWithControlCharactersAroundTextKeepsTheText() throws {
        let command = try FeedCommand.parse("message \u{1}Door\u{7}bell\u{2}")
        #expect(command == .message("Door bell", duration: nil, priority: .normal))
        #expect(try FeedCommand.parse(try #require(command).encode()) == command)
    }

    @Test(arguments: ["title", "artist", "album", "text"])
    func textCommandOfOnlyControlCharactersClearsLikeTheBareWord(_ word: String) throws {
        let command = try #require(try FeedCommand.parse(word + " \u{1}\u{1B}"))
        #expect(command == (try FeedCommand.parse(word)))
        #expect(try FeedCommand.parse(command.encode()) == command)
    }
}
