/// The colour stage of a print: from the photo's colour space into the output's, white balance
/// from the print's frame, then the optional ends-in stretch.
///
/// ```swift
/// let correction = PrintColorCorrection(options: ScanOptions())
/// let report = try correction.correct(card, format: .instaxMini)
/// ```
///
/// It works on the rectified print, which is much smaller than the photo: colour management is
/// skipped when input and output are both sRGB, and the light is measured on the whole card even
/// when the output is only its picture window.
public struct PrintColorCorrection: Sendable {
    /// How white balance finds the light.
    public var whiteBalance: WhiteBalanceMode
    /// The colour space of the output, and of the images this works on.
    public var profile: BuiltInProfile
    /// The contrast stretch after white balance, or nil for none.
    public var stretch: EndsInStretch?

    /// A correction with `options`' white balance, output profile and stretch.
    public init(options: ScanOptions) {
        whiteBalance = options.whiteBalance
        profile = options.outputProfile
        stretch = options.stretch
    }

    /// The colour space the photo says it is in: its embedded profile, or sRGB (with a warning)
    /// when it has none or an unusable one.
    static func inputProfile(of decoded: DecodedImage, warnings: inout [String]) -> ColorProfile {
        inputProfile(embedded: decoded.iccProfile, warnings: &warnings)
    }

    /// ``inputProfile(of:warnings:)`` of a photo whose embedded profile bytes are `bytes` (nil: none).
    static func inputProfile(embedded bytes: [UInt8]?, warnings: inout [String]) -> ColorProfile {
        guard let bytes else { return .sRGB }
        do {
            let profile = try ColorProfile(iccData: bytes)
            return profile.isSRGB ? .sRGB : profile
        } catch {
            warnings.append("embedded ICC profile is unusable (\(error)); treating the photo as sRGB")
            return .sRGB
        }
    }

    /// The conversion from `decoded`'s colour space into ``profile``'s.
    func converter(for decoded: DecodedImage, warnings: inout [String]) throws -> ColorConverter {
        try ColorConverterCache.shared.converter(from: Self.inputProfile(of: decoded, warnings: &warnings),
                                                 to: profile.profile)
    }

    /// White-balances `image` (already in ``profile``'s space) and stretches it, in place.
    ///
    /// - Parameters:
    ///   - image: The rectified print (card or window), corrected in place.
    ///   - format: The print's format, which places the frame; nil when unknown.
    ///   - card: The whole card to measure the light on, when `image` is not it (a window-only
    ///     output); nil when `image` is the card.
    ///   - window: Where `image` lies in `card`, in the card's unit square, when it is a window.
    ///   - light: A light to divide out instead of estimating one (the same correction for every
    ///     print shot under one lamp; see ``LightEstimate/combined(_:)``).
    /// - Returns: What white balance measured and did; nil when it was off.
    @discardableResult
    public func correct(_ image: PixelBuffer, format: PrintFormat?, card: PixelBuffer? = nil, window: Quad? = nil,
                        light: LightEstimate? = nil) throws -> WhiteBalanceReport? {
        try correct(image, format: format, card: card, window: window, light: light, ring: nil)
    }

    /// As ``correct(_:format:card:window:light:)``, judging the frame also against `ring`, the
    /// surface around the print (see ``surfaceRing(around:from:rectifier:converter:light:)``).
    @discardableResult
    func correct(_ image: PixelBuffer, format: PrintFormat?, card: PixelBuffer?, window: Quad?,
                 light: LightEstimate?, ring: SurfaceRing?, photo: WholePhotoCue? = nil) throws -> WhiteBalanceReport? {
        let report = try balance(image, format: format, card: card, window: window, light: light, ring: ring, photo: photo)
        stretch?.apply(to: image)
        return report
    }

    /// The light on a card, as ``correct(_:format:card:window:light:)`` would estimate it.
    public func estimate(card: PixelBuffer, format: PrintFormat?) -> LightEstimate {
        estimate(card: card, format: format, ring: nil)
    }

    /// The light on a card, judging its frame also against `ring` (and, for a frame that is not a
    /// white reference, taking the whole `photo`'s gray edge among the cues).
    func estimate(card: PixelBuffer, format: PrintFormat?, ring: SurfaceRing?, photo: WholePhotoCue? = nil) -> LightEstimate {
        WhiteBalance(mode: whiteBalance, profile: profile).estimate(card: card, format: format, ring: ring, photo: photo)
    }

    /// The surface around `print` in ``profile``'s space, which white balance weighs the frame
    /// against (a coloured, patterned or aged frame is not the light's white); nil when white
    /// balance does not read the frame (another mode, or a `light` given) or the photo shows
    /// nothing around the card.
    func surfaceRing(around print: DetectedPrint, from decoded: DecodedImage, rectifier: PrintRectifier,
                     converter: ColorConverter, light: LightEstimate?) throws -> SurfaceRing? {
        guard whiteBalance == .frame, light == nil,
              let band = try rectifier.surroundings(of: print, from: decoded) else { return nil }
        if !converter.isIdentity { converter.convert(band.image) }
        return SurfaceRing(image: band.image, reach: band.reach)
    }

    private func balance(_ image: PixelBuffer, format: PrintFormat?, card: PixelBuffer?, window: Quad?,
                         light given: LightEstimate?, ring: SurfaceRing?, photo: WholePhotoCue?) throws -> WhiteBalanceReport? {
        guard let measured = try measure(frame: card ?? image, format: format, light: given, ring: ring, photo: photo)
        else { return nil }
        let clipped = measured.balance.apply(measured.light, to: image, covering: card == nil ? nil : window)
        return measured.report(clippedShare: clipped)
    }

    /// What white balance decides from the frame (the card, or the output when it is the card)
    /// before it touches a pixel: the light and the frame's chroma before and after; nil when
    /// white balance is off and no light is given.
    func measure(frame: some CardRows, format: PrintFormat?, light given: LightEstimate?,
                 ring: SurfaceRing?, photo: WholePhotoCue? = nil) throws -> BalanceMeasure? {
        guard whiteBalance != .none || given != nil else { return nil }
        if let given, given.profile != profile { throw ScanError.lightInOtherSpace(given.profile, profile) }
        let balance = WhiteBalance(mode: balanceMode, profile: profile)
        let light = given ?? balance.estimate(card: frame, format: format, ring: ring, photo: photo)
        let chroma = balance.frameChroma(card: frame, format: format, light: light)
        return BalanceMeasure(balance: balance, light: light, chroma: chroma)
    }

    /// The mode white balance runs in: a light given with white balance off is still divided out.
    var balanceMode: WhiteBalanceMode { whiteBalance == .none ? .frame : whiteBalance }
}
