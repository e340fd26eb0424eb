// The review page: one photo at a time with its prints drawn over it, corners to drag, prints to
// add, delete, turn and re-scan. Talks only to this server's JSON API (the README documents it);
// the session cookie goes with every request by itself.
"use strict";

const SVG = "http://www.w3.org/2000/svg";
const $ = (id) => document.getElementById(id);

const state = {
  photos: [],        // as GET /api/photos gives them, in the server's order
  formats: [],       // [{name, window}] window in the card's unit square
  index: 0,          // the photo shown
  prints: [],        // the shown photo's prints being edited: {corners, format, window, confidence, uncertain, manual, edited}
  history: [],       // earlier `prints`, for undo
  selected: -1,      // the selected print
  corner: -1,        // its selected corner
  adding: null,      // the corners clicked so far while adding a print
  accepted: new Set(),
  fresh: new Set(),  // photos re-scanned in this session (their scans outlined)
  busy: false,
};

// ---------- API ----------

async function api(method, path, body) {
  const options = { method, headers: {}, credentials: "same-origin" };
  if (body !== undefined) {
    options.headers["Content-Type"] = "application/json";
    options.body = JSON.stringify(body);
  }
  const response = await fetch(path, options);
  const data = await response.json().catch(() => ({}));
  if (!response.ok) throw new Error(data.error || `${response.status} ${response.statusText}`);
  return data;
}

async function load() {
  try {
    const data = await api("GET", "/api/photos");
    state.photos = data.photos;
    state.formats = data.formats;
    document.title = `InstantScan review — ${data.outputFolder}`;
    fillFormats();
    renderList();
    if (state.photos.length) show(0); else hint("This batch has no photos.");
    summarize(data.outputFolder);
  } catch (error) {
    hint(`Could not load the batch: ${error.message}`, "error");
  }
}

function summarize(folder) {
  const count = (status) => state.photos.filter((p) => p.status === status).length;
  const prints = state.photos.reduce((n, p) => n + p.prints.length, 0);
  $("summary").textContent = `${folder ?? ""} · ${state.photos.length} photos · ${prints} prints · `
    + `${count("uncertain")} to check · ${count("failed")} without a scan · ${count("fixed")} fixed`;
}

// ---------- the photo list ----------

function renderList() {
  const nav = $("photos");
  nav.replaceChildren();
  const titles = { uncertain: "Check", failed: "No scan", fixed: "Fixed", ok: "Found" };
  let last = null;
  state.photos.forEach((photo, i) => {
    const group = photo.status === "fixed" ? "ok" : photo.status;
    if (group !== last) {
      const title = document.createElement("div");
      title.className = "group-title";
      title.textContent = titles[group];
      nav.append(title);
      last = group;
    }
    const button = document.createElement("button");
    button.className = i === state.index ? "current" : "";
    const dot = document.createElement("span");
    dot.className = `dot ${state.accepted.has(photo.id) ? "accepted" : photo.status}`;
    const name = document.createElement("span");
    name.className = "name";
    name.textContent = photo.photo;
    name.title = photo.photo;
    const count = document.createElement("span");
    count.className = "count";
    count.textContent = photo.prints.length;
    button.append(dot, name, count);
    button.addEventListener("click", () => show(i));
    nav.append(button);
  });
}

function fillFormats() {
  const select = $("format");
  select.replaceChildren(new Option("auto", ""));
  for (const format of state.formats) select.append(new Option(format.name, format.name));
}

// ---------- showing a photo ----------

function show(index) {
  if (index < 0 || index >= state.photos.length) return;
  state.index = index;
  const photo = current();
  state.prints = photo.prints.map((p) => ({
    corners: p.corners.map((c) => [c[0], c[1]]), format: p.format === "unknown" ? "" : p.format,
    window: p.window, confidence: p.confidence, uncertain: p.uncertain, manual: p.manual, edited: false,
  }));
  state.history = [];
  state.selected = state.prints.findIndex((p) => p.uncertain);
  state.corner = -1;
  state.adding = null;
  $("preview").src = photo.previewUrl;
  $("overlay").setAttribute("viewBox", `0 0 ${photo.width} ${photo.height}`);
  $("position").textContent = `${index + 1} / ${state.photos.length}`;
  layout();
  draw();
  renderScans();
  renderList();
  const current_ = $("photos").querySelector("button.current");
  if (current_) current_.scrollIntoView({ block: "nearest" });
  hint(photo.prints.length ? defaultHint() : "No print was found here: press A (Add print) and click the four corners of each print.");
}

