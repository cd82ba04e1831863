import Foundation
import TickerCore
import TickerIO
import TickerPictures

/// Why a cover could not be had, as a sentence naming the cover.
package struct CoverError: Error, Equatable, Sendable, CustomStringConvertible {
    package let description: String
    /// Whether asking again later may give the cover (a server that did not answer, or answered 5xx).
    package let isTransient: Bool

    init(_ description: String, transient: Bool = false) {
        self.description = description
        isTransient = transient
    }
}

/// The blocking part of the covers: reads a cover file (a regular file, or an HTTP answer, at most
/// `CoverImage.maxFileBytes`) and makes it the feed's cover picture. Call it from a worker thread or a
/// process of its own, never from a follower's loop.
package struct CoverLoader: Sendable {
    /// The side and the HTTP timeouts.
    package var settings: CoverSettings

    /// Sent as `User-Agent` with every request.
    static let userAgent = "tickerd/\(TickerVersion.current) (LED-matrix ticker; cover follower)"

    /// A loader with `settings`.
    package init(settings: CoverSettings) {
        self.settings = settings
    }

    /// The cover picture of `source`, or nil when the source has none (a missing file, an HTTP 404). MPD's
    /// songs are the MPD follower's to read: it hands their bytes in as `.bytes`.
    package func picture(of source: CoverSource) throws(CoverError) -> FeedPicture? {
        guard let bytes = try file(of: source) else { return nil }
        return try Self.picture(file: bytes, side: settings.side, naming: source)
    }

    /// `file` decoded and scaled to `side`; the error names `source`.
    static func picture(file: [UInt8], side: Int, naming source: CoverSource) throws(CoverError) -> FeedPicture {
        do {
            return try CoverImage.picture(file: file, side: side)
        } catch {
            throw CoverError("cover \(source.shortDescription): \(error)")
        }
    }

    /// The bytes of the cover file `source` names, or nil when there is none.
    func file(of source: CoverSource) throws(CoverError) -> [UInt8]? {
        switch source {
        case .bytes(let bytes):
            return bytes.isEmpty ? nil : bytes
        case .mpd:
            return nil
        case .url(let url):
            if let path = FileURL.localPath(of: url) { return try Self.readFile(path) }
            guard source.isRemote, let parsed = URL(string: url), parsed.host != nil else {
                throw CoverError("cover '\(Self.excerpt(url))' is neither a file://, http:// nor https:// URL")
            }
            return try fetch(parsed, naming: url)
        }
    }

    /// The regular file at `path`, at most `CoverImage.maxFileBytes`; nil when it does not exist.
    static func readFile(_ path: String) throws(CoverError) -> [UInt8]? {
        let file: FileTagSource
        do {
            file = try FileTagSource(path: path)
        } catch  where error.code == .noSuchFileOrDirectory {
            return nil
        } catch  where error.code == .invalidArgument {
            throw CoverError("cover '\(path)' is not a regular file")
        } catch {
            throw CoverError("cover: \(error)")
        }
        defer { file.close() }
        guard file.count <= CoverImage.maxFileBytes else {
            throw CoverError("cover '\(path)' is \(file.count) bytes, more than \(CoverImage.maxFileBytes)")
        }
        guard let bytes = file.bytes(at: 0, count: file.count) else {
            throw CoverError("cover '\(path)' cannot be read")
        }
        return bytes
    }

    /// `GET url`: the body of a 200 answer, nil for 404 and 410; any other status is an error.
    private func fetch(_ url: URL, naming text: String) throws(CoverError) -> [UInt8]? {
        let client = HTTPClient(
            userAgent: Self.userAgent, idleTimeoutSeconds: settings.timeoutSeconds / 2,
            totalTimeoutSeconds: settings.timeoutSeconds, maxBodyBytes: CoverImage.maxFileBytes, accept: "image/*")
        let answer: (status: Int, body: [UInt8])
        do {
            answer = try client.get(url)
        } catch {
            throw CoverError(
                "cover '\(Self.excerpt(text))': \(error)", transient: error != .tooLarge(limit: client.maxBodyBytes))
        }
        switch answer.status {
        case 200: return answer.body.isEmpty ? nil : answer.body
        case 404, 410: return nil
        default:
            throw CoverError(
                "cover '\(Self.excerpt(text))': the server answered HTTP \(answer.status)",
                transient: answer.status == 429 || answer.status >= 500)
        }
    }

    /// A URL cut short for a log line.
    static func excerpt(_ text: String) -> String {
        text.count > 120 ? String(text.prefix(120)) + "…" : text
    }
}

extension CoverSource {
    /// How a log line names the cover.
    var shortDescription: String {
        switch self {
        case .bytes(let bytes): "of \(bytes.count) bytes"
        case .url(let url): "'\(CoverLoader.excerpt(url))'"
        case .mpd(let uri): "of '\(CoverLoader.excerpt(uri))'"
        }
    }
}
