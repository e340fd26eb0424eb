#include "CShims.h"

#include <stdlib.h>
#include <string.h>

#include "jpeg_error.h"

/*
 * A band of a JPEG's rows (and optionally a range of its columns), decoded through libjpeg-turbo's
 * libjpeg API straight into the caller's rows: jpeg_skip_scanlines passes over the rows above
 * the band without colour conversion or upsampling, jpeg_crop_scanline decodes only the iMCU
 * columns around the wanted ones, and decoding stops after the band's last row.
 *
 * Errors longjmp back to the C function that called into libjpeg (jpeg_error.h).
 * Warnings stop the decode too (as TurboJPEG's TJFLAG_STOPONWARNING): a damaged file is an error,
 * not an image with grey rows. A progressive file with more than IS_JPEG_MAX_SCANS scans is
 * refused (TurboJPEG's TJFLAG_LIMITSCANS: such files are a known CPU bomb).
 *
 * The pixels are those of the whole-image decode (tjDecompress2 with TJFLAG_ACCURATEDCT): the same
 * DCT (islow) and fancy upsampling. The crop is widened by one iMCU on each side before libjpeg
 * rounds it to iMCU boundaries, so that the wanted columns never sit on the crop's edge, where
 * the upsampler would have no neighbour to read.
 */

#define IS_JPEG_MAX_SCANS 500

typedef struct {
    struct jpeg_progress_mgr base;
    struct jpeg_decompress_struct *cinfo;
} is_jpeg_progress;

struct is_jpeg_reader {
    struct jpeg_decompress_struct cinfo;
    is_jpeg_error error;
    is_jpeg_progress progress;
    const uint8_t *data;
    size_t length;
    int created;
    int phase;                  /* 0: new, 1: header read, 2: band decoded (or failed) */
};

/* Level -1 is a warning (corrupt data libjpeg can step over): stop, as TJFLAG_STOPONWARNING does.
 * Other levels are trace messages. */
static void is_jpeg_emit_message(j_common_ptr cinfo, int level) {
    if (level < 0) {
        is_jpeg_error *error = (is_jpeg_error *)cinfo->err;
        (*cinfo->err->format_message)(cinfo, error->message);
        longjmp(error->jump, 2);
    }
}

static void is_jpeg_progress_monitor(j_common_ptr cinfo) {
    if (cinfo->is_decompressor) {
        j_decompress_ptr d = (j_decompress_ptr)cinfo;
        if (d->progressive_mode && d->input_scan_number > IS_JPEG_MAX_SCANS) {
            is_jpeg_error *error = (is_jpeg_error *)cinfo->err;
            snprintf(error->message, sizeof error->message,
                     "progressive JPEG with more than %d scans", IS_JPEG_MAX_SCANS);
            longjmp(error->jump, 3);
        }
    }
}

is_jpeg_reader *is_jpeg_reader_create(const uint8_t *data, size_t length) {
    is_jpeg_reader *reader = calloc(1, sizeof *reader);
    if (!reader) return NULL;
    reader->data = data;
    reader->length = length;
    reader->cinfo.err = is_jpeg_error_install(&reader->error, is_jpeg_emit_message);
    if (setjmp(reader->error.jump)) {
        /* jpeg_create_decompress fails only without memory. */
        free(reader);
        return NULL;
    }
    jpeg_create_decompress(&reader->cinfo);
    reader->created = 1;
    reader->progress.base.progress_monitor = is_jpeg_progress_monitor;
    reader->cinfo.progress = &reader->progress.base;
    return reader;
}

/* The status for a longjmp's value and message. */
static int is_jpeg_failure(is_jpeg_reader *reader, int jump) {
    if (jump == 3) return IS_JPEG_UNSUPPORTED;
    if (jump == 5) return IS_JPEG_TRUNCATED;
    const char *m = reader->error.message;
    if (strstr(m, "Premature end of JPEG file")) return IS_JPEG_TRUNCATED;
    if (strstr(m, "Unsupported") || strstr(m, "unsupported")) return IS_JPEG_UNSUPPORTED;
    if (strstr(m, "Insufficient memory")) return IS_JPEG_NO_MEMORY;
    return IS_JPEG_CORRUPT;
}

int is_jpeg_reader_read_header(is_jpeg_reader *reader, is_jpeg_header *header) {
    if (!reader || !header || reader->phase != 0) return IS_JPEG_INVALID_CALL;
    reader->phase = 2;
    int jump = setjmp(reader->error.jump);
    if (jump) return is_jpeg_failure(reader, jump);
    jpeg_mem_src(&reader->cinfo, reader->data, (unsigned long)reader->length);
    jpeg_read_header(&reader->cinfo, TRUE);
    header->width = reader->cinfo.image_width;
    header->height = reader->cinfo.image_height;
    header->components = reader->cinfo.num_components;
    header->color_space = reader->cinfo.jpeg_color_space;
    header->progressive = reader->cinfo.progressive_mode ? 1 : 0;
    reader->phase = 1;
    return IS_JPEG_OK;
}

