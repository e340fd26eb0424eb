/// How much the band between a hypothesised card and its window looks like a print's border.
///
/// A print's border is one flat colour all the way round (give or take a caption, a glare blob and
/// the light's slow falloff), and it differs from the table outside the card and from the picture
/// inside the window. A quad that has wandered into wood grain, a patterned cloth or the gap between
/// two prints has none of that, although texture supports almost any side that runs with it. So:
///
/// - plainness: along the band's middle line, neighbouring samples match (texture fails this);
/// - consistency: the four sides' typical colours agree in chromaticity and, within the light's
///   falloff, in brightness (a "border" of wood on two sides and card on the others fails);
/// - card contrast: on each side, the band's typical colour differs from a strip just outside the
///   card (a "card" cut out of a uniform cloth fails);
/// - window contrast: likewise against a strip just inside the window (soft: a pale sky can match).
struct BorderAppearance: Sendable {
    let image: WorkingImage
    /// Largest colour difference between neighbouring samples, levels (Euclidean RGB).
    var tolerance: Float = 7
    /// Sample spacing along the band, working pixels.
    var spacing = 2.5
    /// Largest chromaticity difference between a side and the whole border.
    var chromaTolerance: Float = 0.035
    /// Largest brightness ratio between a side and the whole border.
    var brightnessRatio: Float = 1.35
    /// Smallest colour difference, levels, between the band and what lies beyond its edges.
    var minimumContrast: Float = 5
    /// How far beyond an edge the outside strips are sampled, working pixels.
    var stripOffset = 2.5
    /// The least room, working pixels, between a card's edge and the photo's end in which the surface
    /// beyond the edge is read where the photo ends within ``stripOffset`` of it: a working pixel
    /// averages several of the photo's, so the one past the edge's own is the surface's alone.
    var nearStripOffset = 0.75
    /// Samples with every channel at least this bright are glare and left out.
    var clipLevel = WorkingImage.clipLevel

    typealias Color = (Float, Float, Float)

    /// Least plainness of a band whose sides may agree against the table beside them: a shadow's soft
    /// edge across a plain band leaves most neighbouring samples matching.
    static let plainForShade = 0.75

    /// Largest brightness ratio between neighbouring samples that a smooth change of the light
    /// explains: a penumbra a few per cent of the photo wide, which takes away half the light or more,
    /// changes it by up to about a tenth from one sample to the next at working resolution.
    static let rampStep: Float = 1.15

    /// How many samples on each side of a pair the light's ramp must run on steadily: a penumbra
    /// spans fifteen samples or more at working resolution, and grain's stripes turn back sooner
    /// (a wood table's grain is no plainer for it; with three, some of its broad stripes were).
    static let rampReach = 5

    struct Result: Sendable {
        /// Share of neighbouring sample pairs along the band that match, 0...1.
        var plainness: Double
        /// Share of the four sides whose colour agrees with the border's, 0...1.
        var consistency: Double
        /// Share of the card's sides across which the colour changes, 0...1.
        var cardContrast: Double
        /// Share of the window's sides across which the colour changes, 0...1.
        var windowContrast: Double
        /// For a band that is not plain: how much it looks like one printed pattern all round that the
        /// surface outside does not share, 0...1 (see ``BorderAppearance/patternCredit(band:outside:)``).
        var pattern: Double = 0
        /// ``plainness`` with neighbouring samples matched within the band's own noise where that is
        /// larger than ``BorderAppearance/tolerance`` (see ``BorderAppearance/noiseTolerance(_:typical:)``):
        /// what the shadow and colour-bleed rules are gated on.
        var plainnessAgainstNoise: Double = 0
        /// ``pattern`` and ``consistency`` before the palette (``BandPalette``) had its say.
        var withoutPalette: (pattern: Double, consistency: Double)?

        /// One factor for the hypothesis score: texture or mixed colours pull it down hard, as do card
        /// edges without a change of colour — but one such side is allowed, because two prints laid
        /// edge to edge have border on both sides of the shared edge. A window side that blends into
        /// the picture costs only a little.
        var factor: Double { factor(pattern: pattern, consistency: consistency) }

