import ArgumentParser
import InstantScan

@main
struct InstantScanCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "instantscan",
        abstract: "Turn phone photos of instant prints into clean, upright, colour-true scans.",
        discussion: """
        Polaroid 600 / SX-70 / i-Type / Go and Instax Mini / Square / Wide.

        Exit codes: 0 success; 1 some inputs failed (batch) or a photo was left out (merge); 2 no print found; 64 usage error; \
        65 an input is not a usable image; 66 an input cannot be read; 73 an output cannot be written; \
        74 standard output cannot be written; 130 interrupted (Ctrl-C).
        """,
        version: InstantScanVersion.string,
        subcommands: [ScanCommand.self, DetectCommand.self, BatchCommand.self, MergeCommand.self, AlbumCommand.self, ReportCommand.self]
            + serverCommands + [ProfilesCommand.self]
    )

    /// `review` and its server (Review/, on FlyingFox). The fuzz harnesses compile the CLI's
    /// top-level sources alone, without the server library, and define INSTANTSCAN_WITHOUT_REVIEW.
    static var serverCommands: [any ParsableCommand.Type] {
        #if INSTANTSCAN_WITHOUT_REVIEW
        return []
        #else
        return [ReviewCommand.self]
        #endif
    }
}
