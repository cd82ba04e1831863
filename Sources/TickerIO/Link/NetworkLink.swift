import Glibc
import TickerCore

/// The sink for an LED controller on the network (WLED, AWTRIX 3, an E1.31 or Art-Net pixel controller):
/// looks the name up away from the loop (again at every retry: DHCP moves devices), opens a UDP socket (connected,
/// so that the kernel reports "nothing listening"), and sends whole frames of the picture (a grey one in white
/// light) through the wiring map, gamma and power budget as DDP, Art-Net or E1.31 packets, paced by the
/// device's frame-rate cap, at least one per keepalive. A full send buffer drops the frame, never blocks the
/// loop; each problem is logged once and its end once. All calls from the event loop.
package final class NetworkLink: FrameSink {
    /// Where the device is.
    package let device: NetworkDevice
    /// The connection state machine.
    package private(set) var machine: NetworkLinkMachine
    /// Counters.
    package private(set) var statistics = LinkStatistics()

    private let logger: Logger
    private let lookup: HostLookup?
    private var encoder: StripEncoder
    private var packets: NetworkPacketizer
    /// The socket, or -1.
    private var socket: Int32 = -1
    /// Where the socket sends: the device's address, or each universe's multicast group.
    private var peer = ""
    private var groups: [SocketAddress] = []
    /// A grey picture in white light; 0 × 0 until one comes.
    private var whiteLight = RGBFrame(width: 0, height: 0)
    private var brightness: UInt8 = 255
    /// The device's frame-rate cap; 0 for none.
    private let maxFPS: Int

    /// A link to `device` sending `strip`'s LEDs as `packets` say, at most `maxFPS` frames a second (0: every
    /// picture) and at least one per `keepalive`; nothing is sent until `service`. Throws when the lookup's
    /// pipe cannot be made.
    package init(
        device: NetworkDevice, strip: StripSettings, packets: NetworkPacketizer, maxFPS: Int = 0,
        keepalive: Duration = NetworkLinkPolicy().keepalive, logger: Logger
    ) throws(SystemError) {
        self.device = device
        self.maxFPS = maxFPS
        self.logger = logger
        self.packets = packets
        encoder = StripEncoder(stripProtocol: nil, settings: strip)
        var policy = NetworkLinkPolicy()
        policy.keepalive = keepalive
        policy.minInterval = maxFPS > 0 ? .seconds(1) / maxFPS : .zero
        machine = NetworkLinkMachine(policy: policy)
        lookup = device.isMulticast ? nil : try HostLookup()
    }

    deinit { close() }

    /// The lookup's pipe: readable when an answer is in. The socket itself is never read; its errors come
    /// back from `send`.
    package var fileDescriptor: Int32 { lookup?.fileDescriptor ?? -1 }

    /// The instant the link next needs `service` though the picture has not changed.
    package var nextDeadline: Duration { machine.nextDeadline }

    /// Whether frames are going out.
    package var isStreaming: Bool { machine.isStreaming }

    /// A one-line description of the link for systemd's STATUS=.
    package var status: String {
        switch machine.state {
        case .waiting: return "waiting for \(device)"
        case .resolving: return "looking up \(device.host)"
        case .streaming:
            return "streaming \(device.kind.displayName) to \(peer)"
                + (statistics.framesDimmed > 0 ? ", \(statistics.framesDimmed) frames dimmed to the power budget" : "")
        }
    }

    /// Sets the brightness (0–255) of the next frames: the LEDs' scale, within the power budget.
    package func setBrightness(_ level: UInt8) {
        brightness = level
    }

    /// The packets (for Art-Net and E1.31, the universes) each frame takes.
    private var universes: Int { packets.packetCount(payloadBytes: 3 * encoder.count) }

    /// Warns when the frames per second and the universes they take are more than WiFi receivers are known
    /// to keep up with.
    package func startupWarnings(framesPerSecond: Int) -> [String] {
        let rate = maxFPS > 0 ? min(framesPerSecond, maxFPS) : framesPerSecond
        guard device.kind != .ddp, universes > 3, rate > 40 else { return [] }
        return [
            "a frame takes \(universes) \(device.kind.displayName) universes at \(rate) fps; WLED advises at most 3 "
                + "universes at 40 fps over WiFi (set [device] max-fps, or use ddp://)"
        ]
    }

    /// Does what the link needs at `now` with `picture` to show: look the name up, or send the picture.
    package func service(_ picture: Picture, at now: Duration) {
        switch machine.next(at: now) {
        case .idle: return
        case .resolve: resolve(at: now)
        case .frame: send(picture, at: now)
        }
    }

    private func resolve(at now: Duration) {
        guard let lookup else {
            openMulticast(at: now)
            return
        }
        machine.startedResolving()
        lookup.start(host: device.host, port: device.port)
    }

    /// Takes the lookup's answer; call when poll says the pipe is readable.
    package func readReplies(at now: Duration) {
        guard let answer = lookup?.take() else { return }
        switch answer {
        case .failure(let error):
            failedToOpen(at: now, "\(error)")
        case .success(let addresses):
            var lastError: SystemError?
            for address in addresses {
                do {
                    socket = try Posix.datagramSocket(for: address, connecting: true, what: device.description)
                    opened(at: now, peer: address.text)
                    return
                } catch {
                    lastError = error
                }
            }
            failedToOpen(at: now, lastError.map { "\($0)" } ?? "resolve '\(device.host)': no address")
        }
    }

    /// E1.31 multicast: one unconnected socket, each universe sent to its group.
    private func openMulticast(at now: Duration) {
        do {
            groups = []
            for index in 0..<universes {
                let group = E131Packetizer.multicastGroup(universe: packets.universe(ofPacket: index) ?? 0)
                groups += try Posix.datagramAddresses(host: group, port: device.port).prefix(1)
            }
            socket = try Posix.datagramSocket(for: groups[0], connecting: false, what: device.description)
            opened(at: now, peer: device.logName)
        } catch {
            failedToOpen(at: now, "\(error)")
        }
    }

    private func opened(at now: Duration, peer: String) {
        self.peer = peer
        statistics.connections += 1
        machine.resolved(at: now)
        logger.notice(
            "LED controller \(device) at \(peer): \(encoder.count) LEDs over \(device.kind.displayName)"
                + (device.kind == .ddp ? "" : " in \(universes) universes"))
    }

    private func failedToOpen(at now: Duration, _ problem: String) {
        if machine.resolveFailed(at: now, because: problem) {
            logger.warning("LED controller \(device) not reachable: \(problem); retrying")
        }
    }

    private func send(_ picture: Picture, at now: Duration) {
        guard socket >= 0 else { return }
        var failure: SystemError?
        var blocked = false
        var bytes = 0
        _ = picture.withColors(whiteLight: &whiteLight) { colors in
            encoder.encode(colors, brightness: brightness) { payload in
                packets.packets(of: payload) { packet, index in
                    switch Result(catching: { () throws(SystemError) in try transmit(packet, index) }) {
                    case .success(.done(let count)):
                        bytes += count
                        return true
                    case .success(.wouldBlock):
                        blocked = true
                        return false
                    case .failure(let error):
                        failure = error
                        return false
                    }
                }
            }
        }
        statistics.bytesSent += bytes
        if let failure {
            sendFailed(failure, at: now)
        } else if blocked {
            statistics.framesSkipped += 1
            if machine.sendBlocked(at: now, because: "the send buffer is full") {
                logger.warning("LED controller \(device): the send buffer is full; dropping frames until it drains")
            }
        } else {
            statistics.framesSent += 1
            statistics.fullFrames += 1
            if encoder.lastLimited { statistics.framesDimmed += 1 }
            if machine.sentFrame(at: now) { logger.notice("LED controller \(device): frames go out again") }
        }
    }

    /// Sends one packet: to the connected peer, or to the group of the packet's universe.
    private func transmit(_ packet: UnsafeRawBufferPointer, _ index: Int) throws(SystemError) -> Posix.Transfer {
        if groups.isEmpty { return try Posix.send(socket, packet, what: peer) }
        return try Posix.send(socket, packet, to: groups[min(index, groups.count - 1)], what: peer)
    }

    /// A send failed (nothing listening, no route): close, and look the name up again after a back-off.
    private func sendFailed(_ error: SystemError, at now: Duration) {
        let problem =
            switch error.code {
            case .connectionRefused: "nothing listening on \(peer) (port unreachable)"
            case .operationNotPermitted: "\(error) (outside the networks the service may reach? see docs/SERVICE.md)"
            default: "\(error)"
            }
        closeSocket()
        if machine.sendFailed(at: now, because: problem) {
            logger.warning("LED controller \(device): \(problem); retrying")
        }
    }

    /// Nothing to do: a hang-up is reported on the socket's sends, never on the lookup's pipe.
    package func hangUp(at now: Duration) {}

    /// Leaves the LEDs dark for `.blank`; for `.release` lets an E1.31 receiver go at once (stream-terminated
    /// packets), and leaves DDP and Art-Net receivers to go back to their effects after their timeout.
    package func finish(_ action: Config.ExitAction, timeout: Duration) {
        guard socket >= 0, isStreaming else { return }
        switch action {
        case .blank:
            _ = encoder.encodeBlank { payload in
                packets.packets(of: payload) { packet, index in (try? transmit(packet, index)) != nil }
            }
        case .release:
            packets.terminate { packet, index in (try? transmit(packet, index)) != nil }
        }
    }

    /// Closes the socket for good (shutdown, or a reload that changed the device).
    package func close() {
        closeSocket()
    }

    private func closeSocket() {
        Posix.close(socket)
        socket = -1
    }
}