const current = () => state.photos[state.index];

function defaultHint() {
  const photo = current();
  const uncertain = photo.prints.filter((p) => p.uncertain).length;
  return `${photo.photo} — ${photo.prints.length} print${photo.prints.length === 1 ? "" : "s"}`
    + (uncertain ? `, ${uncertain} uncertain (orange): check its corners` : "")
    + ". Drag a corner to fix it; Enter accepts.";
}

// Fits the photo into the stage, keeping its aspect ratio.
function layout() {
  const photo = current();
  if (!photo) return;
  const stage = $("stage");
  const scale = Math.min((stage.clientWidth - 24) / photo.width, (stage.clientHeight - 24) / photo.height);
  $("frame").style.width = `${Math.max(1, photo.width * scale)}px`;
  $("frame").style.height = `${Math.max(1, photo.height * scale)}px`;
  draw();
}

// Photo pixels per screen pixel.
function photoPerScreen() {
  const frame = $("frame").getBoundingClientRect();
  return frame.width ? current().width / frame.width : 1;
}

// ---------- drawing ----------

function el(name, attributes, parent) {
  const node = document.createElementNS(SVG, name);
  for (const [key, value] of Object.entries(attributes)) node.setAttribute(key, value);
  if (parent) parent.append(node);
  return node;
}

const points = (corners) => corners.map((c) => `${c[0]},${c[1]}`).join(" ");

function draw() {
  const svg = $("overlay");
  svg.replaceChildren();
  if (!current()) return;
  const unit = photoPerScreen();
  state.prints.forEach((print, i) => {
    const classes = ["print"];
    if (print.uncertain && !print.edited) classes.push("uncertain");
    if (print.manual) classes.push("manual");
    if (print.edited) classes.push("edited");
    if (i === state.selected) classes.push("selected");
    const g = el("g", { class: classes.join(" ") }, svg);
    const window = windowOf(print);
    if (window) el("polygon", { class: "window", points: points(window), "vector-effect": "non-scaling-stroke" }, g);
    const card = el("polygon", { class: "card", points: points(print.corners), "vector-effect": "non-scaling-stroke" }, g);
    card.addEventListener("pointerdown", (event) => {
      if (state.adding) return;
      event.stopPropagation();
      select(i, -1);
    });
    // The top edge, thick, with an arrow pointing out of the print: which way is up.
    const [tl, tr] = print.corners;
    el("line", { class: "top", x1: tl[0], y1: tl[1], x2: tr[0], y2: tr[1], "vector-effect": "non-scaling-stroke" }, g);
    el("polygon", { class: "arrow", points: points(arrow(print.corners, unit)), "stroke-width": unit }, g);
    // The label sits just below the card's bottom edge, off the print.
    const [, , br, bl] = print.corners;
    const top = [(tl[0] + tr[0]) / 2, (tl[1] + tr[1]) / 2], bottom = [(bl[0] + br[0]) / 2, (bl[1] + br[1]) / 2];
    const down = Math.hypot(bottom[0] - top[0], bottom[1] - top[1]) || 1;
    const spot = [bottom[0] + (bottom[0] - top[0]) / down * 16 * unit, bottom[1] + (bottom[1] - top[1]) / down * 16 * unit];
    const label = el("text", { class: "label", x: spot[0], y: spot[1], "text-anchor": "middle", "dominant-baseline": "middle",
      "font-size": 13 * unit, "stroke-width": 3 * unit }, g);
    label.textContent = `${i + 1} · ${print.format || "auto"}${print.edited ? " · edited" : print.manual ? " · set by hand" : ` · ${Math.round(print.confidence * 100)} %`}`;
    print.corners.forEach((c, k) => {
      const handle = el("circle", {
        class: `corner${k === 0 ? " tl" : ""}${i === state.selected && k === state.corner ? " picked" : ""}`,
        cx: c[0], cy: c[1], r: (k === 0 ? 8 : 6.5) * unit, "stroke-width": 1.5 * unit,
      }, g);
      handle.addEventListener("pointerdown", (event) => startDrag(event, i, k));
    });
  });
  if (state.adding) {
    if (state.adding.length > 1) el("polyline", { class: "pending-line", points: points(state.adding), "vector-effect": "non-scaling-stroke" }, svg);
    for (const c of state.adding) el("circle", { class: "pending", cx: c[0], cy: c[1], r: 6 * unit, "stroke-width": unit }, svg);
  }
  updateButtons();
}

