/// A mistake on the command line, as a sentence.
public struct UsageError: Error, CustomStringConvertible, Equatable, Sendable {
    public let description: String
    public init(_ description: String) { self.description = description }
}

/// Walks command-line arguments: options with values (`--size 128x16` or `--size=128x16`), flags and
/// operands, with errors that name the option and what it expects.
public struct ArgumentScanner: Sendable {
    private var arguments: [String]
    private var index = 0
    private var pendingValue: String?

    /// Scans `arguments` (without the program name).
    public init(_ arguments: [String]) {
        self.arguments = arguments
    }

    /// The next argument, or nil at the end. `--name=value` comes back as `--name`, its value kept for `value`.
    public mutating func next() -> String? {
        guard index < arguments.count else { return nil }
        let argument = arguments[index]
        index += 1
        pendingValue = nil
        if argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") {
            pendingValue = String(argument[argument.index(after: equals)...])
            return String(argument[..<equals])
        }
        return argument
    }

    /// The value of `option`: after `=`, or the next argument.
    public mutating func value(for option: String, expected: String) throws(UsageError) -> String {
        if let pendingValue {
            self.pendingValue = nil
            return pendingValue
        }
        guard index < arguments.count else { throw UsageError("option '\(option)' needs a value (\(expected))") }
        index += 1
        return arguments[index - 1]
    }

    /// The value of `option` as a whole number in `range`.
    public mutating func integer(for option: String, in range: ClosedRange<Int>) throws(UsageError) -> Int {
        let expected = "a whole number from \(range.lowerBound) to \(range.upperBound)"
        let text = try value(for: option, expected: expected)
        guard let number = Int(text), range.contains(number) else {
            throw UsageError("option '\(option)' got '\(text)' (expected \(expected))")
        }
        return number
    }

    /// The value of `option` as a finite number in `range`.
    public mutating func number(for option: String, in range: ClosedRange<Double>) throws(UsageError) -> Double {
        let expected = "a number from \(range.lowerBound) to \(range.upperBound)"
        let text = try value(for: option, expected: expected)
        guard let number = Double(text), number.isFinite, range.contains(number) else {
            throw UsageError("option '\(option)' got '\(text)' (expected \(expected))")
        }
        return number
    }

    /// The value of `option` as `WIDTHxHEIGHT`.
    public mutating func size(for option: String) throws(UsageError) -> (width: Int, height: Int) {
        let expected = "WIDTHxHEIGHT, e.g. 128x16"
        let text = try value(for: option, expected: expected)
        let parts = text.lowercased().split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2, let width = Int(parts[0]), let height = Int(parts[1]), (1...1024).contains(width),
            (1...64).contains(height)
        else { throw UsageError("option '\(option)' got '\(text)' (expected \(expected), at most 1024x64)") }
        return (width, height)
    }

    /// Arguments not yet consumed.
    public var remaining: [String] { Array(arguments[index...]) }
}
