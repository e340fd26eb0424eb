@testable import InstantScan

/// The streaming engine's test scene, shared by the PNG and JPEG streaming tests: a textured photo,
/// a perspective map to an odd size, a Display P3 conversion, a light with falloff and the glare
/// sums, with the whole-image path's scan of it to compare against.
struct StreamingEngineFixture {
    let source: PixelBuffer
    let size = PixelSize(width: 131, height: 157)
    let map = Homography([0.05, -0.7, 128.3, 0.8, 0.03, -4.1, 0.0004, -0.0006, 1])
    let converter: ColorConverter
    let kernel: LightCorrectionKernel
    let detector = GlareDetector(workingLongSide: 40)
    let sums: GlareBlockSums
    /// The whole-image path: warped, converted and corrected.
    let whole: PixelBuffer
    /// The pixels with a clipped channel the whole-image correction counted.
    let clipped: Int

    init() throws {
        let texture = try TestImages.smoothTexture(width: 150, height: 120)
        source = try PixelBuffer(width: 150, height: 120, format: .rgb8)
        for y in 0..<120 { for x in 0..<150 { source[x, y] = Array(texture[x, y][0..<3]) } }
        converter = try ColorConverter(from: .sRGB, to: BuiltInProfile.displayP3.profile)
        let light = LightEstimate(source: .frame, field: IlluminationField(logLevels: [0.2, -0.1, -0.4], shape: [0.1, -0.05, 0.02, 0.03, 0]), whiteLevel: 0.8,
                                  channels: [.measured, .measured, .measured], profile: .displayP3)
        kernel = WhiteBalance(profile: .displayP3).kernel(for: light, size: size, covering: nil)
        sums = GlareBlockSums(detector: detector, cardSize: size)
        whole = try PerspectiveWarp().warp(source, outputSize: size, outputToSource: map)
        converter.convert(whole)
        clipped = kernel.apply(to: whole)
    }

    /// The streamed scan of the same photo, map and conversion.
    var scan: StreamedScan { StreamedScan(source: source, map: map, size: size, converter: converter) }
}
