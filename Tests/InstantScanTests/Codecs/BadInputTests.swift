import CTurboJPEG
import Testing
@testable import InstantScan

/// Hostile or broken input gives a clean, explained error: never a crash, a hang or an allocation
/// sized by a lie in a header.
extension Codecs {
    @Suite struct BadInput {
        @Test func emptyData() {
            #expect(throws: CodecError.notAnImage) { try ImageReader.decode([]) }
            #expect(throws: CodecError.notAnImage) { try ImageReader.info(of: []) }
            #expect(CodecError.notAnImage.description == "not a JPEG, PNG, HEIC or AVIF image")
        }

        @Test func randomBytes() {
            var random = CodecFixtures.SeededGenerator(seed: 3)
            for length in [1, 2, 7, 100, 5000] {
                var bytes = (0..<length).map { _ in UInt8(truncatingIfNeeded: random.next()) }
                bytes[0] = 0x00
                #expect(throws: CodecError.notAnImage) { try ImageReader.decode(bytes) }
            }
        }

        @Test func garbageAfterASignature() {
            var random = CodecFixtures.SeededGenerator(seed: 4)
            for prefix in [[0xFF, 0xD8] as [UInt8], [0xFF, 0xD8, 0xFF], ImageFormat.pngSignature] {
                for length in [0, 1, 10, 3000] {
                    let data = prefix + (0..<length).map { _ in UInt8(truncatingIfNeeded: random.next()) }
                    let error = Codecs.decodeError(data)
                    #expect(error is CodecError, "\(prefix.count)+\(length) bytes: \(String(describing: error))")
                }
            }
        }

        @Test func truncatedJPEG() throws {
            let jpeg = try JPEGEncoder.encode(CodecFixtures.photoLike(width: 64, height: 48), iccProfile: CodecFixtures.iccProfile(byteCount: 400))
            let sos = JPEGMarkers.segments(in: jpeg).first { $0.marker == 0xDA }!
            for cut in [2, 3, 10, 30, 200, 500, sos.payloadOffset, (sos.payloadOffset + jpeg.count) / 2, jpeg.count - 40, jpeg.count - 1] {
                let error = Codecs.decodeError(Array(jpeg[0..<cut])) as? CodecError
                #expect(error?.description.hasPrefix("truncated JPEG data") == true,
                        "cut at \(cut) of \(jpeg.count): \(String(describing: error))")
            }
        }

        @Test func truncatedPNG() throws {
            let png = try PNGEncoder.encode(CodecFixtures.photoLike(width: 64, height: 48), iccProfile: nil, srgbIntent: true)
            let iend = png.count - 12
            for cut in [2, 4, 8, 20, 33, 50, png.count / 2, iend - 4] {
                let error = Codecs.decodeError(Array(png[0..<cut])) as? CodecError
                #expect(error?.description.hasPrefix("truncated PNG data") == true, "cut at \(cut): \(String(describing: error))")
            }
            // Every row is there, only IEND is cut: the image decodes, with a warning.
            let nearlyWhole = try ImageReader.decode(Array(png[0..<(png.count - 1)]))
            #expect(nearlyWhole.pixels.size == PixelSize(width: 64, height: 48))
            #expect(nearlyWhole.warnings.contains { $0.contains("after the image data") })
        }

        @Test func damageInsideTheScanIsCorruptNotTruncated() throws {
            var jpeg = try JPEGEncoder.encode(CodecFixtures.photoLike(width: 64, height: 48))
            // A marker (JPG, 0xFFC8) in the middle of the entropy-coded data.
            jpeg[jpeg.count / 2 + 1] = 0xFF
            jpeg[jpeg.count / 2 + 2] = 0xC8
            let error = Codecs.decodeError(jpeg) as? CodecError
            #expect(error?.description.hasPrefix("corrupt JPEG data") == true, "\(String(describing: error))")
        }

