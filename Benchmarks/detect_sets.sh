#!/usr/bin/env bash
# Detection on every evaluation set at once, kept per print for comparing two builds (issue 13):
# the public scenes, the hard scenes as shipped (long side 3264), at full size (made once by
# Benchmarks/full_size_scenes.py) and, with PERTURBED=1, the seven photographic variants of
# Benchmarks/perturbed_scenes.py (made once). Summaries and per-print rows land in OUT/TAG/;
# Benchmarks/compare_rows.py then lists the prints that changed between two tags.
#
#   Benchmarks/detect_sets.sh BIN TAG                 # OUT defaults to .build/eval
#   PERTURBED=1 Benchmarks/detect_sets.sh BIN TAG
#   $PY Benchmarks/compare_rows.py .build/eval/base/hard.rows .build/eval/new/hard.rows
#
# Copy the binary first (cp .build/release/instantscan /tmp/x): a rebuild during the run would
# change what is measured.
set -euo pipefail
cd "$(dirname "$0")/.."
BIN=$1; TAG=$2
EVAL=${EVAL:-../shared/eval}
PY=${PY:-$("$EVAL"/setup.sh)}
OUT=${OUT:-.build/eval}/$TAG
FULL=${FULL:-.build/full-size-scenes}
VARIANTS=${VARIANTS:-.build/perturbed}
mkdir -p "$OUT"
[ -d "$FULL" ] || "$PY" Benchmarks/full_size_scenes.py "$EVAL/scenes-hard" "$FULL" >/dev/null
run() {  # name scenes-dir
  "$PY" "$EVAL/evaluate.py" detect --scenes "$2" --rows "$OUT/$1.rows" \
      --cmd "$BIN detect {image} --json" > "$OUT/$1.txt" 2> "$OUT/$1.err"
  echo "== $1: $(grep -E '<= 1%' "$OUT/$1.txt" | head -1)"
  grep -E 'false prints|by setting|by frame' "$OUT/$1.txt" || true
}
run public "$EVAL/scenes"
run hard "$EVAL/scenes-hard"
run full "$FULL"
if [ "${PERTURBED:-0}" = 1 ]; then
  [ -d "$VARIANTS/bright" ] || "$PY" Benchmarks/perturbed_scenes.py "$EVAL/scenes-hard" "$VARIANTS" >/dev/null
  for v in noisy soft dim vignette warm small bright; do run "p-$v" "$VARIANTS/$v"; done
fi
