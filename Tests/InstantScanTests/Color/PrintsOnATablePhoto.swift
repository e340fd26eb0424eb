import Foundation
@testable import InstantScan

/// A phone photo of instant prints in a row on a table, each print and the table around it under
/// its own light (the same light for all of them: one lamp over one table).
///
/// Each print is a ``FramedPrintPhoto`` card (its frame and picture, all of one format and
/// size); the table is a weave in `table`'s colour. Scanned with detection, as a user would.
struct PrintsOnATablePhoto {
    var prints: [FramedPrintPhoto]
    /// The light over each print and the table nearest it (luminance about 1).
    var lights: [[Double]]
    /// The table's colour (linear reflectance, times the weave).
    var table: [Double]
    /// Table around and between the cards, in pixels.
    var gap = 160

    var cardWidth: Int { prints[0].width }
    var cardHeight: Int { prints[0].height }
    var size: PixelSize {
        PixelSize(width: prints.count * cardWidth + (prints.count + 1) * gap, height: cardHeight + 2 * gap)
    }

    /// The photo as JPEG.
    func photo() throws -> [UInt8] {
        let image = try PixelBuffer(width: size.width, height: size.height)
        let pitch = cardWidth + gap
        for y in 0..<size.height {
            for x in 0..<size.width {
                let index = min(max((x - gap / 2) / pitch, 0), prints.count - 1)
                let cx = x - gap - index * pitch, cy = y - gap
                var rgb: [Double]
                if cx >= 0, cx < cardWidth, cy >= 0, cy < cardHeight {
                    rgb = prints[index].reflectance((Double(cx) + 0.5) / Double(cardWidth), (Double(cy) + 0.5) / Double(cardHeight))
                } else {
                    let level = [0.22, 0.30, 0.26, 0.34][((x / 14) + 2 * (y / 14)) % 4]
                    rgb = table.map { level * $0 }
                }
                image[x, y] = (0..<3).map { LinearLight.code(linear: rgb[$0] * lights[index][$0]) } + [255]
            }
        }
        return try JPEGEncoder.encode(image, quality: 95)
    }

    /// The corners of print `index` in the photo.
    func corners(of index: Int) -> Quad {
        let x0 = Double(gap + index * (cardWidth + gap)) - 0.5, y0 = Double(gap) - 0.5
        return Quad(Point(x0, y0), Point(x0 + Double(cardWidth), y0),
                    Point(x0 + Double(cardWidth), y0 + Double(cardHeight)), Point(x0, y0 + Double(cardHeight)))
    }

    /// The options the prints are scanned with: their format, at the card's own size.
    var options: ScanOptions {
        var options = ScanOptions()
        options.format = prints[0].format
        options.outputSize = .exact(PixelSize(width: cardWidth, height: cardHeight))
        return options
    }

    /// Every print found and scanned together (left to right), as `instantscan scan` does.
    func scanAll() throws -> [ScannedPrint] {
        try PrintScanner(options: options).scan(try photo()).prints.sorted { $0.card.corners[0].x < $1.card.corners[0].x }
    }

    /// Every print placed by hand (all their corners given), as `instantscan scan --corners …
    /// --corners …` does: in the order of the corners.
    func scanPlaced() throws -> [ScannedPrint] {
        try PrintScanner(options: options).scan(try photo(), corners: prints.indices.map(corners(of:))).prints
    }

    /// Print `index` alone (its corners given): what it comes to without the others.
    func scanAlone(_ index: Int) throws -> ScannedPrint? {
        try PrintScanner(options: options).scan(try photo(), corners: corners(of: index)).prints.first
    }
}
