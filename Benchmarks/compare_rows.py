"""The prints whose detection changed between two runs of `evaluate.py detect --rows` (issue 13).

Totals hide trades: one print gained and another lost read as no change. This lists, print by print
(a scene's prints in its ground truth's order), every print whose placement within 1 % of its
diagonal, format or false-print count differs, then the totals.

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


def describe(row):
    if not row:
        return "absent"
    err = f"{row['err_rel'] * 100:.2f} %" if row.get("found") else "missed"
    return f"{'placed' if placed(row) else 'off'} {err}, format {'right' if row.get('format_ok') else 'wrong'}, false {row.get('false_prints', 0)}"


def main(a_path, b_path):
    a, b = load(a_path), load(b_path)
    for key in sorted(set(a) | set(b)):
        ra, rb = a.get(key, {}), b.get(key, {})
        if (placed(ra), ra.get("format_ok"), ra.get("false_prints", 0)) != (placed(rb), rb.get("format_ok"), rb.get("false_prints", 0)):
            print(f"{key[0]} #{key[1]}: {describe(ra)} -> {describe(rb)}")
    false_a = sum(r.get("false_prints", 0) for r in a.values())
    false_b = sum(r.get("false_prints", 0) for r in b.values())
    print(f"within 1 %: {sum(map(placed, a.values()))} -> {sum(map(placed, b.values()))};"
          f" false prints: {false_a} -> {false_b}")


if __name__ == "__main__":
    if len(sys.argv) != 3:
        sys.exit("usage: compare_rows.py A.rows B.rows")
    main(sys.argv[1], sys.argv[2])
