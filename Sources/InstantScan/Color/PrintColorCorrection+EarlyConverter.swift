import Dispatch

extension PrintColorCorrection {
    /// Starts building, on another core, the conversion that ``converter(for:warnings:)`` will ask
    /// for once the photo whose header is `info` is decoded; wait on the group before asking. Nil
    /// on one core (``ProcessInfoCores``), where nothing is started.
    ///
    /// An lcms transform from an embedded profile (a Display P3 photo's into sRGB) takes some 30 M
    /// instructions, 3 ms, and the decode that starts a scan keeps one core alone busy for longer
    /// (the DCT-scaled decode of a detected JPEG is a single libjpeg pass). Built beside it, the
    /// converter waits in `cache` (``ColorConverterCache``), and the scan's own call finds it there: the cache
    /// is keyed on the profiles' bytes, so it is the converter the scan would have built. Where the
    /// decoded profile is not the header's, or the header's is unusable, the scan builds its own as
    /// before (and reports the unusable profile).
    func convertingEarly(forHeader info: ImageInfo, into cache: ColorConverterCache = .shared) -> DispatchGroup? {
        guard ProcessInfoCores.active > 1, let bytes = info.iccProfile else { return nil }
        let destination = profile.profile
        let group = DispatchGroup()
        DispatchQueue.global().async(group: group) {
            guard let source = try? ColorProfile(iccData: bytes) else { return }
            _ = try? cache.converter(from: source.isSRGB ? .sRGB : source, to: destination)
        }
        return group
    }
}
