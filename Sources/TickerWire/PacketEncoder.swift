/// Encodes packets — header, payload, CRC, COBS and delimiter in one pass — into a buffer it owns and reuses.
///
/// Each `encode…` call replaces the previous packet; one that throws leaves none. The buffer grows the first time a packet needs more
/// room and is reused after that, so a host that encodes one frame per tick allocates nothing in its steady
/// state. Read the result with `withEncoded` (no copy) or `encoded`.
public struct PacketEncoder {
    /// Encoded bytes in the first `count`; the rest is room for the next packet.
    private var storage: [UInt8]
    /// Bytes of the current packet, delimiter included.
    public private(set) var count = 0

    /// An encoder whose buffer already holds `capacity` bytes.
    public init(capacity: Int = 0) {
        storage = [UInt8](repeating: 0, count: max(capacity, 0))
    }

    /// An encoder whose buffer already fits the largest packet for `geometry` (a full frame).
    public init(reservingFor geometry: PanelGeometry) {
        self.init(capacity: geometry.fullFrameEncodedCount)
    }

    /// Bytes the buffer holds before it must grow.
    public var capacity: Int { storage.count }

    /// The current packet as it goes on the wire, delimiter included. Holding on to the slice across the
    /// next `encode…` makes that call copy the buffer; prefer `withEncoded` where that matters.
    public var encoded: ArraySlice<UInt8> { storage[0..<count] }

    /// Calls `body` with the current packet, delimiter included; the pointer is valid only inside `body`.
    public func withEncoded<Result>(_ body: (UnsafeRawBufferPointer) -> Result) -> Result {
        let count = count
        return storage.withUnsafeBytes { bytes in
            body(UnsafeRawBufferPointer(rebasing: bytes[0..<count]))
        }
    }

    // MARK: Host → device

    /// Encodes a hello (type 0x01), which asks the device for its info.
    public mutating func encodeHello(sequence: UInt8) {
        encode(type: MessageType.hello.rawValue, sequence: sequence, prefix: 0, prefixCount: 0, data: nil)
    }

    /// Encodes a full frame (type 0x10) from `pixels`: `geometry.frameByteCount` bytes in wire layout.
    public mutating func encodeFullFrame(
        _ pixels: UnsafeRawBufferPointer, geometry: PanelGeometry, sequence: UInt8
    ) throws(WireError) {
        guard pixels.count == geometry.frameByteCount else {
            throw refuse(.pixelCountMismatch(expected: geometry.frameByteCount, found: pixels.count))
        }
        let prefix =
            UInt64(geometry.width & 0xFFFF) | UInt64(geometry.height & 0xFF) << 16
            | UInt64(geometry.bitsPerPixel & 0xFF) << 24
        encode(type: MessageType.fullFrame.rawValue, sequence: sequence, prefix: prefix, prefixCount: 4, data: pixels)
    }

    /// Encodes a full frame (type 0x10) from `pixels`: `geometry.frameByteCount` bytes in wire layout.
    public mutating func encodeFullFrame(_ pixels: [UInt8], geometry: PanelGeometry, sequence: UInt8)
        throws(WireError)
    {
        try withBytes(of: pixels) { (bytes) throws(WireError) in
            try encodeFullFrame(bytes, geometry: geometry, sequence: sequence)
        }
    }

    /// Encodes a column update (type 0x11) carrying columns `start..<start + count` of `frame`, a whole
    /// frame's pixels (`geometry.frameByteCount` bytes).
    public mutating func encodeColumns(
        start: Int, count: Int, of frame: UnsafeRawBufferPointer, geometry: PanelGeometry, sequence: UInt8
    ) throws(WireError) {
        guard frame.count == geometry.frameByteCount else {
            throw refuse(.pixelCountMismatch(expected: geometry.frameByteCount, found: frame.count))
        }
        try checkRange(start: start, count: count, width: geometry.width)
        let columnBytes = geometry.bytesPerColumn
        let slice = UnsafeRawBufferPointer(rebasing: frame[start * columnBytes..<(start + count) * columnBytes])
        try encodeColumns(start: start, columns: slice, geometry: geometry, sequence: sequence)
    }

