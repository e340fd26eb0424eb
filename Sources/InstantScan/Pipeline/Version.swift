internal import CTurboJPEG
internal import CPNG
internal import CLCMS2
internal import CShims

/// The library's version, as the CLI reports it.
public enum InstantScanVersion {
    /// Semantic version of this release.
    public static let string = "0.1.0"
}
