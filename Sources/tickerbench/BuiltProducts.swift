import Foundation
import TickerWire

/// The built tickerd and test shim a benchmark runs: by default the ones `swift build` put beside tickerbench.
struct BuiltProducts {
    /// The tickerd executable.
    var tickerd: String
    /// The test shim (`LD_PRELOAD`) that lets libserialport open a pseudo-terminal.
    var shim: String

    /// tickerd and `libTickerTestShim.so` in the folder tickerbench was started from.
    init() {
        let folder = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        tickerd = folder.appendingPathComponent("tickerd").path
        shim = folder.appendingPathComponent("libTickerTestShim.so").path
    }

    /// Whether both are there; when not, prints what `tickerbench command` needs.
    func areBuilt(for command: String) -> Bool {
        guard FileManager.default.isExecutableFile(atPath: tickerd), FileManager.default.fileExists(atPath: shim) else {
            print("tickerbench \(command): needs \(tickerd) and \(shim) (swift build -c release)")
            return false
        }
        return true
    }

    /// A tickerd with `arguments` and the shim preloaded, not yet started.
    func tickerdProcess(_ arguments: [String]) -> Process {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tickerd)
        process.arguments = arguments
        var environment = ProcessInfo.processInfo.environment
        environment["LD_PRELOAD"] = shim
        process.environment = environment
        return process
    }

    /// Starts `process`, one of `tickerdProcess`'s; when it cannot, prints why for `tickerbench command`.
    func start(_ process: Process, for command: String) -> Bool {
        do { try process.run() } catch {
            print("tickerbench \(command): cannot start \(tickerd): \(error)")
            return false
        }
        return true
    }
}

/// The panel every benchmark emulates: 128×16 at 2 bits per pixel, 60 frames a second, with scroll, its
/// firmware called `firmwareName`.
func benchPanel(firmwareName: String) -> DeviceInfo? {
    guard let geometry = try? PanelGeometry(width: 128, height: 16, bitsPerPixel: 2) else { return nil }
    return try? DeviceInfo(
        geometry: geometry, maxFramesPerSecond: 60, capabilities: .scroll, firmwareName: firmwareName)
}

/// A new folder `name` for one run's files (the panel's link, the feed, the log) in the temporary directory.
func benchDirectory(_ name: String) -> URL {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent(name)
    try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    return directory
}
