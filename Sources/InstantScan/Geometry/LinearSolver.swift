/// Small dense linear systems, solved in place by Gaussian elimination with partial pivoting.
enum LinearSolver {
    /// Solves `A·x = b` for an `n×n` row-major `A`; nil when `A` is singular to working precision.
    static func solve(_ a: [Double], _ b: [Double], n: Int) -> [Double]? {
        var a = a, b = b
        let scale = a.map { abs($0) }.max() ?? 0
        guard scale > 0 else { return nil }
        for col in 0..<n {
            var pivot = col
            for row in (col + 1)..<n where abs(a[row * n + col]) > abs(a[pivot * n + col]) {
                pivot = row
            }
            guard abs(a[pivot * n + col]) > 1e-12 * scale else { return nil }
            if pivot != col {
                for k in 0..<n { a.swapAt(col * n + k, pivot * n + k) }
                b.swapAt(col, pivot)
            }
            let p = a[col * n + col]
            for row in (col + 1)..<n {
                let f = a[row * n + col] / p
                if f == 0 { continue }
                for k in col..<n { a[row * n + k] -= f * a[col * n + k] }
                b[row] -= f * b[col]
            }
        }
        var x = [Double](repeating: 0, count: n)
        for row in stride(from: n - 1, through: 0, by: -1) {
            var sum = b[row]
            for k in (row + 1)..<n { sum -= a[row * n + k] * x[k] }
            x[row] = sum / a[row * n + row]
        }
        return x
    }
}
