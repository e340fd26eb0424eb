import Testing
@testable import InstantScan

/// The streamed glare detector's block sums against sums taken a pixel and a channel at a time.
@Suite struct GlareBlockSumsTests {
    /// Every block's red, green and blue totals, plainly.
    static func plainSums(_ image: PixelBuffer, k: Int, w: Int, h: Int) -> [UInt32] {
        var sums = [UInt32](repeating: 0, count: 3 * w * h)
        for y in 0..<(h * k) {
            for x in 0..<(w * k) {
                let pixel = image[x, y]
                for c in 0..<3 { sums[((y / k) * w + x / k) * 3 + c] += UInt32(pixel[c]) }
            }
        }
        return sums
    }

    /// Blocks of 1…257 pixels (two channels share a word; all-255 pixels are the largest sums that
    /// must not carry into the other half) and of 300 (too wide to pack: a channel at a time), the
    /// card added in bands of a few rows that end inside block rows.
    @Test(arguments: [(97, 61, 400), (97, 61, 13), (514, 300, 2), (600, 260, 1)])
    func bandsAddUpToTheBlocksTotals(width: Int, height: Int, longSide: Int) throws {
        let image = try ColorTestImages.random(width: width, height: height, seed: UInt64(longSide))
        for y in stride(from: 0, to: height, by: 5) { for x in 0..<width { image[x, y] = [255, 255, 255, 255] } }
        let sums = GlareBlockSums(detector: GlareDetector(workingLongSide: longSide), cardSize: PixelSize(width: width, height: height))
        var parts: [GlareBlockSums.Part] = []
        for start in stride(from: 0, to: height, by: 7) {
            let rows = start..<min(start + 7, height)
            var part = sums.part(rows: rows)
            sums.add(image, firstRow: 0, rows: rows, to: &part)
            parts.append(part)
        }
        var total = [UInt32](repeating: 0, count: 3 * sums.w * sums.h)
        for part in parts { for (i, value) in part.sums.enumerated() { total[3 * sums.w * part.firstBlockRow + i] += value } }
        #expect(total == Self.plainSums(image, k: sums.k, w: sums.w, h: sums.h), "blocks of \(sums.k)")
    }
}
