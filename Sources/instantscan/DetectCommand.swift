import ArgumentParser
import CLISupport
import InstantScan
import SystemPackage

/// `instantscan detect PHOTO [--json]`: finds the prints in a photo and prints their corners.
struct DetectCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "detect",
        abstract: "Find the instant prints in a photo: corners, picture window, format, which way is up.",
        discussion: """
            Coordinates are upright pixels (EXIF orientation applied), corners in the order top-left, \
            top-right, bottom-right, bottom-left of the upright print (thick border at the bottom). \
            A photo without a print is not an error: the list is empty, a note goes to standard error, \
            and the exit code is 0.
            """)

    @Argument(help: "The photo (JPEG, PNG, HEIC or AVIF).")
    var photo: String

    @Flag(help: "Print JSON: {image, width, height, prints: [{format, corners, window, confidence, touchesBorder}]}.")
    var json = false

    @Flag(inversion: .prefixedNo,
          help: "Report prints that run off the edge of the photo (flagged \"touchesBorder\", corners extrapolated from the window).")
    var partial = true

    @Option(help: "Write what the detector saw (segments, lines, candidates, stage times) as JSON here, and its working image beside it as FILE.ppm.")
    var trace: String?

    @Flag(help: "Print the time each detection stage took (CPU time of the calling thread) and detection's CPU time on all threads to standard error.")
    var timing = false

    @Option(help: "Evidence (0...1) below which a candidate is not reported.")
    var minimumConfidence: Double?

    @Option(help: .hidden)
    var repeatCount = 1

    func run() throws {
        do {
            let bytes = try PhotoFile.read(photo)
            let decoded = try ImageReader.decode(bytes)
            var options = DetectionOptions()
            options.reportsPartialPrints = partial
            options.keepsWorkingImage = trace != nil
            if let minimumConfidence { options.minimumConfidence = minimumConfidence }
            var cpu = ProcessCPUTime()
            var result = try PrintDetector(options: options).analyze(decoded.pixels, orientation: decoded.orientation)
            var allThreads = cpu.lap()
            // For timing: repeat and keep each stage's fastest run (the box is shared).
            for _ in 1..<max(1, repeatCount) {
                let again = try PrintDetector(options: options).analyze(decoded.pixels, orientation: decoded.orientation)
                allThreads = min(allThreads, cpu.lap())
                for i in result.timings.indices {
                    result.timings[i].seconds = min(result.timings[i].seconds, again.timings[i].seconds)
                }
            }
            let upright = decoded.orientation.uprightSize(stored: decoded.pixels.size)
            // The order `scan` numbers its outputs in.
            result.prints = ReadingOrder.sorted(result.prints)
            if json {
                print(try DetectReport(image: photo, size: upright, prints: result.prints).jsonString())
            } else {
                print(DetectionJSON.table(image: photo, size: upright, prints: result.prints))
            }
            if result.prints.isEmpty {
                Console.note("instantscan: \(photo): no print found")
            }
            if let trace { try write(result, to: trace) }
            if timing {
                let total = result.timings.reduce(0) { $0 + $1.seconds }
                let parts = result.timings.map { "\($0.stage) \(DetectionJSON.milliseconds($0.seconds))" }
                Console.note("detect: " + parts.joined(separator: ", ") + "; total \(DetectionJSON.milliseconds(total))"
                             + "; all threads \(DetectionJSON.milliseconds(allThreads))")
            }
        } catch {
            Console.error(ScanCommand.message(for: error, photo: photo))
            throw ExitCodes.code(for: error)
        }
    }

    private func write(_ result: DetectionTrace, to path: String) throws {
        try AtomicFile.write(Array(DetectionJSON.trace(result).utf8), to: path, overwrite: true, protecting: [photo])
        guard let image = result.workingImage else { return }
        // The working image as binary PPM, for viewers and scripts.
        var bytes = Array("P6\n\(image.width) \(image.height)\n255\n".utf8)
        let rgba = image.packedBytes()
        bytes.reserveCapacity(bytes.count + rgba.count / 4 * 3)
        for i in stride(from: 0, to: rgba.count, by: 4) { bytes += rgba[i..<(i + 3)] }
        try AtomicFile.write(bytes, to: path + ".ppm", overwrite: true, protecting: [photo])
    }
}
