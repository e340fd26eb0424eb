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
    /// seen) or well inside it, and is unaffected; so is a print cropped close or lying in a
    /// scanner's corner, whose edge shows as a step to the few pixels of surface beyond it.
    static func sidesAlongPhotoEdge(of print: DetectedPrint, upright: PixelSize) -> Int {
        let margin = photoEdgeMargin
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

    /// The sliver along the photo's border, in photo pixels, where a side is the photo's edge rather
    /// than a print's: too narrow for the step from card to surface to show (an edge's blur takes a
    /// pixel or two, and a step is measured from the pixels on both sides of it). Wider, it would
    /// take a print cropped close or scanned in a scanner bed's corner, some 4–15 pixels from the
    /// border, for the photo's edge.
    static let photoEdgeMargin = 3.5

    /// What a print keeps of its confidence for each side along the photo's edge: a side with no
    /// evidence of its own, as a card supported on three sides of four is worth
    /// (``PrintHypothesisScorer/sideCountFactor(_:_:minimumSeenCardSides:)``).
    static let photoEdgeFactor = 0.8
}
