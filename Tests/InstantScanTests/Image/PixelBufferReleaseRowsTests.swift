import Testing
@testable import InstantScan

@Suite struct PixelBufferReleaseRowsTests {
    /// A buffer big enough to span many pages, every byte set from its row and column.
    func patterned(width: Int = 1000, height: Int = 300, format: PixelFormat = .rgb8) throws -> PixelBuffer {
        let image = try PixelBuffer(width: width, height: height, format: format)
        image.withUnsafeMutableBytes { bytes in
            for y in 0..<height {
                for x in 0..<(width * format.bytesPerPixel) {
                    bytes[y * image.bytesPerRow + x] = UInt8(truncatingIfNeeded: y &* 31 &+ x)
                }
            }
        }
        return image
    }

    func rowIsIntact(_ image: PixelBuffer, _ y: Int) -> Bool {
        image.withUnsafeBytes { bytes in
            (0..<(image.width * image.format.bytesPerPixel)).allSatisfy {
                bytes[y * image.bytesPerRow + $0] == UInt8(truncatingIfNeeded: y &* 31 &+ $0)
            }
        }
    }

    @Test func keptRowsKeepTheirPixels() throws {
        let image = try patterned()
        image.releaseRows(keeping: 100..<180)
        for y in 100..<180 { #expect(rowIsIntact(image, y), "row \(y)") }
    }

    /// Whole pages well outside the kept rows are given back (read as 0 on Linux).
    @Test func releasedRowsAreGivenBack() throws {
        let image = try patterned()
        image.releaseRows(keeping: 100..<180)
        #if canImport(Glibc)
        let row = 20, middle = image.bytesPerRow / 2
        image.withUnsafeBytes { bytes in
            #expect(bytes[row * image.bytesPerRow + middle] == 0)
            #expect(bytes[250 * image.bytesPerRow + middle] == 0)
        }
        #endif
    }

    @Test(arguments: [0..<300, -5..<400, 299..<300, 0..<1, 150..<150])
    func anyRangeIsSafeAndKeepsItsRows(_ kept: Range<Int>) throws {
        let image = try patterned(format: .rgba8)
        image.releaseRows(keeping: kept)
        for y in max(0, kept.lowerBound)..<min(300, kept.upperBound) { #expect(rowIsIntact(image, y), "row \(y)") }
    }
}