    /// Encodes a column update (type 0x11) carrying columns `start..<start + count` of `frame`, a whole
    /// frame's pixels (`geometry.frameByteCount` bytes).
    public mutating func encodeColumns(
        start: Int, count: Int, of frame: [UInt8], geometry: PanelGeometry, sequence: UInt8
    ) throws(WireError) {
        try withBytes(of: frame) { (bytes) throws(WireError) in
            try encodeColumns(start: start, count: count, of: bytes, geometry: geometry, sequence: sequence)
        }
    }

    /// Encodes a column update (type 0x11) from `columns`: only the columns sent, starting at column `start`;
    /// their number is `columns.count / geometry.bytesPerColumn`.
    public mutating func encodeColumns(
        start: Int, columns: UnsafeRawBufferPointer, geometry: PanelGeometry, sequence: UInt8
    ) throws(WireError) {
        let columnBytes = geometry.bytesPerColumn
        let count = columns.count / columnBytes
        guard count * columnBytes == columns.count else {
            throw refuse(.pixelCountMismatch(expected: (count + 1) * columnBytes, found: columns.count))
        }
        try checkRange(start: start, count: count, width: geometry.width)
        let prefix = UInt64(start) | UInt64(count) << 16
        encode(type: MessageType.columns.rawValue, sequence: sequence, prefix: prefix, prefixCount: 4, data: columns)
    }

    /// Encodes a column update (type 0x11) from `columns`: only the columns sent, starting at column `start`.
    public mutating func encodeColumns(start: Int, columns: [UInt8], geometry: PanelGeometry, sequence: UInt8)
        throws(WireError)
    {
        try withBytes(of: columns) { (bytes) throws(WireError) in
            try encodeColumns(start: start, columns: bytes, geometry: geometry, sequence: sequence)
        }
    }

    /// Encodes a scroll (type 0x12): columns `start..<start + count` move `dx` columns (positive = right).
    /// Only for a device that announced `DeviceCapabilities.scroll`; follow it with a column update for the
    /// columns it vacated.
    public mutating func encodeScroll(start: Int, count: Int, dx: Int, geometry: PanelGeometry, sequence: UInt8)
        throws(WireError)
    {
        try checkRange(start: start, count: count, width: geometry.width)
        guard (-128...127).contains(dx) else { throw refuse(.scrollDistanceOutOfRange(dx)) }
        let prefix = UInt64(start) | UInt64(count) << 16 | UInt64(UInt8(bitPattern: Int8(dx))) << 32
        encode(type: MessageType.scroll.rawValue, sequence: sequence, prefix: prefix, prefixCount: 5, data: nil)
    }

    /// Encodes a brightness message (type 0x20): `level` 0 (darkest) to 255 (brightest).
    public mutating func encodeBrightness(_ level: UInt8, sequence: UInt8) {
        encode(
            type: MessageType.brightness.rawValue, sequence: sequence, prefix: UInt64(level), prefixCount: 1, data: nil)
    }

    /// Encodes a blank (type 0x21), which turns every pixel off.
    public mutating func encodeBlank(sequence: UInt8) {
        encode(type: MessageType.blank.rawValue, sequence: sequence, prefix: 0, prefixCount: 0, data: nil)
    }

    // MARK: Device → host

    /// Encodes an info message (type 0x81) describing a device.
    public mutating func encodeInfo(_ info: DeviceInfo, sequence: UInt8) {
        let geometry = info.geometry
        let prefix =
            UInt64(geometry.width) | UInt64(geometry.height) << 16 | UInt64(geometry.bitsPerPixel) << 24
            | UInt64(info.maxFramesPerSecond) << 32 | UInt64(info.capabilities.rawValue) << 40
        info.withFirmwareNameBytes { name in
            encode(type: MessageType.info.rawValue, sequence: sequence, prefix: prefix, prefixCount: 7, data: name)
        }
    }

