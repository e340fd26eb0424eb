#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The scale (pixels per millimetre) at which a photo shows the prints on one wall or page, as a
/// plane over the photo: a flat surface seen at an angle changes scale smoothly, nearly linearly,
/// from one side to the other.
struct ScalePlane: Sendable {
    /// Scale = a + b·x + c·y.
    private let a: Double, b: Double, c: Double
    /// Largest |log| of a reference's scale over the plane's for the references to agree on one.
    static let agreement = 0.04

    /// A card's pixels per millimetre were it of `format`: the square root of its area over the
    /// format's (perspective shrinks a card's area about as it shrinks its scale squared).
    static func pixelsPerMillimetre(_ card: Quad, _ format: PrintFormat) -> Double {
        let size = format.cardSize
        return (card.area / (size.width * size.height)).squareRoot()
    }

    /// The plane through `references` (cards and their formats), nil for fewer than three, or
    /// references that do not agree on one scale (cards on different surfaces, a misread one).
    ///
    /// A flat surface's scale is an affine function of the image position (it goes as the inverse
    /// of depth, which is affine over a plane's image), so four or more cards spread over the photo
    /// fit a tilted plane; cards in one row (or only three) tilt it along the row only.
    init?(fitting references: [(card: Quad, format: PrintFormat)]) {
        guard references.count >= 3 else { return nil }
        let samples = references.map { (point: $0.card.centroid, scale: Self.pixelsPerMillimetre($0.card, $0.format)) }
        guard samples.allSatisfy({ $0.scale > 0 && $0.scale.isFinite }),
              let plane = Self.leastSquares(samples, alongRowOnly: samples.count < 4) else { return nil }
        (a, b, c) = plane
        for s in samples where abs(log(s.scale / pixelsPerMillimetre(at: s.point))) > Self.agreement { return nil }
    }

    /// The scale the plane predicts at `point`.
    func pixelsPerMillimetre(at point: Point) -> Double {
        max(1e-9, a + b * point.x + c * point.y)
    }

    /// Least squares a + b·x + c·y ≈ scale about the samples' mean point; along their main
    /// direction only when they lie in a row (or `alongRowOnly`).
    private static func leastSquares(_ samples: [(point: Point, scale: Double)],
                                     alongRowOnly: Bool) -> (a: Double, b: Double, c: Double)? {
        let n = Double(samples.count)
        let mx = samples.map(\.point.x).reduce(0, +) / n, my = samples.map(\.point.y).reduce(0, +) / n
        let ms = samples.map(\.scale).reduce(0, +) / n
        var sxx = 0.0, sxy = 0.0, syy = 0.0, sxs = 0.0, sys = 0.0
        for s in samples {
            let dx = s.point.x - mx, dy = s.point.y - my, ds = s.scale - ms
            sxx += dx * dx; sxy += dx * dy; syy += dy * dy; sxs += dx * ds; sys += dy * ds
        }
        let det = sxx * syy - sxy * sxy
        if !alongRowOnly && det > 0.01 * sxx * syy {
            let b = (sxs * syy - sys * sxy) / det, c = (sys * sxx - sxs * sxy) / det
            return (ms - b * mx - c * my, b, c)
        }
        // The row's direction: the main axis of the points' spread.
        let angle = 0.5 * atan2(2 * sxy, sxx - syy)
        let ux = cos(angle), uy = sin(angle)
        var stt = 0.0, sts = 0.0
        for s in samples {
            let t = (s.point.x - mx) * ux + (s.point.y - my) * uy
            stt += t * t; sts += t * (s.scale - ms)
        }
        guard stt > 0 else { return (ms, 0, 0) }
        let slope = sts / stt
        return (ms - slope * (ux * mx + uy * my), slope * ux, slope * uy)
    }
}
