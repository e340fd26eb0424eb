import Foundation
@testable import InstantScan

/// Renders synthetic photos of instant prints with known corners, for the detector's tests.
///
/// A print is a card (white, cream or black) with a picture window where its format puts it, a thick
/// bottom border, optionally rounded corners and a marker caption, drawn through a homography onto a
/// procedural surface (wood grain, pale table, cloth, dark plain, white paper), with a soft contact
/// shadow, a light falloff and colour cast, sensor noise and glare blobs. Edges are anti-aliased from
/// the signed distance to the card's outline measured in output pixels, so a card edge is where the
/// geometry says to well under a tenth of a pixel and corner-error bounds in the tests mean something.
///
/// Everything is deterministic: the same maker renders the same bytes on every run.
struct SceneMaker {
    enum Surface {
        /// Wood-like stripes running at `angle` radians, with wavy grain and knots.
        case wood(angle: Double)
        /// A pale, nearly white table top with faint mottling: the white-on-white case.
        case paleTable
        /// A woven cloth pattern.
        case cloth
        /// A dark, nearly plain surface.
        case dark
        /// A plain painted wall or album page of one colour (0...255).
        case plain(Double, Double, Double)
        /// A sheet of paper of one colour (0...255) with its fibres' mottle, a few pixels across and
        /// `grain` (a share of the colour) deep: a white desk pad or a bedsheet under a white print.
        case paper(Double, Double, Double, grain: Double)
    }

    /// Something lying over the photo (a thumb holding the print): an ellipse of flat colour.
    struct Occluder {
        var center: Point
        var radii: (Double, Double)
        var angle = 0.0
        var color: (Double, Double, Double) = (214, 160, 132)
    }

    struct Print {
        var format: PrintFormat
        /// Card corners in upright image pixels: TL, TR, BR, BL of the upright print.
        var corners: Quad
        /// Border colour, 0...255 before light.
        var cardColor: (Double, Double, Double) = (246, 244, 236)
        /// Corner radius in millimetres (Instax cards are rounded, about 3 mm).
        var cornerRadius: Double = 0
        /// A marker scribble on the thick bottom border.
        var caption = false
        /// Picks the picture's content.
        var pictureSeed: UInt64 = 1
        /// How bright the picture is near its edges (1: like a sunny sky, as bright as the border).
        var pictureBrightness: Double = 0.6
        /// A card and window of no known format (millimetres), drawn instead of `format`'s.
        var customGeometry: (card: (width: Double, height: Double), window: (x: Double, y: Double, width: Double, height: Double))?
        /// Not a print at all (a sheet of paper, a phone): drawn, but nothing to detect.
        var isDistractor = false
        /// A decorated frame: diagonal stripes of this colour across the border (Instax and Polaroid
        /// colour editions).
        var stripeColor: (Double, Double, Double)?
        /// Dots of this colour over the border, some cut by the card's edge and the window's (a
        /// decorated Instax frame).
        var dotColor: (Double, Double, Double)?
        /// A window holding no picture: this colour, darkening smoothly toward the bottom (a glass
        /// block or a frosted pane framed like a print, or a print that was never exposed).
        var blankPicture: (Double, Double, Double)?
        /// Over a `blankPicture`, a soft mottle this many levels deep, a few millimetres across (the
        /// face of a stone, frosted glass): texture, but no edge.
        var blankMottle: Double = 0
        /// How much darker a `blankPicture` is at its bottom than at its top (a picture's own shading:
        /// a sky going to sea, a lit wall going into shade).
        var blankShading: Double = 0.15
        /// The dots on the thick bottom band in another colour than `dotColor` (a decorated frame whose
        /// sides differ).
        var bottomDotColor: (Double, Double, Double)?
        /// Dots this many millimetres across instead of 4 (large motifs, as wide as a side band).
        var dotDiameter: Double = 4
        /// How far the middle of each side (top, right, bottom, left) bows outward, millimetres (negative:
        /// inward), the corners staying put: a slightly curled card seen from above.
        var bow: (top: Double, right: Double, bottom: Double, left: Double) = (0, 0, 0, 0)

        var cardSize: (width: Double, height: Double) { customGeometry?.card ?? format.cardSize }
        var windowRect: (x: Double, y: Double, width: Double, height: Double) { customGeometry?.window ?? format.window }

