import Foundation
@testable import InstantScan

/// The detector's test scenes, one per failure that users of tutorial scanners and mobile SDKs report,
/// named after it. 1200 × 900 photos: big enough that a print has a realistic number of pixels on each
/// edge, small enough to render and detect in a debug build.
enum DetectionScenes {
    static let centre = Point(600, 450)

    static func corners(_ format: PrintFormat, at c: Point = centre, height: Double = 560, rotation: Double = 0,
                        tilt: Double = 0) -> Quad {
        SceneMaker.corners(format: format, center: c, height: height, rotation: rotation, tilt: tilt)
    }

    /// A white card on a white table: a few levels of contrast and a faint contact shadow.
    static var whiteOnWhite: SceneMaker {
        var s = SceneMaker()
        s.surface = .paleTable
        s.cast = (1, 0.97, 0.92)
        s.shadow = 0.12
        s.noise = 1.5
        s.prints = [.init(format: .polaroid600, corners: corners(.polaroid600, rotation: 0.11),
                          cardColor: (250, 249, 246))]
        return s
    }

    /// Wood grain running almost parallel to the card's edges.
    static var woodGrain: SceneMaker {
        var s = SceneMaker()
        s.surface = .wood(angle: 0.04)
        s.prints = [.init(format: .instaxMini, corners: corners(.instaxMini, rotation: 0.03), cornerRadius: 3)]
        return s
    }

    /// A glare blob sitting on the card's right edge and spilling into the window.
    static var glareOnEdge: SceneMaker {
        var s = SceneMaker()
        s.surface = .cloth
        let card = corners(.instaxSquare, rotation: -0.2)
        s.prints = [.init(format: .instaxSquare, corners: card)]
        let right = (card.topRight + card.bottomRight) * 0.5
        s.glare = [.init(center: right + (card.topRight - card.bottomRight) * 0.15, radius: 60, strength: 0.95)]
        return s
    }

    /// Strongly rounded Instax corners on a dark table.
    static var roundedCorners: SceneMaker {
        var s = SceneMaker()
        s.surface = .dark
        s.prints = [.init(format: .instaxMini, corners: corners(.instaxMini, rotation: 0.5), cornerRadius: 4.5)]
        return s
    }

    /// A marker caption on the thick border, with a bright picture.
    static var caption: SceneMaker {
        var s = SceneMaker()
        s.surface = .wood(angle: 1.2)
        s.prints = [.init(format: .polaroid600, corners: corners(.polaroid600, rotation: -0.08), caption: true,
                          pictureBrightness: 1)]
        return s
    }

    /// A print leaning back 40° (its far edge a quarter shorter than its near one).
    static var tilted: SceneMaker {
        var s = SceneMaker()
        s.surface = .wood(angle: 0.3)
        s.prints = [.init(format: .polaroid600, corners: corners(.polaroid600, height: 620, rotation: 0.15, tilt: 0.7))]
        return s
    }

    /// A Polaroid Go lying upside down.
    static var upsideDown: SceneMaker {
        var s = SceneMaker()
        s.surface = .cloth
        s.prints = [.init(format: .polaroidGo, corners: corners(.polaroidGo, height: 520, rotation: .pi + 0.07),
                          cornerRadius: 1.5)]
        return s
    }

    /// An Instax Wide turned a quarter, its bottom border on the left of the photo.
    static var sideways: SceneMaker {
        var s = SceneMaker()
        s.surface = .paleTable
        s.shadow = 0.3
        s.prints = [.init(format: .instaxWide, corners: corners(.instaxWide, height: 520, rotation: .pi / 2 - 0.05),
                          cardColor: (238, 236, 228), cornerRadius: 3)]
        return s
    }

    /// A black-framed print on a pale table.
    static var blackFrame: SceneMaker {
        var s = SceneMaker()
        s.surface = .paleTable
        s.prints = [.init(format: .instaxSquare, corners: corners(.instaxSquare, rotation: 0.25), cardColor: (34, 33, 32),
                          cornerRadius: 3)]
        return s
    }

    static var twoPrints: SceneMaker {
        var s = SceneMaker()
        s.surface = .wood(angle: 0.1)
        s.prints = [
            .init(format: .instaxMini, corners: corners(.instaxMini, at: Point(330, 440), height: 460, rotation: -0.12),
                  cornerRadius: 3),
            .init(format: .polaroid600, corners: corners(.polaroid600, at: Point(850, 460), height: 440, rotation: 0.2),
                  caption: true, pictureSeed: 5),
        ]
        return s
    }

