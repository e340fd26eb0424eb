#include "CShims.h"
#include "rle_deflate.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <zlib.h>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

/*
 * PNG image data compressed in row bands that run concurrently and join into ONE zlib stream.
 *
 * Each band is raw deflate (no zlib header) that starts with an empty dictionary and ends on a
 * byte boundary: a Z_SYNC_FLUSH (an empty stored block) for every band but the last, Z_FINISH for
 * the last. Concatenated behind a zlib header, with the bands' Adler-32 checksums combined into
 * the trailer, they are exactly the stream a single deflate with flushes would have made: any
 * inflater reads it (pigz writes gzip the same way). The cost is that a band does not see the 32
 * KiB before it: a few hundred bytes on a multi-megabyte image.
 *
 * Run-only matching (Z_RLE, the `fast` setting) goes through rle_deflate.c instead of zlib: the
 * same parse in about a third of the time, the stream joined the same way.
 *
 * No libpng here, so no setjmp: zlib reports errors by return code.
 */

/* The first `bpp` bytes of each `in_bpp`-byte pixel (RGBA rows written as RGB): a plain loop, not
 * a memcpy call a pixel. With SSE2 (`vector`), RGBA to RGB goes four pixels a step: 4 instructions
 * a pixel instead of 10. */
static void is_pack_row_with(const uint8_t *src, size_t in_bpp, uint8_t *out, size_t bpp, size_t length, int vector) {
    if (in_bpp == 4 && bpp == 3) {
        size_t x = 0, o = 0;
#if defined(__SSE2__)
        /* In each 64-bit half, the low pixel's three bytes and the high one's shifted down beside
         * them (6 bytes); then the upper half's six moved down against the lower's. 16 bytes are
         * stored for 12, so only while all 16 lie inside the row. */
        if (vector) {
            const __m128i low = _mm_set1_epi64x(0xFFFFFF), high = _mm_set1_epi64x(0xFFFFFF000000);
            const __m128i first6 = _mm_setr_epi8(-1, -1, -1, -1, -1, -1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0);
            for (; o + 16 <= length; x += 16, o += 12) {
                __m128i v = _mm_loadu_si128((const __m128i *)(src + x));
                __m128i halves = _mm_or_si128(_mm_and_si128(v, low), _mm_and_si128(_mm_srli_epi64(v, 8), high));
                __m128i packed = _mm_or_si128(_mm_and_si128(halves, first6),
                                              _mm_andnot_si128(first6, _mm_srli_si128(halves, 2)));
                _mm_storeu_si128((__m128i *)(out + o), packed);
            }
        }
#endif
        (void)vector;
        for (; o < length; x += 4, o += 3) {
            out[o] = src[x];
            out[o + 1] = src[x + 1];
            out[o + 2] = src[x + 2];
        }
        return;
    }
    for (size_t x = 0, o = 0; o < length; x += in_bpp, o += bpp) {
        for (size_t c = 0; c < bpp; c++) out[o + c] = src[x + c];
    }
}

static void is_pack_row(const uint8_t *src, size_t in_bpp, uint8_t *out, size_t bpp, size_t length) {
    is_pack_row_with(src, in_bpp, out, bpp, length, 1);
}

int is_png_pack_row_agrees(const uint8_t *rgba, size_t pixels) {
    if (rgba == NULL || pixels == 0) return 1;
    /* One byte past each row: the vector path must not write it. */
    uint8_t *fast = (uint8_t *)malloc(pixels * 3 + 1), *slow = (uint8_t *)malloc(pixels * 3 + 1);
    int agrees = -1;
    if (fast && slow) {
        fast[pixels * 3] = slow[pixels * 3] = 0xA5;
        is_pack_row_with(rgba, 4, fast, 3, pixels * 3, 1);
        is_pack_row_with(rgba, 4, slow, 3, pixels * 3, 0);
        agrees = memcmp(fast, slow, pixels * 3 + 1) == 0 && fast[pixels * 3] == 0xA5;
    }
    free(fast);
    free(slow);
    return agrees;
}

/* libpng's filter heuristic: the sum of the filtered bytes taken as signed, the smallest wins. */
static uint64_t is_row_cost(const uint8_t *row, size_t length) {
    uint64_t sum = 0;
    for (size_t i = 0; i < length; i++) {
        int v = (int8_t)row[i];
        sum += (uint64_t)(v < 0 ? -v : v);
    }
    return sum;
}

