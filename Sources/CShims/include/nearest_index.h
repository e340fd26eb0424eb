#ifndef INSTANTSCAN_NEAREST_INDEX_H
#define INSTANTSCAN_NEAREST_INDEX_H

/*
 * The index of the pixel nearest (x, y) in a plane `width` pixels wide, for hot sampling loops whose
 * callers have already kept x and y in [0.5, size - 1.5]: truncating x + ½ then rounds to nearest.
 * Swift's checked Double-to-Int conversion tests finiteness and range on every call (a third of
 * EdgeEvidence's cost per probe); C's conversion is the same truncation without those tests.
 */
static inline long is_nearest_index(double x, double y, long width) {
    return (long)(y + 0.5) * width + (long)(x + 0.5);
}

/*
 * x truncated toward zero, for the bilinear samplers' cell index: their callers have already kept x
 * finite and within the plane (clamped or tested), where this is Swift's Int(x) without its tests of
 * finiteness and range (a sixth of a sample's instructions in the outline search and the refiner).
 */
static inline long is_truncated(double x) {
    return (long)x;
}

#endif
