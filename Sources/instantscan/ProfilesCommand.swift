import ArgumentParser
import CLISupport
import Foundation
import InstantScan

struct ProfilesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "profiles",
        abstract: "List or write the ICC profiles InstantScan builds from published primaries.",
        discussion: "The files in the project's Profiles/ folder are written by `instantscan profiles --write Profiles`."
    )

    @Option(help: "Write sRGB.icc and DisplayP3.icc into this folder.")
    var write: String?

    func run() throws {
        guard let folder = write else {
            for profile in BuiltInProfile.allCases {
                print("\(profile.rawValue)\t\(profile.fileName)\t\(profile.makeICCData().count) bytes")
            }
            return
        }
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        } catch {
            Console.error("\(folder): cannot create folder: \(ErrorText.of(error))")
            throw ExitCodes.cannotCreate
        }
        for profile in BuiltInProfile.allCases {
            let path = (folder as NSString).appendingPathComponent(profile.fileName)
            do {
                try AtomicFile.write(profile.makeICCData(), to: path)
            } catch {
                Console.error(ErrorText.of(error))
                throw ExitCodes.cannotCreate
            }
            Console.note("wrote \(path)")
        }
    }
}
