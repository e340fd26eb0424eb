#!/usr/bin/env bash
# Whole-process speed and memory of InstantScan beside the pipelines people write instead, at the
# same output size, runs alternated in one session (these machines are shared and noisy: read the
# ratios, which come from the same minutes, not the seconds).
#
#   make bench                                   # or: Benchmarks/run.sh [RUNS]
#   BATCH=0 PNG=0 Benchmarks/run.sh 3            # only the three-photo comparison
#   IMAGEMAGICK=1 Benchmarks/run.sh              # also ImageMagick on the first photo (slow)
#   BIN=.build-dist/release/instantscan Benchmarks/run.sh   # the build `make dist` ships
#
# BIN defaults to `swift build -c release`'s binary, which loads the Swift runtime and Foundation
# as shared libraries at every start; `make dist`'s (--static-swift-stdlib) has them linked in and
# starts about 5 ms sooner (`--version` 4.7–4.9 against 9.7–10.7 ms a process, 40 runs each, load
# 3; 15 M fewer instructions before the photo is opened), the same pixels: a few per cent of
# a 12 MP scan's wall time.
#
# Three 12 MP photos (Benchmarks/make_bench_photos.py renders the first once into
# .build/bench-photos; the others are Samples/02 and 03):
#   1. a Polaroid 600 filling the frame (a 7 MP scan), stored sideways (EXIF orientation 6);
#   2. an Instax Mini of about a sixth of the frame, Display P3 pixels with its ICC profile;
#   3. three prints (Instax Wide, Instax Square, Polaroid Go), one of them upside down.
# InstantScan detects the prints; the lean OpenCV pipeline (../shared/eval/lean_opencv.py) runs its
# own detector where it finds the print and is given InstantScan's corners where it does not
# (photos 2 and 3; its detector finds at most one print); libvips (Benchmarks/vips_pipeline.c,
# mapim bilinear, the same stretch, PNG level 1) is always given them. Every pipeline writes the
# prints InstantScan found at the sizes InstantScan chose (`--size WxH`, or each print's own size).
#
# Prints Markdown tables:
#   1. per photo and pipeline: median wall seconds, peak RSS, and the pipeline's time as a multiple
#      of InstantScan's (detected) — above 1 means InstantScan is faster;
#   2. InstantScan's stages per photo (median of the same runs' `scan --json` timings);
#   3. PNG: encode time and bytes of a 7 MP print for each --png-compression, beside libpng's defaults;
#   4. a batch of 20 photos on one core and on two: throughput and peak RSS;
#   5. the three-print photo as an iPhone-style HEIC beside the same photo as JPEG.
# Timings live here, never in the tests.
set -euo pipefail
cd "$(dirname "$0")/.."
EVAL=${EVAL:-../shared/eval}
RUNS=${1:-${RUNS:-5}}
BATCH=${BATCH:-1}
PNG=${PNG:-1}
IMAGEMAGICK=${IMAGEMAGICK:-0}
BIN=${BIN:-.build/release/instantscan}
OUT=$(mktemp -d)
trap 'rm -rf "$OUT"' EXIT

need_apt() { dpkg -s "$1" >/dev/null 2>&1 || { echo "installing $1" >&2; apt-get install -y -qq "$1" >/dev/null; }; }
need_apt time
need_apt libvips-dev      # headers for Benchmarks/vips_pipeline.c (libvips 8.14 on bookworm)
need_apt libvips-tools    # the `vips` CLI, for its version
[ "$IMAGEMAGICK" = 1 ] && need_apt imagemagick
PY=$("$EVAL/setup.sh")
cc -O2 -o "$OUT/vips_pipeline" Benchmarks/vips_pipeline.c $(pkg-config --cflags --libs vips)

PHOTOS_DIR=.build/bench-photos
FILLS=$PHOTOS_DIR/fills-frame-polaroid600-exif6.jpg
[ -f "$FILLS" ] || "$PY" Benchmarks/make_bench_photos.py "$PHOTOS_DIR"
PHOTOS=("$FILLS" Samples/02-instaxmini-paper-daylight-p3.jpg Samples/03-three-prints-cloth-fluorescent.jpg)
LABELS=("print fills the frame (EXIF 6)" "Display P3, a mid-sized print" "three prints")

