import Foundation
import Testing
@testable import InstantScan

/// A streamed PNG whose compressed bands are written to unnamed files beside the output as they
/// are made (``ScanOptions/spillFolder``) writes the same bytes as one kept in memory, and never
/// leaves a file behind: not while the scan is made, not when writing the bands fails.
@Suite struct StreamedPNGSpillTests {
    /// A scan large enough that each band writes out its bytes several times (every 64 KiB), with
    /// bands and chunks that divide nothing, joins into the PNG of the whole image.
    @Test(arguments: [(1, 16), (3, 7)])
    func spilledBandsJoinIntoTheWholeImagesPNG(bandCount: Int, chunkRows: Int) throws {
        let f = try StreamingEngineFixture()
        let scale = 6.0, m = f.map.m
        let map = Homography([m[0] / scale, m[1] / scale, m[2], m[3] / scale, m[4] / scale, m[5], m[6] / scale, m[7] / scale, m[8]])
        let size = PixelSize(width: f.size.width * 6, height: f.size.height * 6)
        let whole = try PerspectiveWarp().warp(f.source, outputSize: size, outputToSource: map)
        f.converter.convert(whole)
        let expected = try PNGEncoder.encode(whole, iccProfile: nil, srgbIntent: true, compression: .small, bandCount: bandCount)
        let scan = StreamedScan(source: f.source, map: map, size: size, converter: f.converter)
        let folder = try TemporaryFolder()
        let made = try scan.stream(compression: .small, correction: nil, glare: nil, spillFolder: folder.url.path,
                                   bandCount: bandCount, chunkRows: chunkRows)
        #expect(made.bands.bands.allSatisfy { $0.bytes == nil }, "no band's bytes are in memory")
        #expect(made.bands.compressedByteCount > bandCount << 17, "each band wrote out more than once")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.path).isEmpty, "the files have no names")
        let png = try PNGEncoder.encode(size: size, streamed: made.bands, iccProfile: nil, srgbIntent: true, compression: .small)
        #expect(png == expected)
    }

    /// Through the scanner and the encoder: the file written is the in-memory scan's, and the
    /// folder holds nothing else, before or after.
    @Test func aScanSpilledBesideItsOutputWritesTheSameFile() throws {
        let (jpeg, corners) = try StreamedScanTests.scene(format: .polaroid600, width: 1200, height: 900)
        var options = ScanOptions()
        options.streamedPNG = .fast
        let kept = try #require(try PrintScanner(options: options).scan(jpeg, corners: corners).prints.first)
        let folder = try TemporaryFolder()
        options.spillFolder = folder.url.path
        let spilled = try #require(try PrintScanner(options: options).scan(jpeg, corners: corners).prints.first)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.path).isEmpty)
        try OutputEncoder(format: .png(.fast)).write(spilled, to: folder.path("scan.png"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.path) == ["scan.png"])
        #expect(try PhotoFile.read(folder.path("scan.png")) == OutputEncoder(format: .png(.fast)).encode(kept))
    }

    /// A folder that refuses the files (not made yet) keeps the bands in memory: same bytes.
    @Test func aFolderThatDoesNotExistKeepsTheBandsInMemory() throws {
        let (jpeg, corners) = try StreamedScanTests.scene(format: .instaxMini, width: 600, height: 450)
        var options = ScanOptions()
        options.streamedPNG = .fast
        let kept = try #require(try PrintScanner(options: options).scan(jpeg, corners: corners).prints.first)
        let folder = try TemporaryFolder()
        options.spillFolder = folder.path("not-made-yet")
        let print = try #require(try PrintScanner(options: options).scan(jpeg, corners: corners).prints.first)
        #expect(try #require(print.streamed).bands.bands.allSatisfy { $0.bytes != nil })
        let encoder = OutputEncoder(format: .png(.fast))
        #expect(try encoder.encode(print) == encoder.encode(kept))
        #expect(!FileManager.default.fileExists(atPath: folder.path("not-made-yet")))
    }

    /// A disk that fills while the bands are written out fails the scan with a write error (as
    /// the output's own write would) and leaves the folder empty: no partial band file, no output.
    @Test(.enabled(if: TmpfsMount.available, "needs root to mount a tmpfs"))
    func aDiskThatFillsWhileSpillingFailsTheScanAndLeavesNothing() throws {
        let (jpeg, corners) = try StreamedScanTests.scene(format: .polaroid600, width: 1200, height: 900)
        var options = ScanOptions()
        options.streamedPNG = .fast
        let disk = try TmpfsMount(kilobytes: 48)
        options.spillFolder = disk.path
        let error = #expect(throws: AtomicFile.WriteError.self) {
            _ = try PrintScanner(options: options).scan(jpeg, corners: corners)
        }
        #expect("\(error.map(String.init(describing:)) ?? "")".contains("No space left on device"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: disk.path).isEmpty, "no band file, no output")
    }

    /// The command line writes only its output into the output's folder, the bytes of a scan
    /// into a folder it makes afterwards (whose bands stayed in memory).
    @Test func theCommandLineLeavesOnlyItsOutput() throws {
        let (jpeg, _) = try StreamedScanTests.scene(format: .instaxMini, width: 1000, height: 750)
        let folder = try TemporaryFolder()
        try Data(jpeg).write(to: folder.url.appendingPathComponent("photo.jpg"))
        let run = try CLIRunner.run(["scan", folder.path("photo.jpg"), "-o", folder.path("scan.png")])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.path).sorted() == ["photo.jpg", "scan.png"])
        let fresh = try CLIRunner.run(["scan", folder.path("photo.jpg"), "-o", folder.path("made-after") + "/"])
        #expect(fresh.status == 0, "\(fresh.stderr)")
        #expect(try PhotoFile.read(folder.path("scan.png")) == PhotoFile.read(folder.path("made-after/photo-1.png")))
    }
}
