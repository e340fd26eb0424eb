/// Makes the detector's ``WorkingImage`` by averaging over blocks of a fractional size, for photos
/// a whole block would shrink well below the working size.
///
/// Whole blocks (``BoxDownsampler``) give working long sides in steps: a photo of 1281–1535 pixels
/// can only be kept whole or halved to 640–767, where a print's border is two or three pixels wide.
/// The detector's scales are set for a working long side of about 1000 (a 12 MP photo's 4032 / 4 =
/// 1008); this brings such photos near that size instead. Each working pixel is the area-weighted
/// mean of the photo's pixels its square covers, the same anti-aliasing as the whole blocks'.
enum AreaDownsampler {
    /// Averages `image` (stored RGB8 or RGBA8) to a long side of `longSide`, and turns it upright.
    static func downsample(_ image: PixelBuffer, orientation: Orientation, longSide: Int) -> WorkingImage {
        precondition(image.format != .gray8, "the detector reads RGB8 or RGBA8 pixels")
        let stored = image.size
        let shrink = max(1, Double(max(stored.width, stored.height)) / Double(max(1, longSide)))
        let ws = max(1, Int((Double(stored.width) / shrink).rounded()))
        let hs = max(1, Int((Double(stored.height) / shrink).rounded()))
        let across = Taps(source: stored.width, output: ws), down = Taps(source: stored.height, output: hs)
        let indexing = UprightIndexing(orientation: orientation, workingStored: PixelSize(width: ws, height: hs))
        let up = indexing.upright
        // Three arrays of their own: `var green = red` would copy red's pages on first write.
        var red = [Float](repeating: 0, count: up.area)
        var green = [Float](repeating: 0, count: up.area), blue = [Float](repeating: 0, count: up.area)

        let bpp = image.format.bytesPerPixel
        // One photo row averaged across: three floats a working column. Neighbouring working rows
        // share the photo row between them, so the last one is kept.
        var row = [Float](repeating: 0, count: 3 * ws)
        var rowIndex = -1
        for y in 0..<hs {
            var out = indexing.origin + y * indexing.stepY
            var sums = [Float](repeating: 0, count: 3 * ws)
            for k in down.range(of: y) {
                let sy = down.index[k], wy = down.weight[k]
                if sy != rowIndex {
                    let pixels = image.rowPointer(sy)
                    for x in 0..<ws {
                        var r: Float = 0, g: Float = 0, b: Float = 0
                        for k in across.range(of: x) {
                            let p = across.index[k] * bpp, wx = across.weight[k]
                            r += wx * Float(pixels[p]); g += wx * Float(pixels[p + 1]); b += wx * Float(pixels[p + 2])
                        }
                        row[3 * x] = r; row[3 * x + 1] = g; row[3 * x + 2] = b
                    }
                    rowIndex = sy
                }
                for i in 0..<(3 * ws) { sums[i] += wy * row[i] }
            }
            for x in 0..<ws {
                red[out] = sums[3 * x]; green[out] = sums[3 * x + 1]; blue[out] = sums[3 * x + 2]
                out += indexing.stepX
            }
        }

        let map = indexing.toUpright(photoStored: stored, cellWidth: Double(stored.width) / Double(ws),
                                     cellHeight: Double(stored.height) / Double(hs))
        return WorkingImage(width: up.width, height: up.height, red: red, green: green, blue: blue, toUpright: map)
    }

    /// Along one axis, the photo pixels each working pixel covers and the share of it each has:
    /// working pixel i covers [i·s, (i+1)·s) of the photo, s = source / output.
    struct Taps {
        /// Photo pixel and weight of each tap; working pixel i's are at ``range(of:)``.
        private(set) var index: [Int] = []
        private(set) var weight: [Float] = []
        private var starts: [Int] = [0]

        init(source: Int, output: Int) {
            let s = Double(source) / Double(output)
            for i in 0..<output {
                let from = Double(i) * s, to = min(Double(source), Double(i + 1) * s)
                let lo = Int(from), hi = max(lo, min(source - 1, Int((to - 1e-9).rounded(.down))))
                for j in lo...hi {
                    index.append(j)
                    weight.append(Float((min(to, Double(j + 1)) - max(from, Double(j))) / (to - from)))
                }
                starts.append(index.count)
            }
        }

        /// Where working pixel `i`'s taps are (their weights sum to 1).
        func range(of i: Int) -> Range<Int> { starts[i]..<starts[i + 1] }
    }
}
