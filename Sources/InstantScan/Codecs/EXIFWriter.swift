/// Builds the small EXIF (TIFF) block a scan carries: what it is, at what resolution, and when
/// its photo was taken. The same bytes go into a PNG's `eXIf` chunk and, after `Exif\0\0`, a
/// JPEG's APP1 segment.
///
/// Little-endian TIFF; IFD0 holds ImageDescription, Orientation (always 1: scans are upright),
/// X/YResolution with ResolutionUnit inch, Software and the pointer to the Exif IFD, which holds
/// ExifVersion, DateTimeOriginal and, when known, OffsetTimeOriginal. Nothing else of the photo's
/// EXIF is copied (no GPS, no camera serial numbers): a scan is often shared.
struct EXIFWriter {
    var imageDescription: String?
    var software: String?
    /// Pixels per inch across and down.
    var resolution: (x: Double, y: Double)?
    var dateTimeOriginal: CaptureDate?

    /// TIFF field types used here.
    private enum FieldType: UInt16 {
        case ascii = 2, short = 3, long = 4, rational = 5, undefined = 7
    }

    private struct Entry {
        var tag: UInt16
        var type: FieldType
        var count: UInt32
        var value: [UInt8]  // the value's bytes, already in little-endian order
    }

    /// The TIFF bytes (starting `II*\0`).
    func tiff() -> [UInt8] {
        var ifd0: [Entry] = []
        if let imageDescription { ifd0.append(ascii(270, imageDescription)) }
        ifd0.append(Entry(tag: 274, type: .short, count: 1, value: le16(1) + [0, 0]))
        if let resolution {
            ifd0.append(Entry(tag: 282, type: .rational, count: 1, value: rational(resolution.x)))
            ifd0.append(Entry(tag: 283, type: .rational, count: 1, value: rational(resolution.y)))
            ifd0.append(Entry(tag: 296, type: .short, count: 1, value: le16(2) + [0, 0]))
        }
        if let software { ifd0.append(ascii(305, software)) }
        var exifIFD: [Entry] = [Entry(tag: 36864, type: .undefined, count: 4, value: Array("0232".utf8))]
        if let date = dateTimeOriginal {
            exifIFD.append(ascii(36867, date.exifString))
            if let offset = date.exifOffsetString { exifIFD.append(ascii(36881, offset)) }
        }
        // IFD0's last entry points at the Exif IFD; its offset is known once IFD0 is laid out.
        ifd0.append(Entry(tag: 34665, type: .long, count: 1, value: le32(0)))

        var out: [UInt8] = [0x49, 0x49, 42, 0] + le32(8)
        let exifOffset = layOut(ifd0, at: 8, into: &out, exifPointerIndex: ifd0.count - 1)
        _ = layOut(exifIFD, at: exifOffset, into: &out, exifPointerIndex: nil)
        return out
    }

    /// Appends one IFD and its out-of-line values at `start` (== out.count); returns where the
    /// next IFD may begin. The pointer entry, when given, is patched to that position.
    private func layOut(_ entries: [Entry], at start: Int, into out: inout [UInt8], exifPointerIndex: Int?) -> Int {
        precondition(out.count == start)
        let tableLength = 2 + entries.count * 12 + 4
        var dataOffset = start + tableLength
        var data: [UInt8] = []
        out += le16(UInt16(entries.count))
        var pointerPosition: Int?
        for (index, entry) in entries.enumerated() {
            out += le16(entry.tag) + le16(entry.type.rawValue) + le32(entry.count)
            if index == exifPointerIndex { pointerPosition = out.count }
            if entry.value.count <= 4 {
                out += entry.value + [UInt8](repeating: 0, count: 4 - entry.value.count)
            } else {
                out += le32(UInt32(dataOffset))
                data += entry.value
                dataOffset += entry.value.count
                // Values start on word boundaries (TIFF 6.0).
                if entry.value.count % 2 == 1 { data.append(0); dataOffset += 1 }
            }
        }
        out += le32(0)  // no next IFD
        out += data
        if let pointerPosition {
            let next = le32(UInt32(out.count))
            out.replaceSubrange(pointerPosition..<pointerPosition + 4, with: next)
        }
        return out.count
    }

    private func ascii(_ tag: UInt16, _ text: String) -> Entry {
        // EXIF ASCII is 7-bit; anything else becomes '?' rather than invalid bytes.
        let bytes = text.unicodeScalars.map { $0.isASCII && $0.value >= 32 ? UInt8($0.value) : UInt8(ascii: "?") } + [0]
        return Entry(tag: tag, type: .ascii, count: UInt32(bytes.count), value: bytes)
    }

    private func rational(_ value: Double) -> [UInt8] {
        // Four decimals are far finer than any pixel pitch; the numerator stays within 32 bits.
        let denominator: UInt32 = 10_000
        let numerator = UInt32(min(max(value, 0) * Double(denominator), Double(UInt32.max)).rounded())
        return le32(numerator) + le32(denominator)
    }

    private func le16(_ value: UInt16) -> [UInt8] { [UInt8(value & 0xFF), UInt8(value >> 8)] }
    private func le32(_ value: UInt32) -> [UInt8] { (0..<4).map { UInt8((value >> (8 * $0)) & 0xFF) } }
}
