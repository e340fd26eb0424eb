internal import CLibHeif

/// Turns a libheif error into the library's own: what was wrong, in words a user can act on.
enum HEIFFailure {
    /// The error for libheif's `error` at `stage` ("HEIF header", "HEIF image data").
    ///
    /// A missing decoder names the codec, the libheif version and the package that brings the
    /// decoder; decoding failures name the libheif version, since they differ between versions.
    static func error(_ error: heif_error, stage: String, fileType: HEIFFileType?, codec: String? = nil) -> CodecError {
        let message = error.message.map { String(cString: $0) } ?? "no detail"
        let version = HEIFContext.libraryVersion
        switch (error.code, error.subcode) {
        case (heif_error_Invalid_input, heif_suberror_End_of_data):
            return .truncated("HEIF data (\(message))")
        case (_, heif_suberror_No_pitm_box), (_, heif_suberror_No_or_invalid_primary_item):
            return .corrupt("HEIF file: it has no primary image (\(message))")
        case (heif_error_Unsupported_feature, heif_suberror_Unsupported_codec):
            let codec = codec ?? (fileType?.isAVIF == true ? "AV1" : "HEVC")
            return .unsupported("\(stage): libheif \(version) has no \(codec) decoder\(remedy(for: codec)) (\(message))")
        case (_, heif_suberror_Security_limit_exceeded):
            return .unsupported("\(stage): beyond libheif's limits for a safe decode (\(message))")
        case (heif_error_Invalid_input, _):
            return .corrupt("\(stage): \(message)")
        case (heif_error_Decoder_plugin_error, _):
            return .corrupt("\(stage): the \(codec ?? "image") decoder failed with libheif \(version) (\(message))")
        default:
            return .unsupported("\(stage): libheif \(version) cannot read it (\(message))")
        }
    }

    /// Which package brings a codec's decoder plugin (Debian's names).
    private static func remedy(for codec: String) -> String {
        switch codec {
        case "HEVC": return " (install libheif-plugin-libde265, or run `make deps`)"
        case "AV1": return " (install libheif-plugin-dav1d, or run `make deps`)"
        default: return ""
        }
    }
}
