#include "rle_deflate.h"

#include <stdlib.h>
#include <string.h>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

/* RFC 1951: the length symbols 257...285, their base lengths and extra bits. */
static const uint16_t is_len_base[29] = {3,  4,  5,  6,  7,  8,  9,  10, 11,  13,  15,  17,  19,  23, 27,
                                         31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258};
static const uint8_t is_len_extra[29] = {0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2,
                                         2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0};
/* The order code length code lengths are sent in. */
static const uint8_t is_cl_order[19] = {16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15};

#define IS_LITLEN_SYMBOLS 286
#define IS_MAX_MATCH 258
#define IS_STORED_MAX 65535

struct is_rle_deflater {
    uint8_t *block;
    size_t block_bytes, filled;
    uint64_t bits;         /* pending output bits, least significant first */
    unsigned bit_count;    /* fewer than 8 between calls */
    uint16_t len_symbol[IS_MAX_MATCH + 1]; /* match length -> length symbol index (0...28) */
    uint16_t *symbols;     /* a block parsed: byte values, or 256 + a match's length */
    int plain_writer;      /* tests: every symbol written on its own (is_rle_deflate_agrees) */
};

/* Symbols of the parse: literals 0...255, then matches of 3...258 bytes. */
#define IS_PARSED_SYMBOLS (256 + IS_MAX_MATCH + 1)

typedef struct {
    uint64_t bits;
    unsigned count;
    uint8_t *out;
} is_bit_writer;

/* Appends the low `n` bits of `value` (n <= 48). Stores 8 bytes each time and advances by the
 * whole ones (no branch on the bit count): the output needs 8 bytes of room past its end. */
static inline void is_store64(uint8_t *out, uint64_t word) {
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    memcpy(out, &word, 8);
#else
    for (int k = 0; k < 8; k++) out[k] = (uint8_t)(word >> (8 * k));
#endif
}

static inline void is_put(is_bit_writer *w, uint64_t value, unsigned n) {
    w->bits |= value << w->count;
    w->count += n;
    uint64_t word = w->bits;
    is_store64(w->out, word);
    unsigned whole = w->count >> 3;
    w->out += whole;
    w->bits = whole == 8 ? 0 : word >> (8 * whole);
    w->count &= 7;
}

/* Writes out whole bytes, leaving fewer than 8 bits pending (is_put already does). */
static void is_flush_bytes(is_bit_writer *w) {
    while (w->count >= 8) {
        *w->out++ = (uint8_t)w->bits;
        w->bits >>= 8;
        w->count -= 8;
    }
}

/* Pads to a byte boundary with zero bits and writes everything out. */
static void is_align(is_bit_writer *w) {
    is_flush_bytes(w);
    if (w->count > 0) {
        *w->out++ = (uint8_t)w->bits;
        w->bits = 0;
        w->count = 0;
    }
}

static int is_compare_keys(const void *a, const void *b) {
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return x < y ? -1 : x > y;
}

/* Huffman code lengths for `freq` (at least two symbols used), none longer than `max_bits`: a
 * Huffman tree, its frequencies halved until it fits (a complete code either way). */
static void is_code_lengths(const uint32_t *freq_in, int n, unsigned max_bits, uint8_t *lengths) {
    uint32_t freq[IS_LITLEN_SYMBOLS];
    memcpy(freq, freq_in, sizeof(uint32_t) * (size_t)n);
    for (;;) {
        uint64_t keys[IS_LITLEN_SYMBOLS];
        int count = 0;
        for (int s = 0; s < n; s++) {
            if (freq[s]) keys[count++] = ((uint64_t)freq[s] << 16) | (uint64_t)s;
        }
        qsort(keys, (size_t)count, sizeof keys[0], is_compare_keys);
        /* Nodes 0..count-1 are the leaves by weight, then the internal nodes as made: both
         * queues stay sorted, so the two lightest are always at their heads. */
        uint64_t weight[2 * IS_LITLEN_SYMBOLS];
        int parent[2 * IS_LITLEN_SYMBOLS];
        for (int i = 0; i < count; i++) weight[i] = keys[i] >> 16;
        int leaf = 0, inner = count, next = count;
        for (int k = 0; k < count - 1; k++) {
            int pick[2];
            for (int j = 0; j < 2; j++) {
                if (leaf < count && (inner >= next || weight[leaf] <= weight[inner])) {
                    pick[j] = leaf++;
                } else {
                    pick[j] = inner++;
                }
            }
            weight[next] = weight[pick[0]] + weight[pick[1]];
            parent[pick[0]] = parent[pick[1]] = next;
            next++;
        }
        unsigned depth[2 * IS_LITLEN_SYMBOLS];
        int root = next - 1;
        depth[root] = 0;
        unsigned deepest = 0;
        for (int node = root - 1; node >= 0; node--) {
            depth[node] = depth[parent[node]] + 1;
            if (node < count && depth[node] > deepest) deepest = depth[node];
        }
        if (deepest <= max_bits) {
            memset(lengths, 0, (size_t)n);
            for (int i = 0; i < count; i++) lengths[keys[i] & 0xFFFF] = (uint8_t)depth[i];
            return;
        }
        for (int s = 0; s < n; s++) {
            if (freq[s]) freq[s] = (freq[s] + 1) / 2;
        }
    }
}

