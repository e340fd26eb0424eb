import Testing
@testable import InstantScan

extension Codecs {
    @Suite struct JPEGMarkerWalk {
        @Test func segmentsOfAnEncodedJPEG() throws {
            let jpeg = try JPEGEncoder.encode(CodecFixtures.photoLike(width: 20, height: 10))
            let markers = JPEGMarkers.segments(in: jpeg).map(\.marker)
            #expect(markers.first == 0xE0 && markers.last == 0xDA)
            #expect(markers.contains(0xDB) && markers.contains(0xC4) && markers.contains(0xC0))
            let metadata = JPEGMarkers.metadata(in: jpeg)
            #expect(metadata.frameSize == PixelSize(width: 20, height: 10))
            #expect(metadata.reachedScan && !metadata.endsEarly && metadata.warnings.isEmpty)
        }

        @Test func notAJPEGHasNoSegments() {
            #expect(JPEGMarkers.segments(in: [0x89, 0x50, 0x4E, 0x47]).isEmpty)
            #expect(JPEGMarkers.segments(in: []).isEmpty)
        }

        @Test func aSegmentRunningPastTheEndStopsTheWalk() {
            let data: [UInt8] = [0xFF, 0xD8, 0xFF, 0xE1, 0x40, 0x00, 0x45, 0x78]
            let metadata = JPEGMarkers.metadata(in: data)
            #expect(metadata.endsEarly && !metadata.reachedScan)
            #expect(JPEGMarkers.segments(in: data).isEmpty)
        }

        @Test func theFirstExifSegmentWins() throws {
            let plain = try JPEGEncoder.encode(CodecFixtures.photoLike(width: 8, height: 8))
            let jpeg = CodecFixtures.inserting([CodecFixtures.exifSegment(orientation: 8, littleEndian: false),
                                                CodecFixtures.exifSegment(orientation: 3, littleEndian: true)], into: plain)
            #expect(JPEGMarkers.metadata(in: jpeg).orientation == .left)
        }

        @Test func hostileEXIFIsIgnoredSafely() {
            let good = CodecFixtures.tiff(orientation: 6, littleEndian: true)
            #expect(EXIFOrientationReader.read(tiff: good[...]) == .init(orientation: .right))
            #expect(EXIFOrientationReader.read(tiff: ([0x45, 0x78, 0x69, 0x66, 0, 0] + good)[...]).orientation == .right)

            var farIFD = good
            farIFD[4] = 0xF0  // IFD0 offset beyond the data
            let cutEntries = Array(good[0..<24])  // the orientation entry is cut off
            var badType = good
            badType[8 + 2 + 12 + 2] = 2  // orientation stored as ASCII
            var badValue = good
            badValue[8 + 2 + 12 + 8] = 9
            var badMagic = good
            badMagic[2] = 43
            var negativeOffset = good
            negativeOffset[7] = 0xFF  // 0xFF000008: far outside, and negative as Int32

            for (name, tiff) in [("far IFD", farIFD), ("cut entries", cutEntries), ("bad type", badType),
                                 ("bad magic", badMagic), ("huge offset", negativeOffset), ("short", Array(good[0..<6])),
                                 ("no byte order", [0x41, 0x41] + Array(good[2...]))] {
                let result = EXIFOrientationReader.read(tiff: tiff[...])
                #expect(result.orientation == nil, "\(name)")
                #expect(result.warning != nil, "\(name)")
            }
            let nine = EXIFOrientationReader.read(tiff: badValue[...])
            #expect(nine.orientation == .up && nine.warning != nil)
        }

        @Test func aCyclicIFDChainCannotLoop() {
            // IFD0 without the orientation tag whose next-IFD link points back at itself.
            var tiff: [UInt8] = [0x49, 0x49, 42, 0, 8, 0, 0, 0, 1, 0]
            tiff += [0x0F, 0x01, 2, 0, 4, 0, 0, 0, 0x61, 0x62, 0x63, 0]
            tiff += [8, 0, 0, 0]
            #expect(EXIFOrientationReader.read(tiff: tiff[...]) == .init(orientation: nil, warning: nil))
        }

        @Test func exifWarningsReachTheDecodedImage() throws {
            let plain = try JPEGEncoder.encode(CodecFixtures.photoLike(width: 8, height: 8))
            var exif = CodecFixtures.exifSegment(orientation: 6, littleEndian: true)
            exif[4 + 6 + 4] = 0xF0  // IFD0 offset outside
            let decoded = try ImageReader.decode(CodecFixtures.inserting([exif], into: plain))
            #expect(decoded.orientation == .up)
            #expect(decoded.warnings == ["EXIF IFD0 lies outside the EXIF data"])
        }
    }
}
