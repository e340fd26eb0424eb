import Foundation
import Testing
@testable import InstantScan
@testable import instantscan_review

/// The review API as a script or the page uses it, over real HTTP: the photo list, a re-scan at
/// corners set by hand, and a later `batch` run keeping them.
@Suite struct ReviewAPITests {
    /// A folder with no manifest at all is not a batch's.
    @Test func aFolderWithoutAManifestIsRefused() throws {
        let empty = try TemporaryFolder()
        #expect {
            try ReviewCatalog(outputFolder: empty.url.path, input: nil)
        } throws: { error in
            "\(error)".contains("no batch here")
        }
    }

    /// A folder written by `batch --shard K/N` tasks alone: every shard's photos are listed, a fix
    /// is recorded in the manifest of the shard that scanned the photo (a photo no shard finished:
    /// in the plain batch's), and later shard runs, plain batches and `report` all honour it.
    @Test func reviewsAFolderWrittenByShardsAndRecordsFixesWhereTheBatchFindsThem() async throws {
        let f = try await ReviewFixture.make(shards: 2)
        #expect(!FileManager.default.fileExists(atPath: f.scans + "/" + BatchManifest.fileName), "shards only")
        let photos = try await f.photos()
        #expect(photos["IMG_0001.jpg"]?["status"] as? String == "ok")
        #expect(photos["IMG_0002.jpg"]?["status"] as? String == "failed")
        #expect((photos["IMG_0001.jpg"]?["prints"] as? [[String: Any]])?.first?["output"] as? String == "IMG_0001-1.png")

        let centre = ReviewFixture.truth.centroid
        let manual = ReviewFixture.truth.mapped { centre + ($0 - centre) * 0.8 }
        let id = try #require(photos["IMG_0001.jpg"]?["id"] as? String)
        let fixed = try await f.put(id, ["prints": [["corners": ReviewFixture.json(manual), "format": "instax-mini"]]])
        #expect(fixed.status == 200, "\(fixed.text)")
        #expect(fixed.json["status"] as? String == "fixed")
        let owner = ".instantscan-batch.shard-\(Shard.index(of: "IMG_0001.jpg", count: 2))-of-2.jsonl"
        let line = try #require(BatchRecords.lastLines(atPath: f.scans + "/" + owner)[SystemPath.Key("IMG_0001.jpg")])
        #expect(line.state == .done && line.prints?.first?.manual == true, "recorded in its shard's manifest")
        #expect(ReviewFixture.same(line.prints?.first?.corners, ReviewFixture.json(manual)))

        // The photo its shard failed on gets a print by hand: recorded where its failure is.
        let bare = try #require(photos["IMG_0002.jpg"]?["id"] as? String)
        let square = [[300.0, 200.0], [700.0, 200.0], [700.0, 680.0], [300.0, 680.0]]
        let added = try await f.put(bare, ["prints": [["corners": square]]])
        #expect(added.status == 200, "\(added.text)")
        let failedIn = ".instantscan-batch.shard-\(Shard.index(of: "IMG_0002.jpg", count: 2))-of-2.jsonl"
        let bareLine = BatchRecords.lastLines(atPath: f.scans + "/" + failedIn)[SystemPath.Key("IMG_0002.jpg")]
        #expect(bareLine?.state == .done && bareLine?.prints?.first?.manual == true)
        #expect(!FileManager.default.fileExists(atPath: f.scans + "/" + BatchManifest.fileName), "no plain manifest needed")

        // A second review of the folder shows both fixes.
        let again = try ReviewCatalog(outputFolder: f.scans, input: nil)
        #expect(again.list().photos.map(\.status).sorted() == ["fixed", "fixed"])

        // Every shard re-run and a plain sweep find both done; scanning everything again keeps the fixes.
        let input = f.input.url.path, scans = f.scans
        for k in 1...2 {
            let run = try await ReviewFixture.offload { try CLIRunner.run(["batch", input, "-o", scans, "--shard", "\(k)/2"]) }
            let mine = ["IMG_0001.jpg", "IMG_0002.jpg"].filter { Shard.index(of: $0, count: 2) == k }.count
            #expect(run.status == 0 && run.stderr.contains("\(mine) already done, 0 failed"), "\(run.stderr)")
        }
        let sweep = try await ReviewFixture.offload { try CLIRunner.run(["batch", input, "-o", scans]) }
        #expect(sweep.status == 0 && sweep.stderr.contains("2 already done"), "\(sweep.stderr)")
        let all = try await ReviewFixture.offload { try CLIRunner.run(["batch", input, "-o", scans, "--no-resume", "--overwrite", "--json"]) }
        let lines = all.stdout.split(separator: "\n")
        #expect(lines.count == 2 && lines.allSatisfy { $0.contains("\"confidence\":1") }, "\(all.stdout)\n\(all.stderr)")
        let report = try await ReviewFixture.offload { try CLIRunner.run(["report", scans, "--input", input]) }
        #expect(report.status == 0 && report.stderr.contains("0 not done"), "\(report.stderr)")

        // A photo added after the shards ran, which no manifest records: its fix goes to the plain
        // batch's manifest, and every shard then finds it done.
        try FileManager.default.copyItem(atPath: f.input.path("IMG_0002.jpg"), toPath: f.input.path("IMG_0003.jpg"))
        let later = try ReviewCatalog(outputFolder: f.scans, input: nil)
        var options = BatchOptions()
        options.output = .png(.fast)
        let newcomer = try #require(later.photos.first { $0.relativePath == "IMG_0003.jpg" })
        let json = try ReviewRescanner(catalog: later, options: options)
            .rescan(newcomer, prints: [ManualScan.Print(card: Quad(corners: square.map { Point($0[0], $0[1]) }), format: nil)])
        #expect(json.status == "fixed")
        let plain = BatchRecords.lastLines(atPath: f.scans + "/" + BatchManifest.fileName)
        #expect(plain[SystemPath.Key("IMG_0003.jpg")]?.state == .done && plain[SystemPath.Key("IMG_0003.jpg")]?.prints?.first?.manual == true)
        let k = Shard.index(of: "IMG_0003.jpg", count: 2)
        let owner3 = try await ReviewFixture.offload { try CLIRunner.run(["batch", input, "-o", scans, "--shard", "\(k)/2", "--json"]) }
        #expect(owner3.status == 0 && owner3.stdout.isEmpty, "done: nothing scanned\n\(owner3.stdout)\n\(owner3.stderr)")
    }

    /// A photo the batch failed on is recorded as failed, with why and the exit code `scan` would
    /// give it: `report` and `review` show it after the batch is gone, and a re-run tries it again.
    @Test func failuresAreRecordedShownAndRetried() async throws {
        let f = try await ReviewFixture.make()
        let line = try #require(BatchRecords.lastLines(atPath: f.scans + "/" + BatchManifest.fileName)[SystemPath.Key("IMG_0002.jpg")])
        #expect(line.state == .failed && line.error == "no print found" && line.exit == 2 && line.outputs.isEmpty)
        let text = try String(contentsOfFile: f.scans + "/" + BatchManifest.fileName, encoding: .utf8)
        #expect(text.contains("\"error\":\"no print found\",\"exit\":2,"), "\(text)")

        let listed = try #require(try await f.photos()["IMG_0002.jpg"])
        #expect(listed["status"] as? String == "failed" && listed["error"] as? String == "no print found")
        #expect(try await f.photos()["IMG_0001.jpg"]?["error"] == nil)

        let input = f.input.url.path, scans = f.scans
        let report = try await ReviewFixture.offload { try CLIRunner.run(["report", scans, "--input", input]) }
        #expect(report.status == 1 && report.stderr.contains("1 not done"), "\(report.stderr)")
        let html = try String(contentsOfFile: scans + "/report.html", encoding: .utf8)
        #expect(html.contains("failed (exit 2): no print found"), "the reason, not 'not scanned'")

        let again = try await ReviewFixture.offload { try CLIRunner.run(["batch", input, "-o", scans]) }
        #expect(again.status == 1 && again.stderr.contains("1 already done, 1 failed"), "retried, not skipped: \(again.stderr)")
    }

    /// Ids are the shard hash of the path's bytes, zero-padded: stable across versions (pages and
    /// scripts keep them), a name that is not UTF-8 included.
    @Test func photoIdsAreTheFNV1aHashOfThePathsBytes() {
        #expect(ReviewCatalog.id(of: "IMG_0001.jpg") == "c76ec3b57ae15207")
        #expect(ReviewCatalog.id(of: SystemPath.string(Array("2019/caf".utf8) + [0xE9] + Array(".jpg".utf8))) == "c2d07e439e3fadde")
        #expect(ReviewCatalog.id(of: "") == "cbf29ce484222325")
        #expect(ReviewCatalog.id(of: "a") == "af63dc4c8601ec8c")
        #expect(ReviewCatalog.id(of: "p18.jpg") == "00bf035c01d2776f", "zero-padded to 16 digits")
    }

    @Test func listsEveryPhotoFailuresFirstWithTheirPrints() async throws {
        let f = try await ReviewFixture.make()
        let response = try await f.get("/api/photos")
        #expect(response.status == 200)
        #expect(response.headers["content-type"] == "application/json; charset=utf-8")
        let list = try #require(response.json["photos"] as? [[String: Any]])
        #expect(list.map { $0["name"] as? String } == ["IMG_0002.jpg", "IMG_0001.jpg"], "no print found comes first")
        #expect(response.json["outputFolder"] as? String == URL(fileURLWithPath: f.scans).standardizedFileURL.path)
        #expect((response.json["formats"] as? [[String: Any]])?.contains { $0["name"] as? String == "instax-mini" } == true)

        let failed = list[0]
        #expect(failed["status"] as? String == "failed")
        #expect((failed["prints"] as? [Any])?.isEmpty == true)

        let found = list[1]
        #expect(found["status"] as? String == "ok")
        #expect(found["width"] as? Int == 1200 && found["height"] as? Int == 900)
        let id = try #require(found["id"] as? String)
        #expect(id.count == 16)
        let prints = try #require(found["prints"] as? [[String: Any]])
        #expect(prints.count == 1)
        let print = prints[0]
        #expect(print["format"] as? String == "instax-mini")
        #expect(print["uncertain"] as? Bool == false && print["manual"] as? Bool == false)
        #expect(print["output"] as? String == "IMG_0001-1.png")
        let corners = try #require(print["corners"] as? [[Double]])
        #expect(corners.count == 4 && corners.allSatisfy { $0.count == 2 })
        for (found, truth) in zip(corners, ReviewFixture.truth.corners) {
            #expect(hypot(found[0] - truth.x, found[1] - truth.y) < 6, "\(found) vs \(truth)")
        }
        #expect((print["window"] as? [[Double]])?.count == 4)
        #expect((print["confidence"] as? Double ?? 0) > 0.5)

        // The URLs it gives are served: an upright JPEG preview, the photo, the scan.
        let preview = try await f.get(try #require(found["previewUrl"] as? String))
        #expect(preview.status == 200 && preview.headers["content-type"] == "image/jpeg")
        let image = try ImageReader.decode(Array(preview.body)).pixels
        #expect(image.width == 1200 && image.height == 900)
        let photo = try await f.get(try #require(found["photoUrl"] as? String))
        #expect(photo.body == (try Data(contentsOf: f.input.url.appendingPathComponent("IMG_0001.jpg"))))
        let scan = try await f.get(try #require(print["scanUrl"] as? String))
        #expect(scan.status == 200 && scan.headers["content-type"] == "image/png")
        #expect(scan.body == (try Data(contentsOf: URL(fileURLWithPath: f.scans + "/IMG_0001-1.png"))))
        let one = try await f.get("/api/photos/\(id)")
        #expect(one.json["photo"] as? String == "IMG_0001.jpg")
    }

    @Test func putRescansThatPhotoAloneAndRecordsTheCorners() async throws {
        let f = try await ReviewFixture.make()
        let photos = try await f.photos()
        let id = try #require(photos["IMG_0001.jpg"]?["id"] as? String)
        let scanPath = f.scans + "/IMG_0001-1.png"
        let before = try Data(contentsOf: URL(fileURLWithPath: scanPath))
        let untouched = try FileManager.default.attributesOfItem(atPath: f.input.path("IMG_0001.jpg"))

        // Corners set by hand: the true print shrunk towards its centre, which detection never
        // gives, so the scan and the manifest show which corners were used.
        let centre = ReviewFixture.truth.centroid
        let manual = ReviewFixture.truth.mapped { centre + ($0 - centre) * 0.8 }
        let response = try await f.put(id, ["prints": [["corners": ReviewFixture.json(manual), "format": "instax-mini"]]])
        #expect(response.status == 200, "\(response.text)")
        #expect(response.json["status"] as? String == "fixed")
        let prints = try #require(response.json["prints"] as? [[String: Any]])
        #expect(prints.count == 1)
        #expect(ReviewFixture.same(prints[0]["corners"] as? [[Double]], ReviewFixture.json(manual)))
        #expect(prints[0]["manual"] as? Bool == true && prints[0]["confidence"] as? Double == 1)
        #expect(prints[0]["uncertain"] as? Bool == false)

        // The scan was written again, at the new corners' size, as a whole PNG.
        let after = try Data(contentsOf: URL(fileURLWithPath: scanPath))
        #expect(after != before)
        let scan = try ImageReader.decode(Array(after)).pixels
        let old = try ImageReader.decode(Array(before)).pixels
        let shrink: Double = Double(scan.width) / Double(old.width)
        let aspect: Double = Double(scan.width) / Double(scan.height)
        #expect(abs(shrink - 0.8) < 0.03, "\(scan.width) vs \(old.width)")
        #expect(abs(aspect - 54.0 / 86.0) < 0.02, "\(aspect)")
        // The photo is the input: never written.
        #expect(try FileManager.default.attributesOfItem(atPath: f.input.path("IMG_0001.jpg"))[.modificationDate] as? Date
                == untouched[.modificationDate] as? Date)
        // The other photo was not scanned.
        #expect(!FileManager.default.fileExists(atPath: f.scans + "/IMG_0002-1.png"))

        let manifest = try BatchManifest(outputFolder: f.scans)
        let entry = try #require(manifest.entries["IMG_0001.jpg"])
        #expect(entry.state == .done && entry.outputs == ["IMG_0001-1.png"])
        #expect(entry.prints?.first?.manual == true)
        #expect(ReviewFixture.same(entry.prints?.first?.corners, ReviewFixture.json(manual)))
        #expect(entry.input == f.input.url.standardizedFileURL.path)
        // No temporaries left beside the scans.
        #expect(try FileManager.default.contentsOfDirectory(atPath: f.scans).sorted() == [".instantscan-batch.jsonl", "IMG_0001-1.png"])

        // The list now shows it fixed, and serves the new scan.
        let listed = try #require(try await f.photos()["IMG_0001.jpg"])
        #expect(listed["status"] as? String == "fixed")
        let url = try #require((listed["prints"] as? [[String: Any]])?.first?["scanUrl"] as? String)
        #expect(try await f.get(url).body == after)
    }

    /// A false detection deleted entirely: `{"prints": []}` removes the photo's scans (only those
    /// its manifest records) and records that it has none, so no later batch detects it again.
    @Test func anEmptyListRecordsThatThePhotoHasNoPrints() async throws {
        let f = try await ReviewFixture.make()
        let id = try #require(try await f.photos()["IMG_0001.jpg"]?["id"] as? String)
        #expect(FileManager.default.fileExists(atPath: f.scans + "/IMG_0001-1.png"))
        let response = try await f.put(id, ["prints": [Any]()])
        #expect(response.status == 200, "\(response.text)")
        #expect(response.json["status"] as? String == "fixed")
        #expect((response.json["prints"] as? [Any])?.isEmpty == true)
        #expect(try FileManager.default.contentsOfDirectory(atPath: f.scans).sorted() == [".instantscan-batch.jsonl"], "its scan gone, nothing left over")
        let line = try #require(BatchRecords.lastLines(atPath: f.scans + "/" + BatchManifest.fileName)[SystemPath.Key("IMG_0001.jpg")])
        #expect(line.state == .done && line.outputs.isEmpty && line.empty == true)
        #expect(try await f.photos()["IMG_0001.jpg"]?["status"] as? String == "fixed")

        // Later batches leave it alone, even scanning everything again.
        let input = f.input.url.path, scans = f.scans
        let resumed = try await ReviewFixture.offload { try CLIRunner.run(["batch", input, "-o", scans]) }
        #expect(resumed.stderr.contains("1 already done, 1 failed"), "\(resumed.stderr)")
        let again = try await ReviewFixture.offload { try CLIRunner.run(["batch", input, "-o", scans, "--no-resume", "--overwrite", "--json"]) }
        #expect(!again.stdout.contains("IMG_0001"), "\(again.stdout)")
        #expect(!FileManager.default.fileExists(atPath: f.scans + "/IMG_0001-1.png"))
        let report = try await ReviewFixture.offload { try CLIRunner.run(["report", scans, "--input", input]) }
        #expect(report.stderr.contains("1 not done"), "only the bare photo: \(report.stderr)")
    }

    /// Killed between claiming the removal and finishing it: the next batch removes what is left
    /// and records the photo as having no print; a file the batch did not write is never removed.
    @Test func aRemovalCutShortIsFinishedByTheNextBatch() async throws {
        let f = try await ReviewFixture.make()
        let photo = PhotoFinder.Photo(path: f.input.path("IMG_0001.jpg"), relativePath: "IMG_0001.jpg")
        let manifest = try BatchManifest(outputFolder: f.scans)
        try manifest.markClaimed(photo, outputs: [f.scans + "/IMG_0001-1.png"], prints: [], empty: true)
        try Data("mine".utf8).write(to: URL(fileURLWithPath: f.scans + "/IMG_0001-2.png"))
        let input = f.input.url.path, scans = f.scans
        _ = try await ReviewFixture.offload { try CLIRunner.run(["batch", input, "-o", scans]) }
        #expect(!FileManager.default.fileExists(atPath: f.scans + "/IMG_0001-1.png"))
        #expect(FileManager.default.fileExists(atPath: f.scans + "/IMG_0001-2.png"), "not the batch's")
        let line = BatchRecords.lastLines(atPath: f.scans + "/" + BatchManifest.fileName)[SystemPath.Key("IMG_0001.jpg")]
        #expect(line?.state == .done && line?.empty == true)
    }

    @Test func addingAndDeletingPrintsWritesAndRemovesTheirScans() async throws {
        let f = try await ReviewFixture.make()
        let photos = try await f.photos()
        let bare = try #require(photos["IMG_0002.jpg"]?["id"] as? String)
        // The failed photo gets a print placed by hand (four clicks on the page).
        let square = [[300.0, 200.0], [700.0, 200.0], [700.0, 680.0], [300.0, 680.0]]
        let added = try await f.put(bare, ["prints": [["corners": square]]])
        #expect(added.status == 200, "\(added.text)")
        #expect((added.json["prints"] as? [Any])?.count == 1)
        #expect(FileManager.default.fileExists(atPath: f.scans + "/IMG_0002-1.png"))

        let id = try #require(photos["IMG_0001.jpg"]?["id"] as? String)
        let two = try await f.put(id, ["prints": [["corners": ReviewFixture.json(ReviewFixture.truth)], ["corners": square]]])
        #expect(two.status == 200, "\(two.text)")
        #expect(FileManager.default.fileExists(atPath: f.scans + "/IMG_0001-2.png"))
        let one = try await f.put(id, ["prints": [["corners": ReviewFixture.json(ReviewFixture.truth)]]])
        #expect(one.status == 200)
        #expect((one.json["prints"] as? [Any])?.count == 1)
        #expect(!FileManager.default.fileExists(atPath: f.scans + "/IMG_0001-2.png"), "the deleted print's scan goes")
        #expect(FileManager.default.fileExists(atPath: f.scans + "/IMG_0001-1.png"))
    }

    @Test func aLaterBatchKeepsTheManualCorners() async throws {
        let f = try await ReviewFixture.make()
        let id = try #require(try await f.photos()["IMG_0001.jpg"]?["id"] as? String)
        let centre = ReviewFixture.truth.centroid
        let manual = ReviewFixture.truth.mapped { centre + ($0 - centre) * 0.85 }
        let fixed = try await f.put(id, ["prints": [["corners": ReviewFixture.json(manual)]]])
        #expect(fixed.status == 200, "\(fixed.text)")
        let scanPath = f.scans + "/IMG_0001-1.png"
        let reviewed = try Data(contentsOf: URL(fileURLWithPath: scanPath))

        // A plain re-run: the photo is done, its scan stays as reviewed.
        let input = f.input.url.path, scans = f.scans
        let resumed = try await ReviewFixture.offload { try CLIRunner.run(["batch", input, "-o", scans]) }
        #expect(resumed.stderr.contains("1 already done"), "\(resumed.stderr)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: scanPath)) == reviewed)

        // Scanning everything again: the reviewed photo is scanned at the manual corners, not
        // detected again, and they stay recorded as manual.
        let again = try await ReviewFixture.offload { try CLIRunner.run(["batch", input, "-o", scans, "--no-resume", "--overwrite", "--json"]) }
        #expect(again.stdout.contains("IMG_0001-1.png"), "\(again.stdout)\n\(again.stderr)")
        let entry = try #require(try BatchManifest(outputFolder: f.scans).entries["IMG_0001.jpg"])
        #expect(entry.state == .done)
        #expect(entry.prints?.count == 1 && entry.prints?.first?.manual == true)
        let corners = try #require(entry.prints?.first?.corners)
        for (got, want) in zip(corners, ReviewFixture.json(manual)) {
            #expect(abs(got[0] - want[0]) < 1e-6 && abs(got[1] - want[1]) < 1e-6, "\(got) vs \(want)")
        }
        let line = try #require(again.stdout.split(separator: "\n").first { $0.contains("IMG_0001-1.png") })
        #expect(line.contains("\"confidence\":1"), "scanned at given corners: \(line)")
        let rescanned = try ImageReader.decode(try PhotoFile.read(scanPath)).pixels
        let first = try ImageReader.decode(Array(reviewed)).pixels
        #expect(rescanned.size == first.size)
    }
}
