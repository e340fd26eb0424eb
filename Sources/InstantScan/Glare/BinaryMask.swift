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
        func pass(_ input: [Bool], length: Int, lines: Int, index: (Int, Int) -> Int) -> [Bool] {
            var out = [Bool](repeating: false, count: input.count)
            for line in 0..<lines {
                var run = 0
                // Count set pixels in [i - r, i + r], pixels outside the image unset.
                for k in 0..<min(r, length) where input[index(line, k)] { run += 1 }
                for i in 0..<length {
                    if i + r < length, input[index(line, i + r)] { run += 1 }
                    if i - r - 1 >= 0, input[index(line, i - r - 1)] { run -= 1 }
                    out[index(line, i)] = keepIfAll ? run == window : run > 0
                }
            }
            return out
        }
        let w = width
        let rows = pass(values, length: width, lines: height) { line, i in line * w + i }
        let columns = pass(rows, length: height, lines: width) { line, i in i * w + line }
        return BinaryMask(width: width, height: height, values: columns)
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
