// The whole HEIF read path through libheif: the ftyp sniff, the header (size, ICC, nclx), EXIF as
// scans and albums read it, then the primary image decoded and converted to RGB8, under a
// 1-megapixel limit.
@testable import InstantScan

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzHEIFDecode(_ data: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let bytes = fuzzBytes(data, count)
    let limit = 1 << 20
    if let date = EmbeddedMetadata(reading: bytes).exif?.captureDate {
        precondition(CaptureDate(exif: date.exifString) != nil, "a capture date that does not print back")
    }
    var headerSize: PixelSize?
    do {
        let info = try ImageReader.info(of: bytes)
        headerSize = info.storedSize
        if let profile = info.iccProfile { precondition(profile.count <= ColorProfile.maximumByteCount, "oversized profile") }
    } catch {
        expectDocumented(error, "HEIF info")
    }
    do {
        let decoded = try ImageReader.decodeOpaque(bytes, maximumPixels: limit)
        precondition(decoded.pixels.width * decoded.pixels.height <= limit, "decoded past the pixel limit")
        if let headerSize { precondition(headerSize == decoded.pixels.size, "info and decode disagree on the size") }
    } catch {
        expectDocumented(error, "HEIF decode")
    }
    return 0
}
