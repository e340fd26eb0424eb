extension PhotoOutcome.Print {
    /// A scan an earlier run (or another shard) wrote to `path`, as its manifest line records it,
    /// with a thumbnail read back from the file; nil when the record's corners are malformed.
    init?(recordedAt path: String, record: BatchManifest.PrintRecord) {
        guard record.corners.count == 4, record.corners.allSatisfy({ $0.count == 2 }) else { return nil }
        let card = Quad(corners: record.corners.map { Point($0[0], $0[1]) })
        let image = try? ImageReader.decode(try PhotoFile.read(path)).pixels
        self.init(path: path, format: record.format.flatMap(PrintFormat.init(rawValue:)), card: card,
                  confidence: record.confidence, size: image?.size ?? PixelSize(width: 0, height: 0),
                  thumbnail: image.flatMap { try? BatchRunner.thumbnail(of: $0) })
    }
}
