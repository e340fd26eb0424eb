import Foundation
import Testing
@testable import InstantScan

/// A batch's jobs decode and detect together only as far as their estimated working images fit
/// the gate's budget (``LocateGate``), and a batch with two jobs writes the files one job writes.
@Suite struct LocateGateTests {
    /// Callers with no estimate go in one at a time.
    @Test func oneCallerAtATimeIsInsideTheGateWithoutAnEstimate() async {
        let gate = LocateGate()
        let inside = Counter(), most = Counter()
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<8 {
                group.addTask {
                    for _ in 0..<50 {
                        gate.pass(holding: nil) {
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

    /// Two callers whose bytes fit the budget together are inside at once: each waits inside until
    /// both have arrived (a gate letting one in at a time keeps the second out until the first has
    /// given up waiting, so only the second would see both).
    @Test func callersThatFitTheBudgetAreInsideTogether() {
        let gate = LocateGate(budget: 10)
        let arrivals = Counter(), sawBoth = Counter()
        let group = DispatchGroup()
        for _ in 0..<2 {
            DispatchQueue.global().async(group: group) {
                gate.pass(holding: 5) {
                    _ = arrivals.add(1)
                    let giveUp = Date().addingTimeInterval(10)
                    while arrivals.value < 2 && Date() < giveUp { usleep(1000) }
                    if arrivals.value == 2 { _ = sawBoth.add(1) }
                }
            }
        }
        group.wait()
        #expect(sawBoth.value == 2)
    }

    /// Callers whose bytes together pass the budget never are inside at once; a caller larger than
    /// the whole budget still goes in alone.
    @Test func callersBeyondTheBudgetTakeTurns() async {
        for (budget, bytes) in [(10, 6), (10, 11)] {
            let gate = LocateGate(budget: budget)
            let inside = Counter(), most = Counter()
            await withTaskGroup(of: Void.self) { group in
                for _ in 0..<4 {
                    group.addTask {
                        for _ in 0..<50 {
                            gate.pass(holding: bytes) {
                                most.raise(to: inside.add(1))
                                for _ in 0..<1000 { _ = inside.value }
                                _ = inside.add(-1)
                            }
                        }
                    }
                }
            }
            #expect(most.value == 1, "budget \(budget), \(bytes) bytes a caller")
            #expect(inside.value == 0)
        }
    }

    /// A caller waiting for the gate to empty (a photo too large to go in beside the one inside)
    /// is not passed by callers arriving after it that would fit beside that one.
    @Test func aLargeCallerIsNotPassedBySmallerOnesArrivingLater() {
        let gate = LocateGate(budget: 10)
        let order = Entries()
        let release = DispatchSemaphore(value: 0), firstInside = DispatchSemaphore(value: 0)
        let group = DispatchGroup()
        DispatchQueue.global().async(group: group) {
            gate.pass(holding: 5) {
                order.append("first")
                firstInside.signal()
                release.wait()
            }
        }
        firstInside.wait()
        func arrive(_ name: String, holding bytes: Int?) {
            let queued = gate.waiting
            DispatchQueue.global().async(group: group) { gate.pass(holding: bytes) { order.append(name) } }
            // Each takes its turn before the next arrives.
            let giveUp = Date().addingTimeInterval(10)
            while gate.waiting == queued && Date() < giveUp { usleep(1000) }
        }
        arrive("large", holding: nil)
        arrive("small", holding: 5)
        #expect(gate.waiting == 2)
        release.signal()
        group.wait()
        #expect(order.names == ["first", "large", "small"])
    }

    /// Two 12 MP photos detecting on their half-scale decodes fit the default budget together; an
    /// 8 MP photo decoded whole does not fit beside a 2 MP one; a PNG and a progressive JPEG have
    /// no estimate (they go in alone).
    @Test func footprintsPairTwelveMegapixelPhotosOnly() {
        func info(_ width: Int, _ height: Int, _ format: ImageFormat = .jpeg) -> ImageInfo {
            ImageInfo(format: format, storedSize: PixelSize(width: width, height: height), orientation: .up,
                      iccProfile: nil, isSRGBTagged: false, warnings: [])
        }
        // A JPEG's header to its first scan: SOI, a frame header (SOF `frame`, 16 × 16, one
        // component) and SOS.
        func header(frame: UInt8) -> [UInt8] {
            [0xFF, 0xD8, 0xFF, frame, 0x00, 0x0B, 0x08, 0x00, 0x10, 0x00, 0x10, 0x01, 0x01, 0x11, 0x00,
             0xFF, 0xDA, 0x00, 0x08, 0x01, 0x01, 0x00, 0x00, 0x3F, 0x00]
        }
        let baseline = header(frame: 0xC0), progressive = header(frame: 0xC2)
        let long = DetectionOptions().workingLongSide
        func bytes(_ data: [UInt8], _ info: ImageInfo, scale: Int, detecting: Bool = true) -> Int? {
            DetectionFootprint.bytes(of: data, info: info, scaleDenominator: scale, detectingAt: detecting ? long : nil)
        }
        let twelve = bytes(baseline, info(4032, 3024), scale: 2)!
        let eight = bytes(baseline, info(3264, 2448), scale: 1)!
        let two = bytes(baseline, info(1200, 1600), scale: 1)!
        // The half-scale decode (2016 × 1512 RGB, rows of 6080 bytes) and 1008 × 756 working pixels.
        #expect(twelve == 6080 * 1512 + 1008 * 756 * DetectionFootprint.bytesPerWorkingPixel)
        #expect(2 * twelve <= LocateGate.defaultBudget)
        #expect(eight + two > LocateGate.defaultBudget)
        #expect(bytes(baseline, info(4032, 3024), scale: 2, detecting: false) == 6080 * 1512)
        #expect(bytes(progressive, info(4032, 3024), scale: 2) == nil)
        #expect(bytes(baseline, info(4032, 3024, .png), scale: 1) == nil)
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

/// The order callers went into the gate.
private final class Entries: @unchecked Sendable {
    private let lock = NSLock()
    private var list: [String] = []

    var names: [String] { lock.withLock { list } }

    func append(_ name: String) { lock.withLock { list.append(name) } }
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
