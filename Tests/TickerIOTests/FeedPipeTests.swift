import Foundation
import Glibc
import Testing

@testable import TickerIO

@Suite struct FeedPipeTests {
    func temporaryDirectory() throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("feedpipe-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    @Test func createsAMissingPipeWithTheConfiguredModeAndRemovesItOnClose() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/feed"
        let pipe = try FeedPipe.open(path: path, mode: 0o620, group: "")
        var info = stat()
        #expect(lstat(path, &info) == 0)
        #expect(info.st_mode & S_IFMT == S_IFIFO)
        #expect(info.st_mode & 0o777 == 0o620)
        pipe.close()
        #expect(lstat(path, &info) != 0)
    }

    @Test func makesTheMissingDirectoryOfThePipeAndLeavesItAtClose() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/tickerd/feed"
        let pipe = try FeedPipe.open(path: path, mode: 0o620, group: "")
        var info = stat()
        #expect(lstat(directory + "/tickerd", &info) == 0)
        #expect(info.st_mode & S_IFMT == S_IFDIR)
        #expect(lstat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFIFO)
        pipe.close()
        #expect(lstat(path, &info) != 0)
        #expect(lstat(directory + "/tickerd", &info) == 0, "the directory stays: other things may live there")
    }

    @Test func aServiceWithoutTheSocketUnitIsToldWhereItsPipeComesFrom() {
        let error = FeedPipeError.notHandedOver(
            SystemError("mkfifo", "/run/tickerd/feed", code: Errno(rawValue: EROFS)))
        #expect(
            error.description == "mkfifo '/run/tickerd/feed': Read-only file system; under systemd the feed comes "
                + "from tickerd.socket (is it enabled? systemctl enable --now tickerd.socket)")
    }

    @Test func writersComingAndGoingNeverEndTheStream() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/feed"
        let pipe = try FeedPipe.open(path: path, mode: 0o600, group: "")
        for round in 0..<3 {
            let writer = try FeedWriter(path: path)
            try writer.send(["title \(round)"])
            writer.close()
            var buffer = [UInt8](repeating: 0, count: 64)
            let count = try buffer.withUnsafeMutableBytes { raw in try pipe.read(into: raw) }
            #expect(String(decoding: buffer[0..<count], as: UTF8.self) == "title \(round)\n")
            // With every writer gone the pipe reads as empty, not as end of file, and poll stays quiet.
            var entry = [pollfd(fd: pipe.fileDescriptor, events: Int16(POLLIN), revents: 0)]
            #expect(try Posix.poll(&entry, timeoutMilliseconds: 0) == 0)
        }
    }

    @Test func refusesAPathThatIsNotAPipe() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/feed"
        #expect(FileManager.default.createFile(atPath: path, contents: Data("x".utf8)))
        #expect(throws: FeedPipeError.notAFIFO(path)) { try FeedPipe.open(path: path, mode: 0o620, group: "") }
        #expect(
            FeedPipeError.notAFIFO(path).description
                == "feed '\(path)' exists and is not a named pipe; remove it or set [feed] path to another place")
    }

    @Test func refusesASymbolicLinkEvenToAPipe() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let target = directory + "/real"
        #expect(mkfifo(target, 0o600) == 0)
        let path = directory + "/feed"
        try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: target)
        #expect(throws: FeedPipeError.symbolicLink(path)) { try FeedPipe.open(path: path, mode: 0o620, group: "") }
    }

    @Test func refusesAGroupThatDoesNotExist() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        #expect(throws: FeedPipeError.unknownGroup("no-such-group-here")) {
            try FeedPipe.open(path: directory + "/feed", mode: 0o620, group: "no-such-group-here")
        }
    }
}

// These change the process environment, so they run one at a time.
@Suite(.serialized) struct SystemdNotifyTests {
    @Test func sendsDatagramsToTheNotifySocket() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("notify-\(UUID().uuidString)").path
        let receiver = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue), 0)
        #expect(receiver >= 0)
        defer {
            close(receiver)
            unlink(path)
        }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            for (index, byte) in path.utf8.enumerated() { raw[index] = byte }
        }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(receiver, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        #expect(bound == 0)
        setenv("NOTIFY_SOCKET", path, 1)
        let notify = SystemdNotify()
        unsetenv("NOTIFY_SOCKET")
        #expect(notify.isActive)
        notify.send("READY=1\nSTATUS=testing")
        var buffer = [UInt8](repeating: 0, count: 256)
        var entry = [pollfd(fd: receiver, events: Int16(POLLIN), revents: 0)]
        #expect(try Posix.poll(&entry, timeoutMilliseconds: 5_000) == 1, "no datagram within 5 s")
        let count = recv(receiver, &buffer, buffer.count, 0)
        #expect(String(decoding: buffer[0..<max(count, 0)], as: UTF8.self) == "READY=1\nSTATUS=testing")
    }

    @Test func withoutTheVariableNothingIsSent() {
        unsetenv("NOTIFY_SOCKET")
        #expect(!SystemdNotify().isActive)
    }
}
