import CMosquitto
import TickerIO

/// Where the broker is and how to log in.
package struct MQTTServer: Equatable, Sendable {
    /// The broker's host name or address.
    package var host: String
    /// Its port (1883, or 8883 with TLS).
    package var port: UInt16
    /// The user name, if the broker wants one.
    package var username: String?
    /// The password (read from a file, never from the command line).
    package var password: String?
    /// Whether to speak TLS.
    package var tls: Bool
    /// The CA certificates that sign the broker's (nil: the system's, in /etc/ssl/certs).
    package var caFile: String?

    /// `host:port`, or `[host]:port` for an IPv6 address.
    package var name: String { host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)" }

    /// A server; the port defaults to 1883, or 8883 with TLS.
    package init(
        host: String, port: UInt16? = nil, username: String? = nil, password: String? = nil, tls: Bool = false,
        caFile: String? = nil
    ) {
        self.host = host
        self.port = port ?? (tls ? 8883 : 1883)
        self.username = username
        self.password = password
        self.tls = tls
        self.caFile = caFile
    }
}

/// Why talking to the broker failed; each message names the broker and the cause.
package enum MQTTError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The broker refused the login (CONNACK 4 or 5): retrying will not help.
    case refused(server: String, user: String?, reason: String)
    /// The broker refused the connection for another reason (CONNACK code).
    case rejected(server: String, reason: String)
    /// A libmosquitto call failed; `reason` is `mosquitto_strerror`'s.
    case library(server: String, operation: String, reason: String)
    /// The connection was lost.
    case lost(server: String, reason: String)

    /// A sentence naming the broker and the cause.
    package var description: String {
        switch self {
        case .refused(let server, let user, let reason):
            let who = user.map { "the user '\($0)'" } ?? "an anonymous login"
            return "the MQTT broker at '\(server)' refused \(who): \(reason) (check --username and --password-file)"
        case .rejected(let server, let reason):
            return "the MQTT broker at '\(server)' refused the connection: \(reason)"
        case .library(let server, let operation, let reason): return "\(operation) '\(server)': \(reason)"
        case .lost(let server, let reason): return "lost the MQTT broker at '\(server)': \(reason)"
        }
    }
}

/// What the client reports from libmosquitto's callbacks, in order.
package enum MQTTEvent: Equatable, Sendable {
    /// CONNACK: accepted (`code` 0) or refused.
    case connected(code: Int32)
    /// The connection ended (`code` 0: asked for).
    case disconnected(code: Int32)
    /// A message arrived on `topic` (already acknowledged to the broker).
    case message(topic: String, payload: [UInt8], retained: Bool)
    /// The broker acknowledged the publication `id` (QoS 1).
    case published(id: Int32)
}

