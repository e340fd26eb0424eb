import Foundation

/// Runs the built `instantscan` binary, as a user or a script would.
struct CLIRunner {
    struct Result {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    /// The binary beside the test bundle (`swift build --build-tests` builds both).
    static let binary: URL = {
        // First the one built with these tests (e.g. under --sanitize=address in another scratch path).
        if let running = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
            let sibling = URL(fileURLWithPath: running).deletingLastPathComponent().appendingPathComponent("instantscan")
            if FileManager.default.isExecutableFile(atPath: sibling.path) { return sibling }
        }
        var url = URL(fileURLWithPath: #filePath)
        while url.lastPathComponent != "Tests" { url.deleteLastPathComponent() }
        let root = url.deletingLastPathComponent()
        for config in ["debug", "release"] {
            let candidate = root.appendingPathComponent(".build/\(config)/instantscan")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        return root.appendingPathComponent(".build/debug/instantscan")
    }()

    /// Runs the binary (or `executable`) with `arguments`, and `environment` added to this
    /// process's; a run past `timeout` seconds is killed (its status is then SIGKILL's 9).
    static func run(_ arguments: [String], environment: [String: String] = [:], in directory: URL? = nil,
                    executable: URL = binary, timeout: Double = 900) throws -> Result {
        let run = try ChildProcess.run(executable.path, arguments, environment: environment,
                                       directory: directory?.path, timeout: timeout)
        return Result(status: run.status, stdout: run.standardOutput,
                      stderr: run.standardError + (run.hung ? "\n(killed: still running after \(Int(timeout)) s)" : ""))
    }
}

/// A fresh folder under the system's temporary directory, removed when the test is done with it.
final class TemporaryFolder {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("instantscan-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    func path(_ name: String) -> String { url.appendingPathComponent(name).path }

    deinit { try? FileManager.default.removeItem(at: url) }
}
