#include "CJPEG.h"

#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

// jpeglib.h needs stdio.h's FILE and size_t first.
#include <jerror.h>
#include <jpeglib.h>

// libjpeg's error manager with a way out: `jump` is set by each call below before it enters libjpeg, and
// `message` keeps the sentence of the failure.
struct cjpeg_error {
    struct jpeg_error_mgr manager;
    jmp_buf jump;
    char message[JMSG_LENGTH_MAX + 64];
};

struct cjpeg_decoder {
    // First, so that libjpeg's j_common_ptr is also a pointer to the decoder.
    struct jpeg_decompress_struct info;
    struct cjpeg_error error;
    struct jpeg_progress_mgr progress;
    int32_t max_scans;
    int64_t max_memory;
    int created;
};

// error_exit: keeps libjpeg's message and leaves through the call's setjmp, never returning into libjpeg
// (which would then abort) and never ending the process as libjpeg's default does.
static void cjpeg_fail(j_common_ptr info) {
    struct cjpeg_error *error = (struct cjpeg_error *)info->err;
    if (info->is_decompressor && error->manager.msg_code == JERR_NO_BACKING_STORE) {
        // The memory ceiling was reached: past it libjpeg would need temporary files, which it does not have.
        const struct cjpeg_decoder *decoder = (const struct cjpeg_decoder *)info;
        snprintf(error->message, sizeof error->message, "decoding it needs more than %lld MiB of memory",
                 (long long)(decoder->max_memory >> 20));
    } else {
        (*error->manager.format_message)(info, error->message);
    }
    longjmp(error->jump, 1);
}

// emit_message: a warning (level -1) is libjpeg papering over corrupt data, most often a file cut short,
// whose missing part it fills in; here it ends the call like an error. Two warnings about nothing the
// pixels depend on are let through: an unknown JFIF revision, and stray bytes skipped before a marker (which
// some writers leave after the last scan). Trace messages (levels 0 and up) are dropped.
static void cjpeg_emit(j_common_ptr info, int level) {
    if (level >= 0) return;
    int code = info->err->msg_code;
    if (code == JWRN_JFIF_MAJOR || code == JWRN_EXTRANEOUS_DATA) return;
    cjpeg_fail(info);
}

// progress_monitor: libjpeg calls it between chunks of input while it reads the scans of a multi-scan file;
// past the decoder's limit of scans it fails, as djpeg -maxscans does.
static void cjpeg_watch(j_common_ptr info) {
    struct cjpeg_decoder *decoder = (struct cjpeg_decoder *)info;
    if (decoder->info.input_scan_number > decoder->max_scans) {
        snprintf(decoder->error.message, sizeof decoder->error.message, "more than %d scans",
                 (int)decoder->max_scans);
        longjmp(decoder->error.jump, 1);
    }
}

cjpeg_decoder *cjpeg_decoder_create(int32_t max_scans, int64_t max_memory) {
    struct cjpeg_decoder *decoder = calloc(1, sizeof *decoder);
    if (decoder == NULL) return NULL;
    decoder->max_scans = max_scans;
    decoder->max_memory = max_memory;
    decoder->info.err = jpeg_std_error(&decoder->error.manager);
    decoder->error.manager.error_exit = cjpeg_fail;
    decoder->error.manager.emit_message = cjpeg_emit;
    if (setjmp(decoder->error.jump)) {
        free(decoder);
        return NULL;
    }
    jpeg_create_decompress(&decoder->info);
    decoder->created = 1;
    decoder->info.mem->max_memory_to_use = (long)max_memory;
    decoder->progress.progress_monitor = cjpeg_watch;
    decoder->info.progress = &decoder->progress;
    return decoder;
}

void cjpeg_decoder_destroy(cjpeg_decoder *decoder) {
    if (decoder == NULL) return;
    if (decoder->created) jpeg_destroy_decompress(&decoder->info);
    free(decoder);
}

