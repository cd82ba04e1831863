import Glibc
import TickerCore
import TickerIO
import TickerPictures

/// What `tickerctl render --png/--gif` writes: the panel drawn as LEDs.
struct PictureRequest {
    var pngPath: String?
    var gifPath: String?
    /// The GIF's first and last instants.
    var from = Duration.zero
    var to: Duration?
    var framesPerSecond = 25
    /// Image pixels per LED.
    var pitch = 8
    /// The brightness the LEDs are drawn at, in percent (`--time-of-day`), or nil for full.
    var brightness: Int?

    var isEmpty: Bool { pngPath == nil && gifPath == nil }

    /// The instants of the GIF's pictures: `from`, then every 1/fps up to (not including) `to`.
    func gifInstants() throws(UsageError) -> [Duration] {
        let end = to ?? from + .seconds(10)
        guard end > from else {
            throw UsageError("option '--to': expected more than --from (\(from.decimalSeconds(fractionDigits: 6)))")
        }
        let count = Int(((end - from).inSeconds * Double(framesPerSecond)).rounded(.up))
        guard count <= 3_000 else {
            throw UsageError(
                "a GIF of \(count) pictures is too long (at most 3000: shorten --from/--to or lower --fps)")
        }
        // Each instant counted from `from`, not added up, so the last is as exact as the first.
        return (0..<count).map { from + .seconds($0) / framesPerSecond }
    }

    /// Writes the requested files: the PNG of the panel at `instant`, the GIF from `from` to `to`.
    func write(_ preview: Preview, at instant: Duration) throws(PictureError) {
        let board = LEDBoard(pitch: pitch)
        if let pngPath {
            let panel = lit(preview.pictures(at: [instant])[0])
            try save(try PNGEncoder.encode(board.draw(panel)), to: pngPath)
        }
        if let gifPath {
            let instants: [Duration]
            do { instants = try gifInstants() } catch { throw PictureError(error.description) }
            let pictures = preview.pictures(at: instants).map { board.draw(lit($0)) }
            let animation = IndexedAnimation(
                pictures: pictures, instants: instants.map(\.inSeconds), lastSeconds: 1 / Double(framesPerSecond))
            try save(try GIFEncoder.encode(animation), to: gifPath)
        }
    }

    /// `picture` at the requested brightness.
    private func lit(_ picture: RGBFrame) -> RGBFrame {
        brightness.map { Preview.dimmed(picture, percent: $0) } ?? picture
    }

    private func save(_ bytes: [UInt8], to path: String) throws(PictureError) {
        do {
            let fd = try Posix.open(path, O_WRONLY | O_CREAT | O_TRUNC, mode: 0o644)
            defer { Posix.close(fd) }
            try Posix.writeAll(fd, bytes, what: path)
        } catch {
            throw PictureError(error.description)
        }
    }
}