median() { sort -n | awk '{a[NR]=$1} END {print (NR ? a[int((NR+1)/2)] : "nan")}'; }
ratio() { python3 -c "print(f'{$1/$2:.2f}')"; }
orientation() { python3 -c "import json; print(json.load(open('${1%.jpg}.json'))['exif_orientation'])"; }

# One run of a command: appends "wall rss_kb cpu_s" to $OUT/t-KEY; with a third argument, the
# run's standard output to that file.
once() { # key command [stdout-file]
    /usr/bin/time -f "%e %M %U %S" -o "$OUT/time" bash -c "$2" >"$OUT/stdout" 2>"$OUT/err" \
        || { echo "failed: $2" >&2; cat "$OUT/err" >&2; return 1; }
    [ -n "${3:-}" ] && cat "$OUT/stdout" >> "$3"
    read -r wall kb user system < "$OUT/time"
    echo "$wall $kb $(python3 -c "print(f'{$user + $system:.2f}')")" >> "$OUT/t-$1"
}
# "median-wall max-rss-MB median-cpu" of a key's runs.
summary() {
    local f="$OUT/t-$1"
    echo "$(cut -d' ' -f1 "$f" | median) $(( $(cut -d' ' -f2 "$f" | sort -n | tail -1) / 1024 )) $(cut -d' ' -f3 "$f" | median)"
}

echo "$RUNS runs each, alternated; $(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg) at the start"
echo "$($BIN --version 2>/dev/null || true) $(git rev-parse --short HEAD 2>/dev/null || true); $(vips --version); OpenCV $("$PY" -c 'import cv2; print(cv2.__version__)')"

