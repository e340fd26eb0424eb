#ifndef INSTANTSCAN_CSHIMS_H
#define INSTANTSCAN_CSHIMS_H
#include <stddef.h>
#include <stdint.h>
#endif