function centroid(corners) {
  return [corners.reduce((s, c) => s + c[0], 0) / 4, corners.reduce((s, c) => s + c[1], 0) / 4];
}

// A small triangle outside the middle of the top edge, pointing away from the print.
function arrow(corners, unit) {
  const [tl, tr] = corners;
  const mid = [(tl[0] + tr[0]) / 2, (tl[1] + tr[1]) / 2];
  const centre = centroid(corners);
  let out = [mid[0] - centre[0], mid[1] - centre[1]];
  const length = Math.hypot(out[0], out[1]) || 1;
  out = [out[0] / length, out[1] / length];
  const side = [-out[1], out[0]];
  const size = 11 * unit;
  const base = [mid[0] + out[0] * 5 * unit, mid[1] + out[1] * 5 * unit];
  return [
    [base[0] + side[0] * size, base[1] + side[1] * size],
    [base[0] + out[0] * size * 1.5, base[1] + out[1] * size * 1.5],
    [base[0] - side[0] * size, base[1] - side[1] * size],
  ];
}

// The window: the server's while the print is unchanged, else the format's template mapped onto
// the card through the homography from the unit square.
function windowOf(print) {
  if (!print.edited) return print.window;
  const format = state.formats.find((f) => f.name === print.format);
  if (!format) return null;
  const map = squareToQuad(print.corners);
  return map && format.window.map(([u, v]) => map(u, v));
}

// Heckbert's projective map from the unit square (0,0 1,0 1,1 0,1) to a quad.
function squareToQuad(q) {
  const [[x0, y0], [x1, y1], [x2, y2], [x3, y3]] = q;
  const sx = x0 - x1 + x2 - x3, sy = y0 - y1 + y2 - y3;
  let g = 0, h = 0;
  if (Math.abs(sx) > 1e-9 || Math.abs(sy) > 1e-9) {
    const dx1 = x1 - x2, dx2 = x3 - x2, dy1 = y1 - y2, dy2 = y3 - y2;
    const den = dx1 * dy2 - dx2 * dy1;
    if (Math.abs(den) < 1e-12) return null;
    g = (sx * dy2 - dx2 * sy) / den;
    h = (dx1 * sy - sx * dy1) / den;
  }
  const a = x1 - x0 + g * x1, b = x3 - x0 + h * x3, c = x0;
  const d = y1 - y0 + g * y1, e = y3 - y0 + h * y3, f = y0;
  return (u, v) => { const w = g * u + h * v + 1; return [(a * u + b * v + c) / w, (d * u + e * v + f) / w]; };
}

// ---------- the scans ----------

