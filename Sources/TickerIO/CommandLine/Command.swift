import TickerCore

/// A mistake on the command line, as a sentence.
package struct UsageError: Error, CustomStringConvertible, Equatable, Sendable {
    package let description: String
    package init(_ description: String) { self.description = description }
}

/// One option of a command, as its usage lists it and its parser reads it.
package struct Option: Sendable {
    /// The name, `--feed`.
    package let name: String
    /// What the value is called in the usage (`PATH`) and what it is, for errors (`the feed pipe's path`);
    /// nil for a flag, which takes no value.
    package let value: (name: String, meaning: String)?
    /// What the option does, for the usage.
    package let help: String

    /// An option that takes a value, given as `--name VALUE` or `--name=VALUE`; its help is `meaning` unless
    /// said otherwise.
    package init(_ name: String, _ value: String, meaning: String, help: String? = nil) {
        self.name = name
        self.value = (value, meaning)
        self.help = help ?? meaning
    }

    private init(flag name: String, help: String) {
        self.name = name
        self.value = nil
        self.help = help
    }

    /// A flag.
    package static func flag(_ name: String, help: String) -> Option { Option(flag: name, help: help) }

    /// An option whose value is a panel size, `WIDTHxHEIGHT` (read it with `ParsedArguments.Given.size()`).
    package static func size(_ name: String = "--size", help: String) -> Option {
        Option(name, "WxH", meaning: "WIDTHxHEIGHT, e.g. 128x16", help: help)
    }

    /// The option as the usage shows it: `--feed PATH`.
    var synopsis: String { value.map { "\(name) \($0.name)" } ?? name }
}

/// What a command line gave one command: its options in the order given, and its operands.
package struct ParsedArguments: Sendable {
    /// One option as given.
    package struct Given: Sendable {
        /// Its name, `--feed`.
        package let name: String
        /// Its value; nil for a flag.
        package let value: String?

        /// The value as a whole number in `range`.
        package func integer(in range: ClosedRange<Int>) throws(UsageError) -> Int {
            guard let number = Int(value ?? ""), range.contains(number) else {
                throw bad("a whole number from \(range.lowerBound) to \(range.upperBound)")
            }
            return number
        }

        /// The value as a finite number in `range`.
        package func number(in range: ClosedRange<Double>) throws(UsageError) -> Double {
            guard let number = Double(value ?? ""), number.isFinite, range.contains(number) else {
                throw bad("a number from \(range.lowerBound) to \(range.upperBound)")
            }
            return number
        }

        /// The value as decimal seconds in `range`, to the microsecond and exact (`4.6` is 4.6 s to the
        /// attosecond, which a `Double` is not).
        package func seconds(in range: ClosedRange<Duration>) throws(UsageError) -> Duration {
            guard let time = Duration(decimalSeconds: value ?? ""), range.contains(time) else {
                let (low, high) = (range.lowerBound, range.upperBound)
                throw bad(
                    "seconds from \(low.decimalSeconds(fractionDigits: 6)) to \(high.decimalSeconds(fractionDigits: 6))"
                )
            }
            return time
        }

        /// The value as `WIDTHxHEIGHT`, at most 1024×64.
        package func size() throws(UsageError) -> (width: Int, height: Int) {
            let parts = (value ?? "").lowercased().split(separator: "x", omittingEmptySubsequences: false)
            guard parts.count == 2, let width = Int(parts[0]), let height = Int(parts[1]), (1...1024).contains(width),
                (1...64).contains(height)
            else { throw bad("WIDTHxHEIGHT, e.g. 128x16, at most 1024x64") }
            return (width, height)
        }

        private func bad(_ expected: String) -> UsageError {
            UsageError("option '\(name)' got '\(value ?? "")' (expected \(expected))")
        }
    }

    /// The options, in the order given (an option given twice is here twice).
    package let options: [Given]
    /// The arguments that are not options, and every one after `--`.
    package let operands: [String]
    /// Whether `--help` (or `-h`) was given: the command's usage is wanted, nothing else.
    package let help: Bool

    /// Whether `name` was given.
    package func has(_ name: String) -> Bool { options.contains { $0.name == name } }

    /// The option `name` as last given.
    package subscript(_ name: String) -> Given? { options.last { $0.name == name } }

    /// The value of the option `name` as last given.
    package func value(_ name: String) -> String? { self[name]?.value }

    /// Every value given for `name`, in order.
    package func values(_ name: String) -> [String] { options.compactMap { $0.name == name ? $0.value : nil } }
}

