internal import CLCMS2

/// Converts RGBA8 pixels from one ICC profile to another with lcms2, in place.
///
/// One lcms transform, made with `cmsFLAGS_NOCACHE`, is shared by all row bands: without the
/// one-pixel cache lcms2 transforms are safe to run from several threads at once. Alpha is copied
/// through (`cmsFLAGS_COPY_ALPHA`).
///
/// When both profiles are sRGB (``ColorProfile/isSRGB``) or are the same bytes, the converter is
/// an identity: no transform is built and ``convert(_:)`` returns at once, because an lcms pass
/// over a 7–12 MP image costs 110–190 ms for nothing.
package final class ColorConverter: @unchecked Sendable {
    /// The profile pixels are in before ``convert(_:)``.
    package let source: ColorProfile
    /// The profile pixels are in after ``convert(_:)``.
    package let destination: ColorProfile
    /// How out-of-gamut colours are handled.
    package let intent: RenderingIntent
    /// Whether conversion would change nothing, so that it is skipped.
    package let isIdentity: Bool

    /// The lcms2 transform, owned by this object; nil for an identity.
    private let transform: cmsHTRANSFORM?

    /// Prepares a conversion.
    ///
    /// - Throws: ``ColorError/transformUnavailable(from:to:)`` when lcms2 cannot link the profiles.
    package init(from source: ColorProfile, to destination: ColorProfile,
                intent: RenderingIntent = .relativeColorimetric) throws {
        self.source = source
        self.destination = destination
        self.intent = intent
        isIdentity = (source.isSRGB && destination.isSRGB) || source === destination
            || source.iccData == destination.iccData
        if isIdentity {
            transform = nil
            return
        }
        let format = is_lcms_type_rgba_8()
        let flags = is_lcms_flags_copy_alpha() | is_lcms_flags_nocache()
        guard let made = cmsCreateTransform(source.handle, format, destination.handle, format,
                                            intent.lcmsValue, flags) else {
            throw ColorError.transformUnavailable(from: source.name, to: destination.name)
        }
        transform = made
    }

    deinit {
        if let transform { cmsDeleteTransform(transform) }
    }

    /// Converts every pixel of an RGBA8 buffer in place, in parallel row bands for large images.
    ///
    /// - Precondition: the buffer is ``PixelFormat/rgba8``.
    /// Converts rows `rows` of `buffer` only, on the calling thread (a buffer whose other rows
    /// are never written: a streamed scan's sparse card).
    func convert(_ buffer: PixelBuffer, rows: Range<Int>) {
        precondition(buffer.format == .rgba8 && rows.lowerBound >= 0 && rows.upperBound <= buffer.height,
                     "RGBA8 rows inside the buffer")
        guard let transform, !rows.isEmpty else { return }
        let stride = UInt32(buffer.bytesPerRow)
        let first = UnsafeMutableRawPointer(buffer.rowPointer(rows.lowerBound))
        cmsDoTransformLineStride(transform, first, first, UInt32(buffer.width), UInt32(rows.count), stride, stride, 0, 0)
    }

    package func convert(_ buffer: PixelBuffer) {
        precondition(buffer.format == .rgba8, "ColorConverter converts RGBA8 buffers")
        guard let transform else { return }
        let bands = RowBands.bands(height: buffer.height, width: buffer.width)
        let stride = UInt32(buffer.bytesPerRow)
        RowBands.run(bands) { _, rows in
            // lcms reads each pixel before writing it and both formats have the same size, so the
            // input and output may be the same memory.
            let first = UnsafeMutableRawPointer(buffer.rowPointer(rows.lowerBound))
            cmsDoTransformLineStride(transform, first, first, UInt32(buffer.width), UInt32(rows.count),
                                     stride, stride, 0, 0)
        }
    }
}
