import CLISupport
import InstantScan

/// One photo as `GET /api/photos` describes it: where to see it, and its prints with the keys
/// every command's JSON uses (``PrintJSON``) plus where each scan is.
struct ReviewPhotoJSON: Encodable {
    /// The photo's id in the API's URLs (stable for a photo: a hash of its path).
    var id: String
    /// Its path relative to the batch's input folder.
    var photo: String
    /// Its file name.
    var name: String
    /// Its upright size in pixels, the space the corners are in.
    var width: Int
    var height: Int
    /// A JPEG of the upright photo, at most ``ReviewPreviews/longSide`` pixels long.
    var previewUrl: String
    /// The photo file itself.
    var photoUrl: String
    /// uncertain (a print to check), failed (no scan), fixed (corners set by hand) or ok.
    var status: String
    var prints: [Print]
    /// Why the batch could not scan it, as its manifest records (`failed` only).
    var error: String?

    /// One scan of the photo.
    struct Print: Encodable {
        var print: PrintJSON
        /// The scan's path relative to the output folder.
        var output: String
        var scanUrl: String
        /// True when a person set the corners.
        var manual: Bool

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: JSONKey.self)
            try print.encode(into: &container)
            try container.encode(output, forKey: "output")
            try container.encode(scanUrl, forKey: "scanUrl")
            try container.encode(manual, forKey: "manual")
        }
    }
}

/// The body of `GET /api/photos`.
struct ReviewPhotoList: Encodable {
    /// The output folder (absolute), for the page's title.
    var outputFolder: String
    var photos: [ReviewPhotoJSON]
    /// The formats a print may be set to, each with its picture window in the unit square of its
    /// card (TL TR BR BL), so the page can draw the window of a print it moved.
    var formats: [Format] = PrintFormat.allCases.map {
        Format(name: $0.rawValue, window: $0.normalizedWindow.corners.map { [$0.x, $0.y] })
    }

    struct Format: Encodable {
        var name: String
        var window: [[Double]]
    }
}
