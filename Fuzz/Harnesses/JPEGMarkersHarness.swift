// The JPEG marker walk: segments, EXIF orientation (APP1), ICC reassembly (APP2), frame size.
@testable import InstantScan

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJPEGMarkers(_ data: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let bytes = fuzzBytes(data, count)
    let walk = JPEGMarkers.walk(bytes)
    var previousEnd = 2
    for segment in walk.segments {
        // Every segment lies inside the data, after the previous one, in file order.
        precondition(segment.payloadOffset >= previousEnd + 4, "segment before its marker")
        precondition(segment.payloadLength >= 0 && segment.payloadRange.upperBound <= bytes.count, "segment outside the data")
        previousEnd = segment.payloadRange.upperBound
    }
    precondition(!walk.reachedScan || walk.segments.last?.marker == 0xDA, "reached a scan without an SOS segment")

    let metadata = JPEGMarkers.metadata(in: bytes)
    // What albums read of a scan: JFIF density and EXIF tags, from the same walk.
    if let density = EmbeddedMetadata(reading: bytes).density {
        precondition(density.x > 0 && density.y > 0, "a density that is not positive")
    }
    precondition(metadata.orientation == .up || metadata.hasEXIFOrientation, "orientation without EXIF")
    if let size = metadata.frameSize {
        precondition((0...65_535).contains(size.width) && (0...65_535).contains(size.height), "frame size out of 16 bits")
    }
    if let profile = metadata.iccProfile {
        // A reassembled profile splits back into segments that reassemble to the same bytes.
        precondition(!profile.isEmpty && profile.count <= 255 * ICCProfileAssembler.maximumChunkLength, "profile size")
        let segments = try! JPEGMarkers.iccSegments(for: profile)
        let again = JPEGMarkers.metadata(in: [0xFF, 0xD8] + segments.joined() + [0xFF, 0xD9])
        precondition(again.iccProfile == profile, "ICC profile does not survive a round trip")
    }
    return 0
}
