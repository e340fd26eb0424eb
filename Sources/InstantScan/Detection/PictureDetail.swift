/// How much a hypothesised window shows a picture: the share of neighbouring samples across its
/// inside whose colours differ.
///
/// A print's window holds a photograph, and a photograph has detail somewhere: edges, texture,
/// grain. Glass blocks, window panes with frosted glass, a stone set in a wall or a sail have a band
/// round a rectangle of the right shape too, but what the "window" holds is smooth all over. Read on
/// the working image (already averaged down, so sensor noise and JPEG blocks count little) at steps
/// of about a working pixel and a half, whatever the window's size.
struct PictureDetail: Sendable {
    let image: WorkingImage
    /// Colour difference, levels (Euclidean RGB), between neighbouring samples that counts as detail.
    var step: Float = 12
    /// Below this share a window holds no picture. Of the 288 prints found in the evaluation's public
    /// and hard scenes (capped and full size) the least detailed picture had 0.14; glass blocks in a
    /// real room photo have none (0.0 and 0.001). A stone in a wall or a shuttered pane has a little
    /// (0.07–0.09): too close to a plain picture to judge by this alone (``confidenceFactor(for:)``
    /// looks for strong steps too).
    static let blank = 0.03
    /// Samples with every channel at least this bright are glare and say nothing.
    var clipLevel = WorkingImage.clipLevel

    /// The share of neighbouring sample pairs inside `window` (its middle 80 %) that differ by more
    /// than ``step``, or nil when too little of it is in view and unclipped to judge.
    func share(in window: Quad) -> Double? {
        shares(in: window)?.detail
    }

    /// The shares of neighbouring sample pairs inside `window` (its middle 80 %) that differ by more
    /// than ``step`` (detail) and by more than ``strongStep`` (strong edges), read in one walk; nil
    /// when too little of the window is in view and unclipped to judge.
    func shares(in window: Quad) -> (detail: Double, strong: Double)? {
        guard let map = SquareToQuadMap(window) else { return nil }
        let c = window.corners
        let shortSide = min(c[0].distance(to: c[1]), c[1].distance(to: c[2]),
                            c[2].distance(to: c[3]), c[3].distance(to: c[0]))
        let n = min(48, max(8, Int(shortSide * 0.8 / 1.5)))
        let detailSquared = step * step, strongSquared = Self.strongStep * Self.strongStep
        var row = [(Float, Float, Float)?](repeating: nil, count: n)
        var pairs = 0, differing = 0, strong = 0, seen = 0
        func compare(_ s: (Float, Float, Float), _ q: (Float, Float, Float)?) {
            guard let q else { return }
            pairs += 1
            let dr = s.0 - q.0, dg = s.1 - q.1, db = s.2 - q.2
            let d = dr * dr + dg * dg + db * db
            if d > detailSquared { differing += 1 }
            if d > strongSquared { strong += 1 }
        }
        for j in 0..<n {
            var left: (Float, Float, Float)?
            for i in 0..<n {
                let p = map.apply(Point(0.1 + 0.8 * Double(i) / Double(n - 1), 0.1 + 0.8 * Double(j) / Double(n - 1)))
                var here: (Float, Float, Float)?
                if p.x >= 0, p.y >= 0, p.x <= Double(image.width - 1), p.y <= Double(image.height - 1) {
                    let s = image.color(at: p)
                    if min(s.0, s.1, s.2) < clipLevel { here = s }
                }
                if let s = here {
                    seen += 1
                    compare(s, left)
                    compare(s, row[i])
                }
                left = here
                row[i] = here
            }
        }
        guard seen * 2 >= n * n, pairs > 0 else { return nil }
        return (Double(differing) / Double(pairs), Double(strong) / Double(pairs))
    }
}
