import Foundation
import Testing
@testable import InstantScan

/// Hostile headers meet limits: sizes refused before any allocation, oversized and inconsistent ICC
/// profiles, EXIF pointing outside its segment. Each gives a clear error, or a warning and a
/// fallback, never a crash or a hang.
extension Reliability {
    @Suite struct Limits {
        /// A tiny JPEG whose frame header claims `width × height`: the scan data that follows is
        /// for 16×16, so decoding it for real would fail or take minutes, and the pixel buffer
        /// alone would need width × height × 4 bytes.
        private func lyingJPEG(width: Int, height: Int) throws -> [UInt8] {
            let jpeg = try JPEGEncoder.encode(CodecFixtures.photoLike(width: 16, height: 16))
            return CodecFixtures.patchingFrameSize(of: jpeg, width: width, height: height)
        }

        private func lyingPNG(width: Int, height: Int) -> [UInt8] {
            CodecFixtures.pngHeaderOnly(width: width, height: height) + CodecFixtures.pngChunk("IDAT", [0x78, 0x01, 0x01, 0, 0, 0xFF, 0xFF])
                + CodecFixtures.pngChunk("IEND", [])
        }

        /// The refusal comes from the header alone: the error is the size, not the damaged or
        /// missing pixel data behind it, so nothing was decoded (or allocated) before it.
        @Test func a65535SquareHeaderIsRefusedFromTheHeaderAlone() throws {
            let png = lyingPNG(width: 65_535, height: 65_535)
            let limit = PixelBuffer.defaultMaximumPixels
            #expect(throws: ImageError.tooManyPixels(width: 65_535, height: 65_535, limit: limit)) {
                try ImageReader.decode(png)
            }
            // The scanner refuses at the header check, before it decodes anything.
            let scanner = PrintScanner()
            let corners = Quad(rectangleWidth: 100, height: 100)
            #expect(throws: ImageError.tooManyPixels(width: 65_535, height: 65_535, limit: limit)) {
                try scanner.scan(png, corners: corners)
            }
            // JPEG's own limit is 65,500 a side: past it an invalid size, below it our limit.
            #expect(throws: ImageError.invalidDimensions(width: 65_535, height: 65_535)) {
                try scanner.scan(try lyingJPEG(width: 65_535, height: 65_535), corners: corners)
            }
            #expect(throws: ImageError.tooManyPixels(width: 65_500, height: 65_500, limit: limit)) {
                try scanner.scan(try lyingJPEG(width: 65_500, height: 65_500), corners: corners)
            }
        }

        /// The CLI under a 1 GiB address-space limit: the 17 GB the header asks for is never
        /// requested, so the refusal is a clean exit 65 within the hang detector's 5 seconds, not an
        /// out-of-memory crash. The control run (limit raised past the image) shows the address-space
        /// limit does bite when the allocation is attempted.
        @Test(.enabled(if: !ReliabilitySupport.underAddressSanitizer, "ASan reserves terabytes of address space"))
        func aHugeHeaderIsRefusedWithoutAllocating() throws {
            let folder = try TemporaryFolder()
            for (name, bytes) in [("huge.png", lyingPNG(width: 65_535, height: 65_535)),
                                  ("huge.jpg", try lyingJPEG(width: 65_500, height: 65_500))] {
                let photo = folder.path(name)
                try Data(bytes).write(to: URL(fileURLWithPath: photo))
                let command = "ulimit -v 1048576; exec \"$0\" \"$@\""
                let refused = try Subprocess.run("/bin/sh", ["-c", command, CLIRunner.binary.path, "scan", photo,
                                                             "-o", folder.path("out.png"), "--corners", "1,1 90,1 90,90 1,90"], timeout: 5)
                #expect(!refused.hung, "\(name): refusing took over 5 s")
                #expect(refused.status == 65, "\(name): \(refused.stderr)")
                #expect(refused.stderr.contains("above the limit of 100 MP"), "\(name): \(refused.stderr)")

                let allowed = try Subprocess.run("/bin/sh", ["-c", command, CLIRunner.binary.path, "scan", photo,
                                                             "-o", folder.path("out.png"), "--corners", "1,1 90,1 90,90 1,90",
                                                             "--max-megapixels", "5000"], timeout: 30)
                #expect(allowed.status != 0 && !allowed.stderr.contains("above the limit"), "\(name): the control run got past the limit")
            }
            #expect(!FileManager.default.fileExists(atPath: folder.path("out.png")))
        }

        @Test func aProfileOverTheLimitIsRefusedBeforeParsing() {
            let huge = [UInt8](repeating: 0, count: ColorProfile.maximumByteCount + 1)
            #expect(throws: ColorError.profileTooLarge(byteCount: huge.count, limit: ColorProfile.maximumByteCount)) {
                try ColorProfile(iccData: huge)
            }
        }

        /// A PNG whose iCCP profile says it is 32 MiB: libpng reads the profile's own length first
        /// and drops the chunk with a warning; the image is read as sRGB.
        @Test func aPNGProfileClaimingToBeHugeIsDroppedWithAWarning() throws {
            var profile = CodecFixtures.iccProfile(byteCount: 400)
            profile[0] = 0x02  // 0x02000190: 32 MiB and change
            let iccp = Array("P3\0".utf8) + [0] + Self.storedZlib(profile)
            let plain = try PNGEncoder.encode(CodecFixtures.photoLike(width: 8, height: 8), iccProfile: nil, srgbIntent: false)
            // IHDR is 8 + 25 bytes; the profile goes right after it.
            let png = Array(plain[0..<33]) + CodecFixtures.pngChunk("iCCP", iccp) + Array(plain[33...])
            let decoded = try ImageReader.decode(png)
            #expect(decoded.iccProfile == nil)
            #expect(decoded.pixels.size == PixelSize(width: 8, height: 8))
            #expect(!decoded.warnings.isEmpty, "the dropped profile is mentioned")
        }

        /// A photo whose embedded profile is present but unusable is scanned as sRGB, with a warning.
        @Test func anUnusableEmbeddedProfileFallsBackToSRGB() throws {
            let image = try CodecFixtures.photoLike(width: 64, height: 48)
            let bad = CodecFixtures.iccProfile(byteCount: 400)  // structurally an ICC profile, but no colour tags
            let result = try PrintScanner().scan(try JPEGEncoder.encode(image, iccProfile: bad),
                                                 corners: Quad(Point(4, 4), Point(60, 4), Point(60, 44), Point(4, 44)))
            #expect(result.prints.count == 1)
            #expect(result.warnings.contains { $0.contains("embedded ICC profile is unusable") && $0.contains("treating the photo as sRGB") },
                    "\(result.warnings)")
        }

        /// ICC chunk sets that do not add up: each gives no profile and one warning, never a crash.
        @Test func iccChunkCountsThatDoNotAddUp() throws {
            let plain = try JPEGEncoder.encode(CodecFixtures.photoLike(width: 8, height: 8))
            let profile = CodecFixtures.iccProfile(byteCount: 600)
            func chunk(_ sequence: Int, of count: Int, _ bytes: ArraySlice<UInt8>) -> [UInt8] {
                let payload = ICCProfileAssembler.signature + [UInt8(sequence), UInt8(count)] + bytes
                return [0xFF, 0xE2] + CodecFixtures.lengthBytes(payload.count + 2) + payload
            }
            let cases: [(String, [[UInt8]])] = [
                ("a chunk past the count", [chunk(1, of: 2, profile[0..<300]), chunk(2, of: 2, profile[300...]), chunk(3, of: 2, [1, 2])]),
                ("a count of zero", [chunk(1, of: 0, profile[...])]),
                ("254 of 255 missing", [chunk(1, of: 255, profile[...])]),
                ("counts disagree", [chunk(1, of: 2, profile[0..<300]), chunk(2, of: 3, profile[300...])]),
                ("a chunk too short for its header", [[0xFF, 0xE2, 0x00, 0x0F] + ICCProfileAssembler.signature + [1]]),
                ("empty chunks", [chunk(1, of: 2, []), chunk(2, of: 2, [])]),
            ]
            for (name, chunks) in cases {
                let metadata = JPEGMarkers.metadata(in: CodecFixtures.inserting(chunks, into: plain))
                #expect(metadata.iccProfile == nil, "\(name)")
                #expect(metadata.warnings.count == 1, "\(name): \(metadata.warnings)")
                #expect(metadata.warnings.allSatisfy { $0.count < 200 }, "\(name): a warning is a sentence, not a list: \(metadata.warnings)")
                #expect(try ImageReader.decode(CodecFixtures.inserting(chunks, into: plain)).pixels.width == 8, "\(name)")
            }
        }

        /// An IFD0 offset that points past the end of the APP1 segment, where the following bytes of
        /// the file happen to hold a perfect orientation entry: the reader must not look there.
        @Test func exifOffsetsOutsideTheSegmentAreNotFollowed() throws {
            var tiff = CodecFixtures.tiff(orientation: 6, littleEndian: true)
            tiff[4] = UInt8(tiff.count + 4)  // IFD0 just past the TIFF data, inside the next segment
            let exif: [UInt8] = [0xFF, 0xE1] + CodecFixtures.lengthBytes(2 + 6 + tiff.count) + JPEGMarkers.exifSignature + tiff
            // A comment segment whose bytes, seen from the TIFF header, are an IFD with orientation 8.
            let fakeIFD: [UInt8] = [1, 0, 0x12, 0x01, 3, 0, 1, 0, 0, 0, 8, 0, 0, 0, 0, 0, 0, 0]
            let comment: [UInt8] = [0xFF, 0xFE] + CodecFixtures.lengthBytes(2 + fakeIFD.count) + fakeIFD
            let jpeg = CodecFixtures.inserting([exif, comment], into: try JPEGEncoder.encode(CodecFixtures.photoLike(width: 8, height: 8)))
            let metadata = JPEGMarkers.metadata(in: jpeg)
            #expect(metadata.orientation == .up && !metadata.hasEXIFOrientation)
            #expect(metadata.warnings == ["EXIF IFD0 lies outside the EXIF data"])
        }

        /// An IFD claiming 65,535 entries in a few bytes, and an IFD0 that is the TIFF header
        /// itself: bounded reads, a warning, no orientation.
        @Test func exifIFDsThatLie() {
            var manyEntries = CodecFixtures.tiff(orientation: 6, littleEndian: false)
            manyEntries[8] = 0xFF
            manyEntries[9] = 0xFF
            manyEntries[10 + 12] = 0  // the orientation entry's tag is gone
            let result = EXIFOrientationReader.read(tiff: manyEntries[...])
            #expect(result.orientation == nil && result.warning == "EXIF IFD0 runs past the end of the EXIF data")

            var selfPointing = CodecFixtures.tiff(orientation: 6, littleEndian: true)
            selfPointing[4] = 0  // IFD0 at offset 0: "II" read as an entry count of 0x4949
            #expect(EXIFOrientationReader.read(tiff: selfPointing[...]).orientation == nil)
        }

        /// A zlib stream of stored (uncompressed) deflate blocks: a compressed chunk built without zlib.
        static func storedZlib(_ data: [UInt8]) -> [UInt8] {
            var out: [UInt8] = [0x78, 0x01]
            var offset = 0
            repeat {
                let n = min(65_535, data.count - offset)
                let final: UInt8 = offset + n == data.count ? 1 : 0
                out += [final, UInt8(n & 0xFF), UInt8(n >> 8), UInt8(~n & 0xFF), UInt8((~n >> 8) & 0xFF)]
                out += data[offset..<(offset + n)]
                offset += n
            } while offset < data.count
            var a: UInt32 = 1, b: UInt32 = 0
            for byte in data {
                a = (a + UInt32(byte)) % 65_521
                b = (b + a) % 65_521
            }
            let adler = b << 16 | a
            return out + [UInt8(adler >> 24), UInt8(adler >> 16 & 0xFF), UInt8(adler >> 8 & 0xFF), UInt8(adler & 0xFF)]
        }
    }
}
