#include "CShims.h"

#include <png.h>
#include <setjmp.h>
#include <zlib.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/*
 * Every function here that calls into libpng sets its own setjmp first, so that png_error's
 * longjmp always lands in the C frame that made the call and never unwinds Swift frames.
 * State that must survive a longjmp lives on the heap (or in a struct reached by a pointer that
 * is not changed after setjmp), never in plain locals modified after setjmp.
 */

enum { IS_MESSAGE_CAPACITY = 256, IS_WARNINGS_CAPACITY = 1024 };

/* Where libpng's error and warning callbacks write. */
typedef struct {
    char message[IS_MESSAGE_CAPACITY];
    char warnings[IS_WARNINGS_CAPACITY];
    size_t warnings_length;
    int ran_out;   /* the read callback ran past the end of the data */
    int no_memory; /* the write callback could not grow its buffer */
} is_png_log;

PNG_NORETURN static void is_png_error(png_structp png, png_const_charp message) {
    is_png_log *log = (is_png_log *)png_get_error_ptr(png);
    if (log != NULL) {
        snprintf(log->message, sizeof log->message, "%s", message != NULL ? message : "unknown libpng error");
    }
    png_longjmp(png, 1);
}

static void is_png_warning(png_structp png, png_const_charp message) {
    is_png_log *log = (is_png_log *)png_get_error_ptr(png);
    if (log == NULL || message == NULL) return;
    size_t room = sizeof log->warnings - log->warnings_length;
    if (room <= 1) return;
    int written = snprintf(log->warnings + log->warnings_length, room, "%s\n", message);
    if (written > 0) {
        size_t added = (size_t)written < room ? (size_t)written : room - 1;
        log->warnings_length += added;
    }
}

/* ------------------------------------------------------------------------------------------- */
/* Reading                                                                                     */
/* ------------------------------------------------------------------------------------------- */

enum { IS_STAGE_FAILED = -1, IS_STAGE_CREATED = 0, IS_STAGE_HEADER = 1, IS_STAGE_ROWS = 2, IS_STAGE_DONE = 3 };

struct is_png_reader {
    is_png_log log; /* first, so the error pointer and the reader share an address */
    const uint8_t *data;
    size_t length;
    size_t offset;
    png_structp png;
    png_infop info;
    int stage;
    uint32_t width;
    uint32_t height;
    int interlaced;
    int reading_rows;     /* inside the png_read_row loop */
    size_t rows_done_at;  /* the offset when every row was complete (0: not yet) */
    int excess;           /* stopped reading image data the rows no longer needed */
};

/* The image data libpng may still read once every row is complete: the rest of the zlib stream
 * (its Adler-32, an empty final block) and the IDAT's CRC. Past it, libpng would go on inflating
 * whatever the stream holds, at about 2.3 s a GiB: a 64x64 PNG hiding gigabytes of compressed
 * zeros after its rows kept a scan busy for 19 s. 64 KiB inflate to at most 66 MB. */
enum { IS_PNG_DATA_AFTER_ROWS = 64 * 1024 };

static void is_png_read_data(png_structp png, png_bytep out, size_t count) {
    is_png_reader *reader = (is_png_reader *)png_get_io_ptr(png);
    if (count > reader->length - reader->offset) {
        reader->log.ran_out = 1;
        png_error(png, "the PNG data ends before the image does");
    }
    if (reader->reading_rows) {
        int complete = reader->interlaced ? png_get_current_pass_number(png) >= 7
                                          : png_get_current_row_number(png) >= reader->height;
        if (complete && reader->rows_done_at == 0) reader->rows_done_at = reader->offset;
        if (complete && reader->offset + count - reader->rows_done_at > IS_PNG_DATA_AFTER_ROWS) {
            reader->excess = 1;
            png_error(png, "more image data than the image's rows need (the rest was not read)");
        }
    }
    memcpy(out, reader->data + reader->offset, count);
    reader->offset += count;
}

