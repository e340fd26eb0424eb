/// The whole photo's gray edge (``PhotoGrayEdge``) for the prints of one photo, read the first
/// time a print's white balance asks for it and kept for the others.
///
/// Only a frame that is not a white reference asks, so a photo whose prints are all white-framed
/// never pays for it (with corners given, that is a small decode of the whole photo).
final class WholePhotoCue {
    private let read: () -> LightChroma?
    private var value: LightChroma??

    /// A cue that `read` gives when first asked (nil: the photo shows too little outside its prints).
    init(read: @escaping () -> LightChroma?) {
        self.read = read
    }

    /// The cue; nil when the photo shows too little outside its prints.
    var chroma: LightChroma? {
        if let value { return value }
        let read = read()
        value = .some(read)
        return read
    }
}
