extension PrintDetector {
    /// The card a row's found neighbours say sits at `place` (working coordinates): its nearest
    /// neighbour each way along the row, their shapes blended by how near each is, centred on the
    /// place; nil when the place has found neighbours on one side only.
    ///
    /// A row seen at an angle changes its cards' size, aspect and turn steadily along it (each side's
    /// foreshortening goes with depth), so the cards on either side of a gap bracket the missing one,
    /// where any one neighbour's shape alone can be several per cent off in size and aspect.
    static func bracketedCard(at place: Quad, among cards: [Quad]) -> Quad? {
        let centre = place.centroid
        guard let nearest = cards.min(by: { $0.centroid.distance(to: centre) < $1.centroid.distance(to: centre) }) else { return nil }
        let axis = nearest.centroid - centre
        let length = (axis.x * axis.x + axis.y * axis.y).squareRoot()
        guard length > 0 else { return nil }
        let unit = axis * (1 / length)
        // The nearest card the other way, in line with the row (a card beside the row is no bracket).
        let others = cards.filter { card in
            let d = card.centroid - centre
            let along = d.x * unit.x + d.y * unit.y
            return along < 0 && abs(d.x * unit.y - d.y * unit.x) < 0.5 * abs(along)
        }
        guard let other = others.min(by: { $0.centroid.distance(to: centre) < $1.centroid.distance(to: centre) }) else { return nil }
        let a = offsets(nearest), b = aligned(offsets(other), to: a)
        let da = nearest.centroid.distance(to: centre), db = other.centroid.distance(to: centre)
        let wa = db / (da + db)
        return Quad(corners: (0..<4).map { centre + a[$0] * wa + b[$0] * (1 - wa) })
    }

    private static func offsets(_ q: Quad) -> [Point] {
        let c = q.centroid
        return q.corners.map { $0 - c }
    }

    /// `b`'s corners turned in order to match `a`'s: neighbours may list theirs from different corners.
    private static func aligned(_ b: [Point], to a: [Point]) -> [Point] {
        let turns = (0..<4).map { r in (0..<4).map { b[($0 + r) % 4] } }
        return turns.min { x, y in
            (0..<4).reduce(0.0) { $0 + x[$1].distance(to: a[$1]) } < (0..<4).reduce(0.0) { $0 + y[$1].distance(to: a[$1]) }
        }!
    }
}
