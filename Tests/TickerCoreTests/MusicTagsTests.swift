import Foundation
import Testing

@testable import TickerCore

/// Real tagged files, written once per test run by `scripts/make-tagged-files` (sox, opusenc and mutagen;
/// `scripts/deps.sh test` installs them), with the lyrics, title, artist and album each one holds.
enum TaggedFiles {
    struct SetUpFailure: Error, CustomStringConvertible {
        let description: String
    }

    static let made = Result { () throws -> (directory: URL, expected: [String: MusicFileTags]) in
        let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "tickerd-tags-\(UUID().uuidString)")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        process.arguments = [repository.appendingPathComponent("scripts/make-tagged-files").path, directory.path]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw SetUpFailure(
                description: "scripts/make-tagged-files exited with status \(process.terminationStatus) "
                    + "(it needs sox, opusenc and python3-mutagen: run scripts/deps.sh test)")
        }
        guard let manifest = try JSONSerialization.jsonObject(with: data) as? [String: [String: String]] else {
            throw SetUpFailure(description: "scripts/make-tagged-files printed no manifest")
        }
        return (
            directory,
            manifest.mapValues {
                MusicFileTags(
                    lyrics: EmbeddedLyrics(synced: $0["synced"], plain: $0["plain"]), title: $0["title"],
                    artist: $0["artist"], album: $0["album"])
            }
        )
    }

    static let names = [
        "synced.flac", "lrc-in-lyrics.flac", "plain.flac", "none.flac", "long.ogg", "plain.opus", "words.mp3",
        "lines.mp3", "utf16.mp3", "id3-before.flac", "synced.m4a",
    ]

    static func bytes(_ name: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: made.get().directory.appendingPathComponent(name)))
    }
}

@Suite struct MusicTagsTests {
    @Test(arguments: TaggedFiles.names)
    func readsTheLyricsAndTrackATaggerWrote(file: String) throws {
        let expected = try #require(try TaggedFiles.made.get().expected[file], "no manifest entry for \(file)")
        let found = try MusicTags.read(in: InMemoryTagSource(try TaggedFiles.bytes(file)))
        #expect(found == expected)
        #expect(try MusicTags.lyrics(in: InMemoryTagSource(try TaggedFiles.bytes(file))) == expected.lyrics)
    }

    /// Every cut of every file (as a download or copy cut short leaves it) is read without a crash: what is
    /// there, or an error naming what was cut.
    @Test(arguments: TaggedFiles.names)
    func aFileCutShortAnywhereGivesLyricsOrAnError(file: String) throws {
        let bytes = try TaggedFiles.bytes(file)
        var errors = 0
        for length in stride(from: 0, to: bytes.count, by: bytes.count > 8_192 ? 97 : 1) {
            do {
                _ = try MusicTags.read(in: InMemoryTagSource(Array(bytes[..<length])))
            } catch {
                errors += 1
                #expect(!error.description.isEmpty)
            }
        }
        #expect(errors > 0, "cutting \(file) short never gave an error")
    }

