extension PrintColorCorrection {
    /// Starts building, on another core, the conversion that ``converter(for:warnings:)`` will want
    /// once the photo whose header is `info` is decoded (see ``EarlyConversion``). Nil on one core
    /// (``ProcessInfoCores``).
    ///
    /// The converter goes into `cache` too, where the scan's own call would find it: the cache is
    /// keyed on the profiles' bytes, so it is the converter the scan would have built.
    func convertingEarly(forHeader info: ImageInfo, into cache: ColorConverterCache = .shared) -> EarlyConversion? {
        guard ProcessInfoCores.active > 1 else { return nil }
        return EarlyConversion(profileBytes: info.iccProfile, to: profile, cache: cache)
    }
}
