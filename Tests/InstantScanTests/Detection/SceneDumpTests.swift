import Foundation
import Testing
@testable import InstantScan

/// Writes the detector's synthetic scenes as JPEGs when `INSTANTSCAN_SCENE_DUMP` names a folder, so a
/// person can look at what the tests look at (and run the CLI on them). Does nothing otherwise.
@Suite struct SceneDumpTests {
    @Test func dumpScenes() throws {
        for (name, maker) in DetectionScenes.all {
            try maker.dumpIfAsked(as: name)
        }
    }
}
