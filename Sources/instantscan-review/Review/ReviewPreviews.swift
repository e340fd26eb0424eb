import Foundation
import InstantScan

/// Upright JPEG copies of the batch's photos for the page to draw on (a browser cannot show a
/// HEIC, nor turn a photo by its EXIF orientation the way the corners count): made on first
/// request, the latest few kept.
final class ReviewPreviews: @unchecked Sendable {
    /// The long side of a preview: enough to place a corner within a few photo pixels under the
    /// page's magnifier.
    static let longSide = 2000
    private static let kept = 24
    private let maximumPixels: Int
    private let lock = NSLock()
    private var cache: [(key: String, jpeg: Data)] = []

    init(maximumPixels: Int) {
        self.maximumPixels = maximumPixels
    }

    /// The preview of `photo`.
    func preview(of photo: PhotoFinder.Photo) throws -> Data {
        let key = photo.path + "\u{0}" + String(ReviewCatalog.modified(photo.path) ?? 0)
        if let hit = lock.withLock({ cache.first { $0.key == key }?.jpeg }) { return hit }
        let data = try PhotoFile.read(photo.path)
        let info = try ImageReader.info(of: data)
        let long = max(info.storedSize.width, info.storedSize.height)
        // The largest DCT scale (JPEG only) that still leaves the preview's pixels.
        let scale = info.format == .jpeg ? [8, 4, 2, 1].first { long / $0 >= Self.longSide } ?? 1 : 1
        let decoded = try ImageReader.decode(data, scaleDenominator: scale, maximumPixels: maximumPixels)
        let (image, _) = try Preview.thumbnail(of: decoded, longSide: Self.longSide)
        let jpeg = Data(try JPEGEncoder.encode(image, quality: 85))
        lock.withLock {
            cache.removeAll { $0.key == key }
            cache.append((key, jpeg))
            if cache.count > Self.kept { cache.removeFirst() }
        }
        return jpeg
    }
}
