/// Finds the prints in a photo.
public struct PrintDetector: Sendable {
    /// Why detection could not run.
    public enum DetectionError: Error, Sendable, CustomStringConvertible {
        /// This build has no automatic detector.
        case unavailable

        public var description: String {
            "automatic print detection is not available in this build; give the corners with --corners \"x,y x,y x,y x,y\""
        }
    }

    /// The settings in use.
    public var options: DetectionOptions

    /// Makes a detector.
    public init(options: DetectionOptions = .init()) {
        self.options = options
    }

    /// Finds every print in `image` (stored orientation); results are in upright coordinates.
    public func detect(in image: PixelBuffer, orientation: Orientation) throws -> [DetectedPrint] {
        throw DetectionError.unavailable
    }
}
