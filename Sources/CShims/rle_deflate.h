#ifndef IS_RLE_DEFLATE_H
#define IS_RLE_DEFLATE_H

#include <stddef.h>
#include <stdint.h>

/*
 * Raw deflate that matches runs only (distance 1, as zlib's Z_RLE strategy), in blocks of a fixed
 * number of input bytes, each with its own dynamic Huffman codes (or stored when that is smaller).
 * zlib's deflate spends most of its time per byte in bookkeeping a run-only matcher never uses
 * (window sliding, a symbol buffer, a bit writer 16 bits wide); this one counts a block's symbols
 * in one pass and writes them in a second with a 64-bit bit buffer.
 */
typedef struct is_rle_deflater is_rle_deflater;

enum { IS_RLE_NO_FLUSH = 0, IS_RLE_SYNC_FLUSH = 1, IS_RLE_FINISH = 2 };

/* A deflater with blocks of `block_bytes` input bytes (NULL when out of memory). */
is_rle_deflater *is_rle_deflater_new(size_t block_bytes);
void is_rle_deflater_free(is_rle_deflater *d);

/* The most bytes `input_bytes` of input with one flush can take (stored blocks and headers). */
size_t is_rle_deflate_bound(const is_rle_deflater *d, size_t input_bytes);

/* Compresses `length` bytes of `input` (buffered until a block is full) into *next_out, advancing
 * it. SYNC_FLUSH ends on a byte boundary with an empty stored block (as zlib's Z_SYNC_FLUSH);
 * FINISH writes the final block. Returns 0, or -1 when *avail_out would not hold a block. */
int is_rle_deflate(is_rle_deflater *d, const uint8_t *input, size_t length, int flush,
                   uint8_t **next_out, size_t *avail_out);

#endif
