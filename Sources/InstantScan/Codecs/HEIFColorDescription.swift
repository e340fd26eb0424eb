/// The ICC profile a HEIF's pixels are read with: its own (`colr` of type `prof`), or the profile
/// its `nclx` code points describe.
struct HEIFColorDescription {
    /// The profile's bytes for ``DecodedImage/iccProfile``; nil means sRGB.
    var iccProfile: [UInt8]?
    /// Set when the description named something with no matching profile here.
    var warning: String?

    /// - Parameters:
    ///   - icc: the file's ICC profile, which wins when present (as iPhones write it).
    ///   - nclx: the file's `nclx` box, or nil (HEIF then means sRGB).
    init(icc: [UInt8]?, nclx: HEIFNCLX?) {
        if let icc {
            iccProfile = icc
            return
        }
        guard let nclx else { return }
        // H.273 code points. Primaries: 1 BT.709/sRGB, 12 Display P3 (SMPTE EG 432-1), 2
        // unspecified. Transfer: 13 sRGB; 1, 6, 14, 15 the BT.709 curve; 2 unspecified.
        // Unspecified values take HEIF's defaults (sRGB).
        let srgbPrimaries = nclx.primaries == 1 || nclx.primaries == 2
        let srgbCurve = nclx.transfer == 13 || nclx.transfer == 2
        let bt709Curve = [1, 6, 14, 15].contains(nclx.transfer)
        switch (srgbPrimaries, nclx.primaries == 12, srgbCurve, bt709Curve) {
        case (true, _, true, _):
            iccProfile = nil
        case (_, true, true, _):
            iccProfile = ColorProfile.displayP3.iccData
        case (true, _, _, true):
            iccProfile = BT709Profile.iccData
        default:
            warning = "HEIF colour description (primaries \(nclx.primaries), transfer \(nclx.transfer)) has no matching profile; treating the photo as sRGB"
        }
    }
}
