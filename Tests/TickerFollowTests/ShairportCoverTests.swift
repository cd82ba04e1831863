import Foundation
import Testing
import TickerTestSupport

@testable import TickerFollow

/// shairport-sync's cover art (`PICT`, bracketed by `pcst` and `pcen`), through the metadata pipe.
@Suite(.serialized)
struct ShairportCoverTests {
    @Test func sendsTheCoverAfterTheTitleWhicheverComesFirst() throws {
        let rig = try ShairportFollowerTests.Rig(covers: CoverSettings(side: 4, cacheDirectory: nil))
        let red = try CoverFiles.png("ff0000")
        // The usual order: the batch, then its picture.
        try rig.play(
            Recording.bundle(title: "First", artist: "Sender", album: "Red", frame: 1000)
                + Recording.picture(red, frame: 1000))
        let first = try rig.feed.waitFor(line: "picture end")
        #expect(first.first == "title First", "\(first)")
        #expect(CoverFiles.end(first, withCover: "ff0000", side: 4, after: "title First"), "\(first)")

        // The picture before its batch (the same RTP time): still the new track's, after its title.
        let blue = try CoverFiles.png("0000ff", side: 32)
        try rig.play(
            Recording.picture(blue, frame: 9000)
                + Recording.bundle(title: "Second", artist: "Sender", album: "Blue", frame: 9000))
        let second = try rig.feed.waitFor(line: "picture end")
        #expect(second.first == "title Second", "\(second)")
        #expect(CoverFiles.end(second, withCover: "0000ff", side: 4, after: "title Second"), "\(second)")

        // The same picture again for the same track is not sent again; a track without one sends none.
        try rig.play(
            Recording.picture(blue, frame: 9000)
                + Recording.bundle(title: "Third", artist: "Sender", album: "Bare", frame: 20000)
                + Recording.picture([], frame: 20000) + Recording.item("ssnc", "pend"))
        let third = try rig.feed.waitFor(line: "clear")
        #expect(!third.contains { $0.hasPrefix("picture") }, "\(third)")
        #expect(third.contains("title Third"), "\(third)")
    }
}
