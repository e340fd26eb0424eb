#!/usr/bin/env bash
# Whole-process speed and memory of InstantScan beside the pipelines people use instead, measured
# side by side in one run (these machines are shared and noisy: compare the ratios).
#
#   make bench                      # or: Benchmarks/run.sh [PHOTO.jpg] [RUNS]
#
# Needs ../shared/eval (its scenes give a 12 MP photo with known corners, and peers.py the OpenCV
# pipeline) and installs ImageMagick for its row. Prints a Markdown table: median wall seconds and
# peak RSS over RUNS runs, and each pipeline's time as a multiple of InstantScan's.
set -euo pipefail
cd "$(dirname "$0")/.."
EVAL=${EVAL:-../shared/eval}
PHOTO=${1:-$EVAL/scenes/scene-0003.jpg}
RUNS=${2:-5}
BIN=.build/release/instantscan
OUT=$(mktemp -d)
trap 'rm -rf "$OUT"' EXIT

command -v convert >/dev/null || { apt-get install -y -qq imagemagick >/dev/null 2>&1 || true; }
command -v /usr/bin/time >/dev/null || apt-get install -y -qq time >/dev/null
PY=$("$EVAL/setup.sh")
JSON=${PHOTO%.jpg}.json
CORNERS=$(python3 -c "import json,sys; d=json.load(open('$JSON')); print(' '.join(f'{x:.2f},{y:.2f}' for x,y in d['prints'][0]['corners']))")

# Median wall seconds and max RSS (MB) of a command over RUNS runs.
measure() {
    local walls=() rss=0
    for _ in $(seq "$RUNS"); do
        /usr/bin/time -f "%e %M" -o "$OUT/time" bash -c "$1" >/dev/null 2>"$OUT/err" || { echo "failed: $1" >&2; cat "$OUT/err" >&2; return 1; }
        read -r wall kb < "$OUT/time"
        walls+=("$wall"); (( kb > rss )) && rss=$kb
    done
    printf '%s %s\n' "$(printf '%s\n' "${walls[@]}" | sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}')" "$((rss / 1024))"
}

rows=()
add() { # name command
    local result; result=$(measure "$2") || return 0
    rows+=("$1|$result")
}
add "InstantScan, detected, PNG fast" "$BIN scan '$PHOTO' -o $OUT/a.png"
add "InstantScan, given corners, PNG fast" "$BIN scan '$PHOTO' -o $OUT/b.png --corners '$CORNERS'"
add "InstantScan, given corners, PNG small" "$BIN scan '$PHOTO' -o $OUT/c.png --corners '$CORNERS' --png-compression small"
add "OpenCV (Python) contour detect + warp + LUT" "$PY $EVAL/peers.py detect '$PHOTO' >/dev/null && $PY $EVAL/peers.py scan '$PHOTO' $OUT/d.png --corners '$CORNERS' --method endsin"
if command -v convert >/dev/null; then
    add "ImageMagick -distort Perspective, contrast-stretch" "$PY $EVAL/peers.py scan '$PHOTO' $OUT/e.png --corners '$CORNERS' --method imagemagick"
fi

base=$(echo "${rows[0]}" | cut -d'|' -f2 | cut -d' ' -f1)
echo "photo: $PHOTO ($(python3 -c "import json; d=json.load(open('$JSON')); print('x'.join(map(str,d['size'])))")), $RUNS runs each, $(nproc) cores"
echo
echo "| pipeline | median wall s | peak RSS MB | × the first row |"
echo "|---|---|---|---|"
for row in "${rows[@]}"; do
    IFS='|' read -r name result <<< "$row"
    read -r wall rss <<< "$result"
    printf '| %s | %s | %s | %s |\n' "$name" "$wall" "$rss" "$(python3 -c "print(f'{$wall/$base:.2f}')")"
done
if [ -x "$BIN" ]; then
    echo
    echo "stages (one run, InstantScan, detected):"
    "$BIN" scan "$PHOTO" -o "$OUT/f.png" --json 2>/dev/null | python3 -c "import json,sys; d=json.load(sys.stdin); t=d.get('timings',{}); print('  ' + '  '.join(f'{k} {v*1000:.0f} ms' for k,v in t.items()) if t else '  (no stage timings in this build)')" || echo "  (the detected scan failed)"
fi
