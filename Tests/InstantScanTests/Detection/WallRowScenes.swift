import Foundation
@testable import InstantScan

/// Walls and shelves (issue 13): rows of small prints seen at an angle, with the picture frames that
/// hang beside them. Drawn by ``SceneMaker``, so the truth is exact.
enum WallRowScenes {
    /// Seven Instax Minis about 75 px across in a row on a painted wall, the wall leaning back and the
    /// row running uphill, frames white, black, yellowed and teal, light from a window on two of
    /// them; beside them a framed picture: a dark frame around a pale mat and a picture, a border band around a picture
    /// as a print's is, but of no print's size or shape and in no print's place in the row.
    static var row: SceneMaker {
        var s = SceneMaker()
        s.width = 1600
        s.height = 1200
        s.surface = .plain(176, 168, 150)
        s.shadow = 0.2
        let f = SettingScenes.frames
        var prints = miniRow(frames: [f[0], f[2], f[0], f[1], f[4], f[0], f[0]], seedBase: 21)
        var frame = SceneMaker.Print(format: .instaxMini,
                                     corners: SceneMaker.corners(aspect: 0.8, center: Point(1330, 330), height: 300,
                                                                 rotation: -0.2, tilt: 0.4),
                                     cardColor: (40, 32, 28), pictureSeed: 99)
        frame.customGeometry = (card: (width: 200, height: 250), window: (x: 22, y: 22, width: 156, height: 206))
        frame.isDistractor = true
        prints.append(frame)
        s.prints = prints
        // Light from a window on two of the glossy prints: the border band they show is broken there.
        s.glare = [.init(center: Point(700, 630), radius: 45), .init(center: Point(1010, 570), radius: 40)]
        return s
    }

    /// Seven Instax Minis about 75 px across in a row on a painted wall, as ``row``, two of them side
    /// by side in the row's middle with decorated frames: grey with pink stripes, and pale with large
    /// purple dots. The pattern reaches the card's edge, so the line search breaks those edges into
    /// pieces, at the working scale and at the finer one alike.
    static var patternedRow: SceneMaker {
        var s = SceneMaker()
        s.width = 1600
        s.height = 1200
        s.surface = .plain(150, 140, 110)
        s.shadow = 0.2
        let f = SettingScenes.frames
        var prints = miniRow(frames: [f[0], f[2], f[0], (170, 170, 178), (225, 215, 200), f[0], f[1]], seedBase: 31)
        prints[3].stripeColor = (220, 60, 170)
        prints[4].dotColor = (90, 50, 140)
        prints[4].dotDiameter = 6
        s.prints = prints
        return s
    }

    /// Instax Minis about 75 px across, one a frame colour, 150 px apart along a row running uphill on
    /// a wall leaning back; pictures seeded from `seedBase` on.
    static func miniRow(frames: [(Double, Double, Double)], seedBase: UInt64) -> [SceneMaker.Print] {
        frames.enumerated().map { k, frame in
            let centre = Point(260 + 150 * Double(k), 760 - 40 * Double(k))
            return SceneMaker.Print(format: .instaxMini,
                                    corners: SceneMaker.corners(format: .instaxMini, center: centre, height: 115,
                                                                rotation: -0.2, tilt: 0.4),
                                    cardColor: frame, cornerRadius: 3, pictureSeed: seedBase + UInt64(k))
        }
    }
}
