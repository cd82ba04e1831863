import Foundation
import Testing
import TickerCore
import TickerTestSupport
import TickerWeb

/// `tickerctl web` as people use it: a real headless Chromium showing the page at a phone's size, and clients
/// speaking HTTP with curl, against a real daemon whose frames reach a panel.
@Suite(.serialized) struct WebTests {
    /// The page's LEDs, read at each LED's centre, and the frame the canvas says it shows.
    static let readCanvas = """
        const canvas = document.getElementById('panel');
        const width = arguments[0], height = arguments[1];
        const seq = Number(canvas.dataset.seq);
        if (!seq || canvas.width % width) return { seq: 0, leds: [] };
        const pitch = canvas.width / width;
        const data = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height).data;
        const leds = [];
        for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) {
          const at = (Math.floor((y + 0.5) * pitch) * canvas.width + Math.floor((x + 0.5) * pitch)) * 4;
          leds.push(data[at], data[at + 1], data[at + 2]);
        }
        return { seq, leds };
        """

    /// What the page draws for `frame`, LED by LED (docs/WEB.md#the-live-view): each level times the
    /// brightness's share to the power 1/2.2; an unlit LED dark grey.
    static func expectedLEDs(_ frame: ViewFrame) -> [Int] {
        let scale = pow(Double(frame.brightness) / 255, 1 / 2.2)
        var leds: [Int] = []
        for index in 0..<(frame.width * frame.height) {
            let rgb =
                frame.format == .color
                ? Array(frame.pixels[index * 3..<index * 3 + 3]) : Array(repeating: frame.pixels[index], count: 3)
            let shown = rgb.map { Int((Double($0) * scale).rounded()) }
            leds += shown.allSatisfy { $0 == 0 } ? [0x12, 0x12, 0x12] : shown
        }
        return leds
    }

    /// Samples the canvas `count` times while the panel moves; each sample must equal the frame it names, as
    /// the daemon sent it. Returns the frames seen.
    static func canvasFollowsTheWire(_ web: WebStage, _ browser: Browser, samples count: Int) async throws
        -> [ViewFrame]
    {
        var seen: [ViewFrame] = []
        var lastSequence = 0
        while seen.count < count {
            let sample = try browser.run(readCanvas, [64, 8]) as? [String: Any]
            let sequence = sample?["seq"] as? Int ?? 0
            guard sequence > 0, sequence != lastSequence else {
                try await web.rig.wait("the canvas to show a newer frame than \(lastSequence)") {
                    web.drain()
                    return (web.frames.keys.max() ?? 0) > UInt64(lastSequence) + 2
                }
                continue
            }
            lastSequence = sequence
            let frame = try await web.frame(UInt64(sequence))
            let leds = sample?["leds"] as? [Int] ?? []
            let expected = expectedLEDs(frame)
            let differing = zip(leds, expected).filter { abs($0 - $1) > 2 }.count
            #expect(
                leds.count == expected.count && differing == 0, "frame \(sequence): \(differing) LED channels differ")
            seen.append(frame)
        }
        return seen
    }

    @Test func theCanvasShowsTheFramesTheDaemonSentThroughAMarqueeAndASweep() async throws {
        let web = try await WebStage()
        try await web.stage.send("title A title far too long for this panel, so it scrolls", "play")
        let browser = try Browser(rig: web.rig)
        try browser.open(web.url)
        let marquee = try await Self.canvasFollowsTheWire(web, browser, samples: 6)
        #expect(Set(marquee.map(\.pixels)).count >= 2, "the marquee moves on the page")

        // Word times spread the sweep over 16 s, so that a loaded machine still samples the line half sung.
        let lyrics = try web.rig.file(
            "song.lrc",
            "[00:00.50]<00:00.50>Sing <00:04.00>along <00:08.00>with <00:12.00>me <00:16.00>now<00:19.00>\n"
                + "[00:20.00]Second\n")
        try await web.stage.tickerctl("send", "title Song", "position 0", "play")
        try await web.stage.tickerctl("lyrics", lyrics)
        let sweep = try await Self.canvasFollowsTheWire(web, browser, samples: 6)
        #expect(
            sweep.contains { frame in frame.pixels.contains(255) && frame.pixels.contains { $0 > 0 && $0 < 255 } },
            "a line half sung: lit and resting LEDs at once")
        // Beside the panel: the line being sung, and the track's cover.
        try await web.stage.send("picture begin cover 2x1", "ff000000ff00", "picture end")
        try await web.rig.wait("the page to show the lyric being sung and the cover") {
            let shown =
                try browser.run(
                    "return [document.getElementById('lyric').textContent, document.getElementById('cover').width]")
                as? [Any]
            return shown?.first as? String == "Sing along with me now" && shown?.last as? Int == 2
        }
    }

    @Test func aMessageTypedIntoThePageReachesThePanelAndThePageFitsAPhone() async throws {
        let web = try await WebStage()
        let browser = try Browser(rig: web.rig, width: 390, height: 844)
        try browser.open(web.url)
        let fits =
            try browser.run(
                """
                const root = document.documentElement;
                const canvas = document.getElementById('panel').getBoundingClientRect();
                const buttons = [...document.querySelectorAll('button')].map((b) => b.getBoundingClientRect().height)
                  .filter((height) => height > 0);
                return [root.scrollWidth <= window.innerWidth, canvas.right <= window.innerWidth, Math.min(...buttons)];
                """) as? [Any]
        #expect(fits?[0] as? Bool == true, "nothing wider than a phone's screen")
        #expect(fits?[1] as? Bool == true, "the panel fits the screen")
        #expect((fits?[2] as? Double ?? 0) >= 44, "buttons big enough for a thumb")

        _ = try browser.run(
            """
            document.getElementById('message-text').value = 'Hello web';
            document.getElementById('message-for').value = '30';
            document.querySelector('#message button').click();
            """)
        try await web.rig.wait("the page to show the daemon's answer") {
            let answer = try browser.run("return document.getElementById('message-answer').textContent") as? String
            return answer == "Done (OK)"
        }
        let expected = web.stage.look.frame(after: ["message --for 30 --priority normal -- Hello web"])
        try await web.stage.expect(expected, "the message typed into the page")

        // In a colour of its own: on this grey panel, red is its luminance, the dimmest level.
        _ = try browser.run(
            """
            document.getElementById('message-look').value = 'color';
            document.getElementById('message-color').value = '#ff0000';
            document.querySelector('#message button').click();
            """)
        let red = web.stage.look.frame(after: ["message --for 30 --priority normal --colors FF0000 -- Hello web"])
        #expect(red != expected)
        try await web.stage.expect(red, "the message typed into the page, in red")

        // A bad line is refused as the daemon words it, and nothing is written.
        _ = try browser.run(
            """
            document.getElementById('page-name').value = 'a.b';
            document.getElementById('page-text').value = 'x';
            document.getElementById('page').requestSubmit();
            """)
        var answer = ""
        try await web.rig.wait("the page to show the refusal") {
            answer = try browser.run("return document.getElementById('page-answer').textContent") as? String ?? ""
            return answer.contains("bad page name")
        }
        #expect(answer.contains("'a.b'"), "\(answer)")
    }
}