/// One libmosquitto client, driven from the caller's poll loop on one thread (never `mosquitto_loop_start`):
/// the caller polls `socket` for reading (and for writing when `wantsWrite`), then calls `service`; callbacks
/// land as `MQTTEvent`s in an inbox that `takeEvents()` empties. Owns its `struct mosquitto`.
package final class MQTTClient {
    /// The broker.
    package let server: MQTTServer
    private let handle: OpaquePointer
    private let inbox: Inbox

    /// `mosquitto_lib_init`, once per process.
    private static let initialised: Bool = { mosquitto_lib_init() == MOSQ_ERR_SUCCESS.rawValue }()

    /// The callbacks' context: libmosquitto calls them with this object's address.
    private final class Inbox {
        var events: [MQTTEvent] = []
    }

    /// A client named `clientID`; `cleanSession` false keeps its subscriptions and queued QoS 1 messages on the
    /// broker while it is away. `will` is published (retained, QoS 1) by the broker if the client vanishes.
    package init(
        server: MQTTServer, clientID: String, cleanSession: Bool, will: (topic: String, payload: String)?
    ) throws(MQTTError) {
        self.server = server
        guard Self.initialised else {
            throw .library(server: server.name, operation: "mosquitto_lib_init", reason: "failed")
        }
        let inbox = Inbox()
        guard let handle = mosquitto_new(clientID, cleanSession, Unmanaged.passUnretained(inbox).toOpaque()) else {
            throw .library(server: server.name, operation: "mosquitto_new", reason: "out of memory or bad client id")
        }
        self.handle = handle
        self.inbox = inbox
        mosquitto_connect_callback_set(handle) { _, context, code in
            guard let context else { return }
            Unmanaged<Inbox>.fromOpaque(context).takeUnretainedValue().events.append(.connected(code: code))
        }
        mosquitto_disconnect_callback_set(handle) { _, context, code in
            guard let context else { return }
            Unmanaged<Inbox>.fromOpaque(context).takeUnretainedValue().events.append(.disconnected(code: code))
        }
        mosquitto_publish_callback_set(handle) { _, context, id in
            guard let context else { return }
            Unmanaged<Inbox>.fromOpaque(context).takeUnretainedValue().events.append(.published(id: id))
        }
        mosquitto_message_callback_set(handle) { _, context, message in
            guard let context, let message, let topicPointer = message.pointee.topic else { return }
            let topic = String(cString: topicPointer)
            let count = Int(max(message.pointee.payloadlen, 0))
            var payload: [UInt8] = []
            if count > 0, let bytes = message.pointee.payload {
                payload = Array(UnsafeRawBufferPointer(start: bytes, count: count))
            }
            Unmanaged<Inbox>.fromOpaque(context).takeUnretainedValue().events.append(
                .message(topic: topic, payload: payload, retained: message.pointee.retain))
        }
        do {
            if let will {
                try check(
                    mosquitto_will_set(handle, will.topic, Int32(will.payload.utf8.count), will.payload, 1, true),
                    "set the last will for")
            }
            if server.username != nil || server.password != nil {
                try check(mosquitto_username_pw_set(handle, server.username, server.password), "set the login for")
            }
            if server.tls {
                let caPath: String? = server.caFile == nil ? "/etc/ssl/certs" : nil
                try check(mosquitto_tls_set(handle, server.caFile, caPath, nil, nil, nil), "set up TLS for")
            }
        } catch {
            mosquitto_destroy(handle)
            throw error
        }
    }

    deinit {
        mosquitto_destroy(handle)
    }

    private func check(_ code: Int32, _ operation: String) throws(MQTTError) {
        guard code != MOSQ_ERR_SUCCESS.rawValue else { return }
        throw .library(server: server.name, operation: operation, reason: Self.reason(code))
    }

    /// libmosquitto's sentence for an error code (`mosquitto_strerror`), or errno's for `MOSQ_ERR_ERRNO`.
    static func reason(_ code: Int32) -> String {
        if code == MOSQ_ERR_ERRNO.rawValue { return Errno.current.description }
        return sentence(String(cString: mosquitto_strerror(code)))
    }

    /// libmosquitto's messages end in a full stop; ours go on after them.
    private static func sentence(_ text: String) -> String {
        text.hasSuffix(".") ? String(text.dropLast()) : text
    }

    /// The sentence for a refusing CONNACK code (`mosquitto_connack_string`).
    static func connackReason(_ code: Int32) -> String {
        sentence(String(cString: mosquitto_connack_string(code)))
    }

    /// Starts connecting (`mosquitto_connect_async`, or `mosquitto_reconnect_async` after the first time); the
    /// outcome comes as a `.connected` event. Name resolution blocks; the TCP connect does not.
    package func connect(keepAliveSeconds: Int32, first: Bool) throws(MQTTError) {
        let code =
            first
            ? mosquitto_connect_async(handle, server.host, Int32(server.port), keepAliveSeconds)
            : mosquitto_reconnect_async(handle)
        try check(code, "connect")
    }

    /// The socket to poll, or -1 when there is none.
    package var socket: Int32 { mosquitto_socket(handle) }

    /// Whether there is something to write (then poll for `POLLOUT` too).
    package var wantsWrite: Bool { mosquitto_want_write(handle) }

    /// Lets libmosquitto read (unless `read` is false: the caller's queue is full, and the broker must wait),
    /// write and keep the connection alive (`mosquitto_loop` with no wait, or `mosquitto_loop_write` and
    /// `mosquitto_loop_misc`). Throws when the connection is lost.
    package func service(read: Bool) throws(MQTTError) {
        let code: Int32
        if read {
            code = mosquitto_loop(handle, 0, 1)
        } else {
            let written = mosquitto_loop_write(handle, 1)
            code = written == MOSQ_ERR_SUCCESS.rawValue ? mosquitto_loop_misc(handle) : written
        }
        guard code == MOSQ_ERR_SUCCESS.rawValue else {
            throw .lost(server: server.name, reason: Self.reason(code))
        }
    }

    /// Subscribes to `topic` with QoS 1.
    package func subscribe(_ topic: String) throws(MQTTError) {
        try check(mosquitto_subscribe(handle, nil, topic, 1), "subscribe to '\(topic)' on")
    }

    /// Publishes `payload` on `topic` with QoS 1; returns the message id that `.published` will carry.
    @discardableResult
    package func publish(_ topic: String, _ payload: String, retain: Bool) throws(MQTTError) -> Int32 {
        var id: Int32 = 0
        let bytes = Array(payload.utf8)
        let code = bytes.withUnsafeBytes { raw in
            mosquitto_publish(handle, &id, topic, Int32(raw.count), raw.baseAddress, 1, retain)
        }
        try check(code, "publish to '\(topic)' on")
        return id
    }

    /// Says goodbye to the broker (`mosquitto_disconnect`: no last will).
    package func disconnect() {
        _ = mosquitto_disconnect(handle)
    }

    /// The events since the last call, in order.
    package func takeEvents() -> [MQTTEvent] {
        defer { inbox.events.removeAll() }
        return inbox.events
    }
}
