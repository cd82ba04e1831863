import PanelCore
import TickerCore
import TickerIO
import TickerWire

/// `tickerctl panel` (`--protocol tickerd`): a panel on a pseudo-terminal that speaks tickerd's own protocol
/// through PanelCore, the firmware's code, in grey levels or in colour; its records are the packets it decoded.
final class TickerdPanelEmulator: Emulator {
    let announcement: String
    private(set) var picture: Picture
    private let panel: PanelEmulator
    private var refused = Set<PanelGeometry>()
    private var advice = ""
    private var rate = (perSecond: 0.0, updates: 0, at: Clock.now)

    init(_ options: EmulatorOptions) {
        options.refuse(.max7219, .network, .leds)
        let (width, height, depth) = (options.strip.width, options.strip.height, options.depth)
        let info: DeviceInfo
        do {
            let geometry = try PanelGeometry(width: width, height: height, bitsPerPixel: depth.wireBits)
            info = try DeviceInfo(
                geometry: geometry, maxFramesPerSecond: options.framesPerSecond,
                capabilities: options.given.has("--no-scroll") ? [] : .scroll, firmwareName: "tickerctl panel")
        } catch { fail("panel \(width)×\(height)×\(depth.wireBits): \(error)") }
        do { panel = try PanelEmulator(info: info, link: options.link) } catch { fail(error.description, status: 1) }
        picture = Picture(width: width, height: height, depth: depth.levels, color: depth.isColor)
        announcement =
            "panel \(width)×\(height)×\(depth.wireBits) on \(panel.terminal.slavePath)"
            + (panel.terminal.link.map { " (linked at \($0))" } ?? "")
    }

    var fileDescriptors: [Int32] { [panel.fileDescriptor] }

    func service(recording frames: EmulatorLoop) {
        let alive = panel.service { event, device in
            if case .rejected(let rejection) = event,
                case .geometryMismatch(let width, let height, let bits, let panel) = rejection.reason,
                let frame = try? PanelGeometry(width: width, height: height, bitsPerPixel: bits),
                refused.insert(frame).inserted
            {
                let depth = PanelDepth(wireBits: panel.bitsPerPixel)?.name ?? String(panel.bitsPerPixel)
                advice =
                    "start this emulator with --size \(width)x\(height) --depth \(bits), "
                    + "or tickerd with --size \(panel.width)x\(panel.height) --depth \(depth)"
                Logger(program: "tickerctl").warning("\(rejection.reason): refused (\(advice))")
            }
            if case .applied = event { picture.unpack(device.framebuffer.bytes, layout: device.geometry.layout) }
            guard frames.isRecording else { return }
            var text = "\(Self.describe(event))\n"
            if case .applied(let message) = event, message != .hello {
                text += device.asciiArt + "\n"
                if picture.isColor { text += EmulatorLoop.colorRows(picture.colors) }
            }
            frames.write(text)
        }
        if !alive { fail("panel: the pseudo-terminal failed", status: 1) }
    }

    func status(at now: Duration) -> String {
        if now - rate.at >= .seconds(1) {
            rate = (Double(panel.updates - rate.updates) / ((now - rate.at) / .seconds(1)), panel.updates, now)
        }
        let device = panel.device
        return "\(panel.terminal.link ?? panel.terminal.slavePath) · \(device.counters.packets) packets, "
            + "\(device.counters.badPackets) bad · \(Int(rate.perSecond.rounded())) updates/s · brightness \(device.brightness)"
            + (advice.isEmpty ? "" : " · frames of another size: \(advice)")
    }

    /// One line about what a packet did.
    private static func describe(_ event: PanelEvent) -> String {
        switch event {
        case .applied(.hello): "hello"
        case .applied(.fullFrame): "full"
        case .applied(.columns(let start, let count)): "columns \(start) \(count)"
        case .applied(.scroll(let start, let count, let dx)): "scroll \(start) \(count) \(dx)"
        case .applied(.brightness(let level)): "brightness \(level)"
        case .applied(.blank): "blank"
        case .rejected(let rejection): "rejected \(rejection.reason)"
        }
    }
}
