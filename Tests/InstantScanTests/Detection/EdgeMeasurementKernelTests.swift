import Foundation
import Testing
@testable import InstantScan

/// The edge measurement's inner loops take shortcuts (a pixel's channels interpolated together,
/// consensus counts that stop early); each must give exactly what the plain loop gives, or every
/// refined edge would move.
@Suite("Edge measurement kernels")
struct EdgeMeasurementKernelTests {
    /// A seeded generator: the same values on every run.
    private struct Seeded {
        var state: UInt64
        mutating func next() -> Double {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Double(state >> 11) / Double(1 << 53)
        }
    }

    @Test("a profile read a pixel at a time holds the values read a channel at a time",
          arguments: [PixelFormat.rgb8, .rgba8], [Orientation.up, .right, .downMirrored])
    func vectorProfileMatches(format: PixelFormat, orientation: Orientation) throws {
        var random = Seeded(state: 17)
        let width = 37, height = 23, channels = format.bytesPerPixel
        let bytes = (0..<(width * height * channels)).map { _ in UInt8(random.next() * 255.99) }
        let image = try PixelBuffer(width: width, height: height, format: format, packed: bytes)
        let sampler = FullResolutionSampler(image, orientation: orientation)
        let size = sampler.uprightSize
        var checked = 0, cut = 0
        for _ in 0..<300 {
            // Starts inside and a little outside, steps in every direction: some runs leave the photo.
            let start = Point(random.next() * Double(size.width + 4) - 2, random.next() * Double(size.height + 4) - 2)
            let angle = random.next() * 2 * Double.pi
            let step = Point(cos(angle), sin(angle)) * (0.3 + 1.2 * random.next())
            let count = 1 + Int(random.next() * 30)
            var channelwise = [Float](), pixelwise = [SIMD4<Float>]()
            let plain = sampler.profilePrefix(from: start, step: step, count: count, into: &channelwise)
            let vector = sampler.vectorProfilePrefix(from: start, step: step, count: count, into: &pixelwise)
            #expect(vector == plain)
            for k in 0..<min(plain, vector) {
                #expect(pixelwise[k][0] == channelwise[3 * k] && pixelwise[k][1] == channelwise[3 * k + 1]
                        && pixelwise[k][2] == channelwise[3 * k + 2])
            }
            checked += 1
            if plain > 0 && plain < count { cut += 1 }
        }
        // Both kinds of run were tried.
        #expect(checked == 300 && cut > 20)
    }

    /// Edge points along a side: most on a line (or a gentle bow) within a fraction of a pixel,
    /// with a run of outliers (a caption, a shadow) where `outliers` asks.
    private static func points(count: Int, bow: Double, outliers: Bool, seed: UInt64)
        -> (t: [Double], s: [Double], w: [Double]) {
        var random = Seeded(state: seed)
        var t = [Double](), s = [Double](), w = [Double]()
        for k in 0..<count {
            let x = 3 * Double(k) + random.next()
            var y = 2.5 + 0.01 * x + bow * x * (Double(count * 3) - x) + 0.4 * (random.next() - 0.5)
            if outliers && (k % 17 == 3 || (k > count / 2 && k < count / 2 + 6)) { y += 2 + 4 * random.next() }
            t.append(x); s.append(y); w.append(1 + 9 * random.next())
        }
        return (t, s, w)
    }

    @Test("a line fit's consensus start is the first best of all the candidate lines",
          arguments: [5, 12, 40, 200], [false, true])
    func lineStartMatchesExhaustiveSearch(count: Int, outliers: Bool) {
        for seed in UInt64(1)...4 {
            let (t, s, w) = Self.points(count: count, bow: 0, outliers: outliers, seed: seed)
            // Every candidate counted in full, the first with the highest score kept.
            let n = t.count, third = max(1, n / 3), picks = min(12, third)
            let remaining = RobustCurveFit.remainingWeights(w, count: n)
            var expected = (score: -1.0, a: 0.0, b: 0.0)
            for i in 0..<picks {
                for j in 0..<picks {
                    let p = i * third / picks, q = n - 1 - j * third / picks
                    guard q > p, t[q] - t[p] > 1e-9 else { continue }
                    let b = (s[q] - s[p]) / (t[q] - t[p])
                    let a = s[p] - b * t[p]
                    let score = RobustCurveFit.consensus((a, b, 0), t, s, w, inlierBand: 1.5, above: -1, remaining: remaining)
                    if score > expected.score { expected = (score, a, b) }
                }
            }
            let start = RobustLineFit.start(t: t, s: s, weights: w, inlierBand: 1.5)
            #expect(start.score == expected.score && start.a == expected.a && start.b == expected.b)
        }
    }

    @Test("a curve fit's consensus start is the first best of all the candidate parabolas",
          arguments: [9, 30, 200], [false, true])
    func curveStartMatchesExhaustiveSearch(count: Int, outliers: Bool) {
        for seed in UInt64(1)...4 {
            let (t, s, w) = Self.points(count: count, bow: 2e-5, outliers: outliers, seed: seed)
            let n = t.count, third = n / 3, picks = min(7, third)
            let remaining = RobustCurveFit.remainingWeights(w, count: n)
            var expected = (score: -1.0, c: (0.0, 0.0, 0.0))
            for i in 0..<picks {
                for j in 0..<picks {
                    for k in 0..<picks {
                        let p = i * third / picks, m = third + j * third / picks, q = n - 1 - k * third / picks
                        guard t[m] - t[p] > 1e-9, t[q] - t[m] > 1e-9 else { continue }
                        // Newton's divided differences, as the fit builds its candidates.
                        let d01 = (s[m] - s[p]) / (t[m] - t[p]), d12 = (s[q] - s[m]) / (t[q] - t[m])
                        let c = (d12 - d01) / (t[q] - t[p])
                        let b = d01 - c * (t[p] + t[m])
                        let a = s[p] - b * t[p] - c * t[p] * t[p]
                        let score = RobustCurveFit.consensus((a, b, c), t, s, w, inlierBand: 1.5, above: -1, remaining: remaining)
                        if score > expected.score { expected = (score, (a, b, c)) }
                    }
                }
            }
            let start = RobustCurveFit.start(t: t, s: s, weights: w, inlierBand: 1.5)
            #expect(start.score == expected.score && start.c == expected.c)
        }
    }
}
