#ifndef INSTANTSCAN_CJPEG_SHIM_H
#define INSTANTSCAN_CJPEG_SHIM_H
/* jpeglib.h needs size_t and FILE declared first. */
#include <stddef.h>
#include <stdio.h>
#include <jpeglib.h>
#endif
