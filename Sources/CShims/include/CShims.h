#ifndef INSTANTSCAN_CSHIMS_H
#define INSTANTSCAN_CSHIMS_H

/*
 * libpng reports errors by longjmp, which must never cross a Swift frame. Every libpng call lives
 * in this target behind its own setjmp; Swift sees plain functions, integer status codes and a
 * message buffer.
 */

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Status codes shared by the reader and the writer. */
enum {
    IS_PNG_OK = 0,
    IS_PNG_NOT_PNG = 1,      /* no PNG signature */
    IS_PNG_TRUNCATED = 2,    /* the data ended before the image did */
    IS_PNG_CORRUPT = 3,      /* libpng refused the data */
    IS_PNG_UNSUPPORTED = 4,  /* a valid PNG this reader does not handle */
    IS_PNG_NO_MEMORY = 5,
    IS_PNG_INVALID_CALL = 6, /* phases called out of order or with bad arguments */
    IS_PNG_SPILL_FAILED = 7  /* a band's bytes could not be written to or read from its file */
};

/* The largest embedded ICC profile accepted on read or written: 16 MiB. */
#define IS_PNG_MAX_ICC_BYTES (16u * 1024u * 1024u)

/* ---------------------------------------------------------------------------------------------
 * Reading from memory, in two phases: header, then pixels into a caller-owned buffer.
 * ------------------------------------------------------------------------------------------- */

typedef struct is_png_reader is_png_reader;

/* What the header phase found (valid until the reader is destroyed). */
typedef struct {
    uint32_t width;
    uint32_t height;
    int bit_depth;
    int color_type;
    int interlaced;
    const uint8_t *icc_profile;    /* NULL when there is no usable iCCP chunk */
    size_t icc_profile_length;
    const char *icc_profile_name;  /* NULL when there is no usable iCCP chunk */
    int has_srgb;                  /* an sRGB chunk was present */
    int srgb_intent;
    const uint8_t *exif;           /* eXIf payload (a TIFF header first), or NULL */
    size_t exif_length;
} is_png_header;

/* Makes a reader over `data` (not copied: it must outlive the reader). NULL only without memory. */
is_png_reader *is_png_reader_create(const uint8_t *data, size_t length);

/* Reads the signature and every chunk up to the first IDAT. */
int is_png_reader_read_header(is_png_reader *reader, is_png_header *header);

/*
 * Decodes every pixel as RGBA8 (any bit depth, grey, palette, tRNS, interlace) into rows `stride`
 * bytes apart; `pixels` must hold stride * height bytes and stride >= width * 4. Also reads the
 * chunks after the image data; afterwards the header is refreshed (an eXIf chunk may follow IDAT).
 */
int is_png_reader_read_rgba(is_png_reader *reader, uint8_t *pixels, size_t stride, is_png_header *header);

/* The message of the last failure, or "" . */
const char *is_png_reader_message(const is_png_reader *reader);

/* How many bytes of the PNG libpng has read so far. */
size_t is_png_reader_bytes_read(const is_png_reader *reader);

/* libpng's warnings so far, one a line, or "" . */
const char *is_png_reader_warnings(const is_png_reader *reader);

/* Frees the reader and everything it holds. NULL is allowed. */
void is_png_reader_destroy(is_png_reader *reader);

/* ---------------------------------------------------------------------------------------------
 * Writing to memory.
 * ------------------------------------------------------------------------------------------- */

/* A malloc'd byte buffer handed to the caller, who frees it with is_png_buffer_free. */
typedef struct {
    uint8_t *bytes;
    size_t length;
} is_png_buffer;

struct is_png_band;

/* Everything the writer needs. Rows hold samples in the PNG's own layout (16-bit big-endian)
 * except that `strip_filler` drops the fourth byte of every pixel (RGBA rows written as RGB). */
