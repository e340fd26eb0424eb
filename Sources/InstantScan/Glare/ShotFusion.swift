/// Fuses aligned rectified shots of one print per pixel, in linear light.
///
/// Each shot's weight at a pixel is its quality (sharpness, alignment) times (1 − glare)⁴, so a
/// shot with glare there gives way to any shot without; where every shot has glare, the least
/// glared wins. Two cues make it robust to what the glare maps miss:
/// - **Glare only adds light.** A shot brighter than the darkest shot at a pixel by more than
///   noise loses weight smoothly: faint glare below the map's threshold does not leak in.
/// - **Majority.** With three shots or more, a shot far from the weighted median (a blurred or
///   slightly misaligned shot at an edge) loses weight, so an edge is not drawn twice.
/// The weights come from coarse glare maps read bilinearly, so they change over millimetres and
/// the seams between shots are feathered.
struct ShotFusion {
    /// One shot, ready to fuse.
    struct Input {
        /// The shot rectified and aligned to the reference (RGBA8, output space).
        var image: PixelBuffer
        /// Glare strength on a coarse grid over the reference frame (card-normalised cells).
        var glare: FloatPlane
        /// Linear-light gains per channel that bring the shot's exposure to the reference's.
        var gains: [Float]
        /// Sharpness × alignment quality, 0…1.
        var quality: Float
    }

    /// A shot this much brighter than the darkest (relative, in linear luma) keeps half its weight.
    static let brighterHalfWeight: Float = 0.12
    /// A shot this far from the median (relative) keeps half its weight.
    static let outlierHalfWeight: Float = 0.15

    /// The fused image, and per shot the share of the total weight it had.
    static func fuse(_ inputs: [Input]) throws -> (image: PixelBuffer, contribution: [Double]) {
        precondition(inputs.count >= 1)
        let width = inputs[0].image.width, height = inputs[0].image.height
        let n = inputs.count
        let pixels = inputs.map { $0.image.packedBytes() }
        let table = LinearLight.decodeTable, encode = LinearLight.rootEncodeTable
        let steps = Float(LinearLight.rootEncodeSteps - 1)
        var out = [UInt8](repeating: 255, count: width * height * 4)
        var totals = [Double](repeating: 0, count: n)
        var rgb = [Float](repeating: 0, count: 3 * n), luma = [Float](repeating: 0, count: n)
        var weight = [Float](repeating: 0, count: n)
        for y in 0..<height {
            let gy = (Double(y) + 0.5) / Double(height) * Double(inputs[0].glare.height) - 0.5
            for x in 0..<width {
                let gx = (Double(x) + 0.5) / Double(width) * Double(inputs[0].glare.width) - 0.5
                let i = 4 * (y * width + x)
                var darkest = Float.infinity
                for s in 0..<n {
                    let g = min(max(inputs[s].glare.clampedSample(gx, gy), 0), 1)
                    let clear = (1 - g) * (1 - g)
                    weight[s] = inputs[s].quality * (clear * clear + 1e-3)
                    for c in 0..<3 { rgb[3 * s + c] = table[Int(pixels[s][i + c])] * inputs[s].gains[c] }
                    luma[s] = 0.2126 * rgb[3 * s] + 0.7152 * rgb[3 * s + 1] + 0.0722 * rgb[3 * s + 2]
                    darkest = min(darkest, luma[s])
                }
                for s in 0..<n {
                    let excess = (luma[s] - darkest) / (darkest + 0.02) / brighterHalfWeight
                    weight[s] /= 1 + excess * excess
                }
                if n >= 3 {
                    let median = weightedMedian(luma, weight)
                    for s in 0..<n {
                        let d = (luma[s] - median) / (median + 0.02) / outlierHalfWeight
                        weight[s] /= 1 + d * d
                    }
                }
                let total = weight.reduce(0, +)
                for c in 0..<3 {
                    var sum: Float = 0
                    for s in 0..<n { sum += weight[s] * rgb[3 * s + c] }
                    let linear = min(max(sum / total, 0), 1)
                    out[i + c] = encode[Int(linear.squareRoot() * steps + 0.5)]
                }
                for s in 0..<n { totals[s] += Double(weight[s] / total) }
            }
        }
        let pixelCount = Double(width * height)
        return (try PixelBuffer(width: width, height: height, packed: out), totals.map { $0 / pixelCount })
    }

    /// The value at which the weights below and above each reach half the total.
    static func weightedMedian(_ values: [Float], _ weights: [Float]) -> Float {
        let order = values.indices.sorted { values[$0] < values[$1] }
        let half = weights.reduce(0, +) / 2
        var sum: Float = 0
        for i in order {
            sum += weights[i]
            if sum >= half { return values[i] }
        }
        return values[order.last!]
    }
}
