import Foundation
import Glibc
import Testing
import TickerCore
import TickerIO
import TickerTestSupport

/// The Debian package under a real systemd, as a Raspberry Pi owner meets it: `apt install ./tickerd_*.deb`,
/// a line written to the feed, an upgrade to a second build, `apt remove` and `apt purge`. systemd runs as PID 1
/// of a sandbox (scripts/systemd-sandbox) whose `/usr`, `/etc` and `/var` (dpkg's and apt's state with them) are
/// overlays, so the host never has the package installed. The package is the one `make deb` built, named by
/// `TICKERD_PACKAGE` (the gate builds it and sets it).
///
/// The one test-only change, in a drop-in as for SystemdTests: the panel is a pseudo-terminal, which the daemon
/// opens through the test shim and its device policy admits.
@Suite(.serialized, .enabled(if: TestedPackage.unavailable == nil, "\(TestedPackage.unavailable ?? "")"))
struct PackageTests {
    /// Where the test's files are, as the sandbox sees them.
    static let directory = "/run/tickerd-sandbox/dir"
    /// `apt` as a script runs it, in the test's directory.
    static let apt = "cd \(directory) && DEBIAN_FRONTEND=noninteractive apt-get -y -q -o Dpkg::Use-Pty=0"
    /// Long enough for apt and dpkg on a machine busy with the rest of the gate.
    static let aptTimeout: Duration = .seconds(120)

    /// The lines `systemctl LIST` prints of the package's units (not the sandbox's own target).
    static func units(_ list: String, in sandbox: Sandbox) async throws -> [Substring] {
        let output = try await sandbox.run("systemctl \(list) --no-legend --plain 'tickerd*'", allowFailure: true)
            .output
        return output.split(separator: "\n").filter { !$0.hasPrefix("tickerd-sandbox.target") }
    }

