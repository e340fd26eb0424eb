import Foundation
import Testing
@testable import InstantScan

/// Faults around the files: a full disk (a small tmpfs), a read-only one, an output folder that
/// cannot exist, an input deleted mid-batch, a torn manifest. Nothing partial is ever left under an
/// output's name, no temporary file stays behind, and a batch reports the fault and goes on.
extension Reliability {
    @Suite struct Faults {
        /// The print's corners in every test photo.
        static let corners = Quad(Point(20, 15), Point(300, 25), Point(295, 225), Point(15, 220))

        /// A 320×240 photo (a textured print on a grey table) as JPEG bytes.
        static func photo(seed: UInt64 = 1) throws -> [UInt8] {
            try JPEGEncoder.encode(CodecFixtures.photoLike(width: 320, height: 240, seed: seed), quality: 90)
        }

        /// Batch options that scan with the known corners (no detection needed).
        static func batchOptions() -> BatchOptions {
            var options = BatchOptions()
            options.corners = corners
            options.scan.outputSize = .exact(PixelSize(width: 280, height: 200))
            options.jobs = 1
            return options
        }

        /// A folder of `count` photos named p1.jpg, p2.jpg…
        static func inputFolder(count: Int) throws -> TemporaryFolder {
            let folder = try TemporaryFolder()
            for i in 1...count {
                try Data(try photo(seed: UInt64(i))).write(to: URL(fileURLWithPath: folder.path("p\(i).jpg")))
            }
            return folder
        }

        // MARK: A full disk

        @Test(.enabled(if: TmpfsMount.available, "needs root to mount a tmpfs"))
        func aFullDiskLeavesNoPartialFile() throws {
            let disk = try TmpfsMount(kilobytes: 64)
            let path = disk.path + "/big.bin"
            #expect {
                try AtomicFile.write([UInt8](repeating: 7, count: 300_000), to: path)
            } throws: { error in
                "\(error)".contains("No space left on device") && "\(error)".contains(path)
            }
            #expect(try FileManager.default.contentsOfDirectory(atPath: disk.path).isEmpty, "no output, no temporary")
            // The space is free again: a small file still fits.
            try AtomicFile.write([1, 2, 3], to: path)
            #expect(try PhotoFile.read(path) == [1, 2, 3])
        }

        @Test(.enabled(if: TmpfsMount.available, "needs root to mount a tmpfs"))
        func aScanOntoAFullDiskExits73WithNothingWritten() throws {
            let folder = try TemporaryFolder()
            let photo = folder.path("photo.jpg")
            try Data(try Self.photo()).write(to: URL(fileURLWithPath: photo))
            let disk = try TmpfsMount(kilobytes: 32)
            let run = try Subprocess.cli(["scan", photo, "-o", disk.path + "/print.png", "--corners", Self.corners.description,
                                          "--size", "600x450", "--png-compression", "fast"], timeout: 60)
            #expect(run.status == 73, "\(run.stderr)")
            #expect(run.stderr.contains("No space left on device"), "\(run.stderr)")
            #expect(try FileManager.default.contentsOfDirectory(atPath: disk.path).isEmpty)
        }

        @Test(.enabled(if: TmpfsMount.available, "needs root to mount a tmpfs"))
        func aReadOnlyOutputFolderExits73WithNothingWritten() throws {
            let folder = try TemporaryFolder()
            let photo = folder.path("photo.jpg")
            try Data(try Self.photo()).write(to: URL(fileURLWithPath: photo))
            let disk = try TmpfsMount(kilobytes: 1024, readOnly: true)
            let run = try Subprocess.cli(["scan", photo, "-o", disk.path + "/print.png", "--corners", Self.corners.description])
            #expect(run.status == 73, "\(run.stderr)")
            #expect(run.stderr.contains("Read-only file system"), "\(run.stderr)")
            #expect(try FileManager.default.contentsOfDirectory(atPath: disk.path).isEmpty)
        }

        @Test func anOutputBelowAFileExits73() throws {
            let folder = try TemporaryFolder()
            let photo = folder.path("photo.jpg")
            try Data(try Self.photo()).write(to: URL(fileURLWithPath: photo))
            try Data("notes".utf8).write(to: URL(fileURLWithPath: folder.path("notes.txt")))
            let run = try Subprocess.cli(["scan", photo, "-o", folder.path("notes.txt/print.png"), "--corners", Self.corners.description])
            #expect(run.status == 73, "\(run.stderr)")
            #expect(run.stderr.contains("cannot write"), "\(run.stderr)")
            #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.path).sorted() == ["notes.txt", "photo.jpg"])
        }

