/// Settings for automatic print detection.
public struct DetectionOptions: Sendable {
    /// Makes the default settings.
    public init() {}
}
