#ifndef IS_JPEG_ERROR_H
#define IS_JPEG_ERROR_H

/*
 * The error manager that the JPEG band reader and the streaming writer share (private to CShims).
 *
 * libjpeg reports errors by calling error_exit, which must not return; here it keeps libjpeg's
 * message and longjmps back to the setjmp of the C function that called into libjpeg, so no
 * longjmp ever crosses a Swift frame. What a warning does is each user's own choice
 * (emit_message): the reader stops on one, the writer has none to report.
 */

#include <setjmp.h>
#include <stdio.h>

#include <jpeglib.h>

typedef struct {
    struct jpeg_error_mgr base;
    jmp_buf jump;
    char message[JMSG_LENGTH_MAX];
} is_jpeg_error;

static void is_jpeg_error_exit(j_common_ptr cinfo) {
    is_jpeg_error *error = (is_jpeg_error *)cinfo->err;
    (*cinfo->err->format_message)(cinfo, error->message);
    longjmp(error->jump, 1);
}

/* Points cinfo's err at error with the longjmp exit and the given warning handler. */
static inline struct jpeg_error_mgr *is_jpeg_error_install(is_jpeg_error *error,
                                                           void (*emit_message)(j_common_ptr, int)) {
    struct jpeg_error_mgr *base = jpeg_std_error(&error->base);
    base->error_exit = is_jpeg_error_exit;
    base->emit_message = emit_message;
    return base;
}

#endif
