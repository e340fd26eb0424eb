import Foundation
import Testing
@testable import InstantScan

/// HEIC files the tests make for themselves: a rendered scene encoded first as JPEG by the
/// project, then as HEIC from that JPEG by libheif's `heif-enc` with x265 (installed by
/// `make test-deps`), as a phone would save the same photo. Each is encoded once per test run.
///
/// heif-enc turns the JPEG's EXIF orientation into the HEIF `irot` transformation and keeps the
/// EXIF block (orientation included) as it is: exactly what iPhones write, so a reader that also
/// applied the EXIF orientation would turn the photo twice.
enum HEIFFixtures {
    /// A photo as JPEG and as HEIC.
    struct Pair: Sendable {
        /// The JPEG, with the profile of its pixels (Display P3 for the nclx fixture too).
        var jpeg: [UInt8]
        var heic: [UInt8]
        /// The print's corners in upright pixels.
        var corners: Quad
    }

    /// The capture date every fixture's EXIF carries.
    static let captureDate = CaptureDate(year: 2024, month: 3, day: 12, hour: 14, minute: 3, second: 22)!

    /// The scene: a Polaroid on wood under warm light, 1200 × 900 upright.
    static var scene: SceneMaker {
        var s = SceneMaker()
        s.surface = .wood(angle: 0.3)
        s.prints = [.init(format: .polaroid600, corners: DetectionScenes.corners(.polaroid600, rotation: 0.12))]
        return s
    }

    /// Upright sRGB, no profile: HEIC with the default `nclx` (sRGB).
    static let plain: Result<Pair, FixtureError> = make(name: "plain", orientation: .up)
    /// Stored turned (EXIF orientation 6 in the JPEG): HEIC with `irot` 270° and EXIF orientation 6.
    static let rotated: Result<Pair, FixtureError> = make(name: "rotated", orientation: .right)
    /// Display P3 pixels with the project's Display P3 profile: HEIC with a `prof` box.
    static let displayP3: Result<Pair, FixtureError> = make(name: "p3", orientation: .up, displayP3: .icc)
    /// Display P3 pixels described only by `nclx` (primaries 12, sRGB transfer), no ICC profile.
    static let nclxP3: Result<Pair, FixtureError> = make(name: "nclx-p3", orientation: .up, displayP3: .nclx)

    enum P3Description { case icc, nclx }

    struct FixtureError: Error, CustomStringConvertible {
        var description: String
    }

    /// heif-enc, where `make test-deps` installs it.
    static let encoder: String? = ["/usr/bin/heif-enc", "/usr/local/bin/heif-enc"].first {
        FileManager.default.isExecutableFile(atPath: $0)
    }

    private static func make(name: String, orientation: Orientation, displayP3: P3Description? = nil) -> Result<Pair, FixtureError> {
        Result {
            let maker = scene
            var pixels = try maker.render()
            if displayP3 != nil {
                try ColorConverter(from: .sRGB, to: .displayP3).convert(pixels)
            }
            if orientation != .up {
                pixels = try CodecFixtures.stored(pixels, for: orientation.rawValue)
            }
            // The JPEG of reference carries the profile its pixels are in; heif-enc gets it without
            // one when the HEIC is to describe them by nclx alone.
            let jpeg = try JPEGEncoder.encode(pixels, quality: 95, iccProfile: displayP3 != nil ? ColorProfile.displayP3.iccData : nil,
                                              exif: exif(orientation: orientation))
            var arguments = ["-q", "90", "-p", "preset=fast"]
            var input = jpeg
            if displayP3 == .nclx {
                arguments += ["--colour_primaries", "12", "--transfer_characteristic", "13", "--matrix_coefficients", "6"]
                input = try JPEGEncoder.encode(pixels, quality: 95, exif: exif(orientation: orientation))
            }
            let heic = try encode(input, name: name, arguments: arguments)
            return Pair(jpeg: jpeg, heic: heic, corners: maker.prints[0].corners)
        }.mapError { FixtureError(description: "\(name) fixture: \($0)") }
    }

    /// EXIF with the capture date and `orientation` (EXIFWriter always writes 1: patched here).
    static func exif(orientation: Orientation) -> [UInt8] {
        var tiff = EXIFWriter(software: "InstantScan tests", dateTimeOriginal: captureDate).tiff()
        // Little-endian IFD entry: tag 0x0112, type SHORT, count 1, value.
        let entry: [UInt8] = [0x12, 0x01, 0x03, 0x00, 0x01, 0x00, 0x00, 0x00]
        if let at = (0..<(tiff.count - entry.count - 2)).first(where: { tiff[$0..<$0 + entry.count].elementsEqual(entry) }) {
            tiff[at + 8] = UInt8(orientation.rawValue)
            tiff[at + 9] = 0
        }
        return tiff
    }

    /// Encodes `input` (a JPEG or PNG file's bytes) with heif-enc; `arguments` go before the input.
    static func encode(_ input: [UInt8], name: String, arguments: [String], outputExtension: String = "heic") throws -> [UInt8] {
        guard let encoder else {
            throw FixtureError(description: "heif-enc is not installed (run `make test-deps`)")
        }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("instantscan-heif-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let isPNG = input.starts(with: ImageFormat.pngSignature)
        let source = folder.appendingPathComponent("\(name).\(isPNG ? "png" : "jpg")")
        let output = folder.appendingPathComponent("\(name).\(outputExtension)")
        try Data(input).write(to: source)
        let run = try ChildProcess.run(encoder, arguments + [source.path, "-o", output.path])
        guard run.status == 0, !run.hung, let bytes = try? Data(contentsOf: output) else {
            throw FixtureError(description: "heif-enc failed (\(run.hung ? "hung" : "exit \(run.status)")): \(run.standardError)")
        }
        return [UInt8](bytes)
    }

    /// The real phone photos in Tests/InstantScanTests/HEIF/Phones (see its README).
    static func phoneFile(_ name: String) throws -> [UInt8] {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Phones/\(name)")
        return [UInt8](try Data(contentsOf: url))
    }
}