        /// The window drawn in this card.
        var window: Quad {
            let c = cardSize, w = windowRect
            let h = Homography.mapping([Point(0, 0), Point(c.width, 0), Point(c.width, c.height), Point(0, c.height)],
                                       to: corners.corners)!
            return Quad(Point(w.x, w.y), Point(w.x + w.width, w.y), Point(w.x + w.width, w.y + w.height),
                        Point(w.x, w.y + w.height)).mapped(h.apply)
        }
    }

    /// A clear album sleeve's pocket over part of the photo: a milky haze inside it and a pale welded
    /// seam along its outline.
    struct Pocket {
        var outline: Quad
        /// Share of the way to the haze colour inside the pocket.
        var haze = 0.12
        var hazeColor: (Double, Double, Double) = (225, 228, 232)
        /// Width of the seam, pixels, and its colour.
        var seamWidth = 3.0
        var seamColor: (Double, Double, Double) = (205, 205, 200)
        /// Width (pixels) of the strip inside the seam where the weld presses the film onto the page,
        /// leaving no air between them and so no haze: the page shows through clear there.
        var clearWidth = 0.0
    }

    /// The shadow of the phone and the hand holding it over part of the photo: beyond a straight edge
    /// the light falls to `kept` of itself, smoothly across a penumbra `penumbra` pixels wide.
    struct CastShadow {
        /// A point in the middle of the penumbra.
        var through: Point
        /// The direction into the shadow, across the edge.
        var into: Point
        var kept = 0.6
        var penumbra = 40.0

        /// The share of the light at (x, y).
        func light(_ x: Double, _ y: Double) -> Double {
            let length = max((into.x * into.x + into.y * into.y).squareRoot(), 1e-9)
            let d = ((x - through.x) * into.x + (y - through.y) * into.y) / length
            let t = min(1, max(0, d / penumbra + 0.5))
            return 1 - (1 - kept) * t * t * (3 - 2 * t)
        }
    }

    struct Glare {
        var center: Point
        var radius: Double
        /// 0...1: share of the way to white at the centre.
        var strength: Double = 0.9
    }

    var width = 1200
    var height = 900
    var surface: Surface = .wood(angle: 0.15)
    /// Below this row the photo shows `floor`'s surface instead (a print standing on a table against
    /// a wall, the table's edge running across the photo).
    var floor: (row: Double, surface: Surface)?
    var prints: [Print] = []
    /// Brightness falls by this share from the left of the photo to the right.
    var falloff = 0.15
    /// Multipliers of R, G, B (a warm tungsten-like cast by default).
    var cast: (Double, Double, Double) = (1.0, 0.93, 0.8)
    /// Standard deviation of the sensor noise, levels.
    var noise = 2.0
    var glare: [Glare] = []
    var castShadow: CastShadow?
    var occluders: [Occluder] = []
    var pockets: [Pocket] = []
    /// Darkening of the contact shadow next to a card (0: none).
    var shadow = 0.3
    var seed: UInt64 = 7

    // MARK: - Geometry helpers

    /// Card corners for a print of `format` centred at `center`, `height` pixels tall when seen
    /// straight on, turned by `rotation` radians (clockwise on screen), and leaning back by `tilt`
    /// radians about its horizontal axis, seen by a pinhole camera of focal length `focal` pixels
    /// (900: a phone's 26 mm-equivalent lens on a 1200 × 900 photo, 0.6 × the diagonal).
    static func corners(format: PrintFormat, center: Point, height: Double, rotation: Double = 0,
                        tilt: Double = 0, focal: Double = 900) -> Quad {
        corners(aspect: format.cardAspect, center: center, height: height, rotation: rotation, tilt: tilt, focal: focal)
    }

    /// The same for a card of width/height `aspect`.
    static func corners(aspect: Double, center: Point, height: Double, rotation: Double = 0,
                        tilt: Double = 0, focal: Double = 900) -> Quad {
        let w = height * aspect, h = height
        // Card in its own plane, centred, then leaned back about the x axis and pushed to depth focal.
        let local = [Point(-w / 2, -h / 2), Point(w / 2, -h / 2), Point(w / 2, h / 2), Point(-w / 2, h / 2)]
        let projected = local.map { p -> Point in
            let y = p.y * cos(tilt), z = focal + p.y * sin(tilt)
            return Point(p.x * focal / z, y * focal / z)
        }
        let c = cos(rotation), s = sin(rotation)
        return Quad(corners: projected.map { p in
            Point(center.x + c * p.x - s * p.y, center.y + s * p.x + c * p.y)
        })
    }

    // MARK: - Rendering

