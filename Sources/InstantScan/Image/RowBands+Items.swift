import Dispatch

extension RowBands {
    /// `body(index)` for every index below `count`, in index order, shared among the cores
    /// ``ProcessInfoCores`` allows: detection's independent judgements (each hypothesis's border
    /// band, each quad's templates, each print's full-resolution edges) take a millisecond or
    /// more each, and nothing else runs while the detector does.
    ///
    /// The results are exactly the ones a loop on one thread gives (each body reads only what it
    /// is given and shares nothing it writes); only the order in which they are made differs. On
    /// one core (`batch --jobs 2` sets that) the loop runs on the calling thread.
    static func map<T>(_ count: Int, _ body: (Int) -> T) -> [T] {
        guard count > 1, ProcessInfoCores.active > 1 else { return (0..<count).map(body) }
        var results = [T?](repeating: nil, count: count)
        results.withUnsafeMutableBufferPointer { slots in
            // Each index writes its own slot, and concurrentPerform returns only when every body
            // has finished, so sharing the buffer and the non-Sendable closure is safe.
            nonisolated(unsafe) let out = slots
            withoutActuallyEscaping(body) { body in
                nonisolated(unsafe) let work = body
                DispatchQueue.concurrentPerform(iterations: count) { index in
                    out[index] = work(index)
                }
            }
        }
        return results.map { $0! }
    }
}

extension RowBands {
    /// `rows` in bands for a pass that costs a hundred instructions or more a pixel (the detector's
    /// passes over its working image, some 800 pixels long, too small for ``bands(height:width:)``
    /// to split): two a core, at least 32 rows each; one band on one core.
    static func costlyBands(_ rows: Range<Int>) -> [Range<Int>] {
        let cores = ProcessInfoCores.active
        let count = cores == 1 ? 1 : max(1, min(2 * cores, rows.count / 32))
        return (0..<count).map { index in
            (rows.lowerBound + index * rows.count / count)..<(rows.lowerBound + (index + 1) * rows.count / count)
        }
    }
}

extension RowBands {
    /// `first()` and `second()`, side by side on two cores when ``ProcessInfoCores`` allows (else
    /// one after the other on the calling thread): two independent serial passes of the detector,
    /// such as the line-segment search at working and at texture scale, each a few milliseconds
    /// that neither core would otherwise share.
    ///
    /// Each body must read only what it is given and share nothing it writes; the results are then
    /// exactly those of calling the two in turn.
    static func both<A, B>(_ first: () -> A, _ second: () -> B) -> (A, B) {
        let results = map(2) { index -> Either<A, B> in index == 0 ? .first(first()) : .second(second()) }
        guard case .first(let a) = results[0], case .second(let b) = results[1] else {
            preconditionFailure("map keeps the order of its indices")
        }
        return (a, b)
    }

    private enum Either<A, B> {
        case first(A)
        case second(B)
    }
}
