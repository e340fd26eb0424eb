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

/// The C kernel's instruction-set paths against the warp's formula written out per channel.
@Suite struct WarpKernelPathTests {
    /// The documented formula, one channel at a time, in Swift integers: the reference every path
    /// must equal byte for byte.
    static func reference(_ source: PixelBuffer, width: Int, height: Int, map: Homography) -> [UInt8] {
        let h = map.m, bpp = source.format.bytesPerPixel
        let maxX = Double(source.width - 1), maxY = Double(source.height - 1)
        var out = [UInt8](repeating: 0, count: width * height * 4)
        for y in 0..<height {
            let fy = Double(y)
            let x0 = h[1] * fy + h[2], y0 = h[4] * fy + h[5], w0 = h[7] * fy + h[8]
            for x in 0..<width {
                let fx = Double(x)
                let invW = 1 / (h[6] * fx + w0)
                var sx = (h[0] * fx + x0) * invW, sy = (h[3] * fx + y0) * invW
                sx = sx > 0 ? min(sx, maxX) : 0
                sy = sy > 0 ? min(sy, maxY) : 0
                let fx256 = Int((sx * 256).rounded(.down)), fy256 = Int((sy * 256).rounded(.down))
                let ix = fx256 >> 8, iy = fy256 >> 8, wx = fx256 & 255, wy = fy256 & 255
                let ix1 = min(ix + 1, source.width - 1), iy1 = min(iy + 1, source.height - 1)
                for c in 0..<4 {
                    guard c < bpp else { out[(y * width + x) * 4 + c] = 255; continue }
                    let a = Int(source[ix, iy][c]), b = Int(source[ix1, iy][c])
                    let cc = Int(source[ix, iy1][c]), d = Int(source[ix1, iy1][c])
                    let top = a * (256 - wx) + b * wx, bottom = cc * (256 - wx) + d * wx
                    out[(y * width + x) * 4 + c] = UInt8((top * (256 - wy) + bottom * wy + 32768) >> 16)
                }
            }
        }
        return out
    }

    static let paths: [WarpPath] = [.scalar, .sse41, .avx2, .neon]

    /// A strong perspective that runs past every edge of the source (clamped taps), a quarter
    /// turn as a sideways-stored photo needs, and a shrink; odd widths leave a remainder after
    /// the four-pixel steps.
    static let maps: [(String, Homography, PixelSize)] = [
        ("perspective past the edges", Homography([1.31, 0.22, -9.5, -0.17, 1.12, -6.25, 0.0011, 0.0007, 1]), PixelSize(width: 97, height: 83)),
        ("quarter turn", Homography([0, -1, 70.5, 1, 0, 0.25, 0, 0, 1]), PixelSize(width: 61, height: 71)),
        ("shrink by 1.4", Homography([1.4, 0.05, 0.3, -0.02, 1.4, 0.7, 0, 0, 1]), PixelSize(width: 51, height: 45)),
    ]

    @Test(arguments: [PixelFormat.rgb8, .rgba8])
    func everyPathWritesTheFormulasBytes(format: PixelFormat) throws {
        let texture = try TestImages.smoothTexture(width: 73, height: 67)
        let source = try PixelBuffer(width: 73, height: 67, format: format)
        for y in 0..<67 {
            for x in 0..<73 {
                var pixel = texture[x, y]
                pixel[3] = UInt8((x * 7 + y * 3) % 256)  // an alpha that varies, to see it kept
                source[x, y] = Array(pixel[0..<format.bytesPerPixel])
            }
        }
        for (name, map, size) in Self.maps {
            let expected = Self.reference(source, width: size.width, height: size.height, map: map)
            for path in Self.paths where path.isAvailable {
                let output = try PixelBuffer(width: size.width, height: size.height, format: .rgba8)
                let kernel = WarpKernel(source: source, output: output, map: map)
                // In two bands, as the parallel warp splits rows.
                kernel.bilinearColor(rows: 0..<(size.height / 3), path: path)
                kernel.bilinearColor(rows: (size.height / 3)..<size.height, path: path)
                #expect(output.packedBytes() == expected, "\(path), \(name), \(format)")
            }
        }
    }

    @Test func theBestPathIsAvailable() {
        #expect(WarpPath.best.isAvailable)
        #expect(WarpPath.scalar.isAvailable)
    }
}

/// A warp made band by band (the building block of a streaming scan) equals the whole warp.
@Suite struct BandedWarpTests {
    @Test(arguments: [PixelFormat.rgb8, .rgba8])
    func bandsJoinIntoTheWholeWarp(format: PixelFormat) throws {
        let texture = try TestImages.smoothTexture(width: 150, height: 120)
        let source = try PixelBuffer(width: 150, height: 120, format: format)
        for y in 0..<120 { for x in 0..<150 { source[x, y] = Array(texture[x, y][0..<format.bytesPerPixel]) } }
        let size = PixelSize(width: 131, height: 157)
        let map = Homography([0.05, -0.7, 128.3, 0.8, 0.03, -4.1, 0.0004, -0.0006, 1])
        #expect(!PerspectiveWarp.needsAreaPrefilter(outputSize: size, outputToSource: map))
        let whole = try PerspectiveWarp().warp(source, outputSize: size, outputToSource: map)
        var joined: [UInt8] = []
        // Uneven bands, one of a single row.
        for rows in [0..<40, 40..<41, 41..<100, 100..<157] {
            let band = try PixelBuffer(width: size.width, height: rows.count, format: .rgba8)
            PerspectiveWarp().warpBilinear(source, rows: rows, outputToSource: map, into: band)
            joined += band.packedBytes()
        }
        #expect(joined == whole.packedBytes())
    }

    @Test func aShrinkNeedsThePrefilter() {
        let quarter = Homography.affine(scaleX: 4, scaleY: 4, translateX: 1.5, translateY: 1.5)
        #expect(PerspectiveWarp.needsAreaPrefilter(outputSize: PixelSize(width: 64, height: 64), outputToSource: quarter))
    }
}