    /// The photo, upright, RGBA8.
    func render() throws -> PixelBuffer {
        let image = try PixelBuffer(width: width, height: height)
        let cards = prints.map(CardRaster.init)
        var random = SeededGenerator(seed: seed)
        for y in 0..<height {
            let row = image.rowPointer(y)
            for x in 0..<width {
                let px = Double(x), py = Double(y)
                var c = surfaceColor(px, py)
                // Contact shadows first, so a print lying on another's shadow covers it.
                for card in cards where shadow > 0 && card.near(px, py, margin: 40) {
                    // The card's outline moved by the light's offset: darkest under it, fading beyond.
                    let d = card.distanceInPixels(px - 2.5, py - 3.5)
                    let k = 1 - shadow * exp(-max(d, 0) / 5)
                    c = (c.0 * k, c.1 * k, c.2 * k)
                }
                for card in cards where card.near(px, py, margin: 2) {
                    let d = card.distanceInPixels(px, py)
                    if d >= 0.75 { continue }
                    let coverage = min(1, max(0, 0.5 - d))
                    let p = card.color(px, py)
                    c = (c.0 + (p.0 - c.0) * coverage, c.1 + (p.1 - c.1) * coverage, c.2 + (p.2 - c.2) * coverage)
                }
                for pocket in pockets {
                    c = SceneMaker.through(pocket, px, py, c)
                }
                for o in occluders {
                    let dx = px - o.center.x, dy = py - o.center.y
                    let u = (dx * cos(o.angle) + dy * sin(o.angle)) / o.radii.0
                    let v = (-dx * sin(o.angle) + dy * cos(o.angle)) / o.radii.1
                    // Anti-aliased over about a pixel of the smaller radius.
                    let coverage = min(1, max(0, (1 - (u * u + v * v).squareRoot()) * min(o.radii.0, o.radii.1) + 0.5))
                    c = (c.0 + (o.color.0 - c.0) * coverage, c.1 + (o.color.1 - c.1) * coverage, c.2 + (o.color.2 - c.2) * coverage)
                }
                let light = (1 - falloff * px / Double(width)) * (castShadow?.light(px, py) ?? 1)
                c = (c.0 * light * cast.0, c.1 * light * cast.1, c.2 * light * cast.2)
                for g in glare {
                    let r2 = ((px - g.center.x) * (px - g.center.x) + (py - g.center.y) * (py - g.center.y)) / (g.radius * g.radius)
                    if r2 < 9 {
                        let k = g.strength * exp(-r2 * r2)
                        c = (c.0 + (255 - c.0) * k, c.1 + (255 - c.1) * k, c.2 + (255 - c.2) * k)
                    }
                }
                let n = noise * random.gaussian()
                row[4 * x] = SceneMaker.byte(c.0 + n)
                row[4 * x + 1] = SceneMaker.byte(c.1 + n * 0.9 + noise * 0.3 * random.gaussian())
                row[4 * x + 2] = SceneMaker.byte(c.2 + n * 0.8 + noise * 0.4 * random.gaussian())
                row[4 * x + 3] = 255
            }
        }
        return image
    }

    /// The same photo as a camera would store it with EXIF `orientation` (so that applying the
    /// orientation gives back the upright render).
    func renderStored(_ orientation: Orientation) throws -> PixelBuffer {
        let upright = try render()
        // Turning back: the inverse of each orientation's stored→upright map.
        let inverse: Orientation
        switch orientation {
        case .right: inverse = .left
        case .left: inverse = .right
        default: inverse = orientation
        }
        return try upright.applying(inverse)
    }

    /// The colour `c` at a pixel seen through `pocket`: hazed inside, the seam anti-aliased over it.
    private static func through(_ pocket: Pocket, _ x: Double, _ y: Double,
                                _ c: (Double, Double, Double)) -> (Double, Double, Double) {
        let q = pocket.outline.corners
        let p = Point(x, y)
        var inside = true, edge = Double.infinity
        for i in 0..<4 {
            let a = q[i], b = q[(i + 1) % 4], d = b - a
            // Clockwise on screen: the inside is to the right of each side.
            if d.x * (p.y - a.y) - d.y * (p.x - a.x) < 0 { inside = false }
            let t = max(0, min(1, ((p.x - a.x) * d.x + (p.y - a.y) * d.y) / (d.x * d.x + d.y * d.y)))
            edge = min(edge, p.distance(to: a + d * t))
        }
        var out = c
        if inside {
            let clear = pocket.clearWidth > 0 ? min(1, max(0, edge - pocket.clearWidth + 0.5)) : 1
            let k = pocket.haze * clear, h = pocket.hazeColor
            out = (out.0 + (h.0 - out.0) * k, out.1 + (h.1 - out.1) * k, out.2 + (h.2 - out.2) * k)
        }
        let seam = min(1, max(0, pocket.seamWidth / 2 - edge + 0.5))
        if seam > 0 {
            let s = pocket.seamColor
            out = (out.0 + (s.0 - out.0) * seam, out.1 + (s.1 - out.1) * seam, out.2 + (s.2 - out.2) * seam)
        }
        return out
    }

