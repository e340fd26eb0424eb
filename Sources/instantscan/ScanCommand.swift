import ArgumentParser
import Foundation
import InstantScan

struct ScanCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "scan",
        abstract: "Rectify and colour-correct the prints in a photo.",
        discussion: """
        Corners are TL TR BR BL of the upright print (its thick border at the bottom), in upright
        pixels of the photo (after EXIF orientation), e.g. --corners "812,634 3011,701 2877,3541 655,3399".
        With several prints, -o OUT.png writes OUT-1.png, OUT-2.png…; -o DIR/ writes DIR/PHOTO-1.png….
        """
    )

    @Argument(help: "The photo (JPEG or PNG).")
    var photo: String

    @Option(name: .shortAndLong, help: "Output file, or a folder ending in '/'.")
    var output: String

    @Option(help: "The print's corners, \"x,y x,y x,y x,y\" (TL TR BR BL, upright pixels).")
    var corners: String?

    @Option(help: "Also write a small JPEG of the photo with the prints found drawn on it.")
    var overlay: String?

    @Flag(help: "Print what was written as JSON on standard output.")
    var json = false

    @OptionGroup var settings: ScanSettings

    mutating func validate() throws {
        try settings.check()
        do {
            if let corners { _ = try CornerSyntax.corners(corners) }
        } catch let error as CornerSyntax.SyntaxError {
            throw ValidationError(error.description)
        }
    }

    func run() throws {
        var options = try settings.makeScanOptions()
        options.corners = try corners.map(CornerSyntax.corners)
        if overlay != nil { options.previewLongSide = 1200 }
        let format = settings.encoderFormat(forPath: output)
        let naming = OutputNaming(target: output, fileExtension: format.fileExtension)
        do {
            let bytes = try PhotoFile.read(photo)
            let result = try Scanner(options: options).scan(bytes)
            for warning in result.warnings { Console.warning("\(photo): \(warning)") }
            if let overlay, let preview = result.preview {
                try AtomicFile.write(try JPEGEncoder.encode(preview, quality: 85), to: overlay, protecting: [photo])
            }
            guard !result.prints.isEmpty else {
                Console.error("\(photo): no print found (give its corners with --corners \"x,y x,y x,y x,y\")")
                throw ExitCodes.noPrint
            }
            if naming.isFolder {
                try FileManager.default.createDirectory(atPath: output, withIntermediateDirectories: true)
            }
            let encoder = OutputEncoder(format: format)
            let paths = naming.paths(forPrints: result.prints.count, of: photo)
            var written: [ScanReport.Output] = []
            for (print, path) in zip(result.prints, paths) {
                try AtomicFile.write(try encoder.encode(print), to: path, overwrite: true, protecting: [photo])
                written.append(ScanReport.Output(path: path, print: print))
                if !json {
                    Console.note("\(photo) → \(path) (\(print.image.width)×\(print.image.height)\(print.format.map { ", \($0.rawValue)" } ?? ""))")
                }
            }
            if json {
                print(try ScanReport(image: photo, result: result, outputs: written).jsonString())
            }
        } catch let error as ExitCode {
            throw error
        } catch {
            Console.error(Self.message(for: error, photo: photo))
            throw ExitCodes.code(for: error)
        }
    }

    /// File errors already name their path; every other error gets the photo's name in front.
    static func message(for error: Error, photo: String) -> String {
        switch error {
        case is PhotoFile.ReadError, is AtomicFile.WriteError: return "\(error)"
        default: return "\(photo): \(error)"
        }
    }
}
