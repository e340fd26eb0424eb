/*
 * InstantScan's warp kernel alone (CShims/warp_bilinear.c), one thread, beside which
 * Benchmarks/warp_opencv.py's one-thread figures stand: the fastest of RUNS warps into the same
 * output (its pages already touched), the least disturbed by other work on a shared machine.
 *
 *   warp_kernel PHOTO.jpg W H h0 ... h8 [RUNS] [PATH]   # PATH: 0 scalar, 1 SSE4.1, 2 AVX2, 3 NEON
 *
 * h maps an output pixel to the stored photo pixel (Benchmarks/bench_plan.py's VIPS_ARGS).
 * Compiled by Benchmarks/run.sh with the shim's source; prints JSON.
 */
#include "CShims.h"

#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <turbojpeg.h>

static double now_ms(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec * 1e3 + t.tv_nsec / 1e6;
}

int main(int argc, char **argv) {
    if (argc < 13) {
        fprintf(stderr, "usage: warp_kernel PHOTO.jpg W H h0 ... h8 [RUNS] [PATH]\n");
        return 2;
    }
    FILE *file = fopen(argv[1], "rb");
    if (!file) { perror(argv[1]); return 1; }
    fseek(file, 0, SEEK_END);
    long length = ftell(file);
    fseek(file, 0, SEEK_SET);
    unsigned char *jpeg = malloc((size_t)length);
    if (!jpeg || fread(jpeg, 1, (size_t)length, file) != (size_t)length) return 1;
    fclose(file);
    tjhandle handle = tjInitDecompress();
    int width, height, subsampling, colorspace;
    if (tjDecompressHeader3(handle, jpeg, (unsigned long)length, &width, &height, &subsampling, &colorspace)) return 1;
    /* As PixelBuffer lays out a decoded photo: RGB rows padded to 64 bytes, slack past the end. */
    size_t stride = ((size_t)width * 3 + 63) & ~(size_t)63;
    unsigned char *photo = aligned_alloc(64, stride * (size_t)height + 64);
    if (tjDecompress2(handle, jpeg, (unsigned long)length, photo, width, (int)stride, height, TJPF_RGB, TJFLAG_ACCURATEDCT)) return 1;
    tjDestroy(handle);

    is_warp_params p = {0};
    p.source = photo;
    p.source_stride = (ptrdiff_t)stride;
    p.source_width = width;
    p.source_height = height;
    p.source_bytes_per_pixel = 3;
    int out_width = atoi(argv[2]), out_height = atoi(argv[3]);
    for (int k = 0; k < 9; k++) p.homography[k] = atof(argv[4 + k]);
    p.output_width = out_width;
    p.output_stride = ((ptrdiff_t)out_width * 4 + 63) & ~(ptrdiff_t)63;
    p.output = aligned_alloc(64, (size_t)p.output_stride * (size_t)out_height);
    int runs = argc > 13 ? atoi(argv[13]) : 11;
    int path = argc > 14 ? atoi(argv[14]) : is_warp_best_path();

    double start = now_ms();
    is_warp_bilinear_rgba(&p, 0, out_height, path);
    double first = now_ms() - start, best = 1e30;
    for (int i = 0; i < runs; i++) {
        start = now_ms();
        is_warp_bilinear_rgba(&p, 0, out_height, path);
        double t = now_ms() - start;
        if (t < best) best = t;
    }
    printf("{\"path\": %d, \"first_ms\": %.1f, \"fastest_ms\": %.1f}\n", path, first, best);
    return 0;
}
