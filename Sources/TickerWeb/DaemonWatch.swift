import Glibc
import TickerCore
import TickerIO

/// The thread that watches the daemon for the live view: it reads the daemon's view socket (the frames it
/// sends, its status, its problems, the cover; docs/SERVICE.md#the-view-socket), connecting again a second
/// after it goes, and the state file, and puts what they say into `LiveView`.
package final class DaemonWatch: @unchecked Sendable {
    private let viewPath: String
    private let statePath: String
    private let live: LiveView
    private let auth: Bool
    private let wake: (read: Int32, write: Int32)
    // Used by the thread only.
    private var socket: Int32 = -1
    private var status: JSONValue = .null
    private var problems: [JSONValue] = []
    private var snapshot: JSONValue = .null
    private var stateFile: (seconds: Int, nanoseconds: Int, size: Int) = (0, 0, -1)
    private var buffer = [UInt8](repeating: 0, count: 1 << 18)

    /// Problems kept, as the daemon keeps them.
    static let keptProblems = 8

    package init(viewPath: String, statePath: String, live: LiveView, auth: Bool) throws(SystemError) {
        self.viewPath = viewPath
        self.statePath = statePath
        self.live = live
        self.auth = auth
        wake = try Posix.pipe()
    }

    /// Starts the thread.
    package func start() {
        publish()
        var thread = pthread_t()
        let context = Unmanaged.passRetained(self).toOpaque()
        pthread_create(
            &thread, nil,
            { context in
                context.map { Unmanaged<DaemonWatch>.fromOpaque($0).takeRetainedValue().run() }
                return nil
            }, context)
        pthread_detach(thread)
    }

    /// Ends the thread.
    package func stop() {
        var byte: UInt8 = 1
        _ = write(wake.write, &byte, 1)
    }

    private func run() {
        while true {
            if socket < 0 { connect() }
            var entries = [
                pollfd(fd: wake.read, events: Int16(POLLIN), revents: 0),
                pollfd(fd: socket, events: Int16(POLLIN), revents: 0),
            ]
            // Four looks a second at the state file; a second between attempts to reach the daemon.
            _ = poll(&entries, 2, socket < 0 ? 1000 : 250)
            if entries[0].revents != 0 { break }
            if entries[1].revents != 0 { receive() }
            readStateFile()
        }
        if socket >= 0 { close(socket) }
    }

    private func connect() {
        let fd = Glibc.socket(AF_UNIX, Int32(SOCK_SEQPACKET.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { return }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let name = Array(viewPath.utf8)
        guard name.count < MemoryLayout.size(ofValue: address.sun_path) else {
            close(fd)
            return
        }
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            for (index, byte) in name.enumerated() { raw[index] = byte }
        }
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                Glibc.connect(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        guard connected == 0 else {
            close(fd)
            return
        }
        socket = fd
        problems = []
        publish()
    }

    /// Reads the records waiting; a hang-up closes the socket, to connect again.
    private func receive() {
        while true {
            let count = buffer.withUnsafeMutableBytes {
                recv(socket, $0.baseAddress, $0.count, Int32(MSG_DONTWAIT) | Int32(MSG_TRUNC))
            }
            if count < 0, errno == EAGAIN || errno == EINTR { return }
            guard count > 0 else {
                close(socket)
                socket = -1
                status = .null
                publish()
                return
            }
            guard count <= buffer.count else { continue }
            take(ViewRecord(buffer[0..<count]))
        }
    }

    private func take(_ record: ViewRecord?) {
        switch record {
        case .frame(let frame): live.show(frame)
        case .status(let json):
            status = json
            publish()
        case .problem(let json):
            problems.append(json)
            if problems.count > Self.keptProblems { problems.removeFirst() }
            publish()
        case .cover(let width, let height, let pixels):
            let data: JSONValue = .object([
                "width": .number(Double(width)), "height": .number(Double(height)),
                "pixels": .string(Base64.encode(pixels)),
            ])
            live.setCover(Array("event: cover\ndata: \(data.encoded)\n\n".utf8))
        case nil: break
        }
    }

    private func readStateFile() {
        var info = stat()
        let now: (Int, Int, Int) =
            stat(statePath, &info) == 0 ? (info.st_mtim.tv_sec, info.st_mtim.tv_nsec, Int(info.st_size)) : (0, 0, -1)
        guard now != stateFile else { return }
        stateFile = now
        let read = (try? StateFile.read(statePath)).flatMap { $0 }
        snapshot = read.flatMap { try? JSONValue.parse(Array($0.json.utf8)) } ?? .null
        publish()
    }

    /// The state the page shows (docs/WEB.md#the-live-view): whether the daemon is reached, its state file,
    /// its status and its last problems, and whether changes need a token.
    private func publish() {
        live.setState(
            .object([
                "daemon": .bool(socket >= 0), "state": snapshot, "status": status, "problems": .array(problems),
                "auth": .bool(auth),
            ]))
    }
}
