import Glibc
import Testing
import TickerCore
import TickerIO
import TickerTestSupport

/// What the running daemon maps, read from `/proc/PID/maps`: resident memory is mostly shared libraries'
/// pages, so a library the daemon need not load is memory it need not take.
@Suite struct ResidentLibrariesTests {
    /// Libraries no panel needs: the Swift concurrency and regex runtimes, and Dispatch with them.
    static let neverLoaded = [
        "libswift_Concurrency", "libswift_StringProcessing", "libswift_RegexParser", "libdispatch",
        "libswiftDispatch", "libswiftSynchronization",
    ]

    @Test func aDaemonShowingLyricsOnOneZoneLoadsNeitherSwiftsConcurrencyNorICU() async throws {
        let stage = try await FeedStage()
        let commands = [
            "title Hi", "lyrics begin", "[00:00.00]A lyric line far too long to fit", "[01:00.00]", "lyrics end",
            "position 0.5", "pause",
        ]
        try await stage.rig.feed(commands, to: stage.feed)
        try await stage.expect(stage.look.frame(after: commands), "the lyric, half sung")
        let libraries = try Self.mapped(by: stage.daemon.pid)
        for name in Self.neverLoaded + ["libicuuc"] {
            #expect(
                !libraries.contains { $0.contains(name) }, "\(name) is mapped:\n\(libraries.joined(separator: "\n"))")
        }
    }

    @Test func aSplitPanelOpensICUWhenALyricMustBeWrapped() async throws {
        let stage = try await FeedStage(
            config: "[layout]\nzones = split\n", height: 16,
            panelConfig: "[panel]\nwidth = 64\nheight = 16\ndepth = 2\nfps = 40\n")
        let pid = stage.daemon.pid
        #expect(try !Self.mapped(by: pid).contains { $0.contains("libicuuc") }, "ICU is open before any line wraps")
        try await stage.send(
            "title Hi", "lyrics begin", "[00:00.00]Words that wrap over both zones", "[01:00.00]", "lyrics end",
            "position 0.5", "pause")
        try await stage.rig.wait("ICU to be opened for the wrapped lyric") {
            ((try? Self.mapped(by: pid)) ?? []).contains { $0.contains("libicuuc") }
        }
        for name in Self.neverLoaded {
            #expect(try !Self.mapped(by: pid).contains { $0.contains(name) }, "\(name) is mapped")
        }
    }

    /// The files `pid` maps.
    static func mapped(by pid: pid_t) throws -> Set<String> {
        let bytes = try Posix.readFile("/proc/\(pid)/maps", limit: 1 << 20)
        let text = String(decoding: bytes, as: UTF8.self)
        return Set(text.split(separator: "\n").compactMap { line in line.split(separator: " ").last.map(String.init) })
    }
}
