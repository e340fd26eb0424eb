#include "CShims.h"

/*
 * The bilinear perspective warp's inner loop (Rectify/WarpKernel.swift calls it for each band of
 * output rows), in C because the Swift compiler does not vectorise it: the per-pixel division and
 * the four unaligned taps stay scalar there.
 *
 * Every path computes exactly what the scalar one does, bit for bit:
 *   - the source position of output pixel (x, y) in double precision, per pixel from the
 *     homography (never accumulated along a row): W = h6·x + (h7·y + h8), sx = (h0·x + (h1·y + h2))
 *     · (1 / W), likewise sy; each product and sum rounded on its own (no FMA: contraction is off
 *     below), so SIMD lanes give the scalar results;
 *   - clamped to [0, width − 1] × [0, height − 1] (NaN to 0), scaled by 256 (exact) and truncated:
 *     the integer part and an 8-bit fraction;
 *   - four taps weighed in integers, (a·(256−wx) + b·wx)·(256−wy) + (c·(256−wx) + d·wx)·wy, plus
 *     2¹⁵, shifted right by 16. The sum is exact whatever the order, so SIMD lanes may group it
 *     differently.
 * A tap right of the last column or below the last row has weight 0 (the position was clamped),
 * so it is read only to keep the loads uniform: the column tap from the row's padding or the
 * next row (inside the buffer: PixelBuffer keeps 8 bytes of slack past its last row); the row
 * tap is never read below the last row (its offset is 0 there).
 *
 * The output is walked in tiles of IS_WARP_TILE_ROWS × IS_WARP_TILE_COLUMNS pixels: a print
 * photographed in portrait is stored sideways, so one output row runs down a source column; a tile
 * keeps the source it reads within a few dozen rows.
 *
 * Paths: plain C everywhere; on x86-64 SSE4.1 and AVX2 (compiled with target attributes, picked
 * at run time from the CPU, so the package needs no compiler flags); on arm64 NEON.
 */

/* No fused multiply-add: each product and sum rounds on its own, as in the scalar reference. */
#if defined(__clang__)
#pragma clang fp contract(off)
#elif defined(__GNUC__)
#pragma GCC optimize("fp-contract=off")
#endif

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#if defined(__x86_64__)
#include <immintrin.h>
#define IS_WARP_X86 1
#elif defined(__aarch64__)
#include <arm_neon.h>
#define IS_WARP_NEON 1
#endif

enum { IS_WARP_TILE_ROWS = 32, IS_WARP_TILE_COLUMNS = 64 };

/* The row-constant parts of the source position of row y. */
typedef struct {
    double x0, y0, w0;
} row_terms;

static inline row_terms terms_of_row(const double *h, int y) {
    double fy = (double)y;
    row_terms t = {h[1] * fy + h[2], h[4] * fy + h[5], h[7] * fy + h[8]};
    return t;
}

/* Source position of column x, in 1/256 pixels, clamped to the source. */
static inline void position(const double *h, row_terms t, int x, double max_x, double max_y,
                            int32_t *fx256, int32_t *fy256) {
    double fx = (double)x;
    double inv_w = 1.0 / (h[6] * fx + t.w0);
    double sx = (h[0] * fx + t.x0) * inv_w, sy = (h[3] * fx + t.y0) * inv_w;
    sx = sx > 0 ? (sx < max_x ? sx : max_x) : 0;
    sy = sy > 0 ? (sy < max_y ? sy : max_y) : 0;
    *fx256 = (int32_t)(sx * 256.0);
    *fy256 = (int32_t)(sy * 256.0);
}

