import CJPEG

/// The colours of a JPEG file's pixels, as its header tells them (libjpeg's `jpeg_color_space`).
package enum JPEGColors: Sendable, Equatable {
    /// One channel.
    case grey
    /// YCbCr, or RGB as stored by some writers: decoded to RGB.
    case rgb
    /// Adobe's CMYK, for print, stored as is.
    case cmyk
    /// Adobe's CMYK stored as YCbCr and K.
    case ycck
    /// Anything else libjpeg names.
    case other

    /// The shim's constant (`CJPEG_COLORS_…`).
    var code: Int32 {
        switch self {
        case .grey: Int32(CJPEG_COLORS_GREY)
        case .rgb: Int32(CJPEG_COLORS_RGB)
        case .cmyk: Int32(CJPEG_COLORS_CMYK)
        case .ycck: Int32(CJPEG_COLORS_YCCK)
        case .other: Int32(CJPEG_COLORS_OTHER)
        }
    }

    /// The colours of the shim's constant `code`.
    init(code: Int32) {
        self = [Self.grey, .rgb, .cmyk, .ycck].first { $0.code == code } ?? .other
    }

    /// Bytes a pixel takes before compression: 1, 3 or 4.
    var bytesPerPixel: Int {
        switch self {
        case .grey: 1
        case .rgb: 3
        case .cmyk, .ycck, .other: 4
        }
    }
}
