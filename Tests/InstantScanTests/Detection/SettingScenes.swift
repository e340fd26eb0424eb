import Foundation
@testable import InstantScan

/// Scenes of the settings and frames real photos show (issue 13): walls of small prints seen at an
/// angle, coloured, black, yellowed and decorated frames, a thumb over an edge, a card off its
/// nominal size, and the Polaroid Image/Spectra format. Drawn by ``SceneMaker``, so the truth is exact.
enum SettingScenes {
    /// Frame colours of the kinds people keep: white, yellowed cream, black, solid red and teal.
    static let frames: [(Double, Double, Double)] = [(246, 244, 236), (232, 214, 168), (30, 29, 28), (196, 40, 46), (70, 170, 160)]

    /// Nine Polaroid 600s about 150 px wide in a 3 × 3 grid on a painted wall, the wall leaning back
    /// (the camera looks up at it), frames of every kind.
    static var wall: SceneMaker {
        var s = SceneMaker()
        s.width = 1600
        s.height = 1200
        s.surface = .plain(168, 150, 132)
        s.shadow = 0.2
        var prints: [SceneMaker.Print] = []
        for (k, centre) in SceneMaker.gridCentres(rows: 3, columns: 3, around: Point(800, 580), spacing: Point(380, 330)).enumerated() {
            var print = SceneMaker.Print(format: .polaroid600,
                                         corners: SceneMaker.corners(format: .polaroid600, center: centre, height: 190,
                                                                     rotation: 0.06 * Double(k % 3) - 0.06, tilt: 0.5),
                                         cardColor: frames[k % frames.count], pictureSeed: UInt64(k + 3))
            if k == 8 { print.stripeColor = (60, 90, 200) }
            prints.append(print)
        }
        s.prints = prints
        return s
    }

    /// An album page of nine pockets in clear sleeves, 3 × 3, on a dark page seen a little from the
    /// side, the page's own welded edge around them all: each pocket a few millimetres larger than its
    /// Polaroid 600, a milky haze over the prints and pale seams between the pockets, frames of every
    /// kind. The page and its seams close into many more quads than the prints do.
    static var albumPage: SceneMaker {
        var s = SceneMaker()
        s.width = 1400
        s.height = 1050
        s.surface = .plain(46, 44, 48)
        s.shadow = 0.15
        var prints: [SceneMaker.Print] = []
        var pockets: [SceneMaker.Pocket] = [
            .init(outline: SceneMaker.corners(aspect: 1.05, center: Point(700, 525), height: 980, rotation: 0.03, tilt: 0.25),
                  haze: 0, seamWidth: 4)
        ]
        for (k, centre) in SceneMaker.gridCentres(rows: 3, columns: 3, around: Point(700, 525), spacing: Point(300, 315)).enumerated() {
            // The pocket is 8% larger than the card; the print sits a little off its middle.
            let pocket = SceneMaker.corners(format: .polaroid600, center: centre, height: 300, rotation: 0.03, tilt: 0.25)
            let card = SceneMaker.corners(format: .polaroid600, center: centre + Point(2 * Double(k % 2), 4), height: 276,
                                          rotation: 0.03 + 0.015 * Double(k % 3 - 1), tilt: 0.25)
            var print = SceneMaker.Print(format: .polaroid600, corners: card, cardColor: frames[k % frames.count],
                                         pictureSeed: UInt64(k + 11))
            if k == 7 { print.stripeColor = (200, 60, 70) }
            prints.append(print)
            pockets.append(.init(outline: pocket))
        }
        s.prints = prints
        s.pockets = pockets
        return s
    }

    /// One print in a frame of `color` on a wood table.
    static func frame(_ color: (Double, Double, Double), format: PrintFormat = .instaxSquare) -> SceneMaker {
        var s = SceneMaker()
        s.surface = .wood(angle: 0.3)
        s.prints = [.init(format: format, corners: DetectionScenes.corners(format, rotation: 0.12), cardColor: color,
                          cornerRadius: format == .instaxSquare || format == .instaxMini ? 3 : 0)]
        return s
    }

