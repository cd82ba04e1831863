import Foundation
import Glibc
import Synchronization
import Testing
import TickerCore
import TickerIO
import TickerTestSupport

@testable import TickerFollow

/// The LRCLIB client, its cache and the worker that keeps them off the followers' loops, against
/// `scripts/lrclib-standin`.
@Suite(.serialized)
struct OnlineLyricsTests {
    static let synced = "[00:00.50]Words from the server\n[00:03.00]Second line from the server"

    static func track(_ title: String) -> Track {
        Track(title: title, artist: "Standin", album: "Tests", durationSeconds: 30)
    }

    struct Case: CustomTestStringConvertible, Sendable {
        let title: String
        let expected: Result<LRCLIBAnswer, OnlineLyricsError>
        var testDescription: String { title }
    }

    static let cases: [Case] = [
        Case(title: "Hit Song", expected: .success(.synced(synced))),
        Case(title: "Search Only", expected: .success(.synced(synced))),
        Case(title: "Missing", expected: .success(.notFound)),
        Case(title: "Instrumental", expected: .success(.instrumental)),
        Case(title: "Plain Only", expected: .success(.notFound)),
        Case(title: "Slow", expected: .failure(.timedOut(seconds: 1))),
        Case(title: "Busy", expected: .failure(.status(429))),
        Case(title: "Malformed", expected: .failure(.malformed("not JSON"))),
        Case(title: "Huge", expected: .failure(.tooLarge(limit: 1 << 20))),
    ]

    @Test(arguments: cases) func answersLikeLRCLIB(_ example: Case) throws {
        let standin = try LRCLIBStandin()
        let client = LRCLIBClient(server: standin.url, idleTimeoutSeconds: 1, totalTimeoutSeconds: 1)
        let result = Result { () throws(OnlineLyricsError) in try client.lookUp(Self.track(example.title)) }
        #expect(result == example.expected)
    }

