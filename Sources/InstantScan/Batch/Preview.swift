/// Small upright copies of a photo with the prints found drawn on it, for a person to check
/// detection at a glance (`scan --overlay`, the batch report).
package enum Preview {
    /// An upright copy of `decoded` whose longer side is at most `longSide` pixels, and the factor
    /// from full-resolution upright coordinates to the copy's.
    package static func thumbnail(of decoded: DecodedImage, longSide: Int) throws -> (image: PixelBuffer, scale: Double) {
        let upright = decoded.orientation.uprightSize(stored: decoded.fullSize)
        let scale = min(1, Double(longSide) / Double(max(upright.width, upright.height)))
        let size = PixelSize(width: max(1, Int((Double(upright.width) * scale).rounded())),
                             height: max(1, Int((Double(upright.height) * scale).rounded())))
        // thumbnail pixel → full-resolution upright → decoded-scale upright → stored
        let toFull = Homography.affine(scaleX: 1 / scale, scaleY: 1 / scale,
                                       translateX: (1 / scale - 1) / 2, translateY: (1 / scale - 1) / 2)
        let map = decoded.storedMap(fromUpright: toFull)
        let image = try PerspectiveWarp().warp(decoded.pixels, outputSize: size, outputToSource: map)
        return (image, scale)
    }

    /// Draws each print's card (green when sure, orange when not), its window (thin), and its
    /// corner order: a large dot at the top-left, then smaller dots clockwise, and a tick from the
    /// centre towards the top edge, so a wrong "which way is up" shows at once.
    package static func draw(_ prints: [DetectedPrint], on image: PixelBuffer, scale: Double) {
        let canvas = Canvas(image)
        let width = max(3, Double(max(image.width, image.height)) / 200)
        for print in prints {
            let card = print.card.mapped { Point(($0.x + 0.5) * scale - 0.5, ($0.y + 0.5) * scale - 0.5) }
            let color: (UInt8, UInt8, UInt8) = print.confidence >= 0.5 ? (40, 220, 90) : (255, 150, 0)
            canvas.outline(card, width: width, color: color)
            if let window = print.window {
                canvas.outline(window.mapped { Point(($0.x + 0.5) * scale - 0.5, ($0.y + 0.5) * scale - 0.5) },
                               width: max(1, width / 2), color: (60, 160, 255))
            }
            let topMiddle = (card.topLeft + card.topRight) * 0.5
            canvas.line(from: card.centroid, to: card.centroid + (topMiddle - card.centroid) * 0.5, width: width, color: color)
            for (i, corner) in card.corners.enumerated() {
                canvas.dot(at: corner, radius: width * (2.5 - 0.4 * Double(i)), color: i == 0 ? (230, 30, 60) : color)
            }
        }
    }
}
