#include "CShims.h"

#include <zlib.h>

/*
 * Adler-32 of a PNG's filtered rows. zlib 1.2's adler32 adds a byte at a time (about 3.5
 * instructions a byte: a tenth of a streamed scan's PNG stage); on x86-64 with SSSE3 this sums 32
 * bytes per step with PSADBW (the plain sum) and PMADDUBSW (the sum weighted by position), the
 * scheme of Chromium's zlib. The checksum is exact arithmetic, so it equals zlib's for every input.
 */

#define IS_ADLER_BASE 65521u
/* The most bytes before the sums must be reduced so that s2 cannot overflow 32 bits (zlib's NMAX). */
#define IS_ADLER_NMAX 5552u

static uint32_t is_adler32_scalar(uint32_t adler, const uint8_t *b, size_t n) {
    uint32_t s1 = adler & 0xFFFFu, s2 = adler >> 16;
    while (n > 0) {
        size_t part = n < IS_ADLER_NMAX ? n : IS_ADLER_NMAX;
        n -= part;
        while (part--) { s1 += *b++; s2 += s1; }
        s1 %= IS_ADLER_BASE;
        s2 %= IS_ADLER_BASE;
    }
    return s1 | (s2 << 16);
}

#if defined(__x86_64__) || defined(__i386__)
#include <immintrin.h>

__attribute__((target("ssse3")))
static uint32_t is_adler32_ssse3(uint32_t adler, const uint8_t *b, size_t n) {
    uint32_t s1 = adler & 0xFFFFu, s2 = adler >> 16;
    size_t blocks = n / 32;
    n -= blocks * 32;
    const __m128i tap1 = _mm_setr_epi8(32, 31, 30, 29, 28, 27, 26, 25, 24, 23, 22, 21, 20, 19, 18, 17);
    const __m128i tap2 = _mm_setr_epi8(16, 15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1);
    const __m128i zero = _mm_setzero_si128(), ones = _mm_set1_epi16(1);
    while (blocks > 0) {
        size_t steps = IS_ADLER_NMAX / 32;
        if (steps > blocks) steps = blocks;
        blocks -= steps;
        /* s2 gains 32·s1 per step for the s1 it started with, and 32 times each step's earlier
         * partial s1 (v_ps), plus the bytes weighted 32…1 within the step. */
        __m128i v_ps = _mm_set_epi32(0, 0, 0, (int)(s1 * (uint32_t)steps));
        __m128i v_s2 = _mm_set_epi32(0, 0, 0, (int)s2);
        __m128i v_s1 = zero;
        do {
            __m128i lo = _mm_loadu_si128((const __m128i *)b), hi = _mm_loadu_si128((const __m128i *)(b + 16));
            v_ps = _mm_add_epi32(v_ps, v_s1);
            v_s1 = _mm_add_epi32(v_s1, _mm_sad_epu8(lo, zero));
            v_s2 = _mm_add_epi32(v_s2, _mm_madd_epi16(_mm_maddubs_epi16(lo, tap1), ones));
            v_s1 = _mm_add_epi32(v_s1, _mm_sad_epu8(hi, zero));
            v_s2 = _mm_add_epi32(v_s2, _mm_madd_epi16(_mm_maddubs_epi16(hi, tap2), ones));
            b += 32;
        } while (--steps);
        v_s2 = _mm_add_epi32(v_s2, _mm_slli_epi32(v_ps, 5));
        v_s1 = _mm_add_epi32(v_s1, _mm_shuffle_epi32(v_s1, _MM_SHUFFLE(2, 3, 0, 1)));
        v_s1 = _mm_add_epi32(v_s1, _mm_shuffle_epi32(v_s1, _MM_SHUFFLE(1, 0, 3, 2)));
        s1 += (uint32_t)_mm_cvtsi128_si32(v_s1);
        v_s2 = _mm_add_epi32(v_s2, _mm_shuffle_epi32(v_s2, _MM_SHUFFLE(2, 3, 0, 1)));
        v_s2 = _mm_add_epi32(v_s2, _mm_shuffle_epi32(v_s2, _MM_SHUFFLE(1, 0, 3, 2)));
        s2 = (uint32_t)_mm_cvtsi128_si32(v_s2);
        s1 %= IS_ADLER_BASE;
        s2 %= IS_ADLER_BASE;
    }
    return is_adler32_scalar(s1 | (s2 << 16), b, n);
}

/* __builtin_cpu_init is idempotent and the check a load: no cached flag to race on. */
static int is_adler32_has_ssse3(void) {
    __builtin_cpu_init();
    return __builtin_cpu_supports("ssse3");
}
#endif

uint32_t is_adler32(uint32_t adler, const uint8_t *bytes, size_t count, int vectorised) {
#if defined(__x86_64__) || defined(__i386__)
    if (vectorised && count >= 32 && is_adler32_has_ssse3()) return is_adler32_ssse3(adler, bytes, count);
#else
    (void)vectorised;
#endif
    return is_adler32_scalar(adler, bytes, count);
}
