"""Glare map against the evaluation scenes' ground truth (../shared/eval/scenes/*-glare.npy).

    PY=$(../shared/eval/setup.sh)
    $PY Benchmarks/glare_eval.py --bin .build/release/instantscan --scenes ../shared/eval/scenes

Scans each scene's print from its ground-truth corners with `--glare-map`, brings the map to the
mask's quarter resolution and counts pixels: precision and recall over all scenes pooled, per
scene the share reported in --json beside the true share of the window, and the share reported
on the scenes without glare.
"""
import argparse, glob, json, os, subprocess, tempfile, time
import numpy as np, cv2

ap = argparse.ArgumentParser()
ap.add_argument("--bin", default=".build/release/instantscan")
ap.add_argument("--scenes", default="../shared/eval/scenes")
args = ap.parse_args()

tp = fp = fn = 0
rows = []
with tempfile.TemporaryDirectory() as tmp:
    for path in sorted(glob.glob(os.path.join(args.scenes, "scene-*.json"))):
        scene = json.load(open(path))
        p = scene["prints"][0]
        corners = " ".join(f"{x},{y}" for x, y in p["corners"])
        out, gmap = os.path.join(tmp, "o.png"), os.path.join(tmp, "g.png")
        t = time.time()
        r = subprocess.run([args.bin, "scan", os.path.join(args.scenes, scene["image"]), "--overwrite", "-o", out, "--corners", corners,
                            "--print-format", p["format"], "--glare-map", gmap, "--json"], capture_output=True, text=True)
        secs = time.time() - t
        if r.returncode != 0:
            print(scene["image"], "failed", r.stderr); continue
        report = json.loads(r.stdout)["outputs"][0]
        truth = np.load(os.path.join(args.scenes, p["neutral"].replace(".png", "-glare.npy")))
        m = cv2.imread(gmap, cv2.IMREAD_GRAYSCALE)
        m = cv2.resize(m, (truth.shape[1], truth.shape[0]), interpolation=cv2.INTER_AREA) >= 128
        tp += int((m & truth).sum()); fp += int((m & ~truth).sum()); fn += int((~m & truth).sum())
        # The true share of the window, as the report measures it.
        H, W = truth.shape
        fw = {"polaroid-600": (88, 107, 4.5, 6, 79, 79), "polaroid-go": (53.9, 66.6, 3.45, 5, 47, 46),
              "instax-square": (72, 86, 5, 7, 62, 62), "instax-mini": (54, 86, 4, 7, 46, 62),
              "instax-wide": (108, 86, 4.5, 7, 99, 62)}[p["format"]]
        x0, y0 = int(fw[2] / fw[0] * W), int(fw[3] / fw[1] * H)
        x1, y1 = int((fw[2] + fw[4]) / fw[0] * W), int((fw[3] + fw[5]) / fw[1] * H)
        true_share = truth[y0:y1, x0:x1].mean()
        rows.append((scene["image"], p["glare"], true_share, report["glare"]["share"], secs,
                     any("glare over" in w for w in json.loads(r.stdout)["warnings"])))

print(f"{'scene':16} glare true-share reported warned  s")
for name, g, ts, rs, secs, warned in rows:
    print(f"{name:16} {str(g):5} {ts:10.4f} {rs:8.4f} {str(warned):6} {secs:5.2f}")
prec = tp / max(tp + fp, 1); rec = tp / max(tp + fn, 1)
print(f"pixels (quarter resolution, all scenes pooled): precision {prec:.3f} recall {rec:.3f}")
clean = [rs for _, g, _, rs, _, _ in rows if not g]
print(f"scenes without glare: {len(clean)}, reported share max {max(clean):.4f}, mean {np.mean(clean):.4f}")
glared = [(ts, rs) for _, g, ts, rs, _, _ in rows if g]
print(f"scenes with glare: {len(glared)}, |reported - true| share median {np.median([abs(a - b) for a, b in glared]):.4f}")
warn_tp = sum(1 for _, _, ts, _, _, w in rows if w and ts > 0.04); warn_fp = sum(1 for _, _, ts, _, _, w in rows if w and ts <= 0.04)
print(f"warnings: {warn_tp} on scenes with >4% true glare (of {sum(1 for r in rows if r[2] > 0.04)}), {warn_fp} on the others")