/* Canonical codes for `lengths`, bit-reversed: deflate sends Huffman codes from their top bit. */
static void is_codes(const uint8_t *lengths, int n, uint16_t *codes) {
    unsigned count[16] = {0}, next[16];
    for (int s = 0; s < n; s++) count[lengths[s]]++;
    count[0] = 0;
    unsigned code = 0;
    for (int bits = 1; bits < 16; bits++) {
        code = (code + count[bits - 1]) << 1;
        next[bits] = code;
    }
    for (int s = 0; s < n; s++) {
        unsigned length = lengths[s];
        if (length == 0) continue;
        unsigned c = next[length]++, reversed = 0;
        for (unsigned b = 0; b < length; b++) reversed |= ((c >> b) & 1u) << (length - 1 - b);
        codes[s] = (uint16_t)reversed;
    }
}

static inline uint32_t is_load32(const uint8_t *p) { uint32_t v; memcpy(&v, p, 4); return v; }
static inline uint64_t is_load64(const uint8_t *p) { uint64_t v; memcpy(&v, p, 8); return v; }

/* The length of the run at b[i] repeating b[i - 1] (i >= 1), 0 when shorter than 3: zlib's Z_RLE
 * match, which looks no further back than one byte. */
static inline size_t is_run(const uint8_t *b, size_t i, size_t n) {
    if (i + 3 > n) return 0;
    uint32_t x = is_load32(b + i - 1);
    if (x != (x & 0xFFu) * 0x01010101u) return 0;
    uint8_t c = b[i];
    size_t length = 3, most = n - i < IS_MAX_MATCH ? n - i : IS_MAX_MATCH;
    uint64_t pattern = (uint64_t)c * 0x0101010101010101ull;
    while (length + 8 <= most && is_load64(b + i + length) == pattern) length += 8;
    while (length < most && b[i + length] == c) length++;
    return length;
}

#if defined(__SSE2__)
/* is_run where the vector parse saw a run start at b[i] (b[i...i + 2] repeat b[i - 1], i + 3 <= n):
 * its end found 16 bytes a compare instead of 8 and then 1 (runs after the Up filter are mostly
 * shorter than 16). The same length. */
static inline size_t is_run_sse2(const uint8_t *b, size_t i, size_t n) {
    size_t length = 3, most = n - i < IS_MAX_MATCH ? n - i : IS_MAX_MATCH;
    const __m128i c = _mm_set1_epi8((char)b[i]);
    while (length + 16 <= most) {
        __m128i next = _mm_loadu_si128((const __m128i *)(b + i + length));
        unsigned differ = ~(unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(next, c)) & 0xFFFFu;
        if (differ != 0) return length + (size_t)__builtin_ctz(differ);
        length += 16;
    }
    while (length < most && b[i + length] == b[i]) length++;
    return length;
}
#endif

/* Parses `n` > 0 bytes into `symbols` (a byte, or 256 + a run's length), counting each in
 * `parsed` except the first byte's; returns how many. Greedy: at each position the run there
 * (is_run) when there is one, else the byte. */
