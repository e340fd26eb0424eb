import ArgumentParser
import CLISupport
import Foundation
import InstantScan

struct MergeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "merge",
        abstract: "Merge several photos of one glossy print into one scan without the glare.",
        discussion: """
        Shoot the print two or three times at different angles, so that the reflection falls on a \
        different part each time. Each photo's print is found (or given with --corners, once per \
        photo in the same order), rectified into one frame, aligned to a fraction of a pixel, and \
        fused preferring the photos without glare there; the colour is then corrected once. \
        `scan` warns when a print has glare over 4% of its picture. A photo that does not show the \
        same print as the reference (the one most others agree with, then the one that sees the print \
        largest) is left out, named with \
        the reason. Exit 0 when every photo was merged, 1 when the scan was written without a \
        photo that was left out, 65 when fewer than two photos show the same print (nothing written).
        """
    )

    @Argument(help: "Two or more photos (JPEG, PNG, HEIC or AVIF) of the same print.")
    var shots: [String]

    @Option(name: .shortAndLong, help: "Output file (PNG or JPEG, from the extension or --format).")
    var output: String

    @Flag(help: "Replace an existing output (never an input photo).")
    var overwrite = false

    @Option(parsing: .unconditionalSingleValue,
            help: "The print's corners in each photo, \"x,y x,y x,y x,y\" (TL TR BR BL, upright pixels); once per photo.",
            transform: ArgumentSyntax.corners)
    var corners: [Quad] = []

    @Flag(help: "Print what was written, per photo its glare and alignment, as JSON on standard output.")
    var json = false

    @OptionGroup var settings: ScanSettings

    mutating func validate() throws {
        try settings.check()
        if shots.count < 2 { throw ValidationError("give at least two photos of the print to merge") }
        if OutputNaming(target: output, fileExtension: "png").isFolder {
            throw ValidationError("-o must be a file, not a folder")
        }
        if output == "-" { throw ValidationError("merge writes a file: give -o a .png or .jpg path, not -") }
        if let problem = OutputKind.extensionProblem(output) { throw ValidationError(problem) }
        if !corners.isEmpty && corners.count != shots.count {
            throw ValidationError("give --corners once per photo (\(shots.count) photos, \(corners.count) --corners)")
        }
    }

    func run() throws {
        let options = settings.makeScanOptions()
        var inputs: [Shot] = []
        for (index, path) in shots.enumerated() {
            do {
                let corners = self.corners.isEmpty ? nil : self.corners[index]
                inputs.append(Shot(data: try PhotoFile.read(path), name: path, corners: corners))
            } catch {
                Console.error(ScanCommand.message(for: error, photo: path, command: .merge))
                throw ExitCodes.code(for: error)
            }
        }
        var someLeftOut = false
        do {
            var result = try ShotMerger(options: options).merge(inputs)
            for warning in result.warnings { Console.warning(warning) }
            try OutputEncoder(format: settings.encoderFormat(forPath: output))
                .write(result.print, to: output, overwrite: overwrite, protecting: ProtectedFiles(shots), timings: &result.timings)
            if json {
                print(try MergeReport(output: output, result: result).jsonString())
            } else {
                let used = result.shots.filter(\.used).count
                Console.note("\(used) shots → \(output) (\(result.print.image.width)×\(result.print.image.height), glare left \(Self.percent(result.print.glare?.share ?? 0)))")
            }
            someLeftOut = result.shots.contains { !$0.used }
        } catch let error as MergeError {
            Console.error(FlagHint.message(for: error, in: .merge))
            switch error {
            case .noPrint: throw ExitCodes.noPrint
            case .tooFewShots, .shotsLeftOut: throw ExitCodes.dataError
            case .shot: throw ExitCodes.code(for: error.underlying)
            }
        } catch {
            Console.error(ScanCommand.message(for: error, photo: shots[0], command: .merge))
            throw ExitCodes.code(for: error)
        }
        // Written, but not from every shot given: a script must not take it for the whole set.
        if someLeftOut { throw ExitCodes.someFailed }
    }

    static func percent(_ share: Double) -> String {
        String(format: "%.1f%%", share * 100)
    }
}
