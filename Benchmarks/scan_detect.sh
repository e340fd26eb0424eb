#!/usr/bin/env bash
# Detection as `scan` does it, in `detect --json`'s shape, for `evaluate.py detect`:
#
#   $PY ../shared/eval/evaluate.py detect --scenes SET --rows X.rows \
#       --cmd 'Benchmarks/scan_detect.sh BIN {image}'
#
# `detect` always decodes the whole photo; `scan` detects a JPEG whose long side is at least four
# times the detector's working size (a 12 MP photo) on a DCT-scaled decode and refines the prints
# on a full-resolution band (ScaledDetection). Only this measures that path: on the full-size hard
# scenes (Benchmarks/full_size_scenes.py) it placed 126 of 131 prints within 1 % against
# `detect`'s 130 (main 50af3ed), 129 since the full-resolution pass refines from the line
# search's reading (session 27). The prints are written as tiny JPEGs to a temporary
# folder and thrown away; only their corners, windows and formats are printed.
set -uo pipefail
BIN=$1; IMAGE=$2
DIR=$(mktemp -d "${TMPDIR:-/tmp}/scan-detect.XXXXXX")
trap 'rm -rf "$DIR"' EXIT
"$BIN" scan "$IMAGE" -o "$DIR/" --json --overwrite --long-side 64 --format jpeg 2>/dev/null | python3 -c '
import json, sys
line = sys.stdin.readline()
if not line.strip():
    sys.exit(1)
scan = json.loads(line)
prints = [{"format": o.get("format"), "corners": o["corners"], "window": o.get("window")} for o in scan["outputs"]]
print(json.dumps({"width": scan["width"], "height": scan["height"], "prints": prints}))'