static size_t is_parse(uint16_t *symbols, uint32_t *parsed, const uint8_t *b, size_t n, int vector) {
    size_t symbol_count = 0, i = 1;
    symbols[symbol_count++] = b[0];
#if defined(__SSE2__)
    /* Filtered image rows are mostly literals. 30 positions at a time: where no run starts (no
     * byte there and the two after it repeating the one before, which is_run needs), all are
     * literals, without a look at each. The symbols are stored 32 at a time (the buffer holds `n`;
     * at most `i` are made before position `i`). */
    if (vector) {
        const __m128i zero = _mm_setzero_si128();
        while (i + 34 <= n) {
            __m128i a0 = _mm_loadu_si128((const __m128i *)(b + i - 1)), a1 = _mm_loadu_si128((const __m128i *)(b + i));
            __m128i c0 = _mm_loadu_si128((const __m128i *)(b + i + 15)), c1 = _mm_loadu_si128((const __m128i *)(b + i + 16));
            /* Bit k: b[i + k] == b[i + k - 1], for k in 0...31. */
            uint32_t equal = (uint32_t)_mm_movemask_epi8(_mm_cmpeq_epi8(a0, a1))
                | (uint32_t)_mm_movemask_epi8(_mm_cmpeq_epi8(c0, c1)) << 16;
            /* Bit k: a run starts at i + k. */
            uint32_t starts = equal & (equal >> 1) & (equal >> 2) & 0x3FFFFFFFu;
            size_t literals = starts ? (size_t)__builtin_ctz(starts) : 30;
            _mm_storeu_si128((__m128i *)(symbols + symbol_count), _mm_unpacklo_epi8(a1, zero));
            _mm_storeu_si128((__m128i *)(symbols + symbol_count + 8), _mm_unpackhi_epi8(a1, zero));
            _mm_storeu_si128((__m128i *)(symbols + symbol_count + 16), _mm_unpacklo_epi8(c1, zero));
            _mm_storeu_si128((__m128i *)(symbols + symbol_count + 24), _mm_unpackhi_epi8(c1, zero));
            for (size_t k = 0; k < literals; k++) parsed[b[i + k]]++;
            symbol_count += literals;
            i += literals;
            if (starts == 0) continue;
            size_t run = is_run_sse2(b, i, n);
            symbols[symbol_count++] = (uint16_t)(256 + run);
            parsed[256 + run]++;
            i += run;
        }
    }
#endif
    (void)vector;
    while (i < n) {
        size_t run = is_run(b, i, n);
        uint16_t symbol = run ? (uint16_t)(256 + run) : b[i];
        symbols[symbol_count++] = symbol;
        parsed[symbol]++;
        i += run ? run : 1;
    }
    return symbol_count;
}

/* Writes `n` symbols through `code` and `length`. Up-filtered photo rows code in about 3.5 bits a
 * symbol, so 8 symbols nearly always fit beside the fewer than 8 bits pending: a group of 8 goes in
 * before one 8-byte store when its last bit lands within 63, and one store a symbol otherwise
 * (long codes, matches). The same bits as one symbol at a time, for about 10 instructions a
 * symbol instead of 14. The writer's state stays in locals: through the pointer, every byte stored
 * would reload it. */
static void is_write_symbols(is_bit_writer *w, const uint16_t *symbols, size_t n, const uint32_t *code,
                             const uint8_t *length) {
    enum { GROUP = 8 };
    uint64_t bits = w->bits;
    unsigned count = w->count;
    uint8_t *out = w->out;
    size_t i = 0;
    for (; i + GROUP <= n; i += GROUP) {
        const uint16_t *s = symbols + i;
        /* The group's bits gathered at their positions as if they fitted, and undone if they did
         * not (the shift taken mod 64 so that an overflowing position is no undefined shift). */
        uint64_t before = bits;
        unsigned start = count;
        for (int k = 0; k < GROUP; k++) {
            unsigned symbol = s[k];
            bits |= (uint64_t)code[symbol] << (count & 63u);
            count += length[symbol];
        }
        if (__builtin_expect(count > 63, 0)) {
            bits = before;
            count = start;
            /* Each symbol (at most 21 bits) beside fewer than 8 pending: within 28. */
            for (int k = 0; k < GROUP; k++) {
                bits |= (uint64_t)code[s[k]] << count;
                count += length[s[k]];
                is_store64(out, bits);
                out += count >> 3;
                bits >>= count & 56u;
                count &= 7u;
            }
        }
        is_store64(out, bits);
        out += count >> 3;
        bits >>= count & 56u;
        count &= 7u;
    }
    w->bits = bits;
    w->count = count;
    w->out = out;
    for (; i < n; i++) is_put(w, code[symbols[i]], length[symbols[i]]);
}