/* One output pixel from the source position in 1/256 pixels. */
static inline uint32_t blend(const is_warp_params *p, int32_t fx256, int32_t fy256) {
    int ix = fx256 >> 8, iy = fy256 >> 8;
    uint32_t wx = (uint32_t)fx256 & 255, wy = (uint32_t)fy256 & 255;
    uint32_t ux = 256 - wx, uy = 256 - wy;
    ptrdiff_t bpp = p->source_bytes_per_pixel;
    ptrdiff_t dy = iy < p->source_height - 1 ? p->source_stride : 0;
    const uint8_t *a = p->source + iy * p->source_stride + ix * bpp;
    uint32_t pixel = bpp == 3 ? 0xFF000000u : 0;
    for (int c = 0; c < (int)bpp; c++) {
        uint32_t top = a[c] * ux + a[c + bpp] * wx;
        uint32_t bottom = a[c + dy] * ux + a[c + dy + bpp] * wx;
        pixel |= ((top * uy + bottom * wy + 32768) >> 16) << (8 * c);
    }
    return pixel;
}

static void columns_scalar(const is_warp_params *p, int y, int x_begin, int x_end) {
    row_terms t = terms_of_row(p->homography, y);
    double max_x = p->source_width - 1, max_y = p->source_height - 1;
    uint8_t *out = p->output + (ptrdiff_t)(y - p->output_first_row) * p->output_stride;
    for (int x = x_begin; x < x_end; x++) {
        int32_t fx256, fy256;
        position(p->homography, t, x, max_x, max_y, &fx256, &fy256);
        uint32_t pixel = blend(p, fx256, fy256);
        memcpy(out + 4 * x, &pixel, 4);
    }
}


/* Columns x_begin, x_begin + step, … (below x_end) of row y only; the others are left as they are. */
static void every_scalar(const is_warp_params *p, int y, int x_begin, int x_end, int step) {
    row_terms t = terms_of_row(p->homography, y);
    double max_x = p->source_width - 1, max_y = p->source_height - 1;
    uint8_t *out = p->output + (ptrdiff_t)(y - p->output_first_row) * p->output_stride;
    for (int x = x_begin; x < x_end; x += step) {
        int32_t fx256, fy256;
        position(p->homography, t, x, max_x, max_y, &fx256, &fy256);
        uint32_t pixel = blend(p, fx256, fy256);
        memcpy(out + 4 * (ptrdiff_t)x, &pixel, 4);
    }
}

#if IS_WARP_X86

/* Byte order that puts each channel's two horizontal taps side by side: a0 b0 a1 b1 … for the top
 * row's 8 loaded bytes (low half) and the bottom row's (high half). Sources of 3 bytes a pixel
 * have their fourth channel zeroed (it belongs to the next pixel); alpha is forced opaque. */
static inline __m128i tap_order(int bpp) {
    return bpp == 4 ? _mm_setr_epi8(0, 4, 1, 5, 2, 6, 3, 7, 8, 12, 9, 13, 10, 14, 11, 15)
                    : _mm_setr_epi8(0, 3, 1, 4, 2, 5, -1, -1, 8, 11, 9, 12, 10, 13, -1, -1);
}

/* Where the taps are read: copied out of the parameters into locals, so that the compiler need
 * not reload them after every store to the output (which it cannot prove does not alias them). */
typedef struct {
    const uint8_t *base;
    ptrdiff_t stride;
    ptrdiff_t bpp;
    int last_row;
} tap_source;

static inline tap_source tap_source_of(const is_warp_params *p) {
    tap_source s = {p->source, p->source_stride, p->source_bytes_per_pixel, p->source_height - 1};
    return s;
}

/* A pixel's four taps: the top row's two pixels in the low 8 bytes, the bottom row's in the high. */
__attribute__((target("sse4.1")))
static inline __m128i load_taps(tap_source s, int32_t fx256, int32_t fy256) {
    int ix = fx256 >> 8, iy = fy256 >> 8;
    ptrdiff_t dy = iy < s.last_row ? s.stride : 0;
    const uint8_t *a = s.base + iy * s.stride + ix * s.bpp;
    return _mm_unpacklo_epi64(_mm_loadl_epi64((const __m128i *)a), _mm_loadl_epi64((const __m128i *)(a + dy)));
}

