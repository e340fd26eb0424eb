#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension FrameJudgement {
    /// The side of the cells ``cellFarShare(_:lightnessRatio:)`` averages, as a share of the card's
    /// width and height: some 2.5 mm on a Polaroid, 1.6 mm on an Instax Mini, three or four grid
    /// steps of ``FrameSamples`` and two or more of a JPEG's 16-pixel blocks on a card scanned at
    /// its usual size.
    static let noiseCell = 0.03
    /// Fewest samples a cell needs to be counted.
    static let cellSamples = 4
    /// Fewest counted cells for a reading.
    static let minimumCells = 16

    /// ``farShare(_:lightnessRatio:)`` read on the mean colours of small cells of the frame
    /// (``noiseCell``) in linear light, as a share of the cells: what is left of the spread once
    /// sensor noise is averaged out (0 when too few cells can be read).
    ///
    /// A black frame in a dim photo sits near code 25, where a noise of a few codes is a fifth of
    /// the level and its log ratios scatter widely: on a plain black edition under a third of the
    /// light, with a noise of 9 codes and JPEG quality 62, 27–29 % of the single samples lie
    /// further than ``patternDistance`` from the median colour, as a pattern's do. Noise is new at
    /// every pixel (JPEG ties it together only within its 8- and 16-pixel blocks), so a cell's mean
    /// keeps a fraction of it: 0.3–1.5 % of the cells lie that far. A pattern's bands, stripes and
    /// motifs are larger than the cells and keep their colours: the hard scenes' patterned and
    /// dark coloured frames keep 15–86 % of their cells far.
    static func cellFarShare(_ samples: FrameSamples, lightnessRatio: Double? = nil) -> Double {
        var sums: [Int: (r: Double, g: Double, b: Double, n: Int)] = [:]
        let columns = Int((1 / noiseCell).rounded(.up)) + 1
        for i in 0..<samples.count {
            let r = samples.codes[0][i], g = samples.codes[1][i], b = samples.codes[2][i]
            // Clipped codes carry no colour; noise may take a dark one to 0, which still counts.
            guard max(r, g, b) < FrameLightFit.clipCode else { continue }
            let key = Int(samples.v[i] / noiseCell) * columns + Int(samples.u[i] / noiseCell)
            let sum = sums[key] ?? (0, 0, 0, 0)
            sums[key] = (sum.r + Double(LinearLight.linear(r)), sum.g + Double(LinearLight.linear(g)),
                         sum.b + Double(LinearLight.linear(b)), sum.n + 1)
        }
        var rg: [Double] = [], bg: [Double] = [], lightness: [Double] = []
        // In key order, so that the medians see the same list on every run.
        for key in sums.keys.sorted() {
            guard let sum = sums[key], sum.n >= cellSamples, sum.r > 0, sum.g > 0, sum.b > 0 else { continue }
            rg.append(log(sum.r / sum.g))
            bg.append(log(sum.b / sum.g))
            lightness.append((log(sum.r) + log(sum.g) + log(sum.b)) / 3)
        }
        guard rg.count >= minimumCells else { return 0 }
        return farShare(rg: rg, bg: bg, lightness: lightness, lightnessRatio: lightnessRatio)
    }
}
