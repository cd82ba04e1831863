import TickerCore

/// An LED matrix on the network, played as a WLED or Art-Net controller plays one: it listens on a UDP
/// address, reads each datagram as a DDP, ArtDmx or E1.31 packet (`NetworkFrameAssembler`), and when a frame
/// is whole puts each LED back at its pixel through the same wiring map and colour order the daemon uses
/// (`StripPicture`). Damaged packets are counted; an E1.31 stream-terminated packet is noted.
package final class NetworkEmulator {
    /// What a datagram did.
    package enum Event: Sendable, Equatable {
        /// A whole frame; `picture` holds it.
        case frame(leds: Int, milliamps: Int)
        /// A datagram that is not a packet of the protocol; the sentence says why.
        case damaged(String)
        /// A packet for a universe outside the matrix.
        case otherUniverse(Int)
        /// The source ended its stream of this universe (E1.31).
        case terminated(universe: Int)
    }

    /// The protocol it reads.
    package let kind: NetworkProtocol
    /// The address it listens on, as text (`127.0.0.1:4048`).
    package let address: String
    /// The datagrams read.
    package private(set) var packets = 0
    /// Whole frames shown.
    package private(set) var frames = 0
    /// Datagrams that were not packets of the protocol.
    package private(set) var damaged = 0
    /// Whether the source ended its stream (E1.31 stream-terminated) and sent no frame since.
    package private(set) var terminated = false

    private let socket: Int32
    private var assembler: NetworkFrameAssembler
    private var shown: StripPicture
    /// Room for the largest UDP payload, so that no datagram is cut before it is read.
    private var datagram = [UInt8](repeating: 0, count: 65_536)

    /// Binds a UDP socket to `address` for a matrix of `settings` reading `kind`; `firstUniverse` and
    /// `channelsPerUniverse` place Art-Net and E1.31 universes.
    package init(
        kind: NetworkProtocol, settings: StripSettings, listening address: SocketAddress, firstUniverse: Int,
        channelsPerUniverse: Int
    ) throws(SystemError) {
        self.kind = kind
        self.address = address.text
        socket = try Posix.boundDatagramSocket(address, what: address.text)
        shown = StripPicture(settings: settings)
        assembler = NetworkFrameAssembler(
            kind: kind, ledBytes: 3 * settings.layout.count, firstUniverse: firstUniverse,
            channelsPerUniverse: channelsPerUniverse)
    }

    deinit {
        Posix.close(socket)
    }

    /// The descriptor to poll for datagrams.
    package var fileDescriptor: Int32 { socket }

    /// The strip.
    package var settings: StripSettings { shown.settings }

    /// What the LEDs show, in pixel order.
    package var picture: RGBFrame { shown.picture }

    /// Reads the datagrams waiting (up to 1,024, so that a flood leaves the caller its turn), applies them, and
    /// calls `onEvent` for each event. False when the socket failed.
    @discardableResult
    package func service(onEvent: (Event, NetworkEmulator) -> Void) -> Bool {
        for _ in 0..<1_024 {
            let transfer: Posix.Transfer
            do {
                transfer = try datagram.withUnsafeMutableBytes { buffer throws(SystemError) in
                    try Posix.receive(socket, into: buffer, what: address)
                }
            } catch {
                return false
            }
            guard case .done(let count) = transfer else { return true }
            packets += 1
            let event = datagram.withUnsafeBytes { assembler.receive(UnsafeRawBufferPointer(rebasing: $0[0..<count])) }
            switch event {
            case nil:
                continue
            case .frame?:
                frames += 1
                terminated = false
                assembler.frame.withUnsafeBytes { shown.show($0, leds: shown.count) }
                onEvent(.frame(leds: shown.count, milliamps: shown.milliamps), self)
            case .damaged(let error)?:
                damaged += 1
                onEvent(.damaged(error.description), self)
            case .otherUniverse(let universe)?:
                onEvent(.otherUniverse(universe), self)
            case .terminated(let universe)?:
                terminated = true
                onEvent(.terminated(universe: universe), self)
            }
        }
        return true
    }
}
