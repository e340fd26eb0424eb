import Dispatch
import Foundation

/// A photo's colour conversion built on another core from its header, while the photo is decoded
/// (see ``PrintColorCorrection/convertingEarly(forHeader:into:)``).
///
/// An lcms transform from an embedded profile (a Display P3 photo's into sRGB) takes some 40 M
/// instructions with the profile's parsing, 3–4 ms, and the decode that starts a scan keeps one
/// core alone busy for longer (the DCT-scaled decode of a detected JPEG is a single libjpeg pass).
/// A photo without a profile is sRGB: making lcms's sRGB profile (10 M instructions, once a
/// process) moves to that core too.
final class EarlyConversion: @unchecked Sendable {
    /// The header's profile bytes, which the converter was built from; nil for none (sRGB).
    let profileBytes: [UInt8]?
    private let group = DispatchGroup()
    private let lock = NSLock()
    /// Written once by the builder, read after `group` is done.
    private var built: ColorConverter?

    /// Starts building the conversion from the profile `bytes` (nil: sRGB) into `destination`'s,
    /// into `cache`.
    init(profileBytes bytes: [UInt8]?, to destination: BuiltInProfile, cache: ColorConverterCache) {
        profileBytes = bytes
        DispatchQueue.global().async(group: group) { [self] in
            // An unusable profile is left to the scan's own path, which warns of it.
            var unusable: [String] = []
            let source = PrintColorCorrection.inputProfile(embedded: bytes, warnings: &unusable)
            guard unusable.isEmpty, let converter = try? cache.converter(from: source, to: destination.profile)
            else { return }
            lock.withLock { built = converter }
        }
    }

    /// The converter for `decoded` once it is built, when the decode carries the header's profile
    /// and that profile was usable; nil otherwise (the scan then builds its own, and reports an
    /// unusable profile, as before).
    ///
    /// It is the converter ``PrintColorCorrection/converter(for:warnings:)`` would return: the
    /// same profile bytes opened the same way, through the same ``ColorConverterCache``.
    func converter(for decoded: DecodedImage) -> ColorConverter? {
        group.wait()
        guard decoded.iccProfile == profileBytes else { return nil }
        return lock.withLock { built }
    }
}
