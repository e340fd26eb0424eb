import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A child process started with `posix_spawn` and reaped with `waitpid`, its output going to
/// files. Foundation's `Process` learns that a child ended through its own SIGCHLD handling and
/// a run loop: under a full parallel test run `waitUntilExit()` once stayed parked for ever and
/// took CI past its time limit. Here every wait has a deadline, and a child that outlives it is
/// killed. All of the tests' process work is in this type.
final class ChildProcess: @unchecked Sendable {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// How a run ended: the exit code, or the signal's number when a signal ended it (as
    /// Foundation's `terminationStatus` has it), and what the child wrote.
    struct Result {
        var status: Int32
        var stdout: [UInt8]
        var stderr: [UInt8]
        /// True when the child outlived its deadline and was killed.
        var hung: Bool

        var standardOutput: String { String(decoding: stdout, as: UTF8.self) }
        var standardError: String { String(decoding: stderr, as: UTF8.self) }
    }

    let processIdentifier: pid_t
    private let lock = NSLock()
    private var waitStatus: Int32?
    private let outFile: String
    private let errFile: String
    private let keepsOutput: Bool

    /// Starts `executable` with `arguments`. The environment is this process's with `environment`
    /// laid over it; standard input is /dev/null; standard output goes to `standardOutput` when
    /// it names a file (e.g. /dev/full), else to a temporary file read back by `wait`.
    init(_ executable: String, _ arguments: [String], environment: [String: String] = [:],
         directory: String? = nil, standardOutput: String? = nil) throws {
        let temporary = FileManager.default.temporaryDirectory.path
        outFile = standardOutput ?? "\(temporary)/instantscan-out-\(UUID().uuidString)"
        errFile = "\(temporary)/instantscan-err-\(UUID().uuidString)"
        keepsOutput = standardOutput != nil
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, outFile, O_WRONLY | O_CREAT | (keepsOutput ? 0 : O_TRUNC), 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, errFile, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        // Glibc's posix_spawn_file_actions_addchdir_np is not visible to Swift: a shell changes
        // folder and then becomes the child.
        let command = directory.map { ["/bin/sh", "-c", "cd -- \"$0\" && exec \"$@\"", $0, executable] } ?? [executable]
        let merged = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        var argv = (command + arguments).map { strdup($0) } + [nil]
        var envp = merged.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        var child: pid_t = 0
        let spawned = posix_spawn(&child, command[0], &actions, nil, &argv, &envp)
        guard spawned == 0 else {
            Self.remove([errFile] + (keepsOutput ? [] : [outFile]))
            throw Failure(description: "\(executable): posix_spawn failed: \(String(cString: strerror(spawned)))")
        }
        processIdentifier = child
    }

    deinit {
        if reap(blocking: false) == nil {
            kill(processIdentifier, SIGKILL)
            _ = reap(blocking: true)
        }
        Self.remove([errFile] + (keepsOutput ? [] : [outFile]))
    }

    /// True until the child has ended (it is reaped the first time it is seen ended).
    var isRunning: Bool { reap(blocking: false) == nil }

    /// Ctrl-C, as a terminal sends it.
    func interrupt() { send(SIGINT) }

    /// Sends `signal` while the child runs (never to a reaped child's reused process ID).
    func send(_ signal: Int32) {
        if isRunning { kill(processIdentifier, signal) }
    }

    /// Waits up to `timeout` seconds for the child to end (polling: no thread of the test
    /// runner's pool is parked on a child that may never end), killing it after that.
    func wait(timeout: Double) -> Result {
        let deadline = Date().addingTimeInterval(timeout)
        var hung = false
        while reap(blocking: false) == nil {
            if Date() > deadline {
                hung = true
                kill(processIdentifier, SIGKILL)
                _ = reap(blocking: true)
                break
            }
            usleep(5_000)
        }
        let status = reap(blocking: false) ?? 0
        let exitCode = status & 0x7F == 0 ? (status >> 8) & 0xFF : status & 0x7F
        return Result(status: exitCode,
                      stdout: keepsOutput ? [] : Self.contents(of: outFile),
                      stderr: Self.contents(of: errFile), hung: hung)
    }

    /// The raw wait status once the child has been reaped, else nil.
    private func reap(blocking: Bool) -> Int32? {
        lock.lock()
        defer { lock.unlock() }
        if let waitStatus { return waitStatus }
        var status: Int32 = 0
        while true {
            let result = waitpid(processIdentifier, &status, blocking ? 0 : WNOHANG)
            if result == processIdentifier {
                waitStatus = status
                return status
            }
            if result == -1 && errno == EINTR { continue }
            if result == -1 {
                // Not our child any more (reaped elsewhere): it has ended, its status unknown.
                waitStatus = -1
                return -1
            }
            return nil
        }
    }

    private static func contents(of path: String) -> [UInt8] {
        (FileManager.default.contents(atPath: path)).map { [UInt8]($0) } ?? []
    }

    private static func remove(_ paths: [String]) {
        for path in paths { unlink(path) }
    }

    /// Runs `executable` to its end (at most `timeout` seconds).
    static func run(_ executable: String, _ arguments: [String], environment: [String: String] = [:],
                    directory: String? = nil, timeout: Double = 600) throws -> Result {
        try ChildProcess(executable, arguments, environment: environment, directory: directory).wait(timeout: timeout)
    }
}