static void is_stored(is_bit_writer *w, const uint8_t *b, size_t n, int final) {
    do {
        size_t part = n < IS_STORED_MAX ? n : IS_STORED_MAX;
        is_put(w, final && part == n ? 1 : 0, 1);
        is_put(w, 0, 2);
        is_align(w);
        w->out[0] = (uint8_t)part;
        w->out[1] = (uint8_t)(part >> 8);
        w->out[2] = (uint8_t)~part;
        w->out[3] = (uint8_t)(~part >> 8);
        memcpy(w->out + 4, b, part);
        w->out += 4 + part;
        b += part;
        n -= part;
    } while (n > 0);
}

/* The most bytes a block of `n` input bytes writes (stored, which a dynamic block never exceeds). */
static size_t is_block_bound(size_t n) { return n + 5 * (n / IS_STORED_MAX + 1) + 16; }

/* One block of `n` > 0 bytes: dynamic codes, or stored when that is smaller. */
static void is_block(const is_rle_deflater *d, is_bit_writer *w, const uint8_t *b, size_t n, int final) {
    /* Parsed once into symbols, counted, then written from the symbols. */
    uint16_t *symbols = d->symbols;
    uint32_t parsed[IS_PARSED_SYMBOLS] = {0};
    size_t symbol_count = is_parse(symbols, parsed, b, n, 1);
    parsed[b[0]]++;
    uint32_t freq[IS_LITLEN_SYMBOLS] = {0};
    uint64_t matches = 0;
    for (int s = 0; s < 256; s++) freq[s] = parsed[s];
    for (int run = 3; run <= IS_MAX_MATCH; run++) {
        freq[257 + d->len_symbol[run]] += parsed[256 + run];
        matches += parsed[256 + run];
    }
    freq[256] = 1;
    uint8_t lengths[IS_LITLEN_SYMBOLS + 2];
    is_code_lengths(freq, IS_LITLEN_SYMBOLS, 15, lengths);
    int hlit = IS_LITLEN_SYMBOLS;
    while (hlit > 257 && lengths[hlit - 1] == 0) hlit--;
    /* Distance 1 only; two one-bit codes make the distance code complete. */
    lengths[hlit] = 1;
    lengths[hlit + 1] = 1;
    int total = hlit + 2;

    /* The code lengths, run-length coded with 16 (repeat the last 3-6), 17 (3-10 zeros) and 18
     * (11-138 zeros). */
    uint8_t cl_symbol[IS_LITLEN_SYMBOLS + 2], cl_extra[IS_LITLEN_SYMBOLS + 2];
    int cl_count = 0;
    uint32_t cl_freq[19] = {0};
    for (int i = 0; i < total;) {
        uint8_t length = lengths[i];
        int repeat = 1;
        while (i + repeat < total && lengths[i + repeat] == length) repeat++;
        int left = repeat;
        if (length == 0) {
            while (left >= 11) {
                int take = left < 138 ? left : 138;
                cl_symbol[cl_count] = 18; cl_extra[cl_count++] = (uint8_t)(take - 11);
                left -= take;
            }
            if (left >= 3) {
                cl_symbol[cl_count] = 17; cl_extra[cl_count++] = (uint8_t)(left - 3);
                left = 0;
            }
        } else {
            cl_symbol[cl_count] = length; cl_extra[cl_count++] = 0;
            left--;
            while (left >= 3) {
                int take = left < 6 ? left : 6;
                cl_symbol[cl_count] = 16; cl_extra[cl_count++] = (uint8_t)(take - 3);
                left -= take;
            }
        }
        while (left-- > 0) { cl_symbol[cl_count] = length; cl_extra[cl_count++] = 0; }
        i += repeat;
    }
    for (int k = 0; k < cl_count; k++) cl_freq[cl_symbol[k]]++;
    int used = 0;
    for (int s = 0; s < 19; s++) used += cl_freq[s] != 0;
    if (used < 2) cl_freq[cl_freq[0] ? 1 : 0] = 1; /* a complete code needs two symbols */
    uint8_t cl_lengths[19];
    is_code_lengths(cl_freq, 19, 7, cl_lengths);
    int hclen = 19;
    while (hclen > 4 && cl_lengths[is_cl_order[hclen - 1]] == 0) hclen--;

    /* Bits of the dynamic block against a stored one. */
    uint64_t dynamic = 3 + 14 + 3 * (uint64_t)hclen + matches;
    for (int s = 0; s < 19; s++) dynamic += (uint64_t)cl_freq[s] * cl_lengths[s];
    for (int k = 0; k < cl_count; k++) dynamic += cl_symbol[k] == 16 ? 2 : cl_symbol[k] == 17 ? 3 : cl_symbol[k] == 18 ? 7 : 0;
    for (int s = 0; s < IS_LITLEN_SYMBOLS; s++) {
        dynamic += (uint64_t)freq[s] * (lengths[s] + (s > 256 ? is_len_extra[s - 257] : 0));
    }
    uint64_t stored = 8 * (uint64_t)n + (n / IS_STORED_MAX + 1) * (3 + 7 + 32);
    if (dynamic >= stored) {
        is_stored(w, b, n, final);
        return;
    }

    uint16_t codes[IS_LITLEN_SYMBOLS], cl_codes[19];
    is_codes(lengths, hlit, codes);
    is_codes(cl_lengths, 19, cl_codes);
    is_put(w, final ? 1 : 0, 1);
    is_put(w, 2, 2);
    is_put(w, (uint64_t)(hlit - 257), 5);
    is_put(w, 1, 5); /* two distance codes */
    is_put(w, (uint64_t)(hclen - 4), 4);
    for (int k = 0; k < hclen; k++) is_put(w, cl_lengths[is_cl_order[k]], 3);
    for (int k = 0; k < cl_count; k++) {
        uint8_t s = cl_symbol[k];
        is_put(w, cl_codes[s], cl_lengths[s]);
        if (s >= 16) is_put(w, cl_extra[k], s == 16 ? 2 : s == 17 ? 3 : 7);
    }
    /* Every parsed symbol's bits: a literal's code, or a match's length code, extra bits and
     * the distance code 0 (one 0 bit). */
    uint32_t symbol_code[IS_PARSED_SYMBOLS];
    uint8_t symbol_bits[IS_PARSED_SYMBOLS];
    for (int s = 0; s < 256; s++) {
        symbol_code[s] = codes[s];
        symbol_bits[s] = lengths[s];
    }
    for (int run = 3; run <= IS_MAX_MATCH; run++) {
        unsigned k = d->len_symbol[run];
        symbol_code[256 + run] = codes[257 + k] | (uint32_t)(run - is_len_base[k]) << lengths[257 + k];
        symbol_bits[256 + run] = (uint8_t)(lengths[257 + k] + is_len_extra[k] + 1);
    }
    if (d->plain_writer) {
        for (size_t i = 0; i < symbol_count; i++) is_put(w, symbol_code[symbols[i]], symbol_bits[symbols[i]]);
    } else {
        is_write_symbols(w, symbols, symbol_count, symbol_code, symbol_bits);
    }
    is_put(w, codes[256], lengths[256]);
}

