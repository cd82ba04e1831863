import TickerCore

/// Why a file the daemon keeps (the state file, the kept state) could not be read; `Invalid` says what is wrong
/// with what it holds.
package enum DaemonFileError<Invalid: Error & Equatable>: Error, Equatable, CustomStringConvertible {
    /// Opening or reading it failed.
    case system(SystemError)
    /// It is a directory, a pipe or a device.
    case notAFile(path: String)
    /// It does not hold what it should.
    case invalid(path: String, Invalid)

    /// A sentence naming the file and the cause.
    package var description: String {
        switch self {
        case .system(let error): return error.description
        case .notAFile(let path): return "'\(path)' is not a regular file"
        case .invalid(let path, let error): return "'\(path)': \(error)"
        }
    }

    /// What `parse` makes of the bytes of the file at `path` that `read` gives (nil: it is not a regular
    /// file); nil when there is no file.
    static func parse<Value>(
        _ path: String, read: () throws(SystemError) -> [UInt8]?, as parse: ([UInt8]) throws(Invalid) -> Value
    ) throws(Self) -> Value? {
        let bytes: [UInt8]?
        do {
            bytes = try read()
        } catch {
            if error.code == .noSuchFileOrDirectory { return nil }
            throw .system(error)
        }
        guard let bytes else { throw .notAFile(path: path) }
        do {
            return try parse(bytes)
        } catch {
            throw .invalid(path: path, error)
        }
    }
}
