import Foundation
import Testing

/// Every fuzz harness (Fuzz/NAME.swift) run once over each input of its corpus (Fuzz/corpus/NAME/), so that an
/// input that once failed stays fixed. The gate runs this under AddressSanitizer, as libFuzzer would replay the
/// corpus; `scripts/fuzz` builds the same harnesses into libFuzzer binaries to find new inputs. A failed check
/// ends the run in the harness's `fatalError`, which says what failed; `scripts/fuzz replay NAME` names the input.
@Suite struct CorpusReplayTests {
    typealias Harness = @Sendable (UnsafePointer<UInt8>, Int) -> Int32

    /// The harnesses by file name.
    static let harnesses: [String: Harness] = [
        "avahi": fuzzAvahi, "awtrix": fuzzAwtrix, "bdf": fuzzBdf, "config": fuzzConfig, "cover": fuzzCover,
        "device": fuzzDevice,
        "feed": fuzzFeed, "kept": fuzzKept, "leds": fuzzLeds, "librespot": fuzzLibrespot, "lms": fuzzLms,
        "lrc": fuzzLrc, "mpd": fuzzMpd, "mpris": fuzzMpris, "mqtt": fuzzMqtt, "network": fuzzNetwork,
        "panel-decoder": fuzzPanelDecoder, "shairport": fuzzShairport, "shaping": fuzzShaping, "tags": fuzzTags,
        "text": fuzzText, "view": fuzzView, "web": fuzzWeb,
    ]

    /// The inputs libFuzzer gives a harness are at most this long (`scripts/fuzz` passes `-max_len=2048`), and
    /// so are the inputs replayed here: a longer file is cut, as libFuzzer cuts it.
    static let maxLength = 2048

    static let fuzzFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()

    static func files(in folder: URL) throws -> [URL] {
        try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)
            .sorted { $0.lastPathComponent < $1.lastPathComponent }
    }

    @Test func everyHarnessIsReplayed() throws {
        let names = try Self.files(in: Self.fuzzFolder).filter { $0.pathExtension == "swift" }
            .map { $0.deletingPathExtension().lastPathComponent }
        #expect(names == Self.harnesses.keys.sorted())
    }

    @Test(arguments: harnesses.keys.sorted())
    func corpusReplaysClean(_ name: String) throws {
        let harness = try #require(Self.harnesses[name])
        let inputs = try Self.files(in: Self.fuzzFolder.appendingPathComponent("corpus/\(name)"))
        #expect(!inputs.isEmpty, "Fuzz/corpus/\(name) holds no inputs")
        for input in inputs {
            let bytes = Array(try Data(contentsOf: input).prefix(Self.maxLength))
            // A buffer of the input's exact size, as libFuzzer gives, so that AddressSanitizer sees a read past it.
            let copy = UnsafeMutablePointer<UInt8>.allocate(capacity: max(bytes.count, 1))
            defer { copy.deallocate() }
            copy.initialize(from: bytes, count: bytes.count)
            let status = harness(copy, bytes.count)
            #expect(status == 0, "\(name): \(input.lastPathComponent)")
        }
    }
}
