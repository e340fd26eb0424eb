#ifndef INSTANTSCAN_CLIBHEIF_SHIM_H
#define INSTANTSCAN_CLIBHEIF_SHIM_H
#include <libheif/heif.h>
#include <libheif/heif_items.h>
#include <libheif/heif_properties.h>

/* Photos from recent iPhones need libheif 1.18 or later (Debian 12 ships 1.15): fail the build
   with the remedy rather than build a reader that refuses them at run time. */
#if LIBHEIF_NUMERIC_VERSION < ((1 << 24) | (18 << 16))
#error "InstantScan needs libheif 1.18 or later: run `make deps` (it takes it from Debian's backports)"
#endif
#endif
