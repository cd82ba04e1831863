import Glibc
import TickerCore

/// Draws frames as an LED panel in a terminal: each character cell shows two pixels (the upper half block
/// coloured as the top pixel over a background coloured as the bottom one), in amber on near-black, with
/// 24-bit colour escapes. Restores the terminal (cursor, colours, echo) when it ends.
package final class TerminalPanel {
    private let fd: Int32
    private var saved = termios()
    private var savedValid = false
    private var buffer: [UInt8] = []
    private var active = false
    /// Why drawing stopped: the write that failed (EIO once the terminal has hung up); nil while it works.
    package private(set) var failure: SystemError?

    /// A panel drawn on descriptor `fd` (standard output by default).
    package init(fd: Int32 = 1) {
        self.fd = fd
    }

    deinit { end() }

    /// Whether `fd` is a terminal.
    package var isTerminal: Bool { Posix.isTerminal(fd) }

    /// Whether the terminal has hung up (its window was closed, or the other side of its pseudo-terminal went
    /// away): there is nowhere left to draw.
    package var isHungUp: Bool { Posix.isHungUp(fd) }

    /// Clears the screen, hides the cursor and stops echoing typed keys.
    package func begin() {
        guard !active else { return }
        active = true
        if let mode = Posix.terminalMode(0) {
            saved = mode
            savedValid = true
            var quiet = mode
            quiet.c_lflag &= ~tcflag_t(ECHO | ICANON)
            Posix.setTerminalMode(0, quiet)
        }
        emit("\u{1B}[?25l\u{1B}[2J")
    }

    /// Puts the terminal back as it was: cursor shown, colours reset, echo on.
    package func end() {
        guard active else { return }
        active = false
        emit("\u{1B}[0m\u{1B}[?25h\n")
        if savedValid { Posix.setTerminalMode(0, saved) }
    }

    /// Draws `picture` at the top left in its colours, or in amber levels on a grey panel, with `status` below.
    package func draw(_ picture: Picture, status: String) {
        if picture.isColor { draw(picture.colors, status: status) } else { draw(picture.frame, status: status) }
    }

    private func draw(_ frame: Frame, status: String) {
        let maxLevel = Double(frame.depth.maxLevel)
        draw(width: frame.width, height: frame.height, status: status) { layer, x, y in
            appendColour(layer, Double(frame[x, y]) / maxLevel)
        }
    }

    private func draw(_ image: RGBFrame, status: String) {
        draw(width: image.width, height: image.height, status: status) { layer, x, y in
            appendColour(layer, image[x, y])
        }
    }

    // Two pixel rows per line of upper half blocks: `appendPixel(38, x, y)` colours the top pixel (the
    // foreground), `appendPixel(48, x, y + 1)` the bottom one (the background); a last odd row has none below.
    private func draw(width: Int, height: Int, status: String, appendPixel: (_ layer: Int, _ x: Int, _ y: Int) -> Void)
    {
        buffer.removeAll(keepingCapacity: true)
        append("\u{1B}[H")
        var y = 0
        while y < height {
            for x in 0..<width {
                appendPixel(38, x, y)
                if y + 1 < height { appendPixel(48, x, y + 1) } else { append("\u{1B}[49m") }
                append("▀")
            }
            append("\u{1B}[0m\u{1B}[K\n")
            y += 2
        }
        append("\u{1B}[0m\u{1B}[K")
        append(status)
        append("\u{1B}[K")
        flush()
    }

    private func appendColour(_ layer: Int, _ color: RGB) {
        // An unlit LED is not black: it shows as a faint dot, so the matrix stays visible.
        let unlit = color.red == 0 && color.green == 0 && color.blue == 0
        let (red, green, blue) = unlit ? (28, 28, 28) : (Int(color.red), Int(color.green), Int(color.blue))
        append("\u{1B}[\(layer);2;\(red);\(green);\(blue)m")
    }

    private func appendColour(_ layer: Int, _ fraction: Double) {
        // An unlit LED is not black: it shows as a faint dot, so the matrix stays visible.
        let red = 34 + Int(fraction * 221)
        let green = 24 + Int(fraction * 152)
        let blue = 20 - Int(fraction * 20)
        append("\u{1B}[\(layer);2;\(red);\(green);\(blue)m")
    }

    private func append(_ text: String) { buffer.append(contentsOf: text.utf8) }

    private func emit(_ text: String) {
        buffer.removeAll(keepingCapacity: true)
        append(text)
        flush()
    }

    /// Writes the buffer; after a failure nothing more is written (the first failure is kept in `failure`).
    private func flush() {
        guard failure == nil else { return }
        do {
            try Posix.writeAll(fd, buffer, what: "terminal")
        } catch {
            failure = error
        }
    }
}
