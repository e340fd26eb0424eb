import ArgumentParser
import Foundation

/// `review` as `instantscan --help` lists it. The real command is `instantscan-review`, which
/// ``ReviewExecutable`` runs before argument-parser reads the command line, so that `review`'s
/// options and help are its own; this runs it too when argument-parser gets here another way.
struct ReviewLauncherCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "review",
        abstract: "Fix a batch's detections in your browser: drag corners, add or delete prints, re-scan.",
        discussion: """
        Runs instantscan-review, installed beside instantscan, with these arguments; \
        `instantscan review --help` lists its options.
        """
    )

    @Argument(parsing: .captureForPassthrough, help: "The batch's output folder, then review's options.")
    var arguments: [String] = []

    func run() throws {
        ReviewExecutable.exec(arguments.map { strdup($0) })
    }
}