    private static func byte(_ v: Double) -> UInt8 { UInt8(min(255, max(0, v.rounded()))) }

    private func surfaceColor(_ x: Double, _ y: Double) -> (Double, Double, Double) {
        if let floor, y >= floor.row { return Self.color(of: floor.surface, x, y) }
        return Self.color(of: surface, x, y)
    }

    /// Smooth value noise in -1...1 on a unit lattice: the same at the same point on every run.
    private static func fibres(_ x: Double, _ y: Double) -> Double {
        func lattice(_ i: Int, _ j: Int) -> Double {
            var h = UInt64(bitPattern: Int64(i &* 73_856_093 ^ j &* 19_349_663))
            h = (h ^ (h >> 33)) &* 0xff51_afd7_ed55_8ccd
            h ^= h >> 33
            return Double(h % 2001) / 1000 - 1
        }
        let i = Int(x.rounded(.down)), j = Int(y.rounded(.down))
        let u = x - Double(i), v = y - Double(j)
        let su = u * u * (3 - 2 * u), sv = v * v * (3 - 2 * v)
        let top = lattice(i, j) + (lattice(i + 1, j) - lattice(i, j)) * su
        let bottom = lattice(i, j + 1) + (lattice(i + 1, j + 1) - lattice(i, j + 1)) * su
        return top + (bottom - top) * sv
    }

    private static func color(of surface: Surface, _ x: Double, _ y: Double) -> (Double, Double, Double) {
        switch surface {
        case let .wood(angle):
            let u = x * cos(angle) + y * sin(angle), v = -x * sin(angle) + y * cos(angle)
            let grain = sin(v / 3.1 + 2.2 * sin(u / 97) + 0.9 * sin(u / 23 + v / 41))
            let rings = sin(v / 11.5 + 1.4 * sin(u / 150))
            let k = 0.78 + 0.12 * grain + 0.08 * rings
            return (150 * k, 82 * k, 45 * k)
        case .paleTable:
            let m = 1 + 0.015 * sin(x / 83 + 0.7 * sin(y / 61)) + 0.01 * sin(y / 37)
            return (232 * m, 229 * m, 221 * m)
        case .cloth:
            let weave = 0.5 + 0.5 * sin(x / 2.3) * sin(y / 2.3)
            let check = (Int(x / 38) + Int(y / 38)) % 2 == 0 ? 1.0 : 0.82
            let k = (0.85 + 0.15 * weave) * check
            return (70 * k, 96 * k, 140 * k)
        case let .plain(r, g, b):
            return (r, g, b)
        case let .paper(r, g, b, grain):
            let m = 1 + grain * fibres(x / 2, y / 2)
            return (r * m, g * m, b * m)
        case .dark:
            let m = 1 + 0.05 * sin(x / 140 + y / 170)
            return (42 * m, 38 * m, 35 * m)
        }
    }
}

/// One print's drawing in card millimetres, with the map from image pixels into it.
private struct CardRaster {
    let print: SceneMaker.Print
    let toCard: PlainHomography
    let cardWidth: Double, cardHeight: Double
    let window: (x: Double, y: Double, width: Double, height: Double)
    /// Image pixels per millimetre, roughly (for the shadow's reach and the edge band).
    let scale: Double
    let caption: [Point]
    let bounds: (minX: Double, minY: Double, maxX: Double, maxY: Double)

