import Testing
import TickerTestSupport

/// tickerctl's completion scripts, run by the shells themselves: what they offer after each command's words is
/// what that command's usage lists, since both come from one table.
@Suite struct CompletionTests {
    /// The words `shell` (bash or fish) offers on the command line `tickerctl WORDS… CURRENT`, with the script that
    /// `tickerctl completions SHELL` writes.
    static func offered(_ shell: String, after words: [String], current: String) throws -> [String] {
        let tickerctl = try BuiltProducts.path("tickerctl")
        let arguments: [String]
        switch shell {
        case "bash":
            let script = """
                source <("$0" completions bash) && COMP_WORDS=(tickerctl "$@") && COMP_CWORD=$# && _tickerctl &&
                    printf '%s\\n' "${COMPREPLY[@]}"
                """
            arguments = ["-c", script, tickerctl] + words + [current]
        default:
            let line = (["tickerctl"] + words + [current]).joined(separator: " ")
            arguments = ["-c", "$argv[1] completions fish | source; and complete -C $argv[2]", tickerctl, line]
        }
        let run = try Self.run(shell, arguments)
        #expect(run.status == .exited(0), "\(shell) \(words) \(current): \(run.errors)")
        // fish writes each candidate with its description after a tab.
        return run.output.split(separator: "\n").map { String($0.prefix { $0 != "\t" }) }
    }

    /// Runs the shell `/usr/bin/SHELL` with `arguments` to its end.
    static func run(_ shell: String, _ arguments: [String]) throws -> UsageTests.Run {
        let child = try Child(name: shell, executable: "/usr/bin/" + shell, arguments: arguments)
        defer { child.kill() }
        try child.wait("\(shell) \(arguments.joined(separator: " ")) to end") { child.termination != nil }
        return UsageTests.Run(status: child.termination, output: child.outputText, errors: child.errors)
    }

    @Test(arguments: ["bash", "fish"])
    func everyCommandIsOfferedItsUsagesOptionsAndEveryParentItsCommands(shell: String) throws {
        let usage = try UsageTests.run("tickerctl", ["--help"]).output
        #expect(try Set(Self.offered(shell, after: [], current: "")) == Set(UsageTests.terms("commands:", of: usage)))
        let follow = try UsageTests.run("tickerctl", ["follow", "--help"]).output
        let players = UsageTests.terms("players:", of: follow)
        #expect(
            try Set(Self.offered(shell, after: ["follow"], current: "m")) == Set(players.filter { $0.hasPrefix("m") }))
        for (words, usage) in try UsageTests.commands(of: "tickerctl") {
            let options = UsageTests.terms("options:", of: usage).map { term in
                term == "-h, --help" ? "--help" : String(term.prefix { $0 != " " })
            }
            #expect(try Set(Self.offered(shell, after: words, current: "--")) == Set(options), "\(words)")
        }
    }

    // zsh runs a completion function only inside its completion system, which needs a terminal: its script is
    // checked as zsh reads it.
    @Test func theZshScriptIsACompletionFunctionZshReads() throws {
        let script = try UsageTests.run("tickerctl", ["completions", "zsh"]).output
        #expect(script.hasPrefix("#compdef tickerctl\n"))
        let run = try Self.run("zsh", ["-n", "-c", script])
        #expect(run.status == .exited(0), "\(run.errors)")
    }

    @Test func anUnknownShellIsNamedWithTheOnesThereAre() throws {
        let run = try UsageTests.run("tickerctl", ["completions", "tcsh"])
        #expect(run.status == .exited(2))
        #expect(
            run.errors.contains("'completions' takes one shell (expected one of: bash, zsh, fish)"), "\(run.errors)")
    }
}
