/// The band sampled densely for ``BandPalette``: the middle line alone, sampled every few pixels,
/// aliases with stripes a few pixels apart (it may see two of a frame's four stripe colours on one
/// side and the other two on the next), so the palette is read along three lines across the band,
/// a pixel or so apart along each.
extension BorderAppearance {
    /// Palette judgement of the band between `card` and `window` (see ``BandPalette``).
    func paletteJudgement(card: Quad, window: Quad) -> BandPalette.Judgement {
        var band: [[Color]] = []
        for i in 0..<4 {
            let j = (i + 1) % 4
            var samples: [Color] = []
            for depth in [0.3, 0.5, 0.7] {
                let a = card.corners[i] + (window.corners[i] - card.corners[i]) * depth
                let b = card.corners[j] + (window.corners[j] - card.corners[j]) * depth
                samples += line(from: a, to: b, from: 0.1, to: 0.9)
            }
            band.append(samples)
        }
        return BandPalette().judge(band: band, outside: { outside(card) })
    }

    /// The surface just beyond each of the card's sides: two lines outside it, a strip's offset and
    /// two pixels more.
    private func outside(_ card: Quad) -> [[Color]] {
        var outside: [[Color]] = []
        let cardCentre = card.centroid
        for i in 0..<4 {
            let j = (i + 1) % 4
            var out: [Color] = []
            let a = card.corners[i], b = card.corners[j]
            let d = b - a
            let length = (d.x * d.x + d.y * d.y).squareRoot()
            if length > 1 {
                var n = Point(-d.y / length, d.x / length)
                if ((a + b) * 0.5 - cardCentre).x * n.x + ((a + b) * 0.5 - cardCentre).y * n.y < 0 { n = n * -1 }
                for offset in [stripOffset, stripOffset + 2] {
                    out += line(from: a + n * offset, to: b + n * offset, from: 0.15, to: 0.85)
                }
            }
            outside.append(out)
        }
        return outside
    }

    /// Colours along a→b between the fractions `t0` and `t1`, about every 1.3 pixels (glare and points
    /// out of view left out).
    private func line(from a: Point, to b: Point, from t0: Double, to t1: Double) -> [Color] {
        let length = a.distance(to: b) * (t1 - t0)
        let count = max(2, Int(length / 1.3))
        var out: [Color] = []
        out.reserveCapacity(count + 1)
        for k in 0...count {
            let p = a + (b - a) * (t0 + (t1 - t0) * Double(k) / Double(count))
            guard p.x >= 0, p.y >= 0, p.x <= Double(image.width - 1), p.y <= Double(image.height - 1) else { continue }
            let c = image.color(at: p)
            if min(c.0, c.1, c.2) < clipLevel { out.append(c) }
        }
        return out
    }
}
