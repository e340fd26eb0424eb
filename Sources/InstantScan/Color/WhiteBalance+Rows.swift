extension WhiteBalance {
    /// The rows of a card of `cardSize` that ``estimate(card:format:ring:)`` (when `estimating`)
    /// and ``frameChroma(card:format:light:)`` read, `true` for each row read.
    ///
    /// Every sampler reads a sparse grid of rows; a streamed scan warps only these rows of its
    /// output before estimating the light, so the estimate is the one the whole scan gives without
    /// the scan ever existing whole. A superset is harmless (a row warped and not read).
    static func rowsRead(cardSize: PixelSize, format: PrintFormat?, mode: WhiteBalanceMode,
                         estimating: Bool) -> [Bool] {
        var read = [Bool](repeating: false, count: cardSize.height)
        func mark(_ rows: StrideTo<Int>) {
            for y in rows where y >= 0 && y < cardSize.height { read[y] = true }
        }
        func markPicture(_ format: PrintFormat?) {
            let grid = PictureSamples.grid(cardSize: cardSize, window: format)
            mark(stride(from: grid.y0 + grid.step / 2, to: grid.y1, by: grid.step))
        }
        if estimating {
            switch mode {
            case .none:
                break
            case .grayWorld:
                markPicture(nil)
            case .frame:
                // The picture's statistics are the fallback whatever the frame says.
                markPicture(nil)
                if let format {
                    let frameStep = FrameSamples.step(cardSize: cardSize, format: format, targetCount: FrameSamples.targetCount)
                    mark(stride(from: frameStep / 2, to: cardSize.height, by: frameStep))
                    markPicture(format)
                    let scene = SceneLight.pictureGrid(cardSize: cardSize, format: format)
                    let first = scene.step / 2
                    let start = scene.y0 <= first ? first : first + (scene.y0 - first + scene.step - 1) / scene.step * scene.step
                    mark(stride(from: start, to: scene.y1, by: scene.step))
                }
            }
        }
        if let format {
            let chromaStep = FrameSamples.step(cardSize: cardSize, format: format, targetCount: WhiteBalance.chromaSampleCount)
            mark(stride(from: chromaStep / 2, to: cardSize.height, by: chromaStep))
        }
        return read
    }
}
