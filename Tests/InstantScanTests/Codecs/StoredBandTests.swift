import Testing
@testable import InstantScan

extension Codecs {
    /// A scan with corners decodes only the band of the photo its print covers: the band must
    /// hold every pixel the warp, the estimation card and the surface ring read, so that the scan
    /// is byte for byte the one made from the whole decode.
    @Suite struct StoredBandScans {
        /// A 640×480 textured photo as JPEG, with an EXIF orientation when not 1.
        static func photo(orientation: Int = 1) throws -> [UInt8] {
            let image = try TestImages.smoothTexture(width: 640, height: 480)
            let exif = orientation == 1 ? nil : CodecFixtures.tiff(orientation: orientation, littleEndian: true)
            return try JPEGEncoder.encode(image, quality: 90, exif: exif)
        }

        /// The scan of `corners` from the band decode, and from the whole decode (a preview needs
        /// the whole photo, so asking for one keeps it).
        static func bandAndWhole(_ jpeg: [UInt8], corners: Quad, configure: (inout ScanOptions) -> Void = { _ in })
            throws -> (band: ScannedPrint, whole: ScannedPrint) {
            var options = ScanOptions()
            configure(&options)
            let band = try #require(try PrintScanner(options: options).scan(jpeg, corners: corners).prints.first)
            options.previewLongSide = 64
            let whole = try #require(try PrintScanner(options: options).scan(jpeg, corners: corners).prints.first)
            return (band, whole)
        }

        /// The decode the scan warps from.
        static func decoded(_ jpeg: [UInt8], corners: Quad, scale: Int = 1) throws -> DecodedImage {
            var timings = StageTimings()
            return try PrintLocator(options: ScanOptions())
                .locate(jpeg, corners: corners, timings: &timings, onlyThePrint: true) { _, _ in scale }.decoded
        }

        @Test func aPrintInsideThePhotoIsDecodedAsABandAndScansTheSame() throws {
            let jpeg = try Self.photo()
            let corners = Quad(Point(220, 150), Point(430, 160), Point(420, 330), Point(230, 320))
            let decoded = try Self.decoded(jpeg, corners: corners)
            let band = try #require(decoded.band)
            #expect(decoded.pixels.size == PixelSize(width: band.columns.count, height: band.rows.count))
            #expect(band.rows.count < 480 && band.columns.count < 640)
            let scans = try Self.bandAndWhole(jpeg, corners: corners)
            #expect(scans.band.image.packedBytes() == scans.whole.image.packedBytes())
            #expect(scans.band.whiteBalance.map { "\($0)" } == scans.whole.whiteBalance.map { "\($0)" })
        }

        @Test func aPrintAtThePhotosEdgesScansTheSame() throws {
            let jpeg = try Self.photo()
            // Left and top corners beyond the photo (the warp repeats the edge pixels there), the
            // right one on the last column: the band reaches the image's edges on three sides.
            let corners = Quad(Point(-12, -6), Point(639, 20), Point(600, 300), Point(4, 310))
            let decoded = try Self.decoded(jpeg, corners: corners)
            let band = try #require(decoded.band)
            #expect(band.rows.lowerBound == 0 && band.rows.upperBound < 480 && band.columns == 0..<640)
            let scans = try Self.bandAndWhole(jpeg, corners: corners)
            #expect(scans.band.image.packedBytes() == scans.whole.image.packedBytes())
        }

        @Test(arguments: [(6, 160), (3, 100), (8, 0)])
        func aTurnedPhotoAtADCTScaleScansTheSame(orientation: Int, longSide: Int) throws {
            let jpeg = try Self.photo(orientation: orientation)
            // Upright, the photo is 480×640 for orientations 6 and 8.
            let corners = Quad(Point(60, 80), Point(300, 90), Point(290, 380), Point(70, 370))
            let scans = try Self.bandAndWhole(jpeg, corners: corners) { options in
                if longSide > 0 { options.outputSize = .longSide(longSide) }
                options.crop = .window
                options.format = .instaxMini
            }
            #expect(scans.band.image.size == scans.whole.image.size)
            #expect(scans.band.image.packedBytes() == scans.whole.image.packedBytes())
        }
    }

    /// Which stored rows and columns a band holds for the regions it must cover.
    @Suite struct StoredBandRegions {
        static let full = PixelSize(width: 1000, height: 800)

        @Test func aRegionInsideKeepsItsCornersAndTheMargin() throws {
            let quad = Quad(Point(300, 200), Point(600, 210), Point(590, 500), Point(310, 490))
            let band = try #require(StoredBand(covering: [quad], fullSize: Self.full, orientation: .up, scaleDenominator: 1))
            #expect(band.rows == 184..<517 && band.columns == 284..<617)
            #expect(band.wholeSize == Self.full)
        }

        @Test func aRegionCoveringThePhotoIsNoBand() {
            let quad = Quad(Point(-5, -5), Point(1004, -5), Point(1004, 804), Point(-5, 804))
            #expect(StoredBand(covering: [quad], fullSize: Self.full, orientation: .up, scaleDenominator: 1) == nil)
            #expect(StoredBand(covering: [], fullSize: Self.full, orientation: .up, scaleDenominator: 1) == nil)
        }

        @Test func aRegionOffTheEdgeIsClippedToTheImage() throws {
            let quad = Quad(Point(-40, 600), Point(300, 600), Point(300, 900), Point(-40, 900))
            let band = try #require(StoredBand(covering: [quad], fullSize: Self.full, orientation: .up, scaleDenominator: 1))
            #expect(band.rows == 584..<800 && band.columns == 0..<317)
        }

        @Test func uprightRowsAreStoredColumnsWhenTurnedAndScaled() throws {
            // Orientation 6: the stored image is turned a quarter clockwise to be upright, so
            // upright y is stored x. At 1/2, the 1000×800 stored image is 500×400.
            let quad = Quad(Point(100, 200), Point(500, 200), Point(500, 400), Point(100, 400))
            let band = try #require(StoredBand(covering: [quad], fullSize: Self.full, orientation: .right, scaleDenominator: 2))
            #expect(band.wholeSize == PixelSize(width: 500, height: 400))
            #expect(band.columns == 83..<217)
            #expect(band.rows.count == 234 && band.rows.lowerBound >= 0 && band.rows.upperBound <= 400)
        }
    }
}
