import Foundation
import Testing
@testable import InstantScan

/// White balance through the whole scanner: ICC end to end, window crops, one light for a batch.
@Suite struct ScannerWhiteBalanceTests {
    static let lamp = ColorScene.Light(cast: [0.97, 0.76, 0.5]) { u, _ in 1 - 0.2 * u }
    /// Where the card sits in the photo.
    static let origin = (x: 60, y: 40)

    /// A photo with the scene's card lying axis-aligned on a dark table, and its corners.
    static func photo(_ scene: ColorScene, light: ColorScene.Light) throws -> (image: PixelBuffer, corners: Quad) {
        let card = PixelBufferReader(try scene.render(light))
        let image = try PixelBuffer(width: scene.width + 2 * origin.x, height: scene.height + 2 * origin.y)
        for y in 0..<image.height {
            for x in 0..<image.width {
                let cx = x - origin.x, cy = y - origin.y
                if cx >= 0, cx < card.width, cy >= 0, cy < card.height {
                    image[x, y] = (0..<4).map { card.value(cx, cy, $0) }
                } else {
                    image[x, y] = [70, 52, 38, 255]
                }
            }
        }
        // Pixel i covers [i − ½, i + ½]: the card's edges are half a pixel outside its pixels.
        let x0 = Double(origin.x) - 0.5, y0 = Double(origin.y) - 0.5
        let corners = Quad(Point(x0, y0), Point(x0 + Double(scene.width), y0),
                           Point(x0 + Double(scene.width), y0 + Double(scene.height)), Point(x0, y0 + Double(scene.height)))
        return (image, corners)
    }

    func scan(_ jpeg: [UInt8], corners: Quad, light: LightEstimate? = nil,
              configure: (inout ScanOptions) -> Void = { _ in }) throws -> ScannedPrint {
        var options = ScanOptions()
        options.format = .instaxMini
        configure(&options)
        return try #require(try PrintScanner(options: options).scan(jpeg, corners: corners, light: light).prints.first)
    }

    @Test func aDisplayP3PhotoAndAnSRGBPhotoOfOneSceneGiveTheSameScan() throws {
        let scene = ColorScene()
        let (photo, corners) = try Self.photo(scene, light: Self.lamp)
        let srgbJPEG = try JPEGEncoder.encode(photo, quality: 95)
        // The same colours written as a phone does: Display P3 values with the profile embedded.
        let p3 = try ColorTestImages.copy(photo)
        try ColorConverter(from: .sRGB, to: .displayP3).convert(p3)
        let p3JPEG = try JPEGEncoder.encode(p3, quality: 95, iccProfile: BuiltInProfile.displayP3.makeICCData())

        let fromSRGB = try scan(srgbJPEG, corners: corners)
        let fromP3 = try scan(p3JPEG, corners: corners)
        #expect(fromSRGB.whiteBalance?.light.source == .frame && fromP3.whiteBalance?.light.source == .frame)
        let differences = scene.pictureDifferences(fromSRGB.image, fromP3.image)
        // Two JPEG encodings and the P3 round trip through 8 bits differ by a code or so; white
        // balance in the output's linear light sees the same colours from both, so the scans
        // agree within ΔE00 1 everywhere.
        #expect(differences.maximum <= 1.0, "max ΔE00 \(differences.maximum), mean \(differences.mean)")

        // The check has teeth: the P3 pixels read as sRGB (profile dropped) are visibly off.
        let untagged = try JPEGEncoder.encode(p3, quality: 95)
        let misread = try scan(untagged, corners: corners)
        #expect(scene.pictureDifferences(fromSRGB.image, misread.image).mean > 2)
    }

    @Test func displayP3OutputIsBalancedInP3() throws {
        let scene = ColorScene()
        let (photo, corners) = try Self.photo(scene, light: Self.lamp)
        let print = try scan(try JPEGEncoder.encode(photo, quality: 95), corners: corners) {
            $0.outputProfile = .displayP3
        }
        #expect(print.profile == .displayP3 && print.whiteBalance?.light.profile == .displayP3)
        #expect((print.whiteBalance?.correctedFrameChroma ?? 99) < 1)
        // Back in sRGB the scan matches the neutral print.
        try ColorConverter(from: .displayP3, to: .sRGB).convert(print.image)
        let differences = scene.pictureDifferences(print.image, try scene.render())
        #expect(differences.mean < 1.5, "mean ΔE00 \(differences.mean)")
    }

