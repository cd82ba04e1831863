import Foundation
import Testing

/// The shipped units are checked with systemd's own tools: `systemd-analyze verify` must print nothing at
/// all (it only warns about many mistakes), and the exposure score of each
/// system unit must stay where it is (the daemon's at 1.0 or below).
@Suite struct SystemdUnitTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// Copies the units into a temporary directory with `ExecStart=` pointing at the built binaries, since the
    /// installed paths do not exist on a build machine.
    static func stagedUnits() throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "tickerd-units-\(UUID().uuidString)")
        try? FileManager.default.removeItem(at: directory)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let build = repository.appendingPathComponent(".build/debug").path
        let source = repository.appendingPathComponent("systemd")
        for name in try FileManager.default.contentsOfDirectory(atPath: source.path)
        where name.hasSuffix(".service") || name.hasSuffix(".socket") {
            var text = try String(contentsOf: source.appendingPathComponent(name), encoding: .utf8)
            text = text.replacingOccurrences(of: "/usr/local/bin/", with: build + "/")
                .replacingOccurrences(of: "/usr/local/share/doc/tickerd/", with: repository.path + "/docs/")
            try text.write(to: directory.appendingPathComponent(name), atomically: true, encoding: .utf8)
        }
        return directory
    }

    static func run(_ arguments: [String]) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    @Test func systemdAnalyzeVerifyPrintsNothing() throws {
        let directory = try Self.stagedUnits()
        defer { try? FileManager.default.removeItem(at: directory) }
        // The executables the units name must exist for verify to be quiet.
        for binary in ["tickerd", "tickerctl"] {
            let path = Self.repository.appendingPathComponent(".build/debug/\(binary)").path
            #expect(FileManager.default.isExecutableFile(atPath: path), "build \(binary) first: \(path)")
        }
        // The MPRIS follower is a user unit; no user manager runs here, so it is verified like the others.
        let units = [
            "tickerd.service", "tickerd.socket", "tickerd-follow-mpd.service", "tickerd-follow-shairport.service",
            "tickerd-follow-mpris.service", "tickerd-follow-lms.service", "tickerd-follow-mqtt.service",
        ]
        let result = try Self.run(
            ["systemd-analyze", "verify", "--man=no"] + units.map { directory.appendingPathComponent($0).path })
        #expect(result.status == 0)
        #expect(result.output == "", "systemd-analyze verify said:\n\(result.output)")
    }

    /// The exposure each system unit has reached, which a change may keep or lower but not raise.
    @Test(arguments: [
        ("tickerd.service", 1.0), ("tickerd-follow-mpd.service", 1.5), ("tickerd-follow-shairport.service", 1.2),
        ("tickerd-follow-lms.service", 2.0), ("tickerd-follow-mqtt.service", 1.5),
    ])
    func exposureStaysAtMost(unit: String, limit: Double) throws {
        let directory = try Self.stagedUnits()
        defer { try? FileManager.default.removeItem(at: directory) }
        let result = try Self.run(
            ["systemd-analyze", "security", "--offline=yes", directory.appendingPathComponent(unit).path])
        let line = result.output.split(separator: "\n").first { $0.contains("Overall exposure level") }
        let score = line.flatMap { text in
            text.split(separator: " ").compactMap { Double($0) }.first
        }
        #expect(score != nil, "no exposure score in:\n\(result.output)")
        #expect((score ?? 10) <= limit, "\(unit): exposure \(score ?? -1) is above \(limit)")
    }
}
