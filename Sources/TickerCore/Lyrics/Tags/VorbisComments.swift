/// The Vorbis comment block shared by FLAC (`VORBIS_COMMENT` metadata) and Ogg Vorbis and Opus (the comment
/// header): a vendor string and `NAME=value` fields, lengths as 32-bit little-endian integers.
enum VorbisComments {
    /// The lyrics among the fields (`SYNCEDLYRICS`, `LYRICS`, `UNSYNCEDLYRICS`), and `TITLE`, `ARTIST` and
    /// `ALBUM` (names in any case).
    static func read(in bytes: [UInt8], base: Int, limits: TagLimits) throws(TagError) -> MusicFileTags {
        var reader = TagBytes(bytes, base: base, what: "Vorbis comment block")
        try reader.skip(try reader.uint32LittleEndian())
        let count = try reader.uint32LittleEndian()
        guard count <= limits.items else {
            throw .tooLarge(what: "Vorbis comment count", size: count, limit: limits.items)
        }
        var found = MusicFileTags()
        var synced: [String] = []
        var other: [String] = []
        for _ in 0..<count {
            let length = try reader.uint32LittleEndian()
            let field = try reader.take(length)
            guard length <= limits.fieldBytes, let equals = field.firstIndex(of: UInt8(ascii: "=")) else { continue }
            let value = TagText.utf8(field[(equals + 1)...])
            switch TagText.utf8(field[..<equals]).uppercased() {
            case "SYNCEDLYRICS": synced.append(value)
            case "LYRICS", "UNSYNCEDLYRICS", "UNSYNCED LYRICS": other.append(value)
            case "TITLE": found.add(value, as: \.title)
            case "ARTIST": found.add(value, as: \.artist)
            case "ALBUM": found.add(value, as: \.album)
            default: break
            }
        }
        for text in synced { found.lyrics.add(text, syncedByName: true) }
        for text in other { found.lyrics.add(text, syncedByName: false) }
        return found
    }
}
