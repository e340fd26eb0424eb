/// Walks the marker segments of a JPEG header safely and reads what the pipeline needs from them:
/// the EXIF orientation (APP1 `Exif`) and the ICC profile (APP2 `ICC_PROFILE`, possibly split over
/// many segments).
///
/// Every read is bounds-checked: hostile bytes give warnings and missing facts, never a crash.
/// The walk stops at the first scan (SOS), after which only entropy-coded data follows.
package enum JPEGMarkers {
    /// The header segments up to and including the first SOS, in file order; empty when `data`
    /// does not start with SOI. A segment whose length runs past the data ends the walk.
    package static func segments(in data: [UInt8]) -> [JPEGSegment] {
        walk(data).segments
    }

    /// Orientation, ICC profile, frame size and structural warnings from a JPEG's header.
    package static func metadata(in data: [UInt8]) -> JPEGMetadata {
        let walk = walk(data)
        var metadata = JPEGMetadata()
        metadata.reachedScan = walk.reachedScan
        metadata.endsEarly = walk.endsEarly
        metadata.warnings = walk.warnings
        var assembler = ICCProfileAssembler()
        var exifSeen = false
        for segment in walk.segments {
            let payload = data[segment.payloadRange]
            switch segment.marker {
            case 0xE1 where !exifSeen && payload.starts(with: exifSignature):
                // The first Exif segment is the one that counts; a second one is usually a copy.
                exifSeen = true
                let result = EXIFOrientationReader.read(tiff: payload.dropFirst(exifSignature.count))
                if let orientation = result.orientation {
                    metadata.orientation = orientation
                    metadata.hasEXIFOrientation = true
                }
                if let warning = result.warning { metadata.warnings.append(warning) }
            case 0xE2 where ICCProfileAssembler.isICCChunk(payload):
                assembler.add(payload: payload)
            case _ where segment.isStartOfFrame && metadata.frameSize == nil:
                if segment.payloadLength >= 6 {
                    let p = segment.payloadOffset
                    let height = Int(data[p + 1]) << 8 | Int(data[p + 2])
                    let width = Int(data[p + 3]) << 8 | Int(data[p + 4])
                    metadata.frameSize = PixelSize(width: width, height: height)
                } else {
                    metadata.warnings.append("JPEG frame header (SOF) is too short")
                }
            default:
                break
            }
        }
        let (profile, warning) = assembler.assemble()
        metadata.iccProfile = profile
        if let warning { metadata.warnings.append(warning) }
        return metadata
    }

    /// APP2 segments (marker, length and payload) that carry `profile`, ready to splice into a JPEG.
    /// - Throws: ``CodecError/encodeFailed(_:)`` for an empty profile or one too big for 255 chunks.
    package static func iccSegments(for profile: [UInt8]) throws -> [[UInt8]] {
        let chunkLength = ICCProfileAssembler.maximumChunkLength
        let count = (profile.count + chunkLength - 1) / chunkLength
        guard count >= 1 else { throw CodecError.encodeFailed("the ICC profile is empty") }
        guard count <= 255 else {
            throw CodecError.encodeFailed("the ICC profile (\(profile.count) bytes) is too big for a JPEG")
        }
        return (0..<count).map { index in
            let start = index * chunkLength
            let piece = profile[start..<min(start + chunkLength, profile.count)]
            let length = 2 + ICCProfileAssembler.signature.count + 2 + piece.count
            var segment: [UInt8] = [0xFF, 0xE2, UInt8(length >> 8), UInt8(length & 0xFF)]
            segment.reserveCapacity(2 + length)
            segment += ICCProfileAssembler.signature
            segment += [UInt8(index + 1), UInt8(count)]
            segment += piece
            return segment
        }
    }

    /// An APP1 segment (marker, length and payload) carrying the EXIF (TIFF) bytes `tiff`.
    /// - Throws: ``CodecError/encodeFailed(_:)`` when it does not fit in one segment (64 KiB).
    package static func exifSegment(for tiff: [UInt8]) throws -> [UInt8] {
        let length = 2 + exifSignature.count + tiff.count
        guard length <= 0xFFFF else { throw CodecError.encodeFailed("the EXIF data (\(tiff.count) bytes) is too big for a JPEG") }
        return [0xFF, 0xE1, UInt8(length >> 8), UInt8(length & 0xFF)] + exifSignature + tiff
    }

    /// `Exif\0\0`, which starts an EXIF APP1 payload.
    static let exifSignature: [UInt8] = [0x45, 0x78, 0x69, 0x66, 0, 0]

    /// The result of walking the header.
    struct Walk {
        var segments: [JPEGSegment] = []
        var warnings: [String] = []
        var reachedScan = false
        var endsEarly = false
    }

    /// Two upper-case hex digits, for naming markers in messages.
    private static func hex(_ byte: UInt8) -> String {
        let digits = String(byte, radix: 16, uppercase: true)
        return digits.count == 1 ? "0" + digits : digits
    }

    /// Walks from SOI to the first SOS, EOI or the first malformed marker.
    static func walk(_ data: [UInt8]) -> Walk {
        var result = Walk()
        guard data.count >= 2, data[0] == 0xFF, data[1] == 0xD8 else { return result }
        var index = 2
        while true {
            guard index < data.count else {
                result.endsEarly = true
                result.warnings.append("JPEG header ends before the image data")
                return result
            }
            if data[index] != 0xFF {
                // libjpeg skips stray bytes up to the next marker (with a warning); so do we, so
                // that both read the same segments.
                let start = index
                while index < data.count, data[index] != 0xFF { index += 1 }
                result.warnings.append("JPEG header has \(index - start) stray bytes at offset \(start)")
                continue
            }
            // Any number of 0xFF fill bytes may precede a marker.
            while index < data.count, data[index] == 0xFF { index += 1 }
            guard index < data.count else {
                result.endsEarly = true
                result.warnings.append("JPEG header ends inside a marker")
                return result
            }
            let marker = data[index]
            index += 1
            switch marker {
            case 0x01, 0xD0...0xD7:
                continue  // stand-alone markers carry no length
            case 0xD9:
                result.warnings.append("JPEG ends (EOI) before any image data")
                return result
            case 0xD8, 0x00:
                result.warnings.append("unexpected JPEG marker 0xFF" + hex(marker))
                return result
            default:
                break
            }
            guard index + 2 <= data.count else {
                result.endsEarly = true
                result.warnings.append("JPEG header ends inside a segment length")
                return result
            }
            let length = Int(data[index]) << 8 | Int(data[index + 1])
            guard length >= 2 else {
                result.warnings.append("JPEG segment with an invalid length after marker 0xFF" + hex(marker))
                return result
            }
            guard index + length <= data.count else {
                result.endsEarly = true
                result.warnings.append("JPEG header ends inside the segment of marker 0xFF" + hex(marker))
                return result
            }
            result.segments.append(JPEGSegment(marker: marker, payloadOffset: index + 2, payloadLength: length - 2))
            index += length
            if marker == 0xDA {
                result.reachedScan = true
                return result
            }
        }
    }
}
