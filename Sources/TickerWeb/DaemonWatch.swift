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
    private var connection: ViewConnection?
    private var status: JSONValue = .null
    private var problems: [JSONValue] = []
    private var snapshot: JSONValue = .null
    private var stateFile: (seconds: Int, nanoseconds: Int, size: Int) = (0, 0, -1)

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
            if connection == nil { connect() }
            var entries = [
                pollfd(fd: wake.read, events: Int16(POLLIN), revents: 0),
                pollfd(fd: connection?.fileDescriptor ?? -1, events: Int16(POLLIN), revents: 0),
            ]
            // Four looks a second at the state file; a second between attempts to reach the daemon.
            _ = poll(&entries, 2, connection == nil ? 1000 : 250)
            if entries[0].revents != 0 { break }
            if entries[1].revents != 0 { receive() }
            readStateFile()
        }
        connection?.close()
    }

    private func connect() {
        guard let made = try? ViewConnection(path: viewPath, waits: false) else { return }
        connection = made
        problems = []
        publish()
    }

    /// Reads the records waiting; a hang-up closes the connection, to connect again. A record this reader
    /// cannot read is skipped.
    private func receive() {
        guard let connection else { return }
        while true {
            do {
                guard let message = try connection.next() else { return }
                take(message)
            } catch .message {
                continue
            } catch {
                connection.close()
                self.connection = nil
                status = .null
                publish()
                return
            }
        }
    }

    private func take(_ message: ViewMessage) {
        switch message {
        case .frame(let frame): live.show(frame)
        case .status(let daemon):
            status = daemon.json
            publish()
        case .problem(let problem):
            problems.append(problem.json)
            if problems.count > ProblemRecorder.capacity { problems.removeFirst() }
            publish()
        case .cover(let width, let height, let pixels):
            let data: JSONValue = .object([
                "width": .number(Double(width)), "height": .number(Double(height)),
                "pixels": .string(Base64.encode(pixels)),
            ])
            live.setCover(Array("event: cover\ndata: \(data.encoded)\n\n".utf8))
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
        // When it was written: a playing track's position is where playback was then.
        if case .object(var members) = snapshot {
            members["written"] = .number(Double(now.0) + Double(now.1) / 1e9)
            snapshot = .object(members)
        }
        publish()
    }

    /// The state the page shows (docs/WEB.md#the-live-view): whether the daemon is reached, its state file,
    /// its status and its last problems, and whether changes need a token.
    private func publish() {
        live.setState(
            .object([
                "daemon": .bool(connection != nil), "state": snapshot, "status": status, "problems": .array(problems),
                "auth": .bool(auth),
            ]))
    }
}
