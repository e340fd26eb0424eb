import Foundation
import Testing
@testable import InstantScan

/// What a batch prints on a terminal (issue 15, item 11): warnings on lines of their own above the
/// progress bar, each once.
@Suite struct BatchMessagesTests {
    /// A PNG photo with three sRGB chunks (libpng warns "too many profiles").
    static func pngWithDuplicateChunks() throws -> [UInt8] {
        var png = try OutputEncoder(format: .png(.fast)).encode(try DetectionScenes.woodGrain.render(), profile: .srgb)
        let body: [UInt8] = Array("sRGB".utf8) + [0]
        let crc = PNGExcessDataTests.crc32(body[...])
        let chunk: [UInt8] = [0, 0, 0, 1] + body + [UInt8(crc >> 24), UInt8(crc >> 16 & 0xFF), UInt8(crc >> 8 & 0xFF), UInt8(crc & 0xFF)]
        png.insert(contentsOf: chunk + chunk, at: 33)
        return png
    }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/script"), "needs script(1) for a terminal"))
    func warningsGoAboveTheBarOnce() throws {
        let input = try TemporaryFolder()
        try Data(try Self.pngWithDuplicateChunks()).write(to: input.url.appendingPathComponent("dup.png"))
        let output = try TemporaryFolder()
        // script(1) gives the batch a terminal, so it draws its bar.
        let command = "\(CLIRunner.binary.path) batch \(input.url.path) -o \(output.url.path)"
        let run = try Subprocess.run("/usr/bin/script", ["-qc", command, "/dev/null"], timeout: 120)
        let text = run.stdout
        let warning = "instantscan: warning: dup.png: PNG: sRGB: too many profiles"
        #expect(text.components(separatedBy: warning).count - 1 == 1, "\(text.debugDescription)")
        for range in text.ranges(of: "instantscan: warning:") {
            let before = text[..<range.lowerBound]
            #expect(before.hasSuffix("\n") || before.hasSuffix("\u{1B}[K"), "a warning inside the bar's line: \(text.debugDescription)")
        }
    }
}
