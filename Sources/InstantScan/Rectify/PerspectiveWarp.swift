/// Rectifies a region of an image through a homography by inverse mapping: each output pixel
/// asks where it comes from in the source and interpolates there.
///
/// Pixels outside the source read as the nearest edge pixel, so a print that touches the photo's
/// border does not grow a black rim. When the output is much smaller than the region it covers,
/// each output pixel averages a grid of samples (an area prefilter) instead of aliasing.
public struct PerspectiveWarp: Sendable {
    /// The interpolation between source pixels.
    public var interpolation: Interpolation

    /// Makes a warp.
    public init(interpolation: Interpolation = .bilinear) {
        self.interpolation = interpolation
    }

    /// Warps `source` into a new buffer of `outputSize`, in the source's format (RGBA8 for an
    /// RGB8 source, opaque).
    /// - Parameters:
    ///   - source: The image to sample.
    ///   - outputSize: The size of the image made.
    ///   - outputToSource: Maps an output pixel centre to source coordinates (pixel centres at
    ///     whole numbers in both).
    ///   - maximumPixels: Outputs larger than this are refused before they are allocated.
    public func warp(_ source: PixelBuffer, outputSize: PixelSize, outputToSource: Homography,
                     maximumPixels: Int = PixelBuffer.defaultMaximumPixels) throws -> PixelBuffer {
        // An RGB photo warps into RGBA: every stage after the warp works on four-byte pixels.
        let output = try PixelBuffer(width: outputSize.width, height: outputSize.height,
                                     format: source.format == .rgb8 ? .rgba8 : source.format,
                                     maximumPixels: maximumPixels)
        let samples = Self.samplesPerAxis(outputSize: outputSize, outputToSource: outputToSource)
        let kernel = WarpKernel(source: source, output: output, map: outputToSource)
        RowBands.run(height: output.height, width: output.width) { rows in
            switch (interpolation, samples) {
            case (.bilinear, 1): kernel.bilinear(rows: rows)
            case (.bicubic, 1): kernel.bicubic(rows: rows)
            default: kernel.supersampled(rows: rows, samples: samples)
            }
        }
        return output
    }

    /// How many samples per axis each output pixel needs so that no source pixel is skipped:
    /// the largest source step per output pixel over the output's corners and centre, rounded up.
    static func samplesPerAxis(outputSize: PixelSize, outputToSource h: Homography) -> Int {
        let w = Double(outputSize.width - 1), ht = Double(outputSize.height - 1)
        var step = 0.0
        for p in [Point(0, 0), Point(w, 0), Point(w, ht), Point(0, ht), Point(w / 2, ht / 2)] {
            let s = h.apply(p)
            step = max(step, h.apply(Point(p.x + 1, p.y)).distance(to: s), h.apply(Point(p.x, p.y + 1)).distance(to: s))
        }
        // Up to 1.5 source pixels per output pixel, bilinear's four taps still see every pixel.
        guard step.isFinite, step > 1.5 else { return 1 }
        return min(8, Int(step.rounded(.up)))
    }
}
