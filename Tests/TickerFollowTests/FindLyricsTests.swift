import Foundation
import Testing
import TickerTestSupport

/// `tickerctl find-lyrics`, the built binary: the chain once, LRC on stdout, 0 / 1 / 2.
@Suite(.serialized)
struct FindLyricsTests {
    struct Run {
        let status: Termination?
        let output: String
        let errors: String
    }

    static func run(_ arguments: [String]) throws -> Run {
        let child = try Child(
            name: "tickerctl", executable: try BuiltProducts.tickerctl(), arguments: ["find-lyrics"] + arguments)
        defer { child.kill() }
        try child.wait("the end of find-lyrics", timeout: .seconds(20)) { child.termination != nil }
        return Run(status: child.termination, output: child.outputText, errors: child.errors)
    }

    @Test func printsTheLyricsFromTheTagsOfTheMusicFile() throws {
        let directory = try TemporaryDirectory()
        let file = directory.file("song.flac")
        try Child.run("/usr/bin/sox", ["-n", "-r", "44100", "-c", "1", file, "trim", "0", "0.1"])
        try Child.run("/usr/bin/metaflac", ["--set-tag=SYNCEDLYRICS=[00:01.00]From the tags", file])
        let result = try Self.run(["--artist", "A", "--title", "T", "--music-file", file, "--offline"])
        #expect(result.status == .exited(0), "\(result.errors)")
        #expect(result.output == "[00:01.00]From the tags\n")

        try directory.write("song.lrc", "[00:02.00]From the sidecar")
        let sidecar = try Self.run(["--artist", "A", "--title", "T", "--music-file", file, "--offline"])
        #expect(sidecar.output == "[00:02.00]From the sidecar\n", "\(sidecar.errors)")
    }

    @Test func namesTheTrackFromTheTagsOfTheMusicFileWhenTheOptionsDoNot() throws {
        let standin = try LRCLIBStandin()
        let directory = try TemporaryDirectory()
        let file = directory.file("hit.flac")
        try Child.run("/usr/bin/sox", ["-n", "-r", "44100", "-c", "1", file, "trim", "0", "0.1"])
        try Child.run(
            "/usr/bin/metaflac",
            ["--set-tag=TITLE=Hit Song", "--set-tag=ARTIST=Standin", "--set-tag=ALBUM=Tests", file])
        let common = ["--server", standin.url, "--cache", directory.file("cache"), "--config", "/dev/null"]
        let tagged = try Self.run(["--music-file", file] + common)
        #expect(tagged.status == .exited(0), "\(tagged.errors)")
        #expect(tagged.output.hasPrefix("[00:00.50]Words from the server\n"))
        let asked = try standin.requests(for: "Hit Song")
        #expect(asked.count == 1)
        #expect(
            asked.allSatisfy { $0.contains("artist_name=Standin&") && $0.contains("&album_name=Tests ") }, "\(asked)")

        // What the options say comes first.
        let named = try Self.run(["--music-file", file, "--title", "Missing"] + common)
        #expect(named.status == .exited(1), "\(named.errors)")
        #expect(named.errors.contains("no timed lyrics for 'Missing'"))
        #expect(try standin.requests(for: "Missing").allSatisfy { $0.contains("artist_name=Standin&") })

        let untitled = directory.file("untitled.flac")
        try Child.run("/usr/bin/sox", ["-n", "-r", "44100", "-c", "1", untitled, "trim", "0", "0.1"])
        let none = try Self.run(["--music-file", untitled] + common)
        #expect(none.status == .exited(2))
        #expect(
            none.errors.contains("missing --title (a title); the tags of '\(untitled)' name none"), "\(none.errors)")
    }

    @Test func asksTheServerOnceThenAnswersFromTheCache() throws {
        let standin = try LRCLIBStandin()
        let directory = try TemporaryDirectory()
        let arguments = [
            "--artist", "Standin", "--title", "Hit Song", "--album", "Tests", "--duration", "30", "--server",
            standin.url,
            "--cache", directory.file("cache"), "--config", "/dev/null",
        ]
        let first = try Self.run(arguments)
        #expect(first.status == .exited(0), "\(first.errors)")
        #expect(first.output.hasPrefix("[00:00.50]Words from the server\n"))
        let second = try Self.run(arguments)
        #expect(second.output == first.output)
        #expect(try standin.requests(for: "Hit Song").count == 1)
    }

    struct Case: CustomTestStringConvertible, Sendable {
        let arguments: [String]
        let status: Int32
        let message: String
        var testDescription: String { arguments.joined(separator: " ") }
    }

    static let cases: [Case] = [
        Case(arguments: ["--title", "Missing"], status: 1, message: "no timed lyrics for 'Missing'"),
        Case(arguments: ["--title", "Instrumental"], status: 1, message: "'Instrumental' is instrumental"),
        Case(arguments: ["--title", "Plain Only"], status: 1, message: "no timed lyrics for 'Plain Only'"),
        Case(arguments: ["--title", "Busy"], status: 2, message: "HTTP status 429"),
        Case(arguments: ["--title", "Malformed"], status: 2, message: "malformed answer"),
        Case(
            arguments: ["--title", "Hit Song", "--offline"], status: 1, message: "no lyrics for 'Hit Song' in the files"
        ),
        Case(arguments: ["--artist", "x"], status: 2, message: "missing --title"),
        Case(arguments: ["--title", "x", "--duration", "-3"], status: 2, message: "invalid --duration '-3'"),
        Case(
            arguments: ["--title", "x", "--music-file", "/nonexistent/a.flac"], status: 2,
            message: "music file '/nonexistent/a.flac' does not exist"),
        Case(arguments: ["--title", "x", "--colour"], status: 2, message: "unknown option '--colour'"),
    ]

    @Test(arguments: cases)
    func saysWhyInItsExitStatus(_ example: Case) throws {
        let standin = try LRCLIBStandin()
        let directory = try TemporaryDirectory()
        let common = ["--server", standin.url, "--cache", directory.file("cache"), "--config", "/dev/null"]
        let result = try Self.run(example.arguments + common)
        #expect(result.status == .exited(example.status), "\(result.errors)")
        #expect(result.errors.contains(example.message), "\(result.errors)")
        #expect(result.output.isEmpty)
    }
}
