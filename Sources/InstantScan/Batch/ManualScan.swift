/// Scans a photo at corners a person placed, one print each, instead of detecting its prints:
/// what `instantscan review` does after a fix, and what a later batch does with the fixes the
/// manifest recorded.
package struct ManualScan: Sendable {
    /// One print to scan: its card's corners and, when known, its format.
    package struct Print: Sendable, Equatable {
        package var card: Quad
        package var format: PrintFormat?

        package init(card: Quad, format: PrintFormat?) {
            self.card = card
            self.format = format
        }
    }

    /// What every scan produces; a print's own format overrides ``ScanOptions/format``.
    package var options: ScanOptions

    package init(options: ScanOptions) {
        self.options = options
    }

    /// Scans `prints` of the photo whose encoded bytes are `data`, in the order given. Each print
    /// is checked as `--corners` is (convex, in TL TR BR BL order, inside the photo), so a bad one
    /// throws the same ``ScanError``.
    package func scan(_ data: [UInt8], prints: [Print]) throws -> ScanResult {
        precondition(!prints.isEmpty, "a manual scan needs at least one print")
        // Scanned together, as detected prints are: the white frames among them lend their light
        // to the others (``PhotoReferenceLight``).
        var each = options
        each.previewLongSide = nil
        var result = try PrintScanner(options: each).scan(data, corners: prints.map(\.card), formats: prints.map(\.format))
        if let longSide = options.previewLongSide {
            let decoded = try ImageReader.decode(data, maximumPixels: options.maximumPixels)
            let (image, scale) = try Preview.thumbnail(of: decoded, longSide: longSide)
            Preview.draw(result.detected, on: image, scale: scale)
            result.preview = image
        }
        return result
    }
}