const char *cjpeg_decoder_message(const cjpeg_decoder *decoder) { return decoder->error.message; }

int32_t cjpeg_read_header(cjpeg_decoder *decoder, const uint8_t *data, size_t size, cjpeg_header *header) {
    if (setjmp(decoder->error.jump)) return -1;
    jpeg_mem_src(&decoder->info, data, (unsigned long)size);
    jpeg_read_header(&decoder->info, TRUE);
    header->width = (int32_t)decoder->info.image_width;
    header->height = (int32_t)decoder->info.image_height;
    header->progressive = decoder->info.progressive_mode ? 1 : 0;
    switch (decoder->info.jpeg_color_space) {
    case JCS_GRAYSCALE: header->colors = CJPEG_COLORS_GREY; break;
    case JCS_YCbCr:
    case JCS_RGB: header->colors = CJPEG_COLORS_RGB; break;
    case JCS_CMYK: header->colors = CJPEG_COLORS_CMYK; break;
    case JCS_YCCK: header->colors = CJPEG_COLORS_YCCK; break;
    default: header->colors = CJPEG_COLORS_OTHER; break;
    }
    return 0;
}

int32_t cjpeg_start(
    cjpeg_decoder *decoder, int32_t min_side, int32_t *width, int32_t *height, int32_t *denominator) {
    if (setjmp(decoder->error.jump)) return -1;
    decoder->info.out_color_space = JCS_RGB;
    decoder->info.scale_num = 1;
    unsigned int chosen = 1;
    for (unsigned int tried = 8; tried > 1; tried /= 2) {
        decoder->info.scale_denom = tried;
        jpeg_calc_output_dimensions(&decoder->info);
        JDIMENSION shorter = decoder->info.output_width < decoder->info.output_height
                                 ? decoder->info.output_width
                                 : decoder->info.output_height;
        if (shorter >= (JDIMENSION)min_side) {
            chosen = tried;
            break;
        }
    }
    decoder->info.scale_denom = chosen;
    jpeg_start_decompress(&decoder->info);
    if (decoder->info.output_components != 3) {
        snprintf(decoder->error.message, sizeof decoder->error.message, "decoded to %d channels, not 3",
                 decoder->info.output_components);
        return -1;
    }
    *width = (int32_t)decoder->info.output_width;
    *height = (int32_t)decoder->info.output_height;
    *denominator = (int32_t)chosen;
    return 0;
}

int32_t cjpeg_read_row(cjpeg_decoder *decoder, uint8_t *row) {
    if (setjmp(decoder->error.jump)) return -1;
    if (decoder->info.output_scanline >= decoder->info.output_height) return 0;
    JSAMPROW rows[1] = {row};
    return jpeg_read_scanlines(&decoder->info, rows, 1) == 1 ? 1 : -1;
}

int32_t cjpeg_finish(cjpeg_decoder *decoder) {
    if (setjmp(decoder->error.jump)) return -1;
    jpeg_finish_decompress(&decoder->info);
    return 0;
}

int32_t cjpeg_scans(const cjpeg_decoder *decoder) { return decoder->info.input_scan_number; }

// The compressor's state on the heap: after a longjmp, only what lives in memory the call did not keep in
// registers is certain, and `encoder` itself is set before the setjmp and never changed.
struct cjpeg_encoder {
    struct jpeg_compress_struct info;
    struct cjpeg_error error;
    unsigned char *buffer;
    unsigned long length;
    int created;
    // CJPEG_ENCODE_SCAN_PER_COEFFICIENT's script: the DC scan, then 63 AC scans of each of 4 components at most.
    jpeg_scan_info scans[1 + 63 * MAX_COMPS_IN_SCAN];
};

