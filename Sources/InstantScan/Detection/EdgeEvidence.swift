internal import CShims

/// How well a hypothesised straight side is backed by edges in the working image.
///
/// The side is sampled every working pixel; a sample counts when, within a pixel across the side,
/// the colour gradient is strong enough and points across the side (within `maximumAngle`). Ends are
/// trimmed because Instax corners are rounded and any corner blurs two directions together.
struct EdgeEvidence: Sendable {
    let gradient: ColorGradient
    /// Weakest gradient that counts, levels per working pixel.
    let threshold: Float
    /// 1 where the gradient's magnitude reaches `threshold`. Most probes land where it does not, and
    /// a byte a pixel is a quarter of the magnitudes' memory: the template test's thousands of sides
    /// read it at scattered places, and the floats missed the cache there.
    private let strong: [UInt8]
    /// Cosine of twice the largest angle between the gradient and the side's normal (directions are
    /// compared as doubled angles).
    var alignment: Float = 0.866  // cos 2·15°
    /// How far across the side to look, in working pixels (a probe at the side and one each way).
    var reach = 1
    /// 1 where the photo is clipped white (glare): no edge can show there, so a sample whose probes all
    /// fall in it is blind — it counts neither for nor against the side.
    var blind: [UInt8]?

    init(gradient: ColorGradient, threshold: Float = 3, blind: [UInt8]? = nil) {
        self.gradient = gradient
        self.threshold = threshold
        self.blind = blind
        strong = Self.strongMask(gradient.magnitude, threshold: threshold)
    }

    /// 1 where `magnitude` reaches `threshold`, else 0 (NaN included, as `>=` has it).
    ///
    /// A loop over the floats by pointer, which the compiler vectorises: `map` with a closure ran
    /// 16 instructions a working pixel, 12 M a photo.
    static func strongMask(_ magnitude: [Float], threshold: Float) -> [UInt8] {
        let n = magnitude.count
        return [UInt8](unsafeUninitializedCapacity: n) { out, count in
            magnitude.withUnsafeBufferPointer { m in
                for i in 0..<n { out[i] = m[i] >= threshold ? 1 : 0 }
            }
            count = n
        }
    }

    struct SideSupport: Sendable {
        /// Samples with a matching edge.
        var supported = 0
        /// Samples inside the image and not blind.
        var visible = 0
        /// Samples inside the image but blinded by glare.
        var blind = 0
        /// All samples.
        var total = 0
        /// Supported share of the samples not blinded (samples outside the image count against).
        var fraction: Double { total - blind > 0 ? Double(supported) / Double(total - blind) : 0 }
        /// Supported share of the visible samples.
        var visibleFraction: Double { visible > 0 ? Double(supported) / Double(visible) : 0 }
    }

    /// Samples the side from `a` to `b`, leaving out `trim` (a fraction) of its length at each end.
    ///
    /// At most `maximumSamples` points are taken, evenly spread: enough to rank hypotheses (one sample
    /// is under 2% of a side), and the template test runs thousands of these.
    func support(from a: Point, to b: Point, trim: Double = 0.1, maximumSamples: Int = 64) -> SideSupport {
        support(from: a, to: b, trim: trim, maximumSamples: maximumSamples, bar: nil)!
    }

    /// ``support(from:to:trim:maximumSamples:)`` of a side that matters only if its supported share
    /// (``SideSupport/fraction`` or ``SideSupport/visibleFraction``) exceeds `bar`: nil once the
    /// samples left could not lift either share above it.
    ///
    /// A rival side is looked at in full only while it can still win: most shifted sides of a
    /// template's partner lose to the one the template put, and they used to be sampled to the end.
    func support(from a: Point, to b: Point, trim: Double, maximumSamples: Int, exceeding bar: Double) -> SideSupport? {
        support(from: a, to: b, trim: trim, maximumSamples: maximumSamples, bar: bar)
    }

