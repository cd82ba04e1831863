import Glibc

/// The built programs the tests run, found next to the test binary (SwiftPM puts every product of a
/// configuration in one directory), or under `.build/debug` of the package that holds this file.
enum Products {
    /// The directory holding `tickerd`, `tickerctl` and `libTickerTestShim.so`.
    static let directory: String? = {
        var candidates: [String] = []
        var buffer = [CChar](repeating: 0, count: 4_096)
        let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        if count > 0 {
            let executable = String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            candidates.append(parent(of: executable))
        }
        // Tests/EndToEndTests/Support/Products.swift → the package root.
        let root = parent(of: parent(of: parent(of: parent(of: #filePath))))
        candidates.append(root + "/.build/debug")
        return candidates.first { access($0 + "/tickerd", X_OK) == 0 }
    }()

    /// The daemon.
    static func tickerd() throws -> String { try product("tickerd") }
    /// The companion tool.
    static func tickerctl() throws -> String { try product("tickerctl") }
    /// The `LD_PRELOAD` shim that lets libserialport open pseudo-terminals.
    static func shim() throws -> String { try product("libTickerTestShim.so") }

    private static func product(_ name: String) throws -> String {
        guard let directory else {
            throw E2EFailure("no built 'tickerd' next to the test binary or in .build/debug; run 'swift build' first")
        }
        let path = directory + "/" + name
        guard access(path, R_OK) == 0 else {
            throw E2EFailure("'\(path)' is missing; build it with 'swift build' (or 'swift build --product TickerTestShim')")
        }
        return path
    }

    static func parent(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return String(path[..<slash])
    }
}

/// A test failure with the story of what was being waited for and what the processes said.
struct E2EFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
