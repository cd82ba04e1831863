#ifndef TICKERD_CJPEG_H
#define TICKERD_CJPEG_H

// libjpeg-turbo's decoder and compressor behind calls that return. libjpeg reports an error by calling its
// error manager's error_exit, which by default ends the process and otherwise must not return; the usual way
// out is a longjmp, and a longjmp must never cross Swift frames. So every call here that enters libjpeg sets
// its own setjmp first, and a failure comes back as a status of -1 with libjpeg's message, kept in the
// decoder (cjpeg_decoder_message) or copied out (cjpeg_encode). libjpeg's structs stay inside CJPEG.c: this
// header shows only C's integer types.
//
// The decoder is hostile-input-minded: a warning (libjpeg's word for corrupt data it would paper over, such
// as a file cut short, which it pads with grey) ends the decoding like an error; a file with more scans than
// the decoder's limit is refused while its scans are read (libjpeg-turbo's djpeg -maxscans does the same);
// and libjpeg's memory manager gets a ceiling (max_memory_to_use), past which it fails instead of allocating.

#include <stddef.h>
#include <stdint.h>

/// A decompressor with its error manager, progress monitor and limits; made by cjpeg_decoder_create, freed by
/// cjpeg_decoder_destroy.
typedef struct cjpeg_decoder cjpeg_decoder;

/// The colour spaces of a JPEG file as the header tells them.
enum {
    CJPEG_COLORS_OTHER = 0,
    /// One channel.
    CJPEG_COLORS_GREY = 1,
    /// YCbCr or RGB: decoded to RGB.
    CJPEG_COLORS_RGB = 2,
    /// Adobe's CMYK, stored as is.
    CJPEG_COLORS_CMYK = 3,
    /// Adobe's CMYK, stored as YCbCr and K.
    CJPEG_COLORS_YCCK = 4,
};

/// What a JPEG file's header says.
typedef struct cjpeg_header {
    /// Pixels.
    int32_t width;
    int32_t height;
    /// One of CJPEG_COLORS_….
    int32_t colors;
    /// 1 for a progressive file, else 0.
    int32_t progressive;
} cjpeg_header;

/// A decoder that refuses a file of more than `max_scans` scans and asks libjpeg's memory manager for at most
/// `max_memory` bytes of large arrays; NULL when out of memory.
cjpeg_decoder *cjpeg_decoder_create(int32_t max_scans, int64_t max_memory);

/// Frees the decoder, whatever state it is in.
void cjpeg_decoder_destroy(cjpeg_decoder *decoder);

/// libjpeg's words for the decoder's last failure (an empty string before any).
const char *cjpeg_decoder_message(const cjpeg_decoder *decoder);

/// Reads the header of the `size` bytes at `data` (jpeg_mem_src, jpeg_read_header) into `header`; 0, or -1.
/// `data` must stay valid and unchanged until the decoder is destroyed.
int32_t cjpeg_read_header(cjpeg_decoder *decoder, const uint8_t *data, size_t size, cjpeg_header *header);

/// Starts decoding to 8-bit RGB (jpeg_start_decompress, which reads every scan of a progressive file) at the
/// smallest of libjpeg's scales 1/8, 1/4, 1/2 and 1 whose shorter side is still at least `min_side`; stores
/// the output's size and the scale's denominator. 0, or -1.
int32_t cjpeg_start(
    cjpeg_decoder *decoder, int32_t min_side, int32_t *width, int32_t *height, int32_t *denominator);

/// Decodes the next row (`width` × 3 bytes) into `row`; 1, 0 when every row was read, or -1.
int32_t cjpeg_read_row(cjpeg_decoder *decoder, uint8_t *row);

/// Reads the rest of the file to its end (jpeg_finish_decompress); 0, or -1.
int32_t cjpeg_finish(cjpeg_decoder *decoder);

/// How many scans the decoder has begun reading.
int32_t cjpeg_scans(const cjpeg_decoder *decoder);

/// Options of cjpeg_encode.
enum {
    /// libjpeg's standard progressive script (jpeg_simple_progression) instead of one baseline scan.
    CJPEG_ENCODE_PROGRESSIVE = 1,
    /// Chroma at full resolution (4:4:4) instead of libjpeg's default 4:2:0.
    CJPEG_ENCODE_FULL_CHROMA = 2,
    /// A progressive file of one DC scan and a scan for each AC coefficient of each component (64 scans for
    /// grey, 190 for colour): a valid file whose many scans each take a pass over every block.
    CJPEG_ENCODE_SCAN_PER_COEFFICIENT = 4,
};

/// Compresses `width` × `height` pixels of `colors` (GREY: 1 byte a pixel, RGB: 3, CMYK or YCCK: 4) at
/// `quality` (1–100) with `flags` (CJPEG_ENCODE_…) into a new buffer (jpeg_mem_dest), stored with its size in
/// `file` and `size` and freed with cjpeg_free. 0, or -1 with libjpeg's message in `message` (`capacity`
/// bytes, NUL-terminated).
int32_t cjpeg_encode(
    const uint8_t *pixels, int32_t width, int32_t height, int32_t colors, int32_t quality, int32_t flags,
    uint8_t **file, size_t *size, char *message, size_t capacity);

/// Frees a buffer from cjpeg_encode.
void cjpeg_free(uint8_t *file);

#endif
