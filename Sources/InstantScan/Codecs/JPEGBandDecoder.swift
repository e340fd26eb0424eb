/// Decodes only a rectangle of a JPEG: the rows a print covers, say, of a photo whose prints are
/// already located. The rows above are passed over without colour conversion or upsampling, those
/// below are never read, and only the iMCU columns around the wanted ones are decoded; the pixels
/// are exactly those of ``JPEGDecoder``'s whole-image decode at the same scale.
///
/// A scan with corners decodes only the ``StoredBand`` its print covers through this (detection
/// still needs the whole photo first). A large band of a baseline file is decoded on two cores
/// (``JPEGBandSplit``), with the same pixels.
enum JPEGBandDecoder {
    /// Decodes `rows` × `columns` (all columns when nil) of the image scaled by 1/`scaleDenominator`
    /// (coordinates in the scaled image), as `format` (``PixelFormat/rgb8`` or ``PixelFormat/rgba8``).
    ///
    /// The stored size is checked against `maximumPixels` before anything is allocated, as the
    /// whole-image decode does.
    /// - Throws: ``CodecError`` for damaged data (warnings included) or a band outside the image.
    static func decode(_ data: [UInt8], rows: Range<Int>, columns: Range<Int>? = nil, scaleDenominator: Int = 1,
                       format: PixelFormat = .rgb8,
                       maximumPixels: Int = PixelBuffer.defaultMaximumPixels) throws -> PixelBuffer {
        guard JPEGDecoder.scaleDenominators.contains(scaleDenominator) else {
            throw CodecError.unsupported("a DCT scale of 1/\(scaleDenominator) (use 1, 2, 4 or 8)")
        }
        return try JPEGReadSession.withSession(data) { session in
            let stored = try session.readHeader()
            try PixelBuffer.validate(width: stored.width, height: stored.height, maximumPixels: maximumPixels)
            let width = (stored.width + scaleDenominator - 1) / scaleDenominator
            let height = (stored.height + scaleDenominator - 1) / scaleDenominator
            let columns = columns ?? 0..<width
            guard !rows.isEmpty, !columns.isEmpty, rows.lowerBound >= 0, rows.upperBound <= height,
                  columns.lowerBound >= 0, columns.upperBound <= width else {
                throw CodecError.unsupported("JPEG band rows \(rows), columns \(columns) outside the \(width)×\(height) image")
            }
            let pixels = try PixelBuffer(width: columns.count, height: rows.count, format: format, maximumPixels: maximumPixels)
            let parts = JPEGBandSplit.parts(rows: rows, columns: columns.count, width: width,
                                             scaleDenominator: scaleDenominator, progressive: session.isProgressive)
            guard parts.count > 1 else {
                try session.readBand(rows: rows, columns: columns, scaleDenominator: scaleDenominator, into: pixels)
                return pixels
            }
            // This session decodes the first part; each other part gets a reader of its own.
            var failures = [Error?](repeating: nil, count: parts.count)
            failures.withUnsafeMutableBufferPointer { slots in
                // Each part writes only its own slot and its own rows of `pixels`.
                nonisolated(unsafe) let slots = slots
                RowBands.run(parts) { index, part in
                    let read = { (reader: JPEGReadSession) throws in
                        try reader.readBand(rows: part, columns: columns, scaleDenominator: scaleDenominator,
                                            into: pixels, atRow: part.lowerBound - rows.lowerBound)
                    }
                    do {
                        if index == 0 {
                            try read(session)
                        } else {
                            try JPEGReadSession.withSession(data) { reader in
                                _ = try reader.readHeader()
                                try read(reader)
                            }
                        }
                    } catch {
                        slots[index] = error
                    }
                }
            }
            if let failure = failures.compactMap({ $0 }).first { throw failure }
            return pixels
        }
    }
}
