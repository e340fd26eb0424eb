#include "CShims.h"

#include <string.h>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

/*
 * White balance's per-pixel correction (LightCorrectionKernel.swift), a row at a time. Swift ran
 * it at 51 instructions a pixel: the three codes pulled out of a 32-bit word by shifts, their
 * largest found by compares for the clipped test, three `min`s, adds and masks for the encode
 * indices. With SSE2 (every x86-64) a pixel's three channels go through one vector: the codes are
 * loaded as bytes, the clipped test is one compare of the decoded vector, the nearest encode index
 * one conversion (CVTPS2DQ rounds to nearest even, as adding 2^23 does), and the bytes are stored
 * one by one, which leaves alpha alone. The arithmetic is the same float operations in the same
 * order (a product per channel, the gains stepped by one add a pixel), so every byte is the same;
 * the tests compare the two paths and the Swift reference.
 */

/* The nearest encode index of a root-linear value: 2^23 added puts it, rounded to nearest even, in
 * the float's low mantissa bits. Negative values (never: gains are positive) and NaN clamp to 0,
 * so that the table is never read outside. */
static inline uint32_t is_light_index(float value, float top) {
    float m = value > 0 ? value : 0;
    m = m < top ? m : top;
    m += 8388608.0f;
    uint32_t bits;
    memcpy(&bits, &m, sizeof bits);
    return bits & 0x7FFFFFu;
}

/* Swift's max and min (y >= x ? y : x and y < x ? y : x): which of two equal values is taken
 * matters only for signed zeros, but the same rule keeps the results the same bits. */
static inline float is_swift_max(float x, float y) { return y >= x ? y : x; }
static inline float is_swift_min(float x, float y) { return y < x ? y : x; }

/* A pixel with a clipped channel (code >= clip_code), as LightCorrectionKernel.recover: clipped
 * channels, corrected by their gains `v`, are raised to the brightest unclipped one (all three to
 * the brightest when all are clipped), and two clipped ones towards each other by at most their
 * gains' ratio. The same float operations in the same order as the Swift. Out of line: rare. */
__attribute__((noinline))
static void is_light_recover(uint8_t *p, float r, float g, float b, const float *gains, const is_light_tables *t) {
    const float v[3] = {r, g, b};
    int clipped[3];
    for (int c = 0; c < 3; c++) clipped[c] = p[c] >= t->clip_code;
    float floor = -1;
    for (int c = 0; c < 3; c++) {
        if (!clipped[c]) floor = is_swift_max(floor, v[c]);
    }
    if (floor < 0) floor = is_swift_max(v[0], is_swift_max(v[1], v[2]));
    for (int c = 0; c < 3; c++) {
        float out = v[c];
        if (clipped[c]) {
            float target = floor;
            for (int k = 0; k < 3; k++) {
                if (k != c && clipped[k] && gains[c] > 0) {
                    target = is_swift_max(target, is_swift_min(v[k], v[c] * gains[k] / gains[c]));
                }
            }
            out = is_swift_max(v[c], target);
        }
        p[c] = t->encode[is_light_index(out, t->top)];
    }
}

/* Pixels [0, count) of `p`; returns how many had a clipped channel. */
static size_t is_light_run_scalar(uint8_t *p, size_t count, const is_light_tables *t, const float *gains,
                                  const float *steps) {
    float gain[3] = {gains[0], gains[1], gains[2]};
    size_t clipped = 0;
    for (size_t i = 0; i < count; i++, p += 4) {
        float r = t->decode[p[0]] * gain[0], g = t->decode[p[1]] * gain[1], b = t->decode[p[2]] * gain[2];
        if (p[0] >= t->clip_code || p[1] >= t->clip_code || p[2] >= t->clip_code) {
            is_light_recover(p, r, g, b, gain, t);
            clipped++;
        } else {
            p[0] = t->encode[is_light_index(r, t->top)];
            p[1] = t->encode[is_light_index(g, t->top)];
            p[2] = t->encode[is_light_index(b, t->top)];
        }
        for (int c = 0; c < 3; c++) gain[c] += steps[c];
    }
    return clipped;
}

#if defined(__SSE2__)
static size_t is_light_run_sse2(uint8_t *p, size_t count, const is_light_tables *t, const float *gains,
                                const float *steps) {
    __m128 g = _mm_setr_ps(gains[0], gains[1], gains[2], 0);
    const __m128 step = _mm_setr_ps(steps[0], steps[1], steps[2], 0);
    const __m128 top = _mm_set1_ps(t->top), floor = _mm_set1_ps(t->clip_floor), zero = _mm_setzero_ps();
    const float *decode = t->decode;
    const uint8_t *encode = t->encode;
    size_t clipped = 0;
    for (size_t i = 0; i < count; i++, p += 4) {
        __m128 rg = _mm_unpacklo_ps(_mm_load_ss(decode + p[0]), _mm_load_ss(decode + p[1]));
        __m128 v = _mm_movelh_ps(rg, _mm_load_ss(decode + p[2]));
        __m128 product = _mm_mul_ps(v, g);
        /* A channel decoded at or above the clip code's value is a code at or above it (the table
         * rises strictly); the fourth lane is 0. */
        if (__builtin_expect(_mm_movemask_ps(_mm_cmpge_ps(v, floor)) != 0, 0)) {
            float lanes[4], gain[4];
            _mm_storeu_ps(lanes, product);
            _mm_storeu_ps(gain, g);
            is_light_recover(p, lanes[0], lanes[1], lanes[2], gain, t);
            clipped++;
        } else {
            __m128i k = _mm_cvtps_epi32(_mm_min_ps(_mm_max_ps(product, zero), top));
            p[0] = encode[_mm_extract_epi16(k, 0)];
            p[1] = encode[_mm_extract_epi16(k, 2)];
            p[2] = encode[_mm_extract_epi16(k, 4)];
        }
        g = _mm_add_ps(g, step);
    }
    return clipped;
}
#endif

size_t is_light_correct_row(uint8_t *row, size_t width, const float *row_gains, size_t columns, size_t spacing,
                            const is_light_tables *tables, int vectorised) {
    if (row == NULL || row_gains == NULL || tables == NULL || columns == 0 || spacing == 0) return 0;
    size_t clipped = 0;
    if (columns == 1) {
        /* One node: the row's gains throughout (steps of 0). */
        const float steps[3] = {0, 0, 0};
        return is_light_run_scalar(row, width, tables, row_gains, steps);
    }
    /* Spans run from node column i to node column i + 1; the last ends the row. */
    for (size_t i = 0; i + 1 < columns; i++) {
        size_t start = i * spacing, next = (i + 1) * spacing < width - 1 ? (i + 1) * spacing : width - 1;
        size_t end = i + 2 == columns ? width : next;
        const float *n0 = row_gains + 3 * i;
        float span = (float)(next - start), steps[3], gains[3];
        for (int c = 0; c < 3; c++) {
            steps[c] = (n0[3 + c] - n0[c]) / span;
            gains[c] = n0[c];
        }
#if defined(__SSE2__)
        if (vectorised) {
            clipped += is_light_run_sse2(row + 4 * start, end - start, tables, gains, steps);
            continue;
        }
#endif
        (void)vectorised;
        clipped += is_light_run_scalar(row + 4 * start, end - start, tables, gains, steps);
    }
    return clipped;
}
