/// A failed system call, named by what it was doing and to what: `open '/dev/ttyACM0': No such file or
/// directory`.
public struct SystemError: Error, CustomStringConvertible, Equatable, Sendable {
    /// The operation, e.g. `open`, `write`, `mkfifo`.
    public let operation: String
    /// The object it acted on (a path or a short description), if any.
    public let object: String?
    /// Why it failed.
    public let code: Errno

    /// Creates an error for `operation` on `object` from `code` (defaults to the current `errno`).
    public init(_ operation: String, _ object: String? = nil, code: Errno = .current) {
        self.operation = operation
        self.object = object
        self.code = code
    }

    /// The system's message for the code, e.g. "No such file or directory".
    public var message: String { code.description }

    public var description: String {
        if let object { return "\(operation) '\(object)': \(message)" }
        return "\(operation): \(message)"
    }
}
