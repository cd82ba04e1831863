import Foundation
import Testing

/// The shipped units are checked with systemd's own tools: `systemd-analyze verify` must print nothing at
/// all (it only warns about many mistakes), and the exposure score of each
/// system unit must stay where it is: the daemon's at 0.9 with a serial panel, and at 1.1 with the network
/// drop-in, 0.9 with the SPI drop-in, for the plain units and the template alike. (It was 0.7 and 1.0 until the
/// view socket: `chown(2)` let back through `~@privileged`, to give the socket to the group tickerd, costs 0.2.)
@Suite struct SystemdUnitTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The drop-in that gives a daemon the network instead of serial ports (installed to /usr/local/share/tickerd).
    static let networkDropIn = "network.conf"
    /// The drop-in that gives a daemon the SPI devices of a Raspberry Pi as well (installed beside it).
    static let spiDropIn = "spi.conf"

    /// Copies the units into a temporary directory with `ExecStart=` pointing at the built binaries, since the
    /// installed paths do not exist on a build machine. Each unit named in `networked` gets the network drop-in
    /// in its drop-in directory (`NAME.d/network.conf`), as the README says to put it; each in `spi`, the SPI
    /// drop-in.
    static func stagedUnits(into directory: URL? = nil, networked: [String] = [], spi: [String] = []) throws -> URL {
        let directory =
            directory
            ?? FileManager.default.temporaryDirectory.appendingPathComponent("tickerd-units-\(UUID().uuidString)")
        try? FileManager.default.removeItem(at: directory)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let build = repository.appendingPathComponent(".build/debug").path
        let source = repository.appendingPathComponent("systemd")
        func stage(_ name: String, as target: URL) throws {
            var text = try String(contentsOf: source.appendingPathComponent(name), encoding: .utf8)
            text = text.replacingOccurrences(of: "/usr/local/bin/", with: build + "/")
                .replacingOccurrences(of: "/usr/local/share/doc/tickerd/", with: repository.path + "/docs/")
            try text.write(to: target, atomically: true, encoding: .utf8)
        }
        for name in try FileManager.default.contentsOfDirectory(atPath: source.path)
        where name.hasSuffix(".service") || name.hasSuffix(".socket") {
            try stage(name, as: directory.appendingPathComponent(name))
        }
        for (unit, dropIn) in networked.map({ ($0, networkDropIn) }) + spi.map({ ($0, spiDropIn) }) {
            let dropIns = directory.appendingPathComponent(unit + ".d")
            try FileManager.default.createDirectory(at: dropIns, withIntermediateDirectories: true)
            try stage(dropIn, as: dropIns.appendingPathComponent(dropIn))
        }
        return directory
    }

    /// A root directory for `systemd-analyze --root=`, whose `/etc/systemd/system` holds the staged units (and
    /// the drop-ins of `networked`): the one way to analyse a unit with its drop-ins offline.
    static func stagedRoot(networked: [String], spi: [String] = []) throws -> URL {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("tickerd-root-\(UUID().uuidString)")
        _ = try stagedUnits(into: root.appendingPathComponent("etc/systemd/system"), networked: networked, spi: spi)
        return root
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
            "tickerd.service", "tickerd.socket", "tickerd@.service", "tickerd@.socket", "tickerd-follow-mpd.service",
            "tickerd-follow-shairport.service", "tickerd-follow-mpris.service", "tickerd-follow-lms.service",
            "tickerd-follow-mqtt.service", "tickerd-follow-mqtt@.service", "tickerd-icons.service",
        ]
        let result = try Self.run(
            ["systemd-analyze", "verify", "--man=no"] + units.map { directory.appendingPathComponent($0).path })
        #expect(result.status == 0)
        #expect(result.output == "", "systemd-analyze verify said:\n\(result.output)")
    }

    /// The network and SPI drop-ins, each read after the unit it changes as systemd reads a drop-in, must verify
    /// as quietly.
    @Test(arguments: ["tickerd.service", "tickerd@.service"], [networkDropIn, spiDropIn])
    func dropInVerifiesQuietly(unit: String, dropInName: String) throws {
        let directory = try Self.stagedUnits()
        defer { try? FileManager.default.removeItem(at: directory) }
        let unitText = try String(contentsOf: directory.appendingPathComponent(unit), encoding: .utf8)
        let dropIn = try String(
            contentsOf: Self.repository.appendingPathComponent("systemd/\(dropInName)"), encoding: .utf8)
        let combined = directory.appendingPathComponent(unit)
        try (unitText + "\n" + dropIn).write(to: combined, atomically: true, encoding: .utf8)
        let result = try Self.run(["systemd-analyze", "verify", "--man=no", combined.path])
        #expect(result.status == 0)
        #expect(result.output == "", "systemd-analyze verify said of \(unit) with the drop-in:\n\(result.output)")
    }

    /// The exposure each system unit has reached, which a change may keep or lower but not raise; `networked`
    /// with the network drop-in in place. A daemon gets serial ports or the network, never both.
    @Test(arguments: [
        ("tickerd.service", false, 0.9), ("tickerd.service", true, 1.1), ("tickerd@kitchen.service", false, 0.9),
        ("tickerd@kitchen.service", true, 1.1), ("tickerd-follow-mpd.service", false, 1.5),
        ("tickerd-follow-shairport.service", false, 1.2), ("tickerd-follow-lms.service", false, 2.0),
        ("tickerd-follow-mqtt.service", false, 1.5), ("tickerd-follow-mqtt@kitchen.service", false, 1.5),
        ("tickerd-icons.service", false, 1.2), ("tickerd-web.service", false, 1.4),
        ("tickerd-web@kitchen.service", false, 1.4),
    ])
    func exposureStaysAtMost(unit: String, networked: Bool, limit: Double) throws {
        let root = try Self.stagedRoot(networked: networked ? [unit] : [])
        defer { try? FileManager.default.removeItem(at: root) }
        let result = try Self.run(["systemd-analyze", "security", "--offline=yes", "--root=\(root.path)", unit])
        let line = result.output.split(separator: "\n").first { $0.contains("Overall exposure level") }
        let score = line.flatMap { text in
            text.split(separator: " ").compactMap { Double($0) }.first
        }
        let what = networked ? "\(unit) with the network drop-in" : unit
        #expect(score != nil, "no exposure score for \(what) in:\n\(result.output)")
        #expect((score ?? 10) <= limit, "\(what): exposure \(score ?? -1) is above \(limit)")
    }

    /// With the SPI drop-in, the daemon's exposure stays where the serial panel's is: the SPI devices join the
    /// allowed devices, and the group that owns them its groups.
    @Test(arguments: [("tickerd.service", 0.9), ("tickerd@kitchen.service", 0.9)])
    func spiDropInKeepsTheExposure(unit: String, limit: Double) throws {
        let root = try Self.stagedRoot(networked: [], spi: [unit.hasPrefix("tickerd@") ? "tickerd@.service" : unit])
        defer { try? FileManager.default.removeItem(at: root) }
        let result = try Self.run(["systemd-analyze", "security", "--offline=yes", "--root=\(root.path)", unit])
        let score = result.output.split(separator: "\n").first { $0.contains("Overall exposure level") }.flatMap {
            $0.split(separator: " ").compactMap { Double($0) }.first
        }
        #expect(score != nil && (score ?? 10) <= limit, "\(unit) with the SPI drop-in: exposure \(score ?? -1)")
        let shown = try Self.run([
            "systemd-analyze", "cat-config", "--root=\(root.path)",
            "systemd/system/\(unit.hasPrefix("tickerd@") ? "tickerd@.service" : unit)",
        ])
        #expect(
            shown.output.contains("DeviceAllow=char-spidev rw") && shown.output.contains("SupplementaryGroups=spi"),
            "\(shown.output)")
    }

    /// The network drop-in takes the serial ports away as it gives the network: the unit it changes keeps no
    /// device, no `dialout` and no address outside the local networks.
    @Test func networkDropInTradesSerialPortsForLocalNetworks() throws {
        let root = try Self.stagedRoot(networked: ["tickerd.service"])
        defer { try? FileManager.default.removeItem(at: root) }
        let output = try Self.run([
            "systemd-analyze", "security", "--offline=yes", "--root=\(root.path)", "tickerd.service",
        ])
        .output
        func verdict(_ setting: String) -> Substring? {
            output.split(separator: "\n").first { $0.dropFirst(2).hasPrefix(setting) }
        }
        #expect(verdict("SupplementaryGroups=")?.hasPrefix("✓") == true, "\(output)")
        #expect(verdict("PrivateDevices=")?.hasPrefix("✓") == true, "\(output)")
        #expect(verdict("DeviceAllow=")?.contains("tty") == false, "\(output)")
        #expect(verdict("IPAddressDeny=")?.contains("allow list") == true, "\(output)")
        #expect(verdict("RestrictAddressFamilies=~AF_PACKET")?.hasPrefix("✓") == true, "\(output)")
        #expect(verdict("RestrictAddressFamilies=~AF_NETLINK")?.hasPrefix("✓") == true, "\(output)")
    }
}
