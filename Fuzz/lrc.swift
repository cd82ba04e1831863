// fuzz-module: TickerCore TickerWire
// Feeds arbitrary bytes to the LRC parser and checks what every caller relies on: lines in time order,
// words inside their line in time and in text, the sweep inside the line and done by the line's sungEnd, the
// song's pace within its bounds, and encode/parse giving back the same lines.

@testable import TickerCore
@testable import TickerWire

func fuzzLrc(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    let lyrics = Lyrics.parse(text)
    check(lyrics.pace >= LyricsPace.fastest && lyrics.pace <= LyricsPace.slowest, "pace out of bounds")
    var previous = Duration.zero
    for line in lyrics.lines {
        check(line.start >= previous && line.end >= line.start, "line times out of order")
        check(line.sungEnd >= line.start && line.sungEnd <= line.end, "sung end outside the line")
        previous = line.start
        let length = line.text.unicodeScalars.count
        var wordStart = line.start
        for word in line.words {
            check(word.start >= wordStart && word.end >= word.start && word.end <= line.end, "word time")
            check(word.scalarRange.lowerBound >= 0 && word.scalarRange.upperBound <= length, "word range")
            wordStart = word.start
        }
        let spans = line.words.map { ($0.scalarRange.lowerBound * 6)..<($0.scalarRange.upperBound * 6) }
        for step in 0...8 {
            let time = line.start + (line.end - line.start) * step / 8
            let pixels = line.sweepPixels(at: time, wordSpans: spans, lineWidth: length * 6)
            check(pixels >= 0 && pixels <= Double(length * 6), "sweep outside the line")
            let progress = line.progress(at: time)
            check(progress >= 0 && progress <= 1, "progress outside 0...1")
        }
        if line.words.isEmpty, line.sungEnd > line.start {
            let pixels = line.sweepPixels(at: line.sungEnd, wordSpans: spans, lineWidth: length * 6)
            check(pixels == Double(length * 6), "line not lit by its sung end")
        }
        _ = lyrics.line(at: line.start)
    }
    let again = Lyrics.parse(Lyrics.encode(lyrics))
    check(again.lines == lyrics.lines, "encode/parse changed the lines")
    return 0
}

private func check(_ condition: Bool, _ what: String) {
    if !condition { fatalError(what) }
}
