/// A straight piece of edge found in the working image: a region of pixels whose gradient directions
/// agree, with the line that fits it.
struct LineSegment: Sendable {
    /// The fitted line (normal along the region's gradient).
    var line: ImageLine
    /// Ends of the region's extent along the line.
    var start: Point
    var end: Point
    /// Pixel positions weighted by gradient strength, to refit lines when segments are merged.
    var moments: PointMoments
    /// Pixels in the region.
    var pixelCount: Int
    /// Mean gradient strength over the region, levels per working pixel.
    var meanMagnitude: Double

    var length: Double { start.distance(to: end) }
}