static inline uint8_t is_paeth(int a, int b, int c) {
    int p = a + b - c;
    int pa = abs(p - a), pb = abs(p - b), pc = abs(p - c);
    if (pa <= pb && pa <= pc) return (uint8_t)a;
    return (uint8_t)(pb <= pc ? b : c);
}

/* Writes filter type `type` of `raw` (previous row `prior`, zeros for the first) into out[0..length). */
static void is_filter_row(int type, const uint8_t *raw, const uint8_t *prior, size_t length, size_t bpp, uint8_t *out) {
    switch (type) {
    case 0:
        memcpy(out, raw, length);
        break;
    case 1:
        for (size_t i = 0; i < length; i++) out[i] = (uint8_t)(raw[i] - (i >= bpp ? raw[i - bpp] : 0));
        break;
    case 2:
        for (size_t i = 0; i < length; i++) out[i] = (uint8_t)(raw[i] - prior[i]);
        break;
    case 3:
        for (size_t i = 0; i < length; i++) {
            int left = i >= bpp ? raw[i - bpp] : 0;
            out[i] = (uint8_t)(raw[i] - ((left + prior[i]) >> 1));
        }
        break;
    default:
        for (size_t i = 0; i < length; i++) {
            int left = i >= bpp ? raw[i - bpp] : 0, corner = i >= bpp ? prior[i - bpp] : 0;
            out[i] = (uint8_t)(raw[i] - is_paeth(left, prior[i], corner));
        }
        break;
    }
}

/* One band being filtered and deflated row by row (is_png_band_stream_*). The one-shot
 * is_png_deflate_band runs through the same calls, so both write the same bytes. */
struct is_png_band_stream {
    z_stream z;                   /* next_out/avail_out only, with `rle` */
    is_rle_deflater *rle;         /* Z_RLE: the run-only deflater instead of zlib's */
    int zlib_ready;
    uint8_t *scratch;
    uint8_t *current, *previous, *candidates;
    size_t in_bpp, bpp, length;
    uint32_t rows_left;
    int filters;
    int last_band;
    uLong adler;
    is_png_band band;
    size_t capacity;
    int spill_fd;                 /* -1: the band's bytes stay in memory */
    size_t spilled;
    int status;
};

/* Past this many bytes in the output buffer a spilling stream writes them out, so that only
 * this much of the band is ever resident. */
#define IS_PNG_SPILL_BYTES ((size_t)1 << 16)

/* Input bytes a run-only deflate block holds: 32 KiB kept files within 0.1 % of zlib's Z_RLE on
 * 7 and 12 MP photos (16 KiB: +0.2 %, 8 KiB: +0.6 %, 64 KiB: +0.3 %) and its codes in cache. */
#define IS_PNG_RLE_BLOCK_BYTES ((size_t)1 << 15)

/* Appends all of `bytes` to `fd`, retrying short and interrupted writes. */
static int is_write_all(int fd, const uint8_t *bytes, size_t length) {
    while (length > 0) {
        ssize_t n = write(fd, bytes, length);
        if (n < 0) {
            if (errno == EINTR) continue;
            return IS_PNG_SPILL_FAILED;
        }
        bytes += n;
        length -= (size_t)n;
    }
    return IS_PNG_OK;
}

/* Writes out what deflate has produced (at least `threshold` bytes of it) and rewinds the
 * output buffer: zlib allows next_out to move between calls. */
static void is_png_band_spill(is_png_band_stream *s, size_t threshold) {
    if (s->spill_fd < 0 || s->status != IS_PNG_OK) return;
    size_t produced = (size_t)(s->z.next_out - s->band.bytes);
    if (produced == 0 || produced < threshold) return;
    int status = is_write_all(s->spill_fd, s->band.bytes, produced);
    if (status != IS_PNG_OK) {
        s->status = status;
        return;
    }
    s->spilled += produced;
    s->z.next_out = s->band.bytes;
    s->z.avail_out = (uInt)(s->capacity > UINT32_MAX ? UINT32_MAX : s->capacity);
}

