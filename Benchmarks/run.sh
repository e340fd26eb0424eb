#!/usr/bin/env bash
# Whole-process speed and memory of InstantScan beside the pipelines people use instead, measured
# side by side in one run (these machines are shared and noisy: compare the ratios).
#
#   make bench                                  # or: Benchmarks/run.sh [PHOTO.jpg] [RUNS]
#   BATCH=0 IMAGEMAGICK=0 Benchmarks/run.sh     # leave out the slow parts
#
# Needs ../shared/eval (its scenes give a 12 MP photo with known corners and a batch of photos,
# and peers.py the OpenCV pipeline) and installs ImageMagick for its rows. Prints Markdown tables:
#   1. whole process, median wall seconds and peak RSS over RUNS runs, each pipeline's time as a
#      multiple of InstantScan's (detected, PNG fast);
#   2. InstantScan's stages (median of the same runs' `scan --json` timings);
#   3. PNG: encode time and bytes of a 7 MP print for each --png-compression, beside libpng's
#      defaults;
#   4. a batch of 20 photos on one core and on two: throughput and peak RSS (and a batch of 5, to
#      show that memory does not grow with the batch).
# Timings live here, never in the tests.
set -euo pipefail
cd "$(dirname "$0")/.."
EVAL=${EVAL:-../shared/eval}
PHOTO=${1:-$EVAL/scenes/scene-0003.jpg}
RUNS=${2:-${RUNS:-3}}
BATCH=${BATCH:-1}
IMAGEMAGICK=${IMAGEMAGICK:-1}
BIN=.build/release/instantscan
OUT=$(mktemp -d)
trap 'rm -rf "$OUT"' EXIT

command -v convert >/dev/null || { apt-get install -y -qq imagemagick >/dev/null 2>&1 || true; }
command -v /usr/bin/time >/dev/null || apt-get install -y -qq time >/dev/null
PY=$("$EVAL/setup.sh")
JSON=${PHOTO%.jpg}.json
CORNERS=$(python3 -c "import json; d=json.load(open('$JSON')); print(' '.join(f'{x:.2f},{y:.2f}' for x,y in d['prints'][0]['corners']))")
SIZE=$(python3 -c "import json; d=json.load(open('$JSON')); print('x'.join(map(str,d['size'])))")

median() { sort -n | awk '{a[NR]=$1} END {print (NR ? a[int((NR+1)/2)] : "nan")}'; }

# Median wall seconds, max RSS (MB) and median CPU seconds (user + system) of a command over RUNS
# runs; with a second argument, every run's standard output (`--json`) is appended to that file.
measure() {
    local walls=() cpus=() rss=0
    for _ in $(seq "$RUNS"); do
        /usr/bin/time -f "%e %M %U %S" -o "$OUT/time" bash -c "$1" >"$OUT/stdout" 2>"$OUT/err" \
            || { echo "failed: $1" >&2; cat "$OUT/err" >&2; return 1; }
        [ -n "${2:-}" ] && cat "$OUT/stdout" >> "$2"
        read -r wall kb user system < "$OUT/time"
        walls+=("$wall"); cpus+=("$(python3 -c "print(f'{$user + $system:.2f}')")"); (( kb > rss )) && rss=$kb
    done
    printf '%s %s %s\n' "$(printf '%s\n' "${walls[@]}" | median)" "$((rss / 1024))" "$(printf '%s\n' "${cpus[@]}" | median)"
}

rows=()
add() { # name command [json-file]
    local result; result=$(measure "$2" "${3:-}") || return 0
    rows+=("$1|$result")
}
ratio() { python3 -c "print(f'{$1/$2:.2f}')"; }

echo "photo: $PHOTO ($SIZE), $RUNS runs each, $(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg)"
echo "$($BIN --version 2>/dev/null || true) $(git rev-parse --short HEAD 2>/dev/null || true)"

add "InstantScan, detected, PNG fast" "$BIN scan '$PHOTO' --overwrite -o $OUT/a.png --json" "$OUT/stages.jsonl"
add "InstantScan, detected, PNG small" "$BIN scan '$PHOTO' --overwrite -o $OUT/b.png --png-compression small"
add "InstantScan, given corners, PNG fast" "$BIN scan '$PHOTO' --overwrite -o $OUT/c.png --corners '$CORNERS'"
add "OpenCV (Python): contour detect, warpPerspective, LUT, imwrite" \
    "$PY Benchmarks/opencv_pipeline.py '$EVAL' '$PHOTO' $OUT/d.png --corners '$CORNERS'"