is_rle_deflater *is_rle_deflater_new(size_t block_bytes) {
    if (block_bytes == 0) return NULL;
    is_rle_deflater *d = (is_rle_deflater *)calloc(1, sizeof *d);
    if (d == NULL) return NULL;
    d->block = (uint8_t *)malloc(block_bytes);
    if (d->block == NULL) {
        free(d);
        return NULL;
    }
    d->block_bytes = block_bytes;
    d->symbols = (uint16_t *)malloc(block_bytes * sizeof(uint16_t));
    if (d->symbols == NULL) {
        free(d->block);
        free(d);
        return NULL;
    }
    for (unsigned k = 0; k < 29; k++) {
        unsigned last = k == 28 ? IS_MAX_MATCH : is_len_base[k + 1] - 1u;
        for (unsigned length = is_len_base[k]; length <= last; length++) d->len_symbol[length] = (uint16_t)k;
    }
    return d;
}

void is_rle_deflater_free(is_rle_deflater *d) {
    if (d == NULL) return;
    free(d->block);
    free(d->symbols);
    free(d);
}

size_t is_rle_deflate_bound(const is_rle_deflater *d, size_t input_bytes) {
    /* Every block stored, with room to spare: 5 bytes of header a stored chunk, chunks split at
     * block ends and flushes, a flush's empty block, and the 8 bytes the bit writer stores past
     * its end. */
    size_t chunk = d->block_bytes < IS_STORED_MAX ? d->block_bytes : IS_STORED_MAX;
    return input_bytes + 10 * (input_bytes / chunk + 3) + 64;
}

