import CLCMS2

/// Profiles made by lcms2 itself, standing in for the many profiles found in the wild.
enum LCMSTestProfiles {
    /// lcms2's own sRGB (v4, parametric curve): a different file that means the same thing.
    static func srgb() -> [UInt8] { save(cmsCreate_sRGBProfile()) }

    /// Display P3 as lcms2 writes it by default (v4, parametric sRGB curve), like the profiles in
    /// the evaluation scenes.
    static func displayP3Version4() -> [UInt8] {
        rgb(primaries: [(0.680, 0.320), (0.265, 0.690), (0.150, 0.060)], curve: (4, [2.4, 1 / 1.055, 0.055 / 1.055, 1 / 12.92, 0.04045]))
    }

    /// sRGB primaries with a plain 2.2 gamma: close to sRGB, but not it in the shadows.
    static func gamma22() -> [UInt8] {
        rgb(primaries: [(0.640, 0.330), (0.300, 0.600), (0.150, 0.060)], curve: (1, [2.2]))
    }

    /// A grey (single channel) profile.
    static func gray() -> [UInt8] {
        var white = cmsCIExyY(x: 0.3127, y: 0.3290, Y: 1)
        let curve = cmsBuildGamma(nil, 2.2)
        defer { cmsFreeToneCurve(curve) }
        return save(cmsCreateGrayProfile(&white, curve))
    }

    /// A Lab identity profile (an abstract profile in the Lab colour space).
    static func lab() -> [UInt8] { save(cmsCreateLab4Profile(nil)) }

    private static func rgb(primaries p: [(Double, Double)], curve: (type: Int32, parameters: [Double])) -> [UInt8] {
        var white = cmsCIExyY(x: 0.3127, y: 0.3290, Y: 1)
        var triple = cmsCIExyYTRIPLE(Red: cmsCIExyY(x: p[0].0, y: p[0].1, Y: 1),
                                     Green: cmsCIExyY(x: p[1].0, y: p[1].1, Y: 1),
                                     Blue: cmsCIExyY(x: p[2].0, y: p[2].1, Y: 1))
        let tone = cmsBuildParametricToneCurve(nil, curve.type, curve.parameters)
        defer { cmsFreeToneCurve(tone) }
        let curves: [OpaquePointer?] = [tone, tone, tone]
        return save(cmsCreateRGBProfile(&white, &triple, curves))
    }

    private static func save(_ profile: cmsHPROFILE?) -> [UInt8] {
        guard let profile else { preconditionFailure("lcms2 could not make the test profile") }
        defer { cmsCloseProfile(profile) }
        var size: UInt32 = 0
        _ = cmsSaveProfileToMem(profile, nil, &size)
        var bytes = [UInt8](repeating: 0, count: Int(size))
        _ = bytes.withUnsafeMutableBytes { cmsSaveProfileToMem(profile, $0.baseAddress, &size) }
        return bytes
    }
}
