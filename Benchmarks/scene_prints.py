"""The prints a scan of each multi-print scene wrote, matched to the scene's own prints.

Shared by light_by_print.py and multi_print_color.py (measurement aids, not part of the tool).
"""
import glob
import json
import os
import subprocess


def centre(corners):
    return [sum(q[i] for q in corners) / 4 for i in (0, 1)]


def scanned_prints(binary, scenes, output, placed=False):
    """Yields (scene name, scene JSON, the matched print's frame kind, the scan's output JSON)
    for every print `BIN scan PHOTO -o output --json` wrote, over the scenes with two or more
    prints. Prints are detected as a user's would be, or with `placed` given every print's true
    corners in one scan (`--corners` once per print, in the scene's order). Each output is
    matched to the scene's print with the nearest centre."""
    for path in sorted(glob.glob(os.path.join(scenes, "scene-*.json"))):
        scene = json.load(open(path))
        if len(scene["prints"]) < 2:
            continue
        command = [binary, "scan", path[:-5] + ".jpg", "-o", output, "--overwrite", "--json"]
        if placed:
            for p in scene["prints"]:
                command += ["--corners", " ".join(f"{x:.2f},{y:.2f}" for x, y in p["corners"])]
        run = subprocess.run(command, capture_output=True, text=True)
        centres = [(p.get("frame", "white"), centre(p["corners"])) for p in scene["prints"]]
        for out in json.loads(run.stdout)["outputs"]:
            cx, cy = centre(out["corners"])
            frame = min(centres, key=lambda f: (f[1][0] - cx) ** 2 + (f[1][1] - cy) ** 2)[0]
            yield os.path.basename(path)[:-5], scene, frame, out
