#include "CShims.h"

#include <lcms2.h>
#include <lcms2_plugin.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

/*
 * lcms2 builds an output transform to a matrix/TRC profile by inverting each channel's tone curve
 * (cmsReverseToneCurve). A tabulated curve (InstantScan's built-in profiles carry the sRGB curve
 * as a 1024-entry `curv`, as the classic sRGB profile does) is inverted sample by sample, each of
 * 4096 samples searching the table from its top: about 20 M instructions a channel, 62 M a
 * transform, three times the same work when the three channels share one curve.
 *
 * The twin of such a profile is the same profile with its three TRC tags replaced, in memory, by a
 * parametric curve of a private type (registered as an lcms2 plugin) whose function is the
 * original curve as lcms2 evaluates it, and whose inverse (lcms2 inverts a parametric curve by
 * calling the function with the negated type, without a search) is lcms2's own inversion of the
 * original curve, made once per process and evaluated as lcms2 evaluates it. lcms2 reads the
 * curves of an output profile only through those evaluations (cmsEvalToneCurveFloat), so a
 * transform to the twin is the transform to the profile: the tests compare the two on all 2^24
 * colours. It is used for matrix/TRC sources in relative colorimetric intent, where no black
 * point detection evaluates the curves any other way.
 */

/* The private parametric curve type: lcms2's own are 1-8 and 108-109. */
#define IS_TWIN_CURVE_TYPE 7301
/* Profiles with a twin: InstantScan's built-in ones (two); each keeps its curves for the process. */
#define IS_TWIN_SLOTS 4

typedef struct {
    const void *profile;    /* the original's handle */
    cmsHPROFILE twin;
    cmsToneCurve *forward;  /* the original's curve */
    cmsToneCurve *inverse;  /* lcms2's inversion of it (cmsReverseToneCurve) */
} is_twin_slot;

static is_twin_slot is_twin_slots[IS_TWIN_SLOTS];
static int is_twin_count;
static pthread_mutex_t is_twin_lock = PTHREAD_MUTEX_INITIALIZER;

/* The curve of slot Params[0]; the negated type asks for its inverse. Both evaluated as lcms2
 * evaluates a tabulated curve, whose float result this passes back unchanged. */
static cmsFloat64Number is_twin_evaluate(cmsInt32Number type, const cmsFloat64Number params[], cmsFloat64Number r) {
    int slot = (int)params[0];
    if (slot < 0 || slot >= IS_TWIN_SLOTS || is_twin_slots[slot].forward == NULL) return 0;
    const cmsToneCurve *curve = type > 0 ? is_twin_slots[slot].forward : is_twin_slots[slot].inverse;
    return cmsEvalToneCurveFloat(curve, (cmsFloat32Number)r);
}

static cmsPluginParametricCurves is_twin_plugin = {
    {cmsPluginMagicNumber, 2060, cmsPluginParametricCurveSig, NULL},
    1,
    {IS_TWIN_CURVE_TYPE},
    {1},
    is_twin_evaluate,
};

static int is_twin_registered;

/* The curve type is registered while the process loads, before any thread can be reading
 * lcms2's list of parametric curve types: cmsPlugin links into that list without a lock, and a
 * batch's workers open profiles and build transforms at the same time. */
__attribute__((constructor)) static void is_register_twin_curve_type(void) {
    is_twin_registered = cmsPlugin(&is_twin_plugin) ? 1 : -1;
}

/* The three TRCs of `profile` when they are one tabulated curve (the same table), else NULL. */
static cmsToneCurve *is_shared_tabulated_curve(cmsHPROFILE profile) {
    const cmsTagSignature tags[3] = {cmsSigRedTRCTag, cmsSigGreenTRCTag, cmsSigBlueTRCTag};
    cmsToneCurve *curves[3];
    for (int c = 0; c < 3; c++) {
        curves[c] = (cmsToneCurve *)cmsReadTag(profile, tags[c]);
        if (curves[c] == NULL || cmsGetToneCurveParametricType(curves[c]) != 0) return NULL;
    }
    cmsUInt32Number entries = cmsGetToneCurveEstimatedTableEntries(curves[0]);
    if (entries < 2) return NULL;
    for (int c = 1; c < 3; c++) {
        if (cmsGetToneCurveEstimatedTableEntries(curves[c]) != entries
            || memcmp(cmsGetToneCurveEstimatedTable(curves[c]), cmsGetToneCurveEstimatedTable(curves[0]),
                      entries * sizeof(cmsUInt16Number)) != 0) {
            return NULL;
        }
    }
    return curves[0];
}