/* Weights of one pixel as 16-bit pairs (256 − w, w) in every 32-bit lane. */
__attribute__((target("sse4.1")))
static inline __m128i weight_pairs(uint32_t w) {
    return _mm_set1_epi32((int)((256 - w) | (w << 16)));
}

__attribute__((target("sse4.1")))
static void columns_sse41(const is_warp_params *p, int y, int x_begin, int x_end) {
    const double *h = p->homography;
    row_terms t = terms_of_row(h, y);
    double max_x = p->source_width - 1, max_y = p->source_height - 1;
    uint8_t *out = p->output + (ptrdiff_t)(y - p->output_first_row) * p->output_stride;
    const __m128i order = tap_order(p->source_bytes_per_pixel);
    const __m128i zero = _mm_setzero_si128(), half = _mm_set1_epi32(32768);
    const uint32_t opaque = p->source_bytes_per_pixel == 3 ? 0xFF000000u : 0;
    const tap_source source = tap_source_of(p);
    for (int x = x_begin; x < x_end; x++) {
        int32_t fx256, fy256;
        position(h, t, x, max_x, max_y, &fx256, &fy256);
        __m128i taps = _mm_shuffle_epi8(load_taps(source, fx256, fy256), order);
        __m128i across = weight_pairs((uint32_t)fx256 & 255);
        __m128i top = _mm_madd_epi16(_mm_unpacklo_epi8(taps, zero), across);
        __m128i bottom = _mm_madd_epi16(_mm_unpackhi_epi8(taps, zero), across);
        uint32_t wy = (uint32_t)fy256 & 255;
        __m128i sum = _mm_add_epi32(_mm_mullo_epi32(top, _mm_set1_epi32((int)(256 - wy))),
                                    _mm_mullo_epi32(bottom, _mm_set1_epi32((int)wy)));
        __m128i v = _mm_srli_epi32(_mm_add_epi32(sum, half), 16);
        v = _mm_packus_epi16(_mm_packus_epi32(v, v), zero);
        uint32_t pixel = (uint32_t)_mm_cvtsi128_si32(v) | opaque;
        memcpy(out + 4 * x, &pixel, 4);
    }
}

/* Four positions at once, `step` columns apart: the scalar arithmetic in four double lanes (AVX;
 * x + k·step is exact in doubles). */
__attribute__((target("avx2")))
static inline void positions4(const double *h, row_terms t, int x, int step, __m256d max_x, __m256d max_y,
                              __m128i *fx256, __m128i *fy256) {
    const __m256d zero = _mm256_setzero_pd(), scale = _mm256_set1_pd(256.0);
    __m256d fx = _mm256_add_pd(_mm256_set1_pd((double)x), _mm256_setr_pd(0, step, 2.0 * step, 3.0 * step));
    __m256d w = _mm256_add_pd(_mm256_mul_pd(_mm256_set1_pd(h[6]), fx), _mm256_set1_pd(t.w0));
    __m256d inv_w = _mm256_div_pd(_mm256_set1_pd(1.0), w);
    __m256d sx = _mm256_mul_pd(_mm256_add_pd(_mm256_mul_pd(_mm256_set1_pd(h[0]), fx), _mm256_set1_pd(t.x0)), inv_w);
    __m256d sy = _mm256_mul_pd(_mm256_add_pd(_mm256_mul_pd(_mm256_set1_pd(h[3]), fx), _mm256_set1_pd(t.y0)), inv_w);
    /* max(v, 0) returns its second operand for NaN: 0, as the scalar comparison chain does. */
    sx = _mm256_min_pd(_mm256_max_pd(sx, zero), max_x);
    sy = _mm256_min_pd(_mm256_max_pd(sy, zero), max_y);
    *fx256 = _mm256_cvttpd_epi32(_mm256_mul_pd(sx, scale));
    *fy256 = _mm256_cvttpd_epi32(_mm256_mul_pd(sy, scale));
}

