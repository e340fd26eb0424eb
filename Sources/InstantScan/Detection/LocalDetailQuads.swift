/// Quads found again in a small region of the photo at a finer scale than the working image's.
///
/// A small print on a wall is some 30 working pixels on its short side: its border is two or three
/// pixels wide, so the card's edge and the picture's fall within one Sobel window and merge into one
/// ridge, and a patterned band's stripes or dots, a pixel from the card's edge, break that edge into
/// pieces too short to keep. At twice the resolution the border is twice as wide and the same edges
/// come out as segments. Running the whole line search there would cost four times the working
/// image's; run only where a row of prints says one is missing, it costs a few crops of a card's size.
struct LocalDetailQuads {
    let sampler: FullResolutionSampler
    /// Upright full-resolution pixels per pixel of the finer copy.
    let scale: Double

    /// The scale for a working image of `workingScale` full-resolution pixels a pixel: half of it,
    /// never finer than the photo itself (nothing would be gained below one pixel).
    static func scale(forWorkingScale workingScale: Double) -> Double { max(1, workingScale / 2) }

    /// Quads closed from the lines of the upright region `box` (minimum and maximum corner, full
    /// resolution) at ``scale``, in upright full-resolution coordinates; `minimumSide` in the same.
    /// Empty when the photo gives no finer view than `workingScale` already did.
    func quads(in box: (Point, Point), minimumSide: Double, workingScale: Double) -> [QuadHypothesis] {
        guard scale < 0.75 * workingScale, let image = crop(box) else { return [] }
        let segments = LineSegmentDetector().detect(in: ColorGradient(image))
        let lines = CollinearMerger().merge(segments)
        var generator = QuadHypothesisGenerator()
        generator.minimumSide = max(12, minimumSide / scale)
        // The region holds one print and what surrounds it: a few quads are plenty.
        generator.maximumHypotheses = 40
        let toUpright = image.toUpright
        return generator.hypotheses(from: lines, width: image.width, height: image.height).map { h in
            var out = h
            out.quad = h.quad.mapped(toUpright.apply)
            out.coveredLength = h.coveredLength * scale
            return out
        }
    }

    /// The region sampled at ``scale`` (bilinear), clipped to the photo; nil when too small.
    private func crop(_ box: (Point, Point)) -> WorkingImage? {
        let size = sampler.uprightSize
        let x0 = max(0, box.0.x), y0 = max(0, box.0.y)
        let x1 = min(Double(size.width - 1), box.1.x), y1 = min(Double(size.height - 1), box.1.y)
        let width = Int((x1 - x0) / scale), height = Int((y1 - y0) / scale)
        guard width >= 16, height >= 16 else { return nil }
        // Three arrays of their own: `var green = red` would copy red's pages on first write.
        var red = [Float](repeating: 0, count: width * height)
        var green = [Float](repeating: 0, count: width * height), blue = [Float](repeating: 0, count: width * height)
        var row = [Float](repeating: 0, count: 3 * width)
        for y in 0..<height {
            let start = Point(x0, y0 + Double(y) * scale)
            guard sampler.profile(from: start, step: Point(scale, 0), count: width, into: &row) else { return nil }
            for x in 0..<width {
                red[y * width + x] = row[3 * x]
                green[y * width + x] = row[3 * x + 1]
                blue[y * width + x] = row[3 * x + 2]
            }
        }
        return WorkingImage(width: width, height: height, red: red, green: green, blue: blue,
                            toUpright: AffineMap(a: scale, b: 0, c: 0, d: scale, tx: x0, ty: y0))
    }
}
