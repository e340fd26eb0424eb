/// The three coordinate systems of a decoded photo: full-resolution upright pixels (where prints
/// are found and named), the decode's DCT-scaled pixels, and the stored (unrotated) pixels the
/// warp reads. Every stage that samples the photo goes through these, so a print is placed the
/// same way by a scan, a preview and a merge.
extension DecodedImage {
    /// The photo's upright size at full resolution (EXIF orientation applied).
    var uprightSize: PixelSize { orientation.uprightSize(stored: fullSize) }

    /// `map` (from some output into full-resolution upright pixels) continued into the stored
    /// pixels of this decode.
    func storedMap(fromUpright map: Homography) -> Homography {
        let d = Double(scaleDenominator)
        // Full-resolution upright → decoded-scale upright: pixel i of the scaled image covers full
        // pixels [i·d, (i+1)·d), whose centre is at i·d + (d-1)/2.
        let toScaled = Homography.affine(scaleX: 1 / d, scaleY: 1 / d, translateX: -(d - 1) / (2 * d), translateY: -(d - 1) / (2 * d))
        let toStored = orientation.uprightToStored(stored: storedSize)
        let whole = toStored.composed(after: toScaled.composed(after: map))
        return band.map { $0.fromWhole.composed(after: whole) } ?? whole
    }

    /// The whole stored image's size at this decode's scale (``pixels``' size unless they are a band).
    var storedSize: PixelSize { band?.wholeSize ?? pixels.size }

    /// A print found on this (possibly DCT-scaled) decode, in full-resolution upright pixels.
    func fullResolution(_ print: DetectedPrint) -> DetectedPrint {
        let d = Double(scaleDenominator)
        guard d != 1 else { return print }
        var p = print
        let up: (Point) -> Point = { Point($0.x * d + (d - 1) / 2, $0.y * d + (d - 1) / 2) }
        p.card = p.card.mapped(up)
        p.window = p.window?.mapped(up)
        p.searched = p.searched?.mapped(up)
        return p
    }

    /// The stored rows that warping `prints` (card and window) can read, with a margin of 16 rows
    /// for the interpolation's taps and area samples; nil for none.
    func storedRows(of prints: [DetectedPrint]) -> Range<Int>? {
        guard !prints.isEmpty else { return nil }
        let d = Double(scaleDenominator)
        let toStored = band.map { $0.fromWhole.composed(after: orientation.uprightToStored(stored: $0.wholeSize)) }
            ?? orientation.uprightToStored(stored: pixels.size)
        var low = Double.infinity, high = -Double.infinity
        for print in prints {
            for corner in print.card.corners + (print.window?.corners ?? []) {
                let y = toStored.apply(Point((corner.x - (d - 1) / 2) / d, (corner.y - (d - 1) / 2) / d)).y
                guard y.isFinite else { return nil }
                low = min(low, y)
                high = max(high, y)
            }
        }
        let margin = 16.0
        let first = max(0, Int(max(low - margin, -1).rounded(.down)))
        let last = min(pixels.height, Int(min(high + margin, Double(pixels.height)).rounded(.up)) + 1)
        return first < last ? first..<last : nil
    }
}
