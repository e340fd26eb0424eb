internal import CTurboJPEG

/// One TurboJPEG instance, destroyed with the last reference.
///
/// TurboJPEG instances are not thread-safe; the codecs make one per call, which costs microseconds
/// next to a decode, so no instance is ever shared between threads.
final class TurboJPEGHandle {
    /// The instance, for TurboJPEG calls.
    let raw: tjhandle

    private init(raw: tjhandle) {
        self.raw = raw
    }

    /// A decompressor instance.
    static func decompressor() throws -> TurboJPEGHandle {
        guard let raw = tjInitDecompress() else {
            throw CodecError.corrupt("JPEG decoder could not start: \(globalErrorMessage)")
        }
        return TurboJPEGHandle(raw: raw)
    }

    /// A compressor instance.
    static func compressor() throws -> TurboJPEGHandle {
        guard let raw = tjInitCompress() else {
            throw CodecError.encodeFailed("JPEG encoder could not start: \(globalErrorMessage)")
        }
        return TurboJPEGHandle(raw: raw)
    }

    deinit {
        tjDestroy(raw)
    }

    /// The message of this instance's last failure.
    var errorMessage: String {
        guard let text = tjGetErrorStr2(raw) else { return "unknown error" }
        return String(cString: text)
    }

    /// True when the last failure was only a warning (TurboJPEG stops on warnings when asked to).
    var lastFailureWasWarning: Bool {
        tjGetErrorCode(raw) == Int32(TJERR_WARNING.rawValue)
    }

    /// What `tjDecompressHeader3` said.
    struct Header {
        /// Zero status from TurboJPEG.
        var succeeded: Bool
        var width: Int
        var height: Int
        var colorspace: TJCS
    }

    /// Reads the frame header of `jpeg`.
    func readHeader(_ jpeg: [UInt8]) -> Header {
        var width: Int32 = 0, height: Int32 = 0, subsampling: Int32 = 0, colorspace: Int32 = 0
        let status = jpeg.withUnsafeBufferPointer { bytes in
            tjDecompressHeader3(raw, bytes.baseAddress, UInt(bytes.count), &width, &height, &subsampling, &colorspace)
        }
        return Header(succeeded: status == 0, width: Int(width), height: Int(height),
                      colorspace: TJCS(rawValue: UInt32(bitPattern: colorspace)))
    }

    /// Decodes `jpeg` into `pixels` (RGB or RGBA), at the DCT scale that gives exactly their size.
    /// - Returns: false when TurboJPEG failed or (with `TJFLAG_STOPONWARNING`) warned.
    func decompress(_ jpeg: [UInt8], into pixels: PixelBuffer, flags: Int32) -> Bool {
        precondition(pixels.format != .gray8, "JPEG decodes into RGB8 or RGBA8")
        let pixelFormat = pixels.format == .rgb8 ? TJPF_RGB : TJPF_RGBA
        let status = jpeg.withUnsafeBufferPointer { bytes in
            tjDecompress2(raw, bytes.baseAddress, UInt(bytes.count), pixels.baseAddress, Int32(pixels.width),
                          Int32(pixels.bytesPerRow), Int32(pixels.height), Int32(pixelFormat.rawValue), flags)
        }
        return status == 0
    }

    /// Encodes `image` (RGBA8 or grey) as a JPEG, or nil when TurboJPEG fails.
    func compress(_ image: PixelBuffer, subsampling: TJSAMP, quality: Int, flags: Int32) -> [UInt8]? {
        let pixelFormat: TJPF
        switch image.format {
        case .rgba8: pixelFormat = TJPF_RGBA
        case .rgb8: pixelFormat = TJPF_RGB
        case .gray8: pixelFormat = TJPF_GRAY
        }
        return image.withUnsafeBytes { pixels in
            compress(rows: pixels.baseAddress!, width: image.width, pitch: image.bytesPerRow, height: image.height,
                     pixelFormat: pixelFormat, subsampling: subsampling, quality: quality, flags: flags)
        }
    }

    /// Encodes rows of any TurboJPEG pixel format, or nil when TurboJPEG fails.
    func compress(rows: UnsafeRawPointer, width: Int, pitch: Int, height: Int, pixelFormat: TJPF,
                  subsampling: TJSAMP, quality: Int, flags: Int32) -> [UInt8]? {
        var output: UnsafeMutablePointer<UInt8>? = nil
        var length: UInt = 0
        defer { if let output { tjFree(output) } }
        let status = tjCompress2(raw, rows.assumingMemoryBound(to: UInt8.self), Int32(width), Int32(pitch),
                                 Int32(height), Int32(pixelFormat.rawValue), &output, &length,
                                 Int32(subsampling.rawValue), Int32(quality), flags)
        guard status == 0, let output else { return nil }
        return Array(UnsafeBufferPointer(start: output, count: Int(length)))
    }

    private static var globalErrorMessage: String {
        guard let text = tjGetErrorStr2(nil) else { return "unknown error" }
        return String(cString: text)
    }
}
