import Testing
@testable import InstantScan

/// The glare detector's cheaper arithmetic against the plain forms it replaced: the same codes,
/// masks and paper levels, so the maps (and the scans) do not change.
@Suite struct GlareExactShortcutsTests {
    /// Every mean a block of 1…6 pixels a side can have, and the floats on either side of every
    /// half, round to the code `rounded()` gives.
    @Test func blockMeansRoundAsRoundedDoes() {
        for k in 1...6 {
            let norm = 1 / Float(k * k)
            for sum in 0...(255 * k * k) {
                let mean = Float(sum) * norm
                #expect(BlockMeanCode.code(mean) == UInt8(mean.rounded()), "sum \(sum) of \(k * k)")
            }
        }
        for n in 0..<255 {
            let half = Float(n) + 0.5
            for mean in [half.nextDown, half, half.nextUp, Float(n), Float(n).nextUp] {
                #expect(BlockMeanCode.code(mean) == UInt8(mean.rounded()), "mean \(mean)")
            }
        }
    }

    /// Erosion and dilation by a square, counted directly over each pixel's window (outside the
    /// mask unset).
    static func plainFiltered(_ mask: BinaryMask, radius r: Int, all: Bool) -> [Bool] {
        (0..<(mask.width * mask.height)).map { i in
            let x = i % mask.width, y = i / mask.width
            var set = 0
            for v in (y - r)...(y + r) {
                for u in (x - r)...(x + r) where u >= 0 && v >= 0 && u < mask.width && v < mask.height {
                    set += mask.values[v * mask.width + u] ? 1 : 0
                }
            }
            return all ? set == (2 * r + 1) * (2 * r + 1) : set > 0
        }
    }

    /// Masks of blobs and speckle, some narrower or shorter than the window.
    @Test(arguments: [(40, 30, 1), (40, 30, 3), (7, 50, 4), (50, 5, 2), (3, 3, 5)])
    func squareFiltersCountEveryWindow(width: Int, height: Int, radius: Int) {
        var random = SeededGenerator(seed: UInt64(width * 100 + radius))
        let values = (0..<(width * height)).map { i in
            let x = i % width, y = i / width
            return (x / 6 + y / 5) % 3 == 0 || Int.random(in: 0..<10, using: &random) == 0
        }
        let mask = BinaryMask(width: width, height: height, values: values)
        #expect(mask.eroded(radius: radius).values == Self.plainFiltered(mask, radius: radius, all: true))
        #expect(mask.dilated(radius: radius).values == Self.plainFiltered(mask, radius: radius, all: false))
        let eroded = mask.eroded(radius: radius)
        #expect(mask.opened(radius: radius).values == Self.plainFiltered(eroded, radius: radius, all: false))
    }

    /// The paper level as it was taken: every pixel's card and window test made on its own, the
    /// band sorted for its median (without a format, all the luma sorted for its 90th percentile).
    static func plainPaperLevel(luma: [Float], width w: Int, height h: Int, format: PrintFormat?) -> Float {
        var band: [Float] = []
        if let format {
            let card = format.cardSize, window = format.window
            for y in 0..<h {
                let my = (Double(y) + 0.5) / Double(h) * card.height
                for x in 0..<w {
                    let mx = (Double(x) + 0.5) / Double(w) * card.width
                    let inCard = mx > 1.5 && my > 1.5 && mx < card.width - 1.5 && my < card.height - 1.5
                    let nearWindow = mx > window.x - 1 && mx < window.x + window.width + 1
                        && my > window.y - 1 && my < window.y + window.height + 1
                    if inCard && !nearWindow { band.append(luma[y * w + x]) }
                }
            }
        }
        if band.count >= 16 { return band.sorted()[band.count / 2] }
        let sorted = luma.sorted()
        return sorted[min(sorted.count - 1, sorted.count * 9 / 10)]
    }

    /// Random luma with many repeats (the clipped and the flat), on grids of several sizes and
    /// every format, and without one.
    @Test(arguments: [(235, 374), (61, 50), (4, 3)])
    func paperLevelIsThePlainMedian(width: Int, height: Int) {
        var random = SeededGenerator(seed: UInt64(width))
        let luma = (0..<(width * height)).map { _ in Float(min(Int.random(in: 180...260, using: &random), 255)) * 0.9 }
        let detector = GlareDetector()
        for format in PrintFormat.allCases.map(Optional.some) + [nil] {
            #expect(detector.paperLevel(luma: luma, width: width, height: height, format: format)
                    == Self.plainPaperLevel(luma: luma, width: width, height: height, format: format), "\(String(describing: format))")
        }
    }
}