static void is_png_fill_header(is_png_reader *reader, is_png_header *header) {
    png_structp png = reader->png;
    png_infop info = reader->info;
    memset(header, 0, sizeof *header);
    header->width = png_get_image_width(png, info);
    header->height = png_get_image_height(png, info);
    header->bit_depth = png_get_bit_depth(png, info);
    header->color_type = png_get_color_type(png, info);
    header->interlaced = png_get_interlace_type(png, info) != PNG_INTERLACE_NONE;

    png_charp name = NULL;
    int compression = 0;
    png_bytep profile = NULL;
    png_uint_32 profile_length = 0;
    if (png_get_iCCP(png, info, &name, &compression, &profile, &profile_length) & PNG_INFO_iCCP) {
        header->icc_profile = profile;
        header->icc_profile_length = profile_length;
        header->icc_profile_name = name;
    }
    int intent = 0;
    if (png_get_sRGB(png, info, &intent) & PNG_INFO_sRGB) {
        header->has_srgb = 1;
        header->srgb_intent = intent;
    }
    png_bytep exif = NULL;
    png_uint_32 exif_length = 0;
    if (png_get_eXIf_1(png, info, &exif_length, &exif) & PNG_INFO_eXIf) {
        header->exif = exif;
        header->exif_length = exif_length;
    }
}

is_png_reader *is_png_reader_create(const uint8_t *data, size_t length) {
    is_png_reader *reader = (is_png_reader *)calloc(1, sizeof *reader);
    if (reader == NULL) return NULL;
    reader->data = data;
    reader->length = data != NULL ? length : 0;
    reader->stage = IS_STAGE_CREATED;
    return reader;
}

int is_png_reader_read_header(is_png_reader *reader, is_png_header *header) {
    if (reader == NULL || header == NULL) return IS_PNG_INVALID_CALL;
    if (reader->stage != IS_STAGE_CREATED) {
        snprintf(reader->log.message, sizeof reader->log.message, "the PNG header was already read");
        return IS_PNG_INVALID_CALL;
    }
    memset(header, 0, sizeof *header);
    if (reader->length < 8 || png_sig_cmp(reader->data, 0, 8) != 0) {
        reader->stage = IS_STAGE_FAILED;
        snprintf(reader->log.message, sizeof reader->log.message, "no PNG signature");
        return IS_PNG_NOT_PNG;
    }
    reader->png = png_create_read_struct(PNG_LIBPNG_VER_STRING, &reader->log, is_png_error, is_png_warning);
    if (reader->png == NULL) return IS_PNG_NO_MEMORY;
    reader->info = png_create_info_struct(reader->png);
    if (reader->info == NULL) return IS_PNG_NO_MEMORY;

    if (setjmp(png_jmpbuf(reader->png))) {
        reader->stage = IS_STAGE_FAILED;
        return reader->log.ran_out ? IS_PNG_TRUNCATED : IS_PNG_CORRUPT;
    }
    png_set_read_fn(reader->png, reader, is_png_read_data);
    /* Sizes are judged by the Swift side (PixelBuffer.validate) before any pixel memory exists,
     * so that every size refusal reads the same; libpng only enforces the format's own maximum. */
    png_set_user_limits(reader->png, PNG_UINT_31_MAX, PNG_UINT_31_MAX);
    /* Against hostile files: a bounded number of ancillary chunks, and no chunk (an iCCP profile
     * after inflation included) larger than the largest profile we accept. */
    png_set_chunk_cache_max(reader->png, 256);
    png_set_chunk_malloc_max(reader->png, IS_PNG_MAX_ICC_BYTES + 4096);
    /* We hand profiles to lcms2 as they are; libpng's sRGB profile fingerprinting only warns. */
    png_set_option(reader->png, PNG_SKIP_sRGB_CHECK_PROFILE, PNG_OPTION_ON);
    /* Text and suggested palettes are never used: skip them instead of inflating them. */
    static const png_byte ignored[] = {
        't', 'E', 'X', 't', '\0', 'z', 'T', 'X', 't', '\0', 'i', 'T', 'X', 't', '\0', 's', 'P', 'L', 'T', '\0',
    };
    png_set_keep_unknown_chunks(reader->png, PNG_HANDLE_CHUNK_NEVER, ignored, 4);

    png_read_info(reader->png, reader->info);
    reader->width = png_get_image_width(reader->png, reader->info);
    reader->height = png_get_image_height(reader->png, reader->info);
    is_png_fill_header(reader, header);
    reader->stage = IS_STAGE_HEADER;
    return IS_PNG_OK;
}

