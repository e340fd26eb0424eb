#include "CShims.h"

/*
 * White balance's per-pixel loop (LightCorrectionKernel.correctSpan in Swift) eight pixels at a
 * time with AVX2: the three decode lookups and the three encode lookups are gathers, the gains,
 * multiplies and table indices vector arithmetic. Every pixel gets the bytes the Swift loop gives it:
 * the same single-precision products and sums in the same order (the gains still step pixel by
 * pixel as a sequential sum, only written to a small array first), and a group of eight holding a
 * clipped channel goes through the scalar loop below, which is the Swift one transcribed.
 *
 * Only on x86-64 with AVX2 (target attributes, picked at run time); elsewhere the Swift loop runs.
 */

/* No fused multiply-add: each product and sum rounds on its own, as in the Swift loop. */
#if defined(__clang__)
#pragma clang fp contract(off)
#elif defined(__GNUC__)
#pragma GCC optimize("fp-contract=off")
#endif

#include <stdint.h>
#include <string.h>

#if defined(__x86_64__)
#include <immintrin.h>

/* Swift's min/max on floats (`y < x ? y : x`, `y >= x ? y : x`). */
static inline float swift_min(float x, float y) { return y < x ? y : x; }
static inline float swift_max(float x, float y) { return y >= x ? y : x; }

/* LightCorrectionKernel.recover: clipped channels raised to the brightest unclipped one. */
static void recover(float v[3], const int clipped[3], const float gain[3]) {
    float floor = -1;
    for (int c = 0; c < 3; c++) if (!clipped[c]) floor = swift_max(floor, v[c]);
    if (floor < 0) floor = swift_max(v[0], swift_max(v[1], v[2]));
    float out[3] = {v[0], v[1], v[2]};
    for (int c = 0; c < 3; c++) {
        if (!clipped[c]) continue;
        float target = floor;
        for (int k = 0; k < 3; k++) {
            if (k == c || !clipped[k] || !(gain[c] > 0)) continue;
            target = swift_max(target, swift_min(v[k], v[c] * gain[k] / gain[c]));
        }
        out[c] = swift_max(v[c], target);
    }
    v[0] = out[0]; v[1] = out[1]; v[2] = out[2];
}

/* LightCorrectionKernel.index: the nearest table entry of a value ≥ 0, clamped to `top`. */
static inline uint32_t table_index(float value, float top) {
    float sum = swift_min(value, top) + 8388608.0f;
    uint32_t bits;
    memcpy(&bits, &sum, 4);
    return bits & 0x7FFFFFu;
}

/* One pixel as the Swift loop does it; returns 1 when it had a clipped channel. */
static inline int correct_one(uint8_t *p, const float gain[3], const float *decode, const uint8_t *encode,
                              float top, int clip) {
    uint32_t v;
    memcpy(&v, p, 4);
    int codes[3] = {(int)(v & 0xFF), (int)((v >> 8) & 0xFF), (int)((v >> 16) & 0xFF)};
    float x[3] = {decode[codes[0]] * gain[0], decode[codes[1]] * gain[1], decode[codes[2]] * gain[2]};
    int clipped = 0;
    int high = codes[0] > codes[1] ? codes[0] : codes[1];
    if ((high > codes[2] ? high : codes[2]) >= clip) {
        int flags[3] = {codes[0] >= clip, codes[1] >= clip, codes[2] >= clip};
        recover(x, flags, gain);
        clipped = 1;
    }
    uint32_t out = (v & 0xFF000000u) | (uint32_t)encode[table_index(x[0], top)]
        | (uint32_t)encode[table_index(x[1], top)] << 8 | (uint32_t)encode[table_index(x[2], top)] << 16;
    memcpy(p, &out, 4);
    return clipped;
}

