import Testing
@testable import InstantScan

/// A PNG whose compressed image data runs on far past its rows (issue 15, item 5): decoding stops
/// reading once every row is complete instead of inflating the rest.
@Suite struct PNGExcessDataTests {
    /// A 64×64 PNG carrying the compressed rows of a 64×`rows` noise image: IHDR says 64 rows,
    /// the image data holds `rows`.
    static func pngWithHiddenRows(_ rows: Int) throws -> (png: [UInt8], image: PixelBuffer) {
        let image = try PixelBuffer(width: 64, height: rows)
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        for y in 0..<rows {
            let row = image.rowPointer(y)
            for x in 0..<64 {
                for c in 0..<3 {
                    state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                    row[4 * x + c] = UInt8(truncatingIfNeeded: state >> 56)
                }
                row[4 * x + 3] = 255
            }
        }
        var png = try OutputEncoder(format: .png(.fast)).encode(image, profile: .srgb)
        #expect(Array(png[12..<16]) == Array("IHDR".utf8))
        png.replaceSubrange(20..<24, with: [0, 0, 0, 64])
        let crc = crc32(png[12..<29])
        png.replaceSubrange(29..<33, with: [UInt8(crc >> 24), UInt8(crc >> 16 & 0xFF), UInt8(crc >> 8 & 0xFF), UInt8(crc & 0xFF)])
        return (png, image)
    }

    static func crc32(_ bytes: ArraySlice<UInt8>) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }

    @Test func decodingStopsReadingOnceTheRowsAreComplete() throws {
        let (png, image) = try Self.pngWithHiddenRows(8192)
        #expect(png.count > 1_500_000, "noise does not compress: \(png.count) bytes")
        let bytesRead = try PNGReadSession.withSession(png) { session in
            let header = try session.readHeader()
            #expect(header.size == PixelSize(width: 64, height: 64))
            let pixels = try PixelBuffer(width: 64, height: 64)
            _ = try session.readPixels(into: pixels)
            for y in 0..<64 {
                for i in 0..<(64 * 4) where pixels.rowPointer(y)[i] != image.rowPointer(y)[i] {
                    Issue.record("row \(y) byte \(i) differs")
                    return session.bytesRead
                }
            }
            return session.bytesRead
        }
        #expect(bytesRead < 200_000, "read \(bytesRead) of \(png.count) bytes")
        let decoded = try ImageReader.decode(png)
        #expect(decoded.pixels.size == PixelSize(width: 64, height: 64))
        #expect(decoded.warnings.contains { $0.contains("more image data") }, "\(decoded.warnings)")
    }
}