    static var threePrints: SceneMaker {
        var s = SceneMaker()
        s.surface = .cloth
        s.prints = [
            .init(format: .instaxSquare, corners: corners(.instaxSquare, at: Point(230, 300), height: 330, rotation: 0.1),
                  cornerRadius: 3),
            .init(format: .polaroidGo, corners: corners(.polaroidGo, at: Point(620, 560), height: 330, rotation: -0.3),
                  pictureSeed: 3),
            .init(format: .instaxMini, corners: corners(.instaxMini, at: Point(980, 360), height: 380, rotation: 3.0),
                  cornerRadius: 3, pictureSeed: 8),
        ]
        return s
    }

    static var fourPrints: SceneMaker {
        var s = SceneMaker()
        s.surface = .dark
        s.prints = [
            .init(format: .polaroid600, corners: corners(.polaroid600, at: Point(290, 225), height: 360, rotation: 0.05)),
            .init(format: .polaroid600, corners: corners(.polaroid600, at: Point(900, 230), height: 360, rotation: -0.1),
                  pictureSeed: 2),
            .init(format: .instaxSquare, corners: corners(.instaxSquare, at: Point(300, 680), height: 360, rotation: 1.62),
                  cornerRadius: 3, pictureSeed: 4),
            .init(format: .instaxMini, corners: corners(.instaxMini, at: Point(880, 680), height: 380, rotation: -1.5),
                  cornerRadius: 3, pictureSeed: 6),
        ]
        return s
    }

    /// One print whole, another running off the right edge of the photo.
    static var partlyOutside: SceneMaker {
        var s = SceneMaker()
        s.surface = .wood(angle: 0.2)
        s.prints = [
            .init(format: .instaxMini, corners: corners(.instaxMini, at: Point(380, 450), height: 500, rotation: 0.1),
                  cornerRadius: 3),
            .init(format: .polaroid600, corners: corners(.polaroid600, at: Point(1120, 430), height: 520, rotation: -0.15),
                  pictureSeed: 4),
        ]
        return s
    }

    /// A print whose thick border runs off the bottom of the photo; its picture is wholly in view.
    static var cutAtBottom: SceneMaker {
        var s = SceneMaker()
        s.surface = .cloth
        s.prints = [.init(format: .polaroid600, corners: corners(.polaroid600, at: Point(600, 650), height: 560, rotation: 0.06))]
        return s
    }

    /// Two prints overlapping: the second lies across a corner of the first.
    static var overlapping: SceneMaker {
        var s = SceneMaker()
        s.surface = .wood(angle: 0.6)
        s.prints = [
            .init(format: .polaroid600, corners: corners(.polaroid600, at: Point(430, 420), height: 500, rotation: -0.1)),
            .init(format: .instaxMini, corners: corners(.instaxMini, at: Point(760, 520), height: 480, rotation: 0.35),
                  cornerRadius: 3, pictureSeed: 9),
        ]
        return s
    }

    /// Two prints side by side with their edges almost touching.
    static var touching: SceneMaker {
        var s = SceneMaker()
        s.surface = .dark
        let left = corners(.instaxSquare, at: Point(395, 450), height: 480)
        var right = left
        right = right.mapped { Point($0.x + left.topRight.x - left.topLeft.x + 3, $0.y) }
        s.prints = [.init(format: .instaxSquare, corners: left, cornerRadius: 3),
                    .init(format: .instaxSquare, corners: right, cornerRadius: 3, pictureSeed: 4)]
        return s
    }

    /// A cream card on a beige table, no shadow, a sky as bright as the border along the window's top.
    static var lowContrast: SceneMaker {
        var s = SceneMaker()
        s.surface = .paleTable
        s.shadow = 0
        s.cast = (1, 0.95, 0.86)
        s.prints = [.init(format: .instaxMini, corners: corners(.instaxMini, rotation: -0.3), cardColor: (244, 240, 228),
                          cornerRadius: 3, caption: true, pictureBrightness: 1)]
        return s
    }

    /// Seen from low and to the side: both pairs of sides converge.
    static var obliqueView: SceneMaker {
        var s = SceneMaker()
        s.surface = .cloth
        s.prints = [.init(format: .instaxSquare, corners: corners(.instaxSquare, height: 600, rotation: 0.45, tilt: 0.6),
                          cornerRadius: 3)]
        return s
    }

    /// A small print far away: about 150 pixels tall.
    static var smallPrint: SceneMaker {
        var s = SceneMaker()
        s.surface = .wood(angle: 0.2)
        s.prints = [.init(format: .polaroidGo, corners: corners(.polaroidGo, at: Point(700, 300), height: 150, rotation: 0.3),
                          cornerRadius: 1.5)]
        return s
    }