/// A command of a program: its options (or its subcommands) and operands, declared once. Its parser, its usage
/// text and the closest option to a misspelt one all come from this declaration.
package struct Command: Sendable {
    /// The whole name as typed, `tickerctl follow mpd`.
    package let name: String
    /// What the command does: the first paragraph of its usage, and its line in the list of its parent's.
    package let summary: String
    /// The usage lines after the name; by default `[options]` and the operands.
    package let synopsis: [String]
    /// The options (besides `--help`).
    package let options: [Option]
    /// What the operands are called in the usage (`LINE...`); nil when the command takes none.
    package let operands: String?
    /// The commands of which the first argument names one, as in `tickerctl follow mpd`; empty for a command
    /// that runs.
    package let subcommands: [Command]
    /// What a subcommand is called in messages and the usage (`command`, `player`).
    package let subcommandKind: String
    /// Paragraphs the usage ends with.
    package let details: String?

    /// A command; one with `subcommands` takes no options, its first argument names one of them.
    package init(
        _ name: String, summary: String, synopsis: [String]? = nil, options: [Option] = [], operands: String? = nil,
        subcommands: [Command] = [], kind: String = "command", details: String? = nil
    ) {
        self.name = name
        self.summary = summary
        let runs = subcommands.isEmpty
        self.synopsis =
            synopsis ?? [runs ? "[options]" + (operands.map { " \($0)" } ?? "") : kind.uppercased() + " [options]"]
        self.options = runs ? options : []
        self.operands = runs ? operands : nil
        self.subcommands = subcommands
        self.subcommandKind = kind
        self.details = details
    }

    /// The last word of the name: what selects this command among its parent's.
    package var word: String { String(name.split(separator: " ").last ?? "") }

    /// Reads `arguments` (after the name): the command they select (this one or a subcommand's) and what they
    /// give it.
    package func parse(_ arguments: [String]) throws(UsageError) -> (command: Command, arguments: ParsedArguments) {
        guard subcommands.isEmpty else { return try selectSubcommand(arguments) }
        var given: [ParsedArguments.Given] = []
        var operands: [String] = []
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if argument == "--" {
                operands += arguments[index...]
                break
            }
            if argument == "--help" || argument == "-h" {
                return (self, ParsedArguments(options: given, operands: operands, help: true))
            }
            // A command that takes operands takes one starting with a single dash (an artist called "-M-").
            guard argument.hasPrefix("--") || (self.operands == nil && argument.hasPrefix("-")) else {
                operands.append(argument)
                continue
            }
            let equals = argument.firstIndex(of: "=")
            let name = equals.map { String(argument[..<$0]) } ?? argument
            let inline = equals.map { String(argument[argument.index(after: $0)...]) }
            guard let option = options.first(where: { $0.name == name }) else { throw unknown("option", name) }
            var value = inline
            if let expected = option.value, inline == nil {
                guard index < arguments.count else {
                    throw UsageError("option '\(name)' needs a value (\(expected.meaning))")
                }
                value = arguments[index]
                index += 1
            } else if option.value == nil, inline != nil {
                throw UsageError("option '\(name)' takes no value")
            }
            given.append(ParsedArguments.Given(name: name, value: value))
        }
        if self.operands == nil, let first = operands.first {
            throw UsageError("unexpected argument '\(first)'\(forName)")
        }
        return (self, ParsedArguments(options: given, operands: operands, help: false))
    }

    private func selectSubcommand(_ arguments: [String]) throws(UsageError) -> (Command, ParsedArguments) {
        let words = subcommands.map(\.word)
        guard let first = arguments.first else {
            throw UsageError("missing \(subcommandKind) (expected one of: \(words.joined(separator: ", ")))")
        }
        if first == "--help" || first == "-h" || first == "help" {
            return (self, ParsedArguments(options: [], operands: [], help: true))
        }
        guard let subcommand = subcommands.first(where: { $0.word == first }) else {
            throw unknown(subcommandKind, first)
        }
        return try subcommand.parse(Array(arguments.dropFirst()))
    }

    /// ` for 'follow mpd'`: the command as named in a message, without the program.
    private var forName: String {
        guard let space = name.firstIndex(of: " ") else { return "" }
        return " for '\(name[name.index(after: space)...])'"
    }

    /// An unknown option or subcommand, with the one nearest by spelling, or else every one there is.
    private func unknown(_ kind: String, _ word: String) -> UsageError {
        let isOption = kind == "option"
        let names = isOption ? options.map(\.name) : subcommands.map(\.word)
        let hint =
            names.isEmpty
            ? "it takes none"
            : ConfigText.closest(word, in: names).map { "did you mean '\($0)'?" }
                ?? "expected one of: " + (isOption ? names.sorted() : names).joined(separator: ", ")
        return UsageError("unknown \(kind) '\(word)'\(isOption ? forName : "") (\(hint))")
    }

    // MARK: Usage

    /// The usage text: synopsis, summary, subcommands or options, details.
    package var usage: String {
        var text = "usage: " + synopsis.map { "\(name) \($0)" }.joined(separator: "\n       ") + "\n\n"
        text += Self.wrap(summary) + "\n\n"
        if subcommands.isEmpty {
            text +=
                "options:\n" + Self.table(options.map { ($0.synopsis, $0.help) } + [("-h, --help", "print this text")])
        } else {
            text += "\(subcommandKind)s:\n" + Self.table(subcommands.map { ($0.word, $0.summary) })
            text += "\n'\(name) \(subcommandKind.uppercased()) --help' lists its options.\n"
        }
        return text + (details.map { "\n" + Self.wrap($0) + "\n" } ?? "")
    }

    /// Two columns: each term, then its text wrapped beside it (below it when the term is long).
    private static func table(_ rows: [(term: String, text: String)]) -> String {
        let column = min(rows.map(\.term.count).max() ?? 0, 24) + 4
        let indent = String(repeating: " ", count: column)
        return rows.map { row in
            let term = "  " + row.term
            let head = term.count + 2 <= column ? term + indent.dropFirst(term.count) : term + "\n" + indent
            let lines = wrap(row.text, width: 110 - column).split(separator: "\n", omittingEmptySubsequences: false)
            return head + lines.joined(separator: "\n" + indent) + "\n"
        }.joined()
    }

    /// `text` with its paragraphs (split at line feeds) wrapped at spaces to `width` columns.
    private static func wrap(_ text: String, width: Int = 110) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { paragraph in
            var lines = [""]
            for word in paragraph.split(separator: " ") {
                let line = lines[lines.count - 1]
                if line.isEmpty {
                    lines[lines.count - 1] = String(word)
                } else if line.count + 1 + word.count > width {
                    lines.append(String(word))
                } else {
                    lines[lines.count - 1] += " " + word
                }
            }
            return lines.joined(separator: "\n")
        }.joined(separator: "\n")
    }
}
