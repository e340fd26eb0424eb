extension ShotMerger {
    /// Per channel, the median ratio of the reference to the shot in linear light over pixels that
    /// neither has glare on and that are neither black nor clipped: auto exposure changes between
    /// shots (glare itself makes the camera darken), and fusing unmatched exposures draws seams.
    static func exposureGains(_ shot: ShotFusion.Input, against reference: ShotFusion.Input) -> [Float] {
        let width = shot.image.width, height = shot.image.height
        let a = shot.image.packedBytes(), b = reference.image.packedBytes()
        let stride = max(1, Int((Double(width * height) / 20_000).squareRoot()))
        var ratios: [[Float]] = [[], [], []]
        let table = LinearLight.decodeTable
        for y in Swift.stride(from: stride / 2, to: height, by: stride) {
            let gy = (Double(y) + 0.5) / Double(height) * Double(shot.glare.height) - 0.5
            for x in Swift.stride(from: stride / 2, to: width, by: stride) {
                let gx = (Double(x) + 0.5) / Double(width) * Double(shot.glare.width) - 0.5
                guard shot.glare.clampedSample(gx, gy) < 0.05, reference.glare.clampedSample(gx, gy) < 0.05 else { continue }
                let i = 4 * (y * width + x)
                for c in 0..<3 where (20...249).contains(a[i + c]) && (20...249).contains(b[i + c]) {
                    ratios[c].append(table[Int(b[i + c])] / table[Int(a[i + c])])
                }
            }
        }
        return ratios.map { values in
            guard values.count >= 50 else { return 1 }
            let sorted = values.sorted()
            return sorted[sorted.count / 2]
        }
    }

    /// The fused card cut to the window and resized as ``ScanOptions/crop`` and
    /// ``ScanOptions/outputSize`` ask.
    func shape(_ card: PixelBuffer, window: Quad?) throws -> PixelBuffer {
        var region = Quad(rectangleWidth: Double(card.width), height: Double(card.height))
        if options.crop == .window {
            guard let window else { throw ScanError.windowNeedsFormat }
            region = window.mapped { Point($0.x * Double(card.width), $0.y * Double(card.height)) }
        }
        let native = PixelSize(width: max(1, Int((region.corners[1].x - region.corners[0].x).rounded())),
                               height: max(1, Int((region.corners[3].y - region.corners[0].y).rounded())))
        let size = try PrintRectifier(options: options).size(native: native, aspect: Double(native.width) / Double(native.height))
        if options.crop == .card && size == native { return card }
        // Output pixel centres sit at the middle of the region's cells, as the scan's warp does.
        let sx = (region.corners[1].x - region.corners[0].x) / Double(size.width)
        let sy = (region.corners[3].y - region.corners[0].y) / Double(size.height)
        let map = Homography.affine(scaleX: sx, scaleY: sy, translateX: region.corners[0].x + sx / 2 - 0.5,
                                    translateY: region.corners[0].y + sy / 2 - 0.5)
        return try PerspectiveWarp(interpolation: options.interpolation)
            .warp(card, outputSize: size, outputToSource: map, maximumPixels: options.maximumPixels)
    }
}