int is_jpeg_reader_decode_band(is_jpeg_reader *reader, const is_jpeg_band_request *request, uint8_t *pixels,
                               size_t stride) {
    if (!reader || !request || !pixels || reader->phase != 1) return IS_JPEG_INVALID_CALL;
    reader->phase = 2;
    struct jpeg_decompress_struct *cinfo = &reader->cinfo;
    int channels = request->channels;
    if ((channels != 3 && channels != 4) || request->row_count == 0 || request->column_count == 0)
        return IS_JPEG_INVALID_CALL;
    if (cinfo->jpeg_color_space == JCS_CMYK || cinfo->jpeg_color_space == JCS_YCCK) return IS_JPEG_UNSUPPORTED;
    /* Set before setjmp, read after a longjmp: volatile keeps it out of a register. */
    uint8_t *volatile row = NULL;
    int jump = setjmp(reader->error.jump);
    if (jump) {
        free(row);
        jpeg_abort_decompress(cinfo);
        return is_jpeg_failure(reader, jump);
    }
    cinfo->out_color_space = channels == 3 ? JCS_EXT_RGB : JCS_EXT_RGBA;
    cinfo->dct_method = JDCT_ISLOW;
    cinfo->do_fancy_upsampling = TRUE;
    cinfo->scale_num = 1;
    cinfo->scale_denom = (unsigned int)request->scale_denominator;
    jpeg_calc_output_dimensions(cinfo);
    uint32_t width = cinfo->output_width, height = cinfo->output_height;
    if (request->first_row >= height || request->row_count > height - request->first_row ||
        request->first_column >= width || request->column_count > width - request->first_column ||
        stride < (size_t)request->column_count * (size_t)channels) {
        return IS_JPEG_INVALID_CALL;
    }
    jpeg_start_decompress(cinfo);

    /* The columns to decode: the wanted ones widened by one iMCU each side (libjpeg then rounds
     * the start down to an iMCU boundary and says where it landed). */
    JDIMENSION crop_x = 0, crop_width = width;
    if (request->column_count < width) {
        uint32_t imcu = (uint32_t)(cinfo->max_h_samp_factor * cinfo->min_DCT_scaled_size);
        uint32_t left = request->first_column > imcu ? request->first_column - imcu : 0;
        uint32_t right = request->first_column + request->column_count + imcu;
        if (right > width) right = width;
        crop_x = left;
        crop_width = right - left;
        jpeg_crop_scanline(cinfo, &crop_x, &crop_width);
    }
    row = malloc((size_t)crop_width * (size_t)channels + 8);
    if (!row) {
        jpeg_abort_decompress(cinfo);
        return IS_JPEG_NO_MEMORY;
    }
    if (request->first_row > 0) {
        JDIMENSION skipped = jpeg_skip_scanlines(cinfo, request->first_row);
        if (skipped != request->first_row) {
            snprintf(reader->error.message, sizeof reader->error.message,
                     "could skip %u of the %u rows above the band", (unsigned)skipped, (unsigned)request->first_row);
            longjmp(reader->error.jump, 4);
        }
    }
    size_t offset = (size_t)(request->first_column - crop_x) * (size_t)channels;
    size_t bytes = (size_t)request->column_count * (size_t)channels;
    for (uint32_t y = 0; y < request->row_count; y++) {
        JSAMPROW rows[1] = {row};
        if (jpeg_read_scanlines(cinfo, rows, 1) != 1) {
            snprintf(reader->error.message, sizeof reader->error.message, "the data ended at row %u",
                     (unsigned)(request->first_row + y));
            longjmp(reader->error.jump, 5);
        }
        memcpy(pixels + (size_t)y * stride, row + offset, bytes);
    }
    free(row);
    row = NULL;
    /* The rows below the band are not needed: stop here, without reading them. */
    jpeg_abort_decompress(cinfo);
    return IS_JPEG_OK;
}

const char *is_jpeg_reader_message(const is_jpeg_reader *reader) {
    return reader ? reader->error.message : "";
}

void is_jpeg_reader_destroy(is_jpeg_reader *reader) {
    if (!reader) return;
    if (reader->created) jpeg_destroy_decompress(&reader->cinfo);
    free(reader);
}
