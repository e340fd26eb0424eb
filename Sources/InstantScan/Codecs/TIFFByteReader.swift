/// Reads TIFF integers in either byte order; nil for anything outside the bytes.
struct TIFFByteReader {
    let bytes: [UInt8]
    let littleEndian: Bool

    func uint16(at offset: Int) -> UInt16? {
        guard offset >= 0, offset <= bytes.count - 2 else { return nil }
        let a = UInt16(bytes[offset]), b = UInt16(bytes[offset + 1])
        return littleEndian ? a | b << 8 : a << 8 | b
    }

    func uint32(at offset: Int) -> UInt32? {
        guard let first = uint16(at: offset), let second = uint16(at: offset + 2) else { return nil }
        return littleEndian ? UInt32(first) | UInt32(second) << 16 : UInt32(first) << 16 | UInt32(second)
    }
}
