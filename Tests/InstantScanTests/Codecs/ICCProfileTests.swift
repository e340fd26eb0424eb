import Testing
@testable import InstantScan

extension Codecs {
    @Suite struct ICCProfiles {
        /// Big enough for three APP2 chunks (65519 bytes each at most).
        private let bigProfile = CodecFixtures.iccProfile(byteCount: 150_000)

        private func plainJPEG() throws -> [UInt8] {
            try JPEGEncoder.encode(CodecFixtures.photoLike(width: 16, height: 16))
        }

        @Test func jpegEncoderEmbedsAProfileThatReadsBackIdentical() throws {
            let jpeg = try JPEGEncoder.encode(CodecFixtures.photoLike(width: 16, height: 16), iccProfile: bigProfile)
            let segments = JPEGMarkers.segments(in: jpeg)
            #expect(segments.map(\.marker).prefix(4) == [0xE0, 0xE2, 0xE2, 0xE2], "APP2 right after APP0")
            let decoded = try ImageReader.decode(jpeg)
            #expect(decoded.iccProfile == bigProfile)
            #expect(decoded.warnings.isEmpty)
            #expect(try ImageReader.info(of: jpeg).iccProfile == bigProfile)
        }

        @Test func chunksAreSplitAtTheLargestSize() throws {
            let chunks = try JPEGMarkers.iccSegments(for: bigProfile)
            #expect(chunks.map(\.count) == [65_535 + 2, 65_535 + 2, 150_000 - 2 * 65_519 + 18])
            #expect(chunks.map { $0[16] } == [1, 2, 3] && chunks.allSatisfy { $0[17] == 3 })
        }

        @Test func chunksInAnyOrderReassemble() throws {
            let chunks = try JPEGMarkers.iccSegments(for: bigProfile)
            let jpeg = CodecFixtures.inserting([chunks[2], chunks[0], chunks[1]], into: try plainJPEG())
            let metadata = JPEGMarkers.metadata(in: jpeg)
            #expect(metadata.iccProfile == bigProfile)
            #expect(metadata.warnings.isEmpty)
        }

        @Test func chunksSeparatedByOtherSegmentsReassemble() throws {
            let chunks = try JPEGMarkers.iccSegments(for: bigProfile)
            let comment: [UInt8] = [0xFF, 0xFE, 0x00, 0x05, 0x68, 0x69, 0x21]
            let jpeg = CodecFixtures.inserting([chunks[0], comment, chunks[1], comment, chunks[2]], into: try plainJPEG())
            #expect(JPEGMarkers.metadata(in: jpeg).iccProfile == bigProfile)
        }

        @Test func aMissingChunkGivesNoProfileAndAWarning() throws {
            let chunks = try JPEGMarkers.iccSegments(for: bigProfile)
            let jpeg = CodecFixtures.inserting([chunks[0], chunks[2]], into: try plainJPEG())
            let decoded = try ImageReader.decode(jpeg)
            #expect(decoded.iccProfile == nil)
            #expect(decoded.warnings == ["embedded ICC profile ignored: chunk 2 of 3 missing"])
        }

        @Test func aDuplicateChunkGivesNoProfile() throws {
            let chunks = try JPEGMarkers.iccSegments(for: bigProfile)
            let metadata = JPEGMarkers.metadata(in: CodecFixtures.inserting(chunks + [chunks[1]], into: try plainJPEG()))
            #expect(metadata.iccProfile == nil)
            #expect(metadata.warnings.first?.contains("appears twice") == true)
        }

        @Test func disagreeingCountsGiveNoProfile() throws {
            var chunks = try JPEGMarkers.iccSegments(for: bigProfile)
            chunks[1][17] = 4
            let metadata = JPEGMarkers.metadata(in: CodecFixtures.inserting(chunks, into: try plainJPEG()))
            #expect(metadata.iccProfile == nil)
            #expect(metadata.warnings.count == 1)
        }

        @Test func sequenceZeroGivesNoProfile() throws {
            var chunks = try JPEGMarkers.iccSegments(for: CodecFixtures.iccProfile(byteCount: 400))
            chunks[0][16] = 0
            let metadata = JPEGMarkers.metadata(in: CodecFixtures.inserting(chunks, into: try plainJPEG()))
            #expect(metadata.iccProfile == nil)
            #expect(metadata.warnings.count == 1)
        }

        @Test func pngICCPReadsBackIdenticalWithoutSRGB() throws {
            let image = try CodecFixtures.photoLike(width: 12, height: 12)
            // srgbIntent is also asked for: the profile wins and no sRGB chunk is written.
            let png = try PNGEncoder.encode(image, iccProfile: bigProfile, profileName: "Display P3", srgbIntent: true)
            let chunks = CodecFixtures.pngChunkTypes(png)
            #expect(chunks.contains("iCCP"))
            #expect(!chunks.contains("sRGB"))
            let decoded = try ImageReader.decode(png)
            #expect(decoded.iccProfile == bigProfile)
            #expect(decoded.isSRGBTagged == false)
            let info = try ImageReader.info(of: png)
            #expect(info.iccProfile == bigProfile && !info.isSRGBTagged)
        }

        @Test func pngWithoutProfileGetsTheSRGBChunkOnlyWhenAsked() throws {
            let image = try CodecFixtures.photoLike(width: 12, height: 12)
            let tagged = try PNGEncoder.encode(image, iccProfile: nil, srgbIntent: true)
            #expect(CodecFixtures.pngChunkTypes(tagged).contains("sRGB"))
            #expect(!CodecFixtures.pngChunkTypes(tagged).contains("iCCP"))
            #expect(try ImageReader.decode(tagged).isSRGBTagged)
            let untagged = try PNGEncoder.encode(image, iccProfile: nil, srgbIntent: false)
            #expect(CodecFixtures.pngChunkTypes(untagged) == ["IHDR", "IDAT", "IEND"])
            #expect(try ImageReader.decode(untagged).isSRGBTagged == false)
        }

        @Test func aProfileLibpngRejectsFailsTheEncodeClearly() throws {
            var broken = CodecFixtures.iccProfile(byteCount: 400)
            broken[36] = 0x78  // not "acsp"
            let image = try CodecFixtures.photoLike(width: 4, height: 4)
            #expect(throws: CodecError.self) { try PNGEncoder.encode(image, iccProfile: broken, srgbIntent: false) }
        }

        @Test func aProfileOver16MiBIsRefusedByThePNGEncoder() throws {
            let huge = [UInt8](repeating: 0, count: 16 * 1024 * 1024 + 4)  // refused on size alone
            let image = try PixelBuffer(width: 4, height: 4, filledWith: 0)
            #expect(throws: CodecError.encodeFailed("PNG: ICC profile larger than 16 MiB")) {
                try PNGEncoder.encode(image, iccProfile: huge, srgbIntent: false)
            }
        }

        @Test func anOversizedProfileIsRefusedByTheJPEGEncoder() throws {
            let huge = [UInt8](repeating: 1, count: 255 * 65_519 + 1)
            #expect(throws: CodecError.self) {
                try JPEGEncoder.encode(PixelBuffer(width: 4, height: 4, filledWith: 0), iccProfile: huge)
            }
        }
    }
}
