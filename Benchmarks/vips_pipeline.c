/*
 * The libvips pipeline a C user would write for InstantScan's job, in one process: decode once,
 * for each print a perspective warp (mapim over a coordinate map built lazily from the
 * homography: xyz -> recomb -> divide), bilinear, into memory; a 1 % ends-in stretch per channel
 * (hist_find, then linear); pngsave at zlib level 1.
 *
 *   vips_pipeline IN.jpg OUT_PREFIX  W H h0 h1 h2 h3 h4 h5 h6 h7 h8  [W H h0 ... h8 ...]
 *
 * h maps an output pixel (x, y, 1) to the stored (not EXIF-rotated) photo pixel; Benchmarks/run.sh
 * computes it from the corners. Writes OUT_PREFIX-N.png for print N (from 1). libvips has no print
 * detector, so it is always given the corners. Compiled by Benchmarks/run.sh against libvips-dev.
 */
#include <stdio.h>
#include <stdlib.h>
#include <vips/vips.h>

static int fail(const char *what) {
    fprintf(stderr, "vips_pipeline: %s: %s\n", what, vips_error_buffer());
    return 1;
}

static int scan_print(VipsImage *photo, int width, int height, const double h[9], const char *out) {
    VipsImage *t[12] = {0};
    int status = 1;
    if (vips_xyz(&t[0], width, height, NULL)) goto done;
    if (vips_bandjoin_const1(t[0], &t[1], 1.0, NULL)) goto done;
    t[2] = vips_image_new_matrixv(3, 3, h[0], h[1], h[2], h[3], h[4], h[5], h[6], h[7], h[8]);
    if (vips_recomb(t[1], &t[3], t[2], NULL)) goto done;
    if (vips_extract_band(t[3], &t[4], 0, "n", 2, NULL)) goto done;
    if (vips_extract_band(t[3], &t[5], 2, NULL)) goto done;
    if (vips_divide(t[4], t[5], &t[6], NULL)) goto done;
    VipsInterpolate *bilinear = vips_interpolate_new("bilinear");
    int mapped = vips_mapim(photo, &t[7], t[6], "interpolate", bilinear, NULL);
    g_object_unref(bilinear);
    if (mapped) goto done;
    /* The stretch reads the warp twice (histogram, then the pixels): keep it in memory once. */
    if (!(t[8] = vips_image_copy_memory(t[7]))) goto done;
    if (vips_hist_find(t[8], &t[9], NULL)) goto done;
    size_t bytes = 0;
    unsigned int *hist = vips_image_write_to_memory(t[9], &bytes);
    if (!hist) goto done;
    int bands = t[8]->Bands;
    double a[4], b[4], n = (double)width * height;
    for (int c = 0; c < bands && c < 4; c++) {
        double cum = 0; int lo = -1, hi = -1;
        for (int v = 0; v < 256; v++) {
            cum += hist[v * bands + c];
            if (lo < 0 && cum >= 0.01 * n) lo = v;
            if (hi < 0 && cum >= 0.99 * n) hi = v;
        }
        a[c] = hi > lo ? 255.0 / (hi - lo) : 1;
        b[c] = hi > lo ? -lo * a[c] : 0;
    }
    g_free(hist);
    if (vips_linear(t[8], &t[10], a, b, bands, "uchar", TRUE, NULL)) goto done;
    if (vips_pngsave(t[10], out, "compression", 1, NULL)) goto done;
    status = 0;
done:
    for (int i = 0; i < 12; i++) if (t[i]) g_object_unref(t[i]);
    return status ? fail(out) : 0;
}

int main(int argc, char **argv) {
    if (VIPS_INIT(argv[0])) return fail("init");
    if (argc < 14 || (argc - 3) % 11 != 0) {
        fprintf(stderr, "usage: vips_pipeline IN OUT_PREFIX W H h0 ... h8 [W H h0 ... h8 ...]\n");
        return 2;
    }
    /* Random access: the warp reads the photo in any order, so it is decoded once into memory. */
    VipsImage *photo = vips_image_new_from_file(argv[1], "access", VIPS_ACCESS_RANDOM, NULL);
    if (!photo) return fail(argv[1]);
    int status = 0;
    for (int i = 3, n = 1; i + 11 <= argc && status == 0; i += 11, n++) {
        double h[9];
        for (int k = 0; k < 9; k++) h[k] = atof(argv[i + 2 + k]);
        char out[4096];
        snprintf(out, sizeof out, "%s-%d.png", argv[2], n);
        status = scan_print(photo, atoi(argv[i]), atoi(argv[i + 1]), h, out);
    }
    g_object_unref(photo);
    vips_shutdown();
    return status;
}
