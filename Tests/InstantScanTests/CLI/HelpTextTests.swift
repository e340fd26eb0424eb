import Foundation
import Testing

/// The help a person reads (issue 15, item 16): paragraphs wrapped to the terminal, not mid-phrase;
/// each default once; every exit code; one meaning for --format.
@Suite struct HelpTextTests {
    static let commands = [[], ["scan"], ["detect"], ["batch"], ["merge"], ["album"], ["profiles"], ["report"]]

    static func help(_ command: [String], columns: Int) throws -> String {
        try CLIRunner.run(command + ["--help"], environment: ["COLUMNS": "\(columns)"]).stdout
    }

    @Test func paragraphsWrapToTheTerminal() throws {
        // On a wide terminal a paragraph fills the width, rather than breaking where the source did.
        for command in [["scan"], ["detect"], ["batch"], ["merge"], ["album"]] {
            let lines = try Self.help(command, columns: 200).split(separator: "\n", omittingEmptySubsequences: false)
            #expect(lines.count > 2 && lines[2].count > 150, "\(command): \(lines.prefix(4))")
        }
        for command in Self.commands {
            // argument-parser never wraps the usage line.
            for line in try Self.help(command, columns: 60).split(separator: "\n") where !line.hasPrefix("USAGE:") {
                #expect(line.count <= 60, "\(command): \(line)")
            }
        }
    }

    @Test func theUsageLineListsOnlyWhatIsRequired() throws {
        // An optional option parsed with transform: needs a default, or argument-parser lists it
        // as required (`--stretch <stretch>` in every usage line).
        for command in [["scan"], ["batch"], ["merge"]] {
            let usage = try Self.help(command, columns: 200).split(separator: "\n").first { $0.hasPrefix("USAGE:") } ?? ""
            #expect(usage.hasSuffix("--output <output>"), "\(command): \(usage)")
        }
    }

    @Test func eachDefaultIsShownOnce() throws {
        for command in Self.commands {
            // One block per option: from a line starting "  -" to the next.
            let text = try Self.help(command, columns: 100)
            for block in text.components(separatedBy: "\n  -") {
                #expect(block.components(separatedBy: "default").count <= 2, "\(command): \(block)")
            }
        }
    }

    @Test func everyExitCodeIsListed() throws {
        let text = try Self.help([], columns: 100)
        for code in ["0", "1", "2", "64", "65", "66", "69", "73", "74", "130"] {
            #expect(text.contains(" \(code) "), "exit \(code)")
        }
    }

    @Test func albumNamesThePrintFormatLikeScan() throws {
        let text = try Self.help(["album"], columns: 100)
        #expect(text.contains("--print-format"))
        #expect(!text.contains("--format <"), "\(text)")
    }
}
