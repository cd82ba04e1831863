import Glibc
import TickerCore
import TickerFollow
import TickerIO
import TickerWeb

let webCommand = Command(
    "tickerctl web",
    summary:
        "Serves the panel in a browser (live, with controls) and AWTRIX 3's HTTP API, on the local network "
        + "(docs/WEB.md).",
    options: [
        Option("--listen", "ADDR", meaning: "an IP address", help: "the address to listen on (default ::, every one)"),
        Option("--port", "PORT", meaning: "a port number", help: "the port (default 8080)"),
        feedOption,
        Option(
            "--view", "PATH", meaning: "the view socket's path",
            help: "the daemon's view socket (default /run/tickerd/state/view)"),
        Option(
            "--state", "FILE", meaning: "the state file's path",
            help: "the daemon's state file (default \(MQTTOptions.defaultStatePath))"),
        Option(
            "--name", "NAME", meaning: "a host name",
            help: "a name the server is reached by, besides the host's own, NAME.local and localhost (repeatable)"),
        Option(
            "--token-file", "FILE", meaning: "a file path",
            help:
                "a file holding the token that requests changing something must carry (default: the credential "
                + "web-token, when the unit loads one)"),
    ])

/// `tickerctl web`: runs until SIGTERM or SIGINT.
func runWeb(_ given: ParsedArguments) -> Int32 {
    let logger = Logger(program: "tickerctl")
    let port: Int
    let token: String?
    do throws(UsageError) {
        port = try given["--port"]?.integer(in: 0...65_535) ?? 8080
        let credential = Posix.environment("CREDENTIALS_DIRECTORY").map { $0 + "/web-token" }
        if let file = given.value("--token-file") ?? credential.flatMap({ access($0, R_OK) == 0 ? $0 : nil }) {
            token = try MQTTOptions.readPassword(file)
            guard token?.isEmpty == false else { throw UsageError("token file '\(file)' is empty") }
        } else {
            token = nil
        }
    } catch { fail(error.description) }
    let listen = given.value("--listen") ?? "::"
    let live = LiveView()
    let watch: DaemonWatch
    let signals: SignalSource
    do {
        signals = try SignalSource()
        watch = try DaemonWatch(
            viewPath: given.value("--view") ?? "/run/tickerd/state/view",
            statePath: given.value("--state") ?? MQTTOptions.defaultStatePath, live: live, auth: token != nil)
    } catch { fail(error.description, status: 1) }
    let app = WebApp(
        guardian: RequestGuard(names: given.values("--name"), hostName: Posix.hostName, token: token), live: live,
        feed: WebFeed(path: given.value("--feed") ?? "/run/tickerd/feed"),
        facts: WebFacts(version: TickerVersion.current, uid: Posix.hostName, started: Clock.now))
    let handed = Posix.environment("LISTEN_FDS") == "1" && Posix.environment("LISTEN_PID") == "\(Posix.processID)"
    let server: HTTPServer
    do {
        server = try HTTPServer(
            address: listen, port: UInt16(port), listenDescriptor: handed ? 3 : nil, handle: app.answer)
    } catch { fail(error.description, status: 1) }
    watch.start()
    logger.notice(
        "serving the panel on " + (handed ? "the socket systemd handed over" : "\(listen) port \(server.port)")
            + (token == nil ? "" : ", changes with a token"))
    while signals.next() == nil {
        var entries = [
            pollfd(fd: signals.fileDescriptor, events: Int16(POLLIN), revents: 0),
            pollfd(fd: server.deadlineDescriptor, events: Int16(POLLIN), revents: 0),
        ]
        _ = poll(&entries, 2, -1)
        if entries[1].revents != 0 { server.enforceDeadlines() }
    }
    live.stop()
    watch.stop()
    server.stop()
    return 0
}