        /// ``factor`` without the palette's credit: the band's evidence from its medians and its
        /// pattern statistics alone.
        var factorWithoutPalette: Double {
            guard let before = withoutPalette else { return factor }
            return factor(pattern: before.pattern, consistency: before.consistency)
        }

        private func factor(pattern: Double, consistency: Double) -> Double {
            let plain = 0.4 + 0.6 * max(plainness, pattern)
            let contrast = cardContrast >= 0.74 ? 1 : (cardContrast >= 0.49 ? 0.5 : 0.15)
            return plain * consistency * consistency * contrast * (0.75 + 0.25 * windowContrast)
        }
    }

    /// - Parameter measuredCard: whether the card's sides were found as lines (not placed by a
    ///   template from its window): only then may one side be excused a glare veil
    ///   (``agreeingUnderVeil(_:outside:)``), as only then is that side known to be the card's own.
    func score(card: Quad, window: Quad, measuredCard: Bool = false) -> Result {
        var plain = 0, pairs = 0
        var sequences: [[Color?]] = []
        var rampsBySide: [[Bool]] = []
        var clippedPlainPairs = 0
        var band: [Color?] = [], lit: [Color?] = [], outside: [Color?] = [], inside: [Color?] = []
        var bandSamples: [[Color]] = [], outsideSamples: [[Color]] = []
        // Per side, the band's brightness against the table's just beside it, pair by pair.
        var againstTable: [Float?] = []
        // Per side, the band's half-width in the photo's pixels: how far its neighbours' colour reaches.
        var halfWidths: [Double] = []
        var clippedWhite = [Bool](repeating: false, count: 4)
        var outsideClippedWhite = [Bool](repeating: false, count: 4)
        let cardCentre = card.centroid, windowCentre = window.centroid
        for i in 0..<4 {
            let j = (i + 1) % 4
            let a = (card.corners[i] + window.corners[i]) * 0.5
            let b = (card.corners[j] + window.corners[j]) * 0.5
            let count = max(2, Int(a.distance(to: b) * 0.8 / spacing))
            // The side's samples in order, nil where one is missing, for the neighbour test below.
            var sequence: [Color?] = []
            var samples: [Color] = []
            var clipped = 0, clippedPairs = 0, previousClipped = false
            var ratios: [Float] = []
            let beside = outward(card.corners[i], card.corners[j], from: cardCentre)
            halfWidths.append(((card.corners[i] + card.corners[j]) * 0.5).distance(to: (window.corners[i] + window.corners[j]) * 0.5)
                              * 0.5 * image.scale)
            for k in 0...count {
                let t = 0.1 + 0.8 * Double(k) / Double(count)
                let p = a + (b - a) * t
                guard let c = sample(p) else {
                    let isClipped = isInView(p)
                    if isClipped { clipped += 1 }
                    if isClipped && previousClipped { clippedPairs += 1 }
                    previousClipped = isClipped
                    sequence.append(nil)
                    continue
                }
                previousClipped = false
                samples.append(c)
                if let o = sample(card.corners[i] + (card.corners[j] - card.corners[i]) * t + beside * stripOffset) {
                    ratios.append((c.0 + c.1 + c.2 + 6) / (o.0 + o.1 + o.2 + 6))
                }
                sequence.append(c)
            }
            var ramps = [Bool](repeating: false, count: sequence.count)
            for k in sequence.indices.dropFirst() {
                guard let c = sequence[k], let q = sequence[k - 1] else { continue }
                pairs += 1
                if Self.distance(c, q) <= tolerance { plain += 1 } else if onLightRamp(sequence, k - 1, k) {
                    plain += 1
                    ramps[k] = true
                }
            }
            sequences.append(sequence)
            rampsBySide.append(ramps)
            // A side mostly lost to glare or out of view says nothing.
            band.append(samples.count * 2 > count ? median(samples) : nil)
            lit.append(samples.count * 2 > count ? unglared(samples) : nil)
            bandSamples.append(samples.count * 2 > count ? samples : [])
            againstTable.append(ratios.count * 2 > count ? OrderStatistic.select(&ratios, ratios.count / 2) : nil)
            let (out, outClipped) = stripSamples(card.corners[i], card.corners[j], awayFrom: cardCentre, offset: stripOffset)
            let ins = stripSamples(window.corners[i], window.corners[j], awayFrom: windowCentre, offset: -stripOffset).samples
            outside.append(out.map(median) ?? nil)
            inside.append(ins.map(median) ?? nil)
            outsideClippedWhite[i] = outClipped
            outsideSamples.append(out ?? [])
            // A side clipped white nearly all along is a white border exposed to the top of the
            // range (or glare over one, which looks the same): plain, and white.
            if clipped * 2 > count {
                clippedWhite[i] = true
                pairs += clippedPairs
                plain += clippedPairs
                clippedPlainPairs += clippedPairs
            }
        }
        guard pairs > 0, band.contains(where: { $0 != nil }) || clippedWhite.contains(true) else {
            return Result(plainness: 0, consistency: 0, cardContrast: 0, windowContrast: 0)
        }
        // Sides out of view count neither way.
        var cardEdges = 0, windowEdges = 0, bandSides = 0, cardSides = 0, windowSides = 0
        let white: Color = (255, 255, 255)
        for i in 0..<4 {
            // A side clipped white is white against the table and the picture: its edges count.
            if band[i] != nil { bandSides += 1 }
            guard let c = band[i] ?? (clippedWhite[i] ? white : nil) else { continue }
            // A surface clipped white beyond a band that is not (a white table the exposure burnt
            // out) is white against the band's own colour: the card's edge counts. Beside a clipped
            // band it says nothing, as white against white or glare over both. Inside the window it
            // stays unread: a dark frame round a burnt-out white is a lit phone screen as often.
            let outsideColour = outside[i] ?? (outsideClippedWhite[i] && band[i] != nil ? white : nil)
            if outsideColour != nil { cardSides += 1 }
            if inside[i] != nil { windowSides += 1 }
            if let o = outsideColour {
                // A side whose colour matches the surface's may still end where the surface's texture
                // begins (see ``showsTextureStep(card:window:side:)``).
                if Self.distance(o, c) >= minimumContrast
                    || (band[i] != nil && showsTextureStep(card: card, window: window, side: i)) {
                    cardEdges += 1
                }
            }
            if let w = inside[i], Self.distance(w, c) >= minimumContrast { windowEdges += 1 }
        }
        // The sides agree by their medians, or, where a sheen lies over part of the band, by the
        // parts it missed, or, where a shadow lies over part of a plain band, each against the table
        // beside it or, where the shadow's edge crosses it, with the light's changes along the band
        // divided out, or, where a plain band is thin and dark, allowing the colour its brighter
        // neighbours lend it. (A band that is not plain, a window's frame among clapboards or a region of
        // texture, gets no such allowance: its sides' brightness says little either way.)
        var agreeing = max(agreeingSides(band), agreeingSides(lit))
        // A dark band in a noisy photo is judged plain against its own noise (see
        // ``noiseTolerance(_:typical:)``); the plainness reported stays against the fixed tolerance.
        let bandMedian = median(band.compactMap { $0 })
        let noise = noiseTolerance(sequences, typical: bandMedian)
        // Within the fixed tolerance the pairs are those already counted.
        let plainAgainstNoise = noise > tolerance ? plainPairs(sequences, ramps: rampsBySide, within: noise) : plain
        let plainnessAgainstNoise = Double(plainAgainstNoise + clippedPlainPairs) / Double(pairs)
        if plainnessAgainstNoise >= Self.plainForShade {
            agreeing = max(agreeing, agreeingUnderShade(band, againstTable: againstTable))
            agreeing = max(agreeing, agreeingUnderBleed(band, outside: outside, inside: inside, halfWidths: halfWidths))
            if measuredCard {
                agreeing = max(agreeing, agreeingUnderVeil(band, outside: outside), agreeingUnderVeil(lit, outside: outside))
            }
            // Only brightness is divided out: sides far apart in chromaticity stay apart anyway. (Not
            // within the tolerance: a side half lit, half shaded has per-channel medians from both,
            // which strays in chromaticity.)
            if agreeing < bandSides, let whole = bandMedian,
               band.allSatisfy({ $0.map { sameChromaticity($0, as: whole, within: 2 * chromaTolerance) } ?? true }) {
                agreeing = max(agreeing, agreeingAcrossLight(card: card, window: window))
            }
        }
        // A clipped side agrees with a white border and with nothing else; one that does not agree
        // counts neither way, as glare over a coloured border's side says nothing of its colour.
        let clippedSides = clippedWhite.count(where: { $0 })
        if clippedSides > 0 {
            let real = band.compactMap { $0 }
            let agreesWithWhite = real.isEmpty || median(real).map { agrees(white, with: $0) } ?? false
            if agreesWithWhite {
                agreeing += clippedSides
                bandSides += clippedSides
            }
        }
        func share(_ n: Int, _ of: Int) -> Double { of >= 2 ? Double(n) / Double(of) : 0 }
        var result = Result(plainness: Double(plain) / Double(pairs), consistency: share(agreeing, bandSides),
                            cardContrast: share(cardEdges, cardSides), windowContrast: share(windowEdges, windowSides))
        result.plainnessAgainstNoise = plainnessAgainstNoise
        if result.plainness < 0.8 || result.consistency < 0.75 {
            var pattern = patternCredit(band: bandSamples, outside: outsideSamples)
            // The shadow changes the pattern's brightness, not its colours or its motifs' contrasts:
            // its sides are compared in one light too.
            if pattern.agreement < 1, let light = lightBeside(card: card) {
                let inOneLight = patternCredit(card: card, window: window, light: light)
                if (inOneLight.credit, inOneLight.agreement) > (pattern.credit, pattern.agreement) { pattern = inOneLight }
            }
            if pattern.credit > 0 {
                // A pattern's per-side medians may fall on different motifs: its sides agree by their
                // statistics instead.
                result.pattern = pattern.credit
                result.consistency = max(result.consistency, pattern.agreement)
            }
        }
        if result.plainness < 0.9 && (result.consistency < 1 || result.pattern == 0) {
            // Decorations that differ from side to side (dots of another colour, stripes at another
            // angle): the sides share a palette, and it stops at the card's edge. A mostly plain band
            // whose sides share a palette is consistent although a side's median fell on a motif.
            // Where the band's colours continue beyond the card on most sides (a region of a picture,
            // a plain print on a wall of its colour), the palette proves nothing.
            let palette = paletteJudgement(card: card, window: window)
            result.withoutPalette = (result.pattern, result.consistency)
            if result.plainness < 0.8 { result.pattern = max(result.pattern, palette.credit) }
            if palette.credit > 0 || (result.plainness >= 0.6 && palette.stops >= 0.5) {
                result.consistency = max(result.consistency, palette.agreement)
            }
        }
        return result
    }