typedef struct {
    uint32_t width;
    uint32_t height;
    int color_type;               /* PNG_COLOR_TYPE_* */
    int bit_depth;
    int interlaced;
    const uint8_t *rows;
    size_t stride;
    int strip_filler;

    const uint8_t *palette;       /* RGB triplets for palette images */
    int palette_entries;
    const uint8_t *palette_alpha; /* tRNS for palette images */
    int palette_alpha_entries;
    int has_transparent_color;    /* tRNS for grey / RGB images */
    uint16_t transparent_red, transparent_green, transparent_blue, transparent_gray;

    const uint8_t *icc_profile;   /* iCCP when not NULL */
    size_t icc_profile_length;
    const char *icc_profile_name;
    int srgb_intent;              /* sRGB chunk with this intent when >= 0 and there is no profile */
    const uint8_t *exif;          /* eXIf when not NULL */
    size_t exif_length;
    uint32_t phys_x_per_metre;    /* pHYs (unit: metre) when both are > 0: the print's true resolution */
    uint32_t phys_y_per_metre;

    int compression_level;        /* zlib level 0...9 */
    int filters;                  /* PNG_FILTER_* mask; 0 means libpng's default */

    /* When band_count > 0 the image data is these bands (is_png_deflate_band, in row order, the
     * last one finished) instead of `rows`: libpng writes every other chunk, the shim the IDAT. */
    const struct is_png_band *bands;
    int band_count;
} is_png_write_params;

/* Encodes a PNG into `output`. On failure `output` is empty and `message` says why. */
int is_png_write(const is_png_write_params *params, is_png_buffer *output, char *message, size_t message_capacity);

/* Frees a buffer is_png_write filled. */
void is_png_buffer_free(is_png_buffer *buffer);

/* ---------------------------------------------------------------------------------------------
 * Image data deflated in row bands that can run concurrently and join into one zlib stream.
 * ------------------------------------------------------------------------------------------- */

/* Rows [first_row, first_row + row_count) of an image, filtered and deflated. */
typedef struct {
    const uint8_t *rows;          /* the whole image's first row (earlier rows feed the filters) */
    size_t stride;
    uint32_t width;
    int channels_in;              /* bytes a pixel in `rows` */
    int channels_out;             /* bytes a pixel in the PNG: the first channels_out are kept */
    uint32_t first_row;
    uint32_t row_count;
    int filters;                  /* IS_PNG_FILTER_* mask; with several, libpng's heuristic picks per row */
    int level;                    /* zlib level */
    int strategy;                 /* Z_DEFAULT_STRATEGY 0, Z_FILTERED 1, Z_RLE 3 */
    int last_band;                /* finish the stream here (else end on a byte boundary) */
} is_png_band_params;

/* A band's raw deflate data (malloc'd) and the Adler-32 of its filtered rows. */
typedef struct is_png_band {
    uint8_t *bytes;
    size_t length;
    uint32_t adler;
    size_t raw_length;            /* filtered bytes in the band */
} is_png_band;

/* Filters and deflates one band; safe to call for different bands at once. */
int is_png_deflate_band(const is_png_band_params *params, is_png_band *band);

/* Frees a band's bytes. */
void is_png_band_free(is_png_band *band);

/* A band filtered and deflated as its rows arrive, for an image that never exists whole: begin
 * (params->rows and stride unused; row_before is the image's row above the band, NULL for the
 * first band), rows in order in any number of calls, then finish, which frees the stream and
 * hands over the band (the same bytes is_png_deflate_band writes). free abandons a stream. */
typedef struct is_png_band_stream is_png_band_stream;
int is_png_band_stream_begin(const is_png_band_params *params, const uint8_t *row_before, is_png_band_stream **out);
int is_png_band_stream_rows(is_png_band_stream *stream, const uint8_t *rows, size_t stride, uint32_t count);

/* Adler-32 of `count` bytes continuing `adler` (1 to start), equal to zlib's `adler32` for every
 * input (adler32_simd.c): 32 bytes a step with SSSE3 where the CPU has it and `vectorised` is
 * non-zero, a byte at a time otherwise (the tests compare the two). */
uint32_t is_adler32(uint32_t adler, const uint8_t *bytes, size_t count, int vectorised);
int is_png_band_stream_finish(is_png_band_stream *stream, is_png_band *band);
void is_png_band_stream_free(is_png_band_stream *stream);

