/// Reads the lyrics stored in a music file's tags, and the track's title, artist and album: Vorbis comments in
/// FLAC and Ogg (Vorbis, Opus), ID3v2 frames (in MP3, and in front of other formats), MP4/M4A items. Every
/// structure is bounds-checked against the file and `limits`; a hostile file gives a `TagError`, never a
/// crash, and no read larger than the limits.
public enum MusicTags {
    /// The lyrics in the file behind `source`; empty when it has tags but no lyrics.
    public static func lyrics(in source: some TagSource, limits: TagLimits = TagLimits()) throws(TagError)
        -> EmbeddedLyrics
    {
        try read(in: source, limits: limits).lyrics
    }

    /// The lyrics, title, artist and album in the file behind `source`.
    public static func read(in source: some TagSource, limits: TagLimits = TagLimits()) throws(TagError)
        -> MusicFileTags
    {
        var offset = 0
        var found = MusicFileTags()
        // ID3v2 tags may stand in front of any format (and several in a row, after a careless re-tag).
        var tags = 0
        while tags < 4, let signature = source.bytes(at: offset, count: 3), signature.elementsEqual("ID3".utf8) {
            let (size, tag) = try ID3Tags.read(in: source, at: offset, limits: limits)
            found.merge(tag)
            offset += size
            tags += 1
        }
        guard let head = source.bytes(at: offset, count: 8), head.count == 8 else {
            if tags > 0 { return found }
            throw .unknownFormat
        }
        if head[0..<4].elementsEqual("fLaC".utf8) {
            found.merge(try FLACTags.read(in: source, at: offset, limits: limits))
        } else if head[0..<4].elementsEqual("OggS".utf8) {
            found.merge(try OggTags.read(in: source, at: offset, limits: limits))
        } else if offset == 0, head[4..<8].elementsEqual("ftyp".utf8) {
            found.merge(try MP4Tags.read(in: source, limits: limits))
        } else if tags == 0 {
            throw .unknownFormat
        }
        return found
    }
}