    /// Whether neighbouring samples `i` and `k` = `i` + 1 of a side differ only as a smooth change of
    /// the light does.
    ///
    /// A shadow's penumbra (the phone's and the hand's, soft under a ceiling lamp) running across a
    /// band darkens it steadily over many samples: neighbours there can differ by more than the
    /// tolerance, but every sample for several either way lies halfway between its own neighbours, the
    /// brightness keeps going one way, and the colour keeps its chromaticity. Texture's steps do not:
    /// grain and a pattern's motifs turn back within a few samples, and a step edge stands off its
    /// neighbours' midpoint by half the step.
    func onLightRamp(_ sequence: [Color?], _ i: Int, _ k: Int) -> Bool {
        let reach = Self.rampReach
        guard i >= reach, k + reach < sequence.count else { return false }
        // The run of samples from `reach` before `i` to `reach` after `k`, read in place (no array
        // made for each of the thousands of pairs tested a photo).
        let first = i - reach, count = k + reach - first + 1
        for m in first..<(first + count) where sequence[m] == nil { return false }
        struct Run {
            let sequence: [Color?], first: Int, count: Int
            subscript(_ m: Int) -> Color { sequence[first + m]! }
        }
        let run = Run(sequence: sequence, first: first, count: count)
        func sum(_ c: Color) -> Float { c.0 + c.1 + c.2 }
        let way: Float = sum(run[reach + 1]) >= sum(run[reach]) ? 1 : -1
        for m in 1..<run.count {
            // Against the ramp's way by no more than noise.
            if way * (sum(run[m]) - sum(run[m - 1])) < -3 { return false }
            guard m + 1 < run.count else { continue }
            let a = run[m - 1], c = run[m + 1]
            let midpoint: Color = ((a.0 + c.0) / 2, (a.1 + c.1) / 2, (a.2 + c.2) / 2)
            if Self.distance(run[m], midpoint) > tolerance / 2 { return false }
        }
        let b = run[reach], c = run[reach + 1]
        let ratio = (sum(b) + 6) / (sum(c) + 6)
        return ratio <= Self.rampStep && ratio >= 1 / Self.rampStep
            && sameChromaticity(run[0], as: run[run.count - 1], within: chromaTolerance / 2)
    }

