#include "CShims.h"

#include <lcms2.h>

/*
 * lcms2 picks its pixel formatters by layout: packed RGB8 has unrolled ones, RGBA8 falls to the
 * generic chunky formatter (a loop over channels and extra channels per pixel), and copying alpha
 * through is a further pass. Gathering the three colour bytes of a run of pixels into a small
 * buffer, converting that as RGB8 and scattering the result back gives every pixel the same bytes
 * (the transform's pipeline is the same; only the formatters differ) in a little over half the time.
 */

/* Pixels converted per lcms call: both buffers stay in L1 beside the rows. */
#define IS_LCMS_RUN 512

void is_lcms_convert_rgba_as_rgb(void *transform, uint8_t *first, size_t stride, size_t rows,
                                 size_t column_begin, size_t column_end, size_t step) {
    if (transform == NULL || first == NULL || step == 0 || column_begin >= column_end) return;
    uint8_t in[IS_LCMS_RUN * 3], out[IS_LCMS_RUN * 3];
    for (size_t y = 0; y < rows; y++) {
        uint8_t *row = first + y * stride;
        size_t x = column_begin;
        while (x < column_end) {
            size_t count = 0;
            for (size_t at = x; at < column_end && count < IS_LCMS_RUN; at += step, count++) {
                const uint8_t *pixel = row + at * 4;
                in[count * 3] = pixel[0];
                in[count * 3 + 1] = pixel[1];
                in[count * 3 + 2] = pixel[2];
            }
            cmsDoTransform((cmsHTRANSFORM)transform, in, out, (cmsUInt32Number)count);
            for (size_t i = 0; i < count; i++, x += step) {
                uint8_t *pixel = row + x * 4;
                pixel[0] = out[i * 3];
                pixel[1] = out[i * 3 + 1];
                pixel[2] = out[i * 3 + 2];
            }
        }
    }
}
