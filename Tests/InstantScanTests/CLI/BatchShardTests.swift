import Foundation
import Testing
@testable import InstantScan

/// A batch run as shards (tasks of a Kubernetes Indexed Job or a Slurm array) sharing one output
/// folder: every photo exactly once, each shard's own manifest, resuming, one report.
@Suite struct BatchShardTests {
    /// Photos in two folders, with two names that differ only by extension put in different
    /// shards of three (so their outputs could only collide if shards named them apart).
    static func makeInput() throws -> (folder: TemporaryFolder, photos: [String]) {
        let folder = try TemporaryFolder()
        let photo = try BatchSafetyTests.photo()
        try FileManager.default.createDirectory(atPath: folder.path("2019"), withIntermediateDirectories: true)
        let collision = (0...).lazy.map { "p\($0)" }.first { stem in
            Shard.index(of: stem + ".jpg", count: 3) != Shard.index(of: stem + ".png", count: 3)
        }!
        let names = ["IMG_0001.jpg", "IMG_0002.jpg", "IMG_0003.jpg", "2019/IMG_0001.jpg", collision + ".jpg"]
        for name in names { try photo.write(to: folder.url.appendingPathComponent(name)) }
        try BatchSafetyTests.photo(png: true).write(to: folder.url.appendingPathComponent(collision + ".png"))
        return (folder, (names + [collision + ".png"]).sorted())
    }

    /// The photos each manifest in `folder` records as done, by manifest name.
    static func donePhotos(in folder: String) -> [String: Set<String>] {
        var done: [String: Set<String>] = [:]
        for name in BatchRecords.manifestNames(in: folder) {
            done[name] = Set(BatchRecords.lastLines(atPath: folder + "/" + name).values.filter { $0.state == .done }.map(\.photo))
        }
        return done
    }

    static func outputs(in folder: String) -> [String] {
        (FileManager.default.enumerator(atPath: folder)?.allObjects as? [String] ?? [])
            .filter { $0.hasSuffix(".png") && !$0.hasPrefix(".") }.sorted()
    }

    @Test func threeShardsScanEveryPhotoExactlyOnceAndSplitAlikeEveryRun() throws {
        let (input, photos) = try Self.makeInput()
        var splits: [[String: Set<String>]] = []
        for _ in 0..<2 {
            let output = try TemporaryFolder()
            for k in 1...3 {
                let run = try CLIRunner.run(["batch", input.url.path, "-o", output.url.path, "-r", "--shard", "\(k)/3"])
                #expect(run.status == 0, "shard \(k)/3: \(run.stderr)")
            }
            let done = Self.donePhotos(in: output.url.path)
            #expect(done.keys.sorted() == (1...3).map { ".instantscan-batch.shard-\($0)-of-3.jsonl" })
            let all = done.values.flatMap { $0 }
            #expect(all.sorted() == photos, "every photo in exactly one shard")
            // Names do not depend on the shard: the photos sharing a stem keep apart.
            #expect(Self.outputs(in: output.url.path).count == photos.count)
            #expect(Self.outputs(in: output.url.path).contains("2019/IMG_0001-1.png"))
            splits.append(done)
        }
        #expect(splits[0] == splits[1], "the same split on every run")
    }

    /// Shards scanning a folder into itself: each shard's scans, recorded in its own manifest, are
    /// never taken for photos by the other shards or by a later plain batch.
    @Test func shardsScanningAFolderIntoItselfNeverTakeEachOthersScansForPhotos() throws {
        let folder = try TemporaryFolder()
        let photo = try BatchSafetyTests.photo()
        // Two photos in each of two shards, whichever names the hash gives them.
        let names = (0...).lazy.map { "p\($0).jpg" }
        let first = Array(names.filter { Shard.index(of: $0, count: 2) == 1 }.prefix(2))
        let second = Array(names.filter { Shard.index(of: $0, count: 2) == 2 }.prefix(2))
        for name in first + second { try photo.write(to: folder.url.appendingPathComponent(name)) }
        for k in 1...2 {
            let run = try CLIRunner.run(["batch", folder.url.path, "-o", folder.url.path, "--shard", "\(k)/2"])
            #expect(run.status == 0, "shard \(k)/2: \(run.stderr)")
            #expect(run.stderr.contains("2 photos, 2 prints scanned"), "shard \(k)/2: \(run.stderr)")
        }
        let scans = (first + second).map { String($0.dropLast(4)) + "-1.png" }
        #expect(try BatchSafetyTests.files(in: folder.url.path) == (first + second + scans).sorted())
        let plain = try CLIRunner.run(["batch", folder.url.path, "-o", folder.url.path])
        #expect(plain.status == 0, "\(plain.stderr)")
        #expect(plain.stderr.contains("4 photos, 0 prints scanned, 4 already done"), "\(plain.stderr)")
        #expect(try BatchSafetyTests.files(in: folder.url.path) == (first + second + scans).sorted())
    }

