import Foundation
import Glibc
import TickerTestSupport

/// The Open Lighting Architecture's daemon, `olad`, as an Art-Net and E1.31 receiver nobody here wrote: its
/// ArtNet and E1.31 plugins only, listening on loopback, their input ports patched to OLA universes, and a
/// monitor (OLA's own Python client) that writes a line for every frame of DMX data a universe gets:
/// `universe U HEX`. olad refuses to run as root, so it runs as `nobody`
/// in a directory of its own.
struct OLA {
    /// Art-Net universes 1–4 arrive in the OLA universes of the same numbers.
    static let artNetUniverses = [1, 2, 3, 4]
    /// E1.31 universe `u` arrives in OLA universe `u`; the ports are patched to these.
    static let e131Universes = [5, 6]

    let daemon: Child
    let monitor: Child

    /// Starts olad in `rig` and the monitor of `universes`, and returns once both are ready.
    static func start(_ rig: Rig, watching universes: [Int]) async throws -> OLA {
        let directory = rig.path("ola")
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        // olad runs as nobody: it must pass through the rig's directory (mkdtemp makes it 0700) to its own.
        chmod(rig.directory, 0o711)
        chmod(directory, 0o777)
        // Every other plugin off, so olad starts quickly and touches no hardware.
        for plugin in [
            "dummy", "espnet", "ftdidmx", "gpio", "karate", "kinet", "milinst", "opendmx", "openpixelcontrol",
            "osc", "pathport", "renard", "sandnet", "shownet", "spi", "stageprofi", "uartdmx", "usbdmx", "usbserial",
        ] {
            try rig.file("ola/ola-\(plugin).conf", "enabled = false\n")
        }
        try rig.file(
            "ola/ola-artnet.conf",
            "enabled = true\nip = 127.0.0.1\nuse_loopback = true\nnet = 0\nsubnet = 0\noutput_ports = 0\n")
        try rig.file("ola/ola-e131.conf", "enabled = true\nip = 127.0.0.1\ninput_ports = 2\noutput_ports = 0\n")
        // ArtNet is device 2-1 and E1.31 device 11-1; an ArtNet input port listens to the Art-Net universe of
        // the low four bits of its OLA universe, an E1.31 one to the E1.31 universe of its OLA universe.
        var patches = artNetUniverses.enumerated().map { "2-1-I-\($0.offset) = \($0.element)" }
        patches += e131Universes.enumerated().map { "11-1-I-\($0.offset) = \($0.element)" }
        try rig.file("ola/ola-port.conf", patches.joined(separator: "\n") + "\n")
        for name in try FileManager.default.contentsOfDirectory(atPath: directory) {
            chmod(directory + "/" + name, 0o666)
        }
        let rpc = try FreePort.tcp()
        let http = try FreePort.tcp()
        let daemon = try rig.start(
            "olad", "/usr/bin/setpriv",
            [
                "--reuid=65534", "--regid=65534", "--clear-groups", "/usr/bin/olad", "--config-dir", directory,
                "--rpc-port", String(rpc), "--http-port", String(http), "--no-http-quit", "--no-register-with-dns-sd",
                "-l", "3",
            ])
        try await rig.line(of: daemon, containing: "Started E1.31")
        try await rig.line(of: daemon, containing: "Started ArtNet")
        let script = try rig.file("ola-monitor.py", monitorScript)
        let monitor = try rig.start(
            "ola monitor", "/usr/bin/python3", ["-u", script, String(rpc)] + universes.map(String.init))
        try await rig.line(of: monitor, containing: "watching")
        return OLA(daemon: daemon, monitor: monitor)
    }

    /// The data of `universe`'s frames so far, oldest first, as lowercase hex.
    func frames(of universe: Int) -> [String] {
        monitor.lines.compactMap { line in
            let words = line.split(separator: " ", omittingEmptySubsequences: false)
            guard words.count == 3, words[0] == "universe", words[1] == "\(universe)" else { return nil }
            return String(words[2])
        }
    }

    static let monitorScript = """
        import socket, sys
        from ola.ClientWrapper import ClientWrapper
        from ola.OlaClient import OlaClient

        connection = socket.create_connection(("127.0.0.1", int(sys.argv[1])))
        wrapper = ClientWrapper(connection)
        client = wrapper.Client()

        def watch(universe):
            def data(frame):
                sys.stderr.write("universe %d %s\\n" % (universe, bytes(frame).hex()))
                sys.stderr.flush()
            return data

        universes = [int(u) for u in sys.argv[2:]]
        done = []

        def registered(status):
            if not status.Succeeded():
                sys.stderr.write("register failed: %s\\n" % status.message)
                sys.exit(1)
            done.append(status)
            if len(done) == len(universes):
                sys.stderr.write("watching\\n")
                sys.stderr.flush()

        for universe in universes:
            client.RegisterUniverse(universe, client.REGISTER, watch(universe), registered)
        wrapper.Run()
        """
}
