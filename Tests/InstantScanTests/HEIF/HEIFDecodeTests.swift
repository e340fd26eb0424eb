import Foundation
import Testing
@testable import InstantScan

/// HEIC read as phones write it: recognised by content, upright exactly once, colour as described,
/// and scanned like the same photo saved as JPEG.
extension Codecs {
    @Suite struct HEIF {
        /// The fixture, or a recorded failure naming why it could not be made.
        private func fixture(_ result: Result<HEIFFixtures.Pair, HEIFFixtures.FixtureError>) throws -> HEIFFixtures.Pair {
            try result.get()
        }

        @Test func recognisedByBrandsNotByName() throws {
            func ftyp(_ major: String, _ compatible: [String]) -> [UInt8] {
                let brands = [major, "\0\0\0\0"] + compatible
                let body = Array("ftyp".utf8) + brands.flatMap { Array($0.utf8) }
                let size = body.count + 4
                return [0, 0, UInt8(size >> 8), UInt8(size & 0xFF)] + body + [0, 0, 0, 8] + Array("mdat".utf8)
            }
            #expect(ImageFormat(sniffing: ftyp("heic", ["mif1", "heic"])) == .heif)
            #expect(ImageFormat(sniffing: ftyp("mif1", ["heix"])) == .heif)
            #expect(ImageFormat(sniffing: ftyp("avif", ["mif1", "miaf"])) == .heif)
            #expect(ImageFormat(sniffing: ftyp("msf1", [])) == .heif)
            // A movie shares the box but not the brands.
            #expect(ImageFormat(sniffing: ftyp("isom", ["iso2", "mp41"])) == nil)
            #expect(ImageFormat(sniffing: ftyp("qt  ", [])) == nil)
            #expect(ImageFormat(sniffing: try fixture(HEIFFixtures.plain).heic) == .heif)
        }