    private func support(from a: Point, to b: Point, trim: Double, maximumSamples: Int, bar: Double?) -> SideSupport? {
        let w = gradient.width, h = gradient.height
        let d = b - a
        let length = (d.x * d.x + d.y * d.y).squareRoot()
        var result = SideSupport()
        guard length >= 2 else { return result }
        let ux = d.x / length, uy = d.y / length
        let nx = -uy, ny = ux
        // The normal's doubled angle.
        let nc = Float(nx * nx - ny * ny), ns = Float(2 * nx * ny)
        let start = trim * length, stop = (1 - trim) * length
        let count = max(1, min(maximumSamples, Int(stop - start)))
        let step = (stop - start) / Double(count)
        let reachX = nx * Double(reach), reachY = ny * Double(reach)
        let lastX = Double(w) - 1.5, lastY = Double(h) - 1.5
        // Each probe's coordinates move one way along the side (the products and sums that make
        // them round monotonically), so when the first and last samples have all their probes
        // inside the image, every sample between does: the side is then tested once, not per sample.
        func inside(_ k: Int) -> Bool {
            let t = start + Double(k) * step
            let px = a.x + ux * t, py = a.y + uy * t
            return px - abs(reachX) >= 0.5 && py - abs(reachY) >= 0.5 && px + abs(reachX) <= lastX && py + abs(reachY) <= lastY
        }
        let wholly = inside(0) && inside(count)
        let noBlind = [UInt8]()
        var hopeless = false
        strong.withUnsafeBufferPointer { strong in
            gradient.cos2.withUnsafeBufferPointer { gc in
                gradient.sin2.withUnsafeBufferPointer { gs in
                    (blind ?? noBlind).withUnsafeBufferPointer { blindness in
                        let seesGlare = blind != nil
                        @inline(__always) func edge(_ x: Double, _ y: Double) -> Bool {
                            // Callers keep x, y in [0.5, size - 1.5], so the unchecked conversion is safe.
                            let i = is_nearest_index(x, y, w)
                            return strong[i] != 0 && gc[i] * nc + gs[i] * ns >= alignment
                        }
                        @inline(__always) func clipped(_ x: Double, _ y: Double) -> Bool {
                            seesGlare && blindness[is_nearest_index(x, y, w)] != 0
                        }
                        if wholly {
                            var supported = 0, blinded = 0
                            if let bar {
                                // The rest taken as supported: with r of those left supported and b
                                // blind, either share (equal here, all samples in view) is
                                // (supported + r) / (total - blinded - b), largest at r = all left and
                                // b = 0 as no share exceeds 1, that is (total - blinded - unsupported)
                                // / (total - blinded). Division rounds monotonically, so the share the
                                // whole side gives, rounded, is no more than this bound rounded. The
                                // bound falls only with a sample unsupported or blind, and is not at
                                // the bar below about (1 - bar)(total - blinded) unsupported ones
                                // (a sample's margin for rounding): the division is only made there.
                                let total = count + 1
                                var unsupported = 0
                                func needed() -> Int { Int(((1 - bar) * Double(total - blinded)).rounded(.down)) - 1 }
                                var gate = needed()
                                for k in 0...count {
                                    let t = start + Double(k) * step
                                    let px = a.x + ux * t, py = a.y + uy * t
                                    if edge(px, py) || edge(px + reachX, py + reachY) || edge(px - reachX, py - reachY) {
                                        supported &+= 1
                                        continue
                                    }
                                    if clipped(px, py) && clipped(px + reachX, py + reachY) && clipped(px - reachX, py - reachY) {
                                        blinded &+= 1
                                        gate = needed()
                                    } else {
                                        unsupported &+= 1
                                    }
                                    if unsupported >= gate,
                                       Double(total - blinded - unsupported) / Double(total - blinded) <= bar {
                                        hopeless = true
                                        return
                                    }
                                }
                            } else {
                                for k in 0...count {
                                    let t = start + Double(k) * step
                                    let px = a.x + ux * t, py = a.y + uy * t
                                    if edge(px, py) || edge(px + reachX, py + reachY) || edge(px - reachX, py - reachY) {
                                        supported &+= 1
                                    } else if clipped(px, py) && clipped(px + reachX, py + reachY) && clipped(px - reachX, py - reachY) {
                                        blinded &+= 1
                                    }
                                }
                            }
                            result.total = count + 1
                            result.supported = supported
                            result.blind = blinded
                            result.visible = count + 1 - blinded
                            return
                        }
                        for k in 0...count {
                            let t = start + Double(k) * step
                            let px = a.x + ux * t, py = a.y + uy * t
                            result.total += 1
                            // Probes at the sample and `reach` pixels either side, all inside the image.
                            let x0 = px - abs(reachX), y0 = py - abs(reachY), x1 = px + abs(reachX), y1 = py + abs(reachY)
                            guard x0 >= 0.5, y0 >= 0.5, x1 <= lastX, y1 <= lastY else {
                                if px >= 0.5, py >= 0.5, px <= lastX, py <= lastY {
                                    result.visible += 1
                                    if edge(px, py) { result.supported += 1 }
                                }
                                continue
                            }
                            if edge(px, py) || edge(px + reachX, py + reachY) || edge(px - reachX, py - reachY) {
                                result.supported += 1
                                result.visible += 1
                            } else if clipped(px, py) && clipped(px + reachX, py + reachY) && clipped(px - reachX, py - reachY) {
                                result.blind += 1
                            } else {
                                result.visible += 1
                            }
                        }
                    }
                }
            }
        }
        return hopeless ? nil : result
    }

    /// Mean support of a quad's four sides (TL→TR, TR→BR, BR→BL, BL→TL).
    func support(of quad: Quad, trim: Double = 0.1, maximumSamples: Int = 64) -> [SideSupport] {
        (0..<4).map {
            support(from: quad.corners[$0], to: quad.corners[($0 + 1) % 4], trim: trim, maximumSamples: maximumSamples)
        }
    }
}
