import Testing
@testable import InstantScan

@Suite struct OrientationTests {
    /// A 3×2 image whose pixels are numbered 0...5 row by row in the red channel.
    func numbered() throws -> PixelBuffer {
        try PixelBuffer(width: 3, height: 2, format: .rgba8, packed: (0..<6).flatMap { [UInt8($0), 0, 0, 255] })
    }

    /// What a viewer shows for each EXIF value, row by row, of the stored image
    ///     0 1 2
    ///     3 4 5
    static let expected: [Orientation: [[UInt8]]] = [
        .up: [[0, 1, 2], [3, 4, 5]],
        .upMirrored: [[2, 1, 0], [5, 4, 3]],
        .down: [[5, 4, 3], [2, 1, 0]],
        .downMirrored: [[3, 4, 5], [0, 1, 2]],
        .leftMirrored: [[0, 3], [1, 4], [2, 5]],
        .right: [[3, 0], [4, 1], [5, 2]],
        .rightMirrored: [[5, 2], [4, 1], [3, 0]],
        .left: [[2, 5], [1, 4], [0, 3]],
    ]

    @Test(arguments: Orientation.allCases)
    func applyingShowsWhatAViewerShows(orientation: Orientation) throws {
        let upright = try numbered().applying(orientation)
        let rows = (0..<upright.height).map { y in (0..<upright.width).map { x in upright[x, y][0] } }
        #expect(rows == Self.expected[orientation])
    }

    @Test(arguments: Orientation.allCases)
    func coordinateMapsAgreeWithThePixels(orientation: Orientation) throws {
        let stored = try numbered()
        let upright = try stored.applying(orientation)
        let toStored = orientation.uprightToStored(stored: stored.size)
        let back = orientation.storedToUpright(stored: stored.size)
        for v in 0..<upright.height {
            for u in 0..<upright.width {
                let s = toStored.apply(Point(Double(u), Double(v)))
                #expect(stored[Int(s.x.rounded()), Int(s.y.rounded())][0] == upright[u, v][0])
                #expect(back.apply(s).distance(to: Point(Double(u), Double(v))) < 1e-9)
            }
        }
    }

    @Test func unknownExifValuesReadAsUp() {
        #expect(Orientation(exifValue: 0) == .up)
        #expect(Orientation(exifValue: 9) == .up)
        #expect(Orientation(exifValue: 6) == .right)
    }
}