if [ "$IMAGEMAGICK" = 1 ] && command -v convert >/dev/null; then
    add "ImageMagick: -distort Perspective, -contrast-stretch 1%x1% (peers.py)" \
        "$PY $EVAL/peers.py scan '$PHOTO' $OUT/e.png --corners '$CORNERS' --method imagemagick"
    # The same with a bilinear warp (-filter point turns off EWA resampling), default PNG settings.
    add "ImageMagick: the same, bilinear warp (-filter point -interpolate bilinear)" \
        "$(python3 - "$CORNERS" "$PHOTO" "$OUT/f.png" <<'PYEOF'
import math, shlex, sys
pts = [tuple(map(float, p.split(","))) for p in sys.argv[1].split()]
d = lambda a, b: math.hypot(b[0] - a[0], b[1] - a[1])
w, h = int(max(d(pts[0], pts[1]), d(pts[3], pts[2]))), int(max(d(pts[0], pts[3]), d(pts[1], pts[2])))
arg = " ".join(f"{a[0]:.2f},{a[1]:.2f} {b[0]},{b[1]}" for a, b in zip(pts, [(0, 0), (w, 0), (w, h), (0, h)]))
print(shlex.join(["convert", sys.argv[2], "-auto-orient", "-virtual-pixel", "black", "-filter", "point",
                  "-interpolate", "bilinear", "-distort", "Perspective", arg, "-crop", f"{w}x{h}+0+0", "+repage",
                  "-channel", "RGB", "-contrast-stretch", "1%x1%", "+channel", sys.argv[3]]))
PYEOF
)"
fi

base=$(echo "${rows[0]}" | cut -d'|' -f2 | cut -d' ' -f1)
echo
echo "| pipeline (whole process) | median wall s | CPU s | peak RSS MB | wall × InstantScan detected |"
echo "|---|---|---|---|---|"
for row in "${rows[@]}"; do
    IFS='|' read -r name result <<< "$row"
    read -r wall rss cpu <<< "$result"
    printf '| %s | %s | %s | %s | %s |\n' "$name" "$wall" "$cpu" "$rss" "$(ratio "$wall" "$base")"
done

if [ -s "$OUT/stages.jsonl" ]; then
    echo
    echo "InstantScan, detected, PNG fast: stages (median ms of the runs above; icc 0 = skipped, sRGB in and out)"
    echo
    python3 - "$OUT/stages.jsonl" <<'PYEOF'
import json, statistics, sys
runs = [json.loads(line)["timings"] for line in open(sys.argv[1]) if line.strip()]
order = ["header", "decode", "detect", "warp", "icc", "colour", "encode", "write"]
keys = [k for k in order if any(k in r for r in runs)] + sorted({k for r in runs for k in r} - set(order))
print("| " + " | ".join(keys) + " | sum |")
print("|" + "---|" * (len(keys) + 1))
med = {k: statistics.median(r.get(k, 0) for r in runs) * 1000 for k in keys}
print("| " + " | ".join(f"{med[k]:.0f}" for k in keys) + f" | {sum(med.values()):.0f} |")
PYEOF
fi

# PNG: a 7 MP print (2400 × 2900, as in DESIGN.md) from the known corners, each setting.
echo
echo "PNG encode of a 7 MP print (2400×2900, given corners), median of $RUNS runs, beside libpng's defaults (zlib 6, adaptive filters)"
echo
echo "| --png-compression | encode ms | whole process s | bytes | × libpng defaults' bytes |"
echo "|---|---|---|---|---|"
cc -O2 -o "$OUT/libpng_defaults" Benchmarks/libpng_defaults.c -lpng16 2>/dev/null || cc -O2 -o "$OUT/libpng_defaults" Benchmarks/libpng_defaults.c -lpng
for setting in fast balanced small; do
    : > "$OUT/png-$setting.jsonl"
    result=$(measure "$BIN scan '$PHOTO' --overwrite -o $OUT/p-$setting.png --corners '$CORNERS' --size 2400x2900 --png-compression $setting --json" "$OUT/png-$setting.jsonl") || continue
    encode=$(python3 -c "import json,statistics; print(f\"{statistics.median(json.loads(l)['timings']['encode'] for l in open('$OUT/png-$setting.jsonl') if l.strip())*1000:.0f}\")")
    [ -f "$OUT/reference.png" ] || "$OUT/libpng_defaults" "$OUT/p-$setting.png" "$OUT/reference.png"
    bytes=$(stat -c %s "$OUT/p-$setting.png")
    printf '| %s | %s | %s | %s | %s |\n' "$setting" "$encode" "${result%% *}" "$bytes" "$(ratio "$bytes" "$(stat -c %s "$OUT/reference.png")")"
