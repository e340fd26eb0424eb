/// Reads the few EXIF tags InstantScan uses beyond orientation — the description, resolution,
/// software and capture date — from IFD0 and the Exif IFD, bounds-checked throughout.
///
/// Only IFD0 and the one Exif IFD it points to are visited (never the next-IFD chain), so a
/// hostile structure cannot loop, and at most 512 entries of each are looked at.
struct EXIFTagReader {
    /// What was found; nil for a tag that is absent or unreadable.
    struct Tags: Equatable {
        var imageDescription: String?
        var software: String?
        var xResolution: Double?
        var yResolution: Double?
        /// 1 none, 2 inch, 3 centimetre (TIFF's default is inch).
        var resolutionUnit: Int?
        var dateTime: String?
        var dateTimeOriginal: String?
        var offsetTimeOriginal: String?

        /// The capture date: DateTimeOriginal with its offset, else IFD0's DateTime.
        var captureDate: CaptureDate? {
            dateTimeOriginal.flatMap { CaptureDate(exif: $0, offset: offsetTimeOriginal) }
                ?? dateTime.flatMap { CaptureDate(exif: $0) }
        }

        /// Pixels per inch across and down, when the resolution is recorded in inches or centimetres.
        var pixelsPerInch: (x: Double, y: Double)? {
            guard let x = xResolution, let y = yResolution, x > 0, y > 0 else { return nil }
            switch resolutionUnit ?? 2 {
            case 2: return (x, y)
            case 3: return (x * 2.54, y * 2.54)
            default: return nil
            }
        }

        static func == (a: Tags, b: Tags) -> Bool {
            a.imageDescription == b.imageDescription && a.software == b.software && a.xResolution == b.xResolution
                && a.yResolution == b.yResolution && a.resolutionUnit == b.resolutionUnit && a.dateTime == b.dateTime
                && a.dateTimeOriginal == b.dateTimeOriginal && a.offsetTimeOriginal == b.offsetTimeOriginal
        }
    }

    private static let maximumEntries = 512

    /// Reads `tiff` (which may start with `Exif\0\0`); nil when it is not TIFF at all.
    static func read(tiff input: ArraySlice<UInt8>) -> Tags? {
        var tiff = input
        if tiff.starts(with: JPEGMarkers.exifSignature) { tiff = tiff.dropFirst(6) }
        let bytes = Array(tiff)
        guard bytes.count >= 8 else { return nil }
        let littleEndian: Bool
        switch (bytes[0], bytes[1]) {
        case (0x49, 0x49): littleEndian = true
        case (0x4D, 0x4D): littleEndian = false
        default: return nil
        }
        let reader = TIFFByteReader(bytes: bytes, littleEndian: littleEndian)
        guard reader.uint16(at: 2) == 42, let ifd0 = reader.uint32(at: 4).map(Int.init) else { return nil }
        var tags = Tags()
        var exifIFD: Int?
        visit(ifd0, reader) { tag, type, count, entry in
            switch tag {
            case 270: tags.imageDescription = ascii(type, count, entry, reader)
            case 305: tags.software = ascii(type, count, entry, reader)
            case 282: tags.xResolution = rational(type, entry, reader)
            case 283: tags.yResolution = rational(type, entry, reader)
            case 296: tags.resolutionUnit = type == 3 ? reader.uint16(at: entry + 8).map(Int.init) : nil
            case 306: tags.dateTime = ascii(type, count, entry, reader)
            case 34665 where type == 4 || type == 13: exifIFD = reader.uint32(at: entry + 8).map(Int.init)
            default: break
            }
        }
        if let exifIFD, exifIFD != ifd0 {
            visit(exifIFD, reader) { tag, type, count, entry in
                switch tag {
                case 36867: tags.dateTimeOriginal = ascii(type, count, entry, reader)
                case 36881: tags.offsetTimeOriginal = ascii(type, count, entry, reader)
                default: break
                }
            }
        }
        return tags
    }

    private static func visit(_ ifd: Int, _ reader: TIFFByteReader, _ body: (UInt16, UInt16, Int, Int) -> Void) {
        guard let count = reader.uint16(at: ifd) else { return }
        for index in 0..<min(Int(count), maximumEntries) {
            let entry = ifd + 2 + index * 12
            guard let tag = reader.uint16(at: entry), let type = reader.uint16(at: entry + 2),
                  let count = reader.uint32(at: entry + 4) else { return }
            body(tag, type, Int(count), entry)
        }
    }

    /// An ASCII value, inline (≤ 4 bytes) or at its offset, cut at the first NUL.
    private static func ascii(_ type: UInt16, _ count: Int, _ entry: Int, _ reader: TIFFByteReader) -> String? {
        guard type == 2, count >= 1, count <= 65_535 else { return nil }
        let start: Int
        if count <= 4 {
            start = entry + 8
        } else {
            guard let offset = reader.uint32(at: entry + 8) else { return nil }
            start = Int(offset)
        }
        guard start >= 0, start + count <= reader.bytes.count else { return nil }
        let raw = reader.bytes[start..<start + count].prefix { $0 != 0 }
        return String(decoding: raw, as: UTF8.self)
    }

    private static func rational(_ type: UInt16, _ entry: Int, _ reader: TIFFByteReader) -> Double? {
        guard type == 5, let offset = reader.uint32(at: entry + 8).map(Int.init),
              let numerator = reader.uint32(at: offset), let denominator = reader.uint32(at: offset + 4),
              denominator != 0 else { return nil }
        return Double(numerator) / Double(denominator)
    }
}
