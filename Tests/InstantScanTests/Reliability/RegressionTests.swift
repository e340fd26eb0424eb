import Foundation
import Testing
@testable import InstantScan

/// Every input that ever crashed a parser or the CLI, kept as a test. Inputs found by the libFuzzer
/// harnesses live in Fuzz/regressions/HARNESS/ and are replayed here through the same calls.
extension Reliability {
    @Suite struct Regressions {
        /// `--max-megapixels` times a million overflowed Int and killed the CLI (SIGILL, exit 132)
        /// before any message; found by the options harness. Now a usage error.
        @Test(arguments: ["99999999999999", "9223372036854775807", "1000001", "0", "-5"])
        func anAbsurdPixelLimitIsAUsageError(value: String) throws {
            let run = try Subprocess.cli(["scan", "photo.jpg", "-o", "out.png", "--max-megapixels", value], timeout: 20)
            #expect(run.status == 64, "exit \(run.status): \(run.stderr)")
            #expect(run.stderr.contains("--max-megapixels"), "\(run.stderr)")
        }

        @Test func theLargestPixelLimitIsAccepted() throws {
            let folder = try TemporaryFolder()
            let photo = folder.path("photo.jpg")
            try Data(try Faults.photo()).write(to: URL(fileURLWithPath: photo))
            let run = try Subprocess.cli(["scan", photo, "-o", folder.path("out.png"), "--corners", Faults.corners.description,
                                          "--max-megapixels", "1000000"], timeout: 60)
            #expect(run.status == 0, "\(run.stderr)")
        }

        /// The saved inputs of each harness, replayed.
        static func savedInputs(_ harness: String) -> [(name: String, bytes: [UInt8])] {
            let folder = ReliabilitySupport.root.appendingPathComponent("Fuzz/regressions/\(harness)")
            let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
            return names.filter { !$0.hasPrefix(".") && !$0.hasSuffix(".md") }.sorted().compactMap { name in
                FileManager.default.contents(atPath: folder.appendingPathComponent(name).path).map { (name, [UInt8]($0)) }
            }
        }

        @Test func savedImageInputsGiveAValueOrADocumentedError() {
            for harness in ["jpeg-markers", "exif", "jpeg-decode", "png-decode", "icc"] {
                for (name, bytes) in Self.savedInputs(harness) {
                    _ = JPEGMarkers.metadata(in: bytes)
                    _ = EXIFOrientationReader.read(tiff: bytes[...])
                    for scale in [1, 2, 4, 8] {
                        do {
                            _ = try ImageReader.info(of: bytes)
                            let decoded = try ImageReader.decode(bytes, scaleDenominator: scale, maximumPixels: 1 << 20)
                            if let profile = decoded.iccProfile { _ = try ColorProfile(iccData: profile) }
                        } catch is CodecError {
                        } catch is ImageError {
                        } catch is ColorError {
                        } catch {
                            Issue.record("\(harness)/\(name): undocumented error \(error)")
                        }
                    }
                    do {
                        _ = try ColorProfile(iccData: bytes)
                    } catch is ColorError {
                    } catch {
                        Issue.record("\(harness)/\(name): undocumented error \(error)")
                    }
                }
            }
        }
    }
}

extension Reliability.Regressions {
    /// Corners of 1e30 (or 0x1p75) are numbers, so they parse, and the scanner refuses them as
    /// outside the photo; but formatting that message converted 1e30 to Int and killed the CLI
    /// (SIGILL). Found by the corners harness. The message now quotes the value.
    @Test func hugeCornersGetAMessageNotACrash() throws {
        let folder = try TemporaryFolder()
        let photo = folder.path("photo.jpg")
        try Data(try Reliability.Faults.photo()).write(to: URL(fileURLWithPath: photo))
        for corners in ["1e30,1 200,3 200,200 6,200", "12,8 70,2 0x1p75,55 2,500.5"] {
            let run = try Subprocess.cli(["scan", photo, "-o", folder.path("out.png"), "--corners", corners], timeout: 30)
            #expect(run.status == 65, "\(corners): exit \(run.status): \(run.stderr)")
            // Not convex, or outside the photo: either way a sentence quoting the corners.
            #expect(run.stderr.contains("corners ") && run.stderr.contains("e+"), "\(run.stderr)")
        }
    }

    @Test func oneDecimalFormattingTakesAnyValue() {
        #expect(String(format1: 12.34) == "12.3")
        #expect(String(format1: -0.5) == "-0.5")
        #expect(String(format1: -0.04) == "0.0")
        #expect(String(format1: 1e30) == "1e+30")
        #expect(String(format1: -3.0e22) == "-3e+22")
        #expect(String(format1: .infinity) == "inf")
        #expect(String(format1: .nan) == "nan")
    }
}
