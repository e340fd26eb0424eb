import Testing
@testable import InstantScan

/// The gradient's ridge (non-maximum suppression) picks the pair of neighbours across the edge
/// with selects, row bands on the scan's cores: it must mark exactly the pixels the direct reading
/// of the rule marks (a branch per pixel on the direction, as it was first written), on any number
/// of cores, since line finding grows its regions along these pixels alone.
@Suite("Gradient ridge")
struct GradientRidgeTests {
    /// The rule as first written, pixel by pixel: the direction rounded to one of four axes, the
    /// pixel kept when it beats the neighbour before and at least equals the one after.
    static func referenceRidge(_ g: ColorGradient) -> [UInt8] {
        let w = g.width, h = g.height
        var out = [UInt8](repeating: 0, count: w * h)
        guard w >= 3, h >= 3 else { return out }
        for y in 1..<(h - 1) {
            for x in 1..<(w - 1) {
                let i = y * w + x
                let v = g.magnitude[i]
                if v == 0 { continue }
                let c = g.cos2[i], s = g.sin2[i]
                let o: Int
                if c >= abs(s) {
                    o = 1
                } else if -c >= abs(s) {
                    o = w
                } else if s > 0 {
                    o = w + 1
                } else {
                    o = w - 1
                }
                if v > g.magnitude[i - o] && v >= g.magnitude[i + o] { out[i] = 1 }
            }
        }
        return out
    }

    /// A wall row of striped and dotted frames, turned: edges at every angle, texture and flat
    /// runs (ties) all occur.
    @Test("the ridge of a wall row is the rule's, on one core and on two")
    func wallRowRidgeMatchesRule() throws {
        let stored = try WallRowScenes.patternedRow.renderStored(.right)
        let work = BoxDownsampler.workingImage(stored, orientation: .right, maximumLongSide: DetectionOptions().workingLongSide)
        let one = ProcessInfoCores.withLimit(1) { ColorGradient(work) }
        let two = ProcessInfoCores.withLimit(2) { ColorGradient(work) }
        let reference = Self.referenceRidge(one)
        #expect(reference.contains(1))
        #expect(one.ridge == reference)
        #expect(two.ridge == reference)
    }

    /// A disc on a flat ground: its rim runs through all four rounded directions, both diagonals
    /// among them, and each must keep a line one pixel wide.
    @Test("a disc's rim is kept in every direction, one pixel across")
    func discRimInEveryDirection() {
        let w = 64, h = 64
        var plane = [Float](repeating: 40, count: w * h)
        for y in 0..<h {
            for x in 0..<w {
                let dx = Double(x) - 31.5, dy = Double(y) - 31.5
                // A soft rim (a pixel wide ramp), as a photographed edge is.
                let r = (dx * dx + dy * dy).squareRoot()
                plane[y * w + x] = Float(40 + 160 * min(1, max(0, 20.5 - r)))
            }
        }
        let work = WorkingImage(width: w, height: h, red: plane, green: plane, blue: plane,
                                toUpright: AffineMap(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0))
        let gradient = ColorGradient(work)
        #expect(gradient.ridge == Self.referenceRidge(gradient))
        // Along each of the four axes and both diagonals through the centre, the rim crosses once
        // on each side: one ridge pixel where it does (no doubled line, no gap).
        for (dx, dy) in [(1, 0), (0, 1), (1, 1), (1, -1), (-1, 0), (0, -1), (-1, -1), (-1, 1)] {
            var marks = 0
            for step in 10..<30 {
                let x = 31 + dx * step, y = 31 + dy * step
                guard x >= 0, x < w, y >= 0, y < h else { break }
                marks += Int(gradient.ridge[y * w + x])
            }
            #expect(marks == 1, "direction (\(dx), \(dy)): \(marks) ridge pixels across the rim")
        }
    }
}
