/// The instant-film formats InstantScan knows, with their physical card and picture-window sizes.
///
/// Millimetres; the window's origin is measured from the card's top-left with the thick border at
/// the bottom, as the print is seen upright.
public enum PrintFormat: String, Sendable, CaseIterable, Codable {
    /// Polaroid 600, SX-70 and i-Type: 88 × 107 mm, 79 × 79 mm picture. The three films share one
    /// card and window, so a photo cannot tell them apart: all are reported as the 600 family.
    case polaroid600 = "polaroid-600"
    /// Polaroid Go: 53.9 × 66.6 mm, 47 × 46 mm picture.
    case polaroidGo = "polaroid-go"
    /// Instax Square: 72 × 86 mm, 62 × 62 mm picture.
    case instaxSquare = "instax-square"
    /// Instax Mini: 54 × 86 mm, 46 × 62 mm picture.
    case instaxMini = "instax-mini"
    /// Instax Wide: 108 × 86 mm, 99 × 62 mm picture.
    case instaxWide = "instax-wide"
    /// Polaroid Image / Spectra / 1200: 101 × 104 mm, 92 × 73 mm picture (landscape picture on a
    /// near-square card).
    ///
    /// The picture's 9.2 × 7.3 cm is from ozcamera.com's Spectra page (http://ozcamera.com/polaroid-spectra.html:
    /// "a rectangular 9.2 x 7.3cm rather than 600 film's square format"); the card's 101 × 104 mm
    /// (4.0 × 4.1 in) is Polaroid's published size for its Image/Spectra film. The side borders follow
    /// (4.5 mm), the top border is taken as the 600's 6 mm and the rest is the thick bottom border.
    case polaroidSpectra = "polaroid-spectra"

    /// Card width and height in millimetres.
    public var cardSize: (width: Double, height: Double) {
        switch self {
        case .polaroid600: return (88, 107)
        case .polaroidGo: return (53.9, 66.6)
        case .instaxSquare: return (72, 86)
        case .instaxMini: return (54, 86)
        case .instaxWide: return (108, 86)
        case .polaroidSpectra: return (101, 104)
        }
    }

    /// The picture window's left, top, width and height in millimetres from the card's top-left.
    public var window: (x: Double, y: Double, width: Double, height: Double) {
        switch self {
        case .polaroid600: return (4.5, 6, 79, 79)
        case .polaroidGo: return (3.45, 5, 47, 46)
        case .instaxSquare: return (5, 7, 62, 62)
        case .instaxMini: return (4, 7, 46, 62)
        case .instaxWide: return (4.5, 7, 99, 62)
        case .polaroidSpectra: return (4.5, 6, 92, 73)
        }
    }

    /// Card width over height.
    public var cardAspect: Double { cardSize.width / cardSize.height }

    /// The window's corners (TL, TR, BR, BL) in card-normalised coordinates: the card is
    /// `[0, 1] × [0, 1]`, so a homography from the unit square to the card's corners in a photo
    /// carries these to the window's corners there.
    public var normalizedWindow: Quad {
        let (cw, ch) = cardSize
        let w = window
        let x0 = w.x / cw, y0 = w.y / ch, x1 = (w.x + w.width) / cw, y1 = (w.y + w.height) / ch
        return Quad(Point(x0, y0), Point(x1, y0), Point(x1, y1), Point(x0, y1))
    }

    /// Window width over height.
    public var windowAspect: Double { window.width / window.height }
}

extension PrintFormat {
    /// The format whose card ratio is nearest `aspect` (width/height of the upright card), if it is
    /// within `tolerance` (relative); nil for a card of none of these shapes.
    public static func nearest(toCardAspect aspect: Double, tolerance: Double = 0.04) -> PrintFormat? {
        let best = allCases.min { abs($0.cardAspect / aspect - 1) < abs($1.cardAspect / aspect - 1) }!
        return abs(best.cardAspect / aspect - 1) <= tolerance ? best : nil
    }
}