/* Before any row: the stream writes its bytes to `fd` as they are made (64 KiB at a time)
 * instead of keeping them, and finish hands over a band with its length, Adler-32 and raw
 * length but no bytes. load reads such a band's bytes back from `fd` (written from offset 0). */
int is_png_band_stream_spill(is_png_band_stream *stream, int fd);
int is_png_band_load(is_png_band *band, int fd);

/* A new file in `folder` that has no name (O_TMPFILE, or a name unlinked at once where that is
 * not supported), read-write, close-on-exec: nothing is left behind, whatever happens to the
 * process. -1 with errno set when the folder refuses. */
int is_open_unnamed_file(const char *folder);

/* libpng's constants, re-exported because some are macros Swift does not import. */
enum {
    IS_PNG_COLOR_GRAY = 0,
    IS_PNG_COLOR_RGB = 2,
    IS_PNG_COLOR_PALETTE = 3,
    IS_PNG_COLOR_GRAY_ALPHA = 4,
    IS_PNG_COLOR_RGBA = 6,
    IS_PNG_FILTER_NONE = 0x08,
    IS_PNG_FILTER_SUB = 0x10,
    IS_PNG_FILTER_UP = 0x20,
    IS_PNG_FILTER_AVG = 0x40,
    IS_PNG_FILTER_PAETH = 0x80,
    IS_PNG_FILTER_ALL = 0xF8
};


/* ---------------------------------------------------------------------------------------------
 * The bilinear perspective warp's inner loop (warp_bilinear.c), RGB or RGBA source to RGBA.
 * ------------------------------------------------------------------------------------------- */

typedef struct {
    const uint8_t *source;        /* the source's first row; 8 bytes readable past its last row */
    ptrdiff_t source_stride;
    int source_width;
    int source_height;
    int source_bytes_per_pixel;   /* 3 (RGB: alpha written opaque) or 4 (RGBA) */
    uint8_t *output;              /* output row `output_first_row`, RGBA */
    ptrdiff_t output_stride;
    int output_width;
    int output_first_row;         /* 0 for a whole output; a band's first row for a band buffer */
    double homography[9];         /* output pixel centre (x, y, 1) to source pixel centre, row-major */
} is_warp_params;

/* Instruction sets of the warp; a path the CPU lacks falls back to the scalar one. */
enum {
    IS_WARP_PATH_SCALAR = 0,
    IS_WARP_PATH_SSE41 = 1,
    IS_WARP_PATH_AVX2 = 2,
    IS_WARP_PATH_NEON = 3
};

/* The fastest path this CPU runs. */
int is_warp_best_path(void);

/* 1 when this build and CPU have `path`. */
int is_warp_path_available(int path);

/* Fills output rows [first_row, first_row + row_count); every path writes the same bytes. Safe to
 * call for different rows at once. */
void is_warp_bilinear_rgba(const is_warp_params *params, int first_row, int row_count, int path);

/* Of output row `row`, only columns x_begin, x_begin + step, … below x_end (the others untouched):
 * the same bytes those columns get from is_warp_bilinear_rgba, for samplers that read a sparse grid. */
void is_warp_bilinear_rgba_every(const is_warp_params *params, int row, int x_begin, int x_end, int step, int path);

/* ---------------------------------------------------------------------------------------------
 * A band of a JPEG's rows (and columns) through libjpeg's API (jpeg_band.c), its setjmp inside C.
 * ------------------------------------------------------------------------------------------- */

typedef struct is_jpeg_reader is_jpeg_reader;

enum {
    IS_JPEG_OK = 0,
    IS_JPEG_TRUNCATED = 2,
    IS_JPEG_CORRUPT = 3,        /* libjpeg refused the data or warned about it */
    IS_JPEG_UNSUPPORTED = 4,    /* CMYK, or a progressive file with absurdly many scans */
    IS_JPEG_NO_MEMORY = 5,
    IS_JPEG_INVALID_CALL = 6    /* phases out of order, or a band outside the image */
};

