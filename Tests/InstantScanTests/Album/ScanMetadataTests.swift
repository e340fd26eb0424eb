import Foundation
import Testing
@testable import InstantScan

/// What a scan records about its print (format, crop, true resolution, capture date), in the
/// containers' own fields and in EXIF, and that it reads back.
@Suite struct ScanMetadataTests {
    @Test func captureDatesParseAndPrint() throws {
        let date = try #require(CaptureDate(exif: "2024:03:12 14:03:22", offset: "+01:00"))
        #expect(date.exifString == "2024:03:12 14:03:22")
        #expect(date.exifOffsetString == "+01:00")
        #expect(date.description == "2024-03-12T14:03:22+01:00")
        #expect(date.pdfDate == "D:20240312140322+01'00'")
        #expect(date.dayInWords == "12 March 2024")
        #expect(CaptureDate(exif: "0000:00:00 00:00:00") == nil, "cameras without a clock write zeros")
        #expect(CaptureDate(exif: "    :  :     :  :  ") == nil)
        #expect(CaptureDate(exif: "2024-03-12 14:03:22")?.day == 12, "dashes are read too")
        #expect(CaptureDate(exif: "2024:03:12 14:03:22", offset: "junk")?.utcOffsetMinutes == nil)
        #expect(CaptureDate(exif: "2024:13:12 14:03:22") == nil)
    }

    @Test func exifRoundTrips() throws {
        let date = try #require(CaptureDate(exif: "2023:07:01 09:30:00", offset: "-05:30"))
        let writer = EXIFWriter(imageDescription: "instax-mini card 54 x 86 mm", software: "InstantScan test",
                                resolution: (552.6852, 552.5984), dateTimeOriginal: date)
        let tiff = writer.tiff()
        let tags = try #require(EXIFTagReader.read(tiff: tiff[...]))
        #expect(tags.imageDescription == "instax-mini card 54 x 86 mm")
        #expect(tags.software == "InstantScan test")
        #expect(abs(tags.xResolution! - 552.6852) < 1e-4 && abs(tags.yResolution! - 552.5984) < 1e-4)
        #expect(tags.resolutionUnit == 2)
        #expect(tags.captureDate == date)
        // The orientation reader still finds "upright" in the same block.
        #expect(EXIFOrientationReader.read(tiff: tiff[...]).orientation == .up)
    }

    @Test(arguments: ["scan.png", "scan.jpg"])
    func scansCarryFormatResolutionAndDate(_ name: String) throws {
        let folder = try TemporaryFolder()
        let path = folder.path(name)
        let date = CaptureDate(exif: "2022:12:24 18:00:05")
        try AlbumFixtures.writeScan(path, format: .instaxMini, ppi: 300, date: date)
        let data = try PhotoFile.read(path)
        let metadata = ScanMetadata(reading: data)
        #expect(metadata.format == .instaxMini)
        #expect(metadata.crop == .card)
        #expect(metadata.captureDate == date)
        #expect(metadata.software == "InstantScan \(InstantScanVersion.string)")
        let ppi = try #require(metadata.pixelsPerInch)
        // 54 mm at 300 ppi is 637.8 px, stored as 638: the recorded ppi is the stored image's.
        #expect(abs(ppi.x - 638 / (54 / 25.4)) < 0.01 && abs(ppi.y - 1016 / (86 / 25.4)) < 0.01, "\(ppi)")
        // The container's own density field says the same (rounded as the container stores it).
        let density = try #require(EmbeddedMetadata(reading: data).density)
        #expect(abs(density.x - ppi.x) < 0.6 && abs(density.y - ppi.y) < 0.6, "\(density)")
        // And the file still reads as before: upright, its colour space declared.
        let decoded = try ImageReader.decode(data)
        #expect(decoded.orientation == .up)
        #expect(decoded.pixels.size == PixelSize(width: 638, height: 1016))
        if name.hasSuffix(".png") {
            #expect(decoded.isSRGBTagged && decoded.iccProfile == nil)
        } else {
            #expect(decoded.iccProfile == BuiltInProfile.srgb.profile.iccData)
        }
    }

    @Test func aScanWithoutAKnownFormatRecordsOnlyTheDate() throws {
        let date = CaptureDate(exif: "2021:01:02 03:04:05")
        let metadata = ScanMetadata(format: nil, crop: .card, imageSize: PixelSize(width: 100, height: 120), captureDate: date)
        #expect(metadata.pixelsPerInch == nil)
        let png = try OutputEncoder(format: .png(.fast)).encode(try TestImages.smoothTexture(width: 100, height: 120),
                                                                 profile: .srgb, metadata: metadata)
        let read = ScanMetadata(reading: png)
        #expect(read.captureDate == date && read.format == nil && read.pixelsPerInch == nil)
    }

    /// The whole scan: a photo's DateTimeOriginal reaches the scan, and the scan's resolution is
    /// the format's millimetres over its pixels.
    @Test func scannerCarriesThePhotosDateIntoTheScan() throws {
        let date = try #require(CaptureDate(exif: "2019:08:15 12:34:56", offset: "+02:00"))
        let photo = try TestImages.smoothTexture(width: 640, height: 480)
        let exif = EXIFWriter(dateTimeOriginal: date).tiff()
        let jpeg = try JPEGEncoder.encode(photo, quality: 90, exif: exif)
        var options = ScanOptions()
        options.format = .polaroid600
        options.whiteBalance = .none
        let result = try PrintScanner(options: options)
            .scan(jpeg, corners: Quad(Point(100, 40), Point(500, 40), Point(500, 440), Point(100, 440)))
        let print = try #require(result.prints.first)
        #expect(print.captureDate == date)
        let metadata = print.metadata
        #expect(metadata.format == .polaroid600 && metadata.crop == .card)
        let ppi = try #require(metadata.pixelsPerInch)
        #expect(abs(ppi.x - Double(print.image.width) / (88 / 25.4)) < 1e-9)
        #expect(abs(ppi.y - Double(print.image.height) / (107 / 25.4)) < 1e-9)
        let written = ScanMetadata(reading: try OutputEncoder(format: .png(.fast)).encode(print))
        #expect(written.format == metadata.format && written.crop == metadata.crop && written.captureDate == date)
        // EXIF keeps four decimals of the resolution.
        #expect(abs(written.pixelsPerInch!.x - ppi.x) < 1e-4 && abs(written.pixelsPerInch!.y - ppi.y) < 1e-4)
    }
}
