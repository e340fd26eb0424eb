internal import CLCMS2

/// Builds matrix/TRC RGB display profiles with lcms2: the pointer work behind ``BuiltInProfile``.
enum ICCProfileBuilder {
    /// Primaries and white point as CIE 1931 xy.
    struct Chromaticities {
        var red: (x: Double, y: Double)
        var green: (x: Double, y: Double)
        var blue: (x: Double, y: Double)
        var white: (x: Double, y: Double)
    }

    /// The creation date written into every built profile: 2025-01-01 00:00:00, so that the bytes
    /// never change from one build to the next.
    static let creationDate: [UInt16] = [2025, 1, 1, 0, 0, 0]

    /// Entries of the shared transfer-curve table, as in the classic sRGB profile: linear
    /// interpolation between them is off by less than a 16-bit step.
    static let curveEntries = 1024

    /// The ICC version written: 2.1.
    static let version = 2.1

    /// A v2.1 display profile with the sRGB transfer curve on all three channels.
    static func makeDisplayProfile(description: String, chromaticities c: Chromaticities) -> [UInt8] {
        var white = cmsCIExyY(x: c.white.x, y: c.white.y, Y: 1)
        var primaries = cmsCIExyYTRIPLE(
            Red: cmsCIExyY(x: c.red.x, y: c.red.y, Y: 1),
            Green: cmsCIExyY(x: c.green.x, y: c.green.y, Y: 1),
            Blue: cmsCIExyY(x: c.blue.x, y: c.blue.y, Y: 1))
        // lcms computes the Bradford-adapted colorants, white point and chad; the curves and text
        // are written after the version is lowered so that lcms picks the v2 tag types for them.
        guard let profile = cmsCreateRGBProfile(&white, &primaries, nil) else {
            preconditionFailure("lcms2 could not create an RGB profile")
        }
        defer { cmsCloseProfile(profile) }
        cmsSetProfileVersion(profile, version)

        let curve = makeSRGBCurve()
        defer { cmsFreeToneCurve(curve) }
        var written = cmsWriteTag(profile, cmsSigRedTRCTag, UnsafeRawPointer(curve)) != 0
        written = written && cmsLinkTag(profile, cmsSigGreenTRCTag, cmsSigRedTRCTag) != 0
        written = written && cmsLinkTag(profile, cmsSigBlueTRCTag, cmsSigRedTRCTag) != 0
        written = written && writeText(description, tag: cmsSigProfileDescriptionTag, to: profile)
        written = written && writeText("No copyright, use freely", tag: cmsSigCopyrightTag, to: profile)
        precondition(written, "lcms2 could not write the tags of \(description)")

        var bytes = save(profile)
        stampHeader(&bytes)
        return bytes
    }

    /// The sRGB transfer curve (IEC 61966-2-1) as lcms's parametric type 4, sampled into a table.
    private static func makeSRGBCurve() -> OpaquePointer {
        let parameters: [Double] = [2.4, 1 / 1.055, 0.055 / 1.055, 1 / 12.92, 0.04045]
        guard let parametric = cmsBuildParametricToneCurve(nil, 4, parameters) else {
            preconditionFailure("lcms2 could not build the sRGB tone curve")
        }
        defer { cmsFreeToneCurve(parametric) }
        let last = Float(curveEntries - 1)
        let table: [UInt16] = (0..<curveEntries).map { i in
            let y = Double(cmsEvalToneCurveFloat(parametric, Float(i) / last))
            return UInt16((min(max(y, 0), 1) * 65535).rounded())
        }
        guard let tabulated = cmsBuildTabulatedToneCurve16(nil, UInt32(curveEntries), table) else {
            preconditionFailure("lcms2 could not build a tabulated tone curve")
        }
        return tabulated
    }

    private static func writeText(_ text: String, tag: cmsTagSignature, to profile: cmsHPROFILE) -> Bool {
        guard let mlu = cmsMLUalloc(nil, 1) else { return false }
        defer { cmsMLUfree(mlu) }
        return cmsMLUsetASCII(mlu, "en", "US", text) != 0
            && cmsWriteTag(profile, tag, UnsafeRawPointer(mlu)) != 0
    }

    private static func save(_ profile: cmsHPROFILE) -> [UInt8] {
        var size: UInt32 = 0
        guard cmsSaveProfileToMem(profile, nil, &size) != 0, size > 0 else {
            preconditionFailure("lcms2 could not size the profile")
        }
        var bytes = [UInt8](repeating: 0, count: Int(size))
        let saved = bytes.withUnsafeMutableBytes { cmsSaveProfileToMem(profile, $0.baseAddress, &size) }
        precondition(saved != 0 && Int(size) == bytes.count, "lcms2 could not save the profile")
        return bytes
    }

    /// Replaces the creation date (bytes 24–35) and clears the profile ID (84–99), which v2
    /// profiles leave zero, so the bytes depend only on the profile's contents.
    static func stampHeader(_ bytes: inout [UInt8]) {
        for (index, field) in creationDate.enumerated() {
            bytes[24 + 2 * index] = UInt8(field >> 8)
            bytes[25 + 2 * index] = UInt8(field & 0xFF)
        }
        for index in 84..<100 { bytes[index] = 0 }
    }
}
