import Foundation
import InstantScan

/// The body of `PUT /api/photos/{id}/corners`: every print of the photo as a person placed it,
/// `{"prints": [{"corners": [[x, y], [x, y], [x, y], [x, y]], "format": "instax-mini"}]}`, corners
/// TL TR BR BL of the upright print in upright photo pixels, the format optional; an empty list
/// says the photo shows no print.
///
/// Checked as `--corners` is: four finite points, a convex quadrilateral in clockwise order, inside
/// the photo (give or take a quarter of its long side, for a print running off it); a bad one is
/// refused with the message `scan --corners` gives.
struct ReviewFix {
    /// Why a body is refused (a 400).
    struct Problem: Error, CustomStringConvertible {
        var description: String
    }

    /// At most this many prints in one photo.
    static let mostPrints = 64

    var prints: [ManualScan.Print]

    private struct Body: Decodable {
        var prints: [Print]
        struct Print: Decodable {
            var corners: [[Double]]
            var format: String?
        }
    }

    /// Reads and checks `data` for a photo whose upright size is `photo`.
    init(json data: Data, photo: PixelSize) throws {
        let body: Body
        do {
            body = try JSONDecoder().decode(Body.self, from: data)
        } catch {
            throw Problem(description: "the body must be JSON {\"prints\": [{\"corners\": [[x, y], [x, y], [x, y], [x, y]], \"format\": \"…\"}]}: \(Self.summary(error))")
        }
        // None: the photo shows no print (a false detection deleted); its scans are removed.
        guard (0...Self.mostPrints).contains(body.prints.count) else {
            throw Problem(description: "prints: give from 0 to \(Self.mostPrints) prints, got \(body.prints.count)")
        }
        prints = try body.prints.enumerated().map { index, print in
            let label = "print \(index + 1)"
            guard print.corners.count == 4, print.corners.allSatisfy({ $0.count == 2 }) else {
                throw Problem(description: "\(label): corners: expected 4 points [x, y] (TL TR BR BL), got \(print.corners.map(\.count))")
            }
            guard print.corners.joined().allSatisfy({ $0.isFinite && abs($0) < 1e7 }) else {
                throw Problem(description: "\(label): corners: every coordinate must be a finite number of pixels")
            }
            let quad = Quad(corners: print.corners.map { Point($0[0], $0[1]) })
            var format: PrintFormat?
            if let name = print.format, !name.isEmpty, name != "unknown" {
                guard let known = PrintFormat(rawValue: name) else {
                    throw Problem(description: "\(label): format: '\(name.prefix(40))' is not one of \(PrintFormat.allCases.map(\.rawValue).joined(separator: ", "))")
                }
                format = known
            }
            // The same rules, and words, as the scanner's for --corners.
            guard quad.isConvex, quad.signedArea > 0 else {
                throw Problem(description: "\(label): \(ScanError.cornersNotConvex(quad))")
            }
            let reach = max(1, Double(max(photo.width, photo.height)) / 4)
            guard quad.isInside(width: photo.width, height: photo.height, tolerance: reach) else {
                throw Problem(description: "\(label): \(ScanError.cornersOutsideImage(quad, photo))")
            }
            return ManualScan.Print(card: quad, format: format)
        }
    }

    private static func summary(_ error: any Error) -> String {
        switch error {
        case DecodingError.keyNotFound(let key, _): return "'\(key.stringValue)' is missing"
        case DecodingError.typeMismatch(_, let context), DecodingError.valueNotFound(_, let context):
            return "wrong type at \(context.codingPath.map(\.stringValue).joined(separator: "."))"
        case DecodingError.dataCorrupted: return "not valid JSON"
        default: return "unreadable"
        }
    }
}
