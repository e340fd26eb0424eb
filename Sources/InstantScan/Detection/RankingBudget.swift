/// The places the ranking's budget left out, and the best few readings of each.
///
/// Border sampling is the costly part of ranking, so only a fixed number of hypotheses, the best by
/// edge evidence, get it (``PrintHypothesisScorer/rank(_:limit:duplicateDistance:keeping:)``). One
/// print yields many readings (its card and its window as the template's quad, each turn and format
/// that fits, neighbouring quads), so on a wall or a shelf of 10–15 prints that budget is spent on the
/// prints whose edges are strongest, and a print whose edges are weaker only because less light falls
/// on it (a dim corner of the room, a shadow across the wall: its steps are smaller against the same
/// sensor noise) or because it is small is left out whole, although the edges it has are a print's.
/// A place's readings compete with each other, not with other prints: a place that no reading within
/// the budget covers gets its own best few.
struct RankingBudget: Sendable {
    /// Hypotheses ranked whatever their place.
    var limit: Int
    /// Most readings taken for one place left out.
    var perPlace = 6
    /// Most readings taken for left-out places in all.
    var total = 32

    /// The readings, best edge evidence first, of the places that the best `limit` of `sorted` (best
    /// edge evidence first, near-duplicates passed over as `isDuplicate` says) leave out. Empty when
    /// the budget is not used up: then no place was left out.
    func leftOut(of sorted: [PrintHypothesis], isDuplicate: (PrintHypothesis, [PrintHypothesis]) -> Bool) -> [PrintHypothesis] {
        var kept: [PrintHypothesis] = []
        var index = 0
        while index < sorted.count && kept.count < limit {
            let h = sorted[index]
            index += 1
            if !isDuplicate(h, kept) { kept.append(h) }
        }
        guard kept.count >= limit else { return [] }
        var added: [PrintHypothesis] = []
        while index < sorted.count && added.count < total {
            let h = sorted[index]
            index += 1
            guard !kept.contains(where: { Self.samePlace($0.card, h.card) }),
                  added.count(where: { Self.samePlace($0.card, h.card) }) < perPlace,
                  !isDuplicate(h, added) else { continue }
            added.append(h)
        }
        return added
    }

    /// Two cards are at one place when each holds the other's centre: a print's card and the card
    /// extrapolated from its window, or two formats of it, are; a quad stitched across two prints and
    /// either print are not (its centre lies between them).
    static func samePlace(_ a: Quad, _ b: Quad) -> Bool {
        a.contains(b.centroid) && b.contains(a.centroid)
    }
}
