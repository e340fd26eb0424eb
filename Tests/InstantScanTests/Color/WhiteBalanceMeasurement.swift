import Foundation
import Testing
@testable import InstantScan

/// Not a test: prints the colour stage's single-core CPU time on a 7 MP print (2400×2900), part
/// by part. Runs only when asked, in release:
///
///     INSTANTSCAN_COLOR_MEASURE=1 swift test -c release -Xswiftc -enable-testing \
///         --filter WhiteBalanceMeasurement
@Suite struct WhiteBalanceMeasurement {
    static let enabled = ProcessInfo.processInfo.environment["INSTANTSCAN_COLOR_MEASURE"] != nil

    /// CPU seconds the calling thread spends in `body`, best of `runs`.
    static func cpuSeconds(runs: Int = 5, _ body: () throws -> Void) rethrows -> Double {
        func now() -> Double {
            var t = timespec()
            clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t)
            return Double(t.tv_sec) + Double(t.tv_nsec) * 1e-9
        }
        var best = Double.infinity
        for _ in 0..<runs {
            let start = now()
            try body()
            best = min(best, now() - start)
        }
        return best
    }

    @Test(.enabled(if: enabled))
    func measure() throws {
        ProcessInfoCores.limit(to: 1)
        defer { ProcessInfoCores.limit(to: nil) }
        var scene = ColorScene()
        scene.format = .polaroid600
        scene.width = 2400
        scene.caption = true
        scene.glare = true
        // 88 × 107 mm at 2400 px wide is 2918 px high: 7.0 MP.
        let lamp = ColorScene.Light(cast: [1.3, 0.8, 0.42]) { u, v in (1 - 0.25 * u) * (1 - 0.05 * (2 * v - 1) * (2 * v - 1)) }
        let card = try scene.render(lamp)
        let pristine = card.packedBytes()
        _ = (LinearLight.rootEncodeTable, LinearLight.rootDecodeTable, FrameLightFit.logTable)
        let balance = WhiteBalance()
        var light = balance.estimate(card: card, format: .polaroid600)
        let tables = Self.cpuSeconds(runs: 1) {
            _ = (0..<256).map { LinearLight.toLinear(Double($0) / 255) }
            _ = (0..<LinearLight.rootEncodeSteps).map { LinearLight.code(linear: Double($0) / 8191) }
        }
        let frame = Self.cpuSeconds { _ = FrameSamples(card: card, format: .polaroid600) }
        let samples = FrameSamples(card: card, format: .polaroid600)
        let fit = Self.cpuSeconds { _ = FrameLightFit.fit(samples, format: .polaroid600, locus: PlanckianLocus(space: .srgb)) }
        let picture = Self.cpuSeconds { _ = PictureSamples(card: card, format: .polaroid600).luminanceQuantile(0.9, in: .srgb) }
        let estimate = Self.cpuSeconds { light = balance.estimate(card: card, format: .polaroid600) }
        let chroma = Self.cpuSeconds { _ = balance.frameChroma(card: card, format: .polaroid600, light: light) }
        func restore() {
            pristine.withUnsafeBytes { src in
                for y in 0..<card.height {
                    card.rowPointer(y).update(from: src.baseAddress!.assumingMemoryBound(to: UInt8.self) + y * card.width * 4,
                                              count: card.width * 4)
                }
            }
        }
        let apply = Self.cpuSeconds {
            restore()
            balance.apply(light, to: card)
        }
        let copy = Self.cpuSeconds { restore() }
        func ms(_ s: Double) -> String { String(format: "%.1f ms", s * 1000) }
        print("colour stage on \(card.width)×\(card.height) (\(String(format: "%.2f", Double(card.width * card.height) / 1e6)) MP), one core, CPU time:")
        print("  tables (once per process)  \(ms(tables))")
        print("  frame samples              \(ms(frame))")
        print("  field fit                  \(ms(fit))")
        print("  picture samples            \(ms(picture))")
        print("  estimate (all of the above) \(ms(estimate))")
        print("  frame chroma report        \(ms(chroma))")
        print("  apply                      \(ms(apply - copy)) (restoring the pixels, \(ms(copy)), subtracted)")
        print("  total                      \(ms(estimate + chroma + apply - copy))")
        print("  light: \(light.channels) gains \(light.gains)")
    }
}
