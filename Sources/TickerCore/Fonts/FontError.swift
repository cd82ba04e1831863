/// What can go wrong loading a font.
public enum FontError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A BDF file that breaks the format or the loader's limits: where (`file`, 1-based `line`), what was
    /// wrong, the offending token as it appears in the file (shortened and made printable), and what was
    /// expected instead.
    case malformedBDF(file: String, line: Int, problem: String, token: String, expected: String)

    /// `file:line: what was wrong ('token') — expected …`
    public var description: String {
        switch self {
        case .malformedBDF(let file, let line, let problem, let token, let expected):
            return "\(file):\(line): \(problem) ('\(token)') — expected \(expected)"
        }
    }
}
