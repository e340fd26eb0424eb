/// One scan made ready for a PDF page: its JPEG bytes for a `DCTDecode` image, the ICC profile
/// of its colour space, its size in pixels and on paper, and its capture date.
///
/// Only one exists at a time while an album is written: it is made, written and dropped.
struct AlbumImage {
    /// The scan's path, as given.
    var path: String
    /// Baseline or progressive JPEG bytes, 8-bit, three components.
    var jpeg: [UInt8]
    /// True when ``jpeg`` is the scan file itself (a JPEG scan needs no second compression).
    var isPassthrough: Bool
    var pixels: PixelSize
    /// An RGB ICC profile: the scan's own, else the built-in sRGB.
    var iccProfile: [UInt8]
    var size: PhysicalSize
    var metadata: ScanMetadata
    var warnings: [String]

    /// Reads, checks and (for PNG, or a JPEG that cannot go in as it is) compresses the scan at `path`.
    /// - Throws: ``PhotoFile/ReadError``, ``CodecError`` or ``ImageError`` for an unusable file.
    init(path: String, options: AlbumOptions) throws {
        self.path = path
        let data = try PhotoFile.read(path)
        // Decoding a JPEG that will go in unchanged still pays: a damaged file is refused here,
        // naming it, instead of showing as a grey page in someone's viewer.
        let decoded = try ImageReader.decode(data, maximumPixels: options.maximumPixels)
        warnings = decoded.warnings
        metadata = ScanMetadata(reading: data)
        pixels = decoded.orientation.uprightSize(stored: decoded.fullSize)
        size = PhysicalSize.resolve(pixels: pixels, metadata: metadata, dpi: options.pixelsPerInch, format: options.format)
        if let warning = size.warning { warnings.append(warning) }

        iccProfile = BuiltInProfile.srgb.profile.iccData
        if let embedded = decoded.iccProfile {
            // Only a profile lcms2 can parse and that describes RGB goes into the PDF: a broken one
            // would make viewers drop the image, a grey or CMYK one would not match /N 3.
            if (try? ColorProfile(iccData: embedded)) != nil, embedded.count >= 20, embedded[16..<20].elementsEqual(Array("RGB ".utf8)) {
                iccProfile = embedded
            } else {
                warnings.append("its ICC profile is not a usable RGB profile; shown as sRGB")
            }
        }

        if decoded.format == .jpeg, decoded.orientation == .up, Self.isPlainRGBJPEG(data) {
            jpeg = data
            isPassthrough = true
        } else {
            var image = decoded.pixels
            if decoded.orientation != .up { image = try image.applying(decoded.orientation) }
            Self.flattenOverWhite(image)
            jpeg = try JPEGEncoder.encode(image, quality: options.quality)
            isPassthrough = false
        }
    }

    /// True for a JPEG whose first frame is 8-bit with three components and has no Adobe APP14
    /// segment (whose colour transform flag PDF readers treat differently): a `DCTDecode` stream
    /// with an ICCBased RGB colour space shows it as any JPEG reader would.
    static func isPlainRGBJPEG(_ data: [UInt8]) -> Bool {
        for segment in JPEGMarkers.segments(in: data) {
            if segment.marker == 0xEE { return false }
            if segment.isStartOfFrame {
                guard segment.payloadLength >= 6 else { return false }
                let p = segment.payloadOffset
                // Baseline (C0), extended (C1) and progressive (C2) Huffman frames only.
                return (0xC0...0xC2).contains(segment.marker) && data[p] == 8 && data[p + 5] == 3
            }
        }
        return false
    }

    /// Composites any transparent pixels over white, in place: the album's paper is white, and a
    /// JPEG has no alpha (TurboJPEG would just drop it, showing whatever colour hid under alpha 0).
    static func flattenOverWhite(_ image: PixelBuffer) {
        guard image.format == .rgba8 else { return }
        let width = image.width, height = image.height, stride = image.bytesPerRow
        image.withUnsafeMutableBytes { raw in
            let bytes = raw.bindMemory(to: UInt8.self)
            for y in 0..<height {
                var i = y * stride
                for _ in 0..<width {
                    let alpha = Int(bytes[i + 3])
                    if alpha != 255 {
                        for c in 0..<3 {
                            bytes[i + c] = UInt8((Int(bytes[i + c]) * alpha + 255 * (255 - alpha) + 127) / 255)
                        }
                        bytes[i + 3] = 255
                    }
                    i += 4
                }
            }
        }
    }
}