    @Test func installedWithAptItStartsOnTheFirstLineKeepsThePanelAcrossAnUpgradeAndPurgesToNothing() async throws {
        let rig = try Rig()
        let sandbox = try await Sandbox(rig: rig)
        let device = "\(Self.directory)/panel"
        let panel = try rig.panel(link: rig.path("sandbox/panel"), width: 64, height: 16, depth: 2)
        chmod(panel.slavePath, 0o666)
        var fullFrames: [[UInt8]] = []
        panel.onEvent = { event, device in
            if case .applied(.fullFrame) = event { fullFrames.append(device.framebuffer.bytes) }
        }
        let look = try Look(config: SystemdTests.config)

        // The first build, and a second one made from it with a later version.
        try FileManager.default.copyItem(atPath: TestedPackage.path ?? "", toPath: rig.path("sandbox/first.deb"))
        try await sandbox.run(
            """
            cd \(Self.directory) && dpkg-deb -R first.deb second && sed -i 's/^Version: .*/&+1/' second/DEBIAN/control \
              && dpkg-deb --root-owner-group -Znone -b second second.deb >/dev/null
            """, timeout: Self.aptTimeout)
        let second = try await sandbox.run("dpkg-deb -f \(Self.directory)/second.deb Version").output
        try sandbox.write(
            "/run/systemd/system/tickerd.service.d/test.conf",
            """
            [Service]
            Environment=LD_PRELOAD=\(Sandbox.build)/libTickerTestShim.so
            DeviceAllow=char-pts rw

            """)
        // A policy-rc.d, as containers have, would forbid the maintainer scripts to start or restart units; and
        // man-db's trigger would index the manual pages again at every step. Neither is part of the package.
        try await sandbox.run(
            "rm -f /usr/sbin/policy-rc.d /var/lib/man-db/auto-update && systemctl start systemd-journald.service")

        // Installed: the group, and only the socket unit enabled and started.
        try await sandbox.run("\(Self.apt) install ./first.deb", timeout: Self.aptTimeout)
        #expect(try await sandbox.run("getent group tickerd").output.hasPrefix("tickerd:"))
        let enabled = try await sandbox.run("systemctl list-unit-files --no-legend --state=enabled 'tickerd*'").output
        #expect(enabled.split(separator: "\n").map { $0.split(separator: " ").first ?? "" } == ["tickerd.socket"])
        #expect(try await sandbox.property("ActiveState", of: "tickerd.socket") == "active")
        #expect(try await sandbox.property("ActiveState", of: "tickerd.service") == "inactive")

        // The administrator names the panel in the conffile; the first line written starts the daemon.
        try sandbox.write("/etc/tickerd/tickerd.conf", SystemdTests.config + "[device]\npath = \(device)\n")
        try await sandbox.run("printf 'title Packaged\\n' > \(SystemdTests.feed)")
        let shown = look.frame(after: ["title Packaged"])
        try await rig.wait("the panel to show the first line:\n\(shown.asciiArt)") {
            panel.device.framebuffer.bytes == shown.bytes
        }
        try await sandbox.wait("the kept state to hold the title", for: "cat /run/tickerd/kept/state.feed") {
            $0.contains("title Packaged")
        }

        // The packaged programs carry the Swift runtime in themselves: neither needs a library of it. The running
        // daemon maps none of those ResidentLibrariesTests keeps out of it, nor ICU, which nothing shown needed
        // (the test shim it preloads here brings the runtime's core library, which is why it is not counted).
        let needed = try await sandbox.run("readelf -d /usr/bin/tickerd /usr/bin/tickerctl | grep NEEDED").output
        #expect(needed.contains("libserialport"), "\(needed)")
        for name in ["libswift", "libFoundation", "libdispatch", "libBlocksRuntime"] {
            #expect(!needed.contains(name), "a packaged program needs \(name):\n\(needed)")
        }
        let pid = try await sandbox.property("MainPID", of: "tickerd.service")
        let maps = try await sandbox.run("awk '{ print $6 }' /proc/\(pid)/maps | sort -u").output
        #expect(maps.contains("/usr/bin/tickerd"), "\(maps)")
        for name in ResidentLibrariesTests.neverLoaded + ["libicuuc"] {
            #expect(!maps.contains(name), "the packaged daemon maps \(name):\n\(maps)")
        }

        // Upgraded: a new daemon, whose first frame shows the title though nothing was written since, and the
        // edited conffile kept.
        let hellos = panel.kinds.filter { $0 == .hello }.count
        fullFrames.removeAll()
        try await sandbox.run("\(Self.apt) install ./second.deb", timeout: Self.aptTimeout)
        #expect(try await sandbox.run("dpkg-query -W -f '${Version}\\n' tickerd").output == second)
        try await rig.wait("the upgraded daemon's hello") { panel.kinds.filter { $0 == .hello }.count > hellos }
        try await rig.wait("the upgraded daemon's first full frame") { !fullFrames.isEmpty }
        var first = look.blank
        first.bytes = fullFrames[0]
        #expect(first == shown, "the first frame after the upgrade:\n\(first.asciiArt)\nexpected:\n\(shown.asciiArt)")
        #expect(try await sandbox.property("MainPID", of: "tickerd.service") != pid)
        #expect(try await sandbox.run("cat /etc/tickerd/tickerd.conf").output.contains("path = \(device)"))

        // Removed: every unit stopped, the conffile left for a purge.
        try await sandbox.run("\(Self.apt) remove tickerd", timeout: Self.aptTimeout)
        let active = try await Self.units("list-units", in: sandbox)
        #expect(active.isEmpty, "still active after apt remove:\n\(active)")
        let running = try await sandbox.run("pgrep -l -x 'tickerd|tickerctl' || true").output
        #expect(running.isEmpty, "still running after apt remove:\n\(running)")
        try await sandbox.run("test -f /etc/tickerd/tickerd.conf")

        // Purged: nothing of it left, the group neither.
        try await sandbox.run("\(Self.apt) purge tickerd", timeout: Self.aptTimeout)
        let left = try await sandbox.run(
            """
            ls -d /etc/tickerd /run/tickerd /var/cache/tickerd /usr/bin/tickerd /usr/bin/tickerctl \
              /usr/lib/systemd/system/tickerd* /usr/lib/systemd/user/tickerd* /usr/lib/sysusers.d/tickerd.conf \
              /usr/lib/udev/rules.d/99-tickerd.rules /usr/share/doc/tickerd /usr/share/tickerd \
              /etc/systemd/system/*/tickerd* 2>/dev/null
            find /var/lib/systemd/deb-systemd-helper-* /var/lib/systemd/deb-systemd-user-helper-* -name '*tickerd*'
            true
            """
        ).output
        #expect(left.isEmpty, "left after apt purge:\n\(left)")
        let loaded = try await Self.units("list-units --all", in: sandbox)
        #expect(loaded.isEmpty, "still loaded after apt purge:\n\(loaded)")
        let files = try await Self.units("list-unit-files", in: sandbox)
        #expect(files.isEmpty, "unit files left after apt purge:\n\(files)")
        #expect(try await sandbox.run("getent group tickerd", allowFailure: true).status != .exited(0))
        #expect(try await sandbox.run("dpkg-query -W tickerd", allowFailure: true).status != .exited(0))
    }
}

/// The package to test, and why there is none.
enum TestedPackage {
    static let path = ProcessInfo.processInfo.environment["TICKERD_PACKAGE"]
    static let unavailable: String? =
        Sandbox.unavailable ?? (path == nil ? "TICKERD_PACKAGE names no package (make deb builds one)" : nil)
}
