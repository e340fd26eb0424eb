/// A yes/no image with the morphology glare detection needs: erosion and dilation by a square,
/// and connected components with an area floor.
///
/// Glare is a smooth blob; text, lines and speckle are thin or small. An opening (erode, then
/// dilate) by a square wider than a pen stroke removes the thin ones; the area floor the specks.
struct BinaryMask: Sendable {
    let width: Int
    let height: Int
    var values: [Bool]

    init(width: Int, height: Int, values: [Bool]) {
        precondition(values.count == width * height)
        self.width = width
        self.height = height
        self.values = values
    }

    /// Pixels set.
    var count: Int { values.reduce(0) { $0 + ($1 ? 1 : 0) } }

    /// Set where every pixel of the `(2r+1)²` square around it is set (outside counts as unset).
    func eroded(radius r: Int) -> BinaryMask { filtered(radius: r, keepIfAll: true) }

    /// Set where any pixel of the `(2r+1)²` square around it is set.
    func dilated(radius r: Int) -> BinaryMask { filtered(radius: r, keepIfAll: false) }

    /// Erosion then dilation: what survives is at least `2r+1` pixels wide, at its original size.
    func opened(radius r: Int) -> BinaryMask { eroded(radius: r).dilated(radius: r) }

    /// A square filter is separable: a run count along rows, then along columns.
    private func filtered(radius r: Int, keepIfAll: Bool) -> BinaryMask {
        guard r > 0 else { return self }
        let window = 2 * r + 1
        let w = width, h = height
        // A pixel stays when all (erosion) or any (dilation) of the window's pixels are set.
        let keep = keepIfAll ? window : 1
        // Along each row: count set pixels in [x - r, x + r], pixels outside the image unset.
        var rows = [Int32](repeating: 0, count: values.count)
        for y in 0..<h {
            let line = y * w
            var run = 0
            for k in 0..<min(r, w) { run += values[line + k] ? 1 : 0 }
            for x in 0..<w {
                if x + r < w { run += values[line + x + r] ? 1 : 0 }
                if x - r - 1 >= 0 { run -= values[line + x - r - 1] ? 1 : 0 }
                rows[line + x] = run >= keep ? 1 : 0
            }
        }
        // Down each column the same count, kept for all columns at once while the rows go by
        // (row after row in memory, where a column at a time strides across the whole mask).
        var runs = [Int32](repeating: 0, count: w)
        for k in 0..<min(r, h) {
            for x in 0..<w { runs[x] &+= rows[k * w + x] }
        }
        var out = [Bool](repeating: false, count: values.count)
        for y in 0..<h {
            if y + r < h {
                let entering = (y + r) * w
                for x in 0..<w { runs[x] &+= rows[entering + x] }
            }
            if y - r - 1 >= 0 {
                let leaving = (y - r - 1) * w
                for x in 0..<w { runs[x] &-= rows[leaving + x] }
            }
            let line = y * w
            for x in 0..<w { out[line + x] = runs[x] >= keep }
        }
        return BinaryMask(width: width, height: height, values: out)
    }

    /// Only the 8-connected components of at least `minimumArea` pixels.
    func keepingComponents(minimumArea: Int) -> BinaryMask {
        var out = [Bool](repeating: false, count: values.count)
        var seen = [Bool](repeating: false, count: values.count)
        var stack: [Int] = []
        var component: [Int] = []
        for start in 0..<values.count where values[start] && !seen[start] {
            component.removeAll(keepingCapacity: true)
            stack.append(start)
            seen[start] = true
            while let i = stack.popLast() {
                component.append(i)
                let x = i % width, y = i / width
                for dy in -1...1 {
                    let ny = y + dy
                    guard ny >= 0, ny < height else { continue }
                    for dx in -1...1 {
                        let nx = x + dx
                        guard nx >= 0, nx < width else { continue }
                        let j = ny * width + nx
                        if values[j] && !seen[j] {
                            seen[j] = true
                            stack.append(j)
                        }
                    }
                }
            }
            if component.count >= minimumArea {
                for i in component { out[i] = true }
            }
        }
        return BinaryMask(width: width, height: height, values: out)
    }
}