// One scan for the DC coefficients of every component, then one for each AC coefficient of each component.
static void cjpeg_scan_per_coefficient(struct cjpeg_encoder *encoder) {
    int components = encoder->info.num_components;
    jpeg_scan_info *scan = encoder->scans;
    scan->comps_in_scan = components;
    for (int component = 0; component < components; component++) scan->component_index[component] = component;
    scan->Ss = scan->Se = scan->Ah = scan->Al = 0;
    scan++;
    for (int component = 0; component < components; component++) {
        for (int coefficient = 1; coefficient < DCTSIZE2; coefficient++) {
            scan->comps_in_scan = 1;
            scan->component_index[0] = component;
            scan->Ss = scan->Se = coefficient;
            scan->Ah = scan->Al = 0;
            scan++;
        }
    }
    encoder->info.scan_info = encoder->scans;
    encoder->info.num_scans = (int)(scan - encoder->scans);
}

int32_t cjpeg_encode(
    const uint8_t *pixels, int32_t width, int32_t height, int32_t colors, int32_t quality, int32_t flags,
    uint8_t **file, size_t *size, char *message, size_t capacity) {
    int components = colors == CJPEG_COLORS_GREY ? 1 : colors == CJPEG_COLORS_RGB ? 3 : 4;
    if (width <= 0 || height <= 0 || colors < CJPEG_COLORS_GREY || colors > CJPEG_COLORS_YCCK) {
        snprintf(message, capacity, "cannot compress %d x %d pixels of colours %d", (int)width, (int)height,
                 (int)colors);
        return -1;
    }
    struct cjpeg_encoder *encoder = calloc(1, sizeof *encoder);
    if (encoder == NULL) {
        snprintf(message, capacity, "out of memory");
        return -1;
    }
    encoder->info.err = jpeg_std_error(&encoder->error.manager);
    encoder->error.manager.error_exit = cjpeg_fail;
    encoder->error.manager.emit_message = cjpeg_emit;
    if (setjmp(encoder->error.jump)) {
        snprintf(message, capacity, "%s", encoder->error.message);
        if (encoder->created) jpeg_destroy_compress(&encoder->info);
        free(encoder->buffer);
        free(encoder);
        return -1;
    }
    jpeg_create_compress(&encoder->info);
    encoder->created = 1;
    jpeg_mem_dest(&encoder->info, &encoder->buffer, &encoder->length);
    encoder->info.image_width = (JDIMENSION)width;
    encoder->info.image_height = (JDIMENSION)height;
    encoder->info.input_components = components;
    encoder->info.in_color_space = components == 1 ? JCS_GRAYSCALE : components == 3 ? JCS_RGB : JCS_CMYK;
    jpeg_set_defaults(&encoder->info);
    if (colors == CJPEG_COLORS_YCCK) jpeg_set_colorspace(&encoder->info, JCS_YCCK);
    jpeg_set_quality(&encoder->info, quality, TRUE);
    if (flags & CJPEG_ENCODE_FULL_CHROMA) {
        for (int component = 0; component < encoder->info.num_components; component++) {
            encoder->info.comp_info[component].h_samp_factor = 1;
            encoder->info.comp_info[component].v_samp_factor = 1;
        }
    }
    if (flags & CJPEG_ENCODE_PROGRESSIVE) jpeg_simple_progression(&encoder->info);
    if (flags & CJPEG_ENCODE_SCAN_PER_COEFFICIENT) cjpeg_scan_per_coefficient(encoder);
    jpeg_start_compress(&encoder->info, TRUE);
    size_t stride = (size_t)width * (size_t)components;
    while (encoder->info.next_scanline < encoder->info.image_height) {
        JSAMPROW row = (JSAMPROW)(pixels + (size_t)encoder->info.next_scanline * stride);
        jpeg_write_scanlines(&encoder->info, &row, 1);
    }
    jpeg_finish_compress(&encoder->info);
    *file = encoder->buffer;
    *size = (size_t)encoder->length;
    jpeg_destroy_compress(&encoder->info);
    free(encoder);
    return 0;
}

void cjpeg_free(uint8_t *file) { free(file); }
