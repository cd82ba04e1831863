import Testing

@testable import TickerCore

@Suite struct IdlePageTests {
    struct Good: CustomTestStringConvertible, Sendable {
        let id: String
        let line: String
        let command: FeedCommand
        var testDescription: String { id }
    }

    @Test(arguments: [
        Good(
            id: "a page", line: "page weather Sunny 21°",
            command: .page(IdlePage(name: "weather", text: "Sunny 21°"))),
        Good(
            id: "with a lifetime", line: "page --for 1800 next-train 7:42 to Bern",
            command: .page(IdlePage(name: "next-train", text: "7:42 to Bern", lifetime: .seconds(1_800)))),
        Good(
            id: "text that looks like an option", line: "page -- indoor --remove me",
            command: .page(IdlePage(name: "indoor", text: "--remove me"))),
        Good(
            id: "control characters become spaces", line: "page a b\u{1}x\u{7}y",
            command: .page(IdlePage(name: "a", text: "b x y"))),
        Good(
            id: "with an icon", line: "page --icon sun.1 --for 60 weather Sunny",
            command: .page(IdlePage(name: "weather", text: "Sunny", icon: "sun.1", lifetime: .seconds(60)))),
        Good(
            id: "an icon and text that looks like an option", line: "page --icon bell -- door --open",
            command: .page(IdlePage(name: "door", text: "--open", icon: "bell"))),
        Good(id: "removal", line: "page --remove weather", command: .pageRemove("weather")),
        Good(id: "a turn to a page", line: "page --show weather", command: .pageShow("weather")),
        Good(id: "the next turn", line: "page --next", command: .pageNext),
        Good(id: "the previous turn", line: "page  --previous ", command: .pagePrevious),
    ])
    func readsPagesAndWritesThemBack(_ test: Good) throws {
        #expect(try FeedCommand.parse(test.line) == test.command)
        #expect(try FeedCommand.parse(test.command.encode()) == test.command)
    }

    struct Bad: CustomTestStringConvertible, Sendable {
        let id: String
        let line: String
        let error: FeedError
        var testDescription: String { id }
    }

    @Test(arguments: [
        Bad(id: "nothing", line: "page", error: .missingArgument(command: "page", example: "page weather Sunny 21°")),
        Bad(
            id: "no text", line: "page weather",
            error: .missingArgument(command: "page weather", example: "page weather Sunny 21°")),
        Bad(
            id: "only control characters", line: "page weather \u{1}\u{2}",
            error: .missingArgument(command: "page weather", example: "page weather Sunny 21°")),
        Bad(id: "a name with a dot", line: "page a.b text", error: .badPageName("a.b")),
        Bad(id: "a control character in the name", line: "page a\u{1}b x", error: .badPageName(Excerpt.of("a\u{1}b"))),
        Bad(id: "a name starting with a dash", line: "page -- -x text", error: .badPageName("-x")),
        Bad(id: "a name of letters outside ASCII", line: "page wetter☀ x", error: .badPageName("wetter☀")),
        Bad(
            id: "a name too long", line: "page \(String(repeating: "n", count: 33)) x",
            error: .badPageName(
                String(repeating: "n", count: 33))),
        Bad(id: "unknown option", line: "page --colour red weather x", error: .unknownPageOption("--colour")),
        Bad(
            id: "an icon without its name", line: "page --icon",
            error: .missingArgument(command: "page --icon", example: "--icon sun")),
        Bad(id: "an icon name in capitals", line: "page --icon Sun weather x", error: .picture(.badName("Sun"))),
        Bad(
            id: "an icon name with a control character", line: "page --icon s\u{7}n weather x",
            error: .picture(.badName(Excerpt.of("s\u{7}n".unicodeScalars)))),
        Bad(
            id: "an icon name too long", line: "page --icon \(String(repeating: "i", count: 33)) weather x",
            error: .picture(.badName(Excerpt.of(String(repeating: "i", count: 33).unicodeScalars)))),
        Bad(
            id: "a lifetime of zero", line: "page --for 0 weather x",
            error: .outOfRange("0", command: "page --for", expected: "more than 0, at most 86400 seconds")),
        Bad(
            id: "a lifetime that is no number", line: "page --for soon weather x",
            error: .badNumber("soon", command: "page --for", expected: "seconds, e.g. 12.5")),
        Bad(
            id: "a turn to a page with text", line: "page --show weather now",
            error: .unexpectedArgument(command: "page --show", argument: "--show weather now")),
        Bad(
            id: "a turn to a page with a lifetime", line: "page --for 3 --show weather",
            error: .unexpectedArgument(command: "page --show", argument: "--for 3 --show weather")),
        Bad(id: "a turn to a bad name", line: "page --show a.b", error: .badPageName("a.b")),
        Bad(
            id: "the next turn with a name", line: "page --next weather",
            error: .unexpectedArgument(command: "page --next", argument: "--next weather")),
        Bad(
            id: "the previous turn after an option", line: "page --icon sun --previous",
            error: .unexpectedArgument(command: "page --previous", argument: "--icon sun --previous")),
        Bad(
            id: "removal with text", line: "page --remove weather now",
            error: .unexpectedArgument(command: "page --remove weather", argument: "now")),
        Bad(
            id: "text too long", line: "page weather " + String(repeating: "x", count: 257),
            error: .textTooLong(command: "page", length: 257, limit: 256)),
    ])
    func refusesHostilePages(_ test: Bad) {
        #expect(throws: test.error) { try FeedCommand.parse(test.line) }
    }

