/// The ICC profiles InstantScan builds itself from published primaries, to tag its output.
///
/// Both are ICC version 2.1 matrix/TRC display profiles: every browser, macOS, Windows and older
/// readers that ignore version 4 handle v2, and a matrix/TRC profile needs nothing v4 adds. The
/// transfer curve is the sRGB piecewise curve as a 1024-entry `curv` table shared by the three
/// channels (the layout of the classic sRGB profile); v2 has no parametric curve type. The bytes
/// are deterministic: the creation date is fixed and the (v2-unused) profile ID is zero.
public enum BuiltInProfile: String, CaseIterable, Sendable {
    /// sRGB: Rec. 709 primaries, D65 white, the sRGB transfer curve (IEC 61966-2-1).
    case srgb
    /// Display P3: DCI-P3 primaries, D65 white, the sRGB transfer curve — what phones write.
    case displayP3 = "display-p3"

    /// The file name in the project's `Profiles/` folder.
    public var fileName: String {
        switch self {
        case .srgb: return "sRGB.icc"
        case .displayP3: return "DisplayP3.icc"
        }
    }

    /// The profile's description tag, as apps show it.
    public var profileDescription: String {
        switch self {
        case .srgb: return "sRGB (InstantScan)"
        case .displayP3: return "Display P3 (InstantScan)"
        }
    }

    /// The primaries and white point, as CIE xy chromaticities.
    var chromaticities: ICCProfileBuilder.Chromaticities {
        switch self {
        case .srgb:
            return .init(red: (0.640, 0.330), green: (0.300, 0.600), blue: (0.150, 0.060), white: (0.3127, 0.3290))
        case .displayP3:
            return .init(red: (0.680, 0.320), green: (0.265, 0.690), blue: (0.150, 0.060), white: (0.3127, 0.3290))
        }
    }

    /// Builds the profile's ICC bytes with lcms2 (the same bytes on every call).
    public func makeICCData() -> [UInt8] {
        ICCProfileBuilder.makeDisplayProfile(description: profileDescription, chromaticities: chromaticities)
    }
}

extension BuiltInProfile {
    /// The shared, already-opened profile (built once per process).
    public var profile: ColorProfile {
        switch self {
        case .srgb: return .sRGB
        case .displayP3: return .displayP3
        }
    }
}
