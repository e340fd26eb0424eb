import ArgumentParser
import InstantScan

@main
struct InstantScanCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "instantscan",
        abstract: "Turn phone photos of instant prints into clean, upright, colour-true scans.",
        discussion: """
        Polaroid 600 / SX-70 / i-Type / Go / Image (Spectra) and Instax Mini / Square / Wide.

        Exit codes: 0 success; 1 some inputs failed (batch) or a photo was left out (merge); 2 no print found; 64 usage error; \
        65 an input is not a usable image; 66 an input cannot be read; 69 review's executable (instantscan-review) is missing; \
        73 an output cannot be written; 74 standard output cannot be written; 130 interrupted (Ctrl-C).
        """,
        version: InstantScanVersion.string,
        subcommands: [ScanCommand.self, DetectCommand.self, BatchCommand.self, MergeCommand.self, AlbumCommand.self, ReportCommand.self,
                      ReviewLauncherCommand.self, ProfilesCommand.self]
    )
}