/* Makes slot `slot`'s twin of `profile` (its ICC bytes `bytes`), or returns 0. */
static int is_make_twin(is_twin_slot *slot, int index, void *profile, const uint8_t *bytes, size_t length) {
    cmsToneCurve *curve = is_shared_tabulated_curve((cmsHPROFILE)profile);
    if (curve == NULL) return 0;
    slot->forward = cmsDupToneCurve(curve);
    slot->inverse = cmsReverseToneCurve(curve);
    cmsFloat64Number params[1] = {(cmsFloat64Number)index};
    cmsToneCurve *parametric = slot->forward && slot->inverse
        ? cmsBuildParametricToneCurve(NULL, IS_TWIN_CURVE_TYPE, params) : NULL;
    cmsHPROFILE twin = parametric ? cmsOpenProfileFromMem(bytes, (cmsUInt32Number)length) : NULL;
    int written = twin != NULL && cmsWriteTag(twin, cmsSigRedTRCTag, parametric)
        && cmsWriteTag(twin, cmsSigGreenTRCTag, parametric) && cmsWriteTag(twin, cmsSigBlueTRCTag, parametric);
    if (parametric) cmsFreeToneCurve(parametric);
    if (!written) {
        if (twin) cmsCloseProfile(twin);
        if (slot->forward) cmsFreeToneCurve(slot->forward);
        if (slot->inverse) cmsFreeToneCurve(slot->inverse);
        slot->forward = slot->inverse = NULL;
        return 0;
    }
    slot->twin = twin;
    slot->profile = profile;
    return 1;
}

void *is_lcms_output_twin(void *profile, const uint8_t *bytes, size_t length) {
    if (profile == NULL || bytes == NULL || length == 0 || length > UINT32_MAX) return NULL;
    void *found = NULL;
    pthread_mutex_lock(&is_twin_lock);
    for (int i = 0; i < is_twin_count; i++) {
        if (is_twin_slots[i].profile == profile) found = is_twin_slots[i].twin;
    }
    if (found == NULL && is_twin_count < IS_TWIN_SLOTS) {
        is_twin_slot *slot = &is_twin_slots[is_twin_count];
        if (is_twin_registered == 1 && is_make_twin(slot, is_twin_count, profile, bytes, length)) {
            found = is_twin_slots[is_twin_count++].twin;
        }
    }
    pthread_mutex_unlock(&is_twin_lock);
    return found;
}

long is_lcms_output_twin_differences(void *source, void *destination, void *twin) {
    cmsHTRANSFORM plain = cmsCreateTransform((cmsHPROFILE)source, TYPE_RGB_8, (cmsHPROFILE)destination, TYPE_RGB_8,
                                             INTENT_RELATIVE_COLORIMETRIC, cmsFLAGS_NOCACHE);
    cmsHTRANSFORM fast = cmsCreateTransform((cmsHPROFILE)source, TYPE_RGB_8, (cmsHPROFILE)twin, TYPE_RGB_8,
                                            INTENT_RELATIVE_COLORIMETRIC, cmsFLAGS_NOCACHE);
    enum { COLOURS = 1 << 16 };
    uint8_t *in = (uint8_t *)malloc(3 * COLOURS), *a = (uint8_t *)malloc(3 * COLOURS);
    uint8_t *b = (uint8_t *)malloc(3 * COLOURS);
    long differences = -1;
    if (plain && fast && in && a && b) {
        differences = 0;
        for (uint32_t red = 0; red < 256; red++) {
            for (uint32_t k = 0; k < COLOURS; k++) {
                in[3 * k] = (uint8_t)red;
                in[3 * k + 1] = (uint8_t)(k >> 8);
                in[3 * k + 2] = (uint8_t)k;
            }
            cmsDoTransform(plain, in, a, COLOURS);
            cmsDoTransform(fast, in, b, COLOURS);
            for (uint32_t k = 0; k < 3 * COLOURS; k++) differences += a[k] != b[k];
        }
    }
    if (plain) cmsDeleteTransform(plain);
    if (fast) cmsDeleteTransform(fast);
    free(in);
    free(a);
    free(b);
    return differences;
}
