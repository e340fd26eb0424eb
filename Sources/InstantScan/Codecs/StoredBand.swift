/// The rectangle of a photo's stored pixels (at a DCT scale) that a decode holds when only the
/// part the prints cover was decoded: ``DecodedImage/pixels`` then start at ``origin`` of an
/// image of ``wholeSize``, and ``DecodedImage/storedMap(fromUpright:)`` translates into them.
struct StoredBand: Sendable, Equatable {
    /// The stored rows and columns held, in the scaled stored image.
    var rows: Range<Int>
    var columns: Range<Int>
    /// The whole stored image's size at this scale.
    var wholeSize: PixelSize

    /// How far beyond the regions' corners a band reaches: the interpolation's taps and the area
    /// prefilter's samples (the margin ``DecodedImage/storedRows(of:)`` keeps too).
    static let margin = 16.0

    /// The band of a stored image of `fullSize` (at scale 1), decoded at 1/`scaleDenominator` and
    /// shown upright through `orientation`, that holds every quad of `regions` (full-resolution
    /// upright pixels) with ``margin``, clipped to the image; nil when that is the whole image.
    init?(covering regions: [Quad], fullSize: PixelSize, orientation: Orientation, scaleDenominator: Int) {
        let d = Double(scaleDenominator)
        let whole = PixelSize(width: (fullSize.width + scaleDenominator - 1) / scaleDenominator,
                              height: (fullSize.height + scaleDenominator - 1) / scaleDenominator)
        let toStored = orientation.uprightToStored(stored: whole)
        var low = Point(.infinity, .infinity), high = Point(-.infinity, -.infinity)
        for corner in regions.flatMap(\.corners) {
            // Full-resolution upright → scaled upright, as DecodedImage.storedMap maps.
            let p = toStored.apply(Point((corner.x - (d - 1) / 2) / d, (corner.y - (d - 1) / 2) / d))
            guard p.x.isFinite, p.y.isFinite else { return nil }
            low = Point(min(low.x, p.x), min(low.y, p.y))
            high = Point(max(high.x, p.x), max(high.y, p.y))
        }
        func span(_ low: Double, _ high: Double, _ count: Int) -> Range<Int>? {
            let first = max(0, Int(max(low - Self.margin, -1).rounded(.down)))
            let last = min(count, Int(min(high + Self.margin, Double(count)).rounded(.up)) + 1)
            return first < last ? first..<last : nil
        }
        guard !regions.isEmpty, let rows = span(low.y, high.y, whole.height),
              let columns = span(low.x, high.x, whole.width),
              rows.count < whole.height || columns.count < whole.width
        else { return nil }
        self.rows = rows
        self.columns = columns
        wholeSize = whole
    }

    /// All of a stored image of `size` (at its decode's scale).
    init(whole size: PixelSize) {
        rows = 0..<size.height
        columns = 0..<size.width
        wholeSize = size
    }

    /// Maps the whole stored image's coordinates into the band's.
    var fromWhole: Homography {
        .affine(scaleX: 1, scaleY: 1, translateX: -Double(columns.lowerBound), translateY: -Double(rows.lowerBound))
    }
}
