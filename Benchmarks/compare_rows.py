"""The prints whose detection changed between two runs of `evaluate.py detect --rows` (issue 13).

Totals hide trades: one print gained and another lost read as no change. This lists, print by print
(a scene's prints in its ground truth's order), every print whose placement within 1 % of its
diagonal, window within 1 %, format or false-print count differs, then the totals.

    $PY Benchmarks/compare_rows.py .build/eval/base/hard.rows .build/eval/new/hard.rows
"""

import json
import sys


def load(path):
    prints, seen = {}, {}
    with open(path) as f:
        for line in f:
            row = json.loads(line)
            index = seen.get(row["scene"], 0)
            seen[row["scene"]] = index + 1
            prints[(row["scene"], index)] = row
    return prints


def placed(row):
    return bool(row.get("found")) and row.get("err_rel", 1.0) <= 0.01


def window_placed(row):
    return placed(row) and row.get("window_err_rel", 1.0) <= 0.01


def describe(row):
    if not row:
        return "absent"
    err = f"{row['err_rel'] * 100:.2f} %" if row.get("found") else "missed"
    window = f", window {row['window_err_rel'] * 100:.2f} %" if "window_err_rel" in row else ""
    return (f"{'placed' if placed(row) else 'off'} {err}{window}, format {'right' if row.get('format_ok') else 'wrong'},"
            f" false {row.get('false_prints', 0)}")


def state(row):
    return placed(row), window_placed(row), row.get("format_ok"), row.get("false_prints", 0)


def main(a_path, b_path):
    a, b = load(a_path), load(b_path)
    for key in sorted(set(a) | set(b)):
        ra, rb = a.get(key, {}), b.get(key, {})
        if state(ra) != state(rb):
            print(f"{key[0]} #{key[1]}: {describe(ra)} -> {describe(rb)}")
    false_a = sum(r.get("false_prints", 0) for r in a.values())
    false_b = sum(r.get("false_prints", 0) for r in b.values())
    print(f"within 1 %: {sum(map(placed, a.values()))} -> {sum(map(placed, b.values()))};"
          f" windows within 1 %: {sum(map(window_placed, a.values()))} -> {sum(map(window_placed, b.values()))};"
          f" false prints: {false_a} -> {false_b}")


if __name__ == "__main__":
    if len(sys.argv) != 3:
        sys.exit("usage: compare_rows.py A.rows B.rows")
    main(sys.argv[1], sys.argv[2])
