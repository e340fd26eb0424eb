#ifndef INSTANTSCAN_CTURBOJPEG_SHIM_H
#define INSTANTSCAN_CTURBOJPEG_SHIM_H
#include <turbojpeg.h>
#endif
