import Foundation
import Testing
import TickerCore
import TickerTestSupport

@testable import TickerFollow

/// What the followers remember of covers: one asked for per source, the album's cover reused, misses kept.
struct CoverStateTests {
    static func picture(_ value: UInt8) -> FeedPicture {
        FeedPicture(
            name: FeedPicture.coverName, width: 2, height: 2,
            frames: [FeedPicture.Frame(delay: .zero, pixels: Array(repeating: value, count: 12))])
    }

    static func track(_ title: String, album: String, cover: String?) -> Track {
        Track(title: title, artist: "A", album: album, cover: cover.map { .url("http://x/" + $0) })
    }

    @Test func asksOncePerSourceAndReusesTheAlbumsCover() {
        var state = CoverState()
        let first = Self.track("1", album: "X", cover: "x.png")
        #expect(state.update(first) == .ask(.url("http://x/x.png")))
        // The same track again (a tick, a pause) asks nothing while the answer is on its way.
        #expect(state.update(first) == .unchanged)
        let arrived = state.arrived(Self.picture(1), forKey: CoverSource.url("http://x/x.png").key)
        #expect(arrived)
        #expect(state.picture == Self.picture(1))

        // The next track of the album: the album's cover, neither fetched nor decoded.
        #expect(state.update(Self.track("2", album: "X", cover: "x2.png")) == .current)
        #expect(state.picture == Self.picture(1))

        // Another album without a cover: asked once, the miss remembered.
        let bare = Self.track("3", album: "Y", cover: "y.png")
        #expect(state.update(bare) == .ask(.url("http://x/y.png")))
        let missed = state.arrived(nil, forKey: CoverSource.url("http://x/y.png").key)
        #expect(missed)
        #expect(state.picture == nil)
        #expect(state.update(first) == .current)
        #expect(state.picture == Self.picture(1))
        #expect(state.update(bare) == .current)
        #expect(state.picture == nil)

        // A track that names no cover has none; a cover learnt later for the same track is asked for.
        let late = Self.track("4", album: "Z", cover: nil)
        #expect(state.update(late) == .current)
        var learnt = late
        learnt.cover = .bytes([1, 2, 3])
        #expect(state.update(learnt) == .ask(.bytes([1, 2, 3])))
        // An answer for a track that is gone is remembered, not shown.
        let stale = state.arrived(Self.picture(2), forKey: CoverSource.url("http://x/zz.png").key)
        #expect(!stale)
    }

    @Test func anAbandonedRequestIsAskedAgain() {
        var state = CoverState()
        let track = Track(title: "1", cover: .mpd("a/1.flac"))
        #expect(state.update(track) == .ask(.mpd("a/1.flac")))
        state.abandon(forKey: CoverSource.mpd("a/1.flac").key)
        #expect(state.update(track) == .ask(.mpd("a/1.flac")))
    }

    @Test func theCacheKeepsHitsAndMissesOfItsSideOnly() throws {
        let directory = try TemporaryDirectory()
        let cache = CoverCache(directory: directory.file("covers"), side: 2, missLifetimeSeconds: 100)
        try cache.store(.hit(Self.picture(7)), forKey: "url:http://x/a.png", now: 1000)
        try cache.store(.miss, forKey: "url:http://x/b.png", now: 1000)
        #expect(cache.answer(forKey: "url:http://x/a.png", now: 1050) == .hit(Self.picture(7)))
        #expect(cache.answer(forKey: "url:http://x/b.png", now: 1050) == .miss)
        #expect(cache.answer(forKey: "url:http://x/b.png", now: 1200) == nil)
        #expect(cache.answer(forKey: "url:http://x/c.png", now: 1050) == nil)
        let larger = CoverCache(directory: directory.file("covers"), side: 4, missLifetimeSeconds: 100)
        #expect(larger.answer(forKey: "url:http://x/a.png", now: 1050) == nil)
    }

    @Test(arguments: [
        ("/etc", "is not a regular file"),
        ("/nonexistent/cover.png", nil),
    ])
    func readsOnlyRegularFiles(path: String, problem: String?) {
        do {
            let bytes = try CoverLoader.readFile(path)
            #expect(problem == nil && bytes == nil, "\(path)")
        } catch {
            #expect(problem.map { error.description.contains($0) } == true, "\(error)")
        }
    }
}

/// Where each player's text says the cover is.
struct CoverSourceTests {
    @Test func readsTheCoverOfEachPlayer() {
        #expect(MPRISSnapshot.cover("file:///home/a/c.jpg") == .url("file:///home/a/c.jpg"))
        #expect(MPRISSnapshot.cover("HTTPS://x/c.jpg") == .url("HTTPS://x/c.jpg"))
        #expect(MPRISSnapshot.cover("data:image/png;base64,AAAA") == nil)
        #expect(MPRISSnapshot.cover("") == nil)
        #expect(
            LibrespotEvent.cover("https://i.scdn.co/640\nhttps://i.scdn.co/300\nhttps://i.scdn.co/64\n")
                == .url("https://i.scdn.co/64"))
        #expect(LibrespotEvent.cover("ftp://x/a\n") == nil)
        let tokens = [
            "p", "status", "mode:play", "playlist index:0", "title:A", "coverid:ab12", "playlist index:1", "coverid:ff",
        ]
        #expect(LMSStatus.cover(tokens, base: "http://h:9000") == .url("http://h:9000/music/ab12/cover.jpg"))
        #expect(LMSStatus.cover(["p", "status", "playlist index:0", "coverid:../x"], base: "http://h:9000") == nil)
        #expect(
            LMSStatus.cover(["p", "status", "playlist index:0", "artwork_url:/imageproxy/y"], base: "http://h:9000")
                == .url("http://h:9000/imageproxy/y"))
    }
}
