internal import CLibHeif

/// A decoded HEIF image as libheif holds it: planes of Y′CbCr, grey or RGB samples, 8 bits a
/// sample or, above 8 bits, 16 (native byte order).
///
/// It owns libheif's image and frees it on deinit; the plane pointers are valid while it lives.
final class HEIFImage {
    private let image: OpaquePointer

    /// One plane of samples.
    struct Plane {
        var base: UnsafePointer<UInt8>
        var bytesPerRow: Int
        var width: Int
        var height: Int
        /// Significant bits of each sample (8, 10, 12…); above 8 a sample takes two bytes.
        var bits: Int
    }

    /// How the planes encode colour.
    enum Layout {
        /// Y′, Cb, Cr: the chroma planes at full size or halved across (4:2:2) or both ways (4:2:0).
        case yCbCr(luma: Plane, cb: Plane, cr: Plane)
        /// Y′ only.
        case gray(Plane)
        /// R, G, B at full size.
        case rgb(red: Plane, green: Plane, blue: Plane)
    }

    init(_ image: OpaquePointer) {
        self.image = image
    }

    deinit {
        heif_image_release(image)
    }

    /// The image's size (the primary image's, upright).
    var size: PixelSize {
        PixelSize(width: Int(heif_image_get_primary_width(image)), height: Int(heif_image_get_primary_height(image)))
    }

    /// The colour description the decoder attached (the file's, or the coded stream's), or nil.
    var nclx: HEIFNCLX? {
        var profile: UnsafeMutablePointer<heif_color_profile_nclx>?
        guard heif_image_get_nclx_color_profile(image, &profile).code == heif_error_Ok, let profile else { return nil }
        defer { heif_nclx_color_profile_free(profile) }
        return HEIFNCLX(profile.pointee)
    }

    /// The planes, or nil for a layout this reader does not convert.
    var layout: Layout? {
        let colorspace = heif_image_get_colorspace(image)
        switch colorspace {
        case heif_colorspace_YCbCr:
            guard let y = plane(heif_channel_Y), let cb = plane(heif_channel_Cb), let cr = plane(heif_channel_Cr) else { return nil }
            return .yCbCr(luma: y, cb: cb, cr: cr)
        case heif_colorspace_monochrome:
            return plane(heif_channel_Y).map(Layout.gray)
        case heif_colorspace_RGB:
            guard let r = plane(heif_channel_R), let g = plane(heif_channel_G), let b = plane(heif_channel_B) else { return nil }
            return .rgb(red: r, green: g, blue: b)
        default:
            return nil
        }
    }

    private func plane(_ channel: heif_channel) -> Plane? {
        guard heif_image_has_channel(image, channel) != 0 else { return nil }
        var stride: Int32 = 0
        guard let base = heif_image_get_plane_readonly(image, channel, &stride) else { return nil }
        let width = Int(heif_image_get_width(image, channel)), height = Int(heif_image_get_height(image, channel))
        let bits = Int(heif_image_get_bits_per_pixel_range(image, channel))
        guard width > 0, height > 0, (1...16).contains(bits), Int(stride) >= width * (bits > 8 ? 2 : 1) else { return nil }
        return Plane(base: base, bytesPerRow: Int(stride), width: width, height: height, bits: bits)
    }
}