    @Test func aPageIsReplacedWhereItStandsRemovedByNameAndVanishesWhenItsTimeIsUp() {
        var state = PlayerState()
        state.apply(.page(IdlePage(name: "a", text: "one")), at: .seconds(1))
        state.apply(.page(IdlePage(name: "b", text: "two", lifetime: .seconds(10))), at: .seconds(2))
        state.apply(.page(IdlePage(name: "a", text: "uno")), at: .seconds(3))
        #expect(state.pageCount(at: .seconds(3)) == 2)
        #expect(state.page(0, at: .seconds(3))?.content.text == "uno")
        #expect(state.page(1, at: .seconds(3))?.content.text == "two")
        #expect(state.nextPageExpiry(after: .seconds(3)) == .seconds(12))
        #expect(state.pageCount(at: .seconds(12)) == 1)
        #expect(state.page(1, at: .seconds(12)) == nil)
        state.apply(.clear, at: .seconds(4))
        #expect(state.pageCount(at: .seconds(4)) == 2, "clear forgets the track, not the pages")
        state.apply(.pageRemove("a"), at: .seconds(5))
        #expect(state.page(0, at: .seconds(5))?.content.name == "b")
    }

    @Test func aSeventeenthPageDropsTheOneSetLongestAgo() {
        var state = PlayerState()
        for index in 0..<IdlePage.maxPages {
            state.apply(.page(IdlePage(name: "p\(index)", text: "\(index)")), at: .seconds(Int64(index)))
        }
        state.apply(.page(IdlePage(name: "p0", text: "again")), at: .seconds(20))
        state.apply(.page(IdlePage(name: "new", text: "new")), at: .seconds(21))
        #expect(state.pages.count == IdlePage.maxPages)
        #expect(!state.pages.contains { $0.content.name == "p1" })
        #expect(state.pages.contains { $0.content.name == "p0" })
        #expect(state.pages.last?.content.name == "new")
    }