        @Test func hugeJPEGHeaderIsRefusedBeforeAllocation() throws {
            let jpeg = try JPEGEncoder.encode(CodecFixtures.photoLike(width: 16, height: 16))
            // libjpeg's own limit is 65500 a side: just under it, our pixel limit refuses.
            let lying = CodecFixtures.patchingFrameSize(of: jpeg, width: 65500, height: 65500)
            let info = try ImageReader.info(of: lying)
            #expect(info.storedSize == PixelSize(width: 65500, height: 65500))
            for scale in [1, 8] {
                #expect(throws: ImageError.tooManyPixels(width: 65500, height: 65500, limit: PixelBuffer.defaultMaximumPixels)) {
                    try ImageReader.decode(lying, scaleDenominator: scale)
                }
            }
            // Past it, the size is reported as invalid rather than as libjpeg's complaint.
            let beyond = CodecFixtures.patchingFrameSize(of: jpeg, width: 65535, height: 65535)
            #expect(throws: ImageError.invalidDimensions(width: 65535, height: 65535)) { try ImageReader.decode(beyond) }
        }

        @Test func hugePNGHeaderIsRefusedBeforeAllocation() throws {
            let lying = CodecFixtures.pngHeaderOnly(width: 65535, height: 65535)
            let info = try ImageReader.info(of: lying + CodecFixtures.pngChunk("IDAT", [1, 2, 3]))
            #expect(info.storedSize == PixelSize(width: 65535, height: 65535))
            #expect(throws: ImageError.tooManyPixels(width: 65535, height: 65535, limit: PixelBuffer.defaultMaximumPixels)) {
                try ImageReader.decode(lying + CodecFixtures.pngChunk("IDAT", [1, 2, 3]))
            }
            #expect(throws: ImageError.self) { 
                try ImageReader.decode(CodecFixtures.pngHeaderOnly(width: 1 << 21, height: 1) + CodecFixtures.pngChunk("IDAT", [1]))
            }
        }

        @Test func aLowerPixelLimitIsHonoured() throws {
            let jpeg = try JPEGEncoder.encode(CodecFixtures.photoLike(width: 40, height: 30))
            #expect(throws: ImageError.tooManyPixels(width: 40, height: 30, limit: 1000)) {
                try ImageReader.decode(jpeg, maximumPixels: 1000)
            }
        }

        @Test func zeroSizedImages() throws {
            let jpeg = try JPEGEncoder.encode(CodecFixtures.photoLike(width: 16, height: 16))
            for (w, h) in [(0, 0), (16, 0), (0, 16)] {
                #expect(throws: ImageError.invalidDimensions(width: w, height: h)) {
                    try ImageReader.decode(CodecFixtures.patchingFrameSize(of: jpeg, width: w, height: h))
                }
                let pngError = Codecs.decodeError(CodecFixtures.pngHeaderOnly(width: w, height: h) + CodecFixtures.pngChunk("IEND", []))
                #expect((pngError as? CodecError)?.description.contains("is zero in IHDR") == true, "PNG \(w)×\(h): \(String(describing: pngError))")
            }
        }

        @Test func cmykJPEGIsUnsupported() throws {
            // TurboJPEG writes a YCCK JPEG from CMYK samples.
            let cmyk = [UInt8](repeating: 40, count: 16 * 16 * 4)
            let handle = try TurboJPEGHandle.compressor()
            let jpeg = try #require(cmyk.withUnsafeBytes {
                handle.compress(rows: $0.baseAddress!, width: 16, pitch: 64, height: 16, pixelFormat: TJPF_CMYK,
                                subsampling: TJSAMP_444, quality: 90, flags: 0)
            })
            #expect(throws: CodecError.unsupported("CMYK JPEG images (only RGB and greyscale photos are read)")) {
                try ImageReader.decode(jpeg)
            }
        }

        @Test func corruptedFilesNeverCrash() throws {
            // A small mutation fuzzer over valid files: every outcome must be an image or a clean error.
            let image = try CodecFixtures.photoLike(width: 24, height: 16)
            let exif = CodecFixtures.exifSegment(orientation: 6, littleEndian: true)
            let seeds = [
                CodecFixtures.inserting([exif] + (try JPEGMarkers.iccSegments(for: CodecFixtures.iccProfile(byteCount: 300))),
                                        into: try JPEGEncoder.encode(image)),
                try PNGEncoder.encode(image, iccProfile: CodecFixtures.iccProfile(byteCount: 300), srgbIntent: false),
            ]
            var random = CodecFixtures.SeededGenerator(seed: 11)
            for seed in seeds {
                for _ in 0..<300 {
                    var data = seed
                    for _ in 0..<(1 + Int(random.next() % 4)) {
                        // Mutations land mostly in the header, where the parsers live.
                        let span = random.next() % 4 == 0 ? data.count : min(data.count, 700)
                        let at = Int(random.next() % UInt64(span))
                        switch random.next() % 3 {
                        case 0: data[at] = UInt8(truncatingIfNeeded: random.next())
                        case 1: data[at] = [0x00, 0xFF, 0x7F, 0x80][Int(random.next() % 4)]
                        default: data.removeSubrange(at..<min(data.count, at + Int(random.next() % 64)))
                        }
                    }
                    do {
                        _ = try ImageReader.info(of: data)
                        let decoded = try ImageReader.decode(data, maximumPixels: 1 << 22)
                        #expect(decoded.pixels.width > 0)
                    } catch is CodecError {
                    } catch is ImageError {
                    }
                    _ = JPEGMarkers.metadata(in: data)
                }
            }
        }
    }
}