    /// The unit normal of side a→b pointing away from `centre`.
    func outward(_ a: Point, _ b: Point, from centre: Point) -> Point {
        let d = b - a
        let len = max((d.x * d.x + d.y * d.y).squareRoot(), 1e-9)
        let n = Point(-d.y / len, d.x / len)
        let mid = (a + b) * 0.5
        return (mid - centre).x * n.x + (mid - centre).y * n.y < 0 ? n * -1 : n
    }

    /// The samples of a strip parallel to side a→b, `offset` pixels beyond it (away from `centre`; a
    /// negative offset goes toward it), nil when most are missing; and whether most are clipped white.
    private func stripSamples(_ a: Point, _ b: Point, awayFrom centre: Point, offset: Double)
        -> (samples: [Color]?, clippedWhite: Bool) {
        let d = b - a
        let len = (d.x * d.x + d.y * d.y).squareRoot()
        guard len > 1 else { return (nil, false) }
        let n = outward(a, b, from: centre)
        let count = max(2, Int(len * 0.7 / spacing))
        var samples: [Color] = []
        var clipped = 0
        for k in 0...count {
            let t = 0.15 + 0.7 * Double(k) / Double(count)
            let q = a + d * t
            var p = q + n * offset
            // A card filling the frame shows only a sliver of the surface beyond it before the photo
            // ends: the step from card to surface is read in that sliver, at the photo's last pixels.
            if offset > 0 && !isInView(p) {
                let room = roomInView(from: q, along: n)
                guard room >= nearStripOffset else { continue }
                p = q + n * min(offset, room)
            }
            if let c = sample(p) { samples.append(c) } else if isInView(p) { clipped += 1 }
        }
        return (samples.count * 2 > count ? samples : nil, clipped * 2 > count)
    }