    @Test func pagesAreKeptWithTheTimeTheyHaveLeftAndSurviveAnOldFile() throws {
        var state = PlayerState()
        state.apply(.page(IdlePage(name: "weather", text: "Sunny", icon: "sun")), at: .seconds(100))
        state.apply(.page(IdlePage(name: "train", text: "7:42", lifetime: .seconds(60))), at: .seconds(100))
        state.apply(.page(IdlePage(name: "gone", text: "x", lifetime: .seconds(5))), at: .seconds(100))
        let commands = KeptState.commands(for: state, at: .seconds(110), keepingTrack: true)
        #expect(
            commands == [
                .page(IdlePage(name: "weather", text: "Sunny", icon: "sun")),
                .page(IdlePage(name: "train", text: "7:42", lifetime: .seconds(50))),
            ])
        let kept = KeptState(written: .seconds(1_000), commands: commands)
        let read = try KeptState(file: Array(kept.text.utf8))
        #expect(read == kept)
        // Older than idle-after: the track goes, the pages stay.
        let restoration = read.restoration(at: .seconds(1_400), idleAfter: .seconds(300))
        #expect(restoration.commands == commands)
        var restored = PlayerState()
        restored.restore(restoration.commands, at: .seconds(5_000) - restoration.age, now: .seconds(5_000))
        #expect(restored.pageCount(at: .seconds(5_000)) == 1, "the train page had 50 s left, 400 s ago")
    }

    /// A panel in the test font that shows the idle text `HI` and takes turns with pages every 4 s.
    static func bench(_ change: (inout SceneStyle) -> Void = { _ in }) -> SceneTests.Bench {
        SceneTests.Bench(width: 8) { style in
            style.idle = .text
            style.idleText = "HI"
            style.pageTime = .seconds(4)
            change(&style)
        }
    }

    static let hi = art("#.#.#...", "###.#...", "#.#.#...", "#.#.#...", "........")
    static let io = art("#.###...", "#.#.#...", "#.#.#...", "#.###...", "........")

    @Test func theIdleScreenTakesTurnsWithThePagesUntilTheyVanish() {
        var bench = Self.bench()
        bench.send([.page(IdlePage(name: "p", text: "IO", lifetime: .seconds(6)))], at: 0)
        #expect(bench.show(at: 1) == Self.hi)
        #expect(bench.scene.nextChange(bench.state, after: .seconds(1)) == .seconds(4))
        #expect(bench.show(at: 5) == Self.io)
        #expect(bench.scene.nextChange(bench.state, after: .seconds(5)) == .seconds(6))
        #expect(bench.show(at: 6.5) == Self.hi)
        #expect(bench.scene.nextChange(bench.state, after: .seconds(6.5)) == nil)
    }

    @Test func aBlankIdleScreenShowsOnlyThePagesAndNothingPlayingOutranksThem() {
        var bench = Self.bench { $0.idle = .blank }
        bench.send([.page(IdlePage(name: "p", text: "IO"))], at: 0)
        #expect(bench.show(at: 1) == Self.io)
        #expect(bench.scene.nextChange(bench.state, after: .seconds(1)) == nil, "one page alone does not turn")
        bench.send([.title("HI"), .play], at: 2)
        #expect(bench.show(at: 3) == Self.hi)
        bench.send([.message("IO", duration: .seconds(2), priority: .high)], at: 4)
        #expect(bench.show(at: 5) == Self.io)
    }

    @Test func pagesOffShowOnlyTheIdleScreen() {
        var bench = Self.bench { $0.pages = .off }
        bench.send([.page(IdlePage(name: "p", text: "IO"))], at: 0)
        #expect(bench.show(at: 5) == Self.hi)
        #expect(bench.scene.nextChange(bench.state, after: .seconds(5)) == nil)
    }

    @Test func aMessageOverThePagesStartsTheTurnsAgainWhenItEnds() {
        var bench = Self.bench()
        bench.send([.page(IdlePage(name: "p", text: "IO"))], at: 0)
        bench.send([.message("W", duration: .seconds(3), priority: .normal)], at: 2)
        #expect(bench.show(at: 5.5) == Self.hi, "the turns start again at 5 s with the idle screen")
        #expect(bench.show(at: 9.5) == Self.io)
    }

    @Test func requestsToTurnStartATurnOfTheirOwnWhileTheIdleScreenIsInView() {
        var bench = Self.bench()
        bench.send([.page(IdlePage(name: "p", text: "IO"))], at: 0)
        bench.send([.pageShow("p")], at: 1)
        #expect(bench.show(at: 1.5) == Self.io)
        #expect(bench.scene.nextChange(bench.state, after: .seconds(1.5)) == .seconds(5), "a whole turn from 1 s")
        #expect(bench.show(at: 5.5) == Self.hi)
        bench.send([.pageNext], at: 6)
        #expect(bench.show(at: 6.5) == Self.io)
        bench.send([.pageNext], at: 7)
        #expect(bench.show(at: 7.5) == Self.hi, "each request counts from the turn the one before chose")
        bench.send([.pagePrevious], at: 8)
        #expect(bench.show(at: 8.5) == Self.io)
        #expect(bench.show(at: 12.5) == Self.hi, "the turns go on from it")
        bench.send([.pageShow("nothing")], at: 13)
        #expect(bench.show(at: 13.5) == Self.hi, "no page of that name: nothing happens")
    }

    @Test func aRequestToTurnWhileSomethingElseShowsIsSpent() {
        var bench = Self.bench()
        bench.send([.page(IdlePage(name: "p", text: "IO"))], at: 0)
        bench.send([.message("W", duration: .seconds(3), priority: .normal)], at: 2)
        bench.send([.pageShow("p")], at: 3)
        #expect(bench.show(at: 5.5) == Self.hi, "the turns start again at 5 s with the idle screen")
        #expect(bench.show(at: 9.5) == Self.io)
    }
}
