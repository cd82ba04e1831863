/// The comment header of an Ogg Vorbis or Opus stream: the second packet of the first logical stream,
/// reassembled from pages (`OggS`, a segment table of lacing values) and read as Vorbis comments after its
/// signature (`\u{3}vorbis` or `OpusTags`).
enum OggTags {
    static func read(in source: some TagSource, at start: Int, limits: TagLimits) throws(TagError) -> MusicFileTags {
        var offset = start
        var serial: [UInt8]?
        var packets = 0
        var packet: [UInt8] = []
        for _ in 0..<limits.items {
            let header = try source.exactly(27, at: offset, what: "Ogg page header")
            guard header[0..<4].elementsEqual("OggS".utf8), header[4] == 0 else {
                throw .malformed(what: "Ogg page", offset: offset)
            }
            let segments = Int(header[26])
            let table = try source.exactly(segments, at: offset + 27, what: "Ogg segment table")
            let bodySize = table.reduce(0) { $0 + Int($1) }
            let body = try source.exactly(bodySize, at: offset + 27 + segments, what: "Ogg page body")
            let pageSerial = Array(header[14..<18])
            if serial == nil { serial = pageSerial }
            if pageSerial == serial {
                var cursor = 0
                for lacing in table {
                    packet += body[cursor..<cursor + Int(lacing)]
                    cursor += Int(lacing)
                    guard packet.count <= limits.structureBytes else {
                        throw .tooLarge(what: "Ogg comment packet", size: packet.count, limit: limits.structureBytes)
                    }
                    // A lacing value below 255 ends the packet.
                    guard lacing < 255 else { continue }
                    packets += 1
                    if packets == 2 { return try comments(in: packet, at: offset, limits: limits) }
                    packet.removeAll(keepingCapacity: true)
                }
            }
            offset += 27 + segments + bodySize
        }
        return MusicFileTags()
    }

    private static func comments(in packet: [UInt8], at offset: Int, limits: TagLimits) throws(TagError)
        -> MusicFileTags
    {
        let vorbis: [UInt8] = [3] + Array("vorbis".utf8)
        let opus = Array("OpusTags".utf8)
        if packet.starts(with: vorbis) {
            return try VorbisComments.read(in: Array(packet.dropFirst(vorbis.count)), base: offset, limits: limits)
        }
        if packet.starts(with: opus) {
            return try VorbisComments.read(in: Array(packet.dropFirst(opus.count)), base: offset, limits: limits)
        }
        // Other codecs in Ogg (FLAC, Speex, Theora) keep their comments elsewhere; nothing is found.
        return MusicFileTags()
    }
}
