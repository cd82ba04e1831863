import Glibc
import TickerCore
import TickerFollow
import TickerIO

let tickerctl = Command(
    "tickerctl",
    summary: "Sends to, previews and tests the tickerd LED matrix ticker.",
    subcommands: [
        renderCommand, sendCommand, nowCommand, lyricsCommand, portsCommand, panelCommand, ledsCommand,
        followCommand, findLyricsCommand, iconCommand, iconsCommand, coverCommand, webCommand,
    ])

func fail(_ message: String, status: Int32 = 2) -> Never {
    Logger(program: "tickerctl").error(message)
    exit(status)
}

let arguments = Array(CommandLine.arguments.dropFirst())
if arguments.isEmpty {
    print(tickerctl.usage, terminator: "")
    exit(2)
}
// Not in the table, so neither in the usage: the shells' completion scripts, which the package installs, written
// from the table.
if arguments.first == "completions" {
    let shells = CompletionShell.allCases.map(\.rawValue).joined(separator: ", ")
    guard arguments.count == 2, let shell = CompletionShell(rawValue: arguments[1]) else {
        fail("'completions' takes one shell (expected one of: \(shells))")
    }
    print(tickerctl.completionScript(for: shell), terminator: "")
    exit(0)
}
let command: Command
let given: ParsedArguments
do {
    (command, given) = try tickerctl.parse(arguments)
} catch {
    fail(error.description)
}
if given.help {
    print(command.usage, terminator: "")
    exit(0)
}
switch command.name {
case renderCommand.name: exit(runRender(given))
case sendCommand.name, nowCommand.name, lyricsCommand.name: exit(runSend(command.word, given))
case portsCommand.name: exit(runPorts())
case panelCommand.name: exit(runPanel(given))
case ledsTestCommand.name: exit(runLedsTest(given))
case ledsFindCommand.name: exit(runLedsFind(given))
case findLyricsCommand.name: exit(runFindLyrics(given))
case iconCommand.name: exit(runIcon(given))
case iconsLoadCommand.name: exit(runIconsLoad(given))
case coverCommand.name: exit(runCover(given))
case webCommand.name: exit(runWeb(given))
default: exit(runFollow(command, given, arguments: arguments))  // what is left: the followers
}
