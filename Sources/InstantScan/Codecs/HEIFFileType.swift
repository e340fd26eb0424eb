/// What the `ftyp` box at the start of an ISO base media file says it is: a HEIF image (HEVC or
/// AV1 coded) or not.
///
/// The brands decide, never the file name: phones and apps save HEIC as `.heic`, `.heif`, `.hif`,
/// and sometimes `.jpg`. Movies (`qt  `, `isom`, `mp42`) share the box but carry none of these
/// brands.
struct HEIFFileType: Equatable {
    /// The major brand and the compatible brands, as four-character codes.
    var brands: [String]

    /// Brands of HEIF still images: HEVC (`heic`, `heix`, `hevc`, `hevx`, the image-sequence
    /// `heis`/`hevs` and multi-layer `heim`/`hevm`), AV1 (`avif`, `avis`) and the generic HEIF
    /// structure brands (`mif1`, `msf1`, `mif2`).
    static let imageBrands: Set<String> = [
        "heic", "heix", "hevc", "hevx", "heim", "heis", "hevm", "hevs", "avif", "avis", "mif1", "mif2", "msf1",
    ]

    /// True when a brand says AV1 (for naming the decoder a file needs).
    var isAVIF: Bool { brands.contains("avif") || brands.contains("avis") }

    /// Reads the `ftyp` box; nil unless it names a HEIF image brand.
    ///
    /// A file cut inside the box is still recognised by the brands it holds, so that it reads as
    /// a truncated HEIF rather than as something unknown.
    init?(sniffing data: [UInt8]) {
        guard data.count >= 12, data[4] == 0x66, data[5] == 0x74, data[6] == 0x79, data[7] == 0x70 else { return nil }
        let size = Int(data[0]) << 24 | Int(data[1]) << 16 | Int(data[2]) << 8 | Int(data[3])
        // A box size of 1 means a 64-bit size follows: not what any image writer does for ftyp.
        guard size == 0 || size >= 16, size <= 4096 else { return nil }
        let end = min(size == 0 ? data.count : size, data.count)
        var brands = [Self.fourCC(data, at: 8)]
        var offset = 16
        while offset + 4 <= end {
            brands.append(Self.fourCC(data, at: offset))
            offset += 4
        }
        guard brands.contains(where: Self.imageBrands.contains) else { return nil }
        self.brands = brands
    }

    private static func fourCC(_ data: [UInt8], at offset: Int) -> String {
        String(decoding: data[offset..<offset + 4], as: UTF8.self)
    }
}