int is_rle_deflate(is_rle_deflater *d, const uint8_t *input, size_t length, int flush,
                   uint8_t **next_out, size_t *avail_out) {
    if (d == NULL || next_out == NULL || avail_out == NULL || (length > 0 && input == NULL)) return -1;
    is_bit_writer w = {d->bits, d->bit_count, *next_out};
    uint8_t *start = *next_out;
    int status = 0;
    while (length > 0) {
        size_t take = d->block_bytes - d->filled;
        if (take > length) take = length;
        memcpy(d->block + d->filled, input, take);
        d->filled += take;
        input += take;
        length -= take;
        if (d->filled == d->block_bytes) {
            /* Kept for the flush: a full block at the very end of a FINISH call is the final one. */
            if (length == 0 && flush == IS_RLE_FINISH) break;
            if ((size_t)(w.out - start) + is_block_bound(d->filled) > *avail_out) { status = -1; break; }
            is_block(d, &w, d->block, d->filled, 0);
            d->filled = 0;
        }
    }
    if (status == 0 && flush != IS_RLE_NO_FLUSH) {
        if ((size_t)(w.out - start) + is_block_bound(d->filled) + 16 > *avail_out) {
            status = -1;
        } else if (flush == IS_RLE_SYNC_FLUSH) {
            if (d->filled) is_block(d, &w, d->block, d->filled, 0);
            /* An empty stored block: zlib's Z_SYNC_FLUSH marker, ending on a byte boundary. */
            is_put(&w, 0, 3);
            is_align(&w);
            w.out[0] = 0; w.out[1] = 0; w.out[2] = 0xFF; w.out[3] = 0xFF;
            w.out += 4;
        } else {
            if (d->filled) {
                is_block(d, &w, d->block, d->filled, 1);
            } else {
                is_put(&w, 1, 1); /* an empty final block with fixed codes: end of block only */
                is_put(&w, 1, 2);
                is_put(&w, 0, 7);
            }
            is_align(&w);
        }
        d->filled = 0;
    }
    is_flush_bytes(&w);
    d->bits = w.bits;
    d->bit_count = w.count;
    *avail_out -= (size_t)(w.out - start);
    *next_out = w.out;
    return status;
}

int is_rle_parse_agrees(const uint8_t *input, size_t length) {
    if (input == NULL || length == 0) return 1;
    uint16_t *fast = (uint16_t *)malloc(length * sizeof(uint16_t)), *slow = (uint16_t *)malloc(length * sizeof(uint16_t));
    uint32_t *fast_counts = (uint32_t *)calloc(IS_PARSED_SYMBOLS, sizeof(uint32_t));
    uint32_t *slow_counts = (uint32_t *)calloc(IS_PARSED_SYMBOLS, sizeof(uint32_t));
    int agrees = -1;
    if (fast && slow && fast_counts && slow_counts) {
        size_t a = is_parse(fast, fast_counts, input, length, 1), b = is_parse(slow, slow_counts, input, length, 0);
        agrees = a == b && memcmp(fast, slow, a * sizeof(uint16_t)) == 0
            && memcmp(fast_counts, slow_counts, IS_PARSED_SYMBOLS * sizeof(uint32_t)) == 0;
    }
    free(fast); free(slow); free(fast_counts); free(slow_counts);
    return agrees;
}

int is_rle_deflate_agrees(const uint8_t *input, size_t length) {
    if (input == NULL || length == 0) return 1;
    is_rle_deflater *grouped = is_rle_deflater_new(1 << 15), *plain = is_rle_deflater_new(1 << 15);
    uint8_t *a = NULL, *b = NULL;
    int agrees = -1;
    if (grouped && plain) {
        plain->plain_writer = 1;
        size_t bound = is_rle_deflate_bound(grouped, length);
        a = (uint8_t *)malloc(bound);
        b = (uint8_t *)malloc(bound);
        if (a && b) {
            uint8_t *next_a = a, *next_b = b;
            size_t avail_a = bound, avail_b = bound;
            int status = is_rle_deflate(grouped, input, length, IS_RLE_FINISH, &next_a, &avail_a)
                | is_rle_deflate(plain, input, length, IS_RLE_FINISH, &next_b, &avail_b);
            agrees = status == 0 && next_a - a == next_b - b && memcmp(a, b, (size_t)(next_a - a)) == 0;
        }
    }
    free(a);
    free(b);
    is_rle_deflater_free(grouped);
    is_rle_deflater_free(plain);
    return agrees;
}