    @Test func aPhotoAddedLaterLeavesTheOthersInTheirShards() throws {
        let (input, photos) = try Self.makeInput()
        let before = Dictionary(uniqueKeysWithValues: photos.map { ($0, Shard.index(of: $0, count: 3)) })
        try BatchSafetyTests.photo().write(to: input.url.appendingPathComponent("IMG_0000.jpg"))
        let output = try TemporaryFolder()
        for k in 1...3 {
            let run = try CLIRunner.run(["batch", input.url.path, "-o", output.url.path, "-r", "--shard", "\(k)/3"])
            #expect(run.status == 0, "\(run.stderr)")
            let done = Self.donePhotos(in: output.url.path)[".instantscan-batch.shard-\(k)-of-3.jsonl"] ?? []
            #expect(done.subtracting(["IMG_0000.jpg"]) == Set(photos.filter { before[$0] == k }))
        }
    }

    @Test func theSchedulersVariablesPickTheShard() throws {
        let (input, photos) = try Self.makeInput()
        let output = try TemporaryFolder()
        let kubernetes = try CLIRunner.run(["batch", input.url.path, "-o", output.url.path, "-r", "--shard-count", "3"],
                                           environment: ["JOB_COMPLETION_INDEX": "1"])
        #expect(kubernetes.status == 0, "\(kubernetes.stderr)")
        let slurm = try CLIRunner.run(["batch", input.url.path, "-o", output.url.path, "-r", "--shard-count", "3"],
                                      environment: ["SLURM_ARRAY_TASK_ID": "3", "SLURM_ARRAY_TASK_MIN": "1", "SLURM_ARRAY_TASK_COUNT": "3"])
        #expect(slurm.status == 0, "\(slurm.stderr)")
        let done = Self.donePhotos(in: output.url.path)
        #expect(done.keys.sorted() == [".instantscan-batch.shard-2-of-3.jsonl", ".instantscan-batch.shard-3-of-3.jsonl"])
        #expect(done[".instantscan-batch.shard-2-of-3.jsonl"] == Set(photos.filter { Shard.index(of: $0, count: 3) == 2 }))
        #expect(done[".instantscan-batch.shard-3-of-3.jsonl"] == Set(photos.filter { Shard.index(of: $0, count: 3) == 3 }))

        // Out of range, or not a number: a usage error naming the variable, and nothing scanned.
        let wrong = try CLIRunner.run(["batch", input.url.path, "-o", output.path("other"), "--shard-count", "3"],
                                      environment: ["JOB_COMPLETION_INDEX": "3"])
        #expect(wrong.status == 64)
        #expect(wrong.stderr.contains("JOB_COMPLETION_INDEX=3 is out of range"), "\(wrong.stderr)")
        #expect(!FileManager.default.fileExists(atPath: output.path("other")))
        let both = try CLIRunner.run(["batch", input.url.path, "-o", output.path("other"), "--shard", "1/3", "--shard-count", "3"])
        #expect(both.status == 64 && both.stderr.contains("cannot go together"), "\(both.stderr)")
        let bad = try CLIRunner.run(["batch", input.url.path, "-o", output.path("other"), "--shard", "3/2"])
        #expect(bad.status == 64 && bad.stderr.contains("shard 3 is out of range"), "\(bad.stderr)")
    }

    @Test func aKilledShardResumesAndLeavesTheOthersAlone() throws {
        let (input, photos) = try Self.makeInput()
        let output = try TemporaryFolder()
        let mine = photos.filter { Shard.index(of: $0, count: 3) == 2 }
        try #require(!mine.isEmpty)
        for k in 1...3 {
            let run = try CLIRunner.run(["batch", input.url.path, "-o", output.url.path, "-r", "--shard", "\(k)/3"])
            #expect(run.status == 0, "\(run.stderr)")
        }
        // Shard 2 killed after its scans were renamed into place, before any `done` line.
        let manifest = output.path(".instantscan-batch.shard-2-of-3.jsonl")
        let claimed = try String(contentsOfFile: manifest, encoding: .utf8).split(separator: "\n").filter { $0.contains("\"claimed\"") }
        try Data(claimed.map { $0 + "\n" }.joined().utf8).write(to: URL(fileURLWithPath: manifest))
        let others = try [1, 3].map { try Data(contentsOf: URL(fileURLWithPath: output.path(".instantscan-batch.shard-\($0)-of-3.jsonl"))) }

        let rerun = try CLIRunner.run(["batch", input.url.path, "-o", output.url.path, "-r", "--shard", "2/3"])
        #expect(rerun.status == 0, "\(rerun.stderr)")
        #expect(!rerun.stderr.contains("already exists"), "\(rerun.stderr)")
        #expect(rerun.stderr.contains("\(mine.count) photos, \(mine.count) prints scanned, 0 already done"), "\(rerun.stderr)")
        #expect(Self.donePhotos(in: output.url.path)[".instantscan-batch.shard-2-of-3.jsonl"] == Set(mine))
        #expect(try [1, 3].map { try Data(contentsOf: URL(fileURLWithPath: output.path(".instantscan-batch.shard-\($0)-of-3.jsonl"))) } == others)
        #expect(Self.outputs(in: output.url.path).count == photos.count)

        // A plain batch over the same folder finds everything done by the shards.
        let sweep = try CLIRunner.run(["batch", input.url.path, "-o", output.url.path, "-r"])
        #expect(sweep.status == 0, "\(sweep.stderr)")
        #expect(sweep.stderr.contains("\(photos.count) already done"), "\(sweep.stderr)")
    }

