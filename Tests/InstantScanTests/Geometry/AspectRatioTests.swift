import Foundation
import Testing
@testable import InstantScan

@Suite struct AspectRatioTests {
    /// Projects a `w × h` rectangle through a pinhole camera with focal length `f`, tilted by
    /// `tilt` about the x axis and `yaw` about the y axis and turned `roll` in the image plane.
    func photographed(width w: Double, height h: Double, f: Double, tilt: Double, yaw: Double, roll: Double,
                      image: PixelSize) -> Quad {
        let cx = Double(image.width - 1) / 2, cy = Double(image.height - 1) / 2
        let corners = [(-w / 2, -h / 2), (w / 2, -h / 2), (w / 2, h / 2), (-w / 2, h / 2)]
        return Quad(corners: corners.map { x0, y0 in
            // roll in-plane, then tilt about x, then yaw about y, then 600 units in front of the camera
            let xr = x0 * cos(roll) - y0 * sin(roll), yr = x0 * sin(roll) + y0 * cos(roll)
            let y1 = yr * cos(tilt), z1 = yr * sin(tilt)
            let x2 = xr * cos(yaw) + z1 * sin(yaw), z2 = -xr * sin(yaw) + z1 * cos(yaw)
            let z = z2 + 600
            return Point(cx + f * x2 / z, cy + f * y1 / z)
        })
    }

    @Test(arguments: [(0.0, 0.0), (0.5, 0.0), (0.0, 0.6), (0.45, 0.35), (0.7, 0.2)])
    func recoversTheRatioUnderPerspective(tilt: Double, yaw: Double) {
        let image = PixelSize(width: 4032, height: 3024)
        for (w, h) in [(88.0, 107.0), (108.0, 86.0), (54.0, 86.0)] {
            let quad = photographed(width: w, height: h, f: 3000, tilt: tilt, yaw: yaw, roll: 0.3, image: image)
            let ratio = AspectRatio.recover(quad, imageSize: image)
            #expect(abs(ratio / (w / h) - 1) < 0.005, "tilt \(tilt) yaw \(yaw): \(ratio) vs \(w / h)")
        }
    }

    @Test func strongTiltFoolsSideLengthsButNotTheRecovery() {
        let image = PixelSize(width: 4032, height: 3024)
        let quad = photographed(width: 88, height: 107, f: 3000, tilt: 0.7, yaw: 0, roll: 0, image: image)
        let naive = quad.meanWidth / quad.meanHeight
        #expect(abs(naive / (88.0 / 107.0) - 1) > 0.1)
        #expect(abs(AspectRatio.recover(quad, imageSize: image) / (88.0 / 107.0) - 1) < 0.005)
    }

    /// A print leaning back, its top and bottom edges within a degree of parallel to the sensor: the
    /// focal length cannot be read from that pair, and a tenth of a pixel decides the sign of the
    /// estimate. Corners measured to ±0.3 px must still give the card's ratio (a stray estimate once
    /// made an Instax Mini five times too wide and dropped it as no format). The scene maker's lens is
    /// wider than a phone's usual (focal 900 px on 1600 × 1200, 0.45 of the diagonal rather than 0.6),
    /// so the typical focal length costs a few per cent here: well inside what decides a format.
    @Test func nearlyParallelSidesDoNotDecideTheFocalLength() {
        let image = PixelSize(width: 1600, height: 1200)
        let true_ = PrintFormat.instaxMini.cardAspect
        for centre in [Point(560, 600), Point(800, 600), Point(1040, 600), Point(300, 250)] {
            let quad = SceneMaker.corners(format: .instaxMini, center: centre, height: 300, rotation: 0.05, tilt: 0.3)
            var worst = 0.0
            for pattern in 0..<256 {
                let noisy = Quad(corners: quad.corners.enumerated().map { k, p in
                    Point(p.x + ((pattern >> (2 * k)) & 1 == 0 ? -0.3 : 0.3), p.y + ((pattern >> (2 * k + 1)) & 1 == 0 ? -0.3 : 0.3))
                })
                worst = max(worst, abs(log(AspectRatio.recover(noisy, imageSize: image) / true_)))
            }
            #expect(worst < 0.1, "centre \(centre): ratio off by \(worst)")
        }
    }
}
