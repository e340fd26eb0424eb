/* Re-encodes a PNG with libpng's default compression (zlib level 6, Z_FILTERED, all five filters
 * chosen per row): the size the benchmark holds `--png-compression small` to.
 *     libpng_defaults IN.png OUT.png */
#include <png.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(int argc, char **argv) {
    if (argc != 3) { fprintf(stderr, "usage: %s IN.png OUT.png\n", argv[0]); return 64; }
    png_image image;
    memset(&image, 0, sizeof image);
    image.version = PNG_IMAGE_VERSION;
    if (!png_image_begin_read_from_file(&image, argv[1])) { fprintf(stderr, "%s\n", image.message); return 65; }
    image.format = PNG_FORMAT_RGB;
    png_bytep pixels = malloc(PNG_IMAGE_SIZE(image));
    if (pixels == NULL || !png_image_finish_read(&image, NULL, pixels, 0, NULL)) { fprintf(stderr, "%s\n", image.message); return 65; }

    FILE *out = fopen(argv[2], "wb");
    if (out == NULL) { perror(argv[2]); return 73; }
    png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, NULL, NULL, NULL);
    png_infop info = png_create_info_struct(png);
    if (setjmp(png_jmpbuf(png))) { fprintf(stderr, "libpng failed\n"); return 70; }
    png_init_io(png, out);
    png_set_IHDR(png, info, image.width, image.height, 8, PNG_COLOR_TYPE_RGB, PNG_INTERLACE_NONE,
                 PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
    png_set_sRGB(png, info, PNG_sRGB_INTENT_PERCEPTUAL);
    png_write_info(png, info);
    for (png_uint_32 y = 0; y < image.height; y++) png_write_row(png, pixels + (size_t)y * image.width * 3);
    png_write_end(png, NULL);
    png_destroy_write_struct(&png, &info);
    fclose(out);
    free(pixels);
    return 0;
}
