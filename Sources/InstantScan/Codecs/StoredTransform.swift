/// One of HEIF's turning transformations (`irot`, `imir`), as applied in file order to go from
/// the stored pixels to the upright image.
enum StoredTransform: Equatable {
    /// `irot`: the image turned counterclockwise by 0, 90, 180 or 270 degrees.
    case rotateCounterclockwise(Int)
    /// `imir` about the vertical axis: left and right swapped.
    case mirrorLeftRight
    /// `imir` about the horizontal axis: top and bottom swapped.
    case mirrorTopBottom

    /// The orientation whose stored → upright map equals `steps` applied in order, found by
    /// following three pixels of a small non-square image through them: a sequence of turns and
    /// flips is always one of the eight.
    static func orientation(of steps: [StoredTransform]) -> Orientation? {
        let stored = PixelSize(width: 5, height: 3)
        let probes = [(0, 0), (1, 0), (0, 1)]
        let followed = probes.map { start -> (Int, Int) in
            var (x, y) = start
            var (w, h) = (stored.width, stored.height)
            for step in steps {
                switch step {
                case .rotateCounterclockwise(90): (x, y, w, h) = (y, w - 1 - x, h, w)
                case .rotateCounterclockwise(180): (x, y) = (w - 1 - x, h - 1 - y)
                case .rotateCounterclockwise(270): (x, y, w, h) = (h - 1 - y, x, h, w)
                case .rotateCounterclockwise: break
                case .mirrorLeftRight: x = w - 1 - x
                case .mirrorTopBottom: y = h - 1 - y
                }
            }
            return (x, y)
        }
        return Orientation.allCases.first { orientation in
            let map = orientation.storedToUpright(stored: stored)
            return zip(probes, followed).allSatisfy { probe, target in
                let p = map.apply(Point(Double(probe.0), Double(probe.1)))
                return Int(p.x.rounded()) == target.0 && Int(p.y.rounded()) == target.1
            }
        }
    }
}
