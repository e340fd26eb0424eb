/// What kind of failure stopped a photo, as the exit code `instantscan scan` gives that photo
/// alone: recorded on a batch manifest's `failed` line, so a script can tell a photo that will
/// never scan (no print, a bad file) from one a re-run may fix (a full disk).
package enum FailureClass {
    /// No print was found in the photo.
    package static let noPrint = 2
    /// The photo is not a readable image, or its corners are wrong.
    package static let dataError = 65
    /// The photo cannot be read (gone, permissions).
    package static let noInput = 66
    /// An output cannot be written (full disk, permissions, a name taken).
    package static let cannotCreate = 73

    /// The exit code `error` deserves.
    package static func exitCode(for error: any Error) -> Int {
        switch error {
        case is PhotoFile.ReadError: return noInput
        case is AtomicFile.WriteError, is OutputClaims.Collision: return cannotCreate
        default: return dataError
        }
    }
}
