import Foundation
import Testing
@testable import InstantScan
#if canImport(Glibc)
import Glibc
#endif

/// The parent suite of the hostile-input, limit and fault tests, so that
/// `swift test --filter Reliability` runs them all.
@Suite struct Reliability {}

/// What the reliability tests share: the sample photos, a mutator, subprocesses with a hang
/// detector, and tmpfs mounts that simulate a full or read-only disk.
enum ReliabilitySupport {
    /// The repository's root folder.
    static let root: URL = {
        var url = URL(fileURLWithPath: #filePath)
        while url.lastPathComponent != "Tests" { url.deleteLastPathComponent() }
        return url.deletingLastPathComponent()
    }()

    /// The photos in Samples/, by file name.
    static let samples: [(name: String, bytes: [UInt8])] = {
        let folder = root.appendingPathComponent("Samples")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { $0.hasSuffix(".jpg") }.sorted().compactMap { name in
            guard let data = FileManager.default.contents(atPath: folder.appendingPathComponent(name).path) else { return nil }
            return (name, [UInt8](data))
        }
    }()

    /// True when this test process runs under AddressSanitizer (`swift test --sanitize=address`),
    /// which reserves terabytes of address space and so cannot run under an address-space limit.
    static let underAddressSanitizer: Bool = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "__asan_init") != nil

    /// True when automatic print detection is in this build (batches then succeed without corners).
    static let detectionAvailable: Bool = {
        guard let image = try? PixelBuffer(width: 64, height: 48, filledWith: 128) else { return false }
        do {
            _ = try PrintDetector().detect(in: image, orientation: .up)
            return true
        } catch {
            return !"\(error)".contains("not available in this build")
        }
    }()

    /// A region of `image`, copied.
    static func crop(_ image: PixelBuffer, x: Int, y: Int, width: Int, height: Int) throws -> PixelBuffer {
        let out = try PixelBuffer(width: width, height: height)
        for row in 0..<height {
            out.rowPointer(row).update(from: image.rowPointer(y + row) + 4 * x, count: 4 * width)
        }
        return out
    }

    /// The files under `folder` whose names end in `.tmp` (AtomicFile's temporaries).
    static func temporaries(under folder: String) -> [String] {
        let all = (try? FileManager.default.subpathsOfDirectory(atPath: folder)) ?? []
        return all.filter { $0.hasSuffix(".tmp") }
    }
}

/// Seeded byte-level mutations of the kinds that break parsers: bit flips, boundary values, 16-bit
/// lengths, cut and duplicated spans.
struct Mutator {
    var random: SeededGenerator

    init(seed: UInt64) { random = SeededGenerator(seed: seed) }

    mutating func below(_ n: Int) -> Int { Int(random.next() % UInt64(max(n, 1))) }

    /// `data` with 1–4 mutations, each at an offset inside `region` (clamped to the data).
    mutating func mutate(_ data: [UInt8], in region: Range<Int>) -> [UInt8] {
        var out = data
        for _ in 0..<(1 + below(4)) {
            guard !out.isEmpty else { break }
            let upper = min(region.upperBound, out.count)
            let lower = min(region.lowerBound, upper - 1)
            let at = lower + below(upper - lower)
            switch below(8) {
            case 0: out[at] ^= UInt8(1 << below(8))
            case 1: out[at] = UInt8(truncatingIfNeeded: random.next())
            case 2: out[at] = [0x00, 0x01, 0x7F, 0x80, 0xFE, 0xFF][below(6)]
            case 3:  // a 16-bit big-endian value, as JPEG lengths and sizes are stored
                let value = [0, 1, 2, 0x7FFF, 0x8000, 0xFFFE, 0xFFFF][below(7)]
                out[at] = UInt8(value >> 8)
                if at + 1 < out.count { out[at + 1] = UInt8(value & 0xFF) }
            case 4: out.removeSubrange(at..<min(out.count, at + 1 + below(64)))
            case 5:  // duplicate a span (repeated segments, chunks, IFD entries)
                let span = Array(out[at..<min(out.count, at + 1 + below(128))])
                out.insert(contentsOf: span, at: below(out.count))
            case 6: out.removeSubrange(min(out.count, at + 1)...)  // truncate
            default:
                out.insert(contentsOf: (0..<(1 + below(16))).map { _ in UInt8(truncatingIfNeeded: random.next()) }, at: at)
            }
        }
        return out
    }
}

/// A child process with a hang detector: killed if it has not finished within the timeout.
struct Subprocess {
    struct Result {
        var status: Int32
        var stdout: String
        var stderr: String
        /// True when the process had to be killed at the timeout.
        var hung: Bool
    }

    /// Runs `executable` with `arguments`; `whileRunning` is called with the process once started.
    /// `standardOutput` names a file for the child's standard output instead (e.g. /dev/full).
    static func run(_ executable: String, _ arguments: [String], timeout: Double = 60, standardOutput: String? = nil,
                    whileRunning: ((ChildProcess) throws -> Void)? = nil) throws -> Result {
        let process = try ChildProcess(executable, arguments, standardOutput: standardOutput)
        do {
            try whileRunning?(process)
        } catch {
            _ = process.wait(timeout: 0)
            throw error
        }
        let run = process.wait(timeout: timeout)
        return Result(status: run.status, stdout: run.standardOutput, stderr: run.standardError, hung: run.hung)
    }

    /// The CLI, as a user runs it.
    static func cli(_ arguments: [String], timeout: Double = 60, standardOutput: String? = nil,
                    whileRunning: ((ChildProcess) throws -> Void)? = nil) throws -> Result {
        try run(CLIRunner.binary.path, arguments, timeout: timeout, standardOutput: standardOutput, whileRunning: whileRunning)
    }
}

/// A tmpfs mounted on a fresh folder, to make a small (soon full) or read-only disk; unmounted when
/// released. Needs root (CAP_SYS_ADMIN), as the project's machines and CI have.
final class TmpfsMount {
    let folder: TemporaryFolder
    var path: String { folder.url.path }

    /// True when this process may mount a tmpfs (checked once).
    static let available: Bool = {
        guard getuid() == 0, let probe = try? TmpfsMount(kilobytes: 16) else { return false }
        return probe.isMounted
    }()

    private(set) var isMounted = false

    init(kilobytes: Int, readOnly: Bool = false) throws {
        folder = try TemporaryFolder()
        let options = "size=\(kilobytes)k" + (readOnly ? ",ro" : "")
        let result = try Subprocess.run("/bin/mount", ["-t", "tmpfs", "-o", options, "tmpfs", folder.url.path], timeout: 20)
        isMounted = result.status == 0
    }

    /// Changes the size (tmpfs allows it while mounted), e.g. to free space for a resumed batch.
    func resize(kilobytes: Int) throws {
        _ = try Subprocess.run("/bin/mount", ["-o", "remount,size=\(kilobytes)k", folder.url.path], timeout: 20)
    }

    deinit {
        if isMounted { _ = try? Subprocess.run("/bin/umount", ["-l", folder.url.path], timeout: 20) }
    }
}
