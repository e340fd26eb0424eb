import Foundation
import Testing
@testable import InstantScan

/// The correction kernel against a plain per-pixel reference in Double.
@Suite struct LightCorrectionKernelTests {
    /// What the kernel should give for one pixel: exact gains, the clipped-channel rule, rounding.
    static func reference(_ pixel: [UInt8], gains: [Double]) -> [UInt8] {
        var v = (0..<3).map { LinearLight.toLinear(Double(pixel[$0]) / 255) * gains[$0] }
        let clipped = (0..<3).map { pixel[$0] >= 250 }
        let unclipped = (0..<3).filter { !clipped[$0] }.map { v[$0] }
        let floor = unclipped.max() ?? v.max()!
        // Two clipped channels are raised towards each other by at most their gains' ratio.
        let raised = (0..<3).map { c in
            (0..<3).filter { $0 != c && clipped[$0] }.reduce(floor) { max($0, min(v[$1], v[c] * gains[$1] / gains[c])) }
        }
        for c in 0..<3 where clipped[c] { v[c] = max(v[c], raised[c]) }
        return v.map { LinearLight.code(linear: $0) }
    }

    @Test func uniformGainsMatchTheReference() throws {
        let image = try ColorTestImages.random(width: 97, height: 61, seed: 11)
        let original = PixelBufferReader(image)
        let gains = [1.7, 1.05, 0.62]
        let light = LightEstimate(source: .frame, field: .uniform(gains.map { 0.8 / $0 }), whiteLevel: 0.8,
                                  channels: [.measured, .measured, .measured], profile: .srgb)
        let clipped = WhiteBalance().apply(light, to: image)
        let out = PixelBufferReader(image)
        var off = 0, worst = 0
        var clippedCount = 0
        for y in 0..<image.height {
            for x in 0..<image.width {
                let pixel = (0..<4).map { original.value(x, y, $0) }
                if pixel[0..<3].contains(where: { $0 >= 250 }) { clippedCount += 1 }
                let expected = Self.reference(pixel, gains: gains)
                for c in 0..<3 {
                    let d = abs(Int(out.value(x, y, c)) - Int(expected[c]))
                    worst = max(worst, d)
                    if d != 0 { off += 1 }
                }
                #expect(out.value(x, y, 3) == pixel[3], "alpha is kept")
            }
        }
        // Root-linear steps of 1/8191 move a value by up to 0.04 codes, so values within that of
        // a rounding edge may round the other way: about 1 % of channels, by one code, never more.
        #expect(worst <= 1)
        #expect(Double(off) / Double(image.width * image.height * 3) < 0.02)
        #expect(abs(clipped - Double(clippedCount) / Double(image.width * image.height)) < 1e-12)
    }

    /// A pale sky photographed under a warm lamp clips red and green and keeps blue. Its red's
    /// lower bound after the lamp's correction is far below its green's; raised only to the
    /// unclipped blue (as before), the sky came out green. Both clipped channels are at least the
    /// brighter bound: the sky stays pale and neutral between red and green.
    @Test func aHighlightClippedInTwoChannelsStaysNeutralBetweenThem() throws {
        let image = try PixelBuffer(width: 8, height: 8)
        for y in 0..<8 { for x in 0..<8 { image[x, y] = [255, 252, 150, 255] } }
        // A tungsten lamp's correction: red lowered, blue raised.
        let gains = [0.52, 0.95, 2.5]
        let light = LightEstimate(source: .picture, field: .uniform(gains.map { 0.84 / $0 }), whiteLevel: 0.84,
                                  channels: [.picture, .picture, .picture], profile: .srgb)
        let share = WhiteBalance().apply(light, to: image)
        #expect(share == 1)
        let out = image[3, 3]
        // Blue's correction (code 150 × 2.5 in linear light) lies between red's and green's
        // bounds; red is raised to green's, not to blue's.
        #expect(out[0] == out[1], "red \(out[0]) and green \(out[1]) of a highlight clipped in both")
        #expect(out[1] >= 245 && out[2] < out[1], "a pale highlight, not green: \(out)")

        // Under daylight (equal gains) the codes' own difference is a reading and is kept: a
        // yellow highlight at red 255, green 250 keeps its green.
        for y in 0..<8 { for x in 0..<8 { image[x, y] = [255, 250, 190, 255] } }
        let daylight = LightEstimate(source: .picture, field: .uniform([1, 1, 1]), whiteLevel: 1,
                                     channels: [.picture, .picture, .picture], profile: .srgb)
        WhiteBalance().apply(daylight, to: image)
        let kept = image[3, 3]
        #expect(zip(kept[0..<3], [255, 250, 190]).allSatisfy { abs(Int($0) - $1) <= 1 }, "\(kept)")
    }

    @Test func interpolatedFieldMatchesTheExactField() throws {
        // A strong field: 40 % across, curved, tilted differently per channel.
        let field = IlluminationField(logLevels: [-0.2, -0.3, -0.6], shape: [-0.2, 0.1, -0.1, 0.05, -0.08],
                                      tilts: [0.05, 0, 0, -0.03, -0.04, 0.02])
        let width = 203, height = 150
        let image = try PixelBuffer(width: width, height: height)
        for y in 0..<height { for x in 0..<width { image[x, y] = [UInt8(40 + x % 180), UInt8(30 + y), 120, 255] } }
        let original = PixelBufferReader(image)
        let region = (u0: 0.1, v0: 0.2, u1: 0.9, v1: 0.7)
        let light = LightEstimate(source: .frame, field: field, whiteLevel: 0.81, channels: [.measured, .measured, .measured],
                                  profile: .srgb)
        WhiteBalance().apply(light, to: image, covering: Quad(Point(region.u0, region.v0), Point(region.u1, region.v0),
                                                               Point(region.u1, region.v1), Point(region.u0, region.v1)))
        let out = PixelBufferReader(image)
        var worst = 0
        for y in 0..<height {
            for x in 0..<width {
                let u = region.u0 + (Double(x) + 0.5) / Double(width) * (region.u1 - region.u0)
                let v = region.v0 + (Double(y) + 0.5) / Double(height) * (region.v1 - region.v0)
                let gains = (0..<3).map { 0.81 / field.value(channel: $0, u: u, v: v) }
                let expected = Self.reference((0..<3).map { original.value(x, y, $0) }, gains: gains)
                for c in 0..<3 { worst = max(worst, abs(Int(out.value(x, y, c)) - Int(expected[c]))) }
            }
        }
        #expect(worst <= 1, "worst difference \(worst) codes")
    }

    @Test func tinyImagesAreCorrected() throws {
        for (w, h) in [(1, 1), (1, 40), (40, 1), (33, 33)] {
            let image = try PixelBuffer(width: w, height: h, filledWith: 128)
            let light = LightEstimate(source: .frame, field: .uniform([0.5, 0.5, 0.5]), whiteLevel: 0.25,
                                      channels: [.measured, .measured, .measured], profile: .srgb)
            WhiteBalance().apply(light, to: image)
            // Half the linear light of code 128 (0.2159) is 0.1080: code 92.38, so 92.
            #expect(image[w - 1, h - 1][0..<3] == [92, 92, 92], "\(w)×\(h): \(image[w - 1, h - 1])")
        }
    }
}
