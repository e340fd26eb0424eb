import ArgumentParser
import CLISupport
import Foundation
import InstantScan
import SystemPackage

struct ScanCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "scan",
        abstract: "Rectify and colour-correct the prints in a photo (or in several).",
        discussion: """
        Corners are TL TR BR BL of the upright print (its thick border at the bottom), in upright \
        pixels of the photo (after EXIF orientation), e.g. --corners "812,634 3011,701 2877,3541 655,3399". \
        A print running off the photo may have corners outside it, e.g. --corners "-5,-5 300,-3 305,240 -4,238". With one \
        photo, give --corners once per print to scan several prints of it. Several photos need -o DIR/ \
        and, with --corners, one --corners per photo in the same order.

        With several prints, -o OUT.png writes OUT-1.png, OUT-2.png and so on; -o DIR/ writes DIR/PHOTO-1.png and so on \
        (photos whose names differ only by extension or case keep it: a.jpg writes DIR/a-1.png, a.png writes DIR/a.png-1.png). \
        -o - writes the scan of one print to standard output. An existing output is never replaced \
        unless --overwrite; an input photo never is.

        --same-light estimates the light from all the photos together and applies that one \
        correction to each, so prints shot under one lamp come out alike.
        """
    )

    @Argument(help: "The photo (JPEG, PNG, HEIC or AVIF), or several.")
    var photos: [String]

    @Option(name: .shortAndLong, help: "Output file (.png, .jpg), a folder ending in '/', or - for standard output.")
    var output: String

    @Option(parsing: .unconditionalSingleValue,
            help: "A print's corners, \"x,y x,y x,y x,y\" (TL TR BR BL, upright pixels); once per photo, or once per print of one photo.",
            transform: ArgumentSyntax.corners)
    var corners: [Quad] = []

    @Flag(help: "Replace existing outputs (never an input photo).")
    var overwrite = false

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
        if output == "-" {
            if photos.count > 1 { throw ValidationError("-o - writes one scan to standard output: give one photo") }
            if json { throw ValidationError("-o - and --json both write to standard output: give one of them") }
            if glareMap == "-" || overlay == "-" { throw ValidationError("only -o may be - (standard output)") }
        } else if let problem = OutputKind.extensionProblem(output) {
            throw ValidationError(problem)
        }
        if photos.count > 1 {
            if !OutputNaming(target: output, fileExtension: "png").isFolder {
                throw ValidationError("with several photos, -o must be a folder (end it with '/')")
            }
            if overlay != nil { throw ValidationError("--overlay takes one photo") }
            if glareMap != nil { throw ValidationError("--glare-map takes one photo") }
        }
        if !corners.isEmpty && corners.count != photos.count && photos.count > 1 {
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
        // One photo: each --corners is one of its prints. Several: one --corners per photo.
        let perPhoto: [[Quad?]] = photos.indices.map { index in
            if corners.isEmpty { return [nil] }
            return photos.count == 1 ? corners : [corners[index]]
        }
        var shared: LightEstimate?
        if sameLight {
            var estimates: [LightEstimate] = []
            for (photo, corners) in zip(photos, perPhoto) {
                do {
                    let bytes = try PhotoFile.read(photo)
                    for quad in corners { estimates += try scanner.estimateLight(bytes, corners: quad) }
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
        let stems = OutputStems.stems(for: photos.map { URL(fileURLWithPath: $0).lastPathComponent })
        let claims = OutputClaims()
        for (photo, corners) in zip(photos, perPhoto) {
            do {
                try scan(photo, with: scanner, corners: corners, light: shared,
                         stem: stems[SystemPath.Key(URL(fileURLWithPath: photo).lastPathComponent)], claims: claims)
            } catch let error as ExitCode {
                failure = failure ?? error
            }
        }
        if let failure { throw photos.count == 1 ? failure : ExitCodes.someFailed }
    }

    /// Scans one photo (once per set of corners given) and writes its prints.
    func scan(_ photo: String, with scanner: PrintScanner, corners: [Quad?], light: LightEstimate?,
              stem: String?, claims: OutputClaims) throws {
        let format = settings.encoderFormat(forPath: output == "-" ? nil : output)
        let naming = OutputNaming(target: output, fileExtension: format.fileExtension)
        let inputs = ProtectedFiles(photos)
        // The scans are only written, as this PNG or JPEG: they are made band by band and never exist whole.
        var scanner = scanner
        switch format {
        case let .png(compression): scanner.options.streamedPNG = compression
        case let .jpeg(quality): scanner.options.streamedJPEG = quality
        }
        // Beside the output, as its temporary file will be: a folder not made yet keeps them in memory.
        if output != "-" {
            let slash = output.lastIndex(of: "/")
            scanner.options.spillFolder = naming.isFolder ? output
                : slash.map { $0 == output.startIndex ? "/" : String(output[..<$0]) } ?? "."
        }
        do {
            let bytes = try PhotoFile.read(photo)
            // Every print placed by hand is scanned with the others, as detected ones are: their
            // white frames lend their light to the prints whose frames are not white.
            var result = try scanner.scan(bytes, corners: corners.compactMap { $0 }, light: light)
            for warning in WarningLines.condensed(result.warnings) { Console.warning("\(Terminal.safe(photo)): \(warning)") }
            if let overlay, let preview = result.preview {
                try claims.claim([overlay], for: "the overlay of \(photo)")
                try AtomicFile.write(try JPEGEncoder.encode(preview, quality: 85), to: overlay, overwrite: overwrite, protecting: inputs)
            }
            guard !result.prints.isEmpty else {
                Console.error("\(Terminal.safe(photo)): no print found (give its corners with --corners \"x,y x,y x,y x,y\")")
                throw ExitCodes.noPrint
            }
            let encoder = OutputEncoder(format: format)
            if output == "-" {
                guard result.prints.count == 1 else {
                    Console.error("\(Terminal.safe(photo)): -o - writes one scan, and \(result.prints.count) prints were found; write them to a folder (-o DIR/)")
                    throw ExitCodes.cannotCreate
                }
                let encoded = try encoder.encode(result.prints[0])
                do {
                    try FileDescriptor.standardOutput.writeAll(encoded)
                } catch {
                    Console.error("cannot write to standard output: \(error)")
                    throw ExitCode(74)
                }
                return
            }
            if naming.isFolder {
                try OutputFolder.create(output)
            }
            let paths = naming.paths(forPrints: result.prints.count, of: photo, stem: stem)
            try claims.claim(paths, for: "a scan of \(photo)")
            let mapPaths = glareMap.map { OutputNaming(target: $0, fileExtension: "png").paths(forPrints: result.prints.count, of: photo, stem: stem) }
            if let mapPaths { try claims.claim(mapPaths, for: "a glare map of \(photo)") }
            if !overwrite, let existing = (paths + (mapPaths ?? [])).first(where: SystemPath.exists) {
                throw AtomicFile.WriteError.exists(existing)
            }
            var written: [ScanReport.Output] = []
            for (print, path) in zip(result.prints, paths) {
                try encoder.write(print, to: path, overwrite: overwrite, protecting: inputs, timings: &result.timings)
                written.append(ScanReport.Output(path: path, print: print))
                if let mapPaths, let glare = print.glare {
                    let mapPath = mapPaths[written.count - 1]
                    let image = try glare.map.image(size: PixelSize(width: print.image.width, height: print.image.height))
                    try OutputEncoder(format: .png(.fast)).write(image, profile: .srgb, to: mapPath, overwrite: overwrite,
                                                                 protecting: inputs, timings: &result.timings)
                }
                if !json {
                    Console.note("\(Terminal.safe(photo)) → \(Terminal.safe(path)) (\(print.image.width)×\(print.image.height)\(print.format.map { ", \($0.rawValue)" } ?? ""))")
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
        case is PhotoFile.ReadError, is AtomicFile.WriteError, is OutputClaims.Collision: return Terminal.safe(text)
        default: return Terminal.safe("\(photo): \(text)")
        }
    }
}