__attribute__((target("avx2")))
static long correct_span_avx2(uint8_t *row, long x_begin, long x_end, const float start[3], const float step[3],
                              const float *decode, const uint8_t *encode, float top, int clip) {
    float gr = start[0], gg = start[1], gb = start[2];
    const float sr = step[0], sg = step[1], sb = step[2];
    const __m256i low = _mm256_set1_epi32(0xFF), alpha = _mm256_set1_epi32((int)0xFF000000u);
    const __m256i mantissa = _mm256_set1_epi32(0x7FFFFF), below_clip = _mm256_set1_epi32(clip - 1);
    const __m256 ceiling = _mm256_set1_ps(top), shift = _mm256_set1_ps(8388608.0f);
    long clipped = 0, x = x_begin;
    for (; x + 8 <= x_end; x += 8) {
        /* The gains of the eight pixels, stepped one pixel at a time as in the Swift loop. */
        float r_gain[8], g_gain[8], b_gain[8];
        for (int k = 0; k < 8; k++) {
            r_gain[k] = gr; g_gain[k] = gg; b_gain[k] = gb;
            gr += sr; gg += sg; gb += sb;
        }
        uint8_t *p = row + x * 4;
        __m256i v = _mm256_loadu_si256((const __m256i *)p);
        __m256i r8 = _mm256_and_si256(v, low);
        __m256i g8 = _mm256_and_si256(_mm256_srli_epi32(v, 8), low);
        __m256i b8 = _mm256_and_si256(_mm256_srli_epi32(v, 16), low);
        __m256i high = _mm256_max_epi32(r8, _mm256_max_epi32(g8, b8));
        if (_mm256_movemask_epi8(_mm256_cmpgt_epi32(high, below_clip))) {
            for (int k = 0; k < 8; k++) {
                const float gain[3] = {r_gain[k], g_gain[k], b_gain[k]};
                clipped += correct_one(p + k * 4, gain, decode, encode, top, clip);
            }
            continue;
        }
        __m256 r = _mm256_mul_ps(_mm256_i32gather_ps(decode, r8, 4), _mm256_loadu_ps(r_gain));
        __m256 g = _mm256_mul_ps(_mm256_i32gather_ps(decode, g8, 4), _mm256_loadu_ps(g_gain));
        __m256 b = _mm256_mul_ps(_mm256_i32gather_ps(decode, b8, 4), _mm256_loadu_ps(b_gain));
        /* min(value, top) as Swift's min: `top < value ? top : value` (no NaN here). */
        __m256i ri = _mm256_and_si256(_mm256_castps_si256(_mm256_add_ps(_mm256_min_ps(r, ceiling), shift)), mantissa);
        __m256i gi = _mm256_and_si256(_mm256_castps_si256(_mm256_add_ps(_mm256_min_ps(g, ceiling), shift)), mantissa);
        __m256i bi = _mm256_and_si256(_mm256_castps_si256(_mm256_add_ps(_mm256_min_ps(b, ceiling), shift)), mantissa);
        /* Four bytes from each entry (the table has three bytes of slack past its end), the first kept. */
        __m256i re = _mm256_and_si256(_mm256_i32gather_epi32((const int *)encode, ri, 1), low);
        __m256i ge = _mm256_and_si256(_mm256_i32gather_epi32((const int *)encode, gi, 1), low);
        __m256i be = _mm256_and_si256(_mm256_i32gather_epi32((const int *)encode, bi, 1), low);
        __m256i out = _mm256_or_si256(_mm256_and_si256(v, alpha),
                                      _mm256_or_si256(re, _mm256_or_si256(_mm256_slli_epi32(ge, 8), _mm256_slli_epi32(be, 16))));
        _mm256_storeu_si256((__m256i *)p, out);
    }
    for (; x < x_end; x++) {
        const float gain[3] = {gr, gg, gb};
        clipped += correct_one(row + x * 4, gain, decode, encode, top, clip);
        gr += sr; gg += sg; gb += sb;
    }
    return clipped;
}

int is_light_correct_available(void) {
    __builtin_cpu_init();
    return __builtin_cpu_supports("avx2") ? 1 : 0;
}

long is_light_correct_span(uint8_t *row, long x_begin, long x_end, float start_r, float start_g, float start_b,
                           float step_r, float step_g, float step_b, const float *decode, const uint8_t *encode, float top, int clip) {
    const float start[3] = {start_r, start_g, start_b}, step[3] = {step_r, step_g, step_b};
    return correct_span_avx2(row, x_begin, x_end, start, step, decode, encode, top, clip);
}

#else

int is_light_correct_available(void) { return 0; }

long is_light_correct_span(uint8_t *row, long x_begin, long x_end, float start_r, float start_g, float start_b,
                           float step_r, float step_g, float step_b, const float *decode, const uint8_t *encode, float top, int clip) {
    (void)row; (void)x_begin; (void)x_end; (void)start_r; (void)start_g; (void)start_b;
    (void)step_r; (void)step_g; (void)step_b; (void)decode; (void)encode; (void)top; (void)clip;
    return -1;
}

#endif
