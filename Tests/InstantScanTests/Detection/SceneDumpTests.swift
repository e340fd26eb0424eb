import Foundation
import Testing
@testable import InstantScan

/// Writes the detector's synthetic scenes as JPEGs when `INSTANTSCAN_SCENE_DUMP` names a folder, so a
/// person can look at what the tests look at (and run the CLI on them). Does nothing otherwise.
@Suite struct SceneDumpTests {
    @Test func dumpScenes() throws {
        guard let folder = ProcessInfo.processInfo.environment["INSTANTSCAN_SCENE_DUMP"] else { return }
        for (name, maker) in DetectionScenes.all {
            let image = try maker.render()
            let bytes = try JPEGEncoder.encode(image, quality: 92)
            try Data(bytes).write(to: URL(fileURLWithPath: folder).appendingPathComponent(name + ".jpg"))
            if ProcessInfo.processInfo.environment["INSTANTSCAN_SCENE_DUMP_PNG"] != nil {
                let png = try PNGEncoder.encode(image, iccProfile: nil, srgbIntent: false)
                try Data(png).write(to: URL(fileURLWithPath: folder).appendingPathComponent(name + ".png"))
            }
            let truth = maker.prints.filter { !$0.isDistractor }.map { p in
                "{\"format\": \"\(p.customGeometry == nil ? p.format.rawValue : "unknown")\", \"corners\": \(DetectionScenes.json(p.corners)), \"window\": \(DetectionScenes.json(p.window))}"
            }
            let json = "{\"image\": \"\(name).jpg\", \"prints\": [\(truth.joined(separator: ", "))]}\n"
            try Data(json.utf8).write(to: URL(fileURLWithPath: folder).appendingPathComponent(name + ".json"))
        }
    }
}
