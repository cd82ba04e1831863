import Glibc
import Testing
import TickerIO
import TickerTestSupport

@testable import TickerFollow

/// The cover through the publisher: decoded off the loop and sent to every feed told of its track; with the
/// title lines to a feed that opens later; removed when the same track loses it.
struct FeedPublisherCoverTests {
    @Test func sendsTheCoverToEveryFeedAfterTheTitleAndAgainToOneThatOpensLater() throws {
        let directory = try TemporaryDirectory()
        let kitchen = try FeedTap(path: directory.file("kitchen"))
        let hallPath = directory.file("hall")
        let time = FeedPublisherTests.ManualTime()
        let log = FeedPublisherTests.LogLines()
        let publisher = FeedPublisher(
            settings: FeedSettings(
                paths: [kitchen.path, hallPath], covers: CoverSettings(side: 2, cacheDirectory: nil)),
            log: log.logger, clock: time.clock)
        var track = Track(title: "Tune", artist: "Band", cover: .bytes(try CoverFiles.png("00ff00")))
        publisher.publish(PlayerSnapshot(track: track, state: .stop), reason: .change)
        #expect(try kitchen.waitFor(line: "stop") == ["title Tune", "artist Band", "album", "lyrics clear", "stop"])

        let wake = try #require(publisher.coverWakeDescriptor)
        var entries = [pollfd(fd: wake, events: Int16(POLLIN), revents: 0)]
        let deadline = Deadline(.seconds(10))
        while try deadline.poll(&entries, waitingFor: "the decoded cover", story: { log.all.joined() }) == 0 {}
        publisher.deliverCovers()
        #expect(try kitchen.waitFor(line: "picture end") == CoverFiles.lines("00ff00", side: 2))

        // The hall's daemon comes: the whole state, the cover after the title lines, without decoding again.
        let hall = try FeedTap(path: hallPath)
        time.advance(.seconds(10))
        publisher.publish(PlayerSnapshot(track: track, state: .stop), reason: .change)
        #expect(
            try hall.waitFor(line: "picture end")
                == ["title Tune", "artist Band", "album", "lyrics clear", "stop"] + CoverFiles.lines("00ff00", side: 2))

        // The same track without its cover: removed from both.
        track.cover = nil
        publisher.publish(PlayerSnapshot(track: track, state: .stop), reason: .change)
        #expect(try kitchen.waitFor(line: "picture remove cover") == ["picture remove cover"])
        #expect(try hall.waitFor(line: "picture remove cover") == ["picture remove cover"])
    }
}
