/// Three 256-entry lookup tables, one each for red, green and blue; alpha is never changed.
///
/// Made by ``EndsInStretch/lookupTables(for:)``; kept as a value of its own so that a caller can
/// measure one region (the picture window) and apply the result to another (the whole card).
package struct StretchTables: Sendable, Equatable {
    /// New red value for each old one.
    package let red: [UInt8]
    /// New green value for each old one.
    package let green: [UInt8]
    /// New blue value for each old one.
    package let blue: [UInt8]

    /// Tables that change nothing.
    package static let identity: StretchTables = {
        let table = (0...255).map { UInt8($0) }
        return StretchTables(red: table, green: table, blue: table)
    }()

    /// Makes tables from three 256-entry arrays.
    ///
    /// - Precondition: each array has 256 entries.
    package init(red: [UInt8], green: [UInt8], blue: [UInt8]) {
        precondition(red.count == 256 && green.count == 256 && blue.count == 256, "a lookup table has 256 entries")
        self.red = red
        self.green = green
        self.blue = blue
    }

    /// Whether applying the tables would leave every pixel as it is.
    package var isIdentity: Bool { self == .identity }

    /// Maps every pixel of an RGBA8 buffer through the tables, in place; alpha is left untouched.
    ///
    /// Large buffers are processed in parallel row bands. Does nothing for identity tables.
    /// - Precondition: the buffer is ``PixelFormat/rgba8``.
    package func apply(to buffer: PixelBuffer) {
        precondition(buffer.format == .rgba8, "StretchTables apply to RGBA8 buffers")
        guard !isIdentity else { return }
        PackedLookup(self).apply(to: buffer)
    }
}
