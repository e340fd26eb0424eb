internal import CShims

/// Gives the heap's free memory back to the system while a batch runs.
///
/// Photos (and prints) are mapped on their own (``PixelBuffer``); the rest of a photo's memory,
/// detection's working planes of a few MB, sample arrays and deflated bands, comes from glibc's
/// arenas, one per job. glibc maps blocks of its mmap threshold and more on their own, but raises
/// that threshold to the largest block freed (up to 32 MB), so after the first photo those planes
/// stay in the arenas, and an arena returns memory only from its top: two jobs then hold each
/// other's high-water marks. Elsewhere (macOS's allocator) both calls do nothing.
package enum FreedMemory {
    /// Maps blocks of `bytes` and more on their own for the rest of the process, unmapped when
    /// freed. For a program that owns its process (the CLI's `batch`): it changes the allocator's
    /// settings for everything in it.
    package static func mapBlocksAlone(from bytes: Int) {
        _ = is_heap_mmap_threshold(bytes)
    }

    /// Returns the arenas' free pages to the system (all arenas, not only their tops).
    static func returnToSystem() {
        _ = is_heap_trim()
    }
}
