#include "CShims.h"

#include <lcms2.h>
#include <pthread.h>
#include <stdlib.h>
#include <stdatomic.h>
#include <string.h>

/*
 * lcms2 picks its pixel formatters by layout: packed RGB8 has unrolled ones, RGBA8 falls to the
 * generic chunky formatter (a loop over channels and extra channels per pixel), and copying alpha
 * through is a further pass. Gathering the three colour bytes of a run of pixels into a small
 * buffer, converting that as RGB8 and scattering the result back gives every pixel the same bytes
 * (the transform's pipeline is the same; only the formatters differ) in a little over half the time.
 *
 * A photo's pixels repeat: a 2 MP scan of a print holds some 150 000 distinct colours, and
 * neighbouring pixels (the frame, the sky, flat walls) often share one exactly. Each thread keeps
 * the transform's results for the colours it met last in a direct-mapped table, so lcms2 converts
 * only the colours the table lacks (a fifth of a scan's pixels); a colour found there gets the bytes
 * lcms2 gave it, so the output is the same.
 */

/* Pixels converted per lcms call: both buffers stay in L1 beside the rows. */
#define IS_LCMS_RUN 512
/* The table's size: 2^14 colours, 128 KB a thread that converts. On the Display P3 benchmark photo
 * (2.4 M pixels converted) 2^12 colours found 72 % of the pixels and lcms2 converted the rest at
 * about 120 instructions each; 2^14 find more and save 37 M instructions of 1505 M (2^16: 21 M
 * more, but 512 KB a thread, past a core's L2 cache). */
#define IS_LCMS_CACHE_BITS 14
#define IS_LCMS_CACHE_SIZE (1u << IS_LCMS_CACHE_BITS)
/* Set in every key stored, so that the zeroed table holds no colour. */
#define IS_LCMS_CACHE_VALID 0x80000000u

typedef struct {
    uint64_t owner;                      /* the converter whose results these are; 0: none */
    uint32_t key[IS_LCMS_CACHE_SIZE];    /* IS_LCMS_CACHE_VALID | b << 16 | g << 8 | r */
    uint32_t value[IS_LCMS_CACHE_SIZE];  /* b << 16 | g << 8 | r after the transform */
} is_lcms_cache;

/* Each converting thread's table, allocated on its first conversion and freed when it ends: a
 * static thread-local table would be zeroed (touched) in every thread the process starts. */
static pthread_key_t is_lcms_cache_key;
static pthread_once_t is_lcms_cache_key_once = PTHREAD_ONCE_INIT;
static _Thread_local is_lcms_cache *is_lcms_thread_cache;

static void is_lcms_make_cache_key(void) {
    if (pthread_key_create(&is_lcms_cache_key, free) != 0) abort();
}

/* The calling thread's table (NULL when out of memory). */
static is_lcms_cache *is_lcms_cache_of_thread(void) {
    if (is_lcms_thread_cache != NULL) return is_lcms_thread_cache;
    pthread_once(&is_lcms_cache_key_once, is_lcms_make_cache_key);
    is_lcms_cache *cache = (is_lcms_cache *)calloc(1, sizeof *cache);
    if (cache == NULL) return NULL;
    if (pthread_setspecific(is_lcms_cache_key, cache) != 0) {
        free(cache);
        return NULL;
    }
    is_lcms_thread_cache = cache;
    return cache;
}
static _Atomic uint64_t is_lcms_next_owner = 1;

uint64_t is_lcms_cache_owner(void) {
    return atomic_fetch_add_explicit(&is_lcms_next_owner, 1, memory_order_relaxed);
}

/* A colour as the low three bytes of a word, red lowest: the layout of an RGBA pixel read as a
 * little-endian word, so that the table is looked up with one load a pixel. */
static inline uint32_t is_lcms_colour(const uint8_t *rgb) {
    return (uint32_t)rgb[0] | (uint32_t)rgb[1] << 8 | (uint32_t)rgb[2] << 16;
}

