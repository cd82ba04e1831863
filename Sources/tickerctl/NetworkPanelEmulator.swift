import TickerCore
import TickerIO

/// `tickerctl panel --protocol ddp|artnet|sacn`: an LED matrix on the network, listening on UDP, in colour; its
/// records are those of the serial LED matrix's frames, and the datagrams it could not show.
final class NetworkPanelEmulator: Emulator {
    let announcement: String
    private let network: NetworkEmulator
    private var lastMilliamps = 0
    private var others = Set<Int>()

    init(_ options: EmulatorOptions, kind: NetworkProtocol) {
        options.refuse(.max7219)
        if options.link != nil { fail("--link is for serial matrices; a network matrix takes --listen") }
        let given = options.given
        let settings: StripSettings
        let firstUniverse: Int
        let channels: Int
        let listen: NetworkDevice
        do throws(UsageError) {
            settings = try options.strip.settings()
            let device = Config().device
            firstUniverse =
                try given["--universe"]?.integer(in: kind == .sacn ? 1...63_999 : 0...0x7FFF)
                ?? device.firstUniverse(for: kind)
            channels = try given["--channels-per-universe"]?.integer(in: 3...512) ?? device.channelsPerUniverse
            let text = given.value("--listen") ?? "127.0.0.1"
            do { listen = try NetworkDevice(parsing: "\(kind.rawValue)://\(text)") } catch {
                throw UsageError("option '--listen' got '\(text)', which \(error.problem) (expected ADDR[:PORT])")
            }
        } catch { fail(error.description) }
        do {
            let host = listen.host.isEmpty ? "0.0.0.0" : listen.host
            guard let address = try Posix.datagramAddresses(host: host, port: listen.port).first else {
                fail("listen on '\(host)': no address", status: 1)
            }
            network = try NetworkEmulator(
                kind: kind, settings: settings, listening: address, firstUniverse: firstUniverse,
                channelsPerUniverse: channels)
        } catch { fail("\(error)", status: 1) }
        let universes = kind == .ddp ? "" : ", universes from \(firstUniverse) of \(channels / 3 * 3) channels"
        announcement = "\(kind.rawValue) \(describe(settings))\(universes), listening on \(network.address)"
    }

    var fileDescriptors: [Int32] { [network.fileDescriptor] }

    var picture: Picture { Picture(colors: network.picture) }

    func service(recording frames: EmulatorLoop) {
        let alive = network.service { event, network in
            switch event {
            case .frame(let leds, let milliamps):
                lastMilliamps = milliamps
                frames.writeLEDFrame("\(network.kind.rawValue) \(leds) LEDs \(milliamps) mA", network.picture)
            case .damaged(let reason): frames.write("damaged \(reason)\n")
            case .otherUniverse(let universe):
                if others.insert(universe).inserted {
                    Logger(program: "tickerctl").warning(
                        "universe \(universe) is not one this matrix shows (see --universe)")
                }
                frames.write("other-universe \(universe)\n")
            case .terminated(let universe): frames.write("terminated \(universe)\n")
            }
        }
        if !alive { fail("panel: the socket on \(network.address) failed", status: 1) }
    }

    func status(at now: Duration) -> String {
        "\(network.kind.rawValue) on \(network.address) · \(network.frames) frames, \(network.damaged) damaged · "
            + "\(lastMilliamps) mA · \(network.terminated ? "terminated" : network.frames > 0 ? "live" : "waiting")"
    }
}