    @Test func aFileOfAnotherKindIsNamedAsSuch() {
        #expect(throws: TagError.unknownFormat) {
            try MusicTags.lyrics(in: InMemoryTagSource(Array("RIFF....WAVEfmt ".utf8)))
        }
        #expect(TagError.unknownFormat.description == "not a tagged music file (expected ID3v2, FLAC, Ogg or MP4)")
    }

    // MARK: Hand-made hostile and unusual tags

    static func syncsafe(_ value: Int) -> [UInt8] {
        [UInt8(value >> 21 & 0x7F), UInt8(value >> 14 & 0x7F), UInt8(value >> 7 & 0x7F), UInt8(value & 0x7F)]
    }

    static func id3(version: UInt8, flags: UInt8 = 0, _ body: [UInt8]) -> [UInt8] {
        Array("ID3".utf8) + [version, 0, flags] + syncsafe(body.count) + body
    }

    static func frame23(_ id: String, _ payload: [UInt8]) -> [UInt8] {
        let size = payload.count
        return Array(id.utf8) + [
            UInt8(size >> 24 & 0xFF), UInt8(size >> 16 & 0xFF), UInt8(size >> 8 & 0xFF), UInt8(size & 0xFF), 0, 0,
        ]
            + payload
    }

    @Test func undoesTheUnsynchronisationOfAVersionThreeTag() throws {
        // ÿ (0xFF) followed by a byte ≥ 0xE0 is what unsynchronisation exists for: the writer inserts 0x00.
        let text: [UInt8] = [0x4F, 0xFF, 0xE9]
        let frame = Self.frame23("USLT", [0, 0x65, 0x6E, 0x67, 0] + text)
        var stuffed: [UInt8] = []
        for byte in frame {
            stuffed.append(byte)
            if byte == 0xFF { stuffed.append(0) }
        }
        let found = try MusicTags.lyrics(in: InMemoryTagSource(Self.id3(version: 3, flags: 0x80, stuffed)))
        #expect(found.plain == "Oÿé")
    }

    @Test func readsUTF16WithoutAByteOrderMarkAndUTF16BigEndian() throws {
        let littleEndian: [UInt8] = Array("Hé".utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] })
        let bigEndian: [UInt8] = Array("[00:02.00]Zwei".utf16.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] })
        let tag = Self.id3(
            version: 3,
            Self.frame23("USLT", [1] + Array("eng".utf8) + [0, 0] + littleEndian)
                + Self.frame23("USLT", [2] + Array("eng".utf8) + [0, 0] + bigEndian))
        let found = try MusicTags.lyrics(in: InMemoryTagSource(tag))
        #expect(found.plain == "Hé")
        #expect(found.synced == "[00:02.00]Zwei")
    }

    @Test func readsVersionTwoPointTwoFrames() throws {
        let payload: [UInt8] = [0] + Array("eng".utf8) + [0] + Array("Old tag".utf8)
        let frame: [UInt8] = Array("ULT".utf8) + [0, 0, UInt8(payload.count)] + payload
        #expect(try MusicTags.lyrics(in: InMemoryTagSource(Self.id3(version: 2, frame))).plain == "Old tag")
    }

    /// A `SYLT` frame of UTF-8 `texts`, each with its time in milliseconds.
    static func sylt(_ texts: [(String, Int)]) -> [UInt8] {
        let entries = texts.flatMap { (text, time) -> [UInt8] in
            Array(text.utf8) + [
                0, UInt8(time >> 24 & 0xFF), UInt8(time >> 16 & 0xFF), UInt8(time >> 8 & 0xFF), UInt8(time & 0xFF),
            ]
        }
        return id3(version: 3, frame23("SYLT", [3] + Array("eng".utf8) + [2, 1, 0] + entries))
    }

    @Test(arguments: [
        ("one line a text, no line breaks", [("One", 1_000), ("Two", 2_000)], "[00:01.000]One\n[00:02.000]Two"),
        (
            "texts after a line break start a line, the rest are its words",
            [("Hel", 1_000), ("lo", 1_200), ("\nNext", 2_000), (" one", 2_500)],
            "[00:01.000]<00:01.000>Hel<00:01.200>lo\n[00:02.000]<00:02.000>Next<00:02.500> one"
        ),
        (
            "a carriage return breaks too", [("A", 0), ("b", 500), ("\rC", 1_000)],
            "[00:00.000]<00:00.000>A<00:00.500>b\n[00:01.000]C"
        ),
        (
            "a line break only at the end marks no line", [("Line one\n", 1_000), ("Line two\n", 2_000)],
            "[00:01.000]Line one\n[00:02.000]Line two"
        ),
        ("a single text", [("Alone", 61_250)], "[01:01.250]Alone"),
    ])
    func synchronisedTextsBecomeLines(name: String, texts: [(String, Int)], lrc: String) throws {
        #expect(try MusicTags.lyrics(in: InMemoryTagSource(Self.sylt(texts))).synced == lrc, "\(name)")
    }

    @Test func skipsSynchronisedLyricsTimedInMPEGFrames() throws {
        let payload: [UInt8] = [0] + Array("eng".utf8) + [1, 1, 0] + Array("Line".utf8) + [0, 0, 0, 0, 10]
        let found = try MusicTags.lyrics(in: InMemoryTagSource(Self.id3(version: 3, Self.frame23("SYLT", payload))))
        #expect(found.isEmpty)
    }

    typealias HostileCase = (name: String, bytes: [UInt8], error: TagError)
    static let hostile: [HostileCase] = [
        (
            "ID3 tag larger than the limit", Array("ID3".utf8) + [4, 0, 0, 0x7F, 0x7F, 0x7F, 0x7F],
            .tooLarge(what: "ID3v2 tag", size: 268_435_455, limit: 16 << 20)
        ),
        (
            "ID3 size byte with its high bit set", Array("ID3".utf8) + [3, 0, 0, 0, 0, 0x80, 0],
            .malformed(what: "ID3v2 header", offset: 0)
        ),
        (
            "ID3 frame running past the tag", id3(version: 3, Array("USLT".utf8) + [0, 0, 1, 0, 0, 0] + [0, 0]),
            .truncated(what: "ID3v2 tag", offset: 20)
        ),
        (
            "ID3 frame id of punctuation", id3(version: 3, Array("US;T".utf8) + [0, 0, 0, 1, 0, 0, 0]),
            .malformed(what: "ID3v2 frame id", offset: 10)
        ),
        (
            "FLAC block past the end", Array("fLaC".utf8) + [0x84, 0, 1, 0] + [0, 0, 0, 0],
            .truncated(what: "FLAC comment block", offset: 8)
        ),
        (
            "FLAC block of the invalid type 127", Array("fLaC".utf8) + [0xFF, 0, 0, 0],
            .malformed(what: "FLAC metadata block type", offset: 4)
        ),
        (
            "Vorbis comment count beyond the limit",
            Array("fLaC".utf8) + [0x84, 0, 0, 8] + [0, 0, 0, 0, 0xFF, 0xFF, 0xFF, 0xFF],
            .tooLarge(what: "Vorbis comment count", size: 4_294_967_295, limit: 10_000)
        ),
        (
            "Vorbis comment longer than its block",
            Array("fLaC".utf8) + [0x84, 0, 0, 12] + [0, 0, 0, 0, 1, 0, 0, 0, 9, 0, 0, 0],
            .truncated(what: "Vorbis comment block", offset: 20)
        ),
        (
            "MP4 box larger than the file",
            [0, 0, 0, 16] + Array("ftypM4A ".utf8) + [0, 0, 0, 0] + [0x7F, 0, 0, 0] + Array("moov".utf8),
            .truncated(what: "MP4 box 'moov'", offset: 16)
        ),
        (
            "MP4 box smaller than its header",
            [0, 0, 0, 16] + Array("ftypM4A ".utf8) + [0, 0, 0, 0] + [0, 0, 0, 4] + Array("moov".utf8),
            .truncated(what: "MP4 box 'moov'", offset: 16)
        ),
        (
            "Ogg page of another version", Array("OggS".utf8) + [1] + [UInt8](repeating: 0, count: 22),
            .malformed(what: "Ogg page", offset: 0)
        ),
    ]

    @Test(arguments: hostile.map { ($0.name, $0.bytes, $0.error) })
    func refusesAHostileTagWithWhatAndWhere(name: String, bytes: [UInt8], error: TagError) {
        #expect(throws: error, "\(name)") { try MusicTags.lyrics(in: InMemoryTagSource(bytes)) }
    }

    @Test func ignoresALyricsFieldLongerThanTheLimit() throws {
        var limits = TagLimits()
        limits.fieldBytes = 8
        let frame = Self.frame23("USLT", [0] + Array("eng".utf8) + [0] + Array("Far too long".utf8))
        #expect(try MusicTags.lyrics(in: InMemoryTagSource(Self.id3(version: 3, frame)), limits: limits).isEmpty)
    }
}
