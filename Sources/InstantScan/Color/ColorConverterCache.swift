import Foundation

/// The converters already built in this process, by the bytes of their two profiles and intent.
///
/// Building an lcms2 transform into one of the project's profiles costs about 6 ms (62 M
/// instructions on the Display P3 photo): lcms2 inverts the profile's tabulated sRGB curve by a
/// linear search for each of 4096 samples a channel. A batch of phone photos carries the same
/// embedded profile photo after photo, so the transform is built once and shared; a shared
/// converter gives every pixel the bytes a new one would (the same lcms2 transform). Only the last
/// few pairs are kept, so a batch of many differently tagged photos holds few transforms.
final class ColorConverterCache: @unchecked Sendable {
    /// The process's cache.
    static let shared = ColorConverterCache()

    /// Pairs kept: a batch mixes a handful of camera profiles at most.
    static let capacity = 4

    private struct Key: Equatable {
        let source: [UInt8]
        let destination: [UInt8]
        let intent: RenderingIntent
    }

    private let lock = NSLock()
    /// Most recently used last.
    private var entries: [(key: Key, converter: ColorConverter)] = []

    /// The converter from `source` to `destination`, built on first use.
    ///
    /// - Throws: ``ColorError/transformUnavailable(from:to:)`` when lcms2 cannot link the profiles.
    func converter(from source: ColorProfile, to destination: ColorProfile,
                   intent: RenderingIntent = .relativeColorimetric) throws -> ColorConverter {
        let key = Key(source: source.iccData, destination: destination.iccData, intent: intent)
        if let found = lookUp(key) { return found }
        // Built outside the lock: two threads may both build one, and either is correct.
        let made = try ColorConverter(from: source, to: destination, intent: intent)
        lock.lock()
        defer { lock.unlock() }
        if let index = entries.firstIndex(where: { $0.key == key }) { return entries[index].converter }
        entries.append((key, made))
        if entries.count > Self.capacity { entries.removeFirst() }
        return made
    }

    private func lookUp(_ key: Key) -> ColorConverter? {
        lock.lock()
        defer { lock.unlock() }
        guard let index = entries.firstIndex(where: { $0.key == key }) else { return nil }
        let entry = entries.remove(at: index)
        entries.append(entry)
        return entry.converter
    }
}
