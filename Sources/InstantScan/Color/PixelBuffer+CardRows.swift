extension PixelBuffer: CardRows {
    func row(_ y: Int) -> UnsafePointer<UInt8> {
        precondition(format == .rgba8, "white balance works on RGBA8 images")
        return UnsafePointer(rowPointer(y))
    }

    /// The buffer itself: its rows are all held, and reading them from two threads is safe.
    func concurrentReader() -> PixelBuffer? { self }
}
