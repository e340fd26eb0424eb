import Foundation
import Testing
@testable import InstantScan

/// White balance from the frame on synthetic prints whose neutral rendering is known.
@Suite struct WhiteBalanceTests {
    /// A warm lamp with a gradient and vignetting: 25 % darker on the right, 12 % at the corners.
    /// Its red stays under the clip on the frame, so every channel is measured.
    static let warmLamp = ColorScene.Light(cast: [0.98, 0.74, 0.46]) { u, v in
        let x = 2 * u - 1, y = 2 * v - 1
        return (1 - 0.25 * u) * (1 - 0.06 * (x * x + y * y))
    }

    func corrected(_ scene: ColorScene, _ light: ColorScene.Light, mode: WhiteBalanceMode = .frame,
                   format: PrintFormat? = .instaxMini) throws -> (image: PixelBuffer, light: LightEstimate) {
        let image = try scene.render(light)
        let balance = WhiteBalance(mode: mode)
        let estimate = balance.estimate(card: image, format: format)
        balance.apply(estimate, to: image)
        return (image, estimate)
    }

    @Test func recoversAKnownCastAndGradient() throws {
        let scene = ColorScene()
        let (image, light) = try corrected(scene, Self.warmLamp)
        #expect(light.source == .frame)
        #expect(light.channels == [.measured, .measured, .measured])
        #expect(!light.field.isUniform)
        let differences = scene.pictureDifferences(image, try scene.render())
        // The scene follows the model exactly (a cast times an achromatic falloff in linear
        // light), so what is left is 8-bit quantisation of the dim blue channel (a gain of 2.2
        // magnifies its steps: up to a code in dark blues) and the falloff's third-order part
        // (u·x², 0.4 % of the light at most), which a degree-2 field cannot follow. Each is worth
        // a few tenths of ΔE00 in the worst block and far less on average; 1 ΔE00, about the
        // smallest difference seen side by side, would mean the model is wrong somewhere.
        #expect(differences.mean < 0.25, "mean ΔE00 \(differences.mean)")
        #expect(differences.maximum < 1.0, "max ΔE00 \(differences.maximum)")
        // The frame comes out at the paper white, neutral.
        let frame = PixelBufferReader(image).median(x: 40..<140, y: image.height - 30..<image.height - 20)
        #expect(frame.allSatisfy { abs($0 - 236) <= 2 }, "frame \(frame)")
    }

    @Test func captionAndGlareOnTheFrameDoNotMoveTheLight() throws {
        var scene = ColorScene()
        let clean = try corrected(scene, Self.warmLamp).light
        scene.caption = true
        scene.glare = true
        let (image, light) = try corrected(scene, Self.warmLamp)
        // The glare blob covers ~6 % of the frame and the strokes ~2 %; the biweight drops both,
        // so the gains move by well under 0.5 % (fitted as paper, the strokes alone would move
        // every gain by about 2 %).
        for c in 0..<3 {
            #expect(abs(light.gains[c] / clean.gains[c] - 1) < 0.005, "channel \(c): \(light.gains[c]) vs \(clean.gains[c])")
        }
        var neutral = scene
        neutral.glare = false
        let differences = scene.pictureDifferences(image, try neutral.render())
        #expect(differences.mean < 0.5, "mean ΔE00 \(differences.mean)")
    }

    /// The residual gradient: the ratio of mean linear luminance of the picture's right and
    /// left sixths, corrected over neutral (1 when the gradient is gone).
    func residualGradient(_ image: PixelBuffer, _ reference: PixelBuffer, scene: ColorScene) -> Double {
        let (x, y) = scene.windowPixels()
        let a = PixelBufferReader(image), b = PixelBufferReader(reference)
        func luminance(_ r: PixelBufferReader, _ xs: Range<Int>) -> Double {
            var sum = 0.0
            for yy in y {
                for xx in xs {
                    sum += 0.2126 * LinearLight.toLinear(Double(r.value(xx, yy, 0)) / 255)
                        + 0.7152 * LinearLight.toLinear(Double(r.value(xx, yy, 1)) / 255)
                        + 0.0722 * LinearLight.toLinear(Double(r.value(xx, yy, 2)) / 255)
                }
            }
            return sum
        }
        let sixth = x.count / 6
        let left = x.lowerBound..<(x.lowerBound + sixth), right = (x.upperBound - sixth)..<x.upperBound
        return (luminance(a, right) / luminance(b, right)) / (luminance(a, left) / luminance(b, left))
    }

    @Test func theFieldRemovesAGradientOneGainCannot() throws {
        let scene = ColorScene()
        // Light falling off by 40 % from left to right, as beside a window or under a desk lamp.
        let slope = ColorScene.Light(cast: [0.95, 0.8, 0.6]) { u, _ in 1 - 0.4 * u }
        let image = try scene.render(slope)
        let reference = try scene.render()
        let balance = WhiteBalance()
        let light = balance.estimate(card: image, format: .instaxMini)
        var global = light
        global.field = IlluminationField(logLevels: light.field.logLevels)
        let fieldCorrected = try ColorTestImages.copy(image), globalCorrected = try ColorTestImages.copy(image)
        balance.apply(light, to: fieldCorrected)
        balance.apply(global, to: globalCorrected)
        let withField = residualGradient(fieldCorrected, reference, scene: scene)
        let withGain = residualGradient(globalCorrected, reference, scene: scene)
        // Across the window's outer sixths the light differs by about 30 %: one gain leaves all
        // of that; the field, fitted to the frame on both sides, leaves under 0.5 % (a linear
        // falloff is exactly in its model; what is left is quantisation).
        #expect(abs(withGain - 1) > 0.25, "one gain leaves \(withGain)")
        #expect(abs(withField - 1) < 0.005, "the field leaves \(withField)")
    }

