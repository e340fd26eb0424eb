extension PrintRefiner {
    /// What lies just inside one side of a refined card, as ``cardInsidePocket(_:)`` reads it.
    enum PocketSide {
        /// The border's colour: the side is the card's own edge.
        case border
        /// A plain band of the page's colour, the card's edge found where the border's colour begins:
        /// the side was a pocket's edge. `page` is the band's colour; `offBorder` how far it is from
        /// the border's.
        case pocket(EdgeRefiner.Result, page: [Float], offBorder: Float)
        /// A band off the border's colour but not plain (a patterned border, or a pocket's margin
        /// crossed by a glare streak).
        case unplain
        /// A plain band of another colour, `page`, but the card's edge not read inside it along
        /// enough of the side: something lies across part of it (a streak of the sleeve's glare,
        /// which lifts margin and card alike where it crosses them).
        case crossed(page: [Float])
        /// Nothing to go by (the photo's edge, a band too narrow, no clean edge inside).
        case unread
    }

    /// Least share of a side that must show the page's colour in one stretch when a side is read
    /// from that stretch alone: a streak crossing the margin leaves a quarter of it or more clear.
    static let pocketClearShare = 0.25

    /// Reads side `i` of `card` (its refined `line`): whether the band just inside it has the
    /// `border`'s colour or a plain band's of another, and then where the card's edge is inside it.
    ///
    /// With `page` (the colour the margin showed on other sides of the pocket), only the profiles
    /// whose band has that colour are read: the rest crossed something lying over the margin.
    func pocketSide(_ i: Int, of card: Quad, line: ImageLine, border: [Float], page: [Float]?) -> PocketSide {
        let limit = Self.pocketColourDifference(for: border)
        guard let side = CardSideInside(i, of: card) else { return .unread }
        let (a, d, normal, extent, skip) = (side.start, side.along, side.normal, side.extent, side.skip)
        let b = side.end
        let reach = Int(Self.pocketReach * extent)
        let run = max(3, Int(0.01 * extent))
        guard reach > Int(skip) + run else { return .unread }
        // Profiles inward from the side, past the edge's blur; along the side's middle, or along all
        // of it when only the stretch clear of a streak is read.
        let (count, first, span) = page == nil ? (15, 0.2, 0.6) : (25, 0.04, 0.92)
        // Each profile is kept as its first colour (just inside the side) and every sample's
        // difference from the border's colour, all that is read of it: no array per sample.
        var inside: [[Float]] = [], profiles: [[Float]] = [], along: [Double] = []
        var buffer = [Float](repeating: 0, count: 3 * (reach + 1))
        for k in 0..<count {
            let t = first + span * Double(k) / Double(count - 1)
            guard sampler.profile(from: a + d * t + normal * skip, step: normal, count: reach + 1, into: &buffer)
            else { continue }
            inside.append(Array(buffer[0..<3]))
            profiles.append(Self.differences(buffer, count: reach + 1, from: border))
            along.append(t)
        }
        guard profiles.count >= 10 else { return .unread }
        // The edge is then measured along the longest stretch whose profiles show the page.
        var stretch = (first: 0.0, last: 1.0)
        if let page {
            let clear = inside.map { Self.difference($0, page) < limit }
            var best = 0..<0, start = 0
            for k in 0...clear.count where k == clear.count || !clear[k] {
                if k - start > best.count { best = start..<k }
                start = k + 1
            }
            guard Double(best.count) >= Self.pocketClearShare * Double(count) else { return .unread }
            profiles = Array(profiles[best])
            inside = Array(inside[best])
            stretch = (along[best.lowerBound], along[best.upperBound - 1])
            along = Array(along[best])
        }
        let offBorder = Self.median(inside.map { Self.difference($0, border) })
        if offBorder < limit { return page == nil ? .border : .unread }
        // A pocket's margin is the page, plain; a patterned border is not.
        let margin = Self.median(inside)
        guard Self.median(inside.map { Self.difference($0, margin) }) <= 0.6 * limit else { return .unplain }
        // Where the border's colour begins (and lasts) in each profile.
        let begins = Self.borderBegins(profiles, along: along, limit: limit, run: run, lasting: 1)
        let starts = begins.map(\.at)
        // Under a streak of glare across the side, the border's beginning is lost on the profiles
        // it crosses; a dark card's light beyond it can be lifted off the border's colour as well
        // (the sleeve's haze is uneven there). Read whole, such a side is read again from its
        // stretch clear of the streak.
        let crossed: PocketSide = page == nil ? .crossed(page: margin) : .unread
        guard Double(starts.count) >= 0.6 * Double(profiles.count) else { return crossed }
        // A pocket leaves a margin of page at least `narrowest` wide between its edge and the card's.
        // Where the border's colour begins sooner than that (and a pixel of the edge's blur) in four
        // profiles of five, no margin fits in between: the side is the card's own edge, read a
        // little off its colour because something lies along it (the seam of a pocket the card is
        // pushed against, over its rim). A card turned in its pocket leaves a wedge of page, wide
        // at one end. The test is in card and photo pixels, whatever the working scale the side
        // came from.
        let sorted = starts.sorted()
        let nearest = sorted[sorted.count / 5], last = sorted[sorted.count - 1 - sorted.count / 5]
        let narrowest = max(2, 0.01 * extent)
        if skip + Double(last) <= narrowest + 1 { return page == nil ? .border : .unread }
        // The card may sit a little turned in its pocket: the search spans where the border's
        // colour began in most profiles.
        // The card's edge lies just before that: coming from the border outward, the first strong
        // change, searched no further out than a little short of the pocket's edge.
        let inner = skip + Double(last + run), outer = max(1.5, skip + Double(nearest - 2 * run))
        let radius = max(2, (inner - outer) / 2), centre = (inner + outer) / 2
        let from = a + d * stretch.first + normal * centre, to = a + d * stretch.last + normal * centre
        let searched = EdgeRefiner(sampler: sampler).refine(from: from, to: to, towardBorder: normal,
                                                            searchRadius: radius, trim: page == nil ? 0.12 : 0.05,
                                                            rule: .firstFromBorder)
        // Beside a dark border, where the page is seen clear (the film welded onto it, or the haze
        // ending short of the card) a few pixels out from the card, the step from clear page to
        // hazed page is stronger than the card's own edge and nearer the pocket, and the search
        // takes it. An edge with a band of another colour between it and where the border's colour
        // begins is not the card's (`bandBeforeBorder`): the beginning is read instead.
        let dark = limit < Self.pocketColourDifference
        guard let found = searched.flatMap({ edge in
                    edge.isCleanSide() && !(dark && Self.bandBeforeBorder(edge.line, begins, from: a, along: d, skip: skip, run: run))
                        ? edge : nil
                })
                ?? (dark
                    ? borderBeginning(begins, along: along, from: a, along: d, normal: normal, skip: skip)
                        ?? borderBeginning(Self.borderBegins(profiles, along: along, limit: limit, run: run,
                                                             lasting: Self.hazedBorderLasting),
                                           along: along, from: a, along: d, normal: normal, skip: skip)
                    : nil)
        else { return crossed }
        let turn = abs(line.direction.x * found.line.direction.y - line.direction.y * found.line.direction.x)
        // A card lying turned in its pocket rests a corner on the pocket's side: its edge leaves the
        // side at the other end only, the page between them a wedge. The larger end says it moved.
        let shift = max(abs(found.line.distance(a)), abs(found.line.distance(b)))
        guard turn < 0.1, shift >= narrowest else { return .unread }
        return .pocket(found, page: margin, offBorder: offBorder)
    }

    /// True when, on most profiles, the border's colour begins more than `run` samples (and three
    /// pixels) inside `edge`: a card's border starts within its edge's blur, so a band that wide of
    /// another colour inside the edge says the step is something else's (the haze's boundary on the
    /// page beside the card), the card's edge further in.
    private static func bandBeforeBorder(_ edge: ImageLine, _ begins: [(t: Double, at: Int)], from a: Point, along d: Point,
                                 skip: Double, run: Int) -> Bool {
        guard begins.count >= 3 else { return false }
        let gaps = begins.map { skip + Double($0.at) - abs(edge.distance(a + d * $0.t)) }.sorted()
        return gaps[gaps.count / 2] > max(3, Double(run))
    }

    /// Share of the samples after a border's beginning that must have its colour for it to last.
    /// Under a sleeve's haze a dark card's light is mostly the haze's, which the sleeve's film lifts
    /// unevenly where it stands off the card near its edge: the first pixels inside a dark card's
    /// edge waver about the limit, and a rule that every one of them be within it puts the
    /// beginning a bevel's width further in on some profiles and not on others.
    static let hazedBorderLasting = 0.75

    /// Each of the first `count` colours of `samples` (RGB, interleaved) as its ``difference(_:_:)``
    /// from `colour`.
    static func differences(_ samples: [Float], count: Int, from colour: [Float]) -> [Float] {
        let r = colour[0], g = colour[1], b = colour[2]
        return (0..<count).map { j in
            let dr = samples[3 * j] - r, dg = samples[3 * j + 1] - g, db = samples[3 * j + 2] - b
            return (dr * dr + dg * dg + db * db).squareRoot()
        }
    }

    /// Where the border's colour begins in each profile (`offBorder`: each sample's colour
    /// difference from the border's; at `along`): the first sample within `limit` of the border's
    /// colour after which at least the share `lasting` of the next `2 · run` are.
    static func borderBegins(_ offBorder: [[Float]], along: [Double], limit: Float, run: Int,
                             lasting: Double) -> [(t: Double, at: Int)] {
        let needed = Int((lasting * Double(2 * run)).rounded(.up))
        return zip(along, offBorder).compactMap { t, off -> (t: Double, at: Int)? in
            guard off.count > 2 * run + 1 else { return nil }
            // The count within the limit over the window j..<j + 2 · run, slid along the profile.
            var within = off[1..<(1 + 2 * run)].reduce(0) { $0 + ($1 < limit ? 1 : 0) }
            for j in 1..<(off.count - 2 * run) {
                if j > 1 { within += (off[j + 2 * run - 1] < limit ? 1 : 0) - (off[j - 1] < limit ? 1 : 0) }
                if off[j] < limit && within >= needed { return (t, j) }
            }
            return nil
        }
    }

    /// Where card and page are both dark under a sleeve's haze (a border dark enough for a limit
    /// below the light border's), the card's edge is a step of a few levels a pixel, and a search
    /// wide enough to follow a card turned in its pocket also meets the pocket's edge a margin
    /// further out, the stronger step, and comes back ragged. The line along which the border's
    /// colour begins is then the card's edge, to within its blur, when the profiles agree on it as
    /// closely as a clean edge's do: four in five within a pixel and a half of one straight line,
    /// three in four of all taken. A glossy streak across the margin hides the edge over one
    /// stretch of the side (the haze's sheen, brighter than card and page alike) and the profiles
    /// there find no beginning or a wrong one; outside it the edge is as clean as ever, so the line
    /// also holds when every profile off it lies in one run along the side and three in five of all
    /// taken are on it. The card is refined again from the line.
    private func borderBeginning(_ begins: [(t: Double, at: Int)], along taken: [Double], from a: Point, along d: Point,
                                 normal: Point, skip: Double) -> EdgeRefiner.Result? {
        guard begins.count >= 2 else { return nil }
        let profiles = taken.count
        let (offset, slope) = Self.lineThrough(begins)
        let residuals = begins.map { abs(Double($0.at) - offset - slope * $0.t) }
        let inliers = residuals.filter { $0 <= 1.5 }.count
        let clean = Double(inliers) >= 0.8 * Double(begins.count) && Double(inliers) >= 0.75 * Double(profiles)
        guard clean || (Double(inliers) >= 0.6 * Double(profiles)
                        && Self.offLineInOneStretch(begins, residuals: residuals, taken: taken)) else { return nil }
        // The colour is within the limit of the border's from about the middle of the edge's step.
        let at = { (t: Double) in a + d * t + normal * (skip + offset + slope * t - 0.5) }
        return EdgeRefiner.Result(line: ImageLine(at(0), at(1)), inlierFraction: Double(inliers) / Double(begins.count),
                                  foundFraction: Double(begins.count) / Double(profiles), strength: 0,
                                  scale: residuals.sorted()[residuals.count / 2])
    }

    /// True when the profiles (at `taken`) that found no beginning or one off the line by more than
    /// a pixel and a half are all next to one another along the side.
    private static func offLineInOneStretch(_ begins: [(t: Double, at: Int)], residuals: [Double],
                                            taken: [Double]) -> Bool {
        let onLine = zip(begins, residuals).filter { $0.1 <= 1.5 }.map { $0.0.t }
        let off = taken.indices.filter { k in !onLine.contains { abs($0 - taken[k]) < 1e-9 } }
        guard let first = off.first, let last = off.last else { return true }
        return last - first + 1 == off.count
    }

    /// The line `at = offset + slope · t` through `points`, robust to a few profiles that met
    /// something else (the median of the pairwise slopes, then of the offsets).
    static func lineThrough(_ points: [(t: Double, at: Int)]) -> (offset: Double, slope: Double) {
        var slopes: [Double] = []
        for (k, p) in points.enumerated() {
            for q in points[(k + 1)...] where abs(q.t - p.t) > 1e-9 {
                slopes.append(Double(q.at - p.at) / (q.t - p.t))
            }
        }
        let slope = slopes.isEmpty ? 0 : slopes.sorted()[slopes.count / 2]
        let offsets = points.map { Double($0.at) - slope * $0.t }.sorted()
        return (offsets[offsets.count / 2], slope)
    }
}