# What each pipeline runs on each photo (InstantScan's detection decides prints and sizes).
declare -a KEYS NAMES CMDS STAGES
for i in "${!PHOTOS[@]}"; do
    photo=${PHOTOS[$i]}; n=$((i + 1))
    $BIN scan --overwrite "$photo" -o "$OUT/plan$n.png" --json > "$OUT/plan$n.json"
    eval "$("$PY" Benchmarks/bench_plan.py "$photo" "$OUT/plan$n.json" "$(orientation "$photo")")"
    eval "P${n}_SIZE=\"$(python3 -c "import json; print(' + '.join(f\"{o['width']}×{o['height']}\" for o in json.load(open('$OUT/plan$n.json'))['outputs']))")\""
    KEYS+=("is$n"); NAMES+=("InstantScan, detected"); STAGES+=("$OUT/stages$n.jsonl")
    CMDS+=("$BIN scan --overwrite '$photo' -o $OUT/is$n.png $SIZE_ARG --json")
    # BASELINE_BIN=/path/to/an/older/instantscan: the same scan by it, for a before/after.
    if [ -n "${BASELINE_BIN:-}" ]; then
        KEYS+=("base$n"); NAMES+=("InstantScan before (BASELINE_BIN), detected"); STAGES+=("")
        CMDS+=("$BASELINE_BIN scan --overwrite '$photo' -o $OUT/base$n.png $SIZE_ARG")
    fi
    if [ "$PRINT_COUNT" = 1 ]; then
        KEYS+=("isc$n"); NAMES+=("InstantScan, given corners"); STAGES+=("")
        CMDS+=("$BIN scan --overwrite '$photo' -o $OUT/isc$n.png $SIZE_ARG --corners '$CORNERS'")
        if [ -n "${BASELINE_BIN:-}" ]; then
            KEYS+=("basec$n"); NAMES+=("InstantScan before (BASELINE_BIN), given corners"); STAGES+=("")
            CMDS+=("$BASELINE_BIN scan --overwrite '$photo' -o $OUT/basec$n.png $SIZE_ARG --corners '$CORNERS'")
        fi
        # The lean pipeline's own detector where it finds the print (exit 3 when it does not).
        if "$PY" "$EVAL/lean_opencv.py" "$photo" "$OUT/probe.png" $LEAN_ARGS >/dev/null 2>&1; then
            KEYS+=("cv$n"); NAMES+=("lean OpenCV, its detector"); STAGES+=("")
            CMDS+=("$PY $EVAL/lean_opencv.py '$photo' $OUT/cv$n.png $LEAN_ARGS")
        else
            KEYS+=("cv$n"); NAMES+=("lean OpenCV, given corners (its detector finds none)"); STAGES+=("")
            CMDS+=("$PY $EVAL/lean_opencv.py '$photo' $OUT/cv$n.png $LEAN_CORNERS_ARGS")
        fi
    else
        KEYS+=("cv$n"); NAMES+=("lean OpenCV, given corners (one process, $PRINT_COUNT prints)"); STAGES+=("")
        CMDS+=("$PY Benchmarks/lean_opencv_prints.py $EVAL '$photo' $OUT/cv$n '$PRINTS_JSON'")
    fi
    KEYS+=("vips$n"); NAMES+=("libvips (C), given corners"); STAGES+=("")
    CMDS+=("$OUT/vips_pipeline '$photo' $OUT/vips$n $VIPS_ARGS")
    if [ "$IMAGEMAGICK" = 1 ] && [ "$n" = 1 ]; then
        KEYS+=("im$n"); NAMES+=("ImageMagick bilinear (-filter point), -contrast-stretch 1%x1%"); STAGES+=("")
        CMDS+=("$(python3 - "$CORNERS" "$photo" "$OUT/im1.png" "${SIZE_ARG#--size }" <<'PYEOF'
import shlex, sys
pts = [tuple(map(float, p.split(","))) for p in sys.argv[1].split()]
w, h = map(int, sys.argv[4].split("x"))
arg = " ".join(f"{a[0]:.2f},{a[1]:.2f} {b[0]},{b[1]}" for a, b in zip(pts, [(0, 0), (w, 0), (w, h), (0, h)]))
print(shlex.join(["convert", sys.argv[2], "-auto-orient", "-virtual-pixel", "edge", "-filter", "point",
                  "-interpolate", "bilinear", "-distort", "Perspective", arg, "-crop", f"{w}x{h}+0+0", "+repage",
                  "-channel", "RGB", "-contrast-stretch", "1%x1%", "+channel", "-define", "png:compression-level=1",
                  sys.argv[3]]))
PYEOF
)")
    fi
done

# A B C D A B C D …: every pipeline sees the same spread of load.
for _ in $(seq "$RUNS"); do
    for k in "${!KEYS[@]}"; do once "${KEYS[$k]}" "${CMDS[$k]}" "${STAGES[$k]}" || true; done
done

echo
echo "| 12 MP photo | output | pipeline (whole process) | median wall s | CPU s | peak RSS MB | wall ÷ InstantScan's |"
echo "|---|---|---|---|---|---|---|"
for i in "${!PHOTOS[@]}"; do
    n=$((i + 1)); size_var=P${n}_SIZE
    read -r base _ _ <<< "$(summary "is$n")"
    for k in "${!KEYS[@]}"; do
        key=${KEYS[$k]}; [ "${key//[a-z]/}" = "$n" ] || continue
        [ -s "$OUT/t-$key" ] || { printf '| %s | %s | %s | failed | | | |\n' "${LABELS[$i]}" "${!size_var}" "${NAMES[$k]}"; continue; }
        read -r wall rss cpu <<< "$(summary "$key")"
        printf '| %s | %s | %s | %s | %s | %s | %s |\n' "${LABELS[$i]}" "${!size_var}" "${NAMES[$k]}" "$wall" "$cpu" "$rss" "$(ratio "$wall" "$base")"
    done
done
echo "load average at the end: $(cut -d' ' -f1-3 /proc/loadavg)"

echo
echo "InstantScan, detected: stages (median ms of the runs above; icc 0 = skipped, sRGB in and out)"
echo
python3 - "${LABELS[@]}" -- "$OUT"/stages*.jsonl <<'PYEOF'
import json, statistics, sys
sep = sys.argv.index("--")
labels, files = sys.argv[1:sep], sys.argv[sep + 1:]
# A streamed scan (PNG or JPEG output) has no warp stage: its "stream" is warp, colour and encode in bands.
order = ["header", "decode", "detect", "warp", "icc", "colour", "stream", "glare", "encode", "write"]
print("| photo | " + " | ".join(order) + " | sum |")
print("|---|" + "---|" * (len(order) + 1))
for label, path in zip(labels, files):
    runs = [json.loads(line)["timings"] for line in open(path) if line.strip()]
    if not runs:
        continue
    med = {k: statistics.median(r.get(k, 0) for r in runs) * 1000 for k in order}
    print(f"| {label} | " + " | ".join(f"{med[k]:.0f}" for k in order) + f" | {sum(med.values()):.0f} |")
PYEOF

# The warp alone on the first photo: InstantScan's "warp" stage (given corners, the output's memory
# new to the process) beside OpenCV's warpPerspective on the same output, alternated.
photo=${PHOTOS[0]}
eval "$("$PY" Benchmarks/bench_plan.py "$photo" "$OUT/plan1.json" "$(orientation "$photo")")"
for _ in $(seq "$RUNS"); do
    # A stretch needs the whole scan, so this scan takes the whole-image path with its own warp stage.
    once warp-is "$BIN scan --overwrite '$photo' -o $OUT/w.png --corners '$CORNERS' $SIZE_ARG --stretch 0.1,0.1 --json" "$OUT/warp-is.jsonl" || true
    # BASELINE_BIN=/path/to/an/older/instantscan adds its warp, for a before/after.
    [ -n "${BASELINE_BIN:-}" ] && { once warp-base "$BASELINE_BIN scan --overwrite '$photo' -o $OUT/wb.png --corners '$CORNERS' $SIZE_ARG --stretch 0.1,0.1 --json" "$OUT/warp-base.jsonl" || true; }
    once warp-cv "$PY Benchmarks/warp_opencv.py '$photo' '$CORNERS' ${SIZE_ARG#--size } 5 upright" "$OUT/warp-cv.jsonl" || true
    once warp-cv "$PY Benchmarks/warp_opencv.py '$photo' '$CORNERS' ${SIZE_ARG#--size } 5 stored" "$OUT/warp-cv.jsonl" || true
done
echo
echo "The warp alone, first photo (${P1_SIZE}, bilinear), median of $RUNS alternated runs, load average $(cut -d' ' -f1-3 /proc/loadavg)"
echo
python3 - "$OUT/warp-is.jsonl" "$OUT/warp-cv.jsonl" "$OUT/warp-base.jsonl" "${BASELINE_BIN:-}" <<'PYEOF'
import json, os, statistics, sys
stage = lambda path: statistics.median(json.loads(l)["timings"]["warp"] * 1000 for l in open(path) if l.strip())
ours = stage(sys.argv[1])
cv = [json.loads(l) for l in open(sys.argv[2]) if l.strip()]
print("| warp | ms | ÷ InstantScan's |")
print("|---|---|---|")
print(f"| InstantScan (C kernel, from the photo as stored; output memory new) | {ours:.0f} | 1.00 |")
if os.path.exists(sys.argv[3]):
    base = stage(sys.argv[3])
    print(f"| InstantScan {sys.argv[4]} (baseline) | {base:.0f} | {base / ours:.2f} |")
for key, name in [("upright_first_ms", "OpenCV warpPerspective, from the upright photo, first call (output memory new)"),
                  ("upright_warm_ms", "OpenCV warpPerspective, from the upright photo, warm (memory reused)"),
                  ("stored_first_ms", "OpenCV warpPerspective, from the photo as stored, first call"),
                  ("stored_warm_ms", "OpenCV warpPerspective, from the photo as stored, warm")]:
    values = [r[key] for r in cv if key in r]
    if values:
        v = statistics.median(values)
        print(f"| {name} | {v:.0f} | {v / ours:.2f} |")
PYEOF

# The kernels alone, one thread each, fastest of 11 warps into memory already touched: the figure
# least moved by other work on the machine.
# clang, as SwiftPM compiles the library's C.
clang -O2 -I Sources/CShims/include -o "$OUT/warp_kernel" Benchmarks/warp_kernel.c Sources/CShims/warp_bilinear.c -lturbojpeg
echo
echo "The warp kernels alone, one thread, fastest of 11 (load average $(cut -d' ' -f1-3 /proc/loadavg))"
echo
python3 - "$("$OUT/warp_kernel" "$photo" $VIPS_ARGS 11)" "$("$OUT/warp_kernel" "$photo" $VIPS_ARGS 11 0)" \
    "$("$PY" Benchmarks/warp_opencv.py "$photo" "$CORNERS" "${SIZE_ARG#--size }" 11 stored 1)" \
    "$("$PY" Benchmarks/warp_opencv.py "$photo" "$CORNERS" "${SIZE_ARG#--size }" 11 upright 1)" <<'PYEOF'
import json, sys
best, scalar, stored, upright = (json.loads(a) for a in sys.argv[1:5])
ours = best["fastest_ms"]
print("| kernel (one thread) | fastest ms | ÷ InstantScan's |")
print("|---|---|---|")
print(f"| InstantScan, path {best['path']} (2: AVX2), from the photo as stored (Benchmarks/warp_kernel.c) | {ours:.0f} | 1.00 |")
print(f"| InstantScan, scalar C path | {scalar['fastest_ms']:.0f} | {scalar['fastest_ms'] / ours:.2f} |")
print(f"| OpenCV warpPerspective, from the photo as stored | {stored['stored_fastest_ms']:.0f} | {stored['stored_fastest_ms'] / ours:.2f} |")
print(f"| OpenCV warpPerspective, from the upright photo | {upright['upright_fastest_ms']:.0f} | {upright['upright_fastest_ms'] / ours:.2f} |")
PYEOF

# HEIC: the three-print photo as an iPhone stores it (a grid of 512 × 512 HEVC tiles, heif-enc
# from `make test-deps`) beside the same photo as JPEG, alternated: the cost of HEVC decoding and
# the memory of the HEIF path (left out without heif-enc, or with HEIC=0).
if [ "${HEIC:-1}" = 1 ] && command -v heif-enc >/dev/null; then
    photo=${PHOTOS[2]}
    mkdir -p "$OUT/tiles"
    read -r W H < <("$PY" - "$photo" "$OUT/tiles" <<'PYEOF'
import math, sys
from PIL import Image
photo = Image.open(sys.argv[1]).convert("RGB")
w, h = photo.size
for ty in range(math.ceil(h / 512)):
    for tx in range(math.ceil(w / 512)):
        tile = Image.new("RGB", (512, 512))
        tile.paste(photo.crop((tx * 512, ty * 512, min(w, tx * 512 + 512), min(h, ty * 512 + 512))))
        tile.save(f"{sys.argv[2]}/tile-{ty:02d}-{tx:02d}.png")
print(w, h)
PYEOF
)
    if heif-enc -q 90 -T "$OUT/tiles/tile-00-00.png" --tiled-image-width "$W" --tiled-image-height "$H" \
        -o "$OUT/photo.heic" >/dev/null 2>&1; then
        # The HEIC carries no EXIF orientation: scan the JPEG from its pixels as stored too.
        "$PY" -c "from PIL import Image; Image.open('$photo').convert('RGB').save('$OUT/photo.jpg', quality=92)"
        for _ in $(seq "$RUNS"); do
            once heic-jpeg "$BIN scan --overwrite '$OUT/photo.jpg' -o $OUT/hj.png" || true
            once heic-heic "$BIN scan --overwrite '$OUT/photo.heic' -o $OUT/hh.png" || true
        done
        read -r jw jr jc <<<"$(summary heic-jpeg)"; read -r hw hr hc <<<"$(summary heic-heic)"
        echo
        echo "HEIC beside JPEG: the three-print photo (${W}×${H}), InstantScan detected, median of $RUNS alternated runs"
        echo
        echo "| photo | median wall s | CPU s | peak RSS MB | wall ÷ JPEG's | RSS ÷ JPEG's |"
        echo "|---|---|---|---|---|---|"
        echo "| JPEG (quality 92) | $jw | $jc | $jr | 1.00 | 1.00 |"
        echo "| HEIC, 512 px grid (heif-enc -T, q 90) | $hw | $hc | $hr | $(ratio "$hw" "$jw") | $(ratio "$hr" "$jr") |"
    fi
fi

if [ "$PNG" = 1 ]; then
    # PNG: a 7 MP print (2400 × 2900, as in DESIGN.md) of the first photo, each setting.
    photo=${PHOTOS[0]}
    eval "$("$PY" Benchmarks/bench_plan.py "$photo" "$OUT/plan1.json" "$(orientation "$photo")")"
    echo
    echo "PNG encode of a 7 MP print (2400×2900, given corners), median of $RUNS runs, beside libpng's defaults (zlib 6, adaptive filters)"
    echo
    echo "| --png-compression | encode ms | whole process s | bytes | × libpng defaults' bytes |"
    echo "|---|---|---|---|---|"
    cc -O2 -o "$OUT/libpng_defaults" Benchmarks/libpng_defaults.c -lpng16 2>/dev/null || cc -O2 -o "$OUT/libpng_defaults" Benchmarks/libpng_defaults.c -lpng
    for setting in fast balanced small; do
        for _ in $(seq "$RUNS"); do
            once "png-$setting" "$BIN scan --overwrite '$photo' -o $OUT/p-$setting.png --corners '$CORNERS' --size 2400x2900 --png-compression $setting --json" "$OUT/png-$setting.jsonl" || true
        done
        [ -s "$OUT/t-png-$setting" ] || continue
        encode=$(python3 -c "import json,statistics; print(f\"{statistics.median(json.loads(l)['timings']['encode'] for l in open('$OUT/png-$setting.jsonl') if l.strip())*1000:.0f}\")")
        [ -f "$OUT/reference.png" ] || "$OUT/libpng_defaults" "$OUT/p-$setting.png" "$OUT/reference.png"
        bytes=$(stat -c %s "$OUT/p-$setting.png")
        printf '| %s | %s | %s | %s | %s |\n' "$setting" "$encode" "$(summary "png-$setting" | cut -d' ' -f1)" "$bytes" "$(ratio "$bytes" "$(stat -c %s "$OUT/reference.png")")"
    done
    printf '| libpng defaults (Benchmarks/libpng_defaults.c) | | | %s | 1.00 |\n' "$(stat -c %s "$OUT/reference.png")"
fi

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
        local key="batch-$3-${4:-all}-$2"
        rm -rf "$OUT/scans"
        once "$key" "${BATCH_ENV:-} $pin $BIN batch $OUT/$2 -o $OUT/scans --jobs $3 --quiet" || return 0
        local n; n=$(ls "$OUT/$2" | wc -l)
        read -r wall rss cpu <<< "$(summary "$key")"
        printf '| %s | %s | %s | %s | %s | %s |\n' "$1" "$n" "$wall" "$cpu" "$(python3 -c "print(f'{$n/$wall:.2f}')")" "$rss"
    }
    echo
    echo "Batch: \`instantscan batch --jobs N\`, detected, PNG fast, one run each (load average $(cut -d' ' -f1-3 /proc/loadavg))"
    echo
    echo "| configuration | photos | wall s | CPU s | photos/s | peak RSS MB |"
    echo "|---|---|---|---|---|---|"
    batch "one core (taskset -c 0), --jobs 1" batch20 1 0
    batch "two cores, --jobs 1 (row bands in parallel)" batch20 1
    batch "two cores, --jobs 2" batch20 2
    batch "two cores, --jobs 2, 5 photos" batch5 2
    batch "two cores, --jobs 2, the same 5 photos 4 times (memory does not grow with the batch)" batch5x4 2
    if [ -s "$OUT/t-batch-1-0-batch20" ] && [ -s "$OUT/t-batch-2-all-batch20" ]; then
        read -r wall1 _ cpu1 <<< "$(summary batch-1-0-batch20)"
        read -r wall2 _ cpu2 <<< "$(summary batch-2-all-batch20)"
        echo
        echo "throughput, 2 cores (--jobs 2) ÷ 1 core, by wall time: $(ratio "$wall1" "$wall2")×"
        # Other people's work on a shared machine takes cores away from the two-core run; the CPU
        # seconds say what two idle cores would give.
        echo "the same from CPU seconds (two idle cores): $(python3 -c "print(f'{2 * $cpu1 / $cpu2:.2f}')")× (one core ${cpu1} s, two jobs ${cpu2} s of CPU)"
    fi
fi
