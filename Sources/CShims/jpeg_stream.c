#include "CShims.h"

#include <stdlib.h>
#include <string.h>

#include "jpeg_error.h"

/*
 * A JPEG compressed as its rows arrive, through libjpeg-turbo's libjpeg API, for a scan made band
 * by band that never exists whole. The settings are TurboJPEG's for tjCompress2 with
 * TJFLAG_ACCURATEDCT (libjpeg-turbo 2.1's setCompDefaults): the input colour space of the pixel
 * format, jpeg_set_defaults, jpeg_set_quality(quality, TRUE), the islow DCT, YCbCr (or grey) and
 * the sampling factors of the subsampling, no optimised Huffman tables, no restart markers; so
 * the file is byte for byte the whole-image encoder's (JPEGEncoder), which the tests check.
 *
 * Errors longjmp back to the C function that called into libjpeg (jpeg_error.h).
 */

struct is_jpeg_writer {
    struct jpeg_compress_struct cinfo;
    is_jpeg_error error;
    unsigned char *buffer;      /* jpeg_mem_dest's, grown by libjpeg as the file grows */
    unsigned long size;
    int created;
    int failed;
};

static void is_jpeg_writer_silent(j_common_ptr cinfo, int level) {
    (void)cinfo;
    (void)level;
}

is_jpeg_writer *is_jpeg_writer_create(const is_jpeg_writer_params *params, int *status) {
    *status = IS_JPEG_INVALID_CALL;
    if (!params || params->width == 0 || params->height == 0 || params->quality < 1 || params->quality > 100 ||
        (params->channels != 4 && params->channels != 1)) {
        return NULL;
    }
    is_jpeg_writer *writer = calloc(1, sizeof *writer);
    if (!writer) {
        *status = IS_JPEG_NO_MEMORY;
        return NULL;
    }
    struct jpeg_compress_struct *cinfo = &writer->cinfo;
    cinfo->err = is_jpeg_error_install(&writer->error, is_jpeg_writer_silent);
    if (setjmp(writer->error.jump)) {
        *status = IS_JPEG_NO_MEMORY;
        is_jpeg_writer_destroy(writer);
        return NULL;
    }
    jpeg_create_compress(cinfo);
    writer->created = 1;
    jpeg_mem_dest(cinfo, &writer->buffer, &writer->size);
    cinfo->image_width = params->width;
    cinfo->image_height = params->height;
    int grey = params->channels == 1;
    cinfo->in_color_space = grey ? JCS_GRAYSCALE : JCS_EXT_RGBA;
    cinfo->input_components = params->channels;
    jpeg_set_defaults(cinfo);
    jpeg_set_quality(cinfo, params->quality, TRUE);
    cinfo->dct_method = JDCT_ISLOW;
    jpeg_set_colorspace(cinfo, grey ? JCS_GRAYSCALE : JCS_YCbCr);
    if (!grey) {
        int factor = params->subsampling_420 ? 2 : 1;
        cinfo->comp_info[0].h_samp_factor = factor;
        cinfo->comp_info[0].v_samp_factor = factor;
        for (int i = 1; i < cinfo->num_components; i++) {
            cinfo->comp_info[i].h_samp_factor = 1;
            cinfo->comp_info[i].v_samp_factor = 1;
        }
    }
    jpeg_start_compress(cinfo, TRUE);
    *status = IS_JPEG_OK;
    return writer;
}

int is_jpeg_writer_rows(is_jpeg_writer *writer, const uint8_t *rows, size_t stride, uint32_t count) {
    if (!writer || writer->failed) return IS_JPEG_INVALID_CALL;
    struct jpeg_compress_struct *cinfo = &writer->cinfo;
    if (count > cinfo->image_height - cinfo->next_scanline) return IS_JPEG_INVALID_CALL;
    if (setjmp(writer->error.jump)) {
        writer->failed = 1;
        return IS_JPEG_NO_MEMORY;
    }
    uint32_t done = 0;
    while (done < count) {
        JSAMPROW row[16];
        uint32_t n = count - done < 16 ? count - done : 16;
        for (uint32_t i = 0; i < n; i++) row[i] = (JSAMPROW)(rows + (size_t)(done + i) * stride);
        done += jpeg_write_scanlines(cinfo, row, n);
    }
    return IS_JPEG_OK;
}

int is_jpeg_writer_finish(is_jpeg_writer *writer, uint8_t **data, size_t *length) {
    if (!writer || writer->failed || writer->cinfo.next_scanline != writer->cinfo.image_height) {
        return IS_JPEG_INVALID_CALL;
    }
    if (setjmp(writer->error.jump)) {
        writer->failed = 1;
        return IS_JPEG_NO_MEMORY;
    }
    jpeg_finish_compress(&writer->cinfo);
    *data = writer->buffer;
    *length = writer->size;
    writer->buffer = NULL;
    writer->size = 0;
    writer->failed = 1;         /* nothing more to write */
    return IS_JPEG_OK;
}

const char *is_jpeg_writer_message(const is_jpeg_writer *writer) {
    return writer ? writer->error.message : "";
}

void is_jpeg_writer_destroy(is_jpeg_writer *writer) {
    if (!writer) return;
    if (writer->created) jpeg_destroy_compress(&writer->cinfo);
    free(writer->buffer);
    free(writer);
}
