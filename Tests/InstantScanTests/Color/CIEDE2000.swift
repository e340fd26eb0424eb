import Foundation

/// CIEDE2000 colour difference and the sRGB → CIELAB conversion it is measured in, written out
/// for the tests from Sharma, Wu & Dalal (2005), independent of the library.
enum CIEDE2000 {
    typealias Lab = (l: Double, a: Double, b: Double)

    /// ΔE00 between two CIELAB colours (kL = kC = kH = 1).
    static func difference(_ x: Lab, _ y: Lab) -> Double {
        let rad = Double.pi / 180
        let c1 = (x.a * x.a + x.b * x.b).squareRoot(), c2 = (y.a * y.a + y.b * y.b).squareRoot()
        let cMean = (c1 + c2) / 2
        let c7 = pow(cMean, 7)
        let g = 0.5 * (1 - (c7 / (c7 + pow(25, 7))).squareRoot())
        let a1 = (1 + g) * x.a, a2 = (1 + g) * y.a
        let cp1 = (a1 * a1 + x.b * x.b).squareRoot(), cp2 = (a2 * a2 + y.b * y.b).squareRoot()
        func hue(_ b: Double, _ a: Double) -> Double {
            if a == 0 && b == 0 { return 0 }
            let h = atan2(b, a) / rad
            return h < 0 ? h + 360 : h
        }
        let hp1 = hue(x.b, a1), hp2 = hue(y.b, a2)
        let dL = y.l - x.l, dC = cp2 - cp1
        var dh = 0.0
        if cp1 * cp2 != 0 {
            dh = hp2 - hp1
            if dh > 180 { dh -= 360 } else if dh < -180 { dh += 360 }
        }
        let dH = 2 * (cp1 * cp2).squareRoot() * sin(dh / 2 * rad)
        let lMean = (x.l + y.l) / 2, cpMean = (cp1 + cp2) / 2
        var hMean = hp1 + hp2
        if cp1 * cp2 != 0 {
            if abs(hp1 - hp2) <= 180 { hMean /= 2 } else if hp1 + hp2 < 360 { hMean = (hMean + 360) / 2 } else {
                hMean = (hMean - 360) / 2
            }
        }
        let t = 1 - 0.17 * cos((hMean - 30) * rad) + 0.24 * cos(2 * hMean * rad)
            + 0.32 * cos((3 * hMean + 6) * rad) - 0.20 * cos((4 * hMean - 63) * rad)
        let dTheta = 30 * exp(-pow((hMean - 275) / 25, 2))
        let cp7 = pow(cpMean, 7)
        let rc = 2 * (cp7 / (cp7 + pow(25, 7))).squareRoot()
        let l50 = (lMean - 50) * (lMean - 50)
        let sl = 1 + 0.015 * l50 / (20 + l50).squareRoot()
        let sc = 1 + 0.045 * cpMean
        let sh = 1 + 0.015 * cpMean * t
        let rt = -sin(2 * dTheta * rad) * rc
        let terms = (dL / sl, dC / sc, dH / sh)
        return (terms.0 * terms.0 + terms.1 * terms.1 + terms.2 * terms.2 + rt * terms.1 * terms.2).squareRoot()
    }

    /// CIELAB (D65) of an 8-bit sRGB colour (may be fractional, e.g. a block mean).
    static func lab(srgb rgb: [Double]) -> Lab {
        let linear = rgb.map { v -> Double in
            let c = v / 255
            return c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4)
        }
        let x = 0.4124564 * linear[0] + 0.3575761 * linear[1] + 0.1804375 * linear[2]
        let y = 0.2126729 * linear[0] + 0.7151522 * linear[1] + 0.0721750 * linear[2]
        let z = 0.0193339 * linear[0] + 0.1191920 * linear[1] + 0.9503041 * linear[2]
        func f(_ t: Double) -> Double { t > 216.0 / 24389 ? cbrt(t) : (24389.0 / 27 * t + 16) / 116 }
        let fx = f(x / 0.95047), fy = f(y / 1.0), fz = f(z / 1.08883)
        return (116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz))
    }

    /// ΔE00 between the means of `blocks × blocks` blocks of the same region (`x`, `y` ranges) of
    /// two sRGB images, as the project's evaluation scores a scan; blocks `skip` rejects are left out.
    static func blockDifferences(_ a: PixelBufferReader, _ b: PixelBufferReader, x: Range<Int>, y: Range<Int>,
                                 blocks: Int = 16, skip: (Range<Int>, Range<Int>) -> Bool = { _, _ in false }) -> [Double] {
        var out: [Double] = []
        for by in 0..<blocks {
            for bx in 0..<blocks {
                let ys = (y.lowerBound + by * y.count / blocks)..<(y.lowerBound + (by + 1) * y.count / blocks)
                let xs = (x.lowerBound + bx * x.count / blocks)..<(x.lowerBound + (bx + 1) * x.count / blocks)
                guard !ys.isEmpty, !xs.isEmpty, !skip(xs, ys) else { continue }
                out.append(difference(lab(srgb: a.mean(x: xs, y: ys)), lab(srgb: b.mean(x: xs, y: ys))))
            }
        }
        return out
    }
}