    @Test func aRedClippedFrameTakesRedFromTheLocus() throws {
        let scene = ColorScene()
        // A black-body lamp at 3000 K, exposed so that the frame's red is far over the clip
        // everywhere while green and blue are measured.
        let (x, y) = PlanckianLocus.chromaticity(kelvin: 3000)
        let rgb = WorkingSpace.srgb.rgb(xyz: [x / y, 1, (1 - x - y) / y])
        let cast = rgb.map { $0 / rgb[1] * 0.95 }
        let image = try scene.render(ColorScene.Light(cast: cast))
        let frameRed = PixelBufferReader(image).median(x: 40..<140, y: image.height - 30..<image.height - 20)[0]
        #expect(frameRed == 255)
        let balance = WhiteBalance()
        let light = balance.estimate(card: image, format: .instaxMini)
        #expect(light.channels == [.locus, .measured, .measured])
        // The lamp is on the locus, so the red the locus gives is the lamp's, up to the kelvin
        // fits (well under 1 %).
        #expect(abs(light.gains[0] / light.gains[1] - cast[1] / cast[0]) < 0.01 * cast[1] / cast[0])
        if let cct = light.correlatedColorTemperature { #expect(abs(cct - 3000) < 60, "CCT \(cct)") } else {
            Issue.record("no colour temperature")
        }
        balance.apply(light, to: image)
        let reference = try scene.render()
        let differences = scene.pictureDifferences(image, reference)
        // Picture pixels whose red also clipped come out with red raised to the brightest other
        // channel, not their true red; they are few in this picture.
        #expect(differences.mean < 1.5, "mean ΔE00 \(differences.mean)")
        // The clipped frame comes out neutral, not cyan.
        let chroma = balance.frameChroma(card: try scene.render(ColorScene.Light(cast: cast)), format: .instaxMini,
                                         light: light)
        #expect((chroma?.after ?? 99) < 1.0, "frame C* after: \(String(describing: chroma?.after))")
    }

    @Test func aBlackFrameGivesTheColourAndKeepsADarkFrameDark() throws {
        var scene = ColorScene()
        scene.paper = 50
        let (image, light) = try corrected(scene, ColorScene.Light(cast: [1.1, 0.85, 0.55]))
        #expect(light.source == .darkFrame)
        // The cast is gone (the frame is neutral again) and the frame stays black: its exposure
        // moves only half-way to the black frames' typical lightness.
        let chroma = WhiteBalance().frameChroma(card: try scene.render(ColorScene.Light(cast: [1.1, 0.85, 0.55])),
                                                format: .instaxMini, light: light)
        #expect((chroma?.after ?? 99) < 1.0)
        let frame = PixelBufferReader(image).median(x: 40..<140, y: image.height - 30..<image.height - 20)
        #expect(frame.allSatisfy { abs($0 - frame[1]) <= 1 } && frame[1] < 60, "frame \(frame)")
    }

    @Test func aFrameTooDarkToReadFallsBackToThePicture() throws {
        var scene = ColorScene()
        scene.paper = 8
        let (_, light) = try corrected(scene, ColorScene.Light(cast: [1.1, 0.85, 0.55]))
        #expect(light.source == .picture)
        #expect(light.channels == [.picture, .picture, .picture])
    }

    /// Pastel pink (sRGB 244, 178, 200) and mint (170, 230, 200) frames, as tints of the paper.
    @Test(arguments: [[1.0, 0.49, 0.64], [0.48, 0.94, 0.69]])
    func aColouredFrameIsNotTakenForWhite(tint: [Double]) throws {
        // A pink and a mint frame edition under a neutral light: taken for white paper, they
        // would tint the picture green or magenta; 0.03 off the locus, they are not.
        var scene = ColorScene()
        scene.paperTint = tint
        let (_, light) = try corrected(scene, ColorScene.Light(cast: [0.9, 0.9, 0.9]))
        #expect(light.source == .picture)
    }

    @Test func noFormatMeansPictureStatistics() throws {
        let (_, light) = try corrected(ColorScene(), Self.warmLamp, format: nil)
        #expect(light.source == .picture)
        #expect(light.field.isUniform)
    }

    @Test func grayWorldAndNoneModes() throws {
        let scene = ColorScene()
        let (_, gray) = try corrected(scene, Self.warmLamp, mode: .grayWorld)
        #expect(gray.source == .picture)
        let image = try scene.render(Self.warmLamp)
        let before = image.packedBytes()
        let balance = WhiteBalance(mode: .none)
        let light = balance.estimate(card: image, format: .instaxMini)
        #expect(light.isIdentity)
        balance.apply(light, to: image)
        // The identity changes no pixel: the tables round-trip every code.
        #expect(image.packedBytes() == before)
    }
}
