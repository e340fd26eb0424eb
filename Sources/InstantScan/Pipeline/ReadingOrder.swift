/// Puts prints in the order a person reads a table of them: rows from top to bottom, each row
/// left to right, so that `-1, -2, -3` in output names follow the photo and not the detector's
/// internal ranking.
package enum ReadingOrder {
    /// `prints` sorted into reading order. Two prints share a row when either's centre lies within
    /// the other's vertical extent.
    package static func sorted(_ prints: [DetectedPrint]) -> [DetectedPrint] {
        let byTop = prints.sorted { $0.card.centroid.y < $1.card.centroid.y }
        var rows: [[DetectedPrint]] = []
        for print in byTop {
            let range = verticalRange(print.card)
            if let last = rows.last, last.contains(where: {
                range.contains($0.card.centroid.y) || verticalRange($0.card).contains(print.card.centroid.y)
            }) {
                rows[rows.count - 1].append(print)
            } else {
                rows.append([print])
            }
        }
        return rows.flatMap { $0.sorted { $0.card.centroid.x < $1.card.centroid.x } }
    }

    private static func verticalRange(_ quad: Quad) -> ClosedRange<Double> {
        let ys = quad.corners.map(\.y)
        return ys.min()!...ys.max()!
    }
}