    /// Strong vignetting and a deep tungsten cast.
    static var dimTungsten: SceneMaker {
        var s = SceneMaker()
        s.surface = .wood(angle: 1.4)
        s.falloff = 0.45
        s.cast = (1, 0.72, 0.42)
        s.noise = 3.5
        s.prints = [.init(format: .instaxWide, corners: corners(.instaxWide, at: Point(640, 470), height: 440, rotation: 0.2),
                          cornerRadius: 3, caption: true)]
        return s
    }

    /// A print of no known format (a 3:2 card with a wide window, like no film InstantScan knows):
    /// reported as "unknown", or not at all — never as a known format.
    static var unknownFormat: SceneMaker {
        var s = SceneMaker()
        s.surface = .dark
        let geometry = (card: (width: 120.0, height: 80.0), window: (x: 6.0, y: 6.0, width: 108.0, height: 56.0))
        s.prints = [.init(format: .polaroid600, corners: SceneMaker.corners(aspect: 1.5, center: centre, height: 380, rotation: 0.1),
                          customGeometry: geometry)]
        return s
    }

    /// A sheet of white paper and a dark phone-shaped slab: rectangles, but not prints.
    static var distractors: SceneMaker {
        var s = SceneMaker()
        s.surface = .wood(angle: 0.3)
        let paper = (card: (width: 210.0, height: 297.0), window: (x: 105.0, y: 148.0, width: 0.0, height: 0.0))
        let phone = (card: (width: 71.0, height: 147.0), window: (x: 2.0, y: 2.0, width: 67.0, height: 143.0))
        s.prints = [
            .init(format: .polaroid600, corners: SceneMaker.corners(aspect: 210 / 297, center: Point(330, 450), height: 600, rotation: 0.1),
                  cardColor: (245, 245, 242), customGeometry: paper, isDistractor: true),
            .init(format: .polaroid600, corners: SceneMaker.corners(aspect: 71 / 147, center: Point(900, 430), height: 560, rotation: -0.2),
                  cardColor: (25, 25, 28), pictureBrightness: 0.1, customGeometry: phone, isDistractor: true),
        ]
        return s
    }

    /// Surfaces alone: nothing to find.
    static func empty(_ surface: SceneMaker.Surface) -> SceneMaker {
        var s = SceneMaker()
        s.surface = surface
        return s
    }

    /// Every scene with a name, for the dump test.
    static var all: [(String, SceneMaker)] {
        [("white-on-white", whiteOnWhite), ("wood-grain", woodGrain), ("glare-on-edge", glareOnEdge),
         ("rounded-corners", roundedCorners), ("caption", caption), ("tilted-40", tilted),
         ("upside-down", upsideDown), ("sideways", sideways), ("black-frame", blackFrame),
         ("two-prints", twoPrints), ("three-prints", threePrints), ("four-prints", fourPrints),
         ("partly-outside", partlyOutside), ("cut-at-bottom", cutAtBottom), ("unknown-format", unknownFormat), ("distractors", distractors),
         ("overlapping", overlapping), ("touching", touching), ("low-contrast", lowContrast),
         ("oblique-view", obliqueView), ("small-print", smallPrint), ("dim-tungsten", dimTungsten),
         ("empty-wood", empty(.wood(angle: 0.4))),
         ("empty-cloth", empty(.cloth)), ("empty-pale", empty(.paleTable)), ("empty-dark", empty(.dark)),
         ("wall", SettingScenes.wall), ("wall-row", WallRowScenes.row), ("wall-row-patterned", WallRowScenes.patternedRow), ("patterned-frame", SettingScenes.patternedFrame),
         ("off-nominal-card", SettingScenes.offNominalCard), ("spectra", SettingScenes.spectra),
         ("thumb-over-edge", SettingScenes.thumbOverEdge), ("album-page", SettingScenes.albumPage),
         ("curled-on-table", SettingScenes.curledOnTable), ("curled-in-hand", SettingScenes.curledInHand),
         ("dotted-frame", SettingScenes.dottedFrame), ("narrow-window", WindowPlacementTests.narrowWindow),
         ("black-frame-offset-window", WindowPlacementTests.blackFrameOffsetWindow),
         ("patterned-in-pockets", PatternedPocketTests.patternedInPockets), ("striped-in-pocket", PatternedPocketTests.stripedInPocket)]
            + SettingScenes.frames.indices.map { ("frame-\($0)", SettingScenes.frame(SettingScenes.frames[$0])) }
    }

    static func json(_ q: Quad) -> String {
        "[" + q.corners.map { "[\($0.x), \($0.y)]" }.joined(separator: ", ") + "]"
    }
}