    init(_ print: SceneMaker.Print) {
        self.print = print
        let size = print.cardSize
        cardWidth = size.width
        cardHeight = size.height
        window = print.windowRect
        let mm = [Point(0, 0), Point(size.width, 0), Point(size.width, size.height), Point(0, size.height)]
        toCard = PlainHomography(Homography.mapping(print.corners.corners, to: mm)!)
        let xs = print.corners.corners.map(\.x), ys = print.corners.corners.map(\.y)
        scale = (print.corners.area / (size.width * size.height)).squareRoot()
        let bulge = scale * max(0, print.bow.top, print.bow.right, print.bow.bottom, print.bow.left) + 1
        bounds = (xs.min()! - bulge, ys.min()! - bulge, xs.max()! + bulge, ys.max()! + bulge)
        // A zigzag "signature" across the middle of the bottom border.
        let top = window.y + window.height, bandMiddle = (top + size.height) / 2
        var random = SeededGenerator(seed: print.pictureSeed &+ 99)
        var points: [Point] = []
        let steps = 9
        for i in 0...steps {
            let x = size.width * (0.22 + 0.45 * Double(i) / Double(steps))
            let y = bandMiddle + (i % 2 == 0 ? -1 : 1) * (2.2 + Double(random.next() % 100) / 100)
            points.append(Point(x, y))
        }
        caption = points
    }

    /// The point of the flat card (millimetres) that an image pixel shows: the homography, then the
    /// card's bow undone (a few fixed-point steps; the bow is a few per cent of the card at most).
    func cardPoint(_ p: Point) -> Point {
        let seen = toCard.apply(p)
        let b = print.bow
        guard b.top != 0 || b.right != 0 || b.bottom != 0 || b.left != 0 else { return seen }
        var u = seen.x, v = seen.y
        for _ in 0..<6 {
            let x = u / cardWidth, y = v / cardHeight
            let du = 4 * y * (1 - y) * (-b.left * (1 - x) + b.right * x)
            let dv = 4 * x * (1 - x) * (-b.top * (1 - y) + b.bottom * y)
            u = seen.x - du
            v = seen.y - dv
        }
        return Point(u, v)
    }

    /// True when the pixel is within `margin` of the card's bounding box.
    func near(_ x: Double, _ y: Double, margin: Double) -> Bool {
        x >= bounds.minX - margin && x <= bounds.maxX + margin && y >= bounds.minY - margin && y <= bounds.maxY + margin
    }

    /// Signed distance of the card's outline (rounded rectangle) in millimetres; positive outside.
    private func outlineDistance(_ u: Double, _ v: Double) -> Double {
        let r = print.cornerRadius
        let hx = cardWidth / 2, hy = cardHeight / 2
        let qx = abs(u - hx) - (hx - r), qy = abs(v - hy) - (hy - r)
        let outside = (max(qx, 0) * max(qx, 0) + max(qy, 0) * max(qy, 0)).squareRoot()
        return outside + min(max(qx, qy), 0) - r
    }

    /// Signed distance of the picture window's outline, millimetres, positive outside the picture.
    private func windowDistance(_ u: Double, _ v: Double) -> Double {
        let hx = window.width / 2, hy = window.height / 2
        let qx = abs(u - window.x - hx) - hx, qy = abs(v - window.y - hy) - hy
        let outside = (max(qx, 0) * max(qx, 0) + max(qy, 0) * max(qy, 0)).squareRoot()
        return outside + min(max(qx, qy), 0)
    }

    /// Converts a distance field in millimetres to output pixels by its gradient at the pixel.
    private func inPixels(_ field: (Double, Double) -> Double, _ x: Double, _ y: Double) -> Double {
        let p = cardPoint(Point(x, y))
        let d = field(p.x, p.y)
        // Far from the outline the exact conversion does not matter.
        if abs(d) * scale > 4 { return d * scale }
        let px = cardPoint(Point(x + 0.5, y)), mx = cardPoint(Point(x - 0.5, y))
        let py = cardPoint(Point(x, y + 0.5)), my = cardPoint(Point(x, y - 0.5))
        let gx = field(px.x, px.y) - field(mx.x, mx.y), gy = field(py.x, py.y) - field(my.x, my.y)
        let g = (gx * gx + gy * gy).squareRoot()
        return g > 1e-12 ? d / g : d * scale
    }

    /// Signed distance from the card's outline in output pixels (positive outside).
    func distanceInPixels(_ x: Double, _ y: Double) -> Double {
        inPixels(outlineDistance, x, y)
    }

