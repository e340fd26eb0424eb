import CTurboJPEG

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

    private static var globalErrorMessage: String {
        guard let text = tjGetErrorStr2(nil) else { return "unknown error" }
        return String(cString: text)
    }
}
