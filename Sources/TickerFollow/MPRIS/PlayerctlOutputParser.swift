/// What one record of `playerctl --follow metadata --format PlayerctlOutputParser.format` says, as text
/// exactly as the player published it (nothing trimmed or checked yet).
package struct PlayerctlRecord: Equatable, Sendable {
    /// The player, as playerctl names its instance (`mpv`, `vlc`, `chromium.instance1234`).
    package var player = ""
    /// `Playing`, `Paused` or `Stopped` (anything else is treated as stopped).
    package var status: String
    /// The playback position in microseconds, as digits.
    package var position = ""
    /// `mpris:length`: the track's length in microseconds, as digits; empty when unknown.
    package var length = ""
    /// `xesam:url`: where the track lives (`file:///…`, `https://…`); empty when unknown.
    package var url = ""
    /// `xesam:title`.
    package var title = ""
    /// `xesam:artist`; playerctl joins several artists with `, `.
    package var artist = ""
    /// `xesam:album`.
    package var album = ""
    /// `mpris:artUrl`: where the album cover is (`file:///…`, `https://…`); empty when unknown.
    package var artURL = ""
}

/// One thing playerctl reported.
package enum PlayerctlReport: Equatable, Sendable {
    /// The followed player's state.
    case player(PlayerctlRecord)
    /// No player is left (playerctl prints an empty line when the last one goes away).
    case noPlayer
}

/// An incremental parser of playerctl's `--follow` output in the format `PlayerctlOutputParser.format`.
///
/// Each record is framed: it starts with GS (0x1D), its fields are separated by US (0x1F) and it ends with
/// RS (0x1E) just before playerctl's newline. The framing, not the newline, delimits a record, because a
/// title may itself hold newlines. Hostile-input safe: bytes outside a frame are ignored, a record with the
/// wrong number of fields or larger than `maxRecordBytes` is dropped and counted, and the parser never
/// holds more than `maxRecordBytes` bytes. Invalid UTF-8 becomes U+FFFD.
package struct PlayerctlOutputParser: Sendable {
    /// The `--format` argument that produces what this parser reads.
    package static let format =
        "\u{1D}{{playerInstance}}\u{1F}{{status}}\u{1F}{{position}}\u{1F}{{mpris:length}}\u{1F}{{xesam:url}}\u{1F}{{xesam:title}}"
        + "\u{1F}{{xesam:artist}}\u{1F}{{xesam:album}}\u{1F}{{mpris:artUrl}}\u{1E}"

    private static let start: UInt8 = 0x1D
    private static let separator: UInt8 = 0x1F
    private static let end: UInt8 = 0x1E
    private static let newline: UInt8 = 0x0A
    /// The fields of a record; the last (`mpris:artUrl`) may be missing, as in records of an earlier format.
    private static let fieldCount = 9

    private enum State {
        /// Between records; `lineIsEmpty` while nothing but the newline has come since the last line ended.
        case outside(lineIsEmpty: Bool)
        /// Inside a frame, collecting its bytes.
        case inside
        /// Inside a frame that grew too large; skipping to its end.
        case skipping
        /// Just after a frame's end, where playerctl's newline belongs.
        case afterRecord
    }

    /// The largest record kept, in bytes; larger ones are dropped.
    package let maxRecordBytes: Int
    /// Records dropped so far (too large, truncated, wrong number of fields).
    package private(set) var droppedRecords = 0

    private var state = State.outside(lineIsEmpty: true)
    private var record: [UInt8] = []
    private var ready: [PlayerctlReport] = []

    /// A parser that keeps records of up to `maxRecordBytes` bytes.
    package init(maxRecordBytes: Int = 16 * 1024) {
        self.maxRecordBytes = max(maxRecordBytes, 64)
    }

    /// Takes in bytes as they arrive, in any chunks.
    package mutating func append<Bytes: Sequence>(_ bytes: Bytes) where Bytes.Element == UInt8 {
        for byte in bytes { push(byte) }
    }

    /// The next complete report, or `nil` until more bytes arrive.
    package mutating func next() -> PlayerctlReport? {
        ready.isEmpty ? nil : ready.removeFirst()
    }

    private mutating func push(_ byte: UInt8) {
        switch state {
        case .outside(let lineIsEmpty):
            if byte == Self.start {
                beginRecord()
            } else if byte == Self.newline {
                if lineIsEmpty { ready.append(.noPlayer) }
                state = .outside(lineIsEmpty: true)
            } else {
                state = .outside(lineIsEmpty: false)
            }
        case .inside:
            if byte == Self.end {
                finishRecord()
            } else if byte == Self.start {
                // The previous frame never ended: playerctl was cut off mid-record.
                droppedRecords += 1
                beginRecord()
            } else if record.count >= maxRecordBytes {
                droppedRecords += 1
                record = []
                state = .skipping
            } else {
                record.append(byte)
            }
        case .skipping:
            if byte == Self.end {
                state = .afterRecord
            } else if byte == Self.start {
                beginRecord()
            }
        case .afterRecord:
            if byte == Self.newline {
                state = .outside(lineIsEmpty: true)
            } else if byte == Self.start {
                beginRecord()
            } else {
                state = .outside(lineIsEmpty: false)
            }
        }
    }

    private mutating func beginRecord() {
        record.removeAll(keepingCapacity: true)
        state = .inside
    }

    private mutating func finishRecord() {
        state = .afterRecord
        let fields = record.split(separator: Self.separator, omittingEmptySubsequences: false)
        record.removeAll(keepingCapacity: true)
        guard fields.count == Self.fieldCount || fields.count == Self.fieldCount - 1 else {
            droppedRecords += 1
            return
        }
        let text = fields.map { String(decoding: $0, as: UTF8.self) }
        ready.append(
            .player(
                PlayerctlRecord(
                    player: text[0], status: text[1], position: text[2], length: text[3], url: text[4],
                    title: text[5], artist: text[6], album: text[7], artURL: text.count > 8 ? text[8] : "")))
    }
}
