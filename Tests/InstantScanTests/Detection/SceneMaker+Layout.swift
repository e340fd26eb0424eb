import Foundation
@testable import InstantScan

/// Where the prints of a scene go: the grids of walls and album pages, and the pocket a print rests in.
extension SceneMaker {
    /// Centres of a `rows` × `columns` grid, row by row, `spacing` apart and centred on `around`: prints
    /// hung on a wall or a page of album pockets.
    static func gridCentres(rows: Int, columns: Int, around centre: Point, spacing: Point) -> [Point] {
        (0..<rows).flatMap { row in
            (0..<columns).map { column in
                centre + Point(spacing.x * (Double(column) - Double(columns - 1) / 2),
                               spacing.y * (Double(row) - Double(rows - 1) / 2))
            }
        }
    }

    /// A card of `format` and the clear pocket it rests in: the pocket leaves a band of page `margin`
    /// of the card's width wide on the card's left, top and right, and shares the card's bottom edge,
    /// as a print drops to the bottom of its sleeve. Both seen as ``corners(format:center:height:rotation:tilt:focal:)``
    /// draws them.
    static func restingInPocket(format: PrintFormat, center: Point, height: Double, rotation: Double,
                                tilt: Double, margin share: Double) -> (card: Quad, pocket: Quad) {
        let card = corners(format: format, center: center, height: height, rotation: rotation, tilt: tilt)
        let cardWidth = height * format.cardAspect
        let margin = share * cardWidth
        // The pocket's bottom on the card's; its centre moved up by half the top margin.
        let pocket = corners(aspect: (cardWidth + 2 * margin) / (height + margin),
                             center: center + Point(rotation * margin / 2, -margin / 2),
                             height: height + margin, rotation: rotation, tilt: tilt)
        return (card, pocket)
    }
}
