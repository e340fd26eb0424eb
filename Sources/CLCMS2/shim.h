#ifndef INSTANTSCAN_CLCMS2_SHIM_H
#define INSTANTSCAN_CLCMS2_SHIM_H
#include <lcms2.h>

/* lcms2's pixel-type constants are nested function-like macros, which Swift does not import. */
static inline cmsUInt32Number is_lcms_type_rgba_8(void) { return TYPE_RGBA_8; }
static inline cmsUInt32Number is_lcms_type_rgb_8(void) { return TYPE_RGB_8; }
static inline cmsUInt32Number is_lcms_type_rgba_16(void) { return TYPE_RGBA_16; }
static inline cmsUInt32Number is_lcms_type_rgb_flt(void) { return TYPE_RGB_FLT; }
static inline cmsUInt32Number is_lcms_type_rgb_dbl(void) { return TYPE_RGB_DBL; }
static inline cmsUInt32Number is_lcms_type_rgb_16(void) { return TYPE_RGB_16; }
static inline cmsUInt32Number is_lcms_type_lab_dbl(void) { return TYPE_Lab_DBL; }
static inline cmsUInt32Number is_lcms_flags_copy_alpha(void) { return cmsFLAGS_COPY_ALPHA; }
static inline cmsUInt32Number is_lcms_flags_nocache(void) { return cmsFLAGS_NOCACHE; }
#endif
