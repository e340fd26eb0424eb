// The whole JPEG read path: header facts and a decode (TurboJPEG behind our checks), at every DCT
// scale, under a 1-megapixel limit so that lying headers are refused rather than decoded.
@testable import InstantScan

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJPEGDecode(_ data: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let bytes = fuzzBytes(data, count)
    let limit = 1 << 20
    var headerSize: PixelSize?
    do {
        let info = try ImageReader.info(of: bytes)
        precondition(info.storedSize.width > 0 && info.storedSize.height > 0, "info gave an empty size")
        headerSize = info.storedSize
    } catch {
        expectDocumented(error, "JPEG info")
    }
    let scale = [1, 2, 4, 8][count & 3]
    do {
        let decoded = try ImageReader.decode(bytes, scaleDenominator: scale, maximumPixels: limit)
        let full = decoded.fullSize
        precondition(full.width * full.height <= limit, "decoded past the pixel limit")
        precondition(decoded.pixels.width == (full.width + scale - 1) / scale, "scaled width")
        precondition(decoded.pixels.height == (full.height + scale - 1) / scale, "scaled height")
        if let headerSize { precondition(headerSize == full, "info and decode disagree on the size") }
    } catch {
        expectDocumented(error, "JPEG decode")
    }
    return 0
}