int is_png_reader_read_rgba(is_png_reader *reader, uint8_t *pixels, size_t stride, is_png_header *header) {
    if (reader == NULL || header == NULL) return IS_PNG_INVALID_CALL;
    if (reader->stage != IS_STAGE_HEADER || pixels == NULL || stride / 4 < reader->width) {
        snprintf(reader->log.message, sizeof reader->log.message, "PNG pixels requested out of order or into too small a buffer");
        return IS_PNG_INVALID_CALL;
    }
    png_structp png = reader->png;
    png_infop info = reader->info;

    if (setjmp(png_jmpbuf(png))) {
        reader->reading_rows = 0;
        if (reader->stage == IS_STAGE_ROWS || reader->excess) {
            /* Every row arrived; only the chunks after the image data are damaged or missing. */
            char note[IS_MESSAGE_CAPACITY + 64];
            snprintf(note, sizeof note, "after the image data: %s", reader->log.message);
            is_png_warning(png, note);
            reader->stage = IS_STAGE_DONE;
            is_png_fill_header(reader, header);
            return IS_PNG_OK;
        }
        reader->stage = IS_STAGE_FAILED;
        return reader->log.ran_out ? IS_PNG_TRUNCATED : IS_PNG_CORRUPT;
    }

    /* Any PNG to 8-bit RGBA: palette and low bit depths expand, tRNS becomes alpha, 16-bit
     * samples are scaled (rounded, not truncated), grey is copied to RGB, opaque types gain 0xFF. */
    png_set_expand(png);
    png_set_scale_16(png);
    png_set_gray_to_rgb(png);
    png_set_add_alpha(png, 0xFF, PNG_FILLER_AFTER);
    int passes = png_set_interlace_handling(png);
    png_read_update_info(png, info);
    if (png_get_rowbytes(png, info) != (size_t)reader->width * 4) {
        snprintf(reader->log.message, sizeof reader->log.message,
                 "PNG colour type %d at %d bits does not convert to RGBA",
                 png_get_color_type(png, info), png_get_bit_depth(png, info));
        reader->stage = IS_STAGE_FAILED;
        return IS_PNG_UNSUPPORTED;
    }
    reader->interlaced = passes > 1;
    reader->reading_rows = 1;
    for (int pass = 0; pass < passes; pass++) {
        for (uint32_t y = 0; y < reader->height; y++) {
            png_read_row(png, pixels + (size_t)y * stride, NULL);
        }
    }
    reader->reading_rows = 0;
    reader->stage = IS_STAGE_ROWS;
    png_read_end(png, info);
    reader->stage = IS_STAGE_DONE;
    is_png_fill_header(reader, header);
    return IS_PNG_OK;
}

size_t is_png_reader_bytes_read(const is_png_reader *reader) {
    return reader != NULL ? reader->offset : 0;
}

const char *is_png_reader_message(const is_png_reader *reader) {
    return reader != NULL ? reader->log.message : "";
}

const char *is_png_reader_warnings(const is_png_reader *reader) {
    return reader != NULL ? reader->log.warnings : "";
}

void is_png_reader_destroy(is_png_reader *reader) {
    if (reader == NULL) return;
    if (reader->png != NULL) {
        png_destroy_read_struct(&reader->png, reader->info != NULL ? &reader->info : NULL, NULL);
    }
    free(reader);
}

/* ------------------------------------------------------------------------------------------- */
/* Writing                                                                                     */
/* ------------------------------------------------------------------------------------------- */

typedef struct {
    is_png_log log; /* first, as in the reader */
    uint8_t *bytes;
    size_t length;
    size_t capacity;
} is_png_writer;

