internal import CLCMS2

/// The ICC profile of HEIF (and video) pixels described as BT.709: sRGB's primaries and white
/// with the BT.709 transfer curve, which is darker than sRGB's in the shadows.
///
/// Only ever a source profile (output is tagged sRGB or Display P3), so an ICC v4 parametric
/// curve is fine here; lcms2 builds it once per process.
enum BT709Profile {
    /// The profile's bytes.
    static let iccData: [UInt8] = build()

    private static func build() -> [UInt8] {
        var white = cmsCIExyY(x: 0.3127, y: 0.3290, Y: 1)
        var primaries = cmsCIExyYTRIPLE(
            Red: cmsCIExyY(x: 0.640, y: 0.330, Y: 1),
            Green: cmsCIExyY(x: 0.300, y: 0.600, Y: 1),
            Blue: cmsCIExyY(x: 0.150, y: 0.060, Y: 1))
        // The inverse of the BT.709 OETF as lcms's type 4: Y = ((X + 0.099) / 1.099)^(1/0.45)
        // above 0.081, X / 4.5 below.
        let parameters: [Double] = [1 / 0.45, 1 / 1.099, 0.099 / 1.099, 1 / 4.5, 0.081]
        guard let curve = cmsBuildParametricToneCurve(nil, 4, parameters) else {
            preconditionFailure("lcms2 could not build the BT.709 tone curve")
        }
        defer { cmsFreeToneCurve(curve) }
        var curves: [OpaquePointer?] = [curve, curve, curve]
        guard let profile = cmsCreateRGBProfile(&white, &primaries, &curves) else {
            preconditionFailure("lcms2 could not create the BT.709 profile")
        }
        defer { cmsCloseProfile(profile) }
        if let mlu = cmsMLUalloc(nil, 1) {
            defer { cmsMLUfree(mlu) }
            if cmsMLUsetASCII(mlu, "en", "US", "BT.709 (InstantScan)") != 0 {
                _ = cmsWriteTag(profile, cmsSigProfileDescriptionTag, UnsafeRawPointer(mlu))
            }
        }
        var size: UInt32 = 0
        guard cmsSaveProfileToMem(profile, nil, &size) != 0, size > 0 else {
            preconditionFailure("lcms2 could not save the BT.709 profile")
        }
        var bytes = [UInt8](repeating: 0, count: Int(size))
        guard cmsSaveProfileToMem(profile, &bytes, &size) != 0 else {
            preconditionFailure("lcms2 could not save the BT.709 profile")
        }
        return bytes
    }
}
