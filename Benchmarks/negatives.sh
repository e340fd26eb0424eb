#!/usr/bin/env bash
# False prints on photos with no print in them (issue 13, "no false prints"): every print `detect`
# reports on the shared photos and backgrounds, one line each with its format, confidence and
# whether it is marked uncertain (below the review threshold), then the count.
#
#   Benchmarks/negatives.sh [BIN]          # BIN defaults to .build/release/instantscan
#   ASSETS=/path/to/bench-assets HEIC=/path/to/heic Benchmarks/negatives.sh
#
# Every line is a false print: none of these photos shows an instant print.
set -uo pipefail
cd "$(dirname "$0")/.."
BIN=${1:-.build/release/instantscan}
ASSETS=${ASSETS:-../shared/bench-assets}
HEIC=${HEIC:-../shared/heic}
[ -x "$BIN" ] || { echo "no binary at $BIN (swift build -c release --product instantscan)" >&2; exit 1; }

photos=0; with=0; total=0; sure=0
for img in "$ASSETS"/photos/* "$ASSETS"/backgrounds/* "$HEIC"/*.heic; do
  case "$img" in *.png|*.jpg|*.jpeg|*.heic) ;; *) continue ;; esac
  photos=$((photos + 1))
  lines=$("$BIN" detect "$img" --json 2>/dev/null |
    jq -r '.prints[]? | "\(.format)\t\(.confidence * 1000 | round / 1000)\t\(if .uncertain then "uncertain" else "confident" end)"')
  [ -z "$lines" ] && continue
  with=$((with + 1))
  while IFS= read -r line; do
    total=$((total + 1))
    case "$line" in *confident) sure=$((sure + 1)) ;; esac
    printf '%s\t%s\n' "$(basename "$img")" "$line"
  done <<< "$lines"
done
echo "false prints: $total on $with of $photos photos ($sure confident, $((total - sure)) uncertain)"
