// The `picture` commands: `picture begin NAME WxH`, `picture end`, `picture remove NAME`, and a whole picture
// block written back as its lines.

extension FeedCommand {
    /// Reads the argument of `picture`.
    static func picture(_ argument: ArraySlice<Unicode.Scalar>) throws(FeedError) -> FeedCommand {
        let words = argument.split(whereSeparator: FeedScan.isSpace).map { FeedScan.string($0) }
        switch words.first {
        case nil:
            throw .missingArgument(command: "picture", example: "picture begin doorbell 8x8")
        case "begin":
            guard words.count == 3 else {
                throw .missingArgument(command: "picture begin", example: "picture begin doorbell 8x8")
            }
            guard FeedPicture.isName(words[1]) else { throw .picture(.badName(Excerpt.of(words[1].unicodeScalars))) }
            guard let (width, height) = size(words[2]) else {
                throw .picture(.badSize(Excerpt.of(words[2].unicodeScalars)))
            }
            return .pictureBegin(name: words[1], width: width, height: height)
        case "end":
            guard words.count == 1 else {
                throw .unexpectedArgument(command: "picture end", argument: Excerpt.of(argument))
            }
            return .pictureEnd
        case "remove":
            guard words.count == 2 else {
                throw .missingArgument(command: "picture remove", example: "picture remove doorbell")
            }
            guard FeedPicture.isName(words[1]) else { throw .picture(.badName(Excerpt.of(words[1].unicodeScalars))) }
            return .pictureRemove(words[1])
        case let other?:
            throw .picture(.unknownAction(Excerpt.of(other.unicodeScalars)))
        }
    }

    /// `WIDTHxHEIGHT`, each 1 to `FeedPicture.maxSide` without leading zeros.
    private static func size(_ text: String) -> (Int, Int)? {
        let parts = text.split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2 else { return nil }
        let sides = parts.compactMap { part -> Int? in
            guard (1...2).contains(part.utf8.count), part.first != "0", let value = Int(part) else { return nil }
            return (1...FeedPicture.maxSide).contains(value) ? value : nil
        }
        return sides.count == 2 ? (sides[0], sides[1]) : nil
    }

    /// A picture as its block: `picture begin`, for an animated one `frame SECONDS` before each frame's rows,
    /// the rows in lower-case hex, `picture end`, joined by newlines.
    static func encode(_ picture: FeedPicture) -> String {
        let digits = Array("0123456789abcdef".unicodeScalars)
        var lines = ["picture begin \(picture.name) \(picture.width)x\(picture.height)"]
        let rowBytes = picture.width * 3
        for frame in picture.frames {
            if picture.isAnimated { lines.append("frame \(FeedScan.seconds(frame.delay))") }
            for row in 0..<picture.height {
                var line = String.UnicodeScalarView()
                let start = row * rowBytes
                for byte in frame.pixels[start..<min(start + rowBytes, frame.pixels.count)] {
                    line.append(digits[Int(byte >> 4)])
                    line.append(digits[Int(byte & 15)])
                }
                lines.append(String(line))
            }
        }
        lines.append("picture end")
        return lines.joined(separator: "\n")
    }
}
