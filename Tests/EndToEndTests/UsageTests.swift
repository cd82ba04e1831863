import Foundation
import Testing
import TickerTestSupport

/// Every command of both programs, found by following the lists in their usages: each takes `--help`, its
/// parser takes every option its usage lists, its manual page names them, and a misspelt one is answered
/// with the nearest.
@Suite struct UsageTests {
    struct Run {
        let status: Termination?
        let output: String
        let errors: String
    }

    static func run(_ program: String, _ arguments: [String]) throws -> Run {
        let child = try Child(name: program, executable: try BuiltProducts.path(program), arguments: arguments)
        defer { child.kill() }
        try child.wait("\(program) \(arguments.joined(separator: " ")) to end") { child.termination != nil }
        return Run(status: child.termination, output: child.outputText, errors: child.errors)
    }

    /// The lines of the usage's section `title` (`options:`, `commands:`), up to the blank line after it.
    static func section(_ title: String, of usage: String) -> [Substring] {
        let lines = usage.split(separator: "\n", omittingEmptySubsequences: false)
        guard let start = lines.firstIndex(of: Substring(title)) else { return [] }
        return Array(lines[(start + 1)...].prefix { !$0.isEmpty })
    }

    /// What the usage lists in the left column of `section`: `--feed PATH`, `mpd`.
    static func terms(_ title: String, of usage: String) -> [String] {
        section(title, of: usage).compactMap { line in
            guard line.hasPrefix("  "), !line.hasPrefix("   ") else { return nil }
            let term = line.dropFirst(2)
            return String(term.range(of: "  ").map { term[..<$0.lowerBound] } ?? term)
        }
    }

    /// Every command that runs, as the words after the program, with its usage.
    static func commands(of program: String, under words: [String] = []) throws -> [([String], String)] {
        let help = try run(program, words + ["--help"])
        #expect(help.status == .exited(0), "\(words): \(help.errors)")
        #expect(help.errors.isEmpty)
        #expect(help.output.hasPrefix("usage: " + ([program] + words).joined(separator: " ")), "\(help.output)")
        #expect(try run(program, words + ["-h"]).output == help.output)
        guard
            let list = help.output.split(separator: "\n").first(where: {
                $0.hasSuffix("s:") && !$0.hasPrefix(" ") && $0 != "options:"
            })
        else { return [(words, help.output)] }
        var found: [([String], String)] = []
        for word in terms(String(list), of: help.output) {
            found += try commands(of: program, under: words + [word])
        }
        return found
    }

    /// Whether the roff source `page` names `name` (`--log-level` written `\-\-log\-level`), not as part of a
    /// longer name.
    static func names(_ page: String, _ name: String) -> Bool {
        let written = name.replacingOccurrences(of: "-", with: "\\-")
        var rest = page[...]
        while let found = rest.range(of: written) {
            let after = rest[found.upperBound...]
            if !after.hasPrefix("\\-"), after.first.map({ !$0.isLetter && !$0.isNumber }) ?? true { return true }
            rest = rest[found.upperBound...]
        }
        return false
    }

    @Test(arguments: [("tickerd", "tickerd.8"), ("tickerctl", "tickerctl.1")])
    func everyCommandTakesHelpAndEveryOptionItsUsageAndManualList(program: String, manual: String) throws {
        let page = try String(
            contentsOfFile: BuiltProducts.packageRoot + "/docs/man/" + manual, encoding: .utf8)
        let commands = try Self.commands(of: program)
        #expect(commands.count == (program == "tickerd" ? 1 : 19), "\(commands.map(\.0))")
        for (words, usage) in commands {
            if let word = words.last { #expect(Self.names(page, word), "\(manual) names '\(words)'") }
            let options = Self.terms("options:", of: usage).filter { $0 != "-h, --help" }
            #expect(!options.isEmpty || words == ["ports"], "\(words) lists its options:\n\(usage)")
            for term in options {
                let parts = term.split(separator: " ").map(String.init)
                let name = parts[0]
                #expect(Self.names(page, name), "\(manual) names \(name)")
                // Values are read after parsing, so any value will do: the parser only has to know the name.
                let given = try Self.run(program, words + [name] + (parts.count > 1 ? ["x"] : []) + ["--help"])
                #expect(given.status == .exited(0) && given.output == usage, "\(words) \(name): \(given.errors)")
            }
            guard let name = options.first?.split(separator: " ").first else { continue }
            let misspelt = try Self.run(program, words + [name + "s"])
            #expect(misspelt.status == .exited(2))
            #expect(misspelt.errors.contains("unknown option '\(name)s'"), "\(misspelt.errors)")
            #expect(misspelt.errors.contains("(did you mean '\(name)'?)"), "\(misspelt.errors)")
        }
    }

    @Test func aMisspeltCommandIsAnsweredWithTheNearest() throws {
        let run = try Self.run("tickerctl", ["rendr", "--text", "x"])
        #expect(run.status == .exited(2))
        #expect(run.errors.contains("unknown command 'rendr' (did you mean 'render'?)"), "\(run.errors)")
        #expect(run.output.isEmpty)
    }
}
