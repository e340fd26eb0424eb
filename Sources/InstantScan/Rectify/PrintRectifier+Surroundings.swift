extension PrintRectifier {
    /// The surface around `print` (a band just outside its card, following the card's
    /// perspective), sampled straight from the stored pixels in the photo's colour space, with the
    /// share of the card it reaches beyond it; nil when even the narrowest band leaves the photo.
    ///
    /// It is read before the rows outside the prints are released, since it lies beyond them.
    func surroundings(of print: DetectedPrint, from decoded: DecodedImage) throws -> (image: PixelBuffer, reach: Double)? {
        guard let region = SurfaceRing.region(around: print.card, photo: decoded.uprightSize) else { return nil }
        let size = SurfaceRing.imageSize(for: region.quad)
        // Band pixel (x, y) spans x…x + 1, so the band's rectangle maps onto the quad's corners.
        guard let toPhoto = Homography.mapping(Quad(rectangleWidth: Double(size.width), height: Double(size.height)).corners,
                                               to: region.quad.corners) else { return nil }
        let image = try SurfaceRing.sample(decoded.pixels, size: size, outputToSource: decoded.storedMap(fromUpright: toPhoto))
        return (image, region.reach)
    }
}
