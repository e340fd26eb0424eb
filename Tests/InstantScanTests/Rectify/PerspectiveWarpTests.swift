import Testing
@testable import InstantScan

@Suite struct PerspectiveWarpTests {
    /// Puts a 300×240 texture into a 520×460 "photo" through a strong perspective, rectifies it
    /// back from the quad's corners and compares with the original.
    ///
    /// Two bilinear resamplings of a texture whose shortest period is ~12 px attenuate it by a few
    /// percent at most; the bar of 30 dB (RMS error ≈ 8 code values of a ±90 signal) fails at once
    /// for a misplaced corner (a 1 px shift costs ~6 dB at these frequencies), a flipped axis or
    /// an off-by-half pixel convention.
    @Test(arguments: Interpolation.allCases)
    func rectifyingAWarpedTextureRecoversIt(interpolation: Interpolation) throws {
        let texture = try TestImages.smoothTexture(width: 300, height: 240)
        let rect = [Point(0, 0), Point(299, 0), Point(299, 239), Point(0, 239)]
        let inPhoto = [Point(60, 40), Point(470, 95), Point(430, 420), Point(35, 380)]
        let forward = try #require(Homography.mapping(rect, to: inPhoto))
        let warp = PerspectiveWarp(interpolation: interpolation)
        let photo = try warp.warp(texture, outputSize: PixelSize(width: 520, height: 460),
                                  outputToSource: try #require(forward.inverse))
        let back = try warp.warp(photo, outputSize: texture.size, outputToSource: forward)
        let psnr = TestImages.psnr(back, texture, margin: 3)
        #expect(psnr > 30, "PSNR \(psnr) dB")
    }

    @Test func identityWarpCopiesPixelsExactly() throws {
        let texture = try TestImages.smoothTexture(width: 64, height: 48)
        let copy = try PerspectiveWarp().warp(texture, outputSize: texture.size, outputToSource: .identity)
        #expect(copy.packedBytes() == texture.packedBytes())
    }

    @Test func shrinkingAveragesInsteadOfAliasing() throws {
        // A one-pixel checkerboard: point sampling at ¼ scale lands on one colour and shows black
        // or white; an area prefilter shows the mean grey.
        let size = 256
        let checker = try PixelBuffer(width: size, height: size, format: .gray8, packed: (0..<(size * size)).map {
            (($0 % size) + ($0 / size)) % 2 == 0 ? 0 : 255
        })
        let quarter = Homography.affine(scaleX: 4, scaleY: 4, translateX: 1.5, translateY: 1.5)
        let small = try PerspectiveWarp().warp(checker, outputSize: PixelSize(width: 64, height: 64), outputToSource: quarter)
        let values = small.packedBytes()
        #expect(values.allSatisfy { abs(Int($0) - 128) <= 8 }, "range \(values.min()!)...\(values.max()!)")
    }

    @Test func pointsOutsideTheSourceRepeatTheEdge() throws {
        let source = try PixelBuffer(width: 4, height: 4, format: .rgba8, filledWith: 200)
        let shifted = Homography.affine(scaleX: 1, scaleY: 1, translateX: -10, translateY: -10)
        let out = try PerspectiveWarp().warp(source, outputSize: PixelSize(width: 8, height: 8), outputToSource: shifted)
        #expect(out.packedBytes().allSatisfy { $0 == 200 })
    }
}

/// A decoded photo is RGB (three bytes a pixel); its warps must equal those of the same photo as RGBA.
@Suite struct PerspectiveWarpRGBSourceTests {
    @Test(arguments: Interpolation.allCases)
    func rgbSourceWarpsLikeRGBA(interpolation: Interpolation) throws {
        let rgba = try TestImages.smoothTexture(width: 131, height: 97)
        let rgb = try PixelBuffer(width: 131, height: 97, format: .rgb8)
        for y in 0..<97 { for x in 0..<131 { rgb[x, y] = Array(rgba[x, y][0..<3]) } }
        let corners = [Point(0, 0), Point(79, 0), Point(79, 59), Point(0, 59)]
        let inSource = [Point(12.3, 8.1), Point(120.5, 20.7), Point(110.2, 90.4), Point(3.6, 80.9)]
        let map = try #require(Homography.mapping(corners, to: inSource))
        // Native size, and a shrink that takes the area prefilter.
        for (size, scale) in [(PixelSize(width: 80, height: 60), 1.0), (PixelSize(width: 20, height: 15), 4.0)] {
            let toSource = map.composed(after: Homography.affine(scaleX: scale, scaleY: scale, translateX: 0, translateY: 0))
            let warp = PerspectiveWarp(interpolation: interpolation)
            let a = try warp.warp(rgba, outputSize: size, outputToSource: toSource)
            let b = try warp.warp(rgb, outputSize: size, outputToSource: toSource)
            #expect(b.format == .rgba8)
            #expect(a.packedBytes() == b.packedBytes(), "\(interpolation) at \(size)")
        }
    }

    @Test func bilinearTilesDoNotChangeThePixels() throws {
        // Wider and taller than one tile, rotated a quarter turn as a sideways-stored photo is.
        let source = try TestImages.smoothTexture(width: 150, height: 210)
        let turn = Homography([0, -1, 149, 1, 0, 0, 0, 0, 1])
        let out = try PerspectiveWarp().warp(source, outputSize: PixelSize(width: 210, height: 150), outputToSource: turn)
        for (x, y) in [(0, 0), (63, 31), (64, 32), (209, 149), (100, 77)] {
            #expect(out[x, y] == source[149 - y, x], "at (\(x), \(y))")
        }
    }
}
