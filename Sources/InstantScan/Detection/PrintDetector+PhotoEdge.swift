extension PrintDetector {
    /// How many of `print`'s card and window sides lie along the photo's own edge.
    ///
    /// A card's edge is a step from the card to what it lies on or is held over, and a window's a
    /// step from the band to the picture: both are seen only with the photo running on beyond them. A
    /// side lying within a sliver of the photo's border (``photoEdgeMargin``, on either side of it)
    /// has nothing beyond it in view, and the photo's own edge there — a dark rim left by the camera
    /// or an editor, vignetting's last rows, the end of a surface cut by the frame — is straight and
    /// runs with the border as a card's side would. Such a side was not seen as a print's. A print
    /// cut by the photo's edge has its sides there well beyond the border (their place inferred, not
    /// seen) or well inside it, and is unaffected.
    static func sidesAlongPhotoEdge(of print: DetectedPrint, upright: PixelSize) -> Int {
        let margin = photoEdgeMargin * Double(min(upright.width, upright.height))
        let right = Double(upright.width - 1), bottom = Double(upright.height - 1)
        func along(_ a: Point, _ b: Point) -> Bool {
            func near(_ u: Double, _ v: Double, _ edge: Double) -> Bool { abs(u - edge) < margin && abs(v - edge) < margin }
            return near(a.x, b.x, 0) || near(a.y, b.y, 0) || near(a.x, b.x, right) || near(a.y, b.y, bottom)
        }
        var count = 0
        for quad in [print.card, print.window].compactMap({ $0 }) {
            for i in 0..<4 where along(quad.corners[i], quad.corners[(i + 1) % 4]) { count += 1 }
        }
        return count
    }

    /// The sliver along the photo's border, as a share of its shorter side, where a side is the
    /// photo's edge rather than a print's (about 30 pixels on a 12 MP photo, 5 on a 768 × 512 one).
    static let photoEdgeMargin = 0.01

    /// What a print keeps of its confidence for each side along the photo's edge: a side with no
    /// evidence of its own, as a card supported on three sides of four is worth
    /// (``PrintHypothesisScorer/sideCountFactor(_:_:minimumSeenCardSides:)``).
    static let photoEdgeFactor = 0.8
}
