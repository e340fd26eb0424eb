import ArgumentParser
import Foundation
import InstantScan

struct ScanCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "scan",
        abstract: "Rectify and colour-correct the prints in a photo (or in several).",
        discussion: """
        Corners are TL TR BR BL of the upright print (its thick border at the bottom), in upright
        pixels of the photo (after EXIF orientation), e.g. --corners "812,634 3011,701 2877,3541 655,3399".
        With several prints, -o OUT.png writes OUT-1.png, OUT-2.png…; -o DIR/ writes DIR/PHOTO-1.png….
        Several photos need -o DIR/ and, with --corners, one --corners per photo in the same order.
        --same-light estimates the light from all the photos together and applies that one
        correction to each, so prints shot under one lamp come out alike.
        """
    )

    @Argument(help: "The photo (JPEG or PNG), or several.")
    var photos: [String]

    @Option(name: .shortAndLong, help: "Output file, or a folder ending in '/'.")
    var output: String

    @Option(help: "The print's corners, \"x,y x,y x,y x,y\" (TL TR BR BL, upright pixels); once per photo.",
            transform: ArgumentSyntax.corners)
    var corners: [Quad] = []

    @Flag(help: "Estimate one light from all the photos given and correct each with it (per photo by default).")
    var sameLight = false

    @Option(help: "Also write a small JPEG of the photo with the prints found drawn on it (one photo only).")
    var overlay: String?

    @Option(help: "Also write each print's glare map as a grey PNG the card's size (white: glare), named like the outputs (one photo only).")
    var glareMap: String?

    @Flag(help: "Print what was written as JSON on standard output (one line per photo).")
    var json = false

    @OptionGroup var settings: ScanSettings

    mutating func validate() throws {
        try settings.check()
        if photos.isEmpty { throw ValidationError("give a photo to scan") }
        if photos.count > 1 {
            if !OutputNaming(target: output, fileExtension: "png").isFolder {
                throw ValidationError("with several photos, -o must be a folder (end it with '/')")
            }
            if overlay != nil { throw ValidationError("--overlay takes one photo") }
            if glareMap != nil { throw ValidationError("--glare-map takes one photo") }
        }
        if !corners.isEmpty && corners.count != photos.count {
            throw ValidationError("give --corners once per photo (\(photos.count) photos, \(corners.count) --corners)")
        }
        if settings.whiteBalance == .none && sameLight {
            throw ValidationError("--same-light needs white balance (--white-balance frame or gray-world)")
        }
    }

    func run() throws {
        var options = settings.makeScanOptions()
        if overlay != nil { options.previewLongSide = 1200 }
        let scanner = PrintScanner(options: options)
        let perPhoto: [Quad?] = corners.isEmpty ? photos.map { _ in nil } : corners
        var shared: LightEstimate?
        if sameLight {
            var estimates: [LightEstimate] = []
            for (photo, corners) in zip(photos, perPhoto) {
                do {
                    estimates += try scanner.estimateLight(try PhotoFile.read(photo), corners: corners)
                } catch {
                    Console.error(Self.message(for: error, photo: photo))
                    throw ExitCodes.code(for: error)
                }
            }
            guard !estimates.isEmpty else {
                Console.error("no print found in any photo to estimate the light from")
                throw ExitCodes.noPrint
            }
            shared = LightEstimate.combined(estimates)
        }
        // Each photo is scanned on its own; with several, a failure is reported and the rest go on.
        var failure: ExitCode?
        for (photo, corners) in zip(photos, perPhoto) {
            do {
                try scan(photo, with: scanner, corners: corners, light: shared)
            } catch let error as ExitCode {
                failure = failure ?? error
            }
        }
        if let failure { throw photos.count == 1 ? failure : ExitCodes.someFailed }
    }

    /// Scans one photo and writes its prints.
    func scan(_ photo: String, with scanner: PrintScanner, corners: Quad?, light: LightEstimate?) throws {
        let format = settings.encoderFormat(forPath: output)
        let naming = OutputNaming(target: output, fileExtension: format.fileExtension)
        do {
            let bytes = try PhotoFile.read(photo)
            var result = try scanner.scan(bytes, corners: corners, light: light)
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
                try encoder.write(print, to: path, overwrite: true, protecting: photos, timings: &result.timings)
                written.append(ScanReport.Output(path: path, print: print))
                if let glareMap, let glare = print.glare {
                    let mapPath = OutputNaming(target: glareMap, fileExtension: "png").paths(forPrints: result.prints.count, of: photo)[written.count - 1]
                    let image = try glare.map.image(size: PixelSize(width: print.image.width, height: print.image.height))
                    try OutputEncoder(format: .png(.fast)).write(image, profile: .srgb, to: mapPath, overwrite: true,
                                                                 protecting: photos + paths, timings: &result.timings)
                }
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
    static func message(for error: Error, photo: String, command: FlagHint.Command = .scan) -> String {
        let text = FlagHint.message(for: error, in: command)
        switch error {
        case is PhotoFile.ReadError, is AtomicFile.WriteError: return text
        default: return "\(photo): \(text)"
        }
    }
}
