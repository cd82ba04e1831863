// fuzz-module: TickerCore TickerWire
// Feeds arbitrary bytes to the music-tag readers as a whole file: ID3v2 (every version, unsynchronised or
// not), FLAC, Ogg and MP4. Every input gives lyrics (and a title, artist, album) or an error, never a crash;
// synced lyrics always have a line time; nothing found is empty; a file read through a source that hands out
// short reads gives the same answer.

@testable import TickerCore
@testable import TickerWire

/// A source that returns at most `chunk` bytes a call, as a slow or cut-short file would.
private struct ChoppySource: TagSource {
    let contents: [UInt8]
    let chunk: Int
    var count: Int { contents.count }
    func bytes(at offset: Int, count: Int) -> [UInt8]? {
        guard offset >= 0, count >= 0, offset <= contents.count else { return nil }
        return Array(contents[offset..<min(offset + min(count, chunk), contents.count)])
    }
}

func fuzzTags(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    var limits = TagLimits()
    limits.structureBytes = 4_096
    limits.fieldBytes = 1_024
    limits.items = 64
    let whole = Result { () throws(TagError) -> EmbeddedLyrics in
        let found = try MusicTags.read(in: InMemoryTagSource(bytes), limits: limits)
        for field in [found.title, found.artist, found.album] where field?.isEmpty == true {
            fatalError("an empty title, artist or album reported as found")
        }
        return found.lyrics
    }
    if case .success(let found) = whole {
        if let synced = found.synced, !EmbeddedLyrics.looksTimed(synced) {
            fatalError("synced lyrics without times: \(synced)")
        }
        if found.plain?.isEmpty == true || found.synced?.isEmpty == true {
            fatalError("empty lyrics reported as found")
        }
    }
    if case .failure(let error) = whole, error.description.isEmpty { fatalError("an error without a message") }
    // Short reads make the readers see a file that ends early: an answer or an error, never a crash.
    _ = Result { () throws(TagError) -> MusicFileTags in
        try MusicTags.read(in: ChoppySource(contents: bytes, chunk: 7), limits: limits)
    }
    return 0
}
