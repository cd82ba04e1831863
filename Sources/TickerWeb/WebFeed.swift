import Glibc
import TickerCore
import TickerIO

/// The feed as the web front end writes it: commands checked as the daemon reads them, written one batch at
/// a time (a picture block is several writes, and the connections' threads must not interleave theirs), each
/// through a writer opened for it, so a daemon that restarted is simply there again.
package final class WebFeed: @unchecked Sendable {
    package let path: String
    private var mutex = pthread_mutex_t()

    package init(path: String) {
        self.path = path
        pthread_mutex_init(&mutex, nil)
    }

    deinit { pthread_mutex_destroy(&mutex) }

    /// Writes `commands`; the answer says what went wrong as `FeedWriter` words it (no daemon, pipe full).
    package func send(_ commands: [FeedCommand]) -> WebResponse {
        pthread_mutex_lock(&mutex)
        defer { pthread_mutex_unlock(&mutex) }
        do {
            let writer = try FeedWriter(path: path, fullPipeTimeoutMillis: 1000)
            defer { writer.close() }
            try writer.send(commands)
            return .text(200, "OK")
        } catch {
            return .text(503, error.description)
        }
    }

    /// Feed lines (`POST /api/feed`): each checked as the daemon reads it, and none written when one is bad;
    /// the answer then names the line and the problem in the daemon's words.
    package func sendLines(_ body: [UInt8]) -> WebResponse {
        guard let text = String(validating: body, as: UTF8.self) else {
            return .text(400, "the lines are not UTF-8 text")
        }
        let lines = text.split(separator: "\n", omittingEmptySubsequences: true).map(String.init)
        let (commands, problems) = FeedCommand.decode(lines: lines)
        if let problem = problems.first { return .text(400, problem.description) }
        guard !commands.isEmpty else { return .text(400, "no feed line given") }
        return send(commands)
    }
}