function renderScans() {
  const list = $("scan-list");
  list.replaceChildren();
  const photo = current();
  if (!photo.prints.length) {
    const p = document.createElement("p");
    p.className = "empty";
    p.textContent = "No scan of this photo yet. Place its prints and press Re-scan.";
    list.append(p);
    if (photo.error) {
      // The batch's own words, from its manifest: textContent, never markup.
      const why = document.createElement("p");
      why.className = "failure";
      why.textContent = `The batch failed on it: ${photo.error}`;
      list.append(why);
    }
    return;
  }
  photo.prints.forEach((print, i) => {
    const figure = document.createElement("figure");
    figure.className = `scan${state.fresh.has(photo.id) ? " fresh" : ""}`;
    const img = document.createElement("img");
    img.src = print.scanUrl;
    img.alt = `scan ${i + 1}`;
    img.loading = "lazy";
    const caption = document.createElement("figcaption");
    const chip = document.createElement("span");
    chip.className = `chip${print.manual ? " manual" : print.uncertain ? " uncertain" : ""}`;
    chip.textContent = print.manual ? "set by hand" : print.uncertain ? `${Math.round(print.confidence * 100)} % — check` : `${Math.round(print.confidence * 100)} %`;
    const name = document.createElement("b");
    name.textContent = `${i + 1}. ${print.format}`;
    const file = document.createElement("div");
    file.textContent = print.output;
    caption.append(name, " ", chip, file);
    figure.append(img, caption);
    list.append(figure);
  });
}

// ---------- editing ----------

function remember() {
  state.history.push(JSON.stringify({ prints: state.prints, selected: state.selected, corner: state.corner }));
  if (state.history.length > 200) state.history.shift();
}

function undo() {
  if (state.adding && state.adding.length) { state.adding.pop(); draw(); return; }
  const last = state.history.pop();
  if (!last) { hint("Nothing to undo."); return; }
  const saved = JSON.parse(last);
  state.prints = saved.prints;
  state.selected = saved.selected;
  state.corner = saved.corner;
  draw();
  hint("Undone.");
}

function select(print, corner) {
  state.selected = print;
  state.corner = corner;
  draw();
}

const edited = () => state.prints.some((p) => p.edited) || state.prints.length !== current().prints.length;

function toPhoto(event) {
  const svg = $("overlay");
  const point = svg.createSVGPoint();
  point.x = event.clientX;
  point.y = event.clientY;
  const p = point.matrixTransform(svg.getScreenCTM().inverse());
  const photo = current();
  return [Math.min(Math.max(p.x, -photo.width / 4), photo.width * 1.25), Math.min(Math.max(p.y, -photo.height / 4), photo.height * 1.25)];
}

function startDrag(event, printIndex, cornerIndex) {
  if (state.adding || state.busy) return;
  event.preventDefault();
  event.stopPropagation();
  remember();
  // The overlay captures the pointer, not the handle: every move redraws the handles.
  const svg = $("overlay");
  svg.setPointerCapture(event.pointerId);
  select(printIndex, cornerIndex);
  let moved = false;
  const move = (e) => {
    if (e.pointerId !== event.pointerId) return;
    const print = state.prints[printIndex];
    print.corners[cornerIndex] = toPhoto(e);
    print.edited = true;
    moved = true;
    draw();
    magnify(print.corners[cornerIndex]);
  };
  const end = (e) => {
    if (e.pointerId !== event.pointerId) return;
    svg.removeEventListener("pointermove", move);
    svg.removeEventListener("pointerup", end);
    svg.removeEventListener("pointercancel", end);
    if (svg.hasPointerCapture(event.pointerId)) svg.releasePointerCapture(event.pointerId);
    $("magnifier").hidden = true;
    if (!moved) state.history.pop();
    draw();
  };
  svg.addEventListener("pointermove", move);
  svg.addEventListener("pointerup", end);
  svg.addEventListener("pointercancel", end);
  magnify(state.prints[printIndex].corners[cornerIndex]);
}

// Shows the photo under `at` (photo pixels) four times larger, beside the corner.
function magnify(at) {
  const magnifier = $("magnifier");
  const frame = $("frame").getBoundingClientRect();
  const stage = $("stage").getBoundingClientRect();
  const photo = current();
  const zoom = 4;
  const size = 170;
  const sx = (at[0] / photo.width) * frame.width, sy = (at[1] / photo.height) * frame.height;
  magnifier.hidden = false;
  magnifier.style.backgroundImage = `url("${photo.previewUrl}")`;
  magnifier.style.backgroundSize = `${frame.width * zoom}px ${frame.height * zoom}px`;
  magnifier.style.backgroundPosition = `${size / 2 - sx * zoom}px ${size / 2 - sy * zoom}px`;
  // Up and to the side of the finger or pointer, inside the stage.
  let left = frame.left - stage.left + sx + 30, top = frame.top - stage.top + sy - size - 30;
  if (left + size > stage.width) left = frame.left - stage.left + sx - size - 30;
  if (top < 0) top = frame.top - stage.top + sy + 30;
  magnifier.style.left = `${left}px`;
  magnifier.style.top = `${top}px`;
}

