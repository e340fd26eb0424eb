#!/usr/bin/env bash
# Hashes every output a refactor must leave byte-identical: `make demo` (Samples/*.jpg → PNG + JSON)
# and `instantscan scan` on the evaluation scenes, detected and with the scenes' own corners; also
# `detect --json` on the scenes and `merge` on two glare photos.
# One "sha256  name" line per output on standard output; diff two runs to compare commits:
#
#   Benchmarks/output-hashes.sh > before.txt   # on the old commit
#   Benchmarks/output-hashes.sh > after.txt    # on the new one
#   diff before.txt after.txt
#
# The JSON's "timings" are wall-clock and left out; everything else is hashed as written. Paths
# inside the JSON are the ones given on the command line, so the outputs go to one fixed folder
# (OUT, emptied first) and the inputs are named the same way on every run.
# SKIP_BUILD=1 uses the release binary already built (BIN=path another one); EVAL points at the
# evaluation kit.
set -euo pipefail
cd "$(dirname "$0")/.."
EVAL=${EVAL:-/work/shared/eval}
OUT=${OUT:-/tmp/instantscan-output-hashes}
BIN=${BIN:-.build/release/instantscan}

if [ "${SKIP_BUILD:-0}" != 1 ]; then
    swift build -c release --product instantscan >&2
fi
rm -rf "$OUT"
mkdir -p "$OUT/demo" "$OUT/detected" "$OUT/corners" "$OUT/detect" "$OUT/merge"

# The JSON minus its timings, keys and numbers as written (Python's float repr round-trips exactly).
without_timings() {
    python3 -c '
import json, sys
for line in sys.stdin:
    if not line.strip():
        continue
    value = json.loads(line)
    value.pop("timings", None)
    print(json.dumps(value, sort_keys=True, separators=(",", ":")))
'
}

# make demo, step for step (the Makefile's loop), into OUT/demo.
for photo in Samples/*.jpg; do
    name=$(basename "$photo" .jpg)
    "$BIN" scan "$photo" --overwrite -o "$OUT/demo/$name.png" --json | without_timings > "$OUT/demo/$name.json"
done

# Every scene, its prints detected, default options.
for photo in "$EVAL"/scenes/scene-*.jpg; do
    name=$(basename "$photo" .jpg)
    "$BIN" scan "$photo" --overwrite -o "$OUT/detected/$name.png" --json | without_timings > "$OUT/detected/$name.json"
done

# Every print of every scene from its true corners (as the colour evaluation passes them).
for truth in "$EVAL"/scenes/scene-*.json; do
    name=$(basename "$truth" .json)
    python3 -c '
import json, sys
for x in json.load(open(sys.argv[1]))["prints"]:
    print(" ".join(f"{a:.2f},{b:.2f}" for a, b in x["corners"]))
' "$truth" | {
        index=0
        while read -r corners; do
            index=$((index + 1))
            "$BIN" scan --overwrite "$EVAL/scenes/$name.jpg" --corners "$corners" -o "$OUT/corners/$name-p$index.png" --json \
                | without_timings > "$OUT/corners/$name-p$index.json"
        done
    }
done

# What the detection evaluation reads: `detect --json` on every scene.
for photo in "$EVAL"/scenes/scene-*.jpg; do
    name=$(basename "$photo" .jpg)
    "$BIN" detect "$photo" --json > "$OUT/detect/$name.json"
done

# merge (no public multi-shot sets: a glare photo with itself still runs every merge stage).
for photo in Samples/04-polaroid600-glare-tilt35.jpg "$EVAL"/scenes/scene-0004.jpg; do
    name=$(basename "$photo" .jpg)
    "$BIN" merge "$photo" "$photo" --overwrite -o "$OUT/merge/$name.png" --json 2>/dev/null | without_timings > "$OUT/merge/$name.json"
done

cd "$OUT"
find demo detected corners detect merge -type f | LC_ALL=C sort | xargs sha256sum