        /// Standard output on a full device (`--json > /dev/full`): the data is lost, so the exit
        /// code must say so (74) rather than 0.
        @Test func aFullStandardOutputIsAnError() throws {
            let folder = try TemporaryFolder()
            let photo = folder.path("photo.jpg")
            try Data(try Self.photo()).write(to: URL(fileURLWithPath: photo))
            let profiles = try Subprocess.cli(["profiles"], standardOutput: "/dev/full")
            #expect(profiles.status == 74, "\(profiles.stderr)")
            #expect(profiles.stderr.contains("cannot write to standard output: No space left on device"), "\(profiles.stderr)")
            let scan = try Subprocess.cli(["scan", photo, "-o", folder.path("print.png"), "--corners", Self.corners.description,
                                           "--json"], standardOutput: "/dev/full")
            #expect(scan.status == 74, "\(scan.stderr)")
            // The same commands with somewhere to write succeed.
            #expect(try Subprocess.cli(["profiles"]).status == 0)
        }

        /// A batch into a disk with room for one scan: that photo is done, every other one fails
        /// with the reason, and once there is room a re-run skips the first and does the rest.
        @Test(.enabled(if: TmpfsMount.available, "needs root to mount a tmpfs"))
        func aBatchOntoAFullDiskReportsEachPhotoAndResumesWhenThereIsRoom() throws {
            let input = try Self.inputFolder(count: 3)
            let options = Self.batchOptions()
            // How large one scan is, so that the disk holds one and a manifest page, not two.
            let one = try OutputEncoder(format: options.output)
                .encode(try PrintScanner(options: options.scan).scan(try Self.photo(seed: 1), corners: Self.corners).prints[0])
            let pages = (one.count + 4095) / 4096
            let disk = try TmpfsMount(kilobytes: 4 * (pages + 2))
            let photos = try PhotoFinder.photos(in: input.url.path, recursive: false)

            let first = try BatchRunner(options: options).run(photos, into: disk.path) { _, _ in }
            #expect(first.failures.count == 2, "\(first.failures)")
            #expect(first.failures.allSatisfy { $0.reason.contains("No space left on device") }, "\(first.failures)")
            #expect(ReliabilitySupport.temporaries(under: disk.path).isEmpty)
            #expect(try ImageReader.decode(try PhotoFile.read(disk.path + "/p1-1.png")).pixels.size == PixelSize(width: 280, height: 200))

            try disk.resize(kilobytes: 4 * (4 * pages + 4))
            let second = try BatchRunner(options: options).run(photos, into: disk.path) { _, _ in }
            #expect(second.skipped == 1 && second.failures.isEmpty && second.printsScanned == 2, "\(second)")
            for name in ["p1-1.png", "p2-1.png", "p3-1.png"] {
                #expect(try ImageReader.decode(try PhotoFile.read(disk.path + "/" + name)).pixels.width == 280, "\(name)")
            }
            #expect(ReliabilitySupport.temporaries(under: disk.path).isEmpty)
        }

        /// A batch whose contact sheet cannot be written (its folder is full): the scans are
        /// there, but the run says the report failed (exit 73) instead of claiming it.
        @Test(.enabled(if: TmpfsMount.available && ReliabilitySupport.detectionAvailable,
                       "needs root to mount a tmpfs, and automatic print detection"))
        func aReportOntoAFullDiskFailsTheBatch() throws {
            let input = try Reliability.Interrupts.inputFolder(copies: 1, only: 1)
            let output = try TemporaryFolder()
            let disk = try TmpfsMount(kilobytes: 16)
            let run = try Subprocess.cli(["batch", input.url.path, "-o", output.path("scans"), "--long-side", "400",
                                          "--report", disk.path + "/report.html"], timeout: 300)
            #expect(run.status == 73, "\(run.stderr)")
            #expect(run.stderr.contains("No space left on device"), "\(run.stderr)")
            #expect(!run.stderr.contains("report: "), "the report is not claimed: \(run.stderr)")
            #expect(!FileManager.default.fileExists(atPath: disk.path + "/report.html"))
            #expect(ReliabilitySupport.temporaries(under: disk.path).isEmpty)
        }

        // MARK: Inputs that change under the batch

        @Test func anInputDeletedMidBatchIsReportedAndTheBatchGoesOn() throws {
            let input = try Self.inputFolder(count: 3)
            let output = try TemporaryFolder()
            let photos = try PhotoFinder.photos(in: input.url.path, recursive: false)
            let doomed = input.path("p2.jpg")
            let summary = try BatchRunner(options: Self.batchOptions()).run(photos, into: output.url.path, onStart: { photo in
                // While the first photo is scanned, the second disappears.
                if photo.relativePath == "p1.jpg" { try? FileManager.default.removeItem(atPath: doomed) }
            }) { _, _ in }
            #expect(summary.failures.count == 1)
            #expect(summary.failures.first?.photo == "p2.jpg")
            #expect(summary.failures.first?.reason.contains("no such file") == true, "\(summary.failures)")
            #expect(summary.printsScanned == 2)
            let written = try FileManager.default.contentsOfDirectory(atPath: output.url.path).filter { !$0.hasPrefix(".") }.sorted()
            #expect(written == ["p1-1.png", "p3-1.png"])
        }

