// The command line as the CLI reads it: argument parsing, each command's validate(), and every step
// of run() that turns options into settings before any file is touched (scan options, output
// format, output names). Input: arguments separated by newlines.
//
// Built with the CLI's own sources (Sources/instantscan), whose @main is renamed out of the way
// so that libFuzzer's main runs; nothing here calls run(), so no file is read or written.
import ArgumentParser
import InstantScan

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOptions(_ data: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let bytes = fuzzBytes(data, count)
    let arguments = String(decoding: bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    let command: any ParsableCommand
    do {
        command = try InstantScanCommand.parseAsRoot(arguments)
    } catch {
        // A usage error: argument-parser turns it into a message and exit 64.
        _ = InstantScanCommand.fullMessage(for: error)
        return 0
    }
    // The transforms read corners, size and stretch while parsing: turning the parsed options
    // into settings cannot fail, only check them.
    switch command {
    case let scan as ScanCommand:
        let options = scan.settings.makeScanOptions()
        for quad in scan.corners { precondition(quad.corners.allSatisfy { $0.x.isFinite && $0.y.isFinite }, "corners") }
        let format = scan.settings.encoderFormat(forPath: scan.output)
        let naming = OutputNaming(target: scan.output, fileExtension: format.fileExtension)
        for photo in scan.photos {
            for count in [1, 3] { precondition(naming.paths(forPrints: count, of: photo).count == count, "output names") }
        }
        precondition(options.maximumPixels >= 1_000_000, "pixel limit")
    case let batch as BatchCommand:
        let options = batch.scanOptions.makeScanOptions()
        _ = batch.scanOptions.encoderFormat(forPath: nil)
        precondition((batch.jobs ?? 1) >= 1 && options.maximumPixels >= 1_000_000, "jobs or pixel limit")
    default:
        break
    }
    return 0
}
