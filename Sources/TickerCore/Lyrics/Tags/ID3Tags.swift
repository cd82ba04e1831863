/// ID3v2.2, 2.3 and 2.4 tags: the lyrics frames `USLT` (unsynchronised) and `SYLT` (synchronised, binary),
/// `ULT` and `SLT` in 2.2, and the text frames of the title, artist and album. Handles unsynchronisation
/// (whole tag in 2.3, per frame in 2.4), extended headers, data-length indicators and grouping bytes;
/// compressed and encrypted frames are skipped.
enum ID3Tags {
    /// The size of the tag at `start` (header, frames, padding and footer), and what it holds.
    static func read(in source: some TagSource, at start: Int, limits: TagLimits) throws(TagError)
        -> (size: Int, tags: MusicFileTags)
    {
        let header = try source.exactly(10, at: start, what: "ID3v2 header")
        let version = header[3]
        let flags = header[5]
        guard (2...4).contains(version), header[6..<10].allSatisfy({ $0 < 0x80 }) else {
            throw .malformed(what: "ID3v2 header", offset: start)
        }
        let size = syncsafe(header[6..<10])
        let total = 10 + size + (version == 4 && flags & 0x10 != 0 ? 10 : 0)
        guard size <= limits.structureBytes else {
            throw .tooLarge(what: "ID3v2 tag", size: size, limit: limits.structureBytes)
        }
        var body = try source.exactly(size, at: start + 10, what: "ID3v2 tag")
        let unsynchronised = flags & 0x80 != 0
        if unsynchronised, version < 4 { body = resynchronise(body[...]) }
        var reader = TagBytes(body, base: start + 10, what: "ID3v2 tag")
        if flags & 0x40 != 0, version >= 3 {
            // 2.3: the size excludes its own four bytes; 2.4: a syncsafe size that includes them.
            let extended = version == 3 ? try reader.uint32BigEndian() : syncsafe(try reader.take(4)) - 4
            try reader.skip(extended)
        }
        var found = MusicFileTags()
        var synced: [String] = []
        for _ in 0..<limits.items {
            let idLength = version == 2 ? 3 : 4
            guard reader.remaining >= (version == 2 ? 6 : 10) else { break }
            let frameStart = reader.base + reader.position
            let id = Array(try reader.take(idLength))
            // Padding: the frames are over.
            if id.first == 0 { break }
            guard id.allSatisfy({ (0x30...0x39).contains($0) || (0x41...0x5A).contains($0) }) else {
                throw .malformed(what: "ID3v2 frame id", offset: frameStart)
            }
            let frameSize: Int
            var formatFlags: UInt8 = 0
            if version == 2 {
                frameSize = try reader.take(3).reduce(0) { $0 << 8 | Int($1) }
            } else {
                let raw = try reader.take(4)
                frameSize = version == 4 ? syncsafe(raw) : raw.reduce(0) { $0 << 8 | Int($1) }
                formatFlags = try reader.take(2).last ?? 0
            }
            var frame = TagBytes(Array(try reader.take(frameSize)), base: frameStart, what: "ID3v2 frame")
            let name = TagText.latin1(id)
            let field = textField(name)
            guard field != nil || ["USLT", "SYLT", "ULT", "SLT"].contains(name), frameSize <= limits.fieldBytes
            else { continue }
            if version == 3 {
                // Compressed or encrypted: not read.
                if formatFlags & 0xC0 != 0 { continue }
                if formatFlags & 0x20 != 0 { try frame.skip(1) }
            } else if version == 4 {
                if formatFlags & 0x0C != 0 { continue }
                if formatFlags & 0x40 != 0 { try frame.skip(1) }
                if formatFlags & 0x01 != 0 { try frame.skip(4) }
                if formatFlags & 0x02 != 0 || unsynchronised {
                    frame = TagBytes(resynchronise(frame.rest()), base: frameStart, what: "ID3v2 frame")
                }
            }
            if let field {
                // An encoding, then the text (in 2.4, the first of several values).
                let encoding = try frame.byte()
                found.add(try terminated(&frame, encoding: encoding), as: field)
            } else if name == "USLT" || name == "ULT" {
                found.lyrics.add(try unsynchronisedText(&frame), syncedByName: false)
            } else if let text = try synchronisedText(&frame) {
                synced.append(text)
            }
        }
        for text in synced { found.lyrics.add(text, syncedByName: true) }
        return (total, found)
    }

