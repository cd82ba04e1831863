import Foundation
import TickerTestSupport

/// A command exactly as README.md prints it, which a test runs with the paths it names (`/tmp/panel`) moved
/// into the test's own directory, so that tests running side by side do not share them.
struct ReadmeCommand {
    /// The program and its arguments.
    let words: [String]

    init(_ words: String...) { self.words = words }

    /// The program.
    var program: String { words.first ?? "" }

    /// How README.md prints it: the words joined by spaces, one holding a space in double quotes.
    var printed: String {
        words.map { $0.contains(" ") ? "\"\($0)\"" : $0 }.joined(separator: " ")
    }

    /// The arguments after the program, with every path that is a key of `moved` replaced by its value.
    func arguments(moving moved: [String: String]) -> [String] {
        words.dropFirst().map { moved[$0] ?? $0 }
    }

    /// README.md with every run of white space as one space, as a reader sees a command wrapped over lines.
    static let readme: String = {
        let text = (try? String(contentsOfFile: BuiltProducts.packageRoot + "/README.md", encoding: .utf8)) ?? ""
        return text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }()

    /// Whether README.md prints this command, in backticks.
    var isInReadme: Bool { Self.readme.contains("`\(printed)`") }
}