function nudge(dx, dy) {
  const print = state.prints[state.selected];
  if (!print || state.corner < 0) return false;
  remember();
  const c = print.corners[state.corner];
  print.corners[state.corner] = [c[0] + dx, c[1] + dy];
  print.edited = true;
  draw();
  return true;
}

function toggleAdding() {
  if (state.busy) return;
  state.adding = state.adding ? null : [];
  $("stage").classList.toggle("adding", !!state.adding);
  hint(state.adding ? "Click the print's four corners (any order, starting anywhere); Esc to stop." : defaultHint());
  draw();
}

function addCorner(event) {
  if (!state.adding) {
    if (event.target === $("overlay")) select(-1, -1);
    return;
  }
  state.adding.push(toPhoto(event));
  if (state.adding.length === 4) {
    remember();
    state.prints.push({ corners: ordered(state.adding), format: "", window: null, confidence: 1, uncertain: false, manual: true, edited: true });
    state.adding = null;
    $("stage").classList.remove("adding");
    state.selected = state.prints.length - 1;
    state.corner = -1;
    hint("Print added (its top is the edge with the arrow; R turns it). Press Re-scan or Enter to scan it.");
  }
  draw();
}

// Four clicked points as TL TR BR BL: around their centre clockwise (y down), starting from the
// one nearest the photo's top-left.
function ordered(clicked) {
  const centre = centroid(clicked);
  const around = [...clicked].sort((a, b) => Math.atan2(a[1] - centre[1], a[0] - centre[0]) - Math.atan2(b[1] - centre[1], b[0] - centre[0]));
  let start = 0;
  around.forEach((c, i) => { if (c[0] + c[1] < around[start][0] + around[start][1]) start = i; });
  return [0, 1, 2, 3].map((k) => around[(start + k) % 4]);
}

function deleteSelected() {
  if (state.selected < 0 || state.busy) { hint("Select a print first (click inside it)."); return; }
  remember();
  state.prints.splice(state.selected, 1);
  state.selected = -1;
  state.corner = -1;
  draw();
  hint(state.prints.length ? "Print deleted. Re-scan to write the photo's scans again."
    : "No print left: Accept (Enter) records that this photo has none and removes its scans; or add one (A), or undo (Z).");
}

function rotateSelected() {
  const print = state.prints[state.selected];
  if (!print) { hint("Select a print first (click inside it)."); return; }
  remember();
  print.corners = [print.corners[1], print.corners[2], print.corners[3], print.corners[0]];
  print.edited = true;
  draw();
}

function setFormat(name) {
  const print = state.prints[state.selected];
  if (!print) return;
  remember();
  print.format = name;
  print.edited = true;
  draw();
}

function updateButtons() {
  const print = state.prints[state.selected];
  $("delete").disabled = !print || state.busy;
  $("rotate").disabled = !print || state.busy;
  $("format").disabled = !print || state.busy;
  $("format").value = print ? print.format || "" : "";
  $("undo").disabled = state.busy || (!state.history.length && !(state.adding && state.adding.length));
  $("rescan").disabled = state.busy || (!state.prints.length && !edited());
  $("accept").disabled = state.busy;
  $("add").classList.toggle("active", !!state.adding);
  $("prev").disabled = state.index === 0;
  $("next").disabled = state.index >= state.photos.length - 1;
}

// ---------- re-scan, accept, move ----------

