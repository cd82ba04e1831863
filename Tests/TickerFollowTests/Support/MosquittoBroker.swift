import Foundation
import Glibc
import TickerTestSupport

/// A real Mosquitto (Debian's) for one test, on 127.0.0.1 at a free port, with a password file (users
/// `bridge` and `watcher`) and an ACL: the bridge may use `tickerd/#` and `homeassistant/#`; the watcher (the
/// test's `mosquitto_pub`/`mosquitto_sub`) may use everything. No persistence. Readiness is its log line
/// `… running`. Killed when stopped or released, also when the test fails.
final class MosquittoBroker {
    let directory: TemporaryDirectory
    let port: UInt16
    /// With TLS, the broker's self-signed certificate (for 127.0.0.1), which clients take as their CA file.
    let certificate: String?
    static let bridgePassword = "bridge-secret"
    static let watcherPassword = "watcher-secret"
    private var process: Child?

    /// A broker; with `tls`, its listener speaks only TLS, with a certificate made by `openssl` for 127.0.0.1.
    init(directory: TemporaryDirectory, port: UInt16? = nil, tls: Bool = false) throws {
        self.directory = directory
        self.port = try port ?? FreePort.tcp()
        var listener = ""
        if tls {
            let certificate = directory.file("broker.pem")
            try Child.run(
                "openssl",
                [
                    "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes", "-keyout",
                    directory.file("broker.key"), "-out", certificate, "-subj", "/CN=127.0.0.1", "-addext",
                    "subjectAltName=IP:127.0.0.1", "-days", "2",
                ])
            listener = "certfile \(certificate)\nkeyfile \(directory.file("broker.key"))\n"
            self.certificate = certificate
        } else {
            certificate = nil
        }
        let passwords = directory.file("passwd")
        try Child.run("mosquitto_passwd", ["-c", "-b", passwords, "bridge", Self.bridgePassword])
        try Child.run("mosquitto_passwd", ["-b", passwords, "watcher", Self.watcherPassword])
        try directory.write(
            "acl",
            """
            user bridge
            topic readwrite tickerd/#
            topic readwrite homeassistant/#
            topic readwrite ha1/#
            topic readwrite ha2/#

            user watcher
            topic readwrite #

            """)
        try directory.write(
            "mosquitto.conf",
            """
            listener \(self.port) 127.0.0.1
            \(listener)allow_anonymous false
            password_file \(passwords)
            acl_file \(directory.file("acl"))
            persistence false
            user \(Self.currentUser)
            log_dest stderr
            log_type error
            log_type warning
            log_type notice
            log_type information

            """)
        // Mosquitto refuses world-readable password files in later versions and warns in this one.
        chmod(passwords, 0o600)
        chmod(directory.file("acl"), 0o600)
        try start()
    }

    deinit { process?.kill() }

    /// Starts the broker and waits until it listens.
    func start() throws {
        let child = try Child(
            name: "mosquitto", executable: "mosquitto", arguments: ["-c", directory.file("mosquitto.conf")])
        process = child
        try child.wait("the broker to run") { child.lines.contains { $0.contains(" running") } }
    }

    /// Stops the broker (SIGTERM) and waits for its end.
    func stop() throws {
        try process?.stop()
        process = nil
    }

    /// `mosquitto_pub` as the watcher, QoS 1.
    func publish(_ topic: String, _ payload: String, retain: Bool = false) throws {
        try Child.run(
            "mosquitto_pub",
            login + ["-q", "1", "-t", topic, "-m", payload] + (retain ? ["-r"] : []))
    }

    /// `mosquitto_pub -l` as the watcher: each line of `file` one message, QoS 1, in order.
    func publishLines(_ topic: String, from file: String) throws {
        let command = (["mosquitto_pub"] + login + ["-q", "1", "-t", topic, "-l"]).map { "'\($0)'" }
        try Child.run("/bin/sh", ["-c", command.joined(separator: " ") + " < '\(file)'"], timeout: .seconds(30))
    }

    /// Starts `mosquitto_sub` as the watcher on `topics`, printing `topic payload` lines (`-v`).
    func subscribe(_ topics: [String], extra: [String] = []) throws -> Child {
        try Child(
            name: "mosquitto_sub", executable: "mosquitto_sub",
            arguments: login + ["-q", "1", "-v"] + topics.flatMap { ["-t", $0] } + extra)
    }

    /// The retained messages under `topics` now: `mosquitto_sub --retained-only` until one second passes
    /// without any more.
    func retained(_ topics: [String]) throws -> [String] {
        let child = try subscribe(topics, extra: ["--retained-only", "-W", "1"])
        try child.wait("mosquitto_sub --retained-only to end", timeout: .seconds(10)) { child.termination != nil }
        return child.outputLines
    }

    private var login: [String] {
        ["-h", "127.0.0.1", "-p", String(port), "-u", "watcher", "-P", Self.watcherPassword]
            + (certificate.map { ["--cafile", $0] } ?? [])
    }

    /// Run as root, Mosquitto becomes the user `mosquitto`, who may not read the test's files: it stays who we are.
    static var currentUser: String {
        guard let entry = getpwuid(getuid()), let name = entry.pointee.pw_name else { return "root" }
        return String(cString: name)
    }
}
