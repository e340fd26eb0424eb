import Testing
@testable import instantscan
@testable import InstantScan

/// The library's errors name no flag; the command line adds the one that fixes it, where it has it.
@Suite struct FlagHintTests {
    @Test func libraryMessagesNameNoFlag() {
        let errors: [any Error] = [ScanError.windowNeedsFormat, ImageError.tooManyPixels(width: 20_000, height: 20_000, limit: 100_000_000),
                                   MergeError.noPrint("a.jpg"), AtomicFile.WriteError.exists("out.png")]
        for error in errors {
            #expect(!"\(error)".contains("--"), "\(error)")
        }
    }

    @Test func theCommandLineAddsTheRightFlag() {
        #expect(FlagHint.message(for: ScanError.windowNeedsFormat, in: .scan).hasSuffix("(give it with --print-format)"))
        #expect(FlagHint.message(for: ImageError.tooManyPixels(width: 20_000, height: 20_000, limit: 100_000_000), in: .merge)
            .hasSuffix("(raise it with --max-megapixels)"))
        #expect(FlagHint.message(for: MergeError.shot("a.jpg", ScanError.windowNeedsFormat), in: .merge)
            == "a.jpg: cropping to the window needs the print's format, and it is not known (give it with --print-format)")
        // Only batch refuses to overwrite, so only batch suggests --overwrite.
        #expect(FlagHint.message(for: AtomicFile.WriteError.exists("out.png"), in: .batch) == "out.png: already exists (pass --overwrite to replace it)")
        #expect(FlagHint.message(for: AtomicFile.WriteError.exists("out.png"), in: .scan) == "out.png: already exists")
    }
}