typedef struct {
    uint32_t width;             /* stored size, before any DCT scaling */
    uint32_t height;
    int components;
    int color_space;            /* libjpeg's J_COLOR_SPACE of the file */
    int progressive;            /* 1: progressive (skipping rows still decodes every scan) */
} is_jpeg_header;

typedef struct {
    int scale_denominator;      /* 1, 2, 4 or 8: rows and columns count in the scaled image */
    int channels;               /* 3: RGB, 4: RGBA (alpha 255) */
    uint32_t first_row;
    uint32_t row_count;
    uint32_t first_column;
    uint32_t column_count;
} is_jpeg_band_request;

/* A reader over `data` (not copied: it must outlive the reader). NULL only without memory. */
is_jpeg_reader *is_jpeg_reader_create(const uint8_t *data, size_t length);

/* Reads the markers up to the first scan. */
int is_jpeg_reader_read_header(is_jpeg_reader *reader, is_jpeg_header *header);

/* Decodes the requested rectangle of the (scaled) image into rows `stride` bytes apart, the same
 * pixels as the whole image's decode (islow DCT, fancy upsampling); once per reader, after the
 * header. */
int is_jpeg_reader_decode_band(is_jpeg_reader *reader, const is_jpeg_band_request *request, uint8_t *pixels,
                               size_t stride);

/* The message of the last failure, or "". */
const char *is_jpeg_reader_message(const is_jpeg_reader *reader);

/* Frees the reader. NULL is allowed. */
void is_jpeg_reader_destroy(is_jpeg_reader *reader);

/* ---------------------------------------------------------------------------------------------
 * A JPEG written row by row through libjpeg's jpeg_write_scanlines (jpeg_stream.c), its setjmp
 * inside C: the bytes of TurboJPEG's tjCompress2 for the same pixels and settings.
 * ------------------------------------------------------------------------------------------- */

typedef struct is_jpeg_writer is_jpeg_writer;

typedef struct {
    uint32_t width;
    uint32_t height;
    int channels;               /* 4: RGBA (alpha ignored), 1: grey */
    int quality;                /* 1...100 */
    int subsampling_420;        /* 1: 4:2:0, 0: 4:4:4 (ignored for grey) */
} is_jpeg_writer_params;

/* Starts a baseline JPEG in memory (islow DCT, as TJFLAG_ACCURATEDCT); NULL only without memory.
 * The status of a failed start is in *status. */
is_jpeg_writer *is_jpeg_writer_create(const is_jpeg_writer_params *params, int *status);

/* Compresses the next `count` rows, `stride` bytes apart from `rows`. */
int is_jpeg_writer_rows(is_jpeg_writer *writer, const uint8_t *rows, size_t stride, uint32_t count);

/* Ends the image (every row given); *data (malloc'd, the caller frees it) and *length are the file. */
int is_jpeg_writer_finish(is_jpeg_writer *writer, uint8_t **data, size_t *length);

/* The message of the last failure, or "". */
const char *is_jpeg_writer_message(const is_jpeg_writer *writer);

/* Frees the writer and whatever it compressed. NULL is allowed. */
void is_jpeg_writer_destroy(is_jpeg_writer *writer);

/* Returns the heap's free pages to the system (glibc's malloc_trim(0), every arena); 1 when
 * memory was released, 0 when not or elsewhere than glibc (heap_trim.c). */
int is_heap_trim(void);

/* Blocks of `bytes` and more are mapped on their own and unmapped when freed (glibc's
 * mallopt(M_MMAP_THRESHOLD), which also stops glibc raising that threshold as such blocks are
 * freed); 1 when set, 0 when not or elsewhere than glibc. */
int is_heap_mmap_threshold(size_t bytes);

/* ---------------------------------------------------------------------------------------------
 * White balance's per-pixel correction (light_correction.c): each pixel's codes to root-linear
 * light through `decode`, times gains interpolated along the row, back to codes through `encode`.
 * ------------------------------------------------------------------------------------------- */

typedef struct {
    const float *decode;    /* 256 root-linear values, strictly rising */
    const uint8_t *encode;  /* top + 1 codes */
    float top;              /* the last encode index */
    float clip_floor;       /* decode[clip_code] */
    uint8_t clip_code;      /* a channel at or above it is clipped */
} is_light_tables;

