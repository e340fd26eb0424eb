#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The colours a border band is made of, judged as a palette rather than as one colour or one mean.
///
/// Decorated frames vary in ways a per-side median or mean cannot follow: dots of one colour along
/// one side and of another along the next, stripes cut at a different angle on each side, motifs
/// bigger than the band is wide. What such a band keeps all round is its palette — the base colour and
/// the motifs' colours turn up on every side, in varying shares — and where it stops, the surface
/// beside the card shows colours the band does not have. A quad that wandered over two surfaces (card
/// on two sides, table on the others) has sides that share no colours; a quad cut out of a textured
/// surface has that surface's colours outside too.
///
/// Colours are binned by chromaticity and log brightness, and a colour counts as present beside its
/// own bin's neighbours, so the light's falloff across a print (a side a third darker than the
/// opposite one) still matches.
struct BandPalette: Sendable {
    typealias Color = (Float, Float, Float)

    /// Chromaticity bins per axis (each about 0.04 wide).
    static let chromaBins = 26
    /// Log₂ brightness bins (each a quarter of a stop of r+g+b).
    static let brightnessBins = 26

    /// Bin coordinates of a colour.
    static func bin(_ c: Color) -> (Int, Int, Int) {
        let sum = c.0 + c.1 + c.2 + 12
        let r = (c.0 + 4) / sum, g = (c.1 + 4) / sum
        let l = (log2(sum) - 3.5) * 4
        func clamp(_ v: Float, _ n: Int) -> Int { min(n - 1, max(0, Int(v))) }
        return (clamp(r * Float(chromaBins), chromaBins), clamp(g * Float(chromaBins), chromaBins),
                clamp(l, brightnessBins))
    }

    /// A histogram of colours over the bins.
    struct Histogram {
        /// Counts over the box of bins from `low` to `high` (inclusive) that holds every sample: a
        /// band's few dozen colours span a small corner of the 17,576 bins, and a box allocated
        /// and cleared whole for each of the thousands of bands judged cost more than counting.
        var counts: [UInt16]
        var total = 0
        /// The occupied bins and their counts: a band has a few dozen colours among hundreds of
        /// samples, so comparisons go bin by bin.
        var occupied: [(bin: (Int, Int, Int), count: Int)] = []
        private var low = (0, 0, 0), high = (-1, -1, -1)

        init(_ samples: [Color]) { self.init(bins: samples.map(BandPalette.bin)) }

        /// The histogram of colours already binned (a colour's bin is computed once, however many
        /// histograms count it).
        init(bins: [(Int, Int, Int)]) {
            total = bins.count
            // No samples, no counts (see `neighbourhood`).
            guard let first = bins.first else { counts = []; return }
            var low = first, high = first
            for b in bins {
                low = (min(low.0, b.0), min(low.1, b.1), min(low.2, b.2))
                high = (max(high.0, b.0), max(high.1, b.1), max(high.2, b.2))
            }
            self.low = low
            self.high = high
            counts = [UInt16](repeating: 0, count: (high.0 - low.0 + 1) * (high.1 - low.1 + 1) * (high.2 - low.2 + 1))
            var firstSeen: [(Int, Int, Int)] = []
            for b in bins {
                let index = cell(b.0, b.1, b.2)
                if counts[index] == 0 { firstSeen.append(b) }
                if counts[index] < UInt16.max { counts[index] += 1 }
            }
            occupied = firstSeen.map { ($0, Int(counts[cell($0.0, $0.1, $0.2)])) }
        }

        /// The index in `counts` of a bin inside the box.
        private func cell(_ r: Int, _ g: Int, _ l: Int) -> Int {
            ((l - low.2) * (high.0 - low.0 + 1) + (r - low.0)) * (high.1 - low.1 + 1) + (g - low.1)
        }

        /// Samples in the bin of `b` and its 26 neighbours.
        func neighbourhood(_ b: (Int, Int, Int)) -> Int {
            let l0 = max(low.2, b.2 - 1), l1 = min(high.2, b.2 + 1)
            let r0 = max(low.0, b.0 - 1), r1 = min(high.0, b.0 + 1)
            let g0 = max(low.1, b.1 - 1), g1 = min(high.1, b.1 + 1)
            guard l0 <= l1, r0 <= r1, g0 <= g1 else { return 0 }
            var sum = 0
            for l in l0...l1 {
                for r in r0...r1 {
                    for g in g0...g1 {
                        sum += Int(counts[cell(r, g, l)])
                    }
                }
            }
            return sum
        }

        /// Share of `samples` whose colour this histogram, less `excluded` (a part of it), has: at least
        /// `presence` of its samples lie near it (a few stray samples — a blurred edge, a speck — do not
        /// make a colour present).
        func explains(_ samples: Histogram, excluding excluded: Histogram? = nil,
                      presence: Double = 0.03) -> Double {
            let total = self.total - (excluded?.total ?? 0)
            guard samples.total > 0, total > 0 else { return 0 }
            let needed = max(2, Int((presence * Double(total)).rounded(.up)))
            var hits = 0
            for (b, count) in samples.occupied
            where neighbourhood(b) - (excluded?.neighbourhood(b) ?? 0) >= needed { hits += count }
            return Double(hits) / Double(samples.total)
        }
    }

