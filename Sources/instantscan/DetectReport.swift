import CLISupport
import InstantScan

/// The JSON `detect --json` prints: the photo's upright size and its prints (``PrintJSON``), in
/// the order `scan` numbers its outputs.
struct DetectReport: Encodable {
    var image: String
    var width: Int
    var height: Int
    var prints: [PrintJSON]

    init(image: String, size: PixelSize, prints: [DetectedPrint]) {
        self.image = image
        width = size.width
        height = size.height
        self.prints = prints.map(PrintJSON.init)
    }
}
