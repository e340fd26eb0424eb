import ArgumentParser
import Testing
@testable import CLISupport
@testable import instantscan
@testable import InstantScan

@Suite struct ArgumentSyntaxTests {
    @Test func readsCornersInEitherSeparatorStyle() throws {
        let q = try ArgumentSyntax.corners("1,2 3.5,4 5,6e1 -7,8")
        #expect(q.corners == [Point(1, 2), Point(3.5, 4), Point(5, 60), Point(-7, 8)])
        #expect(try ArgumentSyntax.corners("1 2 3 4 5 6 7 8") == Quad(Point(1, 2), Point(3, 4), Point(5, 6), Point(7, 8)))
    }

    @Test(arguments: ["", "1,2 3,4", "1,2 3,4 5,6 7,8 9,10", "a,b c,d e,f g,h", "nan,1 2,3 4,5 6,7", "inf,1 2,3 4,5 6,7",
                      String(repeating: "9", count: 400) + ",1 2,3 4,5 6,7"])
    func rejectsMalformedCorners(text: String) {
        #expect(throws: ValidationError.self) { try ArgumentSyntax.corners(text) }
    }

    @Test func sizesAndPercentages() throws {
        #expect(try ArgumentSyntax.size("2400x2900") == PixelSize(width: 2400, height: 2900))
        #expect(try ArgumentSyntax.size("10×20") == PixelSize(width: 10, height: 20))
        for bad in ["0x5", "5", "x", "70000x5", "-1x4"] {
            #expect(throws: ValidationError.self) { try ArgumentSyntax.size(bad) }
        }
        #expect(try ArgumentSyntax.percentPair("1,2") == (1, 2))
        for bad in ["60,50", "-1,2", "1", "a,b"] {
            #expect(throws: ValidationError.self) { try ArgumentSyntax.percentPair(bad) }
        }
        #expect(try ArgumentSyntax.stretch("0,0") == nil)
        #expect(try ArgumentSyntax.stretch("1,2") == (try EndsInStretch(percentLow: 1, percentHigh: 2)))
    }
}
