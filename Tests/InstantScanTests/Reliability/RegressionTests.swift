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
