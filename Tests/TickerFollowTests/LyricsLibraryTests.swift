import Foundation
import Glibc
import Testing
import TickerFollow
import TickerTestSupport

struct LyricsLibraryTests {
    @Test func findsTheSidecarBesideTheMusicFile() throws {
        let directory = try TemporaryDirectory()
        try directory.write("music/Artist/Album/01 Song.lrc", "[00:01.00]sidecar")
        let library = LyricsLibrary(musicDirectory: directory.file("music"))
        let track = Track(title: "Song", artist: "Artist", file: "Artist/Album/01 Song.flac")
        #expect(try library.lyrics(for: track) == "[00:01.00]sidecar")
    }

    @Test func findsArtistDashTitleInTheLyricsDirectory() throws {
        let directory = try TemporaryDirectory()
        try directory.write("lyrics/AC_DC - Back_In Black.lrc", "[00:02.00]by name")
        let library = LyricsLibrary(musicDirectory: directory.file("music"), lyricsDirectory: directory.file("lyrics"))
        let track = Track(title: "Back/In Black", artist: "AC/DC", file: "x/y.mp3")
        #expect(try library.lyrics(for: track) == "[00:02.00]by name")
    }

    @Test func reportsNotFoundWhenNothingMatches() throws {
        let directory = try TemporaryDirectory()
        let library = LyricsLibrary(musicDirectory: directory.path, lyricsDirectory: directory.path)
        #expect(throws: LyricsLookupError.notFound) { try library.lyrics(for: Track(title: "None", file: "none.flac")) }
    }

    @Test func refusesDotDotOutOfTheMusicDirectory() throws {
        let directory = try TemporaryDirectory()
        try directory.write("secret.lrc", "[00:00.00]outside")
        try FileManager.default.createDirectory(atPath: directory.file("music"), withIntermediateDirectories: true)
        let library = LyricsLibrary(musicDirectory: directory.file("music"))
        let track = Track(title: "x", file: "../secret.flac")
        #expect(throws: LyricsLookupError.escapesDirectory(path: "../secret.lrc", directory: directory.file("music"))) {
            try library.lyrics(for: track)
        }
    }

    @Test func refusesASymlinkLeadingOutOfTheDirectory() throws {
        let directory = try TemporaryDirectory()
        try directory.write("elsewhere/Band - Tune.lrc", "[00:00.00]outside")
        try FileManager.default.createDirectory(atPath: directory.file("lyrics"), withIntermediateDirectories: true)
        #expect(symlink(directory.file("elsewhere/Band - Tune.lrc"), directory.file("lyrics/Band - Tune.lrc")) == 0)
        let library = LyricsLibrary(lyricsDirectory: directory.file("lyrics"))
        #expect(
            throws: LyricsLookupError.escapesDirectory(path: "Band - Tune.lrc", directory: directory.file("lyrics"))
        ) {
            try library.lyrics(for: Track(title: "Tune", artist: "Band"))
        }
    }

    @Test func refusesAFileLargerThanTheLimit() throws {
        let directory = try TemporaryDirectory()
        let path = try directory.write("lyrics/Big.lrc", String(repeating: "[00:00.00]x\n", count: 100))
        let library = LyricsLibrary(lyricsDirectory: directory.file("lyrics"), maxBytes: 1000)
        #expect(throws: LyricsLookupError.tooLarge(path: path, bytes: 1200, limit: 1000)) {
            try library.lyrics(for: Track(title: "Big"))
        }
    }

    @Test(arguments: [
        ("slash", "A/B", "C", "A_B - C.lrc"),
        ("leading dot", "", "..hidden", "_.hidden.lrc"),
        ("control", "A\nB", "C", "A_B - C.lrc"),
        ("no artist", "", "Solo", "Solo.lrc"),
    ])
    func fileNamesAreOnePlainName(name: String, artist: String, title: String, expected: String) {
        #expect(LyricsLibrary.fileName(artist: artist, title: title) == expected, "\(name)")
    }

    @Test(arguments: [
        ("nested", "a/b/song.flac", "a/b/song.lrc"),
        ("no extension", "a/song", "a/song.lrc"),
        ("dotted folder", "a.b/song", "a.b/song.lrc"),
        ("stream", "http://radio/stream.mp3", nil),
    ])
    func sidecarNames(name: String, file: String, expected: String?) {
        #expect(LyricsLibrary.sidecarName(forMusicFile: file) == expected, "\(name)")
    }
}
