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

    @Option(help: "The print's format when you know it: \(PrintFormat.allCases.map(\.rawValue).joined(separator: ", ")).")
    var printFormat: PrintFormat?

    @Option(help: "What to keep: card (whole print) or window (the picture alone).")
    var crop: ScanOptions.Crop = .card

    @Option(help: "Output size WxH (default: the print's own resolution at its true aspect ratio).")
    var size: String?

    @Option(help: "Output long side in pixels, keeping the true aspect ratio.")
    var longSide: Int?

    @Option(help: "Ends-in contrast stretch LOW,HIGH in percent; 0,0 turns it off.")
    var stretch: String = "1,1"

    @Option(help: "Output colour space: srgb or display-p3.")
    var profile: BuiltInProfile = .srgb

    @Option(help: "Output format: png or jpeg (default: from the output's extension, else png).")
    var format: OutputKind?

    @Option(help: "JPEG quality, 1–100.")
    var quality: Int = 92

    @Option(help: "PNG compression: fast, balanced or small.")
    var pngCompression: PNGEncoder.Compression = .fast

    @Option(help: "Resampling: bilinear or bicubic.")
    var interpolation: Interpolation = .bilinear

    @Option(help: "Refuse photos larger than this many megapixels (checked before decoding).")
    var maxMegapixels: Int = PixelBuffer.defaultMaximumPixels / 1_000_000

    @Flag(help: "Print what was written as JSON on standard output.")
    var json = false

    mutating func validate() throws {
        if size != nil && longSide != nil { throw ValidationError("give --size or --long-side, not both") }
        if let longSide, !(1...65_535).contains(longSide) { throw ValidationError("--long-side must be from 1 to 65535") }
        if !(1...100).contains(quality) { throw ValidationError("--quality must be from 1 to 100") }
        if maxMegapixels < 1 { throw ValidationError("--max-megapixels must be at least 1") }
        do {
            if let corners { _ = try CornerSyntax.corners(corners) }
            if let size { _ = try CornerSyntax.size(size) }
            _ = try CornerSyntax.percentPair(stretch)
        } catch let error as CornerSyntax.SyntaxError {
            throw ValidationError(error.description)
        }
    }

    func run() throws {
        var options = ScanOptions()
        options.corners = try corners.map(CornerSyntax.corners)
        options.format = printFormat
        options.crop = crop
        if let size { options.outputSize = .exact(try CornerSyntax.size(size)) }
        if let longSide { options.outputSize = .longSide(longSide) }
        let (low, high) = try CornerSyntax.percentPair(stretch)
        options.stretch = low == 0 && high == 0 ? nil : try EndsInStretch(percentLow: low, percentHigh: high)
        options.outputProfile = profile
        options.interpolation = interpolation
        options.maximumPixels = maxMegapixels * 1_000_000

        let naming = OutputNaming(target: output, fileExtension: (format ?? OutputKind(path: output)).fileExtension)
        let encoder = OutputEncoder(format: (format ?? OutputKind(path: output)) == .jpeg
            ? .jpeg(quality: quality) : .png(pngCompression))
        do {
            let bytes = try PhotoFile.read(photo)
            let result = try Scanner(options: options).scan(bytes)
            for warning in result.warnings { Console.warning("\(photo): \(warning)") }
            guard !result.prints.isEmpty else {
                Console.error("\(photo): no print found (give its corners with --corners \"x,y x,y x,y x,y\")")
                throw ExitCodes.noPrint
            }
            if naming.isFolder {
                try FileManager.default.createDirectory(atPath: output, withIntermediateDirectories: true)
            }
            let paths = naming.paths(forPrints: result.prints.count, of: photo)
            var written: [ScanReport.Output] = []
            for (print, path) in zip(result.prints, paths) {
                try AtomicFile.write(try encoder.encode(print), to: path, overwrite: true, protecting: [photo])
                written.append(ScanReport.Output(path: path, print: print))
                if !json { Console.note("\(photo) → \(path) (\(print.image.width)×\(print.image.height)\(print.format.map { ", \($0.rawValue)" } ?? ""))") }
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

/// The container written.
enum OutputKind: String, ExpressibleByArgument, CaseIterable {
    case png, jpeg

    init(path: String) {
        let ext = URL(fileURLWithPath: path).pathExtension.lowercased()
        self = ext == "jpg" || ext == "jpeg" ? .jpeg : .png
    }

    var fileExtension: String { self == .jpeg ? "jpg" : "png" }
}

extension PrintFormat: ExpressibleByArgument {}
extension ScanOptions.Crop: ExpressibleByArgument {}
extension BuiltInProfile: ExpressibleByArgument {}
extension PNGEncoder.Compression: ExpressibleByArgument {}
extension Interpolation: ExpressibleByArgument {}
