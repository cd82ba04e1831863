/// FLAC's metadata blocks after the `fLaC` signature: a header byte (last-block flag, type) and a 24-bit
/// big-endian length; type 4 is the Vorbis comment block.
enum FLACTags {
    static func read(in source: some TagSource, at start: Int, limits: TagLimits) throws(TagError) -> MusicFileTags {
        var offset = start + 4
        var found = MusicFileTags()
        for _ in 0..<limits.items {
            let header = try source.exactly(4, at: offset, what: "FLAC metadata block header")
            let last = header[0] & 0x80 != 0
            let type = header[0] & 0x7F
            let length = Int(header[1]) << 16 | Int(header[2]) << 8 | Int(header[3])
            if type == 127 { throw .malformed(what: "FLAC metadata block type", offset: offset) }
            if type == 4 {
                guard length <= limits.structureBytes else {
                    throw .tooLarge(what: "FLAC comment block", size: length, limit: limits.structureBytes)
                }
                let block = try source.exactly(length, at: offset + 4, what: "FLAC comment block")
                found.merge(try VorbisComments.read(in: block, base: offset + 4, limits: limits))
            }
            offset += 4 + length
            if last { break }
        }
        return found
    }
}
