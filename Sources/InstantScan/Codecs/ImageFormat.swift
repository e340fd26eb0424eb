/// The file formats the library reads and writes.
public enum ImageFormat: String, Sendable, Equatable, CaseIterable {
    /// JPEG (JFIF or EXIF), baseline or progressive.
    case jpeg
    /// PNG, any bit depth and colour type.
    case png
    /// HEIF: HEIC (HEVC-coded, as iPhones save photos) or AVIF (AV1-coded). Read only.
    case heif

    /// The format whose signature starts `data`, or nil.
    ///
    /// A PNG is recognised by as much of its 8-byte signature as the data holds (at least 2
    /// bytes), so that a file cut inside its signature reads as a truncated PNG, not as garbage.
    /// A HEIF is recognised by the brands of its `ftyp` box (``HEIFFileType``), whatever the
    /// file is called.
    public init?(sniffing data: [UInt8]) {
        if data.count >= 2, data[0] == 0xFF, data[1] == 0xD8 {
            self = .jpeg
            return
        }
        let signature = ImageFormat.pngSignature
        let prefix = min(data.count, signature.count)
        if prefix >= 2, data[0..<prefix].elementsEqual(signature[0..<prefix]) {
            self = .png
            return
        }
        if HEIFFileType(sniffing: data) != nil {
            self = .heif
            return
        }
        return nil
    }

    /// The eight bytes every PNG starts with.
    static let pngSignature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
}
