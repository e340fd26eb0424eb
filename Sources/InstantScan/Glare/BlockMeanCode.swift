/// A block's mean brightness as an 8-bit code, rounded as `Float.rounded()` rounds (halves away
/// from zero), without the `roundf` call that `rounded()` becomes on x86-64's baseline (no
/// SSE4.1): the glare grid rounds three means a block, some 260 000 a 7 MP print.
enum BlockMeanCode {
    /// The code of `mean`, a block's mean in 0 ..< 255.5 (a sum of codes times the reciprocal of
    /// its count); the same code `UInt8(mean.rounded())` gives.
    ///
    /// The truncation is the mean's floor (it is not negative), and the fraction `mean − floor`
    /// is exact (the two lie within a factor of two, or the floor is 0), so comparing it with ½
    /// rounds exactly as `rounded()` does.
    @inline(__always) static func code(_ mean: Float) -> UInt8 {
        let floor = Float(Int32(mean))
        return UInt8(mean - floor >= 0.5 ? floor + 1 : floor)
    }
}