    /// The colour at `p`, or nil outside the photo or where glare has clipped it white (it says nothing
    /// about the border there).
    func sample(_ p: Point) -> Color? {
        guard isInView(p) else { return nil }
        let c = image.color(at: p)
        return min(c.0, c.1, c.2) >= clipLevel ? nil : c
    }

    /// How far from `p` along the unit vector `n` the photo runs on (0 when `p` is outside it).
    private func roomInView(from p: Point, along n: Point) -> Double {
        func room(_ u: Double, _ du: Double, _ last: Double) -> Double {
            du > 1e-9 ? (last - u) / du : (du < -1e-9 ? u / -du : .infinity)
        }
        return max(0, min(room(p.x, n.x, Double(image.width - 1)), room(p.y, n.y, Double(image.height - 1))))
    }

    private func isInView(_ p: Point) -> Bool {
        p.x >= 0 && p.y >= 0 && p.x <= Double(image.width - 1) && p.y <= Double(image.height - 1)
    }

    /// The Euclidean distance between two colours in the working image's codes.
    static func distance(_ a: Color, _ b: Color) -> Float {
        let dr = a.0 - b.0, dg = a.1 - b.1, db = a.2 - b.2
        return (dr * dr + dg * dg + db * db).squareRoot()
    }

    /// How many of the sides' colours agree with their median in chromaticity and, within the
    /// light's falloff, in brightness.
    func agreeingSides(_ sides: [Color?]) -> Int {
        guard let whole = median(sides.compactMap { $0 }) else { return 0 }
        return sides.compactMap { $0 }.filter { agrees($0, with: whole) }.count
    }

