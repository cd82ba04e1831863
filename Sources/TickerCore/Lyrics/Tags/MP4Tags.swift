/// iTunes-style MP4 metadata: `moov/udta/meta/ilst/©lyr/data` (and `©nam`, `©ART`, `©alb`). Boxes are a
/// 32-bit big-endian size (1: a 64-bit size follows; 0: to the end of the parent) and a four-byte type; `meta`
/// is a full box (four bytes of version and flags) except in QuickTime files, where `hdlr` follows at once; a
/// `data` box holds a type (1: UTF-8), a locale and the text.
enum MP4Tags {
    static func read(in source: some TagSource, limits: TagLimits) throws(TagError) -> MusicFileTags {
        var visited = 0
        guard let moov = try child("moov", in: 0..<source.count, source: source, visited: &visited, limits: limits),
            let udta = try child("udta", in: moov, source: source, visited: &visited, limits: limits),
            var meta = try child("meta", in: udta, source: source, visited: &visited, limits: limits)
        else { return MusicFileTags() }
        let peek = try source.exactly(8, at: meta.lowerBound, what: "MP4 meta box")
        if !peek[4..<8].elementsEqual("hdlr".utf8) { meta = meta.lowerBound + 4..<meta.upperBound }
        guard let ilst = try child("ilst", in: meta, source: source, visited: &visited, limits: limits) else {
            return MusicFileTags()
        }
        guard ilst.count <= limits.structureBytes else {
            throw .tooLarge(what: "MP4 ilst box", size: ilst.count, limit: limits.structureBytes)
        }
        /// The text of the item `name` (`©lyr`), if there is one.
        func text(_ name: String) throws(TagError) -> String? {
            guard
                let item = try child(
                    [0xA9] + Array(name.utf8), in: ilst, source: source, visited: &visited, limits: limits),
                let data = try child("data", in: item, source: source, visited: &visited, limits: limits),
                data.count >= 8, data.count - 8 <= limits.fieldBytes
            else { return nil }
            let bytes = try source.exactly(data.count, at: data.lowerBound, what: "MP4 data box")
            // Type 1 is UTF-8 text; others (UTF-16 is type 2) are rare.
            let type = bytes[1..<4].reduce(0) { $0 << 8 | Int($1) }
            return type == 2 ? TagText.utf16(bytes[8...], bigEndianByDefault: true) : TagText.utf8(bytes[8...])
        }
        var found = MusicFileTags()
        if let lyrics = try text("lyr") { found.lyrics.add(lyrics, syncedByName: false) }
        if let title = try text("nam") { found.add(title, as: \.title) }
        if let artist = try text("ART") { found.add(artist, as: \.artist) }
        if let album = try text("alb") { found.add(album, as: \.album) }
        return found
    }

    private static func child(
        _ type: String, in parent: Range<Int>, source: some TagSource, visited: inout Int, limits: TagLimits
    ) throws(TagError) -> Range<Int>? {
        try child(Array(type.utf8), in: parent, source: source, visited: &visited, limits: limits)
    }

    /// The payload range of the first box of `type` directly inside `parent`.
    private static func child(
        _ type: [UInt8], in parent: Range<Int>, source: some TagSource, visited: inout Int, limits: TagLimits
    ) throws(TagError) -> Range<Int>? {
        var offset = parent.lowerBound
        while offset + 8 <= parent.upperBound {
            visited += 1
            guard visited <= limits.items else {
                throw .tooLarge(what: "MP4 box count", size: visited, limit: limits.items)
            }
            let header = try source.exactly(8, at: offset, what: "MP4 box header")
            var size = header[0..<4].reduce(0) { $0 << 8 | Int($1) }
            var headerSize = 8
            if size == 1 {
                let large = try source.exactly(8, at: offset + 8, what: "MP4 box size")
                guard large[0] & 0x80 == 0 else { throw .malformed(what: "MP4 box size", offset: offset) }
                size = large.reduce(0) { $0 << 8 | Int($1) }
                headerSize = 16
            } else if size == 0 {
                size = parent.upperBound - offset
            }
            guard size >= headerSize, size <= parent.upperBound - offset else {
                throw .truncated(what: "MP4 box '\(TagText.latin1(header[4..<8]))'", offset: offset)
            }
            if header[4..<8].elementsEqual(type) { return offset + headerSize..<offset + size }
            offset += size
        }
        return nil
    }
}
