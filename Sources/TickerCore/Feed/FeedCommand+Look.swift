// The options that colour a message's or a page's text and make it blink: `--colors RRGGBB[:N],…`,
// `--rainbow`, `--gradient RRGGBB,RRGGBB`, `--blink <seconds>` (docs/FEED.md, *Colours*).

extension FeedCommand {
    /// The look options, as `message` and `page` take them.
    static let lookOptions = ["--colors", "--rainbow", "--gradient", "--blink"]

    /// Reads `option` into `look` when it is a look option, its value taken off `rest`; false for any other
    /// option. `command` names the command in errors (`message`, `page`).
    static func lookOption(
        _ option: String, _ rest: inout ArraySlice<Unicode.Scalar>, into look: inout TextLook, command: String
    ) throws(FeedError) -> Bool {
        switch option {
        case "--colors":
            let value = FeedScan.nextWord(&rest)
            guard !value.isEmpty else {
                throw .missingArgument(command: "\(command) --colors", example: "--colors FFFFFF:4,FF0000")
            }
            try setFill(.runs(try runs(value, command: command)), option: option, into: &look, command: command)
        case "--rainbow":
            try setFill(.rainbow, option: option, into: &look, command: command)
        case "--gradient":
            let value = FeedScan.nextWord(&rest)
            guard !value.isEmpty else {
                throw .missingArgument(command: "\(command) --gradient", example: "--gradient FF0000,0000FF")
            }
            let parts = value.split(separator: ",", omittingEmptySubsequences: false)
            guard parts.count == 2, let from = RGB(hexDigits: parts[0]), let to = RGB(hexDigits: parts[1]) else {
                throw .badColor(
                    Excerpt.of(value), command: "\(command) --gradient", expected: "two colours RRGGBB,RRGGBB")
            }
            try setFill(.gradient(from, to), option: option, into: &look, command: command)
        case "--blink":
            let value = FeedScan.nextWord(&rest)
            guard !value.isEmpty else { throw .missingArgument(command: "\(command) --blink", example: "--blink 0.5") }
            guard let micros = FeedScan.micros(value) else {
                throw .badNumber(Excerpt.of(value), command: "\(command) --blink", expected: "seconds, e.g. 0.5")
            }
            let period = Duration.microseconds(micros)
            guard TextLook.blinkRange.contains(period) else {
                throw .outOfRange(Excerpt.of(value), command: "\(command) --blink", expected: "0.05 to 60 seconds")
            }
            look.blink = period
        default:
            return false
        }
        return true
    }

    /// Checks that `look`'s runs fit in `text` (they may cover less of it, not more).
    static func check(_ look: TextLook, against text: String, command: String) throws(FeedError) {
        guard case .runs(let runs) = look.fill else { return }
        let covered = runs.reduce(0) { $0 + ($1.length ?? 0) }
        let length = text.unicodeScalars.count
        guard covered <= length else { throw .colorsBeyondText(command: command, covered: covered, length: length) }
    }

    /// The look as options, in the order `lookOption` reads them.
    static func lookWords(_ look: TextLook?) -> [String] {
        guard let look else { return [] }
        var words: [String] = []
        switch look.fill {
        case nil: break
        case .runs(let runs)?:
            var values: [String] = []
            for run in runs {
                let color = hex(run.color)
                if let length = run.length { values.append(color + ":" + String(length)) } else { values.append(color) }
            }
            words += ["--colors", values.joined(separator: ",")]
        case .rainbow?: words.append("--rainbow")
        case .gradient(let from, let to)?: words += ["--gradient", hex(from) + "," + hex(to)]
        }
        if let blink = look.blink { words += ["--blink", FeedScan.seconds(blink)] }
        return words
    }

    private static func setFill(
        _ fill: TextLook.Fill, option: String, into look: inout TextLook, command: String
    ) throws(FeedError) {
        // One colouring a text: a rainbow over runs would be a look half meant.
        if let earlier = look.fill {
            throw .conflictingOptions(command: command, option, with: fillOption(earlier))
        }
        look.fill = fill
    }

    private static func fillOption(_ fill: TextLook.Fill) -> String {
        switch fill {
        case .runs: "--colors"
        case .rainbow: "--rainbow"
        case .gradient: "--gradient"
        }
    }

    /// `RRGGBB[:N],…`: at most `TextLook.maxRuns` runs, each of 1 to `maxTextScalars` characters, the last
    /// alone without a count (to the end).
    private static func runs(_ value: ArraySlice<Unicode.Scalar>, command: String) throws(FeedError)
        -> [TextLook.ColorRun]
    {
        let option = "\(command) --colors"
        let parts = value.split(separator: ",", omittingEmptySubsequences: false)
        guard parts.count <= TextLook.maxRuns else {
            throw .outOfRange(Excerpt.of(value), command: option, expected: "at most \(TextLook.maxRuns) runs")
        }
        var runs: [TextLook.ColorRun] = []
        for (index, part) in parts.enumerated() {
            let pieces = part.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
            guard let color = RGB(hexDigits: pieces[0]) else {
                throw .badColor(
                    Excerpt.of(part), command: option, expected: "RRGGBB or RRGGBB:N, e.g. FF0000:4, runs split by ','")
            }
            guard pieces.count == 2 else {
                // Only the last run may go to the end of the text.
                guard index == parts.count - 1 else {
                    throw .badColor(
                        Excerpt.of(part), command: option,
                        expected: "a count of characters after ':' (e.g. FF0000:4) "
                            + "on every run but the last")
                }
                runs.append(TextLook.ColorRun(color))
                continue
            }
            let digits = pieces[1]
            guard !digits.isEmpty, digits.count <= 4, digits.allSatisfy(FeedScan.isDigit) else {
                throw .badNumber(Excerpt.of(part), command: option, expected: "a count of characters, e.g. FF0000:4")
            }
            let length = digits.reduce(0) { $0 * 10 + Int($1.value - 48) }
            guard length >= 1, length <= maxTextScalars else {
                throw .outOfRange(
                    Excerpt.of(part), command: option, expected: "1 to \(maxTextScalars) characters a run")
            }
            runs.append(TextLook.ColorRun(color, length: length))
        }
        return runs
    }

    /// `RRGGBB` in capitals.
    static func hex(_ color: RGB) -> String { String(color.hex.dropFirst()) }
}
