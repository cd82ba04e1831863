import Foundation
import TickerCore
import TickerPictures

/// What a follower spends on a cover: a 1000 × 1000 picture made here (smooth shading, a disc and a
/// little noise, as a photograph has), as a baseline JPEG, a progressive JPEG (libjpeg's standard script) and
/// a PNG, decoded and scaled to a 32 and a 64 pixel box by `CoverImage.picture`; the median of 15 runs each.
func coverDecodeFigures() {
    line("")
    line("Cover decoding and scaling (CoverImage.picture: decode, middle square, area average in linear light),")
    line("a 1000×1000 picture, median of 15 runs")
    line("file                bytes     side  decoded at  ms")
    let picture = benchCover(side: 1000)
    let files: [(String, [UInt8]?)] = [
        ("JPEG baseline", try? JPEGEncoder.encode(picture, quality: 90)),
        ("JPEG progressive", try? JPEGEncoder.encode(picture, quality: 90, options: .progressive)),
        ("PNG", try? PNGEncoder.encode(picture)),
    ]
    for (name, file) in files {
        guard let file else {
            line(pad(name, 20) + "could not be made")
            continue
        }
        for side in [32, 64] {
            var scale = "1/1"
            if file.first == 0xFF,
                let output = try? JPEGDecoder(
                    file, maxScans: CoverImage.maxScans, maxMemory: CoverImage.maxDecodingMemory
                ).start(minSide: side)
            {
                scale = "1/\(output.denominator)"
            }
            var times: [UInt64] = []
            var failed = false
            for _ in 0..<15 {
                let start = nanoseconds()
                let cover = try? CoverImage.picture(file: file, side: side)
                times.append(nanoseconds() - start)
                if cover == nil { failed = true }
            }
            let median = times.sorted()[times.count / 2]
            line(
                pad(name, 20) + pad(String(file.count), 10) + pad(String(side), 6) + pad(scale, 12)
                    + (failed ? "failed" : String(format: "%.2f", Double(median) / 1e6)))
        }
    }
}

/// A `side` × `side` picture with a photograph's mix of smooth shading, edges and fine noise.
private func benchCover(side: Int) -> RGBFrame {
    var picture = RGBFrame(width: side, height: side)
    var noise: UInt32 = 12_345
    for y in 0..<side {
        for x in 0..<side {
            noise = noise &* 1_664_525 &+ 1_013_904_223
            let grain = Int(noise >> 28) - 8
            let (dx, dy) = (x - side / 3, y - side / 2)
            let inDisc = dx * dx + dy * dy < side * side / 16
            let red = inDisc ? 220 : x * 255 / side
            let green = inDisc ? 60 + y * 100 / side : y * 200 / side
            let blue = (x + y) * 127 / side
            picture[x, y] = RGB(
                red: UInt8(clamping: red + grain), green: UInt8(clamping: green + grain),
                blue: UInt8(clamping: blue + grain))
        }
    }
    return picture
}
