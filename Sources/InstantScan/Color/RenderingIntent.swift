internal import CLCMS2

/// How colours outside the destination's gamut are brought inside.
///
/// For the matrix-and-curve profiles of cameras and displays the two give nearly the same result;
/// they differ for printer-style profiles that carry perceptual tables.
package enum RenderingIntent: Sendable, Equatable, CaseIterable {
    /// Compresses the whole gamut to fit, keeping relations between colours.
    case perceptual
    /// Keeps in-gamut colours exact (relative to each profile's white) and clips the rest.
    case relativeColorimetric

    /// The lcms2 intent number.
    var lcmsValue: UInt32 {
        switch self {
        case .perceptual: return UInt32(INTENT_PERCEPTUAL)
        case .relativeColorimetric: return UInt32(INTENT_RELATIVE_COLORIMETRIC)
        }
    }
}
