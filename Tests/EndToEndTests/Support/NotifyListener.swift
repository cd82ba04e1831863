import Glibc
import TickerTestSupport

/// A unix datagram socket standing in for systemd's `$NOTIFY_SOCKET`.
final class NotifyListener {
    /// The socket's path.
    let path: String
    /// Every datagram received, in order.
    private(set) var messages: [String] = []
    private(set) var descriptor: Int32

    /// Binds a socket at `path`.
    init(path: String) throws {
        self.path = path
        let type = Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue) | Int32(SOCK_NONBLOCK.rawValue)
        descriptor = socket(AF_UNIX, type, 0)
        guard descriptor >= 0 else { throw TestFailure("socket: \(String(cString: strerror(errno)))") }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        guard bytes.count < MemoryLayout.size(ofValue: address.sun_path) else {
            throw TestFailure("'\(path)' is too long for a socket")
        }
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            for (index, byte) in bytes.enumerated() { raw[index] = byte }
        }
        let bound = withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        guard bound == 0 else { throw TestFailure("bind '\(path)': \(String(cString: strerror(errno)))") }
    }

    deinit { close(descriptor) }

    /// Reads the waiting datagrams.
    func service() {
        var buffer = [UInt8](repeating: 0, count: 4_096)
        while true {
            let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
            guard count >= 0 else { return }
            messages.append(String(decoding: buffer[0..<count], as: UTF8.self))
        }
    }

    /// The `KEY=value` assignments of every datagram, in order.
    var assignments: [String] { messages.flatMap { $0.split(separator: "\n").map(String.init) } }
}

/// Watches a file for writes (inotify), so a test can wait for a file to grow without sleeping.
final class FileWatcher {
    /// The watched file.
    let path: String
    private(set) var descriptor: Int32

    init(path: String) throws {
        self.path = path
        descriptor = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        guard descriptor >= 0, inotify_add_watch(descriptor, path, UInt32(IN_MODIFY | IN_CLOSE_WRITE)) >= 0 else {
            throw TestFailure("inotify on '\(path)': \(String(cString: strerror(errno)))")
        }
    }

    deinit { close(descriptor) }

    /// Drains the events (the test rereads the file).
    func service() {
        var buffer = [UInt8](repeating: 0, count: 4_096)
        while buffer.withUnsafeMutableBytes({ read(descriptor, $0.baseAddress, $0.count) }) > 0 {}
    }

    /// The file's contents.
    var contents: String { Self.text(of: path) }

    /// The contents of the file `name` in the watched directory (empty when there is none).
    func contents(of name: String) -> String { Self.text(of: path + "/" + name) }

    private static func text(of path: String) -> String {
        // Never waits: what the test reads may be a pipe put there on purpose.
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard fd >= 0 else { return "" }
        defer { close(fd) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            guard count > 0 else { break }
            bytes.append(contentsOf: buffer[0..<count])
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
