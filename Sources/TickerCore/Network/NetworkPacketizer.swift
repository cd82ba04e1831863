/// What the three network packetizers (`DDPPacketizer`, `ArtNetPacketizer`, `E131Packetizer`) share: one
/// frame's LED bytes in, its UDP payloads out, built in a buffer that each keeps for every frame.
public protocol NetworkPacketizer: Sendable {
    /// The packets the last frame took (all of them, even if sending stopped early).
    var packetCount: Int { get }

    /// Builds the packets of one frame of LED bytes (strip order, 3 a pixel) and hands each to `send` with its
    /// index in the frame, in order; `send` returns false to stop (the socket's buffer is full). The bytes
    /// handed over are valid only during the call. Returns the packets sent.
    @discardableResult
    mutating func packets(of payload: UnsafeRawBufferPointer, _ send: (UnsafeRawBufferPointer, _ index: Int) -> Bool)
        -> Int
}

extension DDPPacketizer: NetworkPacketizer {}
extension ArtNetPacketizer: NetworkPacketizer {}
extension E131Packetizer: NetworkPacketizer {}
