// fuzz-module: TickerCore TickerWire
// Reads arbitrary bytes as a view-socket record (`ViewMessage`), the first byte turned into one of the four
// kinds when its high bit is set, so that every decoder is reached: a record either decodes, and then encodes
// back to a record that decodes to the same message (a frame's pixels fit its size), or is refused with a
// sentence.

@testable import TickerCore
@testable import TickerWire

func fuzzView(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    var bytes = Array(UnsafeBufferPointer(start: data, count: size))
    if let first = bytes.first, first & 0x80 != 0 {
        let kinds = [ViewMessage.frameKind, ViewMessage.statusKind, ViewMessage.problemKind, ViewMessage.coverKind]
        bytes[0] = kinds[Int(first & 0x03)]
    }
    let message: ViewMessage
    do {
        message = try ViewMessage(decoding: bytes)
    } catch {
        if error.description.isEmpty { fatalError("a refusal without a sentence") }
        return 0
    }
    if case .frame(let frame) = message, frame.pixels.count != frame.width * frame.height * frame.format.bytesPerPixel {
        fatalError("a frame's pixels do not fit its size")
    }
    guard let again = try? ViewMessage(decoding: message.encoded), again == message else {
        fatalError("a record decoded does not encode back to itself")
    }
    return 0
}
