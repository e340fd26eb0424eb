extension FrameSamples {
    /// The samples of `other` at the indices `keep` accepts, in order.
    init(_ other: FrameSamples, keeping keep: (Int) -> Bool) {
        for i in 0..<other.count where keep(i) {
            u.append(other.u[i])
            v.append(other.v[i])
            for c in 0..<3 { codes[c].append(other.codes[c][i]) }
        }
    }
}