/* Two pixels (one a 128-bit lane) from their taps and weights. */
__attribute__((target("avx2")))
static inline uint64_t blend2(__m256i taps, __m256i across, __m256i uy, __m256i wy, __m256i order) {
    const __m256i zero = _mm256_setzero_si256(), half = _mm256_set1_epi32(32768);
    taps = _mm256_shuffle_epi8(taps, order);
    __m256i top = _mm256_madd_epi16(_mm256_unpacklo_epi8(taps, zero), across);
    __m256i bottom = _mm256_madd_epi16(_mm256_unpackhi_epi8(taps, zero), across);
    __m256i sum = _mm256_add_epi32(_mm256_mullo_epi32(top, uy), _mm256_mullo_epi32(bottom, wy));
    __m256i v = _mm256_srli_epi32(_mm256_add_epi32(sum, half), 16);
    v = _mm256_packus_epi16(_mm256_packus_epi32(v, v), zero);
    return (uint32_t)_mm256_extract_epi32(v, 0) | (uint64_t)(uint32_t)_mm256_extract_epi32(v, 4) << 32;
}

/* The four output pixels at fixed-point source positions fx256, fy256 (8 fraction bits). */
__attribute__((target("avx2")))
static inline void blend4(tap_source source, __m128i fx256, __m128i fy256, __m256i order, uint64_t opaque,
                          uint32_t four[4]) {
    const __m256i w256 = _mm256_set1_epi32(256), low8 = _mm256_set1_epi32(255);
    int32_t fxs[4], fys[4];
    _mm_storeu_si128((__m128i *)fxs, fx256);
    _mm_storeu_si128((__m128i *)fys, fy256);
    /* Pixels 0 and 2 go through one blend2 (a 128-bit lane each), 1 and 3 through the other.
     * Widened to 64 bits, pixel k's value sits in 32-bit element 2k of the register, so lane 0
     * holds pixels 0, 1 and lane 1 pixels 2, 3 (elements 0 and 2 of each lane). */
    __m256i wx = _mm256_and_si256(_mm256_cvtepi32_epi64(fx256), low8);
    __m256i wy = _mm256_and_si256(_mm256_cvtepi32_epi64(fy256), low8);
    __m256i pairs = _mm256_or_si256(_mm256_sub_epi32(w256, wx), _mm256_slli_epi32(wx, 16));
    __m256i uy = _mm256_sub_epi32(w256, wy);
#define IS_WARP_SPLAT(v, k) _mm256_shuffle_epi32(v, _MM_SHUFFLE(k, k, k, k))
    __m256i taps02 = _mm256_set_m128i(load_taps(source, fxs[2], fys[2]), load_taps(source, fxs[0], fys[0]));
    __m256i taps13 = _mm256_set_m128i(load_taps(source, fxs[3], fys[3]), load_taps(source, fxs[1], fys[1]));
    uint64_t p02 = blend2(taps02, IS_WARP_SPLAT(pairs, 0), IS_WARP_SPLAT(uy, 0), IS_WARP_SPLAT(wy, 0), order) | opaque;
    uint64_t p13 = blend2(taps13, IS_WARP_SPLAT(pairs, 2), IS_WARP_SPLAT(uy, 2), IS_WARP_SPLAT(wy, 2), order) | opaque;
#undef IS_WARP_SPLAT
    four[0] = (uint32_t)p02;
    four[1] = (uint32_t)p13;
    four[2] = (uint32_t)(p02 >> 32);
    four[3] = (uint32_t)(p13 >> 32);
}

/* What the AVX2 loops of one output row read: the homography and the row's terms, the clamps,
 * the output row, the taps' byte order and the alpha to set. */
typedef struct {
    double h[9];
    row_terms t;
    __m256d max_x, max_y;
    uint8_t *out;
    __m256i order;
    uint64_t opaque;
    tap_source source;
} avx2_row;

