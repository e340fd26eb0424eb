import CTurboJPEG

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

    /// Decodes `data` at 1/`scaleDenominator` of its stored size (rounded up), as RGBA8.
    ///
    /// The full stored size is checked against `maximumPixels` before anything is allocated, so a
    /// limit means the same whatever the scale.
    static func decode(_ data: [UInt8], scaleDenominator: Int, maximumPixels: Int) throws -> DecodedImage {
        guard scaleDenominators.contains(scaleDenominator) else {
            throw CodecError.unsupported("a DCT scale of 1/\(scaleDenominator) (use 1, 2, 4 or 8)")
        }
        let metadata = JPEGMarkers.metadata(in: data)
        let handle = try TurboJPEGHandle.decompressor()
        let full = try readHeader(data, handle: handle, metadata: metadata)
        try PixelBuffer.validate(width: full.width, height: full.height, maximumPixels: maximumPixels)
        let width = (full.width + scaleDenominator - 1) / scaleDenominator
        let height = (full.height + scaleDenominator - 1) / scaleDenominator
        let pixels = try PixelBuffer(width: width, height: height, format: .rgba8, maximumPixels: maximumPixels)

        var warnings = metadata.warnings
        // Stop on warnings: a truncated or damaged file is an error, not an image with grey rows.
        // LIMITSCANS refuses progressive files with absurd scan counts (a known CPU bomb).
        let strict = TJFLAG_ACCURATEDCT | TJFLAG_STOPONWARNING | TJFLAG_LIMITSCANS
        if !decompress(data, into: pixels, handle: handle, flags: strict) {
            let message = handle.errorMessage
            guard handle.lastFailureWasWarning, isHarmlessWarning(message) else {
                throw error(for: message, metadata: metadata, stage: "JPEG data")
            }
            // Some cameras leave stray bytes between segments; libjpeg skips them safely. Decode
            // again without stopping, and say so.
            if !decompress(data, into: pixels, handle: handle, flags: TJFLAG_ACCURATEDCT | TJFLAG_LIMITSCANS),
               !handle.lastFailureWasWarning {
                throw error(for: handle.errorMessage, metadata: metadata, stage: "JPEG data")
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
        var width: Int32 = 0, height: Int32 = 0, subsampling: Int32 = 0, colorspace: Int32 = 0
        let status = data.withUnsafeBufferPointer { bytes in
            tjDecompressHeader3(handle.raw, bytes.baseAddress, UInt(bytes.count), &width, &height,
                                &subsampling, &colorspace)
        }
        // TurboJPEG 2.1.5 fails the header call on a mere warning (stray bytes, say) even though it
        // read the size; the decode that follows judges the warning.
        guard status == 0 || (handle.lastFailureWasWarning && width > 0 && height > 0) else {
            // libjpeg refuses sides over 65500 (JPEG_MAX_DIMENSION): a size problem, said as one.
            if let frame = metadata.frameSize, max(frame.width, frame.height) > 65_500 {
                throw ImageError.invalidDimensions(width: frame.width, height: frame.height)
            }
            throw error(for: handle.errorMessage, metadata: metadata, stage: "JPEG header")
        }
        // TurboJPEG 2.1.5 can report success with a 0×0 size for garbage after SOI.
        guard width > 0, height > 0 else {
            if metadata.endsEarly { throw CodecError.truncated("JPEG data (the file ends inside its header)") }
            throw CodecError.corrupt("JPEG header: it gives no image size")
        }
        if colorspace == Int32(TJCS_CMYK.rawValue) || colorspace == Int32(TJCS_YCCK.rawValue) {
            throw CodecError.unsupported("CMYK JPEG images (only RGB and greyscale photos are read)")
        }
        return PixelSize(width: Int(width), height: Int(height))
    }

    /// Runs one decompression into `pixels`; false when TurboJPEG failed or warned.
    private static func decompress(_ data: [UInt8], into pixels: PixelBuffer, handle: TurboJPEGHandle,
                                   flags: Int32) -> Bool {
        let status = data.withUnsafeBufferPointer { bytes in
            // Asking for the scaled size makes TurboJPEG pick exactly that DCT scale.
            tjDecompress2(handle.raw, bytes.baseAddress, UInt(bytes.count), pixels.baseAddress,
                          Int32(pixels.width), Int32(pixels.bytesPerRow), Int32(pixels.height),
                          Int32(TJPF_RGBA.rawValue), flags)
        }
        return status == 0
    }

    /// libjpeg warnings that mean the decoded pixels are nevertheless whole.
    private static func isHarmlessWarning(_ message: String) -> Bool {
        // JWRN_EXTRANEOUS_DATA: "Corrupt JPEG data: N extraneous bytes before marker 0xXX".
        message.contains("extraneous bytes before marker")
    }

    /// The error a TurboJPEG message stands for.
    private static func error(for message: String, metadata: JPEGMetadata, stage: String) -> CodecError {
        let lowered = message.lowercased()
        // JWRN_JPEG_EOF and JWRN_HIT_MARKER: the data ran out (libjpeg pads with a fake EOI).
        if lowered.contains("premature end") || metadata.endsEarly {
            return .truncated("JPEG data (\(message))")
        }
        if lowered.contains("unsupported") {
            return .unsupported("\(stage): \(message)")
        }
        return .corrupt("\(stage): \(message)")
    }
}
