/// When a photo was taken, as EXIF records it: a local wall-clock time and, when the camera wrote
/// one (EXIF 2.31 `OffsetTimeOriginal`), its offset from UTC.
///
/// EXIF dates have no time zone of their own, so the offset is kept apart and never guessed:
/// an album's captions and title show the wall-clock date the photographer saw.
public struct CaptureDate: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The year, four digits.
    public var year: Int
    /// 1...12.
    public var month: Int
    /// 1...31.
    public var day: Int
    /// 0...23, on the camera's clock.
    public var hour: Int
    /// 0...59.
    public var minute: Int
    /// 0...59 (60 for a leap second, as EXIF allows).
    public var second: Int
    /// Minutes east of UTC, when known.
    public var utcOffsetMinutes: Int?

    /// Makes a date; nil when a field is out of range.
    public init?(year: Int, month: Int, day: Int, hour: Int = 0, minute: Int = 0, second: Int = 0,
                 utcOffsetMinutes: Int? = nil) {
        guard (1...9999).contains(year), (1...12).contains(month), (1...31).contains(day),
              (0...23).contains(hour), (0...59).contains(minute), (0...60).contains(second)
        else { return nil }
        if let offset = utcOffsetMinutes, !(-14 * 60...14 * 60).contains(offset) { return nil }
        (self.year, self.month, self.day, self.hour, self.minute, self.second) = (year, month, day, hour, minute, second)
        self.utcOffsetMinutes = utcOffsetMinutes
    }

    /// Parses EXIF's `YYYY:MM:DD HH:MM:SS` (dashes are accepted for the date too, as some writers
    /// use them) and an optional `±HH:MM` offset. Nil for the all-blank or all-zero "unknown" dates
    /// that cameras without a clock write.
    public init?(exif text: String, offset: String? = nil) {
        let digits = text.trimmed { $0 == " " || $0 == "\0" }
        let parts = digits.split(whereSeparator: { $0 == ":" || $0 == "-" || $0 == " " || $0 == "T" }).map { Int($0) }
        guard parts.count == 6, parts.allSatisfy({ $0 != nil }) else { return nil }
        let p = parts.map { $0! }
        self.init(year: p[0], month: p[1], day: p[2], hour: p[3], minute: p[4], second: p[5],
                  utcOffsetMinutes: offset.flatMap(Self.parseOffset))
    }

    private static func parseOffset(_ text: String) -> Int? {
        let trimmed = text.trimmed { $0 == " " || $0 == "\0" }
        guard let sign = trimmed.first, sign == "+" || sign == "-" else { return nil }
        let fields = trimmed.dropFirst().split(separator: ":").map { Int($0) }
        guard fields.count == 2, let h = fields[0], let m = fields[1], (0...14).contains(h), (0...59).contains(m) else { return nil }
        return (sign == "-" ? -1 : 1) * (h * 60 + m)
    }

    /// `YYYY:MM:DD HH:MM:SS`, as EXIF stores it (19 characters).
    public var exifString: String {
        "\(pad(year, 4)):\(pad(month)):\(pad(day)) \(pad(hour)):\(pad(minute)):\(pad(second))"
    }

    /// `±HH:MM`, as EXIF's `OffsetTimeOriginal` stores it, when the offset is known.
    public var exifOffsetString: String? {
        guard let offset = utcOffsetMinutes else { return nil }
        return "\(offset < 0 ? "-" : "+")\(pad(abs(offset) / 60)):\(pad(abs(offset) % 60))"
    }

    /// ISO 8601: `2024-03-12T14:03:22`, with `+01:00` when the offset is known.
    public var description: String {
        "\(pad(year, 4))-\(pad(month))-\(pad(day))T\(pad(hour)):\(pad(minute)):\(pad(second))" + (exifOffsetString ?? "")
    }

    /// The day in words, in English and independent of the machine's locale: `12 March 2024`.
    public var dayInWords: String { "\(day) \(Self.monthNames[month - 1]) \(year)" }

    /// A PDF date string (PDF 32000-1 §7.9.4): `D:20240312140322+01'00'`, without an offset
    /// when none is known.
    public var pdfDate: String {
        var text = "D:\(pad(year, 4))\(pad(month))\(pad(day))\(pad(hour))\(pad(minute))\(pad(second))"
        if let offset = utcOffsetMinutes {
            text += offset == 0 ? "Z" : "\(offset < 0 ? "-" : "+")\(pad(abs(offset) / 60))'\(pad(abs(offset) % 60))'"
        }
        return text
    }

    static let monthNames = ["January", "February", "March", "April", "May", "June", "July", "August",
                             "September", "October", "November", "December"]

    /// Orders by wall-clock time; offsets are not compared (most photos carry none).
    public static func < (a: CaptureDate, b: CaptureDate) -> Bool {
        (a.year, a.month, a.day, a.hour, a.minute, a.second) < (b.year, b.month, b.day, b.hour, b.minute, b.second)
    }

    private func pad(_ value: Int, _ width: Int = 2) -> String {
        let text = String(value)
        return String(repeating: "0", count: max(0, width - text.count)) + text
    }
}

private extension String {
    func trimmed(_ drop: (Character) -> Bool) -> String {
        String(self.drop(while: drop).reversed().drop(while: drop).reversed())
    }
}
