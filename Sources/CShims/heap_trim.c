/* malloc_trim and mallopt, which Swift's Glibc module does not export (malloc.h is not part of it). */
#include <stdlib.h>
#if defined(__GLIBC__)
#include <malloc.h>
#endif

#include "CShims.h"

int is_heap_trim(void) {
#if defined(__GLIBC__)
    return malloc_trim(0);
#else
    return 0;
#endif
}

int is_heap_mmap_threshold(size_t bytes) {
#if defined(__GLIBC__)
    return mallopt(M_MMAP_THRESHOLD, (int)bytes);
#else
    (void)bytes;
    return 0;
#endif
}