        /// The three phone files: upright sizes, their profiles, their capture dates.
        @Test(arguments: [("arrow.heic", 3024, 4032, true), ("pug.heic", 4032, 3024, true), ("xiaomi.heic", 2592, 1944, false)])
        func phonePhotosOpenUpright(name: String, width: Int, height: Int, hasProfile: Bool) throws {
            let data = try HEIFFixtures.phoneFile(name)
            let info = try ImageReader.info(of: data)
            #expect(info.format == .heif)
            #expect(info.uprightSize == PixelSize(width: width, height: height))
            let decoded = try ImageReader.decodeOpaque(data)
            #expect(decoded.orientation.uprightSize(stored: decoded.pixels.size) == PixelSize(width: width, height: height))
            #expect(decoded.pixels.size == info.storedSize && decoded.orientation == info.orientation)
            #expect(decoded.pixels.format == .rgb8)
            #expect(decoded.warnings.isEmpty, "\(decoded.warnings)")
            if hasProfile {
                let profile = try ColorProfile(iccData: try #require(decoded.iccProfile))
                #expect(profile.name.contains("P3"), "\(profile.name)")
            } else {
                #expect(decoded.iccProfile == nil)
            }
            #expect(ScanMetadata(reading: data).captureDate != nil)
        }

        /// arrow.heic is stored on its side with `irot` 270° and says EXIF orientation 6 as well:
        /// read once, the arrow (drawn upright on lined paper) is upright, its head at the top.
        @Test func iPhoneRotationAppliedOnce() throws {
            let data = try HEIFFixtures.phoneFile("arrow.heic")
            let tiff = try #require(try HEIFContext.open(data) { $0.exifTIFF })
            #expect(EXIFOrientationReader.read(tiff: tiff[...]).orientation == .right)
            let decoded = try ImageReader.decode(data)
            // From irot alone: EXIF's 6 on top would make it .down.
            #expect(decoded.orientation == .right)
            #expect(decoded.pixels.size == PixelSize(width: 4032, height: 3024))
            let toStored = decoded.orientation.uprightToStored(stored: decoded.pixels.size)
            func upright(_ x: Int, _ y: Int) -> [UInt8] {
                let p = toStored.apply(Point(Double(x), Double(y)))
                return decoded.pixels[Int(p.x.rounded()), Int(p.y.rounded())]
            }
            // The head widens downwards from its tip near the top: the dark ink across a row spans
            // far more at 35 % of the height than at 15 %. Turned half a turn, the shaft would be there.
            func inkSpan(atRow y: Int) -> Int {
                let dark = stride(from: 0, to: 3024, by: 2).filter { x in
                    let p = upright(x, y)
                    return Int(p[0]) + Int(p[1]) + Int(p[2]) < 3 * 70
                }
                return (dark.last ?? 0) - (dark.first ?? 0)
            }
            let tip = inkSpan(atRow: 4032 * 15 / 100), base = inkSpan(atRow: 4032 * 35 / 100)
            #expect(tip > 0 && base > 2 * tip, "ink spans \(tip) px near the top, \(base) px lower")
        }

        /// The fixture encoded from a JPEG stored turned (EXIF 6) carries `irot` and EXIF 6; read
        /// once, its pixels are the upright scene.
        @Test func irotAndEXIFOrientationBothSetTurnOnce() throws {
            let pair = try fixture(HEIFFixtures.rotated)
            let tiff = try #require(try HEIFContext.open(pair.heic) { $0.exifTIFF })
            #expect(EXIFOrientationReader.read(tiff: tiff[...]).orientation == .right)
            let heic = try ImageReader.decode(pair.heic)
            #expect(heic.orientation == .right, "irot 270° alone; with EXIF's 6 as well it would be .down")
            #expect(heic.orientation.uprightSize(stored: heic.pixels.size) == PixelSize(width: 1200, height: 900))
            let jpeg = try ImageReader.decode(pair.jpeg)
            #expect(meanAbsoluteDifference(try heic.pixels.applying(heic.orientation), try jpeg.pixels.applying(jpeg.orientation)) < 3)
        }

        /// All eight EXIF orientations, which heif-enc writes as `irot` and `imir`: the orientation
        /// read from them turns the stored pixels exactly as libheif's own transformations do, and
        /// to the upright picture.
        @Test(arguments: Orientation.allCases)
        func everyTransformationTurnsLikeLibheif(orientation: Orientation) throws {
            let upright = try CodecFixtures.quadrants(width: 128, height: 96)
            let stored = try CodecFixtures.stored(upright, for: orientation.rawValue)
            let jpeg = try JPEGEncoder.encode(stored, quality: 95, exif: HEIFFixtures.exif(orientation: orientation))
            let heic = try HEIFFixtures.encode(jpeg, name: "orientation-\(orientation.rawValue)", arguments: ["-q", "95"])
            let decoded = try ImageReader.decode(heic)
            #expect(decoded.orientation == orientation)
            let turned = try decoded.pixels.applying(decoded.orientation)
            // libheif's own turn of the same file.
            let byLibheif = try HEIFContext.open(heic) { context in
                let image = try context.decodeUpright()
                let out = try PixelBuffer(width: turned.width, height: turned.height)
                _ = try HEIFPixelConverter.convert(try #require(image.layout), nclx: context.nclx ?? .heifDefault, into: out)
                return out
            }
            #expect(meanAbsoluteDifference(turned, byLibheif) < 0.5)
            #expect(meanAbsoluteDifference(turned, upright) < 6)
        }

        /// The scan targets: the same corners within 0.5 % of the diagonal, colour within 1 ΔE00
        /// (median over 16 × 16 blocks of the scan), upright, turned and Display P3.
        @Test(arguments: ["plain", "rotated", "p3", "nclx-p3"])
        func scansLikeItsJPEG(fixtureName: String) throws {
            let pair: HEIFFixtures.Pair
            switch fixtureName {
            case "plain": pair = try fixture(HEIFFixtures.plain)
            case "rotated": pair = try fixture(HEIFFixtures.rotated)
            case "p3": pair = try fixture(HEIFFixtures.displayP3)
            default: pair = try fixture(HEIFFixtures.nclxP3)
            }
            let jpegPrints = try detect(pair.jpeg), heicPrints = try detect(pair.heic)
            try #require(jpegPrints.count == 1 && heicPrints.count == 1, "\(jpegPrints.count) and \(heicPrints.count) prints")
            let diagonal = (1200.0 * 1200 + 900 * 900).squareRoot()
            for (a, b) in zip(jpegPrints[0].card.corners, heicPrints[0].card.corners) {
                #expect(a.distance(to: b) <= 0.005 * diagonal, "corner \(a) vs \(b)")
            }
            for (a, b) in zip(pair.corners.corners, heicPrints[0].card.corners) {
                #expect(a.distance(to: b) <= 0.005 * diagonal, "truth \(a) vs HEIC \(b)")
            }
            // Colour: both scanned with the same corners by the CLI, as a user would.
            let folder = try TemporaryFolder()
            let corners = pair.corners.corners.map { "\($0.x),\($0.y)" }.joined(separator: " ")
            var scans: [PixelBuffer] = []
            for (name, bytes) in [("photo.jpg", pair.jpeg), ("photo.heic", pair.heic)] {
                try Data(bytes).write(to: URL(fileURLWithPath: folder.path(name)))
                let out = folder.path(name + ".png")
                let run = try CLIRunner.run(["scan", folder.path(name), "-o", out, "--corners", corners])
                try #require(run.status == 0, "\(run.stderr)")
                scans.append(try ImageReader.decode([UInt8](try Data(contentsOf: URL(fileURLWithPath: out)))).pixels)
            }
            try #require(scans[0].size == scans[1].size)
            let a = PixelBufferReader(scans[0]), b = PixelBufferReader(scans[1])
            let differences = CIEDE2000.blockDifferences(a, b, x: 0..<a.width, y: 0..<a.height).sorted()
            let median = differences[differences.count / 2]
            #expect(median <= 1.0, "median ΔE00 \(median)")
        }

        @Test func profilesAsDescribed() throws {
            let p3 = try ImageReader.decode(try fixture(HEIFFixtures.displayP3).heic)
            #expect(try ColorProfile(iccData: try #require(p3.iccProfile)).name == ColorProfile.displayP3.name)
            let nclx = try ImageReader.decode(try fixture(HEIFFixtures.nclxP3).heic)
            #expect(nclx.iccProfile == ColorProfile.displayP3.iccData)
            let plain = try ImageReader.decode(try fixture(HEIFFixtures.plain).heic)
            #expect(plain.iccProfile == nil, "nclx sRGB reads as sRGB")
            #expect(plain.warnings.isEmpty)
        }

        @Test func nclxMapping() throws {
            func description(_ primaries: Int, _ transfer: Int) -> HEIFColorDescription {
                HEIFColorDescription(icc: nil, nclx: HEIFNCLX(primaries: primaries, transfer: transfer, matrix: 6, fullRange: true))
            }
            #expect(description(1, 13).iccProfile == nil && description(1, 13).warning == nil)
            #expect(description(2, 2).iccProfile == nil && description(2, 2).warning == nil)
            #expect(description(12, 13).iccProfile == ColorProfile.displayP3.iccData)
            let bt709 = try ColorProfile(iccData: try #require(description(1, 1).iccProfile))
            #expect(bt709.name.contains("709") && !bt709.isSRGB)
            // BT.2020 with PQ (an HDR video description): no profile here, so sRGB and a warning.
            let hdr = description(9, 16)
            #expect(hdr.iccProfile == nil)
            #expect(hdr.warning?.contains("sRGB") == true)
            // An ICC profile wins over nclx.
            let icc = ColorProfile.displayP3.iccData
            #expect(HEIFColorDescription(icc: icc, nclx: HEIFNCLX(primaries: 1, transfer: 13, matrix: 6, fullRange: true)).iccProfile == icc)
        }

        /// A 10-bit file is read at 10 bits and rounded to 8 once: losslessly coded, every pixel is
        /// the 10-bit value rounded, which a reader that went through 8 bits first would miss.
        @Test func tenBitReadAtFullDepth() throws {
            let width = 256, height = 64
            var samples = [UInt8](repeating: 0, count: width * height * 6)
            var expected = [[UInt8]](repeating: [0, 0, 0], count: width * height)
            for y in 0..<height {
                for x in 0..<width {
                    // 10-bit values that land between 8-bit steps, distinct per channel.
                    let values = [(x * 4 + y) % 1024, (x * 4 + 2 * y + 1) % 1024, (1023 - x * 4 + y) % 1024]
                    for c in 0..<3 {
                        let v16 = values[c] << 6 | values[c] >> 4
                        samples[(y * width + x) * 6 + 2 * c] = UInt8(v16 >> 8)
                        samples[(y * width + x) * 6 + 2 * c + 1] = UInt8(v16 & 0xFF)
                        expected[y * width + x][c] = UInt8((Double(values[c]) * 255 / 1023).rounded())
                    }
                }
            }
            var writer = PNGWriter(width: width, height: height, colorType: .rgb)
            writer.bitDepth = 16
            let png = try samples.withUnsafeBufferPointer { try writer.write(rows: $0.baseAddress!, stride: width * 6) }
            let heic = try HEIFFixtures.encode(png, name: "ten-bit", arguments: ["-L", "-b", "10"])
            let decoded = try ImageReader.decode(heic)
            #expect(try HEIFContext.open(heic) { $0.lumaBits } == 10)
            var mismatches = 0
            for y in 0..<height {
                for x in 0..<width where Array(decoded.pixels[x, y].prefix(3)) != expected[y * width + x] { mismatches += 1 }
            }
            #expect(mismatches == 0, "\(mismatches) of \(width * height) pixels differ from the 10-bit values rounded once")
        }

        @Test func captureDateTravelsIntoTheScan() throws {
            let pair = try fixture(HEIFFixtures.rotated)
            #expect(ScanMetadata(reading: pair.heic).captureDate == HEIFFixtures.captureDate)
            let folder = try TemporaryFolder()
            try Data(pair.heic).write(to: URL(fileURLWithPath: folder.path("IMG_0042.HEIC")))
            let run = try CLIRunner.run(["scan", folder.path("IMG_0042.HEIC"), "-o", folder.path("scan.png")])
            try #require(run.status == 0, "\(run.stderr)")
            let scan = [UInt8](try Data(contentsOf: URL(fileURLWithPath: folder.path("scan.png"))))
            #expect(ScanMetadata(reading: scan).captureDate == HEIFFixtures.captureDate)
        }

        private func detect(_ data: [UInt8]) throws -> [DetectedPrint] {
            let decoded = try ImageReader.decodeOpaque(data)
            return try PrintDetector().detect(in: decoded.pixels, orientation: decoded.orientation)
        }

        /// Mean |difference| over R, G, B of two same-sized images (RGB8 or RGBA8).
        private func meanAbsoluteDifference(_ a: PixelBuffer, _ b: PixelBuffer) -> Double {
            precondition(a.size == b.size)
            var total = 0, count = 0
            for y in stride(from: 0, to: a.height, by: 3) {
                for x in stride(from: 0, to: a.width, by: 3) {
                    let p = a[x, y], q = b[x, y]
                    for c in 0..<3 { total += abs(Int(p[c]) - Int(q[c])) }
                    count += 3
                }
            }
            return Double(total) / Double(count)
        }
    }
}
