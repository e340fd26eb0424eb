internal import CLCMS2

/// An RGB ICC profile, checked and opened with lcms2.
///
/// Made from the bytes embedded in a photo (JPEG APP2, PNG iCCP) or taken from the built-in
/// ``sRGB`` and ``displayP3``. The original bytes are kept in ``iccData`` so that output can embed
/// exactly the profile it was converted to.
///
/// It is `Sendable`: the lcms handle is only read after `init`, and lcms2 guards a profile's lazy
/// tag reads with the profile's own mutex.
public final class ColorProfile: @unchecked Sendable {
    /// The largest profile accepted, in bytes. Real RGB profiles are under 1 MB; the cap keeps a
    /// hostile file from making lcms2 allocate without bound.
    public static let maximumByteCount = 16 << 20

    /// The project's sRGB profile (see ``BuiltInProfile/srgb``).
    public static let sRGB = ColorProfile(builtIn: .srgb)
    /// The project's Display P3 profile (see ``BuiltInProfile/displayP3``).
    public static let displayP3 = ColorProfile(builtIn: .displayP3)

    /// The profile's bytes, exactly as given.
    public let iccData: [UInt8]
    /// The description tag (e.g. "Display P3"), or "untitled ICC profile" when it has none.
    public let name: String
    /// Whether the profile is equivalent to sRGB: its colours, not its name or bytes, are compared
    /// (see ``ColorConverter/isIdentity``).
    public let isSRGB: Bool

    /// The lcms2 handle, owned by this object.
    let handle: cmsHPROFILE

    /// Opens and checks a profile.
    ///
    /// - Throws: ``ColorError/profileTooLarge(byteCount:limit:)`` above ``maximumByteCount``;
    ///   ``ColorError/invalidProfile(reason:)`` for bytes that are not an ICC profile, a damaged
    ///   one, or one that cannot be used to read colours; ``ColorError/unsupportedColorSpace(_:)``
    ///   for a profile of anything but RGB.
    public init(iccData: [UInt8]) throws {
        guard iccData.count <= ColorProfile.maximumByteCount else {
            throw ColorError.profileTooLarge(byteCount: iccData.count, limit: ColorProfile.maximumByteCount)
        }
        // An ICC header is 128 bytes followed by a 4-byte tag count; "acsp" sits at byte 36.
        guard iccData.count >= 132 else {
            throw ColorError.invalidProfile(reason: "only \(iccData.count) bytes, shorter than an ICC header")
        }
        guard iccData[36..<40].elementsEqual(Array("acsp".utf8)) else {
            throw ColorError.invalidProfile(reason: "no “acsp” signature: these bytes are not an ICC profile")
        }
        let opened = iccData.withUnsafeBytes { cmsOpenProfileFromMem($0.baseAddress, UInt32($0.count)) }
        guard let handle = opened else {
            throw ColorError.invalidProfile(reason: "lcms2 could not parse its header or tag table")
        }
        do {
            try ColorProfile.checkUsable(handle)
            guard let matches = SRGBEquivalence.matches(handle) else {
                throw ColorError.invalidProfile(reason: "its tags are missing or damaged, so it cannot be used to read colours")
            }
            self.isSRGB = matches
        } catch {
            cmsCloseProfile(handle)
            throw error
        }
        self.handle = handle
        self.iccData = iccData
        self.name = ColorProfile.description(of: handle) ?? "untitled ICC profile"
    }

    /// A built-in profile; its bytes come from the builder, never from a file.
    private convenience init(builtIn profile: BuiltInProfile) {
        do {
            try self.init(iccData: profile.makeICCData())
        } catch {
            preconditionFailure("the built-in \(profile.rawValue) profile does not open: \(error)")
        }
    }

    deinit {
        cmsCloseProfile(handle)
    }

    /// Throws unless the profile is an RGB colour-space profile that can be used as a source.
    private static func checkUsable(_ handle: cmsHPROFILE) throws {
        let space = cmsGetColorSpace(handle)
        guard space == cmsSigRgbData else {
            throw ColorError.unsupportedColorSpace(signatureText(space.rawValue))
        }
        let deviceClass = cmsGetDeviceClass(handle)
        let usable = [cmsSigInputClass, cmsSigDisplayClass, cmsSigOutputClass, cmsSigColorSpaceClass]
        guard usable.contains(deviceClass) else {
            throw ColorError.invalidProfile(
                reason: "it is a “\(signatureText(deviceClass.rawValue))” profile, not one describing an RGB colour space")
        }
    }

    /// The English description tag, if any.
    private static func description(of handle: cmsHPROFILE) -> String? {
        let needed = cmsGetProfileInfoASCII(handle, cmsInfoDescription, "en", "US", nil, 0)
        guard needed > 1 else { return nil }
        var buffer = [CChar](repeating: 0, count: Int(needed))
        _ = cmsGetProfileInfoASCII(handle, cmsInfoDescription, "en", "US", &buffer, needed)
        let text = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        let trimmed = text.trimmingSpaces()
        return trimmed.isEmpty ? nil : trimmed
    }

    /// An ICC signature such as 'CMYK' as text, without the trailing pad spaces.
    private static func signatureText(_ value: UInt32) -> String {
        let bytes = [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: value >> UInt32($0)) }
        let printable = bytes.allSatisfy { $0 >= 0x20 && $0 < 0x7F }
        guard printable else { return "0x" + String(value, radix: 16) }
        return String(decoding: bytes, as: UTF8.self).trimmingSpaces()
    }
}

extension String {
    /// Without leading and trailing spaces (ICC text and signatures pad with them).
    fileprivate func trimmingSpaces() -> String {
        let characters = Substring(self).drop { $0 == " " }
        return String(characters.reversed().drop { $0 == " " }.reversed())
    }
}
