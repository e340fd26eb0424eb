/// Places prints on pages as they arrive, so that a page can be written as soon as it is full.
///
/// ``AlbumLayout/pages``: every print is its own page. ``AlbumLayout/sheet``: prints fill rows
/// left to right on the paper (each row centred, prints top-aligned), rows fill the sheet top to
/// bottom, and a print that fits neither the row nor the sheet starts the next one — simple shelf
/// packing, which keeps the album's order and needs nothing about prints still to come.
/// All lengths in millimetres, y measured down from the page's top.
struct SheetComposer {
    /// One print to place: its picture and caption band, and what to draw.
    struct Item {
        var image: Int          // the image XObject's object number
        var width: Double
        var height: Double
        var caption: String?
    }

    /// An item at its place on a page (x, y of its picture's top-left).
    struct Placement {
        var item: Item
        var x: Double
        var y: Double
    }

    /// A finished page.
    struct Page {
        var width: Double
        var height: Double
        var placements: [Placement]
    }

    let options: AlbumOptions
    private var rows: [(items: [Item], width: Double, height: Double)] = []
    private var row: [Item] = []
    private var rowWidth = 0.0
    private var rowHeight = 0.0
    private var usedHeight = 0.0
    /// Pages finished so far.
    private(set) var pagesFinished = 0

    init(options: AlbumOptions) {
        self.options = options
    }

    /// The width and height a print may take on a sheet (picture plus caption band).
    var area: (width: Double, height: Double) {
        let paper = options.paper.millimetres
        return (paper.width - 2 * options.margin, paper.height - 2 * options.margin)
    }

    /// Adds `item`; returns the page (from 1) it lands on and any pages it closed.
    mutating func add(_ item: Item) -> (page: Int, finished: [Page]) {
        let m = options.margin, band = options.captionBand
        guard options.layout == .sheet else {
            pagesFinished += 1
            let page = Page(width: item.width + 2 * m, height: item.height + band + 2 * m,
                            placements: [Placement(item: item, x: m, y: m)])
            return (pagesFinished, [page])
        }
        var finished: [Page] = []
        let gap = options.gapMillimetres, epsilon = 1e-6
        let boxHeight = item.height + band
        if !row.isEmpty && (rowWidth + gap + item.width > area.width + epsilon || !fits(max(rowHeight, boxHeight))) {
            closeRow()
        }
        if row.isEmpty && !rows.isEmpty && !fits(boxHeight) {
            finished.append(finishPage())
        }
        rowWidth += (row.isEmpty ? 0 : gap) + item.width
        rowHeight = max(rowHeight, boxHeight)
        row.append(item)
        return (pagesFinished + 1, finished)
    }

    /// Closes the last page, if it holds anything.
    mutating func finish() -> [Page] {
        guard options.layout == .sheet, !row.isEmpty || !rows.isEmpty else { return [] }
        return [finishPage()]
    }

    /// Whether a row of `height` fits below the rows already on the sheet.
    private func fits(_ height: Double) -> Bool {
        usedHeight + (rows.isEmpty ? 0 : options.gapMillimetres) + height <= area.height + 1e-6
    }

    private mutating func closeRow() {
        guard !row.isEmpty else { return }
        usedHeight += (rows.isEmpty ? 0 : options.gapMillimetres) + rowHeight
        rows.append((row, rowWidth, rowHeight))
        row = []
        rowWidth = 0
        rowHeight = 0
    }

    private mutating func finishPage() -> Page {
        closeRow()
        let paper = options.paper.millimetres, m = options.margin, gap = options.gapMillimetres
        var placements: [Placement] = []
        var y = m
        for row in rows {
            var x = m + (area.width - row.width) / 2
            for item in row.items {
                placements.append(Placement(item: item, x: x, y: y))
                x += item.width + gap
            }
            y += row.height + gap
        }
        rows = []
        usedHeight = 0
        pagesFinished += 1
        return Page(width: paper.width, height: paper.height, placements: placements)
    }
}
