internal import CLCMS2

/// Decides whether an RGB profile describes sRGB, by what it does rather than what it says.
///
/// Cameras, phones and editors ship many sRGB profiles (the 1998 HP one, v4 ones, lcms's own,
/// tables of different lengths, slightly rounded colorants); their bytes and names differ but
/// their colours do not. So a grid of test colours goes through the profile into lcms's built-in
/// sRGB, and the profile counts as sRGB when no colour moves by more than one 8-bit code value.
enum SRGBEquivalence {
    /// Largest allowed change of any channel, on a 0…1 scale: one 8-bit step.
    static let tolerance = 1.0 / 255.0

    /// Channel levels of the test grid (all 8³ combinations): black, deep shadows where transfer
    /// curves differ most, midtones, highlights, and the primaries and secondaries at full.
    private static let levels: [Double] = [0, 0.02, 0.1, 0.25, 0.5, 0.75, 0.9, 1]

    /// Whether `profile` (an RGB profile) matches sRGB; nil when lcms2 cannot build a transform
    /// from it, i.e. the profile is not usable as an input profile.
    static func matches(_ profile: cmsHPROFILE) -> Bool? {
        guard let reference = cmsCreate_sRGBProfile() else { return nil }
        defer { cmsCloseProfile(reference) }
        let format = is_lcms_type_rgb_dbl()
        guard let transform = cmsCreateTransform(profile, format, reference, format,
                                                 RenderingIntent.relativeColorimetric.lcmsValue,
                                                 UInt32(cmsFLAGS_NOCACHE)) else { return nil }
        defer { cmsDeleteTransform(transform) }

        var input: [Double] = []
        input.reserveCapacity(levels.count * levels.count * levels.count * 3)
        for r in levels {
            for g in levels {
                for b in levels { input += [r, g, b] }
            }
        }
        var output = [Double](repeating: 0, count: input.count)
        input.withUnsafeBytes { source in
            output.withUnsafeMutableBytes { destination in
                cmsDoTransform(transform, source.baseAddress, destination.baseAddress, UInt32(input.count / 3))
            }
        }
        return zip(input, output).allSatisfy { abs($0 - $1) <= tolerance }
    }
}
