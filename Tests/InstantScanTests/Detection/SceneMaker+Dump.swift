import Foundation
@testable import InstantScan

extension SceneMaker {
    /// Writes the scene as `name`.jpg with its truth as `name`.json (the evaluator's format) into the
    /// folder `INSTANTSCAN_SCENE_DUMP` names, and as `name`.png too when `INSTANTSCAN_SCENE_DUMP_PNG`
    /// is set (the JPEG's loss can hide what the detector does on a test's own pixels), so a person can
    /// look at what a test looks at and run the CLI on it. Does nothing when the variable is unset.
    func dumpIfAsked(as name: String) throws {
        let environment = ProcessInfo.processInfo.environment
        guard let path = environment["INSTANTSCAN_SCENE_DUMP"] else { return }
        let folder = URL(fileURLWithPath: path)
        let image = try render()
        try Data(try JPEGEncoder.encode(image, quality: 92)).write(to: folder.appendingPathComponent(name + ".jpg"))
        if environment["INSTANTSCAN_SCENE_DUMP_PNG"] != nil {
            let png = try PNGEncoder.encode(image, iccProfile: nil, srgbIntent: false)
            try Data(png).write(to: folder.appendingPathComponent(name + ".png"))
        }
        let truth = prints.filter { !$0.isDistractor }.map { p in
            "{\"format\": \"\(p.customGeometry == nil ? p.format.rawValue : "unknown")\", \"corners\": \(DetectionScenes.json(p.corners)), \"window\": \(DetectionScenes.json(p.window))}"
        }
        let json = "{\"image\": \"\(name).jpg\", \"prints\": [\(truth.joined(separator: ", "))]}\n"
        try Data(json.utf8).write(to: folder.appendingPathComponent(name + ".json"))
    }
}