    /// Encodes an error message (type 0x82): `code`, then the type and sequence of the packet rejected.
    public mutating func encodeError(
        _ code: WireErrorCode, rejectedType: UInt8, rejectedSequence: UInt8, sequence: UInt8
    ) {
        let prefix = UInt64(code.rawValue) | UInt64(rejectedType) << 8 | UInt64(rejectedSequence) << 16
        encode(type: MessageType.error.rawValue, sequence: sequence, prefix: prefix, prefixCount: 3, data: nil)
    }

    // MARK: Any packet

    /// Encodes a packet with any version, type and payload, unchecked: for tests and tools that need to send
    /// what a well-behaved host would not.
    public mutating func encodeRaw(version: UInt8 = Wire.version, type: UInt8, sequence: UInt8, payload: [UInt8]) {
        payload.withUnsafeBytes { bytes in
            encode(version: version, type: type, sequence: sequence, prefix: 0, prefixCount: 0, data: bytes)
        }
    }

    private mutating func checkRange(start: Int, count: Int, width: Int) throws(WireError) {
        guard start >= 0, count >= 1, start <= width - count else {
            throw refuse(.columnRangeOutOfBounds(start: start, count: count, width: width))
        }
    }

    /// `error`, with the previous packet gone: what an encode refuses must not leave an older packet behind to
    /// be sent again in its place.
    private mutating func refuse(_ error: WireError) -> WireError {
        count = 0
        return error
    }

    /// Writes one packet: the header, the first `prefixCount` bytes of `prefix` (least significant first),
    /// then `data`, the CRC, COBS and the delimiter, growing the buffer only when it is too small.
    @inline(__always)
    private mutating func encode(
        version: UInt8 = Wire.version, type: UInt8, sequence: UInt8, prefix: UInt64, prefixCount: Int,
        data: UnsafeRawBufferPointer?
    ) {
        let payloadCount = prefixCount + (data?.count ?? 0)
        let needed = Wire.encodedCount(payloadCount: payloadCount)
        if storage.count < needed {
            storage.append(contentsOf: repeatElement(0, count: needed - storage.count))
        }
        count = storage.withUnsafeMutableBufferPointer { output in
            CRC16.table.withUnsafeBufferPointer { table in
                guard let base = output.baseAddress, let table = table.baseAddress else { return 0 }
                var writer = PacketWriter(base: base, table: table)
                writer.put(version)
                writer.put(type)
                writer.put(sequence)
                var prefix = prefix
                for _ in 0..<prefixCount {
                    writer.put(UInt8(truncatingIfNeeded: prefix))
                    prefix >>= 8
                }
                if let data {
                    for byte in data {
                        writer.put(byte)
                    }
                }
                return writer.finish()
            }
        }
    }
}

/// COBS-encodes a packet while computing its CRC, then appends the CRC and the delimiter.
struct PacketWriter {
    var cobs: COBSWriter
    var crc = CRC16.initial
    let table: UnsafePointer<UInt16>

    init(base: UnsafeMutablePointer<UInt8>, table: UnsafePointer<UInt16>) {
        cobs = COBSWriter(base: base)
        self.table = table
    }

    @inline(__always)
    mutating func put(_ byte: UInt8) {
        crc = (crc << 8) ^ table[Int(UInt8(truncatingIfNeeded: crc >> 8) ^ byte)]
        cobs.put(byte)
    }

    /// Appends the CRC (big-endian) and the delimiter; returns the bytes written.
    mutating func finish() -> Int {
        let crc = crc
        cobs.put(UInt8(truncatingIfNeeded: crc >> 8))
        cobs.put(UInt8(truncatingIfNeeded: crc))
        let count = cobs.finish()
        cobs.base[count] = Wire.delimiter
        return count + 1
    }
}

/// Calls `body` with the bytes of `array`, passing on its typed error (`withUnsafeBytes` rethrows untyped).
func withBytes<Result>(
    of array: [UInt8], _ body: (UnsafeRawBufferPointer) throws(WireError) -> Result
) throws(WireError) -> Result {
    let outcome: Swift.Result<Result, WireError> = array.withUnsafeBytes { bytes in
        do throws(WireError) {
            return .success(try body(bytes))
        } catch {
            return .failure(error)
        }
    }
    return try outcome.get()
}
