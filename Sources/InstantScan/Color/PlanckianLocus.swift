#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The colours of black-body (Planckian) light in a linear RGB space, as channel ratios: the prior
/// white balance falls back on when the frame has clipped a channel.
///
/// Lamps, flames and daylight lie close to this curve; the lights that scene to scene vary most
/// along it (warm to cool), far less across it (green to magenta). So when the frame is clipped
/// in one channel (the red of a warm light, most often) the other two channels' ratio fixes a
/// point on the curve and with it the missing ratio. Fluorescent and LED light sits a little
/// green of the curve, so there the prior overestimates red by a few percent: a known, bounded
/// error, far smaller than what picture statistics give for the same channel.
struct PlanckianLocus: Sendable {
    /// log(R/G) and log(B/G) of black-body light from 1667 K to 25000 K, in rising temperature:
    /// B/G rises, R/G and R/B fall, all monotonically, so each is a function of any other.
    let logRG: [Double]
    let logBG: [Double]

    /// The locus in `space`.
    init(space: WorkingSpace) {
        let count = 256
        var rg: [Double] = [], bg: [Double] = []
        for i in 0..<count {
            let t = 1667 * pow(25_000 / 1667, Double(i) / Double(count - 1))
            let (x, y) = PlanckianLocus.chromaticity(kelvin: t)
            let rgb = space.rgb(xyz: [x / y, 1, (1 - x - y) / y])
            rg.append(log(max(rgb[0], 1e-6) / rgb[1]))
            bg.append(log(max(rgb[2], 1e-6) / rgb[1]))
        }
        logRG = rg
        logBG = bg
    }

    /// Fills the one missing log level of three (log linear values of R, G, B) from the other two.
    func completing(_ levels: [Double], missing channel: Int) -> [Double] {
        var out = levels
        switch channel {
        case 0:
            out[0] = levels[1] + PlanckianLocus.interpolate(levels[2] - levels[1], xs: logBG, ys: logRG)
        case 2:
            out[2] = levels[1] + PlanckianLocus.interpolate(levels[0] - levels[1], xs: logRG.reversed(), ys: logBG.reversed())
        default:
            let logRB = zip(logRG, logBG).map { $0 - $1 }
            out[1] = levels[0] - PlanckianLocus.interpolate(levels[0] - levels[2], xs: logRB.reversed(), ys: logRG.reversed())
        }
        return out
    }

    /// Black-body chromaticity (CIE 1931 xy), by the cubic fits of Kim et al. (2002), valid from
    /// 1667 K to 25000 K.
    static func chromaticity(kelvin t: Double) -> (x: Double, y: Double) {
        let t1 = 1e3 / t, t2 = t1 * t1, t3 = t2 * t1
        let x = t <= 4000
            ? -0.2661239 * t3 - 0.2343589 * t2 + 0.8776956 * t1 + 0.179910
            : -3.0258469 * t3 + 2.1070379 * t2 + 0.2226347 * t1 + 0.240390
        let x2 = x * x, x3 = x2 * x
        let y: Double
        if t <= 2222 {
            y = -1.1063814 * x3 - 1.34811020 * x2 + 2.18555832 * x - 0.20219683
        } else if t <= 4000 {
            y = -0.9549476 * x3 - 1.37418593 * x2 + 2.09137015 * x - 0.16748867
        } else {
            y = 3.0817580 * x3 - 5.87338670 * x2 + 3.75112997 * x - 0.37001483
        }
        return (x, y)
    }

    /// Correlated colour temperature of a chromaticity by McCamy's cubic (1992): within a few
    /// kelvin of the exact value from 2000 K to 12500 K near the locus; nil outside 1000–25000 K,
    /// where the cubic means nothing.
    static func mcCamyTemperature(x: Double, y: Double) -> Double? {
        guard 0.1858 - y != 0 else { return nil }
        let n = (x - 0.3320) / (0.1858 - y)
        let cct = 449 * n * n * n + 3525 * n * n + 6823.3 * n + 5520.33
        return (1000...25_000).contains(cct) ? cct : nil
    }

