import Foundation

extension Shard {
    /// The shard of `count` that a scheduler's task is, from its environment (`--shard-count N`):
    ///
    /// - `JOB_COMPLETION_INDEX` (a Kubernetes Indexed Job: 0 to N−1) gives shard index + 1;
    /// - else `SLURM_ARRAY_TASK_ID` (a Slurm array). Arrays may start anywhere (`--array=1-3`,
    ///   `--array=0-2`) and step (`--array=10-30:10`): the position is
    ///   (ID − `SLURM_ARRAY_TASK_MIN`) / `SLURM_ARRAY_TASK_STEP`, each taken as 0 and 1 when unset
    ///   (Slurm sets both), plus one. When Slurm says how many tasks the array has
    ///   (`SLURM_ARRAY_TASK_COUNT`) it must be `count`, or some shards would never run.
    ///
    /// Throws, naming the variable, when neither is set, a value is not a whole number, or the
    /// shard falls outside 1…`count`.
    public init(count: Int, environment: [String: String]) throws {
        guard count >= 1 else { throw ShardError(description: "--shard-count must be at least 1, not \(count)") }
        if let text = environment["JOB_COMPLETION_INDEX"] {
            let value = try Self.number(text, variable: "JOB_COMPLETION_INDEX")
            guard (0..<count).contains(value) else {
                throw ShardError(description: "JOB_COMPLETION_INDEX=\(value) is out of range for --shard-count \(count) (0 to \(count - 1)); set the Job's completions to \(count)")
            }
            try self.init(index: value + 1, count: count)
            return
        }
        guard let text = environment["SLURM_ARRAY_TASK_ID"] else {
            throw ShardError(description: "--shard-count needs JOB_COMPLETION_INDEX (a Kubernetes Indexed Job) or SLURM_ARRAY_TASK_ID (a Slurm array) in the environment; neither is set (use --shard K/N to pick a shard by hand)")
        }
        let id = try Self.number(text, variable: "SLURM_ARRAY_TASK_ID")
        let min = try environment["SLURM_ARRAY_TASK_MIN"].map { try Self.number($0, variable: "SLURM_ARRAY_TASK_MIN") } ?? 0
        let step = try environment["SLURM_ARRAY_TASK_STEP"].map { try Self.number($0, variable: "SLURM_ARRAY_TASK_STEP") } ?? 1
        if let tasks = try environment["SLURM_ARRAY_TASK_COUNT"].map({ try Self.number($0, variable: "SLURM_ARRAY_TASK_COUNT") }),
           tasks != count {
            throw ShardError(description: "SLURM_ARRAY_TASK_COUNT=\(tasks) but --shard-count is \(count): give the array \(count) tasks (--array=1-\(count)), or, to run again only some tasks of it, --shard $SLURM_ARRAY_TASK_ID/\(count) with 1-based task IDs")
        }
        guard step >= 1, id >= min, (id - min) % step == 0 else {
            throw ShardError(description: "SLURM_ARRAY_TASK_ID=\(id) is not a task of an array starting at SLURM_ARRAY_TASK_MIN=\(min) in steps of \(step)")
        }
        let position = (id - min) / step
        guard position < count else {
            throw ShardError(description: "SLURM_ARRAY_TASK_ID=\(id) is task \(position + 1) of the array (from \(min) in steps of \(step)), beyond --shard-count \(count)")
        }
        try self.init(index: position + 1, count: count)
    }

    private static func number(_ text: String, variable: String) throws -> Int {
        guard let value = Int(text.trimmingCharacters(in: .whitespaces)), value >= 0 else {
            throw ShardError(description: "\(variable)='\(text)' is not a whole number")
        }
        return value
    }
}
