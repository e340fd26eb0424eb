#!/bin/bash
# A batch as a Slurm job array: one task per shard (docs/Sharding.md). Photos and scans on the
# cluster's shared file system.
#   sbatch instantscan-array.sh              all 8 shards, 4 at a time
#   sbatch --array=3,7 instantscan-array.sh  only shards 3 and 7 again (they resume)
#SBATCH --job-name=instantscan
#SBATCH --array=1-8%4
#SBATCH --cpus-per-task=2
#SBATCH --mem=2G
#SBATCH --time=04:00:00
#SBATCH --requeue
#SBATCH --output=instantscan-%A_%a.log
set -euo pipefail

SHARDS=8                      # the array's size: shards are 1 … SHARDS, task ID = shard
PHOTOS=/shared/archive/photos
SCANS=/shared/archive/scans

# The shard from the task ID itself (1-based), so a partial rerun (--array=3,7) works; with a
# whole array, `--shard-count "$SHARDS"` would read the same from SLURM_ARRAY_TASK_ID and
# SLURM_ARRAY_TASK_MIN and also check the array's size.
exec instantscan batch "$PHOTOS" -o "$SCANS" -r \
    --shard "$SLURM_ARRAY_TASK_ID/$SHARDS" --jobs "${SLURM_CPUS_PER_TASK:-1}" --quiet