async function rescan() {
  // No print: allowed once prints were deleted (the photo then has none, its scans go).
  if (state.busy || (!state.prints.length && !edited())) return false;
  const photo = current();
  state.busy = true;
  hint(`Scanning ${photo.photo} again…`, "busy");
  updateButtons();
  try {
    const body = { prints: state.prints.map((p) => (p.format ? { corners: p.corners, format: p.format } : { corners: p.corners })) };
    const updated = await api("PUT", `/api/photos/${photo.id}/corners`, body);
    state.photos[state.index] = updated;
    state.fresh.add(updated.id);
    state.busy = false;
    show(state.index);
    hint(updated.prints.length ? `Re-scanned: ${updated.prints.length} scan${updated.prints.length === 1 ? "" : "s"} written (outlined on the right).`
      : "Recorded: this photo has no print; its scans are removed.");
    summarize();
    return true;
  } catch (error) {
    state.busy = false;
    updateButtons();
    hint(`Re-scan refused: ${error.message}`, "error");
    return false;
  }
}

async function accept() {
  if (state.busy) return;
  const photo = current();
  // Unchanged corners of an uncertain print are confirmed by scanning at them by hand: the
  // manifest then records them, and the print stops being uncertain.
  if (edited() || state.prints.some((p) => p.uncertain)) {
    if (!(await rescan())) return;
  }
  state.accepted.add(photo.id);
  renderList();
  if (state.index < state.photos.length - 1) show(state.index + 1); else hint("That was the last photo. All done here.");
}

function go(step) {
  if (state.busy) return;
  if (edited() && !confirm("This photo has changes that are not re-scanned. Leave it anyway?")) return;
  show(state.index + step);
}

function hint(text, kind = "") {
  const node = $("hint");
  node.textContent = text;
  node.className = kind;
}

// ---------- wiring ----------

function keydown(event) {
  if ($("help").open) { if (event.key === "Escape" || event.key === "?") $("help").close(); return; }
  if (event.target.tagName === "SELECT" || event.ctrlKey && event.key !== "z" || event.metaKey && event.key !== "z" || event.altKey) return;
  const step = event.shiftKey ? 10 : 1;
  const handled = (() => {
    switch (event.key) {
      case "ArrowLeft": return nudge(-step, 0) || (go(-1), true);
      case "ArrowRight": return nudge(step, 0) || (go(1), true);
      case "ArrowUp": return nudge(0, -step);
      case "ArrowDown": return nudge(0, step);
      case "j": case "J": go(1); return true;
      case "k": case "K": go(-1); return true;
      case "Enter": accept(); return true;
      case "s": case "S": rescan(); return true;
      case "z": case "Z": undo(); return true;
      case "a": case "A": toggleAdding(); return true;
      case "r": case "R": rotateSelected(); return true;
      case "Delete": case "Backspace": deleteSelected(); return true;
      case "Escape":
        if (state.adding) toggleAdding(); else select(-1, -1);
        return true;
      case "Tab": {
        if (!state.prints.length) return false;
        const print = Math.max(0, state.selected);
        let corner = state.corner + (event.shiftKey ? -1 : 1);
        let index = print;
        if (corner > 3) { corner = 0; index = (print + 1) % state.prints.length; }
        if (corner < 0) { corner = 3; index = (print - 1 + state.prints.length) % state.prints.length; }
        select(index, corner);
        return true;
      }
      case "?": $("help").showModal(); return true;
      default: return false;
    }
  })();
  if (handled) event.preventDefault();
}

window.addEventListener("DOMContentLoaded", () => {
  $("prev").addEventListener("click", () => go(-1));
  $("next").addEventListener("click", () => go(1));
  $("add").addEventListener("click", toggleAdding);
  $("delete").addEventListener("click", deleteSelected);
  $("rotate").addEventListener("click", rotateSelected);
  $("format").addEventListener("change", (e) => setFormat(e.target.value));
  $("undo").addEventListener("click", undo);
  $("rescan").addEventListener("click", rescan);
  $("accept").addEventListener("click", accept);
  $("help-button").addEventListener("click", () => $("help").showModal());
  $("help-close").addEventListener("click", () => $("help").close());
  $("overlay").addEventListener("pointerdown", addCorner);
  $("preview").addEventListener("load", layout);
  window.addEventListener("resize", layout);
  document.addEventListener("keydown", keydown);
  load();
});
