import CLinux
import Foundation
import Glibc
import Testing
import TickerIO
import TickerTestSupport

struct FeedWriterTests {
    @Test func refusesAFIFONobodyReads() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("feed")
        #expect(mkfifo(path, 0o600) == 0)
        #expect(throws: FeedWriterError.noReader(path: path)) { try FeedWriter(path: path) }
        #expect(
            FeedWriterError.noReader(path: "/run/tickerd/feed").description
                == "no tickerd is reading '/run/tickerd/feed' (is the service running?)")
    }

    @Test func reportsAMissingFeed() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("nothing-here")
        #expect(throws: FeedWriterError.missing(path: path)) { try FeedWriter(path: path) }
    }

    @Test func refusesARegularFile() throws {
        let directory = try TemporaryDirectory()
        let path = try directory.write("plain", "")
        #expect(throws: FeedWriterError.notAFIFO(path: path)) { try FeedWriter(path: path) }
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "")
    }

    @Test func refusesASymlinkToAFIFO() throws {
        let directory = try TemporaryDirectory()
        let feed = try FeedTap(path: directory.file("feed"))
        let link = directory.file("link")
        #expect(symlink(feed.path, link) == 0)
        #expect(throws: FeedWriterError.notAFIFO(path: link)) { try FeedWriter(path: link) }
    }

    @Test func reportsAReaderThatWentAway() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("feed")
        #expect(mkfifo(path, 0o600) == 0)
        let reader = open(path, O_RDONLY | O_NONBLOCK)
        let writer = try FeedWriter(path: path)
        close(reader)
        #expect(throws: FeedWriterError.readerGone(path: path)) { try writer.send(["title gone"]) }
    }

    @Test func reportsAPipeThatStaysFull() throws {
        let directory = try TemporaryDirectory()
        let feed = try FeedTap(path: directory.file("feed"))
        _ = clinux_set_pipe_size(feed.fd, 4096)
        let writer = try FeedWriter(path: feed.path, fullPipeTimeoutMillis: 50)
        let lines = Array(repeating: String(repeating: "x", count: 1000), count: 10)
        #expect(throws: FeedWriterError.pipeFull(path: feed.path, timeoutMillis: 50)) { try writer.send(lines) }
    }

    /// With a one-page pipe the writer must wait for the reader between batches, and every read
    /// returns whole batches: whole lines, never a fragment.
    @Test func readerGetsWholeLinesFromEveryRead() throws {
        let directory = try TemporaryDirectory()
        let feed = try FeedTap(path: directory.file("feed"))
        _ = clinux_set_pipe_size(feed.fd, 4096)
        let lines = (0..<400).map { "text line \($0) " + String(repeating: "é", count: $0 % 50) }
        let sent = DispatchSemaphore(value: 0)
        let path = feed.path
        let failure = LogLines()
        Thread {
            do {
                try FeedWriter(path: path).send(lines)
            } catch {
                failure.append("\(error)")
            }
            sent.signal()
        }.start()
        var received: [UInt8] = []
        var reads = 0
        while received.filter({ $0 == 0x0A }).count < lines.count {
            var entry = pollfd(fd: feed.fd, events: Int16(POLLIN), revents: 0)
            guard poll(&entry, 1, 10_000) > 0 else {
                Issue.record("no data within 10 s after \(reads) reads")
                break
            }
            var chunk = [UInt8](repeating: 0, count: 65536)
            let count = chunk.withUnsafeMutableBytes { read(feed.fd, $0.baseAddress, $0.count) }
            guard count > 0 else { continue }
            reads += 1
            #expect(chunk[count - 1] == 0x0A, "read \(reads) ended inside a line")
            #expect(count <= 4096)
            received += chunk[0..<count]
        }
        #expect(sent.wait(timeout: .now() + 10) == .success)
        #expect(failure.all.isEmpty, "\(failure.all)")
        #expect(reads > 1)
        #expect(String(decoding: received, as: UTF8.self) == lines.map { $0 + "\n" }.joined())
    }

    @Test(arguments: [
        ("newlines", "one\ntwo\r\nthree", "one two  three"),
        ("tab and nul", "a\tb\u{0}c", "a b c"),
        ("line and paragraph separators", "a\u{2028}b\u{2029}c", "a b c"),
        ("plain unicode", "Björk – Jóga", "Björk – Jóga"),
    ])
    func batchesKeepEachLineOnOneLine(name: String, input: String, expected: String) {
        #expect(FeedLines.batches([input]) == [Array((expected + "\n").utf8)], "\(name)")
    }

    @Test func batchesNeverExceedAtomicWritesOrSplitLines() {
        let lines = (0..<100).map { String(repeating: "a", count: $0 * 13) }
        let batches = FeedLines.batches(lines)
        #expect(batches.allSatisfy { $0.count <= 4096 && $0.last == 0x0A })
        #expect(batches.flatMap { $0 } == Array(lines.map { $0 + "\n" }.joined().utf8))
    }

    @Test func cutsAnOverlongLineAtACharacterBoundary() {
        let batches = FeedLines.batches(["title " + String(repeating: "é", count: 3000)])
        #expect(batches.count == 1)
        let bytes = batches.first ?? []
        #expect(bytes.count <= 4096 && bytes.last == 0x0A)
        #expect(String(validating: bytes, as: UTF8.self) != nil)
    }
}
