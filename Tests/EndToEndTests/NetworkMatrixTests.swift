import Foundation
import Glibc
import Testing
import TickerTestSupport

/// LED matrices on the network end to end: `tickerd` sends Art-Net and E1.31 to the Open Lighting
/// Architecture's olad, a receiver nobody here wrote, and DDP to sockets of the test's own; what arrives is
/// compared, LED for LED, with what `tickerctl render` draws.
@Suite(.serialized) struct NetworkMatrixTests {
    /// A 32×8 colour panel in two colours, without gamma or power limit, so every LED's bytes are exact.
    static func config(feed: String, device: String, extra: String = "") -> String {
        """
        [panel]
        width = 32
        height = 8
        depth = rgb
        [colors]
        title = #FF8000
        background = #000010
        [device]
        path = \(device)
        \(extra)
        [feed]
        path = \(feed)
        [leds]
        gamma = 1
        max-milliamps = 0

        """
    }

    /// The LED bytes of what `tickerctl render` draws for `text` with `config`, LEDs in rows from the top left:
    /// the text's pixels in the title colour, every other in the background's.
    static func rendered(_ rig: Rig, config: String, text: String) async throws -> [UInt8] {
        let render = try rig.tickerctl(["render", "--config", config, "--text", text], name: "tickerctl render")
        #expect(try await rig.exit(of: render) == .exited(0))
        let picture = render.outputText.split(separator: "\n").joined()
        #expect(picture.contains("#") && picture.count == 256, "a 32×8 picture with the text lit:\n\(picture)")
        return picture.flatMap { $0 == "#" ? [0xFF, 0x80, 0x00] : [0x00, 0x00, 0x10] as [UInt8] }
    }

    static func hex(_ bytes: some Sequence<UInt8>) -> String {
        bytes.map { String(format: "%02x", $0) }.joined()
    }

    @Test(arguments: ["artnet", "sacn"])
    func oladReceivesWhatTickerctlRenderDraws(protocolName: String) async throws {
        let rig = try Rig()
        let artnet = protocolName == "artnet"
        // Art-Net universes 1 and 2, E1.31 universes 5 and 6: 768 bytes of LEDs at 510 channels a universe.
        let universes = artnet ? Array(OLA.artNetUniverses.prefix(2)) : OLA.e131Universes
        let ola = try await OLA.start(rig, watching: universes)
        let feed = rig.path("feed")
        let config = try rig.file(
            "tickerd.conf",
            Self.config(
                feed: feed, device: "\(protocolName)://127.0.0.1",
                extra: "universe = \(universes[0])\non-exit = release"))
        let expected = try await Self.rendered(rig, config: config, text: "Hi!")
        let daemon = try rig.tickerd(["--config", config, "--no-terminal"])
        try await rig.line(of: daemon, containing: "in 2 universes")
        try await rig.feed(["text Hi!"], to: feed)
        let first = Self.hex(expected.prefix(510))
        let second = Self.hex(expected.dropFirst(510))
        try await rig.wait("olad to receive the rendered picture in universes \(universes)") {
            ola.frames(of: universes[0]).last == first && ola.frames(of: universes[1]).last == second
        }
        #expect(daemon.lines(containing: "warning").isEmpty, "\(daemon.lines)")
        if !artnet {
            // On release E1.31 tells the receiver at once that the source is gone, universe by universe.
            kill(daemon.pid, SIGTERM)
            #expect(try await rig.exit(of: daemon) == .exited(0))
            for universe in universes {
                try await rig.line(of: ola.daemon, containing: "sent a termination for universe \(universe)")
            }
        }
        #expect(ola.daemon.termination == nil)
    }
}