    @Test func namesItselfAndSendsEveryField() throws {
        let standin = try LRCLIBStandin()
        _ = try LRCLIBClient(server: standin.url + "/").lookUp(Self.track("Missing"))
        let get = try standin.waitForRequest("/api/get", for: "Missing")
        #expect(
            get.hasPrefix("GET /api/get?artist_name=Standin&track_name=Missing&album_name=Tests&duration=30 "), "\(get)"
        )
        #expect(get.hasSuffix("agent=\(LRCLIBClient.userAgent)"), "\(get)")
        let search = try standin.waitForRequest("/api/search", for: "Missing")
        #expect(!search.contains("duration="), "\(search)")
    }

    @Test func refusesAServerWhoseCertificateIsNotTrusted() throws {
        let directory = try TemporaryDirectory()
        try Child.run(
            "/usr/bin/openssl",
            [
                "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1", "-subj", "/CN=127.0.0.1",
                "-addext", "subjectAltName=IP:127.0.0.1", "-keyout", directory.file("key.pem"), "-out",
                directory.file("cert.pem"),
            ])
        let standin = try LRCLIBStandin(tls: (directory.file("cert.pem"), directory.file("key.pem")))
        let client = LRCLIBClient(server: standin.url, idleTimeoutSeconds: 5, totalTimeoutSeconds: 5)
        let result = Result { () throws(OnlineLyricsError) in try client.lookUp(Self.track("Hit Song")) }
        guard case .failure(.transport(let message)) = result else {
            Issue.record("a self-signed certificate was accepted: \(result)")
            return
        }
        #expect(message.contains("certificate"), "\(message)")
        #expect(try standin.requests(for: "Hit Song").isEmpty)
    }

    @Test func failsOnAServerThatIsNotHTTP() {
        let client = LRCLIBClient(server: "ftp://example.org")
        #expect(
            throws: OnlineLyricsError.transport("invalid server URL 'ftp://example.org' (expected http:// or https://)")
        ) {
            try client.lookUp(Self.track("Hit Song"))
        }
    }

    @Test(arguments: [
        ("{\"syncedLyrics\":\"[00:01.00]x\",\"instrumental\":false}", LRCLIBAnswer.synced("[00:01.00]x")),
        ("{\"syncedLyrics\":null,\"plainLyrics\":\"x\"}", .notFound),
        ("{\"syncedLyrics\":\"\",\"instrumental\":true}", .instrumental),
        ("{\"syncedLyrics\":42}", .notFound),
    ])
    func readsARecord(_ body: String, _ expected: LRCLIBAnswer) throws {
        #expect(try LRCLIBAnswer.parseRecord(Array(body.utf8)) == expected)
    }

    @Test(arguments: ["[]", "\"text\"", "", "{", "\u{FF}"]) func refusesWhatIsNotARecord(_ body: String) {
        #expect(throws: OnlineLyricsError.self) { try LRCLIBAnswer.parseRecord(Array(body.utf8)) }
    }

    @Test func searchPrefersTheRecordWithTheRightDuration() throws {
        let body = """
            [{"duration": 100, "syncedLyrics": "[00:01.00]long"}, {"duration": 29.6, "syncedLyrics": "[00:01.00]right"},
             {"duration": 30, "plainLyrics": "plain"}]
            """
        #expect(try LRCLIBAnswer.parseSearch(Array(body.utf8), durationSeconds: 30) == .synced("[00:01.00]right"))
        #expect(try LRCLIBAnswer.parseSearch(Array(body.utf8), durationSeconds: 500) == .synced("[00:01.00]long"))
        #expect(try LRCLIBAnswer.parseSearch(Array("[{}, 3]".utf8), durationSeconds: nil) == .notFound)
    }

    @Test func cacheKeepsHitsInstrumentalsAndMissesUntilTheyExpire() throws {
        let directory = try TemporaryDirectory()
        let cache = LyricsCache(directory: directory.file("cache"), missLifetimeSeconds: 100)
        try cache.store(.synced(Self.synced), for: Self.track("Hit Song"), now: 1000)
        try cache.store(.instrumental, for: Self.track("Instrumental"), now: 1000)
        try cache.store(.notFound, for: Self.track("Missing"), now: 1000)
        #expect(cache.answer(for: Self.track("Hit Song"), now: 1_000_000) == .synced(Self.synced))
        #expect(cache.answer(for: Self.track("Instrumental"), now: 1_000_000) == .instrumental)
        #expect(cache.answer(for: Self.track("Missing"), now: 1099) == .notFound)
        #expect(cache.answer(for: Self.track("Missing"), now: 1100) == nil)
        #expect(cache.answer(for: Self.track("Never Asked"), now: 1000) == nil)
        // The key is case-blind but tells durations apart.
        #expect(
            cache.answer(for: Track(title: "HIT SONG", artist: "standin", album: "tests", durationSeconds: 30), now: 0)
                != nil)
        #expect(
            cache.answer(for: Track(title: "Hit Song", artist: "Standin", album: "Tests", durationSeconds: 200), now: 0)
                == nil)
        let names = try FileManager.default.contentsOfDirectory(atPath: directory.file("cache"))
        #expect(names.count == 3 && names.allSatisfy { $0.hasSuffix(".lrc") && !$0.hasPrefix(".") }, "\(names)")
    }

    @Test func cacheIgnoresDamagedEntriesAndStaysBounded() throws {
        let directory = try TemporaryDirectory()
        let cache = LyricsCache(directory: directory.file("cache"), maxEntries: 3, maxEntryBytes: 200)
        try cache.store(.synced(String(repeating: "x", count: 300)), for: Self.track("Too Long"), now: 0)
        #expect(cache.answer(for: Self.track("Too Long"), now: 0) == nil)
        for index in 0..<5 { try cache.store(.notFound, for: Self.track("Song \(index)"), now: 0) }
        let names = try FileManager.default.contentsOfDirectory(atPath: directory.file("cache"))
        #expect(names.count == 3, "\(names)")
        for name in names {
            try Data("synced 0\nsomething else\n[00:01.00]x".utf8).write(
                to: URL(fileURLWithPath: directory.file("cache/" + name)))
        }
        #expect((0..<5).allSatisfy { cache.answer(for: Self.track("Song \($0)"), now: 0) == nil })
    }

    /// Waits (up to 10 s) for lyrics to arrive on `online`'s wake descriptor.
    static func arrivals(_ online: OnlineLyrics) throws -> [OnlineLyrics.Arrival] {
        let deadline = Deadline(.seconds(10))
        while true {
            var entries = [pollfd(fd: online.wakeDescriptor, events: Int16(POLLIN), revents: 0)]
            if try deadline.poll(&entries, waitingFor: "lyrics from the stand-in") > 0 { return online.takeArrivals() }
        }
    }

    @Test func workerAsksOnceAndHandsTheLyricsBack() throws {
        let standin = try LRCLIBStandin()
        let directory = try TemporaryDirectory()
        let settings = OnlineLyricsSettings(
            server: standin.url, cacheDirectory: directory.file("cache"), timeoutSeconds: 5)
        let online = try OnlineLyrics(client: settings.client, cache: settings.cache, log: Logger(program: "test"))
        defer { online.stop() }
        #expect(online.request(Self.track("Hit Song")) == nil)
        let arrived = try Self.arrivals(online)
        #expect(arrived == [OnlineLyrics.Arrival(track: Self.track("Hit Song"), lrc: Self.synced)])
        #expect(online.request(Self.track("Hit Song")) == Self.synced)
        #expect(try standin.requests(for: "Hit Song").count == 1)

        // A second worker over the same cache answers at once, without asking.
        let again = try OnlineLyrics(client: settings.client, cache: settings.cache, log: Logger(program: "test"))
        defer { again.stop() }
        #expect(again.request(Self.track("Hit Song")) == Self.synced)
        #expect(try standin.requests(for: "Hit Song").count == 1)
    }

    @Test func workerBacksOffAfterA500AndAsksAgainLater() throws {
        let standin = try LRCLIBStandin()
        let lines = Mutex<[String]>([])
        let log = Logger(program: "test") { _, line in lines.withLock { $0.append(line) } }
        let online = try OnlineLyrics(
            client: LRCLIBClient(server: standin.url), cache: nil, log: log,
            backoff: Backoff(initial: .milliseconds(200), maximum: .seconds(1)))
        defer { online.stop() }
        #expect(online.request(Self.track("Flaky")) == nil)
        // The 500 is not remembered as a miss: the track is asked for again after the pause.
        #expect(try Self.arrivals(online).map(\.lrc) == [Self.synced])
        #expect(try standin.requests(for: "Flaky").filter { $0.hasPrefix("GET /api/get") }.count == 2)
        let logged = lines.withLock { $0 }
        #expect(logged.contains { $0.contains("HTTP status 500") && $0.contains("asking again in") }, "\(logged)")
        #expect(logged.contains { $0.contains("answers again") }, "\(logged)")
    }
}
