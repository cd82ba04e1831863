import Testing

@testable import TickerIO

/// A command declared once: its parser, its usage and its suggestions agree with the declaration.
@Suite struct CommandTests {
    static let play = Command(
        "player play", summary: "Plays songs.",
        options: [
            .size(help: "the size"),
            Option("--fps", "N", meaning: "frames per second"),
            Option("--feed", "PATH", meaning: "the feed pipe's path", help: "where to write"),
            .flag("--demo", help: "play the demo"),
        ], operands: "SONG...")
    static let player = Command(
        "player", summary: "Plays.", subcommands: [play, Command("player stop", summary: "Stops.", options: [])],
        kind: "verb")

    static func parse(_ arguments: [String]) throws(UsageError) -> ParsedArguments {
        try player.parse(["play"] + arguments).arguments
    }

    @Test func readsValuesAfterTheOptionOrAnEqualsSign() throws {
        let given = try Self.parse(["--size", "128x16", "--fps=60", "--demo", "song", "--", "--feed"])
        #expect(given.options.map(\.name) == ["--size", "--fps", "--demo"])
        let size = try given["--size"]?.size()
        #expect(size?.width == 128 && size?.height == 16)
        #expect(try given["--fps"]?.integer(in: 1...240) == 60)
        #expect(given.has("--demo") && given["--demo"]?.value == nil)
        #expect(given.operands == ["song", "--feed"])
        #expect(!given.help)
    }

    @Test func anOptionGivenTwiceCountsAsLastGivenAndKeepsBothInOrder() throws {
        let given = try Self.parse(["--feed", "a", "-M-", "--feed=b"])
        #expect(given.value("--feed") == "b")
        #expect(given.values("--feed") == ["a", "b"])
        #expect(given.operands == ["-M-"], "a single dash starts an operand of a command that takes operands")
    }

    @Test(arguments: [
        (["--size", "128by16"], "option '--size' got '128by16' (expected WIDTHxHEIGHT, e.g. 128x16, at most 1024x64)"),
        (["--size"], "option '--size' needs a value (WIDTHxHEIGHT, e.g. 128x16)"),
        (["--size", "0x16"], "option '--size' got '0x16' (expected WIDTHxHEIGHT, e.g. 128x16, at most 1024x64)"),
        (["--fps", "sixty"], "option '--fps' got 'sixty' (expected a whole number from 1 to 240)"),
        (["--feed"], "option '--feed' needs a value (the feed pipe's path)"),
        (["--demo=yes"], "option '--demo' takes no value"),
        (["--fead", "x"], "unknown option '--fead' for 'play' (did you mean '--feed'?)"),
        (["--DEMO"], "unknown option '--DEMO' for 'play' (did you mean '--demo'?)"),
        (["--colour"], "unknown option '--colour' for 'play' (expected one of: --demo, --feed, --fps, --size)"),
    ])
    func mistakesNameTheOptionAndWhatItExpects(arguments: [String], message: String) {
        #expect(throws: UsageError(message)) {
            let given = try Self.parse(arguments)
            _ = try given["--size"]?.size()
            _ = try given["--fps"]?.integer(in: 1...240)
        }
    }

    @Test(arguments: [
        ([String](), "missing verb (expected one of: play, stop)"),
        (["plai"], "unknown verb 'plai' (did you mean 'play'?)"),
        (["rewind"], "unknown verb 'rewind' (expected one of: play, stop)"),
        (["stop", "now"], "unexpected argument 'now' for 'stop'"),
        (["stop", "-x"], "unknown option '-x' for 'stop' (it takes none)"),
    ])
    func subcommandMistakesSayWhatThereIs(arguments: [String], message: String) {
        #expect(throws: UsageError(message)) { try Self.player.parse(arguments) }
    }

    @Test func helpIsTakenAnywhereBeforeTheOperandsAndSelectsTheUsage() throws {
        for arguments in [["--help"], ["-h"], ["help"]] {
            let (command, given) = try Self.player.parse(arguments)
            #expect(command.name == "player" && given.help)
        }
        let (command, given) = try Self.player.parse(["play", "--fps", "x", "-h", "--bogus"])
        #expect(command.name == "player play" && given.help)
        #expect(try Self.parse(["--", "--help"]).operands == ["--help"])
    }

    @Test func theUsageListsEveryOptionTheParserTakesAndNoOther() throws {
        let usage = Self.play.usage
        #expect(usage.hasPrefix("usage: player play [options] SONG...\n\nPlays songs.\n"))
        let listed = usage.split(separator: "\n").compactMap { line -> String? in
            guard line.hasPrefix("  --") else { return nil }
            return String(line.dropFirst(2).prefix { $0 != " " })
        }
        #expect(listed == Self.play.options.map(\.name))
        for option in Self.play.options {
            #expect(usage.contains("  \(option.synopsis)  "), "\(option.name)")
            let arguments = option.value == nil ? [option.name] : [option.name, "x"]
            #expect(try Self.parse(arguments).has(option.name))
        }
        #expect(usage.contains("  -h, --help "))
        #expect(Self.player.usage.contains("verbs:\n  play  Plays songs.\n  stop  Stops.\n"))
    }

    @Test func theUsageWrapsLongHelpBesideItsOption() {
        let long = String(repeating: "word ", count: 40)
        let command = Command(
            "x", summary: "S.",
            options: [
                Option("--a-rather-long-option-name", "VALUE", meaning: "m", help: long), .flag("--b", help: long),
            ])
        let lines = command.usage.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.allSatisfy { $0.count <= 110 }, "\(command.usage)")
        #expect(lines.contains("  --a-rather-long-option-name VALUE"), "a long term has its help below it")
        #expect(lines.contains { $0.hasPrefix("  --b") && $0.hasSuffix("word") })
    }
}