    /// How many of the sides agree with the others in chromaticity and in brightness against the
    /// surface just outside them.
    ///
    /// A shadow over part of a print (the phone's and the hand's, as a photo from above so often has)
    /// darkens the band on the shaded sides by half or more, far beyond the light's falloff, but it
    /// darkens the table beside them by as much and leaves their chromaticity: the band's brightness
    /// against the table's is the same on every side. Wood grain or a picture's region taken for a band
    /// keeps neither its chromaticity nor that ratio across a change of light.
    ///
    /// The ratio is taken sample by sample against the table right beside each sample, so a shadow's
    /// edge across a side, which leaves part of it lit, does not matter.
    private func agreeingUnderShade(_ sides: [Color?], againstTable: [Float?]) -> Int {
        let present = (0..<4).compactMap { i -> (band: Color, ratio: Float)? in
            guard let c = sides[i], let r = againstTable[i] else { return nil }
            return (c, r)
        }
        guard present.count >= 3, let whole = median(present.map(\.band)) else { return 0 }
        var ratios = present.map(\.ratio)
        let typical = OrderStatistic.select(&ratios, ratios.count / 2)
        return present.filter { side in
            sameChromaticity(side.band, as: whole) && withinFalloff(side.ratio / typical)
        }.count
    }

    /// Whether a side's colour `c` is the border's `whole` colour in chromaticity and, within the
    /// light's falloff, in brightness.
    func agrees(_ c: Color, with whole: Color) -> Bool {
        let wholeSum = max(whole.0 + whole.1 + whole.2, 1)
        let sum = max(c.0 + c.1 + c.2, 1)
        let ratio = (sum + 6) / (wholeSum + 6)  // a little slack for near-black borders
        return sameChromaticity(c, as: whole) && withinFalloff(ratio)
    }

    /// Whether `c` has `whole`'s chromaticity (r and g shares of r + g + b).
    private func sameChromaticity(_ c: Color, as whole: Color, within limit: Float? = nil) -> Bool {
        chromaticityDistance(c, whole) <= (limit ?? chromaTolerance)
    }

    /// Whether a brightness ratio is within what the light's falloff explains.
    func withinFalloff(_ ratio: Float) -> Bool {
        ratio <= brightnessRatio && ratio >= 1 / brightnessRatio
    }

    /// A side's own colour where a sheen may lie over part of it: the median of its darker half, if
    /// the side's median is that colour washed toward white.
    ///
    /// Glare on a glossy print or a clear sleeve only adds light, washing the colour toward white
    /// well below clipping, and a streak across a side moves that side's median off the others' (a
    /// green border reads grey-green there). The darker half of the side is the part the sheen missed
    /// whenever it covers less than half the side. Only a side brighter and paler than its darker
    /// half is read so: a pattern's or a picture's mix of colours is not a sheen.
    private func unglared(_ v: [Color]) -> Color? {
        guard v.count >= 4, let whole = median(v) else { return median(v) }
        guard let own = median(darkerHalf(v)) else { return whole }
        func sum(_ c: Color) -> Float { c.0 + c.1 + c.2 }
        func saturation(_ c: Color) -> Float { (max(c.0, c.1, c.2) - min(c.0, c.1, c.2)) / max(sum(c), 1) }
        let washed = sum(whole) > 1.15 * sum(own) + 15 && saturation(whole) < 0.8 * saturation(own)
        return washed ? own : whole
    }

    /// The `v.count / 2 + 1` darkest samples by channel sum, ties kept in their order — the prefix a
    /// stable sort by sum would give — found by selecting the cut rather than sorting every sample.
    private func darkerHalf(_ v: [Color]) -> [Color] {
        let keep = v.count / 2 + 1
        var sums = v.map { $0.0 + $0.1 + $0.2 }
        let cut = OrderStatistic.select(&sums, keep - 1)
        var below = 0
        for c in v where c.0 + c.1 + c.2 < cut { below += 1 }
        var atCut = keep - below, out: [Color] = []
        out.reserveCapacity(keep)
        for c in v {
            let sum = c.0 + c.1 + c.2
            if sum < cut {
                out.append(c)
            } else if sum == cut && atCut > 0 {
                out.append(c)
                atCut -= 1
            }
        }
        return out
    }

    /// Per-channel median.
    func median(_ v: [Color]) -> Color? {
        guard !v.isEmpty else { return nil }
        var r = v.map(\.0), g = v.map(\.1), b = v.map(\.2)
        let k = v.count / 2
        return (OrderStatistic.select(&r, k), OrderStatistic.select(&g, k), OrderStatistic.select(&b, k))
    }
}
