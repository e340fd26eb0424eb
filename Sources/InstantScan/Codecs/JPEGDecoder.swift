internal import CTurboJPEG

/// Decodes JPEG with TurboJPEG straight into a ``PixelBuffer``, optionally DCT-scaled.
enum JPEGDecoder {
    /// The DCT scales TurboJPEG offers that the pipeline uses.
    static let scaleDenominators: Set<Int> = [1, 2, 4, 8]

    /// Header facts without decoding pixels.
    static func info(of data: [UInt8]) throws -> ImageInfo {
        let metadata = JPEGMarkers.metadata(in: data)
        let handle = try TurboJPEGHandle.decompressor()
        let size = try readHeader(data, handle: handle, metadata: metadata)
        return ImageInfo(format: .jpeg, storedSize: size, orientation: metadata.orientation,
                         iccProfile: metadata.iccProfile, isSRGBTagged: false, warnings: metadata.warnings)
    }

    /// Decodes `data` at 1/`scaleDenominator` of its stored size (rounded up), as `format`
    /// (``PixelFormat/rgba8`` or ``PixelFormat/rgb8``).
    ///
    /// The full stored size is checked against `maximumPixels` before anything is allocated, so a
    /// limit means the same whatever the scale.
    static func decode(_ data: [UInt8], scaleDenominator: Int, maximumPixels: Int,
                       format: PixelFormat = .rgba8) throws -> DecodedImage {
        guard scaleDenominators.contains(scaleDenominator) else {
            throw CodecError.unsupported("a DCT scale of 1/\(scaleDenominator) (use 1, 2, 4 or 8)")
        }
        let metadata = JPEGMarkers.metadata(in: data)
        let handle = try TurboJPEGHandle.decompressor()
        let full = try readHeader(data, handle: handle, metadata: metadata)
        try PixelBuffer.validate(width: full.width, height: full.height, maximumPixels: maximumPixels)
        let width = (full.width + scaleDenominator - 1) / scaleDenominator
        let height = (full.height + scaleDenominator - 1) / scaleDenominator
        let pixels = try PixelBuffer(width: width, height: height, format: format, maximumPixels: maximumPixels)

        var warnings = metadata.warnings
        // Stop on warnings: a truncated or damaged file is an error, not an image with grey rows.
        // LIMITSCANS refuses progressive files with absurd scan counts (a known CPU bomb).
        let strict = TJFLAG_ACCURATEDCT | TJFLAG_STOPONWARNING | TJFLAG_LIMITSCANS
        if !handle.decompress(data, into: pixels, flags: strict) {
            let message = handle.errorMessage
            guard handle.lastFailureWasWarning, isHarmlessWarning(message) else {
                throw error(for: message, metadata: metadata, stage: "JPEG data")
            }
            // Some cameras leave stray bytes between segments; libjpeg skips them safely. Decode
            // again without stopping, and say so.
            if !handle.decompress(data, into: pixels, flags: TJFLAG_ACCURATEDCT | TJFLAG_LIMITSCANS),
               !handle.lastFailureWasWarning {
                throw error(for: handle.errorMessage, metadata: metadata, stage: "JPEG data")
            }
            // Without stopping, libjpeg fills missing rows with grey and keeps only the first
            // warning's text: check for truncation ourselves. Entropy-coded data stuffs every 0xFF,
            // so an EOI marker after the first scan exists only if the image data ended properly.
            guard let scan = JPEGMarkers.segments(in: data).last, scan.marker == 0xDA,
                  containsEndOfImage(data, from: scan.payloadRange.upperBound)
            else {
                throw CodecError.truncated("JPEG data (no end-of-image marker)")
            }
            warnings.append("JPEG data has a minor defect that was skipped (\(message))")
        }
        return DecodedImage(pixels: pixels, orientation: metadata.orientation, iccProfile: metadata.iccProfile,
                            isSRGBTagged: false, scaleDenominator: scaleDenominator, fullSize: full,
                            format: .jpeg, warnings: warnings)
    }

    /// The stored size from the header, refusing what TurboJPEG would mis-decode.
    private static func readHeader(_ data: [UInt8], handle: TurboJPEGHandle,
                                   metadata: JPEGMetadata) throws -> PixelSize {
        let header = handle.readHeader(data)
        let width = header.width, height = header.height
        // TurboJPEG 2.1.5 fails the header call on a mere warning (stray bytes, say) even though it
        // read the size; the decode that follows judges the warning.
        guard header.succeeded || (handle.lastFailureWasWarning && width > 0 && height > 0) else {
            // libjpeg refuses sides over 65500 (JPEG_MAX_DIMENSION): a size problem, said as one.
            // A zero side (libjpeg: "Empty JPEG image") is one too.
            if let frame = metadata.frameSize, max(frame.width, frame.height) > 65_500 || min(frame.width, frame.height) == 0 {
                throw ImageError.invalidDimensions(width: frame.width, height: frame.height)
            }
            throw error(for: handle.errorMessage, metadata: metadata, stage: "JPEG header")
        }
        // TurboJPEG 2.1.5 can report success with a 0×0 size for garbage after SOI.
        guard width > 0, height > 0 else {
            if metadata.endsEarly { throw CodecError.truncated("JPEG data (the file ends inside its header)") }
            throw CodecError.corrupt("JPEG header: it gives no image size")
        }
        if header.colorspace == TJCS_CMYK || header.colorspace == TJCS_YCCK {
            throw CodecError.unsupported("CMYK JPEG images (only RGB and greyscale photos are read)")
        }
        return PixelSize(width: width, height: height)
    }

    /// True when an EOI marker (0xFFD9) occurs at or after `start`.
    private static func containsEndOfImage(_ data: [UInt8], from start: Int) -> Bool {
        var index = start
        while index + 1 < data.count {
            if data[index] == 0xFF, data[index + 1] == 0xD9 { return true }
            index += 1
        }
        return false
    }

    /// libjpeg warnings that mean the decoded pixels are nevertheless whole.
    private static func isHarmlessWarning(_ message: String) -> Bool {
        // JWRN_EXTRANEOUS_DATA: "Corrupt JPEG data: N extraneous bytes before marker 0xXX".
        message.contains("extraneous bytes before marker")
    }

    /// The error a TurboJPEG message stands for.
    private static func error(for message: String, metadata: JPEGMetadata, stage: String) -> CodecError {
        let lowered = message.lowercased()
        // JWRN_JPEG_EOF: the data ran out (libjpeg pads with a fake EOI). Its cousin "premature
        // end of data segment" is a marker inside the scan: damage, not truncation.
        if lowered.contains("premature end of jpeg file") || metadata.endsEarly {
            return .truncated("JPEG data (\(message))")
        }
        if lowered.contains("unsupported") {
            return .unsupported("\(stage): \(message)")
        }
        return .corrupt("\(stage): \(message)")
    }
}
