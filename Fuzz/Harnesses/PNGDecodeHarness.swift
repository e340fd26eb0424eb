// The whole PNG read path through the C shim: header (iCCP, sRGB, eXIf), then every pixel as
// RGBA8, under a 1-megapixel limit; and the album's own walk of the chunks before IDAT.
@testable import InstantScan

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPNGDecode(_ data: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let bytes = fuzzBytes(data, count)
    let limit = 1 << 20
    // What albums read of a scan: the chunks before IDAT (pHYs, eXIf), walked without libpng.
    if let density = EmbeddedMetadata(reading: bytes).density {
        precondition(density.x > 0 && density.y > 0, "a density that is not positive")
    }
    var headerSize: PixelSize?
    do {
        let info = try ImageReader.info(of: bytes)
        headerSize = info.storedSize
        if let profile = info.iccProfile { precondition(profile.count <= ColorProfile.maximumByteCount, "oversized iCCP") }
    } catch {
        expectDocumented(error, "PNG info")
    }
    do {
        let decoded = try ImageReader.decode(bytes, maximumPixels: limit)
        precondition(decoded.pixels.width * decoded.pixels.height <= limit, "decoded past the pixel limit")
        if let headerSize { precondition(headerSize == decoded.pixels.size, "info and decode disagree on the size") }
    } catch {
        expectDocumented(error, "PNG decode")
    }
    return 0
}
