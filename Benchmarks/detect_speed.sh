#!/usr/bin/env bash
# Detection's own cost on 12 MP photos with many prints (issue 13: under 150 ms of one core beyond
# decoding, also with 12 prints): per photo, the median over RUNS of `detect --timing`'s total (the
# thread's CPU time from the working copy to the last refinement; decoding is not in it), the CPU
# time of all the process's threads over the same detection (`all threads`: the searches and
# refinements also run on worker threads; this is what the issue's "one core" counts) and, with
# CALLGRIND=1, the instructions PrintDetector.analyze executes on one core (callgrind;
# deterministic, so it compares builds on a loaded machine where the milliseconds cannot).
#
#   Benchmarks/detect_speed.sh [RUNS]
#   BASELINE_BIN=/path/to/older/instantscan CALLGRIND=1 Benchmarks/detect_speed.sh 5
#
# The photos: the hard evaluation scenes at phone size (Benchmarks/full_size_scenes.py writes them
# once into .build/scenes-hard-full) with the most prints (an album page, walls of 7–11), and the
# three-print sample. With BASELINE_BIN the two builds run alternated, photo by photo.
set -euo pipefail
cd "$(dirname "$0")/.."
EVAL=${EVAL:-../shared/eval}
RUNS=${1:-${RUNS:-5}}
CALLGRIND=${CALLGRIND:-0}
BIN=.build/release/instantscan
BASE=${BASELINE_BIN:-}
[ -x "$BIN" ] || swift build -c release --product instantscan >&2
PY=$("$EVAL/setup.sh")
FULL=.build/scenes-hard-full
[ -d "$FULL" ] || "$PY" Benchmarks/full_size_scenes.py "$EVAL/scenes-hard" "$FULL" >&2
PHOTOS=("$FULL/scene-0001.jpg" "$FULL/scene-0005.jpg" "$FULL/scene-0013.jpg" "$FULL/scene-0015.jpg"
        "$FULL/scene-0016.jpg" "$FULL/scene-0028.jpg" Samples/03-three-prints-cloth-fluorescent.jpg)
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT

median() { sort -n | awk '{a[NR]=$1} END {print (NR ? a[int((NR+1)/2)] : "nan")}'; }
# The calling thread's CPU time and all threads' (a build from before the second was reported gives "-").
total_ms() { "$1" detect "$2" --timing 2>&1 >/dev/null | sed -n 's/.*total \([0-9.]*\) ms.*/\1/p'; }
all_ms() {
    local all
    all=$("$1" detect "$2" --timing 2>&1 >/dev/null | sed -n 's/.*all threads \([0-9.]*\) ms.*/\1/p')
    echo "${all:--}"
}
prints() { "$1" detect "$2" --json | python3 -c 'import json, sys; print(len(json.load(sys.stdin)["prints"]))'; }
instructions() {
    # Valgrind cannot read the Swift binaries' DWARF: it runs a copy without debug sections.
    local copy="$WORK/stripped-$(echo "$1" | md5sum | cut -c1-8)"
    [ -f "$copy" ] || strip --strip-debug -o "$copy" "$1"
    # The exact symbol: a wildcard also matches analyze's closures (the refinement runs in one), and
    # entering one toggles collection off again, which left refinement out of the count.
    # On one core: with more, the searches run partly on worker threads, outside analyze's call,
    # which the toggle does not count, and how much of them the calling thread takes varies from
    # run to run (counts 10 % apart on the same binary). On one core the calling thread does it all.
    taskset -c 0 valgrind --tool=callgrind --callgrind-out-file="$WORK/cg" \
        --toggle-collect='$s11InstantScan13PrintDetectorV7analyze_11orientationAA14DetectionTraceVAA11PixelBufferC_AA11OrientationOtKF' \
        "$copy" detect "$2" --json >/dev/null 2>&1
    callgrind_annotate "$WORK/cg" 2>/dev/null | awk '/PROGRAM TOTALS/ {gsub(",", "", $1); printf "%.0f", $1 / 1e6}'
}
if [ "$CALLGRIND" = 1 ] && ! command -v valgrind >/dev/null; then apt-get install -y -qq valgrind >/dev/null; fi

header="| photo | size | prints | detect CPU ms, calling thread (median of $RUNS)"
if [ -n "$BASE" ]; then header+=" | baseline ms"; fi
header+=" | all threads ms"
if [ -n "$BASE" ]; then header+=" | baseline all threads ms"; fi
if [ "$CALLGRIND" = 1 ]; then
    header+=" | M instructions"
    if [ -n "$BASE" ]; then header+=" | baseline M instructions"; fi
fi
echo "$header |"
echo "$header |" | sed 's/[^|]*/---/g; s/^---//; s/---$//'
for photo in "${PHOTOS[@]}"; do
    : > "$WORK/new"; : > "$WORK/old"; : > "$WORK/new-all"; : > "$WORK/old-all"
    for _ in $(seq "$RUNS"); do
        total_ms "$BIN" "$photo" >> "$WORK/new"
        all_ms "$BIN" "$photo" >> "$WORK/new-all"
        if [ -n "$BASE" ]; then total_ms "$BASE" "$photo" >> "$WORK/old"; all_ms "$BASE" "$photo" >> "$WORK/old-all"; fi
    done
    size=$("$PY" -c "from PIL import Image; im = Image.open('$photo'); print(f'{im.width}×{im.height}')")
    row="| $(basename "$photo") | $size | $(prints "$BIN" "$photo") | $(median < "$WORK/new")"
    if [ -n "$BASE" ]; then row+=" | $(median < "$WORK/old")"; fi
    row+=" | $(median < "$WORK/new-all")"
    if [ -n "$BASE" ]; then row+=" | $(median < "$WORK/old-all")"; fi
    if [ "$CALLGRIND" = 1 ]; then
        row+=" | $(instructions "$BIN" "$photo")"
        if [ -n "$BASE" ]; then row+=" | $(instructions "$BASE" "$photo")"; fi
    fi
    echo "$row |"
done