    /// The nearest black-body temperature of a chromaticity and the signed distance from the
    /// locus in CIE 1960 uv (Duv: positive above the locus, towards green; negative towards
    /// magenta); nil when the nearest point is an end of the fitted range (1667 K, 25000 K).
    ///
    /// Lamps and daylight sit within about ±0.01 of the locus (ANSI C78.377 allows white LEDs
    /// 0.006 either side of a target of 0 to +0.003); a coloured surface mistaken for white paper
    /// sits much further.
    static func distance(x: Double, y: Double) -> (kelvin: Double, duv: Double)? {
        func uv(_ x: Double, _ y: Double) -> (u: Double, v: Double) {
            let d = -2 * x + 12 * y + 3
            return (4 * x / d, 6 * y / d)
        }
        let target = uv(x, y)
        // The locus as a polyline of 400 points; the nearest point on its nearest segment.
        let count = 400
        let kelvins = (0..<count).map { 1667 * pow(25_000 / 1667, Double($0) / Double(count - 1)) }
        let points = kelvins.map { t -> (u: Double, v: Double) in
            let c = chromaticity(kelvin: t)
            return uv(c.x, c.y)
        }
        var best: (kelvin: Double, distance: Double, point: (u: Double, v: Double))?
        for i in 0..<(count - 1) {
            let a = points[i], b = points[i + 1]
            let du = b.u - a.u, dv = b.v - a.v
            let f = min(max(((target.u - a.u) * du + (target.v - a.v) * dv) / (du * du + dv * dv), 0), 1)
            let p = (u: a.u + f * du, v: a.v + f * dv)
            let d = ((target.u - p.u) * (target.u - p.u) + (target.v - p.v) * (target.v - p.v)).squareRoot()
            if best == nil || d < best!.distance { best = (kelvins[i] + f * (kelvins[i + 1] - kelvins[i]), d, p) }
        }
        guard let best, best.kelvin > 1668, best.kelvin < 24_990 else { return nil }
        return (best.kelvin, target.v >= best.point.v ? best.distance : -best.distance)
    }

    /// Piecewise-linear `y(x)` through points with increasing `xs`, held flat beyond the ends.
    static func interpolate(_ x: Double, xs: [Double], ys: [Double]) -> Double {
        guard let first = xs.first, let last = xs.last else { return 0 }
        if x <= first { return ys[0] }
        if x >= last { return ys[ys.count - 1] }
        var low = 0, high = xs.count - 1
        while high - low > 1 {
            let mid = (low + high) / 2
            if xs[mid] <= x { low = mid } else { high = mid }
        }
        let f = (x - xs[low]) / (xs[high] - xs[low])
        return ys[low] + f * (ys[high] - ys[low])
    }
}

extension PlanckianLocus {
    /// The temperature of table entry `i` (the table runs log-spaced from 1667 K to 25000 K).
    static func kelvin(atIndex i: Double, count: Int) -> Double {
        1667 * pow(25_000 / 1667, i / Double(count - 1))
    }

    /// The nearest point of the locus to `chroma`: its temperature, the point, and the unit
    /// tangent pointing towards warmer light (R/G up, B/G down).
    func nearest(to chroma: LightChroma) -> (kelvin: Double, point: LightChroma, warmward: LightChroma) {
        var best = (distance: Double.infinity, index: 0.0, point: LightChroma(rg: logRG[0], bg: logBG[0]), segment: 0)
        for i in 0..<(logRG.count - 1) {
            let a = LightChroma(rg: logRG[i], bg: logBG[i]), b = LightChroma(rg: logRG[i + 1], bg: logBG[i + 1])
            let d = b - a
            let f = min(max((chroma - a).dot(d) / max(d.dot(d), 1e-18), 0), 1)
            let p = a + d * f
            let distance = p.distance(to: chroma)
            if distance < best.distance { best = (distance, Double(i) + f, p, i) }
        }
        let i = best.segment
        let d = LightChroma(rg: logRG[i] - logRG[i + 1], bg: logBG[i] - logBG[i + 1])
        let length = max(d.dot(d).squareRoot(), 1e-12)
        return (PlanckianLocus.kelvin(atIndex: best.index, count: logRG.count), best.point, d * (1 / length))
    }

    /// The point of the locus at `kelvin`.
    func point(kelvin: Double) -> LightChroma {
        let i = log(kelvin / 1667) / log(25_000 / 1667) * Double(logRG.count - 1)
        let low = min(max(Int(i.rounded(.down)), 0), logRG.count - 2)
        let f = min(max(i - Double(low), 0), 1)
        return LightChroma(rg: logRG[low] + f * (logRG[low + 1] - logRG[low]),
                           bg: logBG[low] + f * (logBG[low + 1] - logBG[low]))
    }

    /// `chroma` pulled into the band of plausible lights: its temperature into `kelvins` and its
    /// distance from the locus to at most `offset` (log-ratio units, across the locus).
    func plausible(_ chroma: LightChroma, kelvins: ClosedRange<Double>, offset: Double) -> LightChroma {
        plausible(chroma, kelvins: kelvins, greenward: offset, magentaward: offset)
    }

    /// `chroma` pulled into a band of plausible lights that may be wider on one side of the locus
    /// than the other: its temperature into `kelvins`, and its distance from the locus to at most
    /// `greenward` on the green side (G above both R and B) and `magentaward` on the magenta side
    /// (log-ratio units, across the locus).
    func plausible(_ chroma: LightChroma, kelvins: ClosedRange<Double>, greenward: Double,
                   magentaward: Double) -> LightChroma {
        let near = nearest(to: chroma)
        let kelvin = min(max(near.kelvin, kelvins.lowerBound), kelvins.upperBound)
        let base = kelvin == near.kelvin ? near.point : point(kelvin: kelvin)
        var across = chroma - near.point
        let length = across.dot(across).squareRoot()
        // Magenta is more red and more blue against green: the side where rg + bg is larger.
        let limit = across.rg + across.bg > 0 ? magentaward : greenward
        if length > limit { across = across * (limit / length) }
        return base + across
    }
}
