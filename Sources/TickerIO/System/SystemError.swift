/// A failed system call, named by what it was doing and to what: `open '/dev/ttyACM0': No such file or
/// directory`.
package struct SystemError: Error, CustomStringConvertible, Equatable, Sendable {
    /// The operation, e.g. `open`, `write`, `mkfifo`.
    package let operation: String
    /// The object it acted on (a path or a short description), if any.
    package let object: String?
    /// Why it failed.
    package let code: Errno

    /// Creates an error for `operation` on `object` from `code` (defaults to the current `errno`).
    package init(_ operation: String, _ object: String? = nil, code: Errno = .current) {
        self.operation = operation
        self.object = object
        self.code = code
    }

    /// The system's message for the code, e.g. "No such file or directory".
    package var message: String { code.description }

    package var description: String {
        if let object { return "\(operation) '\(object)': \(message)" }
        return "\(operation): \(message)"
    }
}
