extension PrintRectifier {
    /// Warps the region `quad` (full-resolution upright photo pixels) into an image of `size`;
    /// `refinement` maps output pixels before they go to the quad (registration's residual when
    /// merging shots), so a refined print is still resampled only once.
    func warp(_ quad: Quad, size: PixelSize, from decoded: DecodedImage,
              refinement: Homography = .identity) throws -> PixelBuffer {
        let map = try storedMap(quad, size: size, from: decoded, refinement: refinement)
        return try PerspectiveWarp(interpolation: interpolation)
            .warp(decoded.pixels, outputSize: size, outputToSource: map, maximumPixels: maximumPixels)
    }

    /// The map ``warp(_:size:from:refinement:)`` samples through: output pixel centres to the
    /// stored pixels of `decoded`.
    func storedMap(_ quad: Quad, size: PixelSize, from decoded: DecodedImage,
                   refinement: Homography = .identity) throws -> Homography {
        let outputRect = [Point(0, 0), Point(Double(size.width - 1), 0),
                          Point(Double(size.width - 1), Double(size.height - 1)), Point(0, Double(size.height - 1))]
        // The output's corner pixels sit half a pixel inside the print's edges.
        let inset = Self.insetCorners(quad, width: size.width, height: size.height)
        guard let toPhoto = Homography.mapping(outputRect, to: inset.corners) else {
            throw ScanError.cornersNotConvex(quad)
        }
        return decoded.storedMap(fromUpright: toPhoto.composed(after: refinement))
    }

    /// The quad shrunk so that an output of `width × height` pixel centres samples the middle of
    /// each edge pixel rather than the edge itself (where the background bleeds in).
    static func insetCorners(_ quad: Quad, width: Int, height: Int) -> Quad {
        guard let map = Homography.mapping(Quad(rectangleWidth: Double(width), height: Double(height)).corners,
                                           to: quad.corners) else { return quad }
        return Quad(rectangleWidth: Double(width), height: Double(height))
            .mapped { p in
                Point(p.x == 0 ? 0.5 : p.x - 0.5, p.y == 0 ? 0.5 : p.y - 0.5)
            }
            .mapped(map.apply)
    }

    /// The picture window as a rectangle of the card-normalised square (the card's corners at
    /// (0, 0)…(1, 1)), for correcting a window-only output with a light measured on the card.
    static func windowInCard(_ print: DetectedPrint) -> Quad? {
        if let format = print.format { return format.normalizedWindow }
        guard let window = print.window,
              let toUnit = Homography.mapping(print.card.corners, to: Quad(rectangleWidth: 1, height: 1).corners)
        else { return nil }
        return window.mapped(toUnit.apply)
    }
}
