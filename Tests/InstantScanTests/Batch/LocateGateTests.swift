import Foundation
import Testing
@testable import InstantScan

/// A batch's jobs decode and detect one at a time (``LocateGate``), and a batch with two jobs
/// writes the files one job writes.
@Suite struct LocateGateTests {
    @Test func oneCallerAtATimeIsInsideTheGate() async {
        let gate = LocateGate()
        let inside = Counter(), most = Counter()
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<8 {
                group.addTask {
                    for _ in 0..<50 {
                        gate.pass {
                            most.raise(to: inside.add(1))
                            for _ in 0..<1000 { _ = inside.value }
                            _ = inside.add(-1)
                        }
                    }
                }
            }
        }
        #expect(most.value == 1)
        #expect(inside.value == 0)
    }

    /// The same pixels (the PNG's deflate bands follow the cores each job has, so not the same bytes).
    @Test func twoJobsWriteTheScansOfOne() throws {
        let input = try TemporaryFolder()
        for seed in 1...3 {
            let (jpeg, _) = try StreamedScanTests.scene(format: .instaxMini, width: 800, height: 600, seed: UInt64(seed))
            try Data(jpeg).write(to: input.url.appendingPathComponent("p\(seed).jpg"))
        }
        let photos = try PhotoFinder.photos(in: input.url.path, recursive: false)
        var outputs: [[String: [UInt8]]] = []
        for jobs in [1, 2] {
            let folder = try TemporaryFolder()
            var options = BatchOptions()
            options.jobs = jobs
            let summary = try BatchRunner(options: options).run(photos, into: folder.url.path) { _, _ in }
            #expect(summary.failures.isEmpty, "\(summary.failures)")
            let names = try FileManager.default.contentsOfDirectory(atPath: folder.url.path).filter { $0.hasSuffix(".png") }
            #expect(names.count == 3)
            outputs.append(Dictionary(uniqueKeysWithValues: try names.map {
                ($0, try ImageReader.decode(try PhotoFile.read(folder.path($0))).pixels.packedBytes())
            }))
        }
        #expect(outputs[0] == outputs[1])
    }
}

/// A number shared by the test's tasks.
private final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var number = 0

    var value: Int { lock.withLock { number } }

    /// Adds `delta` and returns the new value.
    func add(_ delta: Int) -> Int { lock.withLock { number += delta; return number } }

    func raise(to candidate: Int) { lock.withLock { number = max(number, candidate) } }
}