    /// A decorated frame: red stripes across a cream border, on a pale table.
    static var patternedFrame: SceneMaker {
        var s = SceneMaker()
        s.surface = .paleTable
        s.prints = [.init(format: .polaroid600, corners: DetectionScenes.corners(.polaroid600, rotation: -0.1),
                          cardColor: (240, 232, 210), stripeColor: (200, 60, 70))]
        return s
    }

    /// A slightly curled Polaroid 600 on wood, bent about its vertical axis: its top and bottom sides
    /// bow the same way by about 0.75 mm (some 4 px here), its corners where the curves meet.
    static var curledOnTable: SceneMaker {
        var s = SceneMaker()
        s.surface = .wood(angle: 0.6)
        var print = SceneMaker.Print(format: .polaroid600, corners: DetectionScenes.corners(.polaroid600, rotation: 0.08),
                                     pictureSeed: 5)
        print.bow = (top: 0.8, right: 0, bottom: -0.7, left: 0)
        s.prints = [print]
        return s
    }

    /// A curled Instax Mini held in a hand: its long sides bow the same way by about 0.6 mm (some
    /// 4 px here) and a thumb lies over its bottom border.
    static var curledInHand: SceneMaker {
        var s = SceneMaker()
        s.surface = .plain(90, 96, 104)
        let card = DetectionScenes.corners(.instaxMini, height: 620, rotation: -0.07)
        var print = SceneMaker.Print(format: .instaxMini, corners: card, cornerRadius: 3, pictureSeed: 8)
        print.bow = (top: 0, right: 0.6, bottom: 0, left: -0.55)
        s.prints = [print]
        let bottom = (card.bottomLeft + card.bottomRight) * 0.5
        s.occluders = [.init(center: bottom + Point(60, 30), radii: (40, 65), angle: 0.3)]
        return s
    }

    /// A decorated frame of blue dots on cream, some cut by the card's edge and the window's, on wood.
    static var dottedFrame: SceneMaker {
        var s = SceneMaker()
        s.surface = .wood(angle: 0.6)
        var print = SceneMaker.Print(format: .instaxSquare, corners: DetectionScenes.corners(.instaxSquare, rotation: -0.15),
                                     cardColor: (238, 230, 206), cornerRadius: 3, pictureSeed: 4)
        print.dotColor = (40, 100, 190)
        s.prints = [print]
        return s
    }

    /// A Polaroid 600 whose card is 1.5 mm wider and 1.2 mm taller than nominal (a film generation of
    /// its own, or a card cut a little large), the window where the nominal format puts it from the top
    /// left: the template extrapolated from the window would miss the right and bottom edges by about
    /// 8 px here.
    static var offNominalCard: SceneMaker {
        var s = SceneMaker()
        s.surface = .dark
        let geometry = (card: (width: 89.5, height: 108.2), window: (x: 4.5, y: 6.0, width: 79.0, height: 79.0))
        s.prints = [.init(format: .polaroid600,
                          corners: SceneMaker.corners(aspect: 89.5 / 108.2, center: DetectionScenes.centre, height: 600, rotation: 0.15),
                          customGeometry: geometry)]
        return s
    }

    /// A Polaroid Image/Spectra print on wood.
    static var spectra: SceneMaker {
        var s = SceneMaker()
        s.surface = .wood(angle: 0.5)
        s.prints = [.init(format: .polaroidSpectra, corners: DetectionScenes.corners(.polaroidSpectra, height: 560, rotation: -0.2))]
        return s
    }

    /// An Instax Mini held in a hand: a thumb over the middle of its bottom border and card edge.
    static var thumbOverEdge: SceneMaker {
        var s = SceneMaker()
        s.surface = .plain(90, 96, 104)
        let card = DetectionScenes.corners(.instaxMini, height: 620, rotation: 0.05)
        s.prints = [.init(format: .instaxMini, corners: card, cornerRadius: 3)]
        let bottom = (card.bottomLeft + card.bottomRight) * 0.5
        s.occluders = [.init(center: bottom + Point(0, 20), radii: (45, 70), angle: 0.2)]
        return s
    }
}
