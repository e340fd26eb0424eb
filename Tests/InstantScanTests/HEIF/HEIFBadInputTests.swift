import CLibHeif
import Foundation
import Testing
@testable import InstantScan

/// Broken HEIF files give a clean error that says what is wrong, and the CLI names the file,
/// exits 65 and writes nothing.
extension Codecs {
    @Suite struct HEIFBadInput {
        private func plain() throws -> [UInt8] { try HEIFFixtures.plain.get().heic }

        /// `data` with the first occurrence of `old` replaced by `new` (same length).
        private func replacing(_ old: String, with new: String, in data: [UInt8]) throws -> [UInt8] {
            let pattern = Array(old.utf8)
            let at = try #require((0...(data.count - pattern.count)).first { data[$0..<$0 + pattern.count].elementsEqual(pattern) })
            var out = data
            out.replaceSubrange(at..<at + pattern.count, with: Array(new.utf8))
            return out
        }

        @Test func truncatedFiles() throws {
            let heic = try plain()
            for cut in [12, 24, 40, 200, heic.count / 4, heic.count / 2, heic.count - 100, heic.count - 1] {
                let error = Codecs.decodeError(Array(heic[0..<cut]), opaque: true)
                let text = "\(error.map { "\($0)" } ?? "")"
                #expect(error is CodecError && text.contains("HEIF"), "cut at \(cut) of \(heic.count): \(text)")
            }
        }

        /// Seeded damage to the boxes and the coded data: an image or a documented error, never
        /// a crash (AddressSanitizer watches libheif and the converter under `make test-asan`).
        @Test func seededMutations() throws {
            let small = try JPEGEncoder.encode(try CodecFixtures.photoLike(width: 256, height: 192), quality: 90,
                                               exif: HEIFFixtures.exif(orientation: .left))
            let heic = try HEIFFixtures.encode(small, name: "mutations", arguments: ["-q", "60"])
            var random = CodecFixtures.SeededGenerator(seed: 14)
            let header = min(heic.count, 500)
            for round in 0..<300 {
                var damaged = heic
                for _ in 0..<(1 + Int(random.next() % 4)) {
                    // Most damage in the boxes (where the structure is), some in the coded tiles.
                    let at = round % 4 == 3 ? Int(random.next() % UInt64(heic.count)) : Int(random.next() % UInt64(header))
                    damaged[at] = UInt8(truncatingIfNeeded: random.next())
                }
                do {
                    let decoded = try ImageReader.decodeOpaque(damaged, maximumPixels: 4_000_000)
                    #expect(decoded.pixels.width * decoded.pixels.height <= 4_000_000)
                } catch is CodecError {
                } catch is ImageError {
                } catch {
                    Issue.record("round \(round): undocumented error \(error)")
                }
            }
        }

        @Test func noPrimaryImage() throws {
            let error = Codecs.decodeError(try replacing("pitm", with: "xitm", in: try plain()), opaque: true)
            #expect("\(error.map { "\($0)" } ?? "")".contains("no primary image"), "\(String(describing: error))")
        }

        @Test func unknownCodec() throws {
            // The image item's type, renamed to a coding no decoder knows.
            let error = Codecs.decodeError(try replacing("hvc1", with: "hvq1", in: try plain()), opaque: true)
            #expect(error is CodecError, "\(String(describing: error))")
        }

        /// A missing decoder plugin names what is missing, the libheif version and the package.
        @Test func missingDecoderIsNamed() {
            let message = StaticString("Unsupported codec")
            let missing = heif_error(code: heif_error_Unsupported_feature, subcode: heif_suberror_Unsupported_codec,
                                     message: UnsafeRawPointer(message.utf8Start).assumingMemoryBound(to: CChar.self))
            let hevc = HEIFFailure.error(missing, stage: "HEIF image data", fileType: nil, codec: "HEVC")
            #expect(hevc.description.contains("libheif \(HEIFContext.libraryVersion) has no HEVC decoder"), "\(hevc)")
            #expect(hevc.description.contains("libheif-plugin-libde265"))
            let av1 = HEIFFailure.error(missing, stage: "HEIF image data", fileType: nil, codec: "AV1")
            #expect(av1.description.contains("AV1 decoder") && av1.description.contains("libheif-plugin-dav1d"), "\(av1)")
        }

        @Test func absurdDimensions() throws {
            // The `ispe` box: version and flags, then width and height.
            var heic = try plain()
            let ispe = Array("ispe".utf8)
            let at = try #require((0...(heic.count - 4)).first { heic[$0..<$0 + 4].elementsEqual(ispe) })
            for (i, byte) in [0x00, 0x03, 0x0D, 0x40, 0x00, 0x02, 0x49, 0xF0].enumerated() { heic[at + 8 + i] = UInt8(byte) }
            // 200 000 × 150 000: refused before a byte of pixels is allocated.
            let error = Codecs.decodeError(heic, opaque: true)
            #expect(error is ImageError || "\(String(describing: error))".contains("limits"), "\(String(describing: error))")
        }

        @Test func cliNamesTheFileExits65AndWritesNothing() throws {
            let folder = try TemporaryFolder()
            let heic = try plain()
            let broken = folder.path("IMG_0042.HEIC")
            try Data(heic[0..<(heic.count / 2)]).write(to: URL(fileURLWithPath: broken))
            let out = folder.path("scan.png")
            let run = try CLIRunner.run(["scan", broken, "-o", out])
            #expect(run.status == 65)
            #expect(run.stderr.contains("IMG_0042.HEIC") && run.stderr.contains("HEIF"), "\(run.stderr)")
            #expect(!FileManager.default.fileExists(atPath: out))

            // --max-megapixels refuses from the header (1200 × 900 is over 1 MP).
            let whole = folder.path("IMG_0043.heic")
            try Data(heic).write(to: URL(fileURLWithPath: whole))
            let limited = try CLIRunner.run(["scan", whole, "-o", out, "--max-megapixels", "1"])
            #expect(limited.status == 65)
            #expect(limited.stderr.contains("IMG_0043.heic") && limited.stderr.contains("above the limit"), "\(limited.stderr)")
            #expect(!FileManager.default.fileExists(atPath: out))
        }
    }
}