    @Test func aWindowCropGetsTheCorrectionItHasInTheCard() throws {
        let scene = ColorScene()
        let (photo, corners) = try Self.photo(scene, light: Self.lamp)
        let jpeg = try JPEGEncoder.encode(photo, quality: 95)
        let card = try scan(jpeg, corners: corners)
        let window = try scan(jpeg, corners: corners) { $0.crop = .window }
        // The window was balanced with a light read from a smaller card made for the purpose;
        // compare it with the same part of the card scan.
        let (x, y) = scene.windowPixels(inset: 0)
        let cardReader = PixelBufferReader(card.image), windowReader = PixelBufferReader(window.image)
        var worst = 0.0
        for by in 0..<8 {
            for bx in 0..<8 {
                let wx = (bx * window.image.width / 8)..<((bx + 1) * window.image.width / 8)
                let wy = (by * window.image.height / 8)..<((by + 1) * window.image.height / 8)
                let cx = (x.lowerBound + bx * x.count / 8)..<(x.lowerBound + (bx + 1) * x.count / 8)
                let cy = (y.lowerBound + by * y.count / 8)..<(y.lowerBound + (by + 1) * y.count / 8)
                worst = max(worst, CIEDE2000.difference(CIEDE2000.lab(srgb: cardReader.mean(x: cx, y: cy)),
                                                        CIEDE2000.lab(srgb: windowReader.mean(x: wx, y: wy))))
            }
        }
        #expect(worst < 1.0, "worst block ΔE00 \(worst)")
    }

    @Test func oneLightForABatchGivesEveryPrintTheSameCorrection() throws {
        // Two prints under one lamp; the second photo is brighter, so its frame's red is clipped.
        let first = try Self.photo(ColorScene(), light: Self.lamp)
        var bright = Self.lamp
        bright.cast = bright.cast.map { $0 * 1.35 }
        var other = ColorScene()
        other.caption = true
        let second = try Self.photo(other, light: bright)
        let jpegs = [try JPEGEncoder.encode(first.image, quality: 95), try JPEGEncoder.encode(second.image, quality: 95)]
        let corners = [first.corners, second.corners]

        var estimates: [LightEstimate] = []
        for (jpeg, quad) in zip(jpegs, corners) {
            var options = ScanOptions()
            options.format = .instaxMini
            estimates += try PrintScanner(options: options).estimateLight(jpeg, corners: quad)
        }
        #expect(estimates.count == 2)
        #expect(estimates[1].channels[0] != .measured, "the bright photo's red is clipped")
        let shared = LightEstimate.combined(estimates)
        // Red comes from the photo that measured it.
        #expect(shared.channels[0] == .measured)
        let prints = try zip(jpegs, corners).map { jpeg, quad in try scan(jpeg, corners: quad, light: shared) }
        let gains = prints.map { $0.whiteBalance?.light.gains ?? [] }
        #expect(gains[0] == gains[1] && gains[0] == shared.gains)
        #expect(prints.map { $0.whiteBalance?.light } == [shared, shared])
    }

    @Test func combiningPoolsColourAsRatiosAcrossExposures() {
        // The same light at two exposures (the second 30 % brighter), each measured in full.
        let base = [log(0.8), log(0.6), log(0.35)]
        func estimate(_ exposure: Double, _ channels: [ChannelEvidence]) -> LightEstimate {
            LightEstimate(source: .frame, field: IlluminationField(logLevels: base.map { $0 + log(exposure) }),
                          whiteLevel: 0.83, channels: channels, profile: .srgb, sampleCount: 1000)
        }
        let shared = LightEstimate.combined([estimate(1, [.measured, .measured, .measured]),
                                             estimate(1.3, [.locus, .measured, .measured])])
        // Red only from the first photo, green and blue from both: the colour stays the light's.
        let ratio = shared.field.logLevels[0] - shared.field.logLevels[1]
        #expect(abs(ratio - (base[0] - base[1])) < 1e-12)
        #expect(shared.channels == [.measured, .measured, .measured])
    }

