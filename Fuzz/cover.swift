// fuzz-module: TickerPictures TickerCore TickerWire
// Feeds arbitrary bytes to the cover decoder (`CoverImage.picture`: libjpeg-turbo through the CJPEG shim, or
// libpng), at a side the input's length picks. Every input gives a cover of that side within the feed's
// bounds, the same one again when asked twice, or a refusal naming what is wrong; never a crash, a hang or an
// allocation without bound (a JPEG's header may claim any size, its scans may be many).

@testable import TickerCore
@testable import TickerPictures
@testable import TickerWire

func fuzzCover(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let side = size % FeedPicture.maxSide + 1
    let first: FeedPicture
    do {
        first = try CoverImage.picture(file: bytes, side: side)
    } catch {
        if error.description.isEmpty { fatalError("a refusal without a sentence") }
        return 0
    }
    if let problem = first.problem { fatalError("a cover out of the feed's bounds: \(problem)") }
    if first.name != FeedPicture.coverName || first.width != side || first.height != side || first.isAnimated {
        fatalError("a cover of \(first.width) × \(first.height) (\(first.frames.count) frames) for side \(side)")
    }
    guard let again = try? CoverImage.picture(file: bytes, side: side), again == first else {
        fatalError("the same file decoded twice differs")
    }
    return 0
}
