#ifndef INSTANTSCAN_VECTOR_SQRT_H
#define INSTANTSCAN_VECTOR_SQRT_H

/*
 * Four floats, imported into Swift as SIMD4<Float>.
 */
typedef float is_float4 __attribute__((ext_vector_type(4)));

/*
 * The square roots of four floats in one vector instruction (IEEE, correctly rounded: each lane the
 * value Float.squareRoot() gives, NaN for a negative or NaN lane). Swift's SIMD4<Float>.squareRoot()
 * takes each lane's root through the C library's sqrtf, whose errno for a negative argument keeps
 * the compiler from vectorising it unless it can prove the lanes non-negative: the colour gradient's
 * magnitude went lane by lane, a test, a branch and a scalar root each.
 */
static inline is_float4 is_sqrt4(is_float4 v) {
    return __builtin_elementwise_sqrt(v);
}

#endif
