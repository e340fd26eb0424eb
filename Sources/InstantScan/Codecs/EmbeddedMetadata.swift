/// The metadata an image file carries beside its pixels that scans and albums use: its EXIF tags
/// and its stored pixel density (JFIF APP0 in a JPEG, `pHYs` in a PNG; a HEIF has none).
///
/// Read from the header alone, without decoding a pixel; anything malformed reads as absent.
struct EmbeddedMetadata {
    /// IFD0 and Exif IFD tags, when the file has EXIF.
    var exif: EXIFTagReader.Tags?
    /// Pixels per inch from JFIF (units inch or centimetre) or `pHYs` (unit metre); nil when the
    /// file stores only an aspect ratio or nothing.
    var density: (x: Double, y: Double)?

    /// Reads a JPEG's, PNG's or HEIF's header; empty metadata for anything else.
    init(reading data: [UInt8]) {
        switch ImageFormat(sniffing: data) {
        case .jpeg: self.init(jpeg: data)
        case .png: self.init(png: data)
        case .heif: self.init(heif: data)
        case nil: self.init()
        }
    }

    init() {}

    private init(jpeg data: [UInt8]) {
        for segment in JPEGMarkers.segments(in: data) {
            let payload = data[segment.payloadRange]
            switch segment.marker {
            case 0xE0 where payload.starts(with: [0x4A, 0x46, 0x49, 0x46, 0]) && payload.count >= 12 && density == nil:
                // JFIF: version (2), units (1), Xdensity (2), Ydensity (2).
                let p = payload.startIndex
                let units = payload[p + 7]
                let x = Double(Int(payload[p + 8]) << 8 | Int(payload[p + 9]))
                let y = Double(Int(payload[p + 10]) << 8 | Int(payload[p + 11]))
                guard x > 0, y > 0 else { break }
                if units == 1 { density = (x, y) } else if units == 2 { density = (x * 2.54, y * 2.54) }
            case 0xE1 where exif == nil && payload.starts(with: JPEGMarkers.exifSignature):
                exif = EXIFTagReader.read(tiff: payload)
            default:
                break
            }
        }
    }

    private init(heif data: [UInt8]) {
        // The primary image's EXIF block, through libheif (which reads only the boxes here).
        guard let tiff = try? HEIFContext.open(data, { $0.exifTIFF }) else { return }
        exif = EXIFTagReader.read(tiff: tiff[...])
    }

    private init(png data: [UInt8]) {
        // Walk the chunks before the image data: pHYs must come before IDAT, and libpng writes
        // eXIf there too (an eXIf after IDAT is not looked for: that would mean reading it all).
        var offset = 8
        while offset + 12 <= data.count {
            let length = Int(data[offset]) << 24 | Int(data[offset + 1]) << 16 | Int(data[offset + 2]) << 8 | Int(data[offset + 3])
            let type = String(decoding: data[offset + 4..<offset + 8], as: UTF8.self)
            let start = offset + 8
            guard length >= 0, length <= data.count - start - 4 else { return }
            let body = data[start..<start + length]
            switch type {
            case "IDAT", "IEND": return
            case "pHYs" where length == 9:
                let b = body.startIndex
                func be32(_ i: Int) -> Double {
                    Double(UInt32(data[i]) << 24 | UInt32(data[i + 1]) << 16 | UInt32(data[i + 2]) << 8 | UInt32(data[i + 3]))
                }
                let x = be32(b), y = be32(b + 4)
                if data[b + 8] == 1, x > 0, y > 0 { density = (x * 0.0254, y * 0.0254) }
            case "eXIf":
                exif = EXIFTagReader.read(tiff: body)
            default:
                break
            }
            offset = start + length + 4
        }
    }
}