/* An RGBA pixel as a word, red in the low byte, alpha in the high one, and back. */
static inline uint32_t is_lcms_load_pixel(const uint8_t *pixel) {
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    uint32_t word;
    memcpy(&word, pixel, sizeof word);
    return word;
#else
    return is_lcms_colour(pixel) | (uint32_t)pixel[3] << 24;
#endif
}

static inline void is_lcms_store_pixel(uint8_t *pixel, uint32_t word) {
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    memcpy(pixel, &word, sizeof word);
#else
    for (int k = 0; k < 4; k++) pixel[k] = (uint8_t)(word >> (8 * k));
#endif
}

static inline uint32_t is_lcms_slot(uint32_t key) {
    return (key * 2654435761u) >> (32 - IS_LCMS_CACHE_BITS);
}

/* Converts the `count` colours in `in` (packed RGB), writes each to its pixel and keeps it. */
static void is_lcms_flush(void *transform, is_lcms_cache *cache, const uint8_t *in, uint8_t *const *where,
                          size_t count) {
    uint8_t out[IS_LCMS_RUN * 3];
    cmsDoTransform((cmsHTRANSFORM)transform, in, out, (cmsUInt32Number)count);
    for (size_t i = 0; i < count; i++) {
        uint32_t key = IS_LCMS_CACHE_VALID | is_lcms_colour(in + i * 3);
        uint32_t slot = is_lcms_slot(key);
        cache->key[slot] = key;
        cache->value[slot] = is_lcms_colour(out + i * 3);
        memcpy(where[i], out + i * 3, 3);
    }
}

void is_lcms_convert_rgba_as_rgb(void *transform, uint64_t owner, uint8_t *first, size_t stride, size_t rows,
                                 size_t column_begin, size_t column_end, size_t step) {
    if (transform == NULL || first == NULL || step == 0 || column_begin >= column_end) return;
    is_lcms_cache *cache = is_lcms_cache_of_thread();
    if (cache == NULL) {
        /* No table: every pixel through lcms2, one at a time (the same bytes). */
        for (size_t y = 0; y < rows; y++) {
            uint8_t *row = first + y * stride;
            for (size_t x = column_begin; x < column_end; x += step) {
                uint8_t in[3] = {row[x * 4], row[x * 4 + 1], row[x * 4 + 2]};
                cmsDoTransform((cmsHTRANSFORM)transform, in, row + x * 4, 1);
            }
        }
        return;
    }
    if (owner == 0 || cache->owner != owner) {
        memset(cache->key, 0, sizeof cache->key);
        cache->owner = owner;
    }
    /* The pixels the table lacks, converted IS_LCMS_RUN at a time. */
    uint8_t in[IS_LCMS_RUN * 3];
    uint8_t *where[IS_LCMS_RUN];
    size_t missed = 0;
    for (size_t y = 0; y < rows; y++) {
        uint8_t *row = first + y * stride;
        for (size_t x = column_begin; x < column_end; x += step) {
            uint8_t *pixel = row + x * 4;
            uint32_t word = is_lcms_load_pixel(pixel);
            uint32_t key = IS_LCMS_CACHE_VALID | (word & 0xFFFFFFu);
            uint32_t slot = is_lcms_slot(key);
            if (cache->key[slot] == key) {
                is_lcms_store_pixel(pixel, (word & 0xFF000000u) | cache->value[slot]);
                continue;
            }
            in[missed * 3] = pixel[0];
            in[missed * 3 + 1] = pixel[1];
            in[missed * 3 + 2] = pixel[2];
            where[missed++] = pixel;
            if (missed < IS_LCMS_RUN) continue;
            is_lcms_flush(transform, cache, in, where, missed);
            missed = 0;
        }
    }
    if (missed > 0) is_lcms_flush(transform, cache, in, where, missed);
}
