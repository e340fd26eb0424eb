#ifndef INSTANTSCAN_CPNG_SHIM_H
#define INSTANTSCAN_CPNG_SHIM_H
#include <png.h>
#endif