    /// Smallest share of a side's colours the other sides together must have.
    var sideAgreement = 0.6
    /// Smallest share of a side's colours each other side must have.
    var pairAgreement = 0.3
    /// Largest share of the surface's colours beside a card side that the band may have for the band to
    /// stop there.
    var surfaceOverlap = 0.5

    struct Judgement: Sendable {
        /// Credit for one printed pattern all round that stops at the card's edge, 0...1.
        var credit = 0.0
        /// Share of the seen sides that share the band's palette with every other seen side.
        var agreement = 0.0
        /// Share of the judged card sides beyond which the surface's colours are mostly not the band's.
        var stops = 0.0
    }

    /// Whether the other sides together explain at least `sideAgreement` of `side`'s samples and each
    /// of them at least `pairAgreement` — the whole band less the side, and each other side, asked as
    /// ``Histogram/explains(_:excluding:presence:)`` asks. The band less the side is the other sides'
    /// sum, so each of the side's colours reads each other side's neighbourhood once, and the whole
    /// band's histogram is built only for the sides that get to the surface beside them.
    private func agrees(_ side: Histogram, _ others: [Histogram]) -> Bool {
        let othersTotal = others.reduce(0) { $0 + $1.total }
        guard side.total > 0, othersTotal > 0 else { return false }
        func needed(_ total: Int) -> Int { max(2, Int((0.03 * Double(total)).rounded(.up))) }
        let neededAll = needed(othersTotal), neededEach = others.map { needed($0.total) }
        var hitsAll = 0, hitsEach = [Int](repeating: 0, count: others.count)
        for (b, count) in side.occupied {
            var sum = 0
            for (j, other) in others.enumerated() {
                let near = other.neighbourhood(b)
                sum += near
                if near >= neededEach[j] { hitsEach[j] += count }
            }
            if sum >= neededAll { hitsAll += count }
        }
        guard Double(hitsAll) / Double(side.total) >= sideAgreement else { return false }
        return others.indices.allSatisfy { j in
            others[j].total > 0 && Double(hitsEach[j]) / Double(side.total) >= pairAgreement
        }
    }

    /// The judgement: how many of the seen sides share the band's palette with every other seen side
    /// (0...1), and the credit (0...1) for a band that is one palette all round and stops at the card's
    /// edge, as ``BorderAppearance/patternCredit(band:outside:)`` gives it.
    func judge(band: [[Color]], outside: [[Color]]) -> Judgement { judge(band: band, outside: { outside }) }

    /// The judgement, with the surface beside each side sampled only when the band agrees all round
    /// (most quads judged never get that far).
    func judge(band: [[Color]], outside: () -> [[Color]]) -> Judgement {
        let sides = band.map { $0.count >= 12 ? $0 : [] }
        let seen = sides.indices.filter { !sides[$0].isEmpty }
        guard seen.count >= 3 else { return Judgement() }
        let bins = sides.map { $0.map(BandPalette.bin) }
        let histograms = bins.map(Histogram.init(bins:))
        // The whole band's bins saturate only past 65,535 samples; below that the other sides' sum is
        // the whole band less a side, and the whole band is needed only for the surface beside it.
        let eager = seen.reduce(0) { $0 + histograms[$1].total } < Int(UInt16.max)
            ? nil : Histogram(bins: seen.flatMap { bins[$0] })
        var agreeing = 0
        for i in seen {
            let others = seen.filter { $0 != i }
            // Most of a side's colours recur elsewhere on the band, and every other side has a good
            // share of them (the base colour at least): a side of another surface has neither.
            if let whole = eager {
                if whole.explains(histograms[i], excluding: histograms[i]) >= sideAgreement,
                   others.allSatisfy({ histograms[$0].explains(histograms[i]) >= pairAgreement }) { agreeing += 1 }
            } else if agrees(histograms[i], others.map { histograms[$0] }) {
                agreeing += 1
            }
        }
        let agreement = Double(agreeing) / Double(seen.count)
        guard agreeing >= 3 else { return Judgement(agreement: agreement) }
        let whole = eager ?? Histogram(bins: seen.flatMap { bins[$0] })
        let outside = outside()
        var judged = 0, stopping = 0
        for i in seen where outside[i].count >= 8 {
            judged += 1
            if whole.explains(Histogram(outside[i])) <= surfaceOverlap { stopping += 1 }
        }
        guard judged >= 3 else { return Judgement(agreement: agreement) }
        let stops = Double(stopping) / Double(judged)
        if stopping == judged { return Judgement(credit: 0.85, agreement: agreement, stops: stops) }
        // Two prints edge to edge share one side's surface.
        if stopping == judged - 1 { return Judgement(credit: 0.6, agreement: agreement, stops: stops) }
        return Judgement(agreement: agreement, stops: stops)
    }
}