__attribute__((target("avx2")))
static inline avx2_row avx2_row_of(const is_warp_params *p, int y) {
    avx2_row r;
    memcpy(r.h, p->homography, sizeof r.h);
    r.t = terms_of_row(r.h, y);
    r.max_x = _mm256_set1_pd(p->source_width - 1);
    r.max_y = _mm256_set1_pd(p->source_height - 1);
    r.out = p->output + (ptrdiff_t)(y - p->output_first_row) * p->output_stride;
    const __m128i order128 = tap_order(p->source_bytes_per_pixel);
    r.order = _mm256_set_m128i(order128, order128);
    r.opaque = p->source_bytes_per_pixel == 3 ? 0xFF000000FF000000ull : 0;
    r.source = tap_source_of(p);
    return r;
}

__attribute__((target("avx2")))
static void columns_avx2(const is_warp_params *p, int y, int x_begin, int x_end) {
    const avx2_row r = avx2_row_of(p, y);
    int x = x_begin;
    for (; x + 4 <= x_end; x += 4) {
        __m128i fx256, fy256;
        positions4(r.h, r.t, x, 1, r.max_x, r.max_y, &fx256, &fy256);
        uint32_t four[4];
        blend4(r.source, fx256, fy256, r.order, r.opaque, four);
        memcpy(r.out + 4 * x, four, 16);
    }
    if (x < x_end) columns_sse41(p, y, x, x_end);
}

/* every_scalar four columns at a time: columns_avx2 with the four positions `step` apart. */
__attribute__((target("avx2")))
static void every_avx2(const is_warp_params *p, int y, int x_begin, int x_end, int step) {
    const avx2_row r = avx2_row_of(p, y);
    int x = x_begin;
    for (; x + 3 * step < x_end; x += 4 * step) {
        __m128i fx256, fy256;
        positions4(r.h, r.t, x, step, r.max_x, r.max_y, &fx256, &fy256);
        uint32_t four[4];
        blend4(r.source, fx256, fy256, r.order, r.opaque, four);
        for (int k = 0; k < 4; k++) memcpy(r.out + 4 * (ptrdiff_t)(x + k * step), &four[k], 4);
    }
    if (x < x_end) every_scalar(p, y, x, x_end, step);
}

#endif /* IS_WARP_X86 */

#if IS_WARP_NEON

static void columns_neon(const is_warp_params *p, int y, int x_begin, int x_end) {
    const double *h = p->homography;
    row_terms t = terms_of_row(h, y);
    double max_x = p->source_width - 1, max_y = p->source_height - 1;
    uint8_t *out = p->output + (ptrdiff_t)(y - p->output_first_row) * p->output_stride;
    const ptrdiff_t bpp = p->source_bytes_per_pixel;
    /* Widened taps of one row: a (channels 0–3) and b, as 16-bit lanes. */
    static const uint8_t order_rgba[8] = {0, 1, 2, 3, 4, 5, 6, 7};
    static const uint8_t order_rgb[8] = {0, 1, 2, 255, 3, 4, 5, 255};
    const uint8x8_t order = vld1_u8(bpp == 4 ? order_rgba : order_rgb);
    const uint32_t opaque = bpp == 3 ? 0xFF000000u : 0;
    for (int x = x_begin; x < x_end; x++) {
        int32_t fx256, fy256;
        position(h, t, x, max_x, max_y, &fx256, &fy256);
        int ix = fx256 >> 8, iy = fy256 >> 8;
        uint16_t wx = (uint16_t)(fx256 & 255), wy = (uint16_t)(fy256 & 255);
        ptrdiff_t dy = iy < p->source_height - 1 ? p->source_stride : 0;
        const uint8_t *a = p->source + iy * p->source_stride + ix * bpp;
        uint16x8_t top = vmovl_u8(vtbl1_u8(vld1_u8(a), order));        /* a0..a3 b0..b3 */
        uint16x8_t bottom = vmovl_u8(vtbl1_u8(vld1_u8(a + dy), order)); /* c0..c3 d0..d3 */
        uint16x4_t ux4 = vdup_n_u16((uint16_t)(256 - wx)), wx4 = vdup_n_u16(wx);
        uint32x4_t t4 = vmlal_u16(vmull_u16(vget_low_u16(top), ux4), vget_high_u16(top), wx4);
        uint32x4_t b4 = vmlal_u16(vmull_u16(vget_low_u16(bottom), ux4), vget_high_u16(bottom), wx4);
        uint32x4_t sum = vmlaq_n_u32(vmulq_n_u32(t4, 256u - wy), b4, wy);
        uint16x4_t v16 = vshrn_n_u32(vaddq_u32(sum, vdupq_n_u32(32768)), 16);
        uint8x8_t v8 = vmovn_u16(vcombine_u16(v16, v16));
        uint32_t pixel = vget_lane_u32(vreinterpret_u32_u8(v8), 0) | opaque;
        memcpy(out + 4 * x, &pixel, 4);
    }
}

