import Testing
@testable import InstantScan

/// The colour gradient and its ridge run four pixels at a time in explicit vectors, the three
/// planes' tensors summed in one pass. Line finding and every edge score read its values, so it
/// must give exactly what the pixel-by-pixel reading of Di Zenzo's tensor and of the ridge rule
/// give, bit for bit, signed zeros included, at every width (the vectors' tail) and on one core or two.
@Suite("Colour gradient kernel")
struct ColorGradientKernelTests {
    /// The gradient as first written, pixel by pixel: Sobel per plane, tensors summed from zero
    /// plane by plane, the larger eigenvalue's root and the doubled angle.
    static func reference(_ image: WorkingImage) -> (magnitude: [Float], cos2: [Float], sin2: [Float]) {
        let w = image.width, h = image.height
        var magnitude = [Float](repeating: 0, count: w * h)
        var cos2 = magnitude, sin2 = magnitude
        guard w >= 3, h >= 3 else { return (magnitude, cos2, sin2) }
        for y in 1..<(h - 1) {
            for x in 1..<(w - 1) {
                var txx: Float = 0, tyy: Float = 0, txy: Float = 0
                for p in [image.red, image.green, image.blue] {
                    func diff(_ r: Int) -> Float { p[r * w + x + 1] - p[r * w + x - 1] }
                    func smooth(_ r: Int) -> Float { p[r * w + x - 1] + 2 * p[r * w + x] + p[r * w + x + 1] }
                    let gx = (diff(y - 1) + 2 * diff(y) + diff(y + 1)) * 0.125
                    let gy = (smooth(y + 1) - smooth(y - 1)) * 0.125
                    txx += gx * gx
                    tyy += gy * gy
                    txy += gx * gy
                }
                let half = (txx - tyy) * 0.5
                let root = (half * half + txy * txy).squareRoot()
                let i = y * w + x
                magnitude[i] = ((txx + tyy) * 0.5 + root).squareRoot()
                let inv = 1 / max(root, 1e-12)
                cos2[i] = half * inv
                sin2[i] = txy * inv
            }
        }
        return (magnitude, cos2, sin2)
    }

    static func bits(_ values: [Float]) -> [UInt32] { values.map(\.bitPattern) }

    static func expectMatchesReference(_ image: WorkingImage, _ label: String) {
        let want = reference(image)
        for cores in [1, 2] {
            let got = ProcessInfoCores.withLimit(cores) { ColorGradient(image) }
            #expect(bits(got.magnitude) == bits(want.magnitude), "\(label), \(cores) cores: magnitude")
            #expect(bits(got.cos2) == bits(want.cos2), "\(label), \(cores) cores: cos 2θ")
            #expect(bits(got.sin2) == bits(want.sin2), "\(label), \(cores) cores: sin 2θ")
            #expect(got.ridge == GradientRidgeTests.referenceRidge(got), "\(label), \(cores) cores: ridge")
        }
    }

    /// Planes of `width × height` from `level(x, y, plane)`.
    static func image(width w: Int, height h: Int, _ level: (Int, Int, Int) -> Float) -> WorkingImage {
        func plane(_ c: Int) -> [Float] { (0..<(w * h)).map { level($0 % w, $0 / w, c) } }
        return WorkingImage(width: w, height: h, red: plane(0), green: plane(1), blue: plane(2),
                            toUpright: AffineMap(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0))
    }

    @Test("a wall row's gradient is the pixel-by-pixel tensor's, bit for bit")
    func wallRowMatchesReference() throws {
        let stored = try WallRowScenes.patternedRow.renderStored(.right)
        let work = BoxDownsampler.workingImage(stored, orientation: .right, maximumLongSide: DetectionOptions().workingLongSide)
        Self.expectMatchesReference(work, "wall row")
    }

    /// Every width from 3 to 13 leaves each possible tail after the four-pixel steps; the levels
    /// mix flat runs (a vanishing tensor), pure vertical ramps (x-derivatives of exactly zero whose
    /// products with a falling y-derivative are −0, which a sum started at +0 turns to +0) and
    /// uneven texture.
    @Test("every width and signed zero matches the pixel-by-pixel tensor")
    func everyWidthMatchesReference() {
        for w in 3...13 {
            let textured = Self.image(width: w, height: 9) { x, y, c in
                Float((x * 37 + y * 11 + c * 53) % 29) * 1.5 + (x > w / 2 ? 40 : 0)
            }
            Self.expectMatchesReference(textured, "texture, width \(w)")
            let falling = Self.image(width: w, height: 7) { _, y, c in Float(200 - 9 * y - c) }
            Self.expectMatchesReference(falling, "falling ramp, width \(w)")
            let flat = Self.image(width: w, height: 5) { _, _, c in Float(80 + c) }
            Self.expectMatchesReference(flat, "flat, width \(w)")
        }
    }

    /// The frame's columns are written by the bands that fill their rows, not when the planes are
    /// allocated: on memory the allocator hands back dirty (planes of NaN just freed) they still
    /// come out +0, as the pixel-by-pixel tensor leaves them.
    @Test("the frame is +0 on memory the allocator reuses")
    func frameIsZeroOnReusedMemory() {
        let (w, h) = (40, 30)
        let image = Self.image(width: w, height: h) { x, y, c in Float((x * 7 + y * 3 + c * 5) % 17) * 3 }
        let want = Self.reference(image)
        for cores in [1, 2] {
            for _ in 0..<4 {
                do {
                    let dirty = (0..<3).map { _ in [Float](repeating: .nan, count: w * h) }
                    #expect(dirty.allSatisfy { $0.count == w * h })
                }
                let got = ProcessInfoCores.withLimit(cores) { ColorGradient(image) }
                for y in 0..<h {
                    for x in [0, w - 1] {
                        let i = y * w + x
                        #expect([got.magnitude[i], got.cos2[i], got.sin2[i]].map(\.bitPattern) == [0, 0, 0], "\(cores) cores, (\(x), \(y))")
                    }
                }
                #expect(Self.bits(got.magnitude) == Self.bits(want.magnitude), "\(cores) cores: magnitude")
            }
        }
    }
}
