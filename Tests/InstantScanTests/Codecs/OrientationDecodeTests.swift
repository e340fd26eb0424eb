import Testing
@testable import InstantScan

/// Each EXIF orientation, read from JPEG (both TIFF byte orders) and PNG `eXIf`, and applied by
/// `PixelBuffer.applying(_:)`, gives back the upright picture. The stored images are made from
/// the TIFF definitions of the tag, so this checks Orientation.swift too.
extension Codecs {
    @Suite struct OrientationDecode {
        /// Upright: wider than tall, so quarter turns show in the size.
        private static let upright = PixelSize(width: 24, height: 16)

        /// The colour at the centre of each quadrant, top-left, top-right, bottom-left, bottom-right.
        private func quadrantCentres(_ image: PixelBuffer) -> [[UInt8]] {
            let w = image.width, h = image.height
            return [(w / 4, h / 4), (3 * w / 4, h / 4), (w / 4, 3 * h / 4), (3 * w / 4, 3 * h / 4)].map { image[$0.0, $0.1] }
        }

        private func close(_ a: [UInt8], _ b: [UInt8], tolerance: Int) -> Bool {
            zip(a, b).allSatisfy { abs(Int($0) - Int($1)) <= tolerance }
        }

        @Test(arguments: Orientation.allCases, [true, false])
        func jpegEXIFOrientation(orientation: Orientation, littleEndian: Bool) throws {
            let upright = try CodecFixtures.quadrants(width: Self.upright.width, height: Self.upright.height)
            let stored = try CodecFixtures.stored(upright, for: orientation.rawValue)
            let plain = try JPEGEncoder.encode(stored, quality: 98)
            let exif = CodecFixtures.exifSegment(orientation: orientation.rawValue, littleEndian: littleEndian)
            let jpeg = CodecFixtures.inserting([exif], into: plain)

            let info = try ImageReader.info(of: jpeg)
            #expect(info.orientation == orientation)
            #expect(info.storedSize == stored.size)
            #expect(info.uprightSize == Self.upright)
            #expect(info.warnings.isEmpty)

            let decoded = try ImageReader.decode(jpeg)
            #expect(decoded.orientation == orientation)
            #expect(decoded.pixels.size == stored.size, "pixels stay in stored orientation")
            let turned = try decoded.pixels.applying(decoded.orientation)
            #expect(turned.size == Self.upright)
            for (seen, expected) in zip(quadrantCentres(turned), CodecFixtures.quadrantColors) {
                #expect(close(seen, expected, tolerance: 12), "\(seen) should be \(expected)")
            }
        }

        @Test(arguments: Orientation.allCases)
        func pngEXIfOrientationIsExact(orientation: Orientation) throws {
            let upright = try CodecFixtures.quadrants(width: Self.upright.width, height: Self.upright.height)
            let stored = try CodecFixtures.stored(upright, for: orientation.rawValue)
            var writer = PNGWriter(width: stored.width, height: stored.height, colorType: .rgba)
            writer.exif = CodecFixtures.tiff(orientation: orientation.rawValue, littleEndian: orientation.rawValue % 2 == 0)
            let decoded = try ImageReader.decode(writer.write(packed: stored.packedBytes()))
            #expect(decoded.orientation == orientation)
            #expect(CodecFixtures.samePixels(decoded.pixels, stored))
            #expect(CodecFixtures.samePixels(try decoded.pixels.applying(orientation), upright))
        }

        @Test func orientationMapsAgreeWithApplying() throws {
            // uprightToStored must send each upright pixel to where applying(_:) read it from.
            let upright = try CodecFixtures.photoLike(width: 9, height: 5)
            for orientation in Orientation.allCases {
                let stored = try CodecFixtures.stored(upright, for: orientation.rawValue)
                let map = orientation.uprightToStored(stored: stored.size)
                for (x, y) in [(0, 0), (8, 0), (0, 4), (8, 4), (3, 2)] {
                    let p = map.apply(Point(Double(x), Double(y)))
                    #expect(stored[Int(p.x.rounded()), Int(p.y.rounded())] == upright[x, y], "\(orientation) at (\(x), \(y))")
                }
            }
        }

        @Test func noEXIFMeansUp() throws {
            let jpeg = try JPEGEncoder.encode(CodecFixtures.photoLike(width: 8, height: 8))
            #expect(try ImageReader.info(of: jpeg).orientation == .up)
        }
    }
}