int is_png_band_stream_begin(const is_png_band_params *params, const uint8_t *row_before,
                             is_png_band_stream **out) {
    if (out == NULL) return IS_PNG_INVALID_CALL;
    *out = NULL;
    if (params == NULL || params->width == 0) return IS_PNG_INVALID_CALL;
    size_t in_bpp = (size_t)params->channels_in, bpp = (size_t)params->channels_out;
    size_t length = (size_t)params->width * bpp;
    if (in_bpp < bpp || bpp == 0 || length / bpp != params->width) return IS_PNG_INVALID_CALL;
    is_png_band_stream *s = (is_png_band_stream *)calloc(1, sizeof *s);
    if (s == NULL) return IS_PNG_NO_MEMORY;
    /* Scratch: the packed current and previous rows, and one filtered row per candidate filter. */
    s->scratch = (uint8_t *)calloc(7, length + 1);
    if (s->scratch == NULL) {
        free(s);
        return IS_PNG_NO_MEMORY;
    }
    s->current = s->scratch;
    s->previous = s->scratch + (length + 1);
    s->candidates = s->scratch + 2 * (length + 1); /* 5 rows of 1 + length bytes */
    s->in_bpp = in_bpp;
    s->bpp = bpp;
    s->length = length;
    s->rows_left = params->row_count;
    s->filters = params->filters;
    s->last_band = params->last_band;
    size_t raw_total = (size_t)params->row_count * (length + 1);
    size_t capacity;
    if (params->strategy == Z_RLE) {
        s->rle = is_rle_deflater_new(IS_PNG_RLE_BLOCK_BYTES);
        if (s->rle == NULL) {
            free(s->scratch);
            free(s);
            return IS_PNG_NO_MEMORY;
        }
        capacity = is_rle_deflate_bound(s->rle, raw_total);
    } else {
        /* Raw deflate (negative window bits): the caller writes the zlib header and trailer. */
        if (deflateInit2(&s->z, params->level, Z_DEFLATED, -15, 8, params->strategy) != Z_OK) {
            free(s->scratch);
            free(s);
            return IS_PNG_NO_MEMORY;
        }
        s->zlib_ready = 1;
        capacity = deflateBound(&s->z, (uLong)raw_total) + 16;
    }
    /* Pages of the bound not written are never touched, so the bound costs address space only. */
    s->band.bytes = (uint8_t *)malloc(capacity);
    if (s->band.bytes == NULL) {
        if (s->zlib_ready) deflateEnd(&s->z);
        is_rle_deflater_free(s->rle);
        free(s->scratch);
        free(s);
        return IS_PNG_NO_MEMORY;
    }
    s->band.raw_length = raw_total;
    s->capacity = capacity;
    s->spill_fd = -1;
    s->z.next_out = s->band.bytes;
    s->z.avail_out = (uInt)(capacity > UINT32_MAX ? UINT32_MAX : capacity);
    s->adler = adler32(0L, Z_NULL, 0);
    /* The row before the band, packed: Up, Average and Paeth read it even across the band's edge. */
    if (row_before != NULL) is_pack_row(row_before, in_bpp, s->previous + 1, bpp, length);
    s->status = IS_PNG_OK;
    *out = s;
    return IS_PNG_OK;
}

int is_png_band_stream_rows(is_png_band_stream *s, const uint8_t *rows, size_t stride, uint32_t count) {
    if (s == NULL || rows == NULL || count > s->rows_left) return IS_PNG_INVALID_CALL;
    for (uint32_t r = 0; r < count && s->status == IS_PNG_OK; r++) {
        const uint8_t *src = rows + (size_t)r * stride;
        size_t length = s->length, bpp = s->bpp;
        if (s->in_bpp == bpp) {
            memcpy(s->current + 1, src, length);
        } else {
            is_pack_row(src, s->in_bpp, s->current + 1, bpp, length);
        }
        /* Pick a filter as libpng does; a single allowed filter needs no trial. */
        int best = -1;
        uint64_t best_cost = UINT64_MAX;
        for (int type = 0; type < 5; type++) {
            if (!(s->filters & (0x08 << type))) continue;
            uint8_t *out = s->candidates + (size_t)type * (length + 1);
            out[0] = (uint8_t)type;
            is_filter_row(type, s->current + 1, s->previous + 1, length, bpp, out + 1);
            if (s->filters == (0x08 << type)) { best = type; break; }
            uint64_t cost = is_row_cost(out + 1, length);
            if (cost < best_cost) { best_cost = cost; best = type; }
        }
        if (best < 0) { s->status = IS_PNG_INVALID_CALL; break; }
        uint8_t *chosen = s->candidates + (size_t)best * (length + 1);
        s->adler = is_adler32(s->adler, chosen, length + 1, 1);
        s->z.next_in = chosen;
        s->z.avail_in = (uInt)(length + 1);
        s->rows_left--;
        int flush = s->rows_left == 0 ? (s->last_band ? Z_FINISH : Z_SYNC_FLUSH) : Z_NO_FLUSH;
        if (s->rle != NULL) {
            uint8_t *next = s->z.next_out;
            size_t avail = s->z.avail_out;
            int rle_flush = flush == Z_FINISH ? IS_RLE_FINISH : flush == Z_SYNC_FLUSH ? IS_RLE_SYNC_FLUSH : IS_RLE_NO_FLUSH;
            if (is_rle_deflate(s->rle, chosen, length + 1, rle_flush, &next, &avail) != 0) s->status = IS_PNG_CORRUPT;
            s->z.next_out = next;
            s->z.avail_out = (uInt)avail;
        } else {
            int result = deflate(&s->z, flush);
            if (result == Z_STREAM_ERROR || s->z.avail_in != 0 || (flush == Z_FINISH && result != Z_STREAM_END)) {
                s->status = IS_PNG_CORRUPT;
            }
        }
        uint8_t *swap = s->previous; s->previous = s->current; s->current = swap;
        is_png_band_spill(s, IS_PNG_SPILL_BYTES);
    }
    return s->status;
}