static void is_png_write_data(png_structp png, png_bytep data, size_t count) {
    is_png_writer *writer = (is_png_writer *)png_get_io_ptr(png);
    if (count > SIZE_MAX - writer->length) {
        writer->log.no_memory = 1;
        png_error(png, "PNG output too large");
    }
    size_t needed = writer->length + count;
    if (needed > writer->capacity) {
        size_t capacity = writer->capacity > 0 ? writer->capacity : 1u << 16;
        while (capacity < needed) {
            capacity = capacity > SIZE_MAX / 2 ? needed : capacity * 2;
        }
        uint8_t *grown = (uint8_t *)realloc(writer->bytes, capacity);
        if (grown == NULL) {
            writer->log.no_memory = 1;
            png_error(png, "out of memory for the PNG output");
        }
        writer->bytes = grown;
        writer->capacity = capacity;
    }
    memcpy(writer->bytes + writer->length, data, count);
    writer->length = needed;
}

static void is_png_flush(png_structp png) { (void)png; }

/*
 * The IDAT chunks of banded image data: the zlib header in front of the first band, the combined
 * Adler-32 after the last, one IDAT a band (a chunk holds at most 2^31 - 1 bytes), then IEND.
 * libpng writes the chunks' lengths and CRCs.
 */
static void is_png_write_bands(png_structp png, const is_png_write_params *params) {
    static const png_byte idat[5] = {'I', 'D', 'A', 'T', '\0'};
    static const png_byte iend[5] = {'I', 'E', 'N', 'D', '\0'};
    int level = params->compression_level;
    int flevel = level <= 1 ? 0 : level <= 5 ? 1 : level == 6 ? 2 : 3;
    png_byte header[2] = {0x78, (png_byte)(flevel << 6)};
    header[1] = (png_byte)(header[1] + 31 - ((header[0] * 256 + header[1]) % 31));
    uint32_t adler = 1;
    for (int i = 0; i < params->band_count; i++) {
        const is_png_band *band = &params->bands[i];
        adler = i == 0 ? band->adler : (uint32_t)adler32_combine(adler, band->adler, (z_off_t)band->raw_length);
    }
    for (int i = 0; i < params->band_count; i++) {
        const is_png_band *band = &params->bands[i];
        int first = i == 0, last = i + 1 == params->band_count;
        if (band->length > 0x7FFFFFFFu - 6) png_error(png, "a band of image data too large for one chunk");
        png_write_chunk_start(png, idat, (png_uint_32)(band->length + (first ? 2 : 0) + (last ? 4 : 0)));
        if (first) png_write_chunk_data(png, header, 2);
        png_write_chunk_data(png, band->bytes, band->length);
        if (last) {
            png_byte trailer[4] = {(png_byte)(adler >> 24), (png_byte)(adler >> 16), (png_byte)(adler >> 8), (png_byte)adler};
            png_write_chunk_data(png, trailer, 4);
        }
        png_write_chunk_end(png);
    }
    png_write_chunk(png, iend, NULL, 0);
}

static int is_png_write_fail(char *message, size_t capacity, const char *text, int code) {
    if (message != NULL && capacity > 0) snprintf(message, capacity, "%s", text);
    return code;
}