    @Test func aShardCleansOnlyItsOwnLeftoverTemporaries() throws {
        let (input, _) = try Self.makeInput()
        let output = try TemporaryFolder()
        // IMG_0003.jpg is in shard 1 of 3, IMG_0001.jpg in shard 3 (ShardTests pins the function).
        let (mine, theirs) = ("IMG_0003.jpg", "IMG_0001.jpg")
        #expect(Shard.index(of: mine, count: 3) == 1 && Shard.index(of: theirs, count: 3) == 3)
        // Temporaries whose writer's PID is not running here: on a shared folder it may be
        // running on another machine, unless the target is one of this shard's own.
        let stem = { (photo: String) in (photo as NSString).deletingPathExtension }
        let own = output.path(".\(stem(mine))-1.png.999999999.12345.tmp")
        let other = output.path(".\(stem(theirs))-1.png.999999999.12345.tmp")
        for path in [own, other] { try Data("half".utf8).write(to: URL(fileURLWithPath: path)) }
        let run = try CLIRunner.run(["batch", input.url.path, "-o", output.url.path, "-r", "--shard", "1/3"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: own))
        #expect(FileManager.default.fileExists(atPath: other), "another shard's write in flight is left alone")
        // A plain batch owns the whole folder.
        _ = try CLIRunner.run(["batch", input.url.path, "-o", output.url.path, "-r"])
        #expect(!FileManager.default.fileExists(atPath: other))
    }

    @Test func oneReportFromEveryShardsManifest() throws {
        let (input, photos) = try Self.makeInput()
        let output = try TemporaryFolder()
        for k in 1...3 {
            _ = try CLIRunner.run(["batch", input.url.path, "-o", output.url.path, "-r", "--shard", "\(k)/3"])
        }
        let report = try CLIRunner.run(["report", output.url.path, "--input", input.url.path, "-r"])
        #expect(report.status == 0, "\(report.stderr)")
        #expect(report.stderr.contains("3 manifests: \(photos.count) photos, \(photos.count) prints, 0 not done"), "\(report.stderr)")
        let html = try String(contentsOfFile: output.path("report.html"), encoding: .utf8)
        for photo in photos { #expect(html.contains("<h2><bdi>\(photo)</bdi></h2>"), "\(photo)") }
        #expect(html.components(separatedBy: "src=\"data:image/jpeg;base64,").count - 1 == photos.count, "a thumbnail per scan")

        // One shard lost: its photos are listed as not done, with the shard to run again.
        let lost = photos.filter { Shard.index(of: $0, count: 3) == 3 }
        try FileManager.default.removeItem(atPath: output.path(".instantscan-batch.shard-3-of-3.jsonl"))
        let partial = try CLIRunner.run(["report", output.url.path, "--input", input.url.path, "-r", "-o", output.path("partial.html")])
        #expect(partial.status == 1)
        #expect(partial.stderr.contains("\(lost.count) not done"), "\(partial.stderr)")
        #expect(partial.stderr.contains("(shard 3/3)"), "\(partial.stderr)")

        // No manifest at all: nothing to report.
        let empty = try TemporaryFolder()
        let none = try CLIRunner.run(["report", empty.url.path])
        #expect(none.status == 66 && none.stderr.contains("no batch manifest"), "\(none.stderr)")
    }

    @Test func reportWorksForAPlainBatchAndNeverReplacesItsFiles() throws {
        let (input, photos) = try Self.makeInput()
        let output = try TemporaryFolder()
        let batch = try CLIRunner.run(["batch", input.url.path, "-o", output.url.path, "-r"])
        #expect(batch.status == 0, "\(batch.stderr)")
        let report = try CLIRunner.run(["report", output.url.path, "-o", output.path("index.html")])
        #expect(report.status == 0, "\(report.stderr)")
        #expect(report.stderr.contains("1 manifest: \(photos.count) photos"), "\(report.stderr)")
        for target in [output.path(BatchManifest.fileName), output.path("IMG_0001-1.png")] {
            let before = try Data(contentsOf: URL(fileURLWithPath: target))
            let refused = try CLIRunner.run(["report", output.url.path, "-o", target])
            #expect(refused.status == 73, "\(target): \(refused.stderr)")
            #expect(try Data(contentsOf: URL(fileURLWithPath: target)) == before)
        }
    }
}
