// EXIF's TIFF structure read for the orientation tag (JPEG APP1 payloads and PNG eXIf chunks), and
// for the tags scans and albums use (description, resolution, capture date).
@testable import InstantScan

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzEXIF(_ data: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let bytes = fuzzBytes(data, count)
    let result = EXIFOrientationReader.read(tiff: bytes[...])
    // An orientation with a warning is only ever the "unknown value, read as upright" fallback.
    if result.warning != nil, let orientation = result.orientation {
        precondition(orientation == .up, "a warning beside a real orientation")
    }
    // The tag reader visits IFD0 and the Exif IFD only: whatever it finds must be usable as is.
    if let tags = EXIFTagReader.read(tiff: bytes[...]) {
        if let date = tags.captureDate { precondition(CaptureDate(exif: date.exifString) != nil, "a capture date that does not print back") }
        if let ppi = tags.pixelsPerInch { precondition(ppi.x > 0 && ppi.y > 0 && ppi.x.isFinite && ppi.y.isFinite, "resolution") }
    }
    // The same bytes behind an Exif APP1 marker read the same way through the marker walk.
    if bytes.count <= 65_533 - 6 {
        let length = bytes.count + 8
        let segment: [UInt8] = [0xFF, 0xE1, UInt8(length >> 8), UInt8(length & 0xFF)] + JPEGMarkers.exifSignature + bytes
        let metadata = JPEGMarkers.metadata(in: [0xFF, 0xD8] + segment + [0xFF, 0xD9])
        _ = EmbeddedMetadata(reading: [0xFF, 0xD8] + segment + [0xFF, 0xD9])
        if !bytes.starts(with: JPEGMarkers.exifSignature) {
            precondition(metadata.orientation == (result.orientation ?? .up), "the marker walk reads another orientation")
        }
    }
    return 0
}
