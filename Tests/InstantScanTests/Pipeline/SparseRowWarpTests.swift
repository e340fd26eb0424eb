import Testing
@testable import InstantScan

/// White balance's scene statistics read a sparse grid of the scan's rows; a streamed scan warps
/// only those columns. They must have the whole warp's bytes, on every path of the C kernel.
@Suite struct SparseRowWarp {
    /// Only the grid's columns of a row are written, with the whole warp's bytes, on every path
    /// (the AVX2 one four columns at a time, its tail on the scalar one), whatever the step and start.
    @Test func aRowsGridColumnsAreTheWholeWarpsOnEveryPath() throws {
        let f = try StreamingEngineFixture()
        let whole = try PerspectiveWarp().warp(f.source, outputSize: f.size, outputToSource: f.map)
        let width = f.size.width
        for path in [WarpPath.scalar, .sse41, .avx2, .neon] where path.isAvailable {
            for (first, end, step) in [(1, width, 3), (0, width, 1), (5, 97, 3), (2, width, 7), (40, 41, 3), (0, 9, 4)] {
                for y in [0, 17, f.size.height - 1] {
                    let row = try PixelBuffer(width: width, height: 1, filledWith: 0x5A)
                    WarpKernel(source: f.source, output: row, map: f.map, outputFirstRow: y)
                        .bilinearColor(row: y, columnsFrom: first, to: end, every: step, path: path)
                    let grid = Set(stride(from: first, to: end, by: step))
                    for x in 0..<width {
                        let expected = grid.contains(x) ? whole[x, y] : [0x5A, 0x5A, 0x5A, 0x5A]
                        #expect(row[x, 0] == expected, "\(path), columns \(first)..<\(end) every \(step), (\(x), \(y))")
                    }
                }
            }
        }
    }

    /// A sparse row is held for the same grid (or a sparser request of the same grid) and warped
    /// again, whole, when a sampler asks for the whole row; a whole row serves any grid.
    @Test func aWholeRowIsWarpedAgainAfterASparseOneOfTheSameRow() throws {
        let f = try StreamingEngineFixture()
        let whole = try PerspectiveWarp().warp(f.source, outputSize: f.size, outputToSource: f.map)
        f.converter.convert(whole)
        let rows = try WarpedCardRows(f.scan)
        let width = f.size.width
        func pixel(_ p: UnsafePointer<UInt8>, _ x: Int) -> [UInt8] { (0..<4).map { p[4 * x + $0] } }
        let sparse = rows.row(12, columnsFrom: 1, to: width, every: 3)
        #expect(stride(from: 1, to: width, by: 3).allSatisfy { pixel(sparse, $0) == whole[$0, 12] })
        #expect(rows.rowsMade == 1)
        _ = rows.row(12, columnsFrom: 1, to: width, every: 3)
        #expect(rows.rowsMade == 1, "the same grid is held")
        let full = rows.row(12)
        #expect(rows.rowsMade == 2, "the whole row is warped")
        #expect((0..<width).allSatisfy { pixel(full, $0) == whole[$0, 12] })
        _ = rows.row(12, columnsFrom: 4, to: width, every: 3)
        #expect(rows.rowsMade == 2, "the whole row serves any grid")
    }
}
