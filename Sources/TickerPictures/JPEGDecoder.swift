import CJPEG

/// One JPEG file decoded row by row to 8-bit RGB through libjpeg-turbo (the CJPEG shim, whose calls return
/// where libjpeg would longjmp), scaled while it decodes when asked.
///
/// Bounded against hostile files: corrupt data libjpeg would paper over (a file cut short, which it pads)
/// ends the decoding with its warning; a file of more than `maxScans` scans is refused while its scans are
/// read; libjpeg's memory manager gets at most `maxMemory` bytes for its whole-image arrays (a progressive
/// file's coefficients). The caller checks the header's size before `start` allocates anything of that size.
package final class JPEGDecoder {
    /// What the file's header says.
    package struct Header: Sendable, Equatable {
        package var width: Int
        package var height: Int
        package var colors: JPEGColors
        package var progressive: Bool
    }

    /// The size of the decoded rows and the scale's denominator (1, 2, 4 or 8).
    package struct Output: Sendable, Equatable {
        package var width: Int
        package var height: Int
        package var denominator: Int
    }

    package let header: Header
    private let decoder: OpaquePointer
    // libjpeg reads the file in place until the decoder is destroyed, so it gets a copy whose address holds.
    private let file: UnsafeMutableBufferPointer<UInt8>
    private let maxScans: Int

    /// Reads the header of the JPEG file `bytes` (jpeg_read_header).
    package init(_ bytes: [UInt8], maxScans: Int, maxMemory: Int) throws(PictureError) {
        guard let decoder = cjpeg_decoder_create(Int32(clamping: maxScans), Int64(maxMemory)) else {
            throw PictureError("JPEG: out of memory")
        }
        self.decoder = decoder
        self.maxScans = maxScans
        file = UnsafeMutableBufferPointer.allocate(capacity: max(bytes.count, 1))
        _ = file.initialize(fromContentsOf: bytes)
        var header = cjpeg_header()
        guard cjpeg_read_header(decoder, file.baseAddress, bytes.count, &header) == 0 else {
            let message = Self.message(decoder)
            cjpeg_decoder_destroy(decoder)
            file.deallocate()
            throw PictureError("JPEG: \(message)")
        }
        self.header = Header(
            width: Int(header.width), height: Int(header.height), colors: JPEGColors(code: header.colors),
            progressive: header.progressive != 0)
    }

    deinit {
        cjpeg_decoder_destroy(decoder)
        file.deallocate()
    }

    /// Starts decoding (jpeg_start_decompress, which reads every scan of a progressive file) at the smallest
    /// of libjpeg's scales 1/8, 1/4, 1/2 and 1 whose shorter side is still at least `minSide`.
    package func start(minSide: Int) throws(PictureError) -> Output {
        var width: Int32 = 0
        var height: Int32 = 0
        var denominator: Int32 = 0
        guard cjpeg_start(decoder, Int32(clamping: minSide), &width, &height, &denominator) == 0 else {
            throw failure()
        }
        return Output(width: Int(width), height: Int(height), denominator: Int(denominator))
    }

    /// Decodes the next row into `row` (the output's width × 3 bytes); false when every row was read.
    package func readRow(into row: inout [UInt8]) throws(PictureError) -> Bool {
        let status = row.withUnsafeMutableBufferPointer { cjpeg_read_row(decoder, $0.baseAddress) }
        guard status >= 0 else { throw failure() }
        return status == 1
    }

    /// Reads the file to its end (jpeg_finish_decompress): a file cut short after its last row is refused too.
    package func finish() throws(PictureError) {
        guard cjpeg_finish(decoder) == 0 else { throw failure() }
    }

    /// The last failure as a sentence.
    private func failure() -> PictureError {
        if cjpeg_scans(decoder) > maxScans {
            return PictureError(
                "JPEG: more than \(maxScans) scans (a progressive file has about 10; each scan is another pass "
                    + "over the whole picture)")
        }
        return PictureError("JPEG: \(Self.message(decoder))")
    }

    /// libjpeg's words for the decoder's last failure.
    private static func message(_ decoder: OpaquePointer) -> String {
        String(cString: cjpeg_decoder_message(decoder))
    }
}