done
printf '| libpng defaults (Benchmarks/libpng_defaults.c) | | | %s | 1.00 |\n' "$(stat -c %s "$OUT/reference.png")"

if [ "$BATCH" = 1 ]; then
    # 20 photos of the evaluation set (2–12 MP, one print each), one run each configuration.
    mkdir -p "$OUT/batch20" "$OUT/batch5"
    for f in $(ls "$EVAL"/scenes/scene-00*.jpg | sort | head -20); do ln -s "$(realpath "$f")" "$OUT/batch20/"; done
    for f in $(ls "$OUT"/batch20/*.jpg | head -5); do ln -s "$(realpath "$f")" "$OUT/batch5/"; done
    # The same 5 photos four times over: memory of a batch 4× as long with the same content.
    mkdir -p "$OUT/batch5x4"
    for i in 1 2 3 4; do for f in "$OUT"/batch5/*.jpg; do ln -s "$(realpath "$f")" "$OUT/batch5x4/$i-$(basename "$f")"; done; done
    batch() { # name folder jobs [taskset cpu list]
        local pin=""; [ -n "${4:-}" ] && pin="taskset -c $4"
        rm -rf "$OUT/scans"
        local r; r=$(RUNS=1 measure "$pin $BIN batch $OUT/$2 -o $OUT/scans --jobs $3 --quiet") || return 0
        local n; n=$(ls "$OUT/$2" | wc -l)
        read -r wall rss cpu <<< "$r"
        printf '| %s | %s | %s | %s | %s | %s |\n' "$1" "$n" "$wall" "$cpu" "$(python3 -c "print(f'{$n/$wall:.2f}')")" "$rss"
        echo "$wall $cpu" > "$OUT/batch-$3-${4:-all}-$2"
    }
    echo
    echo "Batch: \`instantscan batch --jobs N\`, detected, PNG fast, one run each"
    echo
    echo "| configuration | photos | wall s | CPU s | photos/s | peak RSS MB |"
    echo "|---|---|---|---|---|---|"
    batch "one core (taskset -c 0), --jobs 1" batch20 1 0
    batch "two cores, --jobs 1 (row bands in parallel)" batch20 1
    batch "two cores, --jobs 2" batch20 2
    batch "two cores, --jobs 2, 5 photos" batch5 2
    batch "two cores, --jobs 2, the same 5 photos 4 times (memory does not grow with the batch)" batch5x4 2
    if [ -f "$OUT/batch-1-0-batch20" ] && [ -f "$OUT/batch-2-all-batch20" ]; then
        read -r wall1 cpu1 < "$OUT/batch-1-0-batch20"
        read -r wall2 cpu2 < "$OUT/batch-2-all-batch20"
        echo
        echo "throughput, 2 cores (--jobs 2) ÷ 1 core, by wall time: $(ratio "$wall1" "$wall2")×"
        # Other people's work on a shared machine takes cores away from the two-core run; the CPU
        # seconds say what two idle cores would give: twice the one-core throughput, less the
        # extra CPU the two jobs spend.
        echo "the same from CPU seconds (two idle cores): $(python3 -c "print(f'{2 * $cpu1 / $cpu2:.2f}')")× (one core ${cpu1} s, two jobs ${cpu2} s of CPU)"
        # Above 2× only means the one-core run spent more CPU a photo (its row bands time-share
        # one core) or the load skewed a single run: read it as "about 2×", not more.
        local_n=$(ls "$OUT/batch20" | wc -l)
        echo "CPU a photo: one core $(python3 -c "print(f'{$cpu1 / $local_n:.3f}')") s, two jobs $(python3 -c "print(f'{$cpu2 / $local_n:.3f}')") s"
    fi
fi
