import Foundation
import Testing

/// `instantscan review` runs its own executable, `instantscan-review` (issue 16): the scan binary
/// no longer links the review server's FoundationNetworking, and the user-facing command is the
/// same: its help, its arguments, its exit codes.
@Suite struct ReviewLauncherTests {
    /// The help of the real command, whichever way it is asked for.
    @Test(arguments: [["review", "--help"], ["help", "review"]])
    func helpIsTheRealCommands(_ arguments: [String]) throws {
        let result = try CLIRunner.run(arguments, environment: ["COLUMNS": "100"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("USAGE: instantscan review [<options>] <output>"), "\(result.stdout)")
        #expect(result.stdout.contains("--no-open"))
        #expect(result.stdout.contains("--png-compression"), "the scan options review passes to re-scans")
    }

    @Test func theArgumentsReachTheRealCommand() throws {
        // Only the real command reads the folder: "no such folder" and exit 66 (EX_NOINPUT).
        let folder = try TemporaryFolder()
        let result = try CLIRunner.run(["review", folder.path("no-such-batch"), "--no-open"])
        #expect(result.status == 66)
        #expect(result.stderr.contains("no-such-batch: no such folder"), "\(result.stderr)")
        #expect(result.stdout.isEmpty)
    }

    @Test func aSymbolicLinkFindsItBesideTheRealBinary() throws {
        let folder = try TemporaryFolder()
        let link = folder.url.appendingPathComponent("instantscan")
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: CLIRunner.binary)
        let result = try CLIRunner.run(["review", "--help"], environment: ["PATH": "/usr/bin:/bin"], executable: link)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("USAGE: instantscan review"))
    }

    @Test func missingExecutableIsExit69WithTheReason() throws {
        // instantscan alone in a folder (a hard link, else a copy: its real path is there), with
        // nothing on PATH that has instantscan-review.
        let folder = try TemporaryFolder()
        let lone = folder.url.appendingPathComponent("instantscan")
        do { try FileManager.default.linkItem(at: CLIRunner.binary, to: lone) } catch { try FileManager.default.copyItem(at: CLIRunner.binary, to: lone) }
        let result = try CLIRunner.run(["review", folder.path("scans")], environment: ["PATH": "/usr/bin:/bin"], executable: lone)
        #expect(result.status == 69)
        #expect(result.stderr.contains("review needs instantscan-review"), "\(result.stderr)")
        // The other commands do not need it.
        #expect(try CLIRunner.run(["--version"], executable: lone).status == 0)
    }

    /// The point of the split: a scan does not load FoundationNetworking, libcurl or their TLS
    /// libraries; review still does.
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/ldd"), "needs ldd (Linux)"))
    func theScanBinaryLinksNoNetworking() throws {
        let scan = try Self.ldd(CLIRunner.binary)
        for library in ["FoundationNetworking", "libcurl", "libgnutls"] {
            #expect(!scan.contains(library), "instantscan links \(library)")
        }
        let review = try Self.ldd(CLIRunner.binary.deletingLastPathComponent().appendingPathComponent("instantscan-review"))
        // The check can see it: the test build links the Swift runtime dynamically.
        #expect(review.contains("FoundationNetworking"), "\(review)")
    }

    static func ldd(_ binary: URL) throws -> String {
        let run = try ChildProcess.run("/usr/bin/ldd", [binary.path])
        #expect(run.status == 0, "ldd \(binary.path): \(run.standardError)")
        return run.standardOutput
    }
}
