import Foundation
import Testing

@testable import TickerCore

// The shipped default file and the reference page must keep up with the key table.
@Suite struct ConfigDocumentationTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    static func read(_ path: String) throws -> String {
        try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
    }

    @Test func defaultFileParsesToTheDefaults() throws {
        let text = try Self.read("Config/tickerd.conf")
        #expect(try Config.parse(text: text, file: "tickerd.conf").get() == Config())
    }

    @Test func defaultFileWithEveryKeyUncommentedStillGivesTheDefaults() throws {
        let text = try Self.read("Config/tickerd.conf")
        let uncommented = text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            let body = line.dropFirst(2)
            let name = body.prefix { $0 != " " }
            let isKey =
                line.hasPrefix("# ") && body.dropFirst(name.count).hasPrefix(" =")
                && name.allSatisfy { $0 == "-" || ("a"..."z").contains($0) }
            return isKey ? String(body) : String(line)
        }.joined(separator: "\n")
        #expect(try Config.parse(text: uncommented, file: "tickerd.conf").get() == Config())
    }

    @Test func everyKeyIsInTheDefaultFileAndTheReference() throws {
        let defaults = try Self.read("Config/tickerd.conf")
        let reference = try Self.read("docs/CONFIG.md")
        for key in ConfigKeys.table {
            #expect(defaults.contains("# \(key.name) ="), "\(key.section).\(key.name) missing from tickerd.conf")
            #expect(reference.contains("| `\(key.name)` |"), "\(key.section).\(key.name) missing from CONFIG.md")
        }
        for section in ConfigKeys.sections {
            #expect(defaults.contains("[\(section)]") && reference.contains("### `[\(section)]`"))
        }
    }
}
