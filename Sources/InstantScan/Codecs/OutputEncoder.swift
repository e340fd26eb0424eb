/// Encodes a scanned print as PNG or JPEG with its colour space declared.
///
/// sRGB PNGs carry the `sRGB` chunk; other spaces embed their ICC profile in `iCCP` (never both,
/// which would contradict itself for some readers). JPEGs always embed the profile in APP2, since
/// a JPEG without one is read as sRGB only by convention.
public struct OutputEncoder: Sendable {
    /// The container and its settings.
    public enum Format: Sendable, Equatable {
        /// PNG with a speed/size trade-off.
        case png(PNGEncoder.Compression)
        /// JPEG at a quality from 1 to 100.
        case jpeg(quality: Int)

        /// The usual file extension.
        public var fileExtension: String {
            switch self {
            case .png: return "png"
            case .jpeg: return "jpg"
            }
        }
    }

    /// What to write.
    public var format: Format

    /// Makes an encoder.
    public init(format: Format) {
        self.format = format
    }

    /// The encoded bytes of `print`, with its ``ScannedPrint/metadata``: format, resolution and
    /// capture date in EXIF, the resolution also in PNG `pHYs` / JFIF density.
    public func encode(_ print: ScannedPrint) throws -> [UInt8] {
        if let streamed = print.streamedJPEG {
            // The scan's pixels were never kept: only the JPEG it was streamed into can be written.
            guard format == .jpeg(quality: streamed.quality) else {
                throw CodecError.encodeFailed("this scan was streamed into a JPEG (quality \(streamed.quality)) and can only be written as one")
            }
            let metadata = print.metadata
            let segments = try JPEGEncoder.applicationSegments(iccProfile: print.profile.profile.iccData,
                                                               exif: metadata.exifBytes())
            return JPEGEncoder.finish(streamed.bytes, segments: segments,
                                      pixelsPerInch: metadata.pixelsPerInch.map { (x: $0.x, y: $0.y) })
        }
        guard let streamed = print.streamed else {
            return try encode(print.image, profile: print.profile, metadata: print.metadata)
        }
        // The scan's pixels were never kept: only the PNG it was streamed into can be written.
        guard format == .png(streamed.compression) else {
            throw CodecError.encodeFailed("this scan was streamed into a PNG (\(streamed.compression.rawValue)) and can only be written as one")
        }
        let metadata = print.metadata, srgb = print.profile == .srgb
        return try PNGEncoder.encode(size: streamed.size, streamed: streamed.bands,
                                     iccProfile: srgb ? nil : print.profile.profile.iccData,
                                     profileName: print.profile.profile.name, srgbIntent: srgb,
                                     compression: streamed.compression, exif: metadata.exifBytes(),
                                     pixelsPerInch: metadata.pixelsPerInch.map { (x: $0.x, y: $0.y) })
    }

    /// The encoded bytes of an image in `profile`'s colour space, with `metadata` when given.
    public func encode(_ image: PixelBuffer, profile: BuiltInProfile, metadata: ScanMetadata? = nil) throws -> [UInt8] {
        let exif = metadata?.exifBytes()
        let ppi = metadata?.pixelsPerInch.map { (x: $0.x, y: $0.y) }
        switch format {
        case let .png(compression):
            let srgb = profile == .srgb
            return try PNGEncoder.encode(image, iccProfile: srgb ? nil : profile.profile.iccData,
                                         profileName: profile.profile.name, srgbIntent: srgb,
                                         compression: compression, exif: exif, pixelsPerInch: ppi)
        case let .jpeg(quality):
            return try JPEGEncoder.encode(image, quality: quality, iccProfile: profile.profile.iccData,
                                          exif: exif, pixelsPerInch: ppi)
        }
    }
}
