import CShims
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

    /// The Swift loop the C kernel replaced (is_light_correct_row), pixel by pixel: each node
    /// span's gains start at its first node and step by one float add a pixel, codes go through
    /// the root tables, clipped channels through ``LightCorrectionKernel/recover``.
    static func plainKernel(_ kernel: LightCorrectionKernel, on image: PixelBuffer) -> Int {
        let decode = LinearLight.rootDecodeTable, encode = LinearLight.rootEncodeTable
        let top = Float(LinearLight.rootEncodeSteps - 1), spacing = LightCorrectionKernel.nodeSpacing
        let clip = Int(FrameLightFit.clipCode)
        let (columns, rows, width, height) = (kernel.columns, kernel.rows, kernel.width, kernel.height)
        func code(_ value: Float) -> UInt8 {
            encode[Int((min(value, top) + 8_388_608).bitPattern & 0x7F_FFFF)]
        }
        var clipped = 0
        for y in 0..<height {
            let j = rows == 1 ? 0 : min(y / spacing, rows - 2)
            let y0 = j * spacing, y1 = min((j + 1) * spacing, height - 1)
            let t: Float = rows == 1 ? 0 : Float(y - y0) / Float(y1 - y0)
            let upper = j * columns * 3, lower = min(j + 1, rows - 1) * columns * 3
            let rowGains = (0..<(columns * 3)).map {
                kernel.nodeGains[upper + $0] + t * (kernel.nodeGains[lower + $0] - kernel.nodeGains[upper + $0])
            }
            var spans: [(xs: Range<Int>, start: [Float], steps: [Float])] = []
            if columns == 1 {
                spans = [(0..<width, Array(rowGains[0..<3]), [0, 0, 0])]
            } else {
                for i in 0..<(columns - 1) {
                    let xa = i * spacing, xb = min((i + 1) * spacing, width - 1)
                    let start = Array(rowGains[(i * 3)..<(i * 3 + 3)])
                    let steps = (0..<3).map { (rowGains[i * 3 + 3 + $0] - start[$0]) / Float(xb - xa) }
                    spans.append((xa..<(i == columns - 2 ? width : xb), start, steps))
                }
            }
            for span in spans {
                var gains = span.start
                for x in span.xs {
                    let pixel = image[x, y]
                    var r = decode[Int(pixel[0])] * gains[0], g = decode[Int(pixel[1])] * gains[1]
                    var b = decode[Int(pixel[2])] * gains[2]
                    if pixel[0..<3].contains(where: { Int($0) >= clip }) {
                        LightCorrectionKernel.recover(&r, &g, &b, clipped: (Int(pixel[0]) >= clip, Int(pixel[1]) >= clip,
                                                                            Int(pixel[2]) >= clip),
                                                      gains: (gains[0], gains[1], gains[2]))
                        clipped += 1
                    }
                    image[x, y] = [code(r), code(g), code(b), pixel[3]]
                    for c in 0..<3 { gains[c] += span.steps[c] }
                }
            }
        }
        return clipped
    }

    /// Random codes with many clipped channels (a quarter of the values at 245 or above), so that
    /// every mix of clipped channels meets every gain.
    static func clippedMix(width: Int, height: Int, seed: UInt64) throws -> PixelBuffer {
        var random = SeededGenerator(seed: seed)
        let bytes = (0..<(width * height * 4)).map { _ in
            Bool.random(using: &random) && Bool.random(using: &random)
                ? UInt8.random(in: 245...255, using: &random) : UInt8.random(in: 0...255, using: &random)
        }
        return try PixelBuffer(width: width, height: height, packed: bytes)
    }

    /// The kernel's C loop gives every byte and clipped count the Swift loop it replaced gives, on
    /// sizes whose last span is short, long, a single pixel or the whole row, under fields that
    /// raise and lower each channel.
    @Test(arguments: [(1, 1), (1, 7), (2, 3), (31, 5), (33, 9), (64, 4), (65, 3), (97, 70), (200, 41)])
    func theCLoopMatchesThePlainLoop(size: (Int, Int)) throws {
        let (width, height) = size
        let field = IlluminationField(logLevels: [-0.2, -1.1, 0.4], shape: [-0.3, 0.2, -0.1, 0.05, -0.08],
                                      tilts: [0.3, -0.2, 0.1, -0.3, -0.04, 0.2])
        for (seed, whiteLevel) in [(UInt64(5), 0.81), (6, 2.5), (7, 0.2)] {
            let kernel = LightCorrectionKernel(field: field, whiteLevel: whiteLevel, width: width, height: height,
                                               region: (u0: 0.1, v0: 0.05, u1: 0.95, v1: 0.9))
            let image = try Self.clippedMix(width: width, height: height, seed: seed)
            let expected = try PixelBuffer(width: width, height: height, packed: image.packedBytes())
            let expectedClipped = Self.plainKernel(kernel, on: expected)
            let clipped = kernel.apply(to: image)
            #expect(clipped == expectedClipped)
            #expect(image.packedBytes() == expected.packedBytes(), "\(width)×\(height), seed \(seed)")
        }
    }

    /// The vector path (SSE2) and the scalar path of is_light_correct_row give the same bytes and
    /// counts on every row, with gains spread from near 0 to beyond the encode table's top.
    @Test func theVectorPathMatchesTheScalarPath() throws {
        let width = 301, columns = (width - 1 + 31) / 32 + 1
        var random = SeededGenerator(seed: 42)
        let decode = LinearLight.rootDecodeTable, encode = LinearLight.rootEncodeTable
        let clipCode = FrameLightFit.clipCode
        for trial in 0..<40 {
            let image = try Self.clippedMix(width: width, height: 1, seed: UInt64(100 + trial))
            let scalarImage = try PixelBuffer(width: width, height: 1, packed: image.packedBytes())
            let gains = (0..<(columns * 3)).map { _ in Float.random(in: 0.001...(trial < 20 ? 9000 : 20000), using: &random) }
            let counts = decode.withUnsafeBufferPointer { decode in
                encode.withUnsafeBufferPointer { encode in
                    var tables = is_light_tables(decode: decode.baseAddress, encode: encode.baseAddress,
                                                 top: Float(LinearLight.rootEncodeSteps - 1),
                                                 clip_floor: decode[Int(clipCode)], clip_code: clipCode)
                    return gains.withUnsafeBufferPointer { gains in
                        (is_light_correct_row(image.rowPointer(0), width, gains.baseAddress, columns, 32, &tables, 1),
                         is_light_correct_row(scalarImage.rowPointer(0), width, gains.baseAddress, columns, 32, &tables, 0))
                    }
                }
            }
            #expect(counts.0 == counts.1 && counts.0 > 0)
            #expect(image.packedBytes() == scalarImage.packedBytes(), "trial \(trial)")
        }
    }
}
