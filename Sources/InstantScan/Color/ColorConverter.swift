internal import CLCMS2
internal import CShims

/// Converts RGBA8 pixels from one ICC profile to another with lcms2, in place.
///
/// One lcms transform, made with `cmsFLAGS_NOCACHE`, is shared by all row bands: without the
/// one-pixel cache lcms2 transforms are safe to run from several threads at once. The transform is
/// made for packed RGB8 and fed each run of RGBA pixels gathered into a small buffer, then
/// scattered back (`is_lcms_convert_rgba_as_rgb`): lcms2 has fast formatters for three-byte pixels
/// and only its generic ones for RGBA, which, with copying alpha through, cost about as much again
/// as the conversion. A photo's colours repeat (a 2 MP scan of a print holds some 150 000 distinct
/// ones, and neighbours often share one exactly), so each thread keeps the results for the colours
/// it met last in a small direct-mapped table and lcms2 converts only the others, about a fifth of
/// a scan's pixels. Every pixel gets the bytes lcms2 gives it; alpha is not touched.
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
    /// Names this transform's colours in each thread's table of converted colours
    /// (`is_lcms_cache_owner`): never shared with another transform, even one made at its address.
    private let cacheOwner = is_lcms_cache_owner()

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
        let format = is_lcms_type_rgb_8()
        guard let made = cmsCreateTransform(source.handle, format, ColorConverter.output(destination, from: source, intent: intent), format,
                                            intent.lcmsValue, is_lcms_flags_nocache()) else {
            throw ColorError.transformUnavailable(from: source.name, to: destination.name)
        }
        transform = made
    }

    /// The handle a transform to `destination` is made to: for a built-in profile, from a
    /// matrix/TRC source in relative colorimetric intent, its twin (`is_lcms_output_twin`), which
    /// gives the same transform without lcms2 inverting the sRGB curve table sample by sample for
    /// each of the three channels: 62 M instructions a transform, 20 M once per process with the
    /// twin. Anything else (a profile from a file, another intent, black point compensation that
    /// would evaluate the curves in other ways) goes to the profile itself.
    private static func output(_ destination: ColorProfile, from source: ColorProfile,
                               intent: RenderingIntent) -> cmsHPROFILE? {
        guard intent == .relativeColorimetric, destination === ColorProfile.sRGB || destination === ColorProfile.displayP3,
              cmsIsMatrixShaper(source.handle) != 0 else { return destination.handle }
        let twin = destination.iccData.withUnsafeBufferPointer {
            is_lcms_output_twin(destination.handle, $0.baseAddress, $0.count)
        }
        return twin ?? destination.handle
    }

    deinit {
        if let transform { cmsDeleteTransform(transform) }
    }

    /// Converts rows `rows` of `buffer` only, on the calling thread (a buffer whose other rows
    /// are never written: a streamed scan's sparse card).
    func convert(_ buffer: PixelBuffer, rows: Range<Int>) {
        convert(buffer, rows: rows, columnsFrom: 0, to: buffer.width, every: 1)
    }

    /// Converts columns `first`, `first + step`, … below `end` of rows `rows` of `buffer` only, on
    /// the calling thread; the other columns are not touched. A sampler reading a sparse grid of a
    /// row (white balance's scene statistics) has only its pixels converted.
    func convert(_ buffer: PixelBuffer, rows: Range<Int>, columnsFrom first: Int, to end: Int, every step: Int) {
        precondition(buffer.format == .rgba8 && rows.lowerBound >= 0 && rows.upperBound <= buffer.height,
                     "RGBA8 rows inside the buffer")
        precondition(first >= 0 && end <= buffer.width && step > 0, "columns inside the buffer")
        guard let transform, !rows.isEmpty, first < end else { return }
        is_lcms_convert_rgba_as_rgb(transform, cacheOwner, buffer.rowPointer(rows.lowerBound), buffer.bytesPerRow, rows.count,
                                    first, end, step)
    }

    /// Converts every pixel of an RGBA8 buffer in place, in parallel row bands for large images.
    ///
    /// - Precondition: the buffer is ``PixelFormat/rgba8``.
    package func convert(_ buffer: PixelBuffer) {
        precondition(buffer.format == .rgba8, "ColorConverter converts RGBA8 buffers")
        guard let transform else { return }
        let bands = RowBands.bands(height: buffer.height, width: buffer.width)
        RowBands.run(bands) { _, rows in
            is_lcms_convert_rgba_as_rgb(transform, cacheOwner, buffer.rowPointer(rows.lowerBound), buffer.bytesPerRow, rows.count,
                                        0, buffer.width, 1)
        }
    }
}
