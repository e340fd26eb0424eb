import Testing
@testable import InstantScan

/// The split of a batch into shards: a pure function of each photo's relative path.
@Suite struct ShardTests {
    static let paths = (0..<1000).map { imageName($0) } + (0..<200).map { "2019/\(imageName($0))" }

    @Test func theHashIsFNV1a64() {
        // The published FNV-1a 64 test vectors, so other tools can predict the split.
        #expect(Shard.fnv1a64("".utf8) == 0xcbf2_9ce4_8422_2325)
        #expect(Shard.fnv1a64("a".utf8) == 0xaf63_dc4c_8601_ec8c)
        #expect(Shard.fnv1a64("foobar".utf8) == 0x8594_4171_f739_67e8)
    }

    @Test func theAssignmentIsPinned() {
        // Computed by an independent implementation of the documented formula (Python, in
        // docs/Sharding.md): a change here moves photos between shards of running batches.
        #expect([1, 2, 3, 4, 10].map { Shard.index(of: "IMG_0001.jpg", count: $0) } == [1, 1, 3, 4, 4])
        #expect([1, 2, 3, 4, 10].map { Shard.index(of: "IMG_0002.jpg", count: $0) } == [1, 2, 3, 3, 3])
        #expect([1, 2, 3, 4, 10].map { Shard.index(of: "2019/IMG_0042.HEIC", count: $0) } == [1, 2, 2, 4, 10])
        #expect([1, 2, 3, 4, 10].map { Shard.index(of: "Ünïcode/é.jpg", count: $0) } == [1, 2, 2, 2, 2])
    }

    @Test func threeShardsCoverEveryPhotoExactlyOnceAndEvenly() throws {
        let shards = try (1...3).map { try Shard(index: $0, count: 3) }
        for path in Self.paths {
            #expect(shards.filter { $0.contains(relativePath: path) }.count == 1, "\(path)")
        }
        for shard in shards {
            let share = Self.paths.filter(shard.contains(relativePath:)).count
            #expect((300...500).contains(share), "shard \(shard) has \(share) of \(Self.paths.count)")
        }
    }

    @Test func addingPhotosOrAShardMovesLittle() throws {
        let before = Dictionary(uniqueKeysWithValues: Self.paths.map { ($0, Shard.index(of: $0, count: 3)) })
        // More photos: the first ones stay where they were (the split is by path, not position).
        let more = ["0000-new.jpg", "aaa.jpg"] + Self.paths
        for path in more where before[path] != nil {
            #expect(Shard.index(of: path, count: 3) == before[path])
        }
        // A fourth shard takes about a quarter, and only from the others: none moves between the old three.
        let moved = Self.paths.filter { Shard.index(of: $0, count: 4) != before[$0] }
        #expect(moved.allSatisfy { Shard.index(of: $0, count: 4) == 4 })
        #expect((200...400).contains(moved.count), "\(moved.count) of \(Self.paths.count) moved")
    }

    @Test func parsesKOfN() throws {
        #expect(try Shard(parsing: "2/3") == Shard(index: 2, count: 3))
        #expect(try Shard(parsing: "1/1").manifestFileName == ".instantscan-batch.shard-1-of-1.jsonl")
        for bad in ["0/3", "4/3", "1/0", "-1/3", "2", "2/3/4", "a/b", "", "2 /3"] {
            #expect(throws: Shard.ShardError.self, "\(bad)") { try Shard(parsing: bad) }
        }
        #expect(throws: Shard.ShardError(description: "shard 4 is out of range: shards are numbered 1 to 3")) {
            try Shard(parsing: "4/3")
        }
    }

    @Test func kubernetesIndexIsZeroBased() throws {
        #expect(try Shard(count: 3, environment: ["JOB_COMPLETION_INDEX": "0"]) == Shard(index: 1, count: 3))
        #expect(try Shard(count: 3, environment: ["JOB_COMPLETION_INDEX": "2"]) == Shard(index: 3, count: 3))
        // Kubernetes first: a Slurm variable beside it does not count.
        #expect(try Shard(count: 3, environment: ["JOB_COMPLETION_INDEX": "1", "SLURM_ARRAY_TASK_ID": "0"]) == Shard(index: 2, count: 3))
        let error = #expect(throws: Shard.ShardError.self) { try Shard(count: 3, environment: ["JOB_COMPLETION_INDEX": "3"]) }
        #expect(error?.description.contains("JOB_COMPLETION_INDEX=3 is out of range") == true)
        #expect(throws: Shard.ShardError.self) { try Shard(count: 3, environment: ["JOB_COMPLETION_INDEX": "one"]) }
    }

    @Test func slurmTaskIsCountedFromTheArraysStart() throws {
        // --array=1-3
        #expect(try Shard(count: 3, environment: ["SLURM_ARRAY_TASK_ID": "1", "SLURM_ARRAY_TASK_MIN": "1"]) == Shard(index: 1, count: 3))
        #expect(try Shard(count: 3, environment: ["SLURM_ARRAY_TASK_ID": "3", "SLURM_ARRAY_TASK_MIN": "1", "SLURM_ARRAY_TASK_COUNT": "3"]) == Shard(index: 3, count: 3))
        // --array=0-2, and no MIN: taken as 0
        #expect(try Shard(count: 3, environment: ["SLURM_ARRAY_TASK_ID": "0"]) == Shard(index: 1, count: 3))
        // --array=100-300:100
        #expect(try Shard(count: 3, environment: ["SLURM_ARRAY_TASK_ID": "200", "SLURM_ARRAY_TASK_MIN": "100", "SLURM_ARRAY_TASK_STEP": "100"]) == Shard(index: 2, count: 3))
        // An array of 4 tasks for 3 shards, or of 2 (shard 3 would never run): refused.
        let tooMany = #expect(throws: Shard.ShardError.self) {
            try Shard(count: 3, environment: ["SLURM_ARRAY_TASK_ID": "1", "SLURM_ARRAY_TASK_MIN": "1", "SLURM_ARRAY_TASK_COUNT": "2"])
        }
        #expect(tooMany?.description.contains("SLURM_ARRAY_TASK_COUNT=2") == true)
        #expect(throws: Shard.ShardError.self) { try Shard(count: 3, environment: ["SLURM_ARRAY_TASK_ID": "4", "SLURM_ARRAY_TASK_MIN": "1"]) }
        #expect(throws: Shard.ShardError.self) { try Shard(count: 3, environment: ["SLURM_ARRAY_TASK_ID": "0", "SLURM_ARRAY_TASK_MIN": "1"]) }
    }

    @Test func neitherVariableIsAClearError() {
        let error = #expect(throws: Shard.ShardError.self) { try Shard(count: 3, environment: ["HOME": "/root"]) }
        #expect(error?.description.contains("JOB_COMPLETION_INDEX") == true)
        #expect(error?.description.contains("SLURM_ARRAY_TASK_ID") == true)
    }
}

private func imageName(_ n: Int) -> String {
    let digits = "\(n)"
    return "IMG_" + String(repeating: "0", count: max(0, 4 - digits.count)) + digits + ".jpg"
}
