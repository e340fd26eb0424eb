/// Recovers the true width-to-height ratio of a rectangle photographed in perspective.
///
/// Side lengths alone get a tilted print's ratio wrong by the foreshortening (a 40° tilt shortens one
/// axis by a quarter). Following Zhang and He ("Whiteboard scanning and image enhancement", 2007),
/// the quad's vanishing geometry gives the camera's focal length, and with it the metric ratio,
/// assuming square pixels and the principal point at the image centre — true of phone cameras.
package enum AspectRatio {
    /// The width/height ratio of the rectangle whose image is `quad` (TL, TR, BR, BL) in a photo of
    /// `imageSize` upright pixels.
    ///
    /// When either pair of opposite sides is nearly parallel in the photo the focal length is not
    /// observable, and a typical phone focal length is used.
    package static func recover(_ quad: Quad, imageSize: PixelSize) -> Double {
        let cx = Double(imageSize.width - 1) / 2, cy = Double(imageSize.height - 1) / 2
        func h(_ p: Point) -> SIMD3<Double> { SIMD3(p.x - cx, p.y - cy, 1) }
        let m1 = h(quad.topLeft), m2 = h(quad.topRight), m3 = h(quad.bottomLeft), m4 = h(quad.bottomRight)
        let k2 = dot(cross(m1, m4), m3) / dot(cross(m2, m4), m3)
        let k3 = dot(cross(m1, m4), m2) / dot(cross(m3, m4), m2)
        let n2 = k2 * m2 - m1, n3 = k3 * m3 - m1
        let diagonal = (Double(imageSize.width * imageSize.width + imageSize.height * imageSize.height)).squareRoot()
        // A 26 mm-equivalent lens, the usual main phone camera: f ≈ 0.6 × the sensor diagonal.
        let typical = 0.6 * diagonal
        var f = typical
        // Each pair of opposite sides tells the focal length only if it visibly converges: n.z·f/|n.xy|
        // is about the sine of the angle between that side of the card and the sensor. Within ~3° of
        // parallel, a tenth of a pixel in a corner decides even the sign of the estimate, which could
        // land in the plausible range below and make a card's ratio several times too wide; the
        // typical focal length, which a side that parallel barely depends on, is then the better guess.
        func slant(_ n: SIMD3<Double>) -> Double { abs(n.z) * typical / max((n.x * n.x + n.y * n.y).squareRoot(), 1e-12) }
        let denominator = n2.z * n3.z
        if abs(denominator) > 1e-12, slant(n2) > 0.05, slant(n3) > 0.05 {
            let f2 = -(n2.x * n3.x + n2.y * n3.y) / denominator
            // Outside this range the estimate is noise from nearly parallel sides.
            if f2 > 0, f2.squareRoot() > 0.25 * diagonal, f2.squareRoot() < 10 * diagonal {
                f = f2.squareRoot()
            }
        }
        let f2 = f * f
        let width2 = (n2.x * n2.x + n2.y * n2.y) / f2 + n2.z * n2.z
        let height2 = (n3.x * n3.x + n3.y * n3.y) / f2 + n3.z * n3.z
        guard width2 > 0, height2 > 0, width2.isFinite, height2.isFinite else {
            return quad.meanWidth / max(quad.meanHeight, 1e-9)
        }
        return (width2 / height2).squareRoot()
    }

    private static func cross(_ a: SIMD3<Double>, _ b: SIMD3<Double>) -> SIMD3<Double> {
        SIMD3(a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x)
    }

    private static func dot(_ a: SIMD3<Double>, _ b: SIMD3<Double>) -> Double {
        (a * b).sum()
    }
}