    /// What the text frame `name` holds, for those read (2.3 and 2.4, then 2.2).
    private static func textField(_ name: String) -> WritableKeyPath<MusicFileTags, String?>? {
        switch name {
        case "TIT2", "TT2": \.title
        case "TPE1", "TP1": \.artist
        case "TALB", "TAL": \.album
        default: nil
        }
    }

    /// A 28-bit integer stored 7 bits a byte.
    static func syncsafe(_ bytes: ArraySlice<UInt8>) -> Int { bytes.reduce(0) { $0 << 7 | Int($1 & 0x7F) } }

    /// Undoes unsynchronisation: every `FF 00` becomes `FF`.
    static func resynchronise(_ bytes: ArraySlice<UInt8>) -> [UInt8] {
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count)
        var previous: UInt8 = 0
        for byte in bytes {
            if !(previous == 0xFF && byte == 0x00) { result.append(byte) }
            previous = byte
        }
        return result
    }

    /// `USLT`: encoding, language, a terminated descriptor, then the text.
    private static func unsynchronisedText(_ frame: inout TagBytes) throws(TagError) -> String {
        let encoding = try frame.byte()
        try frame.skip(3)
        _ = try terminated(&frame, encoding: encoding)
        return decode(frame.rest(), encoding: encoding)
    }

    /// `SYLT`: encoding, language, time format (2: milliseconds; 1, MPEG frames, cannot be placed without the
    /// audio), content type, a terminated descriptor, then terminated texts each followed by a 32-bit
    /// big-endian time. A text starting with a line break starts a new line; several texts on one line are
    /// its words, written as enhanced LRC. When no text starts with a line break, each text is a line: that is
    /// how most taggers write a frame (mutagen's own example, the LRC-to-SYLT converters).
    private static func synchronisedText(_ frame: inout TagBytes) throws(TagError) -> String? {
        let encoding = try frame.byte()
        try frame.skip(3)
        guard try frame.byte() == 2 else { return nil }
        try frame.skip(1)
        _ = try terminated(&frame, encoding: encoding)
        var texts: [(text: String, time: Int, startsLine: Bool)] = []
        while !frame.isAtEnd {
            let text = try terminated(&frame, encoding: encoding)
            let time = try frame.uint32BigEndian()
            let startsLine = text.hasPrefix("\n") || text.hasPrefix("\r")
            texts.append((String(text.unicodeScalars.filter { $0 != "\n" && $0 != "\r" }), time, startsLine))
        }
        let marksLines = texts.contains { $0.startsLine }
        var lines: [[(text: String, time: Int)]] = []
        for text in texts {
            if text.startsLine || !marksLines || lines.isEmpty { lines.append([]) }
            lines[lines.count - 1].append((text.text, text.time))
        }
        let lrc = lines.compactMap { words -> String? in
            guard let first = words.first else { return nil }
            let start = "[" + Lyrics.stamp(.milliseconds(first.time)) + "]"
            if words.count == 1 { return start + first.text.trimmingWhitespace }
            return start + words.map { "<" + Lyrics.stamp(.milliseconds($0.time)) + ">" + $0.text }.joined()
        }
        return lrc.isEmpty ? nil : lrc.joined(separator: "\n")
    }

    /// A string up to its terminator (one zero byte, or two at an even offset for UTF-16), which is consumed.
    private static func terminated(_ frame: inout TagBytes, encoding: UInt8) throws(TagError) -> String {
        let wide = encoding == 1 || encoding == 2
        let rest = frame.bytes[frame.position...]
        var end = rest.startIndex
        while end < rest.endIndex {
            if wide {
                if end + 1 < rest.endIndex, rest[end] == 0, rest[end + 1] == 0 { break }
                end += 2
            } else {
                if rest[end] == 0 { break }
                end += 1
            }
        }
        let text = rest[rest.startIndex..<min(end, rest.endIndex)]
        try frame.skip(min(end, rest.endIndex) - rest.startIndex)
        if !frame.isAtEnd { try frame.skip(wide ? min(2, frame.remaining) : 1) }
        return decode(text, encoding: encoding)
    }

    private static func decode(_ bytes: ArraySlice<UInt8>, encoding: UInt8) -> String {
        switch encoding {
        case 1: TagText.utf16(bytes)
        case 2: TagText.utf16(bytes, bigEndianByDefault: true)
        case 3: TagText.utf8(bytes)
        default: TagText.latin1(bytes)
        }
    }
}
