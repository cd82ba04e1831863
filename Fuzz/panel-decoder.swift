// fuzz-module: TickerWire PanelCore
// Feeds arbitrary bytes to the device-side decoder and the host-side reader, and checks what must hold for
// any input: nothing crashes, every reply the panel queues is a well-formed message, the framebuffer keeps
// its size, colour pixels survive being widened to 8 bits and narrowed again, and COBS decodes what it encodes.

@testable import PanelCore
@testable import TickerWire

/// The depths under test, picked by the first byte of the input (which is decoded like the rest).
private let fuzzDepths = [2, 16, 24]

/// The panel under test: 16×8 at `bits` bits per pixel, able to scroll.
private func makeFuzzPanel(bits: Int) -> PanelDevice? {
    guard let geometry = try? PanelGeometry(width: 16, height: 8, bitsPerPixel: bits),
        let info = try? DeviceInfo(
            geometry: geometry, maxFramesPerSecond: 60, capabilities: .scroll, firmwareName: "fuzz")
    else { return nil }
    return PanelDevice(info: info, replyCapacity: 64)
}

func fuzzPanelDecoder(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = UnsafeBufferPointer(start: data, count: size)
    let bits = fuzzDepths[Int(bytes.first ?? 0) % fuzzDepths.count]
    guard var panel = makeFuzzPanel(bits: bits) else { fatalError("fuzz panel geometry is invalid") }
    var reader = DeviceMessageReader()
    var hostSide = DeviceMessageReader()
    var replies = 0
    var frames = 0
    for byte in bytes {
        if panel.receive(byte) == .applied(.fullFrame) { frames += 1 }
        while let reply = panel.nextReplyByte() {
            do throws(WireError) {
                if try reader.push(reply) != nil { replies += 1 }
            } catch {
                fatalError("panel queued a malformed reply: \(error)")
            }
        }
        _ = try? hostSide.push(byte)
    }
    if panel.framebuffer.bytes.count != 16 * 8 * bits / 8 { fatalError("framebuffer changed size") }
    let layout = panel.info.geometry.layout
    if layout.isColor {
        var again = [UInt8](repeating: 0, count: layout.byteCount)
        for x in 0..<16 {
            for y in 0..<8 {
                let color = panel.color(x: x, y: y)
                layout.setColor(red: color.red, green: color.green, blue: color.blue, in: &again, x: x, y: y)
                if layout.pixel(in: again, x: x, y: y) != layout.pixel(in: panel.framebuffer.bytes, x: x, y: y) {
                    fatalError("colour of pixel \(x), \(y) does not survive widening and narrowing")
                }
            }
        }
    }
    if panel.counters.framesApplied != frames { fatalError("frame counter disagrees with events") }
    if panel.counters.badPackets + replies < panel.counters.badPackets { fatalError("counter overflow") }
    let input = Array(bytes)
    let encoded = COBS.encode(input)
    if encoded.contains(0) { fatalError("COBS left a zero in its output") }
    guard let decoded = try? COBS.decode(encoded), decoded == input else { fatalError("COBS round trip failed") }
    _ = panel.asciiArt
    return 0
}
