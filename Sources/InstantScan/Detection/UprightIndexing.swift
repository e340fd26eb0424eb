/// Where a downsampler writes each working pixel, and how working pixels map back to the photo.
///
/// Downsamplers read the photo in its stored order (rows as the decoder gives them) and write the
/// working image upright, so that everything after works in upright coordinates: stored working
/// pixel (x, y) lands at `origin + y·stepY + x·stepX` in the upright working image, a signed
/// permutation of the axes for each EXIF orientation.
struct UprightIndexing {
    /// The working image's size, stored and upright.
    let stored: PixelSize
    let upright: PixelSize
    /// Upright index of stored working pixel (0, 0), and the index steps of one stored column and row.
    let origin: Int
    let stepX: Int
    let stepY: Int
    private let orientation: Orientation

    init(orientation: Orientation, workingStored: PixelSize) {
        self.orientation = orientation
        stored = workingStored
        upright = orientation.uprightSize(stored: workingStored)
        let toUp = AffineMap(orientation.storedToUpright(stored: workingStored))
        let ox = Int(toUp.tx.rounded()), oy = Int(toUp.ty.rounded())
        stepX = Int(toUp.a.rounded()) + Int(toUp.c.rounded()) * upright.width
        stepY = Int(toUp.b.rounded()) + Int(toUp.d.rounded()) * upright.width
        origin = oy * upright.width + ox
    }

    /// Working upright → working stored → the photo's stored pixels (the centre of the `cellWidth ×
    /// cellHeight` photo area each working pixel averages) → the photo upright.
    func toUpright(photoStored: PixelSize, cellWidth: Double, cellHeight: Double) -> AffineMap {
        let smallUpToStored = AffineMap(orientation.uprightToStored(stored: stored))
        let cellToPhoto = AffineMap(a: cellWidth, b: 0, c: 0, d: cellHeight,
                                    tx: (cellWidth - 1) / 2, ty: (cellHeight - 1) / 2)
        let photoToUp = AffineMap(orientation.storedToUpright(stored: photoStored))
        return photoToUp.composed(after: cellToPhoto.composed(after: smallUpToStored))
    }
}
