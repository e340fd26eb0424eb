/// The k-th smallest of a set of values without sorting them all.
///
/// Detection takes medians by the thousand: of each edge profile's derivative (its noise), of a
/// robust fit's residuals every iteration, of a border side's colour samples per channel. Sorting
/// a few dozen values to read one of them does several times the work of selecting it. The value
/// found is the one `sorted()[k]` holds (for values without NaN), so results do not change.
enum OrderStatistic {
    /// The `k`-th smallest (from 0) of `values`, which are left reordered.
    static func select<T: Comparable>(_ values: inout [T], _ k: Int) -> T {
        precondition(k >= 0 && k < values.count, "k must index the values")
        var low = 0, high = values.count - 1
        while low < high {
            // Hoare's partition around the middle element: afterwards low...j hold values no greater
            // than the pivot, i...high none smaller, and anything between equals it.
            let pivot = values[(low + high) / 2]
            var i = low, j = high
            while i <= j {
                while values[i] < pivot { i += 1 }
                while pivot < values[j] { j -= 1 }
                if i <= j {
                    values.swapAt(i, j)
                    i += 1
                    j -= 1
                }
            }
            if k <= j {
                high = j
            } else if k >= i {
                low = i
            } else {
                return values[k]
            }
        }
        return values[k]
    }
}
