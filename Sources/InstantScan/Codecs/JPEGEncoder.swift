internal import CTurboJPEG

/// Encodes a ``PixelBuffer`` as JPEG with TurboJPEG, optionally embedding an ICC profile.
public enum JPEGEncoder {
    /// Encodes `image` (RGBA8, alpha ignored, or grey) as a baseline JPEG.
    ///
    /// At `quality` 90 and above the colour is kept at full resolution (4:4:4): that is where
    /// chroma subsampling becomes the largest visible loss. Below, 4:2:0 saves a third of the bytes.
    /// - Parameters:
    ///   - image: RGBA8 (alpha ignored) or grey pixels.
    ///   - quality: 1...100.
    ///   - iccProfile: profile bytes to embed as APP2 `ICC_PROFILE` segments right after SOI/APP0.
    ///   - exif: TIFF bytes to embed as an APP1 `Exif` segment, before the profile.
    ///   - pixelsPerInch: the physical resolution, written into JFIF's density (whole dots per inch).
    /// - Throws: ``CodecError/encodeFailed(_:)``.
    public static func encode(_ image: PixelBuffer, quality: Int = 92, iccProfile: [UInt8]? = nil,
                              exif: [UInt8]? = nil, pixelsPerInch: (x: Double, y: Double)? = nil) throws -> [UInt8] {
        guard (1...100).contains(quality) else {
            throw CodecError.encodeFailed("JPEG quality must be 1…100, not \(quality)")
        }
        // Split the profile first so an oversized one fails before the work of compressing.
        let segments = try applicationSegments(iccProfile: iccProfile, exif: exif)
        let subsampling: TJSAMP
        switch image.format {
        case .rgba8, .rgb8: subsampling = subsamples(quality: quality) ? TJSAMP_420 : TJSAMP_444
        case .gray8: subsampling = TJSAMP_GRAY
        }
        let handle = try TurboJPEGHandle.compressor()
        guard let jpeg = handle.compress(image, subsampling: subsampling, quality: quality, flags: TJFLAG_ACCURATEDCT),
              jpeg.count >= 4
        else {
            throw CodecError.encodeFailed("TurboJPEG: \(handle.errorMessage)")
        }
        return finish(jpeg, segments: segments, pixelsPerInch: pixelsPerInch)
    }

    /// Whether colour is subsampled 4:2:0 at `quality` (else kept 4:4:4).
    static func subsamples(quality: Int) -> Bool { quality < 90 }

    /// The EXIF segment, then the profile's, in the order they are written.
    static func applicationSegments(iccProfile: [UInt8]?, exif: [UInt8]?) throws -> [[UInt8]] {
        let iccSegments = try iccProfile.map { try JPEGMarkers.iccSegments(for: $0) } ?? []
        let exifSegment = try exif.map { try JPEGMarkers.exifSegment(for: $0) }
        return (exifSegment.map { [$0] } ?? []) + iccSegments
    }

    /// A compressed JPEG (JFIF APP0 first) with its density set and `segments` added: the last
    /// step of ``encode(_:quality:iccProfile:exif:pixelsPerInch:)``, also for a JPEG written row
    /// by row (``JPEGScanlineWriter``).
    static func finish(_ jpeg: [UInt8], segments: [[UInt8]], pixelsPerInch: (x: Double, y: Double)?) -> [UInt8] {
        var out = jpeg
        if let pixelsPerInch { setDensity(pixelsPerInch, in: &out) }
        return segments.isEmpty ? out : splice(segments, into: out)
    }

    /// Sets JFIF's density to `pixelsPerInch` (units 1, dots per inch) in the APP0 segment
    /// TurboJPEG writes first; JFIF stores whole numbers, so e.g. 564.4 becomes 564.
    static func setDensity(_ pixelsPerInch: (x: Double, y: Double), in jpeg: inout [UInt8]) {
        guard jpeg.count >= 18, jpeg[2] == 0xFF, jpeg[3] == 0xE0,
              jpeg[6...10].elementsEqual([0x4A, 0x46, 0x49, 0x46, 0]) else { return }
        let x = UInt16(min(max(pixelsPerInch.x.rounded(), 1), 65_535))
        let y = UInt16(min(max(pixelsPerInch.y.rounded(), 1), 65_535))
        jpeg[13] = 1
        jpeg[14] = UInt8(x >> 8); jpeg[15] = UInt8(x & 0xFF)
        jpeg[16] = UInt8(y >> 8); jpeg[17] = UInt8(y & 0xFF)
    }

    /// `jpeg` with `segments` inserted after SOI and, when present, the JFIF APP0 segment, where
    /// readers expect application segments.
    static func splice(_ segments: [[UInt8]], into jpeg: [UInt8]) -> [UInt8] {
        var insertAt = 2
        if jpeg.count >= 6, jpeg[2] == 0xFF, jpeg[3] == 0xE0 {
            let app0 = Int(jpeg[4]) << 8 | Int(jpeg[5])
            if 4 + app0 <= jpeg.count { insertAt = 4 + app0 }
        }
        var out: [UInt8] = []
        out.reserveCapacity(jpeg.count + segments.reduce(0) { $0 + $1.count })
        out += jpeg[0..<insertAt]
        for segment in segments { out += segment }
        out += jpeg[insertAt...]
        return out
    }
}