    /// The card's colour at an image pixel that lies on it (border, caption or picture).
    func color(_ x: Double, _ y: Double) -> (Double, Double, Double) {
        let p = cardPoint(Point(x, y))
        var border = print.cardColor
        if let stripe = print.stripeColor, sin((p.x + p.y) * 1.6) > 0.2 {
            border = stripe
        }
        if let dot = print.dotColor {
            // Dots 4 mm across on a 12 mm lattice, every other row shifted, so some straddle the edges.
            let row = (p.y / 12).rounded(.down)
            let shift = 6 * row.truncatingRemainder(dividingBy: 2)
            let cx = 12 * ((p.x - shift) / 12).rounded() + shift
            let cy = 12 * row + 5
            let radius = print.dotDiameter / 2
            if (p.x - cx) * (p.x - cx) + (p.y - cy) * (p.y - cy) < radius * radius {
                border = p.y > window.y + window.height ? (print.bottomDotColor ?? dot) : dot
            }
        }
        if print.caption && p.y > window.y + window.height {
            let d = distance(p, toPolyline: caption)
            let ink = min(1, max(0, (0.45 - d) * scale + 0.5))
            border = (border.0 + (25 - border.0) * ink, border.1 + (30 - border.1) * ink, border.2 + (70 - border.2) * ink)
        }
        let dw = inPixels(windowDistance, x, y)
        if dw >= 0.75 { return border }
        let u = (p.x - window.x) / window.width, v = (p.y - window.y) / window.height
        let pic = picture(u, v)
        let k = min(1, max(0, 0.5 - dw))
        return (border.0 + (pic.0 - border.0) * k, border.1 + (pic.1 - border.1) * k, border.2 + (pic.2 - border.2) * k)
    }

    /// A made-up photograph in window coordinates (0...1): sky, horizon, hills and a few blobs.
    private func picture(_ u: Double, _ v: Double) -> (Double, Double, Double) {
        if let c = print.blankPicture {
            let k = 1 - print.blankShading * v
            let x = u * window.width, y = v * window.height
            let m = print.blankMottle * sin(1.9 * x + 0.8 * y) * sin(1.4 * y - 0.6 * x)
            return (c.0 * k + m, c.1 * k + m, c.2 * k + m)
        }
        let s = Double(print.pictureSeed % 17)
        let b = print.pictureBrightness
        let horizon = 0.45 + 0.1 * sin(u * 5 + s)
        var c: (Double, Double, Double)
        if v < horizon {
            c = (110 + 120 * b * (1 - v), 150 + 100 * b * (1 - v), 210 + 40 * b)
        } else {
            let hill = 0.5 + 0.5 * sin(u * 9 + v * 4 + s)
            c = (60 + 50 * hill, 110 + 60 * hill * b, 50 + 20 * hill)
        }
        for k in 0..<4 {
            let cx = 0.2 + 0.2 * Double(k) + 0.05 * sin(s + Double(k))
            let cy = 0.3 + 0.4 * Double((k + Int(s)) % 3) / 2
            let r = 0.06 + 0.02 * Double(k)
            if (u - cx) * (u - cx) + (v - cy) * (v - cy) < r * r {
                c = (200 - 40 * Double(k), 60 + 30 * Double(k), 40 + 50 * Double(k))
            }
        }
        return c
    }

    private func distance(_ p: Point, toPolyline line: [Point]) -> Double {
        var best = Double.infinity
        for i in 0..<(line.count - 1) {
            let a = line[i], b = line[i + 1]
            let d = b - a
            let t = max(0, min(1, ((p.x - a.x) * d.x + (p.y - a.y) * d.y) / (d.x * d.x + d.y * d.y)))
            best = min(best, p.distance(to: a + d * t))
        }
        return best
    }
}

/// A homography as nine stored numbers: ``Homography`` keeps an array, which a debug build indexes
/// slowly, and the renderer maps every pixel several times.
struct PlainHomography {
    let a, b, c, d, e, f, g, h, i: Double

    init(_ m: Homography) {
        (a, b, c, d, e, f, g, h, i) = (m.m[0], m.m[1], m.m[2], m.m[3], m.m[4], m.m[5], m.m[6], m.m[7], m.m[8])
    }

    @inline(__always)
    func apply(_ p: Point) -> Point {
        let w = g * p.x + h * p.y + i
        return Point((a * p.x + b * p.y + c) / w, (d * p.x + e * p.y + f) / w)
    }
}

extension SeededGenerator {
    /// A standard normal deviate (Box–Muller).
    mutating func gaussian() -> Double {
        let u1 = Double(next() >> 11) * 0x1p-53 + 0x1p-54
        let u2 = Double(next() >> 11) * 0x1p-53
        return (-2 * log(u1)).squareRoot() * cos(2 * .pi * u2)
    }
}