int is_png_write(const is_png_write_params *params, is_png_buffer *output, char *message, size_t message_capacity) {
    if (output == NULL || params == NULL) {
        return is_png_write_fail(message, message_capacity, "no parameters or output", IS_PNG_INVALID_CALL);
    }
    output->bytes = NULL;
    output->length = 0;
    if (params->width == 0 || params->height == 0 || params->rows == NULL) {
        return is_png_write_fail(message, message_capacity, "empty image", IS_PNG_INVALID_CALL);
    }
    if (params->icc_profile != NULL && params->icc_profile_length > IS_PNG_MAX_ICC_BYTES) {
        return is_png_write_fail(message, message_capacity, "ICC profile larger than 16 MiB", IS_PNG_INVALID_CALL);
    }

    is_png_writer *writer = (is_png_writer *)calloc(1, sizeof *writer);
    if (writer == NULL) return is_png_write_fail(message, message_capacity, "out of memory", IS_PNG_NO_MEMORY);
    png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, &writer->log, is_png_error, is_png_warning);
    png_infop info = png != NULL ? png_create_info_struct(png) : NULL;
    if (png == NULL || info == NULL) {
        png_destroy_write_struct(png != NULL ? &png : NULL, NULL);
        free(writer);
        return is_png_write_fail(message, message_capacity, "out of memory", IS_PNG_NO_MEMORY);
    }

    if (setjmp(png_jmpbuf(png))) {
        int code = writer->log.no_memory ? IS_PNG_NO_MEMORY : IS_PNG_CORRUPT;
        is_png_write_fail(message, message_capacity, writer->log.message, code);
        png_destroy_write_struct(&png, &info);
        free(writer->bytes);
        free(writer);
        return code;
    }

    png_set_write_fn(png, writer, is_png_write_data, is_png_flush);
    png_set_option(png, PNG_SKIP_sRGB_CHECK_PROFILE, PNG_OPTION_ON);
    png_set_IHDR(png, info, params->width, params->height, params->bit_depth, params->color_type,
                 params->interlaced ? PNG_INTERLACE_ADAM7 : PNG_INTERLACE_NONE,
                 PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);

    if (params->palette != NULL && params->palette_entries > 0) {
        png_color palette[PNG_MAX_PALETTE_LENGTH];
        int entries = params->palette_entries < PNG_MAX_PALETTE_LENGTH ? params->palette_entries : PNG_MAX_PALETTE_LENGTH;
        for (int i = 0; i < entries; i++) {
            palette[i].red = params->palette[3 * i];
            palette[i].green = params->palette[3 * i + 1];
            palette[i].blue = params->palette[3 * i + 2];
        }
        png_set_PLTE(png, info, palette, entries);
    }
    if (params->palette_alpha != NULL && params->palette_alpha_entries > 0) {
        png_set_tRNS(png, info, params->palette_alpha, params->palette_alpha_entries, NULL);
    } else if (params->has_transparent_color) {
        png_color_16 color;
        memset(&color, 0, sizeof color);
        color.red = params->transparent_red;
        color.green = params->transparent_green;
        color.blue = params->transparent_blue;
        color.gray = params->transparent_gray;
        png_set_tRNS(png, info, NULL, 0, &color);
    }

    /* A profile and an sRGB chunk contradict each other when both are present: never write both. */
    if (params->icc_profile != NULL) {
        const char *name = params->icc_profile_name != NULL && params->icc_profile_name[0] != '\0'
                               ? params->icc_profile_name : "ICC profile";
        png_set_iCCP(png, info, name, PNG_COMPRESSION_TYPE_BASE, params->icc_profile,
                     (png_uint_32)params->icc_profile_length);
    } else if (params->srgb_intent >= 0) {
        png_set_sRGB(png, info, params->srgb_intent);
    }
    if (params->exif != NULL && params->exif_length > 0) {
        /* libpng copies the bytes; its prototype just lacks the const. */
        png_set_eXIf_1(png, info, (png_uint_32)params->exif_length, (png_bytep)(uintptr_t)params->exif);
    }

    if (params->phys_x_per_metre > 0 && params->phys_y_per_metre > 0) {
        png_set_pHYs(png, info, params->phys_x_per_metre, params->phys_y_per_metre, PNG_RESOLUTION_METER);
    }

    png_set_compression_level(png, params->compression_level);
    if (params->filters != 0) png_set_filter(png, PNG_FILTER_TYPE_BASE, params->filters);
    /* Bigger IDAT chunks: fewer zlib flushes and CRCs for multi-megapixel images. */
    png_set_compression_buffer_size(png, 1u << 17);

    png_write_info(png, info);
    if (params->band_count > 0) {
        /* Image data deflated beforehand in bands: its IDAT chunks and IEND written as they are. */
        is_png_write_bands(png, params);
    } else {
        if (params->strip_filler) png_set_filler(png, 0, PNG_FILLER_AFTER);
        int passes = params->interlaced ? png_set_interlace_handling(png) : 1;
        for (int pass = 0; pass < passes; pass++) {
            for (uint32_t y = 0; y < params->height; y++) {
                png_write_row(png, params->rows + (size_t)y * params->stride);
            }
        }
        png_write_end(png, NULL);
    }
    png_destroy_write_struct(&png, &info);

    output->bytes = writer->bytes;
    output->length = writer->length;
    free(writer);
    if (message != NULL && message_capacity > 0) message[0] = '\0';
    return IS_PNG_OK;
}

void is_png_buffer_free(is_png_buffer *buffer) {
    if (buffer == NULL) return;
    free(buffer->bytes);
    buffer->bytes = NULL;
    buffer->length = 0;
}