    @Test func combiningKeepsAClippedRedsShiftBelowTheLocus() {
        // Two photos under one green tube, red clipped on both frames: each took its red 8 %
        // below the locus on its picture's word. Re-completed on the locus from the pooled green
        // and blue, the batch keeps that shift rather than going back to the locus's red.
        let locus = PlanckianLocus(space: WorkingSpace(.srgb))
        func estimate(_ exposure: Double) -> LightEstimate {
            var levels = locus.completing([0, log(0.6), log(0.35)], missing: 0).map { $0 + log(exposure) }
            levels[0] += log(0.92)
            return LightEstimate(source: .frame, field: IlluminationField(logLevels: levels), whiteLevel: 0.83,
                                 channels: [.locus, .measured, .measured], profile: .srgb, sampleCount: 1000)
        }
        let shared = LightEstimate.combined([estimate(1), estimate(1.3)])
        let onLocus = locus.completing(shared.field.logLevels, missing: 0)[0]
        #expect(abs(shared.field.logLevels[0] - onLocus - log(0.92)) < 1e-9)
        #expect(shared.channels[0] == .locus)
    }

    @Test func jsonReportsTheLight() throws {
        let folder = try TemporaryFolder()
        let scene = ColorScene()
        let (photo, corners) = try Self.photo(scene, light: Self.lamp)
        let path = folder.path("photo.jpg")
        try Data(try JPEGEncoder.encode(photo, quality: 95)).write(to: URL(fileURLWithPath: path))
        let run = try CLIRunner.run(["scan", path, "-o", folder.path("out.png"), "--corners", corners.description,
                                     "--print-format", "instax-mini", "--json"])
        #expect(run.status == 0, "\(run.stderr)")
        let json = try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any]
        let light = (json?["outputs"] as? [[String: Any]])?.first?["light"] as? [String: Any]
        #expect(light?["source"] as? String == "frame")
        #expect((light?["gains"] as? [Double])?.count == 3)
        #expect(light?["cct"] is Double)
        #expect((light?["frameChromaBefore"] as? Double ?? 0) > 10)
        #expect((light?["frameChromaAfter"] as? Double ?? 99) < 1.5)
        #expect(light?["clippedShare"] is Double)
    }

    @Test func sameLightScansSeveralPhotosWithOneCorrection() throws {
        let folder = try TemporaryFolder()
        var paths: [String] = [], cornerArguments: [String] = []
        for (index, brightness) in [1.0, 1.2].enumerated() {
            var light = Self.lamp
            light.cast = light.cast.map { $0 * brightness }
            let (photo, corners) = try Self.photo(ColorScene(), light: light)
            let path = folder.path("photo\(index).jpg")
            try Data(try JPEGEncoder.encode(photo, quality: 95)).write(to: URL(fileURLWithPath: path))
            paths.append(path)
            cornerArguments += ["--corners", corners.description]
        }
        let out = folder.path("scans") + "/"
        let run = try CLIRunner.run(["scan"] + paths + ["-o", out, "--same-light", "--json", "--print-format", "instax-mini"]
            + cornerArguments)
        #expect(run.status == 0, "\(run.stderr)")
        let lines = run.stdout.split(separator: "\n")
        #expect(lines.count == 2)
        let gains = try lines.map { line -> [Double] in
            let json = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
            let light = (json?["outputs"] as? [[String: Any]])?.first?["light"] as? [String: Any]
            return light?["gains"] as? [Double] ?? []
        }
        #expect(gains[0].count == 3 && gains[0] == gains[1])
        #expect(FileManager.default.fileExists(atPath: out + "photo0-1.png"))
        #expect(FileManager.default.fileExists(atPath: out + "photo1-1.png"))
    }

    @Test func severalPhotosNeedAFolderAndMatchingCorners() throws {
        let folder = try TemporaryFolder()
        let a = folder.path("a.jpg"), b = folder.path("b.jpg")
        let toFile = try CLIRunner.run(["scan", a, b, "-o", folder.path("out.png")])
        #expect(toFile.status == 64 && toFile.stderr.contains("folder"))
        let oneCorners = try CLIRunner.run(["scan", a, b, "-o", folder.path("out") + "/", "--corners", "0,0 10,0 10,10 0,10"])
        #expect(oneCorners.status == 64 && oneCorners.stderr.contains("once per photo"))
    }
}
