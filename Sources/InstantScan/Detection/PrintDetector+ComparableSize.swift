extension PrintDetector {
    /// Below this share of the largest sure print's diagonal, an uncertain print is background.
    static let comparableSize = 0.25

    /// `prints` without the uncertain ones far smaller than the photo's largest sure print.
    ///
    /// Prints photographed together are seen at comparable sizes: a page, a wall leaning back at
    /// 50°, a table of prints all stay within a factor of two or so. An uncertain "print" a quarter
    /// of the size of one found surely is background detail (a window pane behind a print held up
    /// to the camera, a tile); a sure one is kept whatever its size.
    static func droppingBackgroundDetail(_ prints: [DetectedPrint]) -> [DetectedPrint] {
        func diagonal(_ q: Quad) -> Double {
            max(q.corners[0].distance(to: q.corners[2]), q.corners[1].distance(to: q.corners[3]))
        }
        guard let largest = prints.filter({ !$0.isUncertain }).map({ diagonal($0.card) }).max() else { return prints }
        return prints.filter { !$0.isUncertain || diagonal($0.card) >= comparableSize * largest }
    }
}
