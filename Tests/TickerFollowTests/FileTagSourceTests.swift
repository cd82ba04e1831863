import Foundation
import Testing
import TickerCore
import TickerFollow
import TickerIO
import TickerTestSupport

/// Music files on disk read through `pread`: the same lyrics as from memory, on files written by mutagen.
@Suite(.serialized)
struct FileTagSourceTests {
    static let files = [
        "synced.flac", "lrc-in-lyrics.flac", "plain.flac", "none.flac", "long.ogg", "plain.opus", "words.mp3",
        "lines.mp3", "utf16.mp3", "id3-before.flac", "synced.m4a",
    ]

    /// The files, written once per test run (like the tag readers' own tests, into a directory left behind).
    static let made = Result { () throws -> Made in
        let path = FileManager.default.temporaryDirectory.appendingPathComponent(
            "tickerd-file-tags-\(UUID().uuidString)"
        ).path
        try Child.run("/usr/bin/python3", [BuiltProducts.packageRoot + "/scripts/make-tagged-files", path])
        return Made(path: path)
    }

    struct Made: Sendable {
        let path: String
        func file(_ name: String) -> String { path + "/" + name }
    }

    @Test(arguments: files) func readsTheSameLyricsAsFromMemory(file: String) throws {
        let path = try Self.made.get().file(file)
        let source = try FileTagSource(path: path)
        defer { source.close() }
        let memory = InMemoryTagSource([UInt8](try Data(contentsOf: URL(fileURLWithPath: path))))
        #expect(source.count == memory.count)
        #expect(try MusicTags.read(in: source) == MusicTags.read(in: memory))
    }

    @Test func readsRangesLikeMemoryAndNothingAfterClose() throws {
        let directory = try TemporaryDirectory()
        let bytes = (0..<100_000).map { UInt8(truncatingIfNeeded: $0 &* 7) }
        try Data(bytes).write(to: URL(fileURLWithPath: directory.file("blob")))
        let source = try FileTagSource(path: directory.file("blob"))
        let memory = InMemoryTagSource(bytes)
        for (offset, count) in [(0, 0), (0, 10), (99_990, 10), (99_995, 10), (100_000, 4), (50_000, 40_000)] {
            #expect(
                source.bytes(at: offset, count: count) == memory.bytes(at: offset, count: count), "\(offset)+\(count)")
        }
        #expect(source.bytes(at: 100_001, count: 1) == nil)
        #expect(source.bytes(at: -1, count: 1) == nil)
        source.close()
        #expect(source.bytes(at: 0, count: 1) == nil)
    }

    @Test func refusesWhatIsNotARegularFile() throws {
        let directory = try TemporaryDirectory()
        #expect(throws: SystemError("read", directory.path, code: .invalidArgument)) {
            try FileTagSource(path: directory.path)
        }
        try directory.write("target.flac", "x")
        try FileManager.default.createSymbolicLink(
            atPath: directory.file("link.flac"), withDestinationPath: directory.file("target.flac"))
        #expect(throws: SystemError("open", directory.file("link.flac"), code: .tooManySymbolicLinks)) {
            try FileTagSource(path: directory.file("link.flac"))
        }
    }

    @Test func chainFindsTheTagsOnlyInsideTheMusicDirectory() throws {
        let directory = try TemporaryDirectory()
        try FileManager.default.createDirectory(atPath: directory.file("music"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            atPath: try Self.made.get().file("synced.flac"), toPath: directory.file("outside.flac"))
        try FileManager.default.copyItem(
            atPath: try Self.made.get().file("synced.flac"), toPath: directory.file("music/in.flac"))
        let library = LyricsLibrary(musicDirectory: directory.file("music"))
        #expect(try library.localLyrics(for: Track(title: "t", file: "in.flac")).hasPrefix("[00:01.00]Hello world"))
        #expect(throws: LyricsLookupError.notFound) {
            try library.localLyrics(for: Track(title: "t", file: "../outside.flac"))
        }
        // A local file:// URL (MPRIS) is read wherever it is.
        let url = "file://" + directory.file("outside.flac").replacingOccurrences(of: " ", with: "%20")
        #expect(try library.localLyrics(for: Track(title: "t", file: url)).hasPrefix("[00:01.00]Hello world"))
        // Plain lyrics are not used; a file of no known format is nothing.
        try FileManager.default.copyItem(
            atPath: try Self.made.get().file("plain.flac"), toPath: directory.file("music/plain.flac"))
        #expect(throws: LyricsLookupError.notFound) {
            try library.localLyrics(for: Track(title: "t", file: "plain.flac"))
        }
        try directory.write("music/noise.wav", "RIFF....WAVE")
        #expect(throws: LyricsLookupError.notFound) {
            try library.localLyrics(for: Track(title: "t", file: "noise.wav"))
        }
        try directory.write("music/broken.flac", "fLaC\u{0}\u{0}\u{0}\u{FF}")
        #expect(throws: LyricsLookupError.self) { try library.localLyrics(for: Track(title: "t", file: "broken.flac")) }
    }
}
