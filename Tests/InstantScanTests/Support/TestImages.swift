import Foundation
@testable import InstantScan

/// Deterministic pseudo-random numbers (SplitMix64), so every test image is the same on every run.
struct SeededGenerator: RandomNumberGenerator {
    private var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

enum TestImages {
    /// A band-limited RGBA texture (sums of sinusoids with periods of 12 px and up): it survives
    /// resampling, so round-trip errors measure the warp, not aliasing.
    static func smoothTexture(width: Int, height: Int) throws -> PixelBuffer {
        let buffer = try PixelBuffer(width: width, height: height)
        for y in 0..<height {
            for x in 0..<width {
                let fx = Double(x), fy = Double(y)
                let r = 128 + 90 * sin(fx / 7.0) * cos(fy / 11.0)
                let g = 128 + 90 * sin((fx + fy) / 9.0)
                let b = 128 + 60 * cos(fx / 13.0) + 30 * sin(fy / 5.0)
                buffer[x, y] = [UInt8(r.rounded()), UInt8(g.rounded()), UInt8(b.rounded()), 255]
            }
        }
        return buffer
    }

    /// Peak signal-to-noise ratio of the RGB channels of two same-sized buffers, over the pixels
    /// at least `margin` from the border.
    static func psnr(_ a: PixelBuffer, _ b: PixelBuffer, margin: Int = 0) -> Double {
        precondition(a.width == b.width && a.height == b.height)
        var sum = 0.0, count = 0.0
        for y in margin..<(a.height - margin) {
            for x in margin..<(a.width - margin) {
                let p = a[x, y], q = b[x, y]
                for c in 0..<3 {
                    let d = Double(p[c]) - Double(q[c])
                    sum += d * d
                    count += 1
                }
            }
        }
        let mse = sum / max(count, 1)
        return mse == 0 ? .infinity : 10 * log10(255 * 255 / mse)
    }
}
