/// How a camera stored a photo relative to how it is meant to be seen: the eight values of the
/// EXIF/TIFF `Orientation` tag (274).
///
/// Every coordinate the library takes or gives (corners, quads, output) is in *upright* pixels,
/// after the orientation is applied. The library does not rotate the full decoded photo: a warp
/// composes the orientation into its homography and reads the stored pixels directly.
public enum Orientation: Int, Sendable, CaseIterable {
    /// 1: stored as seen.
    case up = 1
    /// 2: mirrored left to right.
    case upMirrored = 2
    /// 3: turned half a turn.
    case down = 3
    /// 4: mirrored top to bottom.
    case downMirrored = 4
    /// 5: transposed (stored row 0 is the left column when upright).
    case leftMirrored = 5
    /// 6: stored row 0 is the right column when upright: turn a quarter clockwise to view.
    case right = 6
    /// 7: transverse (stored row 0 is the right column, column 0 the bottom row).
    case rightMirrored = 7
    /// 8: stored row 0 is the left column when upright: turn a quarter anticlockwise to view.
    case left = 8

    /// The orientation for an EXIF value; values outside 1...8 read as ``up``, as viewers do.
    public init(exifValue: Int) {
        self = Orientation(rawValue: exifValue) ?? .up
    }

    /// True when width and height trade places when upright.
    public var swapsAxes: Bool { rawValue >= 5 }

    /// The upright size of an image stored at `stored`.
    public func uprightSize(stored: PixelSize) -> PixelSize {
        swapsAxes ? PixelSize(width: stored.height, height: stored.width) : stored
    }

    /// The affine map from upright coordinates to stored coordinates (pixel centres at whole
    /// numbers), for an image stored at `stored`.
    public func uprightToStored(stored: PixelSize) -> Homography {
        let w = Double(stored.width - 1), h = Double(stored.height - 1)
        switch self {
        case .up: return .identity
        case .upMirrored: return Homography([-1, 0, w, 0, 1, 0, 0, 0, 1])
        case .down: return Homography([-1, 0, w, 0, -1, h, 0, 0, 1])
        case .downMirrored: return Homography([1, 0, 0, 0, -1, h, 0, 0, 1])
        case .leftMirrored: return Homography([0, 1, 0, 1, 0, 0, 0, 0, 1])
        case .right: return Homography([0, 1, 0, -1, 0, h, 0, 0, 1])
        case .rightMirrored: return Homography([0, -1, w, -1, 0, h, 0, 0, 1])
        case .left: return Homography([0, -1, w, 1, 0, 0, 0, 0, 1])
        }
    }

    /// The affine map from stored coordinates to upright coordinates.
    public func storedToUpright(stored: PixelSize) -> Homography {
        // Each of these maps is an involution or a quarter turn with an exact integer inverse.
        uprightToStored(stored: stored).inverse!
    }
}

extension PixelBuffer {
    /// A new buffer with `orientation` applied, so that it reads upright.
    ///
    /// The scan pipeline does not need this (its warp reads stored pixels through the orientation);
    /// it is for small images, tests and tools.
    public func applying(_ orientation: Orientation) throws -> PixelBuffer {
        let stored = size
        let up = orientation.uprightSize(stored: stored)
        let out = try PixelBuffer(width: up.width, height: up.height, format: format)
        let map = orientation.uprightToStored(stored: stored)
        let bpp = format.bytesPerPixel
        // The map is a signed permutation: find how x and y step through stored memory.
        let origin = map.apply(Point(0, 0))
        let dx = map.apply(Point(1, 0)) - origin, dy = map.apply(Point(0, 1)) - origin
        let x0 = Int(origin.x.rounded()), y0 = Int(origin.y.rounded())
        let stepX = Int(dx.x.rounded()) * bpp + Int(dx.y.rounded()) * bytesPerRow
        let stepY = Int(dy.x.rounded()) * bpp + Int(dy.y.rounded()) * bytesPerRow
        withUnsafeBytes { src in
            let base = src.baseAddress!.assumingMemoryBound(to: UInt8.self)
            for v in 0..<up.height {
                var s = y0 * bytesPerRow + x0 * bpp + v * stepY
                let d = out.rowPointer(v)
                for u in 0..<up.width {
                    for c in 0..<bpp { d[u * bpp + c] = base[s + c] }
                    s += stepX
                }
            }
        }
        return out
    }
}