        @Test func anInputReplacedByGarbageMidBatchIsReportedAndTheBatchGoesOn() throws {
            let input = try Self.inputFolder(count: 3)
            let output = try TemporaryFolder()
            let photos = try PhotoFinder.photos(in: input.url.path, recursive: false)
            let victim = input.path("p2.jpg")
            let summary = try BatchRunner(options: Self.batchOptions()).run(photos, into: output.url.path, onStart: { photo in
                if photo.relativePath == "p1.jpg" {
                    let original = (try? PhotoFile.read(victim)) ?? []
                    try? Data(original.prefix(original.count / 2)).write(to: URL(fileURLWithPath: victim))
                }
            }) { _, _ in }
            #expect(summary.failures.map(\.photo) == ["p2.jpg"])
            #expect(summary.failures.first?.reason.contains("truncated JPEG data") == true, "\(summary.failures)")
            #expect(summary.printsScanned == 2)
        }

        // MARK: The manifest

        /// A power cut mid-append leaves a line without its newline: it is ignored, and the next
        /// entry must still land on a line of its own rather than be glued to the torn one.
        @Test func aTornManifestLineDoesNotSwallowTheNextEntry() throws {
            let input = try Self.inputFolder(count: 2)
            let output = try TemporaryFolder()
            let photos = try PhotoFinder.photos(in: input.url.path, recursive: false)
            let manifestPath = output.path(BatchManifest.fileName)
            let manifest = BatchManifest(outputFolder: output.url.path)
            _ = FileManager.default.createFile(atPath: output.path("p1.png"), contents: Data([1]))
            try manifest.markDone(photos[0], outputs: [output.path("p1.png")])
            // The torn append: half of a line, no newline.
            let handle = try #require(FileHandle(forWritingAtPath: manifestPath))
            try handle.seekToEnd()
            try handle.write(contentsOf: Data("{\"photo\":\"p2.jpg\",\"by".utf8))
            try handle.close()
            // The next run reads the good line, ignores the torn one, and appends p2 properly.
            let reopened = BatchManifest(outputFolder: output.url.path)
            #expect(reopened.isDone(photos[0]))
            #expect(!reopened.isDone(photos[1]))
            _ = FileManager.default.createFile(atPath: output.path("p2.png"), contents: Data([2]))
            try reopened.markDone(photos[1], outputs: [output.path("p2.png")])
            let third = BatchManifest(outputFolder: output.url.path)
            #expect(third.isDone(photos[0]) && third.isDone(photos[1]), "the entry after a torn line is kept")
        }

        // AtomicFile.removeTemporariesInFlight() clears the whole process's writes, so it is
        // tested in a process of its own: Interrupts.aSecondCtrlCExitsAtOnceLeavingNoTemporaries.

        @Test func temporaryNamesAreRecognised() {
            #expect(AtomicFile.writerProcess(ofTemporary: ".IMG_1-1.png.4242.3141592.tmp") == 4242)
            #expect(AtomicFile.writerProcess(ofTemporary: ".a.b.c.png.7.0.tmp") == 7)
            for other in ["notes.tmp", ".x.png.tmp", ".x.png.12.tmp", ".x.png.abc.5.tmp", ".x.png.5.abc.tmp", "x.png.5.6.tmp", ".x.png.0.6.tmp"] {
                #expect(AtomicFile.writerProcess(ofTemporary: other) == nil, "\(other)")
            }
        }

        /// Temporaries that a killed run (SIGKILL, power cut) left in the output folder are removed
        /// by the next run; a live process's temporaries are left alone.
        @Test func aRerunRemovesTemporariesOfDeadRuns() throws {
            let input = try Self.inputFolder(count: 1)
            let output = try TemporaryFolder()
            try FileManager.default.createDirectory(atPath: output.path("sub"), withIntermediateDirectories: true)
            // PID 2^22 + 1 is above Linux's pid_max limit, so no process has it.
            let dead = [".p1.png.4194305.123.tmp", "sub/.x.png.4194305.9.tmp"]
            let live = ".p9.png.\(getpid()).77.tmp"
            for name in dead + [live] { _ = FileManager.default.createFile(atPath: output.path(name), contents: Data([0])) }
            _ = FileManager.default.createFile(atPath: output.path("notes.tmp"), contents: Data([0]))
            let photos = try PhotoFinder.photos(in: input.url.path, recursive: false)
            let summary = try BatchRunner(options: Self.batchOptions()).run(photos, into: output.url.path) { _, _ in }
            #expect(summary.failures.isEmpty)
            let left = ReliabilitySupport.temporaries(under: output.url.path).sorted()
            #expect(left == [live, "notes.tmp"].sorted(), "only dead runs' temporaries go; other files stay")
        }
    }
}
