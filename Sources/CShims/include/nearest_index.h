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

#endif
