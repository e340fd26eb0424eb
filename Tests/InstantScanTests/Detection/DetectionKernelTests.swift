import Testing
@testable import InstantScan

/// The per-pixel kernels that run over every working pixel (or photo pixel) of a detection, written
/// for speed: each must give exactly what its plain reading gives, bit for bit.
@Suite("Detection kernels")
struct DetectionKernelTests {
    /// A stored photo of `width × height` whose channels follow no simple pattern (every level
    /// 0...255 appears), in `format`.
    static func photo(width: Int, height: Int, format: PixelFormat) throws -> PixelBuffer {
        let image = try PixelBuffer(width: width, height: height, format: format, filledWith: 0)
        for y in 0..<height {
            for x in 0..<width {
                let r = UInt8((x * 37 + y * 101 + 13) % 256), g = UInt8((x * x + 7 * y) % 256)
                let b = UInt8((x * 3 + y * y * 5 + 200) % 256)
                image[x, y] = format == .rgba8 ? [r, g, b, UInt8((x + y) % 256)] : [r, g, b]
            }
        }
        return image
    }

    @Test("4 × 4 box means are the blocks' plain means, 3 and 4 bytes a pixel, every orientation",
          arguments: Orientation.allCases)
    func boxMeansOfFour(_ orientation: Orientation) throws {
        try checkBoxMeans(factor: 4, orientation: orientation)
    }

    /// A 12 MP JPEG is detected on its half-size decode (``ScaledDetection``), whose blocks are two
    /// pixels wide and have a vector fold of their own.
    @Test("2 × 2 box means are the blocks' plain means, 3 and 4 bytes a pixel, every orientation",
          arguments: Orientation.allCases)
    func boxMeansOfTwo(_ orientation: Orientation) throws {
        try checkBoxMeans(factor: 2, orientation: orientation)
    }

    private func checkBoxMeans(factor k: Int, orientation: Orientation) throws {
        // Widths and heights with partial blocks left over at the ends (dropped) and none.
        for (width, height, format) in [(k * 9 + k - 1, k * 5 + 1, PixelFormat.rgb8), (k * 8, k * 6, .rgb8),
                                        (k * 7 + k / 2, k * 5 + k - 1, .rgba8), (k * 6, k * 4, .rgba8)] {
            let stored = try Self.photo(width: width, height: height, format: format)
            let work = BoxDownsampler.downsample(stored, orientation: orientation, factor: k)
            let toStored = orientation.uprightToStored(stored: stored.size)
            for y in 0..<work.height {
                for x in 0..<work.width {
                    // The working pixel's block, through the map the working image reports.
                    let centre = toStored.apply(work.toUpright.apply(Point(Double(x), Double(y))))
                    let bx = Int(centre.x) / k, by = Int(centre.y) / k
                    var sums: [UInt32] = [0, 0, 0]
                    for sy in (k * by)..<(k * by + k) {
                        for sx in (k * bx)..<(k * bx + k) {
                            let pixel = stored[sx, sy]
                            for c in 0..<3 { sums[c] += UInt32(pixel[c]) }
                        }
                    }
                    let norm = 1 / Float(k * k)
                    let i = y * work.width + x
                    let got = [work.red[i], work.green[i], work.blue[i]]
                    #expect(got.map(\.bitPattern) == sums.map { (Float($0) * norm).bitPattern },
                            "\(format) \(width)×\(height) \(orientation): working pixel (\(x), \(y))")
                }
            }
        }
    }

    @Test("the texture pass's block means are the plain sums', at every width and factor")
    func textureBlockMeans() {
        for factor in [2, 3, 4] {
            for cw in [1, 3, 4, 5, 8, 11] {
                let ch = 3, width = cw * factor + 2
                let plane = (0..<(width * ch * factor)).map { i in Float((i * 7919) % 1021) * 0.173 + 0.01 }
                let got = TextureScaleSegments.average(plane, width: width, factor: factor, cw, ch)
                var want = [Float](repeating: 0, count: cw * ch)
                let norm = 1 / Float(factor * factor)
                for cy in 0..<ch {
                    for cx in 0..<cw {
                        var total: Float = 0
                        for dy in 0..<factor {
                            var sum: Float = 0
                            for dx in 0..<factor { sum += plane[(cy * factor + dy) * width + cx * factor + dx] }
                            total += sum
                        }
                        want[cy * cw + cx] = total * norm
                    }
                }
                #expect(got.map(\.bitPattern) == want.map(\.bitPattern), "factor \(factor), \(cw) blocks a row")
            }
        }
    }

    /// Magnitudes about a threshold of 3, with the values a comparison can trip on.
    static let magnitudes: [Float] = [0, -0, 2.999_999_8, 3, 3.000_000_2, 250, .nan, .infinity, -.infinity,
                                      .leastNonzeroMagnitude, 1e-12, 7, 2, 3, 4, 5, 6, 0.5, 300]

    @Test("the strong-gradient mask is the plain comparison's at every length")
    func strongMask() {
        for n in 0...Self.magnitudes.count {
            let values = Array(Self.magnitudes.prefix(n))
            #expect(EdgeEvidence.strongMask(values, threshold: 3) == values.map { $0 >= 3 ? 1 : 0 })
        }
    }

    @Test("the clipped mask is the plain test of all three channels")
    func clippedMask() {
        let levels: [Float] = [0, 249.9, 250, 255, 251, .nan, 300, 250, 120]
        let n = 31
        func plane(_ k: Int) -> [Float] { (0..<n).map { levels[($0 * k + $0 / 3) % levels.count] } }
        let (red, green, blue) = (plane(1), plane(2), plane(5))
        let work = WorkingImage(width: n, height: 1, red: red, green: green, blue: blue,
                                toUpright: AffineMap(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0))
        let plain = (0..<n).map { i -> UInt8 in red[i] >= 250 && green[i] >= 250 && blue[i] >= 250 ? 1 : 0 }
        #expect(work.clippedMask(level: 250) == plain)
        #expect(plain.contains(1) && plain.contains(0))
    }

    @Test("the vector square root is each lane's squareRoot(), bit for bit")
    func vectorSquareRoot() {
        let values: [Float] = [0, -0, 1, 2, 0.25, .leastNormalMagnitude / 3, .leastNonzeroMagnitude, .greatestFiniteMagnitude,
                               .infinity, -1, -.infinity, .nan, 65025.5, 3.4e10, 7, 1e-12]
        for k in stride(from: 0, to: values.count, by: 4) {
            let v = SIMD4(values[k], values[k + 1], values[k + 2], values[k + 3])
            let got = ColorGradient.squareRoots(v)
            for lane in 0..<4 {
                let want = v[lane].squareRoot()
                #expect(got[lane].bitPattern == want.bitPattern || (got[lane].isNaN && want.isNaN),
                        "√\(v[lane]): \(got[lane]) against \(want)")
            }
        }
    }
}
