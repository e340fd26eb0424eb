/// Reads the orientation tag (274) from EXIF's TIFF structure, bounds-checked throughout.
///
/// Only IFD0 is read, where the tag lives, so next-IFD links are never followed and a cyclic IFD
/// chain cannot loop. Offsets pointing outside the given bytes make the tag unreadable, not a crash.
enum EXIFOrientationReader {
    /// The result of reading: the orientation when one was found, and what was wrong otherwise.
    struct Result: Equatable {
        var orientation: Orientation?
        var warning: String?
    }

    private static let orientationTag: UInt16 = 274

    /// Reads a TIFF header and IFD0 from `tiff` (which may start with `Exif\0\0`, as some PNG
    /// writers put in `eXIf`).
    static func read(tiff input: ArraySlice<UInt8>) -> Result {
        var tiff = input
        let exifPrefix: [UInt8] = [0x45, 0x78, 0x69, 0x66, 0, 0]
        if tiff.starts(with: exifPrefix) { tiff = tiff.dropFirst(6) }
        let bytes = Array(tiff)
        guard bytes.count >= 8 else { return Result(warning: "EXIF data too short for a TIFF header") }
        let littleEndian: Bool
        switch (bytes[0], bytes[1]) {
        case (0x49, 0x49): littleEndian = true
        case (0x4D, 0x4D): littleEndian = false
        default: return Result(warning: "EXIF data has no TIFF byte-order mark")
        }
        let reader = TIFFByteReader(bytes: bytes, littleEndian: littleEndian)
        guard reader.uint16(at: 2) == 42 else { return Result(warning: "EXIF data has a bad TIFF magic number") }
        guard let ifd = reader.uint32(at: 4).map(Int.init), let entryCount = reader.uint16(at: ifd) else {
            return Result(warning: "EXIF IFD0 lies outside the EXIF data")
        }
        for index in 0..<Int(entryCount) {
            let entry = ifd + 2 + index * 12
            guard let tag = reader.uint16(at: entry), let type = reader.uint16(at: entry + 2),
                  let count = reader.uint32(at: entry + 4)
            else {
                return Result(warning: "EXIF IFD0 runs past the end of the EXIF data")
            }
            guard tag == orientationTag else { continue }
            // SHORT is what the standard says; a few writers use LONG, which readers accept too.
            let value: Int?
            switch type {
            case 3 where count >= 1: value = reader.uint16(at: entry + 8).map(Int.init)
            case 4 where count >= 1: value = reader.uint32(at: entry + 8).map(Int.init)
            default: value = nil
            }
            guard let value else { return Result(warning: "EXIF orientation tag has type \(type), not SHORT") }
            guard let orientation = Orientation(rawValue: value) else {
                return Result(orientation: .up, warning: "EXIF orientation \(value) is not 1–8; reading the image as upright")
            }
            return Result(orientation: orientation)
        }
        return Result()
    }
}
