/// The shells whose completion scripts a program's command table can be written as.
package enum CompletionShell: String, CaseIterable, Sendable {
    case bash, zsh, fish
}

extension Command {
    /// The script that completes this program's commands and options in `shell`, written from the same table as
    /// its parser and usage: a command or option added to the table is completed with no other change. Option
    /// values and operands complete as file names.
    package func completionScript(for shell: CompletionShell) -> String {
        switch shell {
        case .bash: bashCompletion
        case .zsh: zshCompletion
        case .fish: fishCompletion
        }
    }

    /// Every command under this one (this one excluded), parents before their children.
    private var descendants: [Command] { subcommands.flatMap { [$0] + $0.descendants } }

    /// The words after the program's name that select this command: `follow mpd`.
    private var path: String { name.split(separator: " ").dropFirst().joined(separator: " ") }

    /// What a menu shows beside the command or option: the first sentence of its help, on one line.
    private static func description(_ text: String) -> String {
        var sentence = ""
        for character in text.prefix(while: { $0 != "\n" }) {
            // A full stop and a space before a capital end it; `. off` in `(# full, . off)` does not.
            if character.isUppercase && sentence.hasSuffix(". ") { break }
            sentence.append(character)
        }
        while sentence.last == " " || sentence.last == "." { sentence.removeLast() }
        return sentence
    }

    /// What may follow the command: its subcommands' words, or its options (`--help` included).
    private var followers: [(word: String, help: String)] {
        subcommands.isEmpty
            ? options.map { ($0.name, $0.help) } + [("--help", "print the usage")]
            : subcommands.map { ($0.word, $0.summary) }
    }

    /// The program's own name, which the completion functions are named after.
    private var program: String { String(name.split(separator: " ").first ?? "") }

    private var header: String {
        "# Completion of \(program)'s commands and options, written by `\(program) completions SHELL` from the "
            + "table that\n# makes its usage.\n"
    }

    /// The body of a bash or zsh function (both read it alike) that finds the command the words typed so far
    /// select, '' for the program itself, 'follow mpd', from `words[first]` up to `words[current]`, and runs the
    /// code `body` writes for it.
    private func selecting(words: String, first: Int, current: String, body: (Command) -> String) -> String {
        let paths = descendants.map { "'\($0.path)'" }.joined(separator: "|")
        var text = "    local command_path=\"\" index next\n"
        text += "    for ((index = \(first); index < \(current); index++)); do\n"
        text += "        next=\"${command_path:+$command_path }${\(words)[index]}\"\n"
        text += "        case $next in\n            (\(paths)) command_path=$next ;;\n            (*) break ;;\n"
        text += "        esac\n    done\n    case $command_path in\n"
        for command in [self] + descendants { text += "        ('\(command.path)') \(body(command)) ;;\n" }
        return text + "    esac\n"
    }

    // MARK: bash

    private var bashCompletion: String {
        let function = "_" + program
        var text = header + "\(function)() {\n    local words\n"
        text += selecting(words: "COMP_WORDS", first: 1, current: "COMP_CWORD") { command in
            "words=\"\(command.followers.map(\.word).joined(separator: " "))\""
        }
        text += "    mapfile -t COMPREPLY < <(compgen -W \"$words\" -- \"${COMP_WORDS[COMP_CWORD]}\")\n}\n"
        return text + "complete -o default -F \(function) \(program)\n"
    }

    // MARK: zsh

    private var zshCompletion: String {
        let function = "_" + program
        var text = "#compdef \(program)\n" + header + "\(function)() {\n    local -a choices\n"
        text += selecting(words: "words", first: 2, current: "CURRENT") { command in
            let choices = command.followers.map { zshQuoted("\($0.word):\(Self.description($0.help))") }
            return "choices=(\(choices.joined(separator: " ")))"
        }
        // A command's options are offered when a dash is typed; anything else there is a value or an operand.
        text += "    if [[ $choices[1] == -* && $PREFIX != -* ]]; then\n        _files\n    else\n"
        text += "        _describe -t choices 'choice' choices\n    fi\n}\n"
        return text + "\(function) \"$@\"\n"
    }

    private func zshQuoted(_ text: String) -> String {
        "'" + text.split(separator: "'", omittingEmptySubsequences: false).joined(separator: "'\\''") + "'"
    }

    // MARK: fish

    private var fishCompletion: String {
        let function = "__\(program)_path"
        var text = header + "set -g \(function)s"
        for command in descendants { text += " " + fishQuoted(command.path) }
        text += "\n\n# The command the words typed so far select: '' for the program itself, 'follow mpd'.\n"
        text += "function \(function)\n    set -l path ''\n"
        text += "    for word in (commandline -opc)[2..-1]\n"
        text += "        set -l next (string trim -- \"$path $word\")\n"
        text += "        contains -- $next $\(function)s; or break\n        set path $next\n    end\n"
        text += "    echo $path\nend\n\n"
        text += "function \(function)_is\n    set -l path (\(function))\n    test \"$path\" = \"$argv[1]\"\nend\n\n"
        text += "complete -c \(program) -f\n"
        for command in [self] + descendants {
            let condition = "-n " + fishQuoted("\(function)_is \(fishQuoted(command.path))")
            if command.subcommands.isEmpty {
                text += "complete -c \(program) \(condition) -F\n"
                for option in command.options {
                    let value = option.value == nil ? "" : " -r"
                    text += "complete -c \(program) \(condition) -l \(option.name.dropFirst(2))\(value) -d "
                    text += fishQuoted(Self.description(option.help)) + "\n"
                }
                text += "complete -c \(program) \(condition) -l help -d 'print the usage'\n"
            } else {
                for subcommand in command.subcommands {
                    text += "complete -c \(program) \(condition) -a \(fishQuoted(subcommand.word)) -d "
                    text += fishQuoted(Self.description(subcommand.summary)) + "\n"
                }
            }
        }
        return text
    }

    private func fishQuoted(_ text: String) -> String {
        "'" + String(text.flatMap { $0 == "\\" || $0 == "'" ? ["\\", $0] : [$0] }) + "'"
    }
}
