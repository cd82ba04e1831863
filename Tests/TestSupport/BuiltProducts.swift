import Glibc

/// The built programs the tests run, found next to the test binary (SwiftPM puts every product of a
/// configuration in one directory), or under `.build/debug` of the package that holds this file.
public enum BuiltProducts {
    /// The package's root directory.
    public static let packageRoot = parent(of: parent(of: parent(of: #filePath)))

    /// The directory holding `tickerd`, `tickerctl` and `libTickerTestShim.so`.
    public static let directory: String? = {
        var candidates: [String] = []
        var buffer = [CChar](repeating: 0, count: 4_096)
        let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        if count > 0 {
            let executable = String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            candidates.append(parent(of: executable))
        }
        candidates.append(packageRoot + "/.build/debug")
        return candidates.first { access($0 + "/tickerd", X_OK) == 0 }
    }()

    /// The daemon.
    public static func tickerd() throws -> String { try path("tickerd") }
    /// The companion tool.
    public static func tickerctl() throws -> String { try path("tickerctl") }
    /// The `LD_PRELOAD` shim that lets libserialport open pseudo-terminals.
    public static func shim() throws -> String { try path("libTickerTestShim.so") }

    /// The built program or library `name`; throws, naming the build to run, when it is missing.
    public static func path(_ name: String) throws -> String {
        guard let directory else {
            throw TestFailure("no built 'tickerd' next to the test binary or in .build/debug; run 'swift build' first")
        }
        let path = directory + "/" + name
        guard access(path, R_OK) == 0 else {
            throw TestFailure(
                "'\(path)' is missing; build it with 'swift build' (or 'swift build --product TickerTestShim')")
        }
        return path
    }

    /// `path` without its last component.
    public static func parent(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return String(path[..<slash])
    }
}
