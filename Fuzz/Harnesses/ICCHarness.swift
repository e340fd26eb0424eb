// Embedded ICC profiles: checked and opened with lcms2, compared with sRGB, and used for a
// conversion, as the scanner does with a photo's profile.
@testable import InstantScan

nonisolated(unsafe) private var sample: PixelBuffer? = nil

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzICC(_ data: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let bytes = fuzzBytes(data, count)
    do {
        let profile = try ColorProfile(iccData: bytes)
        precondition(profile.iccData == bytes && !profile.name.isEmpty, "profile bytes or name")
        let converter = try ColorConverter(from: profile, to: .sRGB)
        if sample == nil {
            let image = try PixelBuffer(width: 16, height: 4)
            for x in 0..<16 {
                for y in 0..<4 { image[x, y] = [UInt8(x * 17), UInt8(y * 85), UInt8(255 - x * 17), 255] }
            }
            sample = image
        }
        let image = try PixelBuffer(width: 16, height: 4, packed: sample!.packedBytes())
        if !converter.isIdentity { converter.convert(image) }
        for y in 0..<4 { precondition(image[15, y][3] == 255, "conversion lost alpha") }
    } catch {
        expectDocumented(error, "ICC profile")
    }
    return 0
}
