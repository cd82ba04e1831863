import TickerCore
import TickerIO

/// `tickerctl panel --protocol view`: the daemon's own frames, read from its view socket (`[feed] view`) and
/// drawn as they were sent; its records are each frame, with its sequence number and brightness, the status and
/// the problems the daemon tells its viewers.
final class ViewPanelEmulator: Emulator {
    /// Where `tickerd.service` puts the view socket.
    static let defaultSocket = "/run/tickerd/state/view"

    let announcement: String
    private let connection: ViewConnection
    private(set) var picture = Picture(colors: RGBFrame(width: 0, height: 0))
    private var frames = 0
    private var last: ViewFrame?
    private var status: ViewStatus?
    private var problems = 0

    init(_ options: EmulatorOptions) {
        options.refuse(.max7219, .network, .leds)
        if options.link != nil { fail("--link is for serial panels; --protocol view takes --socket") }
        let path = options.given.value("--socket") ?? Self.defaultSocket
        do {
            connection = try ViewConnection(path: path, waits: false)
        } catch { fail("\(error)", status: 1) }
        announcement = "the daemon's frames, from its view socket '\(path)'"
    }

    var fileDescriptors: [Int32] { [connection.fileDescriptor] }

    func service(recording records: EmulatorLoop) {
        while true {
            let message: ViewMessage?
            do {
                message = try connection.next()
            } catch { fail("panel: \(error)", status: 1) }
            guard let message else { return }
            switch message {
            case .frame(let frame):
                frames += 1
                last = frame
                show(frame)
                records.writeLEDFrame(
                    "view \(frame.sequence) \(frame.width)x\(frame.height) brightness \(frame.brightness)",
                    picture.colors)
            case .status(let status):
                self.status = status
                records.write("status \(status.json.encoded)\n")
            case .problem(let problem):
                problems += 1
                records.write("problem \(problem.level.rawValue) \(problem.text)\n")
            case .cover(let width, let height, _):
                records.write("cover \(width)x\(height)\n")
            }
        }
    }

    /// Draws `frame` into the picture, in colour (a grey frame in white light), as it was sent.
    private func show(_ frame: ViewFrame) {
        var colors = picture.colors
        if colors.width != frame.width || colors.height != frame.height {
            colors = RGBFrame(width: frame.width, height: frame.height)
        }
        if frame.format == .color {
            colors.bytes.overwrite(with: frame.pixels)
        } else {
            for (index, level) in frame.pixels.enumerated() {
                colors.bytes[index * 3] = level
                colors.bytes[index * 3 + 1] = level
                colors.bytes[index * 3 + 2] = level
            }
        }
        picture = Picture(colors: colors)
    }

    func status(at now: Duration) -> String {
        var parts = ["view \(connection.path)", "\(frames) frames"]
        if let last { parts.append("#\(last.sequence) brightness \(last.brightness)") }
        if let status { parts.append(status.device.isEmpty ? "no device" : "\(status.device): \(status.status)") }
        if problems > 0 { parts.append("\(problems) problems") }
        return parts.joined(separator: " · ")
    }
}