int is_png_band_stream_finish(is_png_band_stream *s, is_png_band *band) {
    if (s == NULL || band == NULL) return IS_PNG_INVALID_CALL;
    is_png_band_spill(s, 1);
    int status = s->status == IS_PNG_OK && s->rows_left != 0 ? IS_PNG_INVALID_CALL : s->status;
    memset(band, 0, sizeof *band);
    if (status == IS_PNG_OK && s->spill_fd >= 0) {
        /* Every byte is in the file: the band is its length, its bytes loaded when written. */
        band->length = s->spilled;
        band->raw_length = s->band.raw_length;
        band->adler = (uint32_t)s->adler;
    } else if (status == IS_PNG_OK) {
        *band = s->band;
        band->length = (size_t)(s->z.next_out - s->band.bytes);
        band->adler = (uint32_t)s->adler;
        s->band.bytes = NULL;
    }
    is_png_band_stream_free(s);
    return status;
}

int is_png_band_stream_spill(is_png_band_stream *s, int fd) {
    if (s == NULL || fd < 0 || s->z.next_out != s->band.bytes) return IS_PNG_INVALID_CALL;
    s->spill_fd = fd;
    return IS_PNG_OK;
}

int is_png_band_load(is_png_band *band, int fd) {
    if (band == NULL || band->bytes != NULL || fd < 0) return IS_PNG_INVALID_CALL;
    uint8_t *bytes = (uint8_t *)malloc(band->length > 0 ? band->length : 1);
    if (bytes == NULL) return IS_PNG_NO_MEMORY;
    size_t done = 0;
    while (done < band->length) {
        ssize_t n = pread(fd, bytes + done, band->length - done, (off_t)done);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) {
            free(bytes);
            return IS_PNG_SPILL_FAILED;
        }
        done += (size_t)n;
    }
    band->bytes = bytes;
    return IS_PNG_OK;
}

void is_png_band_stream_free(is_png_band_stream *s) {
    if (s == NULL) return;
    if (s->zlib_ready) deflateEnd(&s->z);
    is_rle_deflater_free(s->rle);
    free(s->band.bytes);
    free(s->scratch);
    free(s);
}

int is_png_deflate_band(const is_png_band_params *params, is_png_band *band) {
    if (params == NULL || band == NULL || params->rows == NULL || params->width == 0) return IS_PNG_INVALID_CALL;
    memset(band, 0, sizeof *band);
    const uint8_t *before = params->first_row > 0 ? params->rows + (size_t)(params->first_row - 1) * params->stride : NULL;
    is_png_band_stream *s = NULL;
    int status = is_png_band_stream_begin(params, before, &s);
    if (status != IS_PNG_OK) return status;
    status = is_png_band_stream_rows(s, params->rows + (size_t)params->first_row * params->stride, params->stride,
                                     params->row_count);
    if (status != IS_PNG_OK) {
        is_png_band_stream_free(s);
        return status;
    }
    return is_png_band_stream_finish(s, band);
}

void is_png_band_free(is_png_band *band) {
    if (band == NULL) return;
    free(band->bytes);
    band->bytes = NULL;
    band->length = 0;
}