/*
 * Corrects an RGBA8 row of `width` pixels in place (alpha untouched), as LightCorrectionKernel's
 * Swift loop did: `row_gains` holds the row's gains at `columns` node columns `spacing` pixels
 * apart (the last at width - 1), 3 a node; between two nodes the gains start at the first and
 * step by a float add a pixel. A pixel with a clipped channel (code >= clip_code) is recovered as
 * LightCorrectionKernel.recover does. Returns how many pixels had a clipped channel. `vectorised`
 * non-zero uses SSE2 where the CPU has it (every x86-64); the bytes are the same.
 */
size_t is_light_correct_row(uint8_t *row, size_t width, const float *row_gains, size_t columns, size_t spacing,
                            const is_light_tables *tables, int vectorised);

/* ---------------------------------------------------------------------------------------------
 * Colour conversion of RGBA8 pixels through an lcms2 transform made for packed RGB8 in and out
 * (lcms_rgb.c): lcms2 has fast formatters for three-byte pixels and only its generic ones for
 * RGBA, which cost about as much again as the conversion itself.
 * ------------------------------------------------------------------------------------------- */

/*
 * A profile lcms2 builds the same output transforms to as `profile` (an lcms2 profile handle; its
 * ICC bytes `bytes`), without inverting its tone curves sample by sample for each transform
 * (lcms_output_twin.c): its three TRCs become a parametric curve of a private type that evaluates
 * the original curve, and whose inverse is lcms2's inversion of it, made once. NULL when the
 * profile's three TRCs are not one tabulated curve. For matrix/TRC sources in relative colorimetric
 * intent only; kept for the process (at most four profiles).
 */
void *is_lcms_output_twin(void *profile, const uint8_t *bytes, size_t length);

/* How many output bytes a transform from `source` to `twin` gives differently from one to
 * `destination`, on all 2^24 colours (RGB8, relative colorimetric); -1 when one cannot be made.
 * For tests. */
long is_lcms_output_twin_differences(void *source, void *destination, void *twin);

/* A new owner for the per-thread table of converted colours: one per transform, never reused (a
 * transform made later at a freed one's address must not find its colours). */
uint64_t is_lcms_cache_owner(void);

/*
 * Converts, in each of `rows` rows `stride` bytes apart from `first` (RGBA8), the pixels of columns
 * `column_begin`, `column_begin + step`, … below `column_end`, through `transform` (an
 * cmsHTRANSFORM from TYPE_RGB_8 to TYPE_RGB_8 made with cmsFLAGS_NOCACHE), in place. Alpha and the
 * other columns are not touched. Each pixel gets exactly the bytes the transform gives it alone:
 * colours the calling thread converted lately for `owner` (is_lcms_cache_owner, one per transform)
 * are taken from its table, the rest converted. Safe from several threads at once on one transform.
 */
void is_lcms_convert_rgba_as_rgb(void *transform, uint64_t owner, uint8_t *first, size_t stride, size_t rows,
                                 size_t column_begin, size_t column_end, size_t step);

#ifdef __cplusplus
}
#endif

/* 1 when the run-only deflater writes `length` bytes as the same stream with its symbols grouped 8
 * to a store as with each symbol written on its own; -1 when out of memory. For tests. */
int is_rle_deflate_agrees(const uint8_t *input, size_t length);

/* 1 when the PNG writer's RGBA-to-RGB packing of `pixels` pixels with SSE2 gives the bytes of its
 * plain loop and writes nothing past the row (always, on a CPU without it); -1 when out of memory.
 * For tests. */
int is_png_pack_row_agrees(const uint8_t *rgba, size_t pixels);

/* 1 when the run-only deflater's vector parse of `length` bytes (SSE2) gives the symbols and counts
 * its byte-at-a-time parse gives (always, on a CPU without it); -1 when out of memory. For tests. */
int is_rle_parse_agrees(const uint8_t *input, size_t length);

#include "nearest_index.h"
#include "vector_sqrt.h"

#endif
