import Glibc
import Synchronization
import Testing
import TickerIO
import TickerTestSupport

@testable import TickerFollow

/// One follower writing to the feeds of several panels: every feed gets the same lines, and each one is opened,
/// retried, logged and brought up to date on its own.
struct FeedPublisherTests {
    /// A clock the test moves by hand.
    final class ManualTime: Sendable {
        private let reading = Mutex(Duration.seconds(100))
        var now: Duration { reading.withLock { $0 } }
        func advance(_ by: Duration) { reading.withLock { $0 += by } }
        var clock: FollowerClock { FollowerClock { self.now } }
    }

    /// What the publisher logged.
    final class LogLines: Sendable {
        private let lines = Mutex<[String]>([])
        var all: [String] { lines.withLock { $0 } }
        var logger: Logger { Logger(program: "test") { _, line in self.lines.withLock { $0.append(line) } } }
        func count(mentioning text: String) -> Int { all.filter { $0.contains(text) }.count }
    }

    static let track = Track(title: "Tune", artist: "Band")

    @Test func everyFeedGetsTheSameLinesAndEachIsRetriedOnItsOwn() throws {
        let directory = try TemporaryDirectory()
        let kitchen = try FeedTap(path: directory.file("kitchen"))
        var lounge: FeedTap? = try FeedTap(path: directory.file("lounge"))
        let loungePath = directory.file("lounge")
        let hallPath = directory.file("hall")
        let time = ManualTime()
        let log = LogLines()
        let publisher = FeedPublisher(
            settings: FeedSettings(paths: [kitchen.path, hallPath, loungePath]), log: log.logger, clock: time.clock)

        // The hall's daemon is not there yet: the kitchen and the lounge get the track all the same.
        let playing = PlayerSnapshot(
            track: Self.track, state: .play, position: PlaybackPosition(seconds: 0, at: time.now))
        publisher.publish(playing, reason: .change)
        let whole = ["title Tune", "artist Band", "album", "lyrics clear", "play", "position 0"]
        #expect(try kitchen.waitFor(line: "position 0") == whole)
        #expect(try lounge?.waitFor(line: "position 0") == whole)
        #expect(log.count(mentioning: "'\(hallPath)' does not exist") == 1, "\(log.all)")
        #expect(publisher.timeUntilFeedRetry() != nil, "the missing feed is to be retried")

        // A pause reaches both; the missing feed, not yet due again, is neither retried nor logged again.
        time.advance(.milliseconds(200))
        var paused = playing
        paused.state = .pause
        paused.position = PlaybackPosition(seconds: 0.2, at: time.now)
        publisher.publish(paused, reason: .change)
        #expect(try kitchen.waitFor(line: "position 0.2") == ["pause", "position 0.2"])
        #expect(try lounge?.waitFor(line: "position 0.2") == ["pause", "position 0.2"])
        #expect(log.count(mentioning: hallPath) == 1, "\(log.all)")

        // The hall's daemon comes: at its retry it is sent the whole state, the others nothing they already have.
        let hall = try FeedTap(path: hallPath)
        time.advance(.seconds(10))
        publisher.publish(paused, reason: .change)
        #expect(
            try hall.waitFor(line: "position 0.2")
                == ["title Tune", "artist Band", "album", "lyrics clear", "pause", "position 0.2"])
        #expect(log.count(mentioning: "feed '\(hallPath)' is open again") == 1, "\(log.all)")
        #expect(publisher.timeUntilFeedRetry() == nil, "every feed is open")

        // The lounge's daemon goes: the kitchen and the hall carry on, and the lounge is logged once.
        lounge = nil
        let stopped = PlayerSnapshot(track: Self.track, state: .stop)
        publisher.publish(stopped, reason: .change)
        #expect(try kitchen.waitFor(line: "stop") == ["stop"], "nothing between the pause and the stop")
        #expect(try hall.waitFor(line: "stop") == ["stop"])
        #expect(log.count(mentioning: loungePath) == 1, "\(log.all)")
        time.advance(.milliseconds(100))
        publisher.publish(PlayerSnapshot(track: Track(title: "Next"), state: .play), reason: .change)
        #expect(try kitchen.waitFor(line: "play").first == "title Next")
        #expect(try hall.waitFor(line: "play").first == "title Next")
        #expect(log.count(mentioning: loungePath) == 1, "logged once however often it fails: \(log.all)")
    }

    /// The lyrics of a track are asked of the server once, however many feeds there are, and reach every feed:
    /// those that are open when they arrive, and one that opens later, with the track.
    @Test func asksForTheLyricsOnceAndSendsThemToEveryFeed() throws {
        let directory = try TemporaryDirectory()
        let standin = try LRCLIBStandin()
        let feeds = try ["kitchen", "lounge"].map { try FeedTap(path: directory.file($0)) }
        let latePath = directory.file("hall")
        let time = ManualTime()
        let log = LogLines()
        let publisher = FeedPublisher(
            settings: FeedSettings(
                paths: feeds.map(\.path) + [latePath],
                online: OnlineLyricsSettings(
                    server: standin.url, cacheDirectory: directory.file("cache"), timeoutSeconds: 5)),
            log: log.logger, clock: time.clock)
        let track = Track(title: "Hit Song", artist: "Standin", album: "Tests", durationSeconds: 30)
        let snapshot = PlayerSnapshot(track: track, state: .pause, position: PlaybackPosition(seconds: 3, at: time.now))
        publisher.publish(snapshot, reason: .change)
        for feed in feeds {
            #expect(try feed.waitFor(line: "position 3").contains("lyrics clear"), "\(feed.path)")
        }

        let wake = try #require(publisher.lyricsWakeDescriptor)
        var entries = [pollfd(fd: wake, events: Int16(POLLIN), revents: 0)]
        let deadline = Deadline(.seconds(10))
        while try deadline.poll(&entries, waitingFor: "the server's lyrics", story: { log.all.joined() }) == 0 {}
        publisher.deliverLyrics()
        for feed in feeds {
            let arrived = try feed.waitFor(line: "lyrics end")
            #expect(
                arrived.first == "lyrics begin" && arrived.contains("[00:00.500]Words from the server"), "\(arrived)")
        }
        #expect(try standin.requests(for: "Hit Song").count == 1, "asked once for every feed")

        let late = try FeedTap(path: latePath)
        time.advance(.seconds(10))
        publisher.publish(snapshot, reason: .change)
        let whole = try late.waitFor(line: "position 3")
        #expect(whole.first == "title Hit Song" && whole.contains("[00:00.500]Words from the server"), "\(whole)")
        #expect(try standin.requests(for: "Hit Song").count == 1)
    }
}
