import Foundation
import Testing
@testable import InstantScan

@Suite struct BuiltInProfileTests {
    /// The package's Profiles/ folder, found from this file's path.
    static let profilesFolder = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Profiles")

    /// Set INSTANTSCAN_RECORD_PROFILES=1 to rewrite Profiles/*.icc from the builder; otherwise the
    /// committed files must equal what the code builds.
    @Test(arguments: BuiltInProfile.allCases)
    func committedFilesEqualTheBuilder(profile: BuiltInProfile) throws {
        let url = Self.profilesFolder.appendingPathComponent(profile.fileName)
        let built = profile.makeICCData()
        if ProcessInfo.processInfo.environment["INSTANTSCAN_RECORD_PROFILES"] == "1" {
            try FileManager.default.createDirectory(at: Self.profilesFolder, withIntermediateDirectories: true)
            try Data(built).write(to: url)
        }
        let committed = try [UInt8](Data(contentsOf: url))
        #expect(committed == built, "\(profile.fileName) differs from the builder; re-record with INSTANTSCAN_RECORD_PROFILES=1")
    }

    @Test(arguments: BuiltInProfile.allCases)
    func bytesAreDeterministic(profile: BuiltInProfile) {
        #expect(profile.makeICCData() == profile.makeICCData())
    }

    @Test(arguments: BuiltInProfile.allCases)
    func headerIsAVersion2DisplayProfileWithAFixedDate(profile: BuiltInProfile) {
        let bytes = profile.makeICCData()
        #expect(Int(bytes[0]) << 24 | Int(bytes[1]) << 16 | Int(bytes[2]) << 8 | Int(bytes[3]) == bytes.count)
        #expect(bytes[8] == 2 && bytes[9] == 0x10)
        #expect(String(decoding: bytes[12..<16], as: UTF8.self) == "mntr")
        #expect(String(decoding: bytes[16..<20], as: UTF8.self) == "RGB ")
        #expect(String(decoding: bytes[20..<24], as: UTF8.self) == "XYZ ")
        #expect(String(decoding: bytes[36..<40], as: UTF8.self) == "acsp")
        #expect(Array(bytes[24..<36]) == [0x07, 0xE9, 0, 1, 0, 1, 0, 0, 0, 0, 0, 0])
        #expect(bytes[84..<100].allSatisfy { $0 == 0 })
    }

    /// Every tag has a v2 type: `desc`, `text`, `XYZ `, `curv`, `sf32`, `chrm` — never the v4-only
    /// `mluc` or `para` that older readers reject. The three TRC tags share one curve.
    @Test(arguments: BuiltInProfile.allCases)
    func tagsUseVersion2Types(profile: BuiltInProfile) {
        let bytes = profile.makeICCData()
        func word(_ at: Int) -> Int { Int(bytes[at]) << 24 | Int(bytes[at + 1]) << 16 | Int(bytes[at + 2]) << 8 | Int(bytes[at + 3]) }
        var types: [String: String] = [:]
        var offsets: [String: Int] = [:]
        for index in 0..<word(128) {
            let entry = 132 + 12 * index
            let signature = String(decoding: bytes[entry..<entry + 4], as: UTF8.self)
            let offset = word(entry + 4)
            offsets[signature] = offset
            types[signature] = String(decoding: bytes[offset..<offset + 4], as: UTF8.self)
        }
        #expect(types["desc"] == "desc")
        #expect(types["cprt"] == "text")
        #expect(types["rTRC"] == "curv")
        #expect(types["wtpt"] == "XYZ " && types["rXYZ"] == "XYZ " && types["gXYZ"] == "XYZ " && types["bXYZ"] == "XYZ ")
        #expect(offsets["rTRC"] == offsets["gTRC"] && offsets["rTRC"] == offsets["bTRC"])
        #expect(!types.values.contains("mluc") && !types.values.contains("para"))
        #expect(bytes.count < 4096)
    }

    @Test func roundTripsThroughColorProfile() throws {
        for profile in BuiltInProfile.allCases {
            let opened = try ColorProfile(iccData: profile.makeICCData())
            #expect(opened.name == profile.profileDescription)
            #expect(opened.iccData == profile.makeICCData())
        }
        #expect(ColorProfile.sRGB.name == "sRGB (InstantScan)")
        #expect(ColorProfile.displayP3.name == "Display P3 (InstantScan)")
        #expect(ColorProfile.sRGB.iccData == BuiltInProfile.srgb.makeICCData())
        #expect(ColorProfile.displayP3.iccData == BuiltInProfile.displayP3.makeICCData())
    }

    @Test func namesAndFilesAreStable() {
        #expect(BuiltInProfile.srgb.rawValue == "srgb" && BuiltInProfile.displayP3.rawValue == "display-p3")
        #expect(BuiltInProfile(rawValue: "display-p3") == .displayP3)
        #expect(BuiltInProfile.allCases.map(\.fileName) == ["sRGB.icc", "DisplayP3.icc"])
    }
}