#endif /* IS_WARP_NEON */

typedef void (*columns_fn)(const is_warp_params *, int, int, int);

static columns_fn columns_for(int path) {
    switch (path) {
#if IS_WARP_X86
    case IS_WARP_PATH_SSE41: return columns_sse41;
    case IS_WARP_PATH_AVX2: return columns_avx2;
#endif
#if IS_WARP_NEON
    case IS_WARP_PATH_NEON: return columns_neon;
#endif
    default: return columns_scalar;
    }
}

int is_warp_best_path(void) {
#if IS_WARP_X86
    __builtin_cpu_init();
    if (__builtin_cpu_supports("avx2")) return IS_WARP_PATH_AVX2;
    if (__builtin_cpu_supports("sse4.1")) return IS_WARP_PATH_SSE41;
    return IS_WARP_PATH_SCALAR;
#elif IS_WARP_NEON
    return IS_WARP_PATH_NEON;
#else
    return IS_WARP_PATH_SCALAR;
#endif
}

int is_warp_path_available(int path) {
    switch (path) {
    case IS_WARP_PATH_SCALAR: return 1;
#if IS_WARP_X86
    case IS_WARP_PATH_SSE41: __builtin_cpu_init(); return __builtin_cpu_supports("sse4.1");
    case IS_WARP_PATH_AVX2: __builtin_cpu_init(); return __builtin_cpu_supports("avx2");
#endif
#if IS_WARP_NEON
    case IS_WARP_PATH_NEON: return 1;
#endif
    default: return 0;
    }
}

void is_warp_bilinear_rgba(const is_warp_params *params, int first_row, int row_count, int path) {
    if (!is_warp_path_available(path)) path = IS_WARP_PATH_SCALAR;
    columns_fn columns = columns_for(path);
    int end = first_row + row_count, width = params->output_width;
    for (int top = first_row; top < end; top += IS_WARP_TILE_ROWS) {
        int bottom = top + IS_WARP_TILE_ROWS < end ? top + IS_WARP_TILE_ROWS : end;
        for (int left = 0; left < width; left += IS_WARP_TILE_COLUMNS) {
            int right = left + IS_WARP_TILE_COLUMNS < width ? left + IS_WARP_TILE_COLUMNS : width;
            for (int y = top; y < bottom; y++) columns(params, y, left, right);
        }
    }
}

void is_warp_bilinear_rgba_every(const is_warp_params *params, int row, int x_begin, int x_end, int step, int path) {
    if (step < 1 || x_begin < 0 || x_end > params->output_width || x_begin >= x_end) return;
#if IS_WARP_X86
    if (path == IS_WARP_PATH_AVX2 && is_warp_path_available(path)) {
        every_avx2(params, row, x_begin, x_end, step);
        return;
    }
#endif
    /* Every other path gives the scalar bytes. */
    (void)path;
    every_scalar(params, row, x_begin, x_end, step);
}
