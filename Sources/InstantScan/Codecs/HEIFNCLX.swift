internal import CLibHeif

/// A HEIF `nclx` colour description: the ITU-T H.273 code points for primaries, transfer curve and
/// Y′CbCr matrix, and whether samples use the full range.
struct HEIFNCLX: Equatable {
    var primaries: Int
    var transfer: Int
    var matrix: Int
    var fullRange: Bool

    /// What HEIF means by a file without one: sRGB, BT.601 matrix, full range.
    static let heifDefault = HEIFNCLX(primaries: 1, transfer: 13, matrix: 6, fullRange: true)

    init(primaries: Int, transfer: Int, matrix: Int, fullRange: Bool) {
        self.primaries = primaries
        self.transfer = transfer
        self.matrix = matrix
        self.fullRange = fullRange
    }

    init(_ profile: heif_color_profile_nclx) {
        self.init(primaries: Int(profile.color_primaries.rawValue), transfer: Int(profile.transfer_characteristics.rawValue),
                  matrix: Int(profile.matrix_coefficients.rawValue), fullRange: profile.full_range_flag != 0)
    }
}
