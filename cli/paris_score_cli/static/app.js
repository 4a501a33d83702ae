// paris-score board editor: the page `paris-score serve` shows (docs/table.md).
// The position lives here as a paris-position/1 object; the server referees,
// scores, draws and converts it (POST /api/check, /api/score, /api/render,
// /api/convert). No framework, no build step, no inline script (the CSP forbids it).
"use strict";

const SVG_NS = "http://www.w3.org/2000/svg";
const COLUMNS = "ABCDEFGH";
const STORAGE_KEY = "paris-score/position";
const HISTORY_KEY = "paris-score/history"; // {now: the stored position, undo: [...], redo: [...]}
const HISTORY_LIMIT = 100; // states kept for undo (and for redo), in memory and in storage
const DEBOUNCE_MS = 120;
const FACING_TURN = { up: "right", right: "down", down: "left", left: "up" };
const TAP_TOOLS = new Set(["annex", "jardin", "painter", "dancer", "statue", "fountain", "streetlight",
  "large_streetlight", "chartier"]);
const HINTS = {
  "ground-o": "Tap or drag to paint orange cobblestones.",
  "ground-b": "Tap or drag to paint blue cobblestones.",
  "ground-m": "Tap or drag to paint mixed cobblestones.",
  "ground-l": "Tap or drag to paint streetlight spaces.",
  "building-orange": "Drag across a building's spaces (or tap them one by one); tap a building to select it or make it orange.",
  "building-blue": "Drag across a building's spaces (or tap them one by one); tap a building to select it or make it blue.",
  annex: "Tap the free space next to a building that carries the annex; tap the annex to remove it.",
  jardin: "Tap a building to mark it as the Jardin des Plantes (tap again to unmark).",
  statue: "Tap to place the statue; tap it again to turn it.",
  erase: "Tap or drag to remove pieces and buildings from spaces.",
};

let facts = null; // /static/facts.json: colours, geometry, postcards, patterns (from the library)
let pos = null; // the position being entered
let undoStack = [];
let redoStack = [];
let tool = "ground-b";
let selected = null; // id of the building taps extend
let stroke = null; // {cells: [sq...], last: [x, y]} while the pointer is down
let preview = null; // cells drawn over the picture until the next picture arrives
let highlight = null; // {cells: Set, overlay: name|null, key: string}
let shown = new Set(); // overlays switched on by the toggles
let problems = [];
let timer = null; // a refresh waiting for the entry to settle
let generation = 0; // the latest refresh: an older answer is dropped
let pictureGeneration = 0; // the latest picture (a refresh or a redraw of the overlays)

const $ = (id) => document.getElementById(id);

// -- spaces --------------------------------------------------------------------------------------------------

const sqName = (sq) => COLUMNS[sq & 7] + ((sq >> 3) + 1);
function sqOf(name) {
  const m = /^([A-Ha-h])([1-8])$/.exec(name || "");
  return m ? (Number(m[2]) - 1) * 8 + COLUMNS.indexOf(m[1].toUpperCase()) : -1;
}
const adjacent = (a, b) => (Math.abs((a & 7) - (b & 7)) + Math.abs((a >> 3) - (b >> 3))) === 1;

function emptyPosition() {
  return {
    format: facts.format,
    ground: Array(8).fill("o".repeat(8)),
    buildings: [],
    reserve: {}, // a player left out has not given a reserve (S3): scored as none, with a warning
    postcards: { in_play: [], orange: [], blue: [] },
    pieces: {},
    rules: { large_streetlight_pattern: facts.default_pattern },
  };
}

/** Fill in the keys a loaded position may leave out, so that editing code finds them (a reserve not given stays out). */
function complete(p) {
  const e = emptyPosition();
  return {
    format: facts.format,
    ground: p.ground,
    buildings: p.buildings || [],
    reserve: { ...(p.reserve || {}) },
    postcards: { ...e.postcards, ...(p.postcards || {}) },
    pieces: { ...(p.pieces || {}) },
    rules: { ...e.rules, ...(p.rules || {}) },
  };
}

const copy = (p) => JSON.parse(JSON.stringify(p));
const notGiven = (p) => ["orange", "blue"].filter((player) => !p.reserve[player]);

// -- history and storage -------------------------------------------------------------------------------------

function remember(stack, p) {
  stack.push(JSON.stringify(p));
  if (stack.length > HISTORY_LIMIT) stack.shift();
}

function commit(next) {
  remember(undoStack, pos);
  redoStack = [];
  setPosition(next);
}

function setPosition(next) {
  pos = next;
  if (selected && !pos.buildings.some((b) => b.id === selected)) selected = null;
  store();
  highlight = null;
  drawControls();
  drawOverlay();
  schedule();
}

/** Keep the entry, then its undo and redo history, in the browser's storage: a reload finds both. */
function store() {
  const now = JSON.stringify(pos);
  // A share link in the address is of an older entry now: a reload must show this one, not the link's.
  if (location.hash) history.replaceState(null, "", location.pathname + location.search);
  try {
    localStorage.setItem(STORAGE_KEY, now);
  } catch (e) {
    return hint("This browser does not keep the entry (storage refused): download it before closing.");
  }
  try {
    localStorage.setItem(HISTORY_KEY, `{"now":${now},"undo":[${undoStack.join(",")}],"redo":[${redoStack.join(",")}]}`);
  } catch (e) {
    try {
      localStorage.removeItem(HISTORY_KEY); // an older history must not be taken for this entry's
    } catch (ignored) {}
    hint("This browser keeps the entry but not its undo history (storage refused): undo works until a reload.");
  }
}

/** The stored entry and, if it was stored with it, its history; false if there is no entry to restore. */
function restore() {
  let stored = null;
  let kept = null;
  try {
    stored = localStorage.getItem(STORAGE_KEY);
    kept = localStorage.getItem(HISTORY_KEY);
  } catch (e) {
    hint("This browser does not keep the entry (storage refused): download it before closing.");
  }
  if (!stored) return false;
  try {
    pos = complete(JSON.parse(stored));
  } catch (e) {
    hint("The stored entry could not be read; starting from an empty board.");
    return false;
  }
  try {
    const h = JSON.parse(kept);
    // The history is this entry's only if it was stored with it (another tab may have stored its own since).
    if (h && JSON.stringify(h.now) === stored && Array.isArray(h.undo) && Array.isArray(h.redo)) {
      const states = (list) => list.slice(-HISTORY_LIMIT).map((p) => JSON.stringify(complete(p)));
      undoStack = states(h.undo);
      redoStack = states(h.redo);
    }
  } catch (e) {
    // no history, or an unreadable one: the entry alone, as before it was kept
  }
  return true;
}

function undo() {
  if (!undoStack.length) return;
  remember(redoStack, pos);
  setPosition(JSON.parse(undoStack.pop()));
}

function redo() {
  if (!redoStack.length) return;
  remember(undoStack, pos);
  setPosition(JSON.parse(redoStack.pop()));
}

// -- editing ------------------------------------------------------------------------------------------------

function buildingAt(p, sq) {
  const name = sqName(sq);
  return p.buildings.find((b) => b.cells.includes(name) || b.annex === name) || null;
}

function nextId(p) {
  const used = new Set(p.buildings.map((b) => b.id));
  for (const c of "ABCDEFGHIJKLMNOPQRSTUVWXYZ") if (!used.has(c)) return c;
  for (const c of "ABCDEFGHIJKLMNOPQRSTUVWXYZ") for (const d of "123456789") if (!used.has(c + d)) return c + d;
  return null;
}

function paintGround(p, cells, code) {
  const rows = p.ground.map((r) => r.split(""));
  for (const sq of cells) rows[sq >> 3][sq & 7] = code;
  p.ground = rows.map((r) => r.join(""));
}

function build(p, cells, owner) {
  const start = buildingAt(p, cells[0]);
  const free = [...new Set(cells)].filter((sq) => !buildingAt(p, sq));
  if (start) {
    if (free.length === 0) {
      selected = start.id;
      start.owner = owner;
      return;
    }
    start.cells.push(...free.map(sqName));
    selected = start.id;
    return;
  }
  const current = p.buildings.find((b) => b.id === selected);
  if (cells.length === 1 && current && current.owner === owner && current.cells.some((n) => adjacent(sqOf(n), cells[0]))) {
    current.cells.push(sqName(cells[0]));
    return;
  }
  const id = nextId(p);
  if (id === null) return hint("No building ids left.");
  p.buildings.push({ id, owner, cells: free.map(sqName) });
  selected = id;
}

function annex(p, sq) {
  const name = sqName(sq);
  const holder = p.buildings.find((b) => b.annex === name);
  if (holder) {
    delete holder.annex;
    return;
  }
  const next = p.buildings.filter((b) => !b.cells.includes(name) && b.cells.some((n) => adjacent(sqOf(n), sq)));
  if (!next.length) return hint("The annex goes on a free space next to a building.");
  const colour = p.ground[sq >> 3][sq & 7];
  const chosen = next.find((b) => b.id === selected) || next.find((b) => b.owner[0] === colour) || next[0];
  chosen.annex = name;
  selected = chosen.id;
}

function jardin(p, sq) {
  const b = buildingAt(p, sq);
  if (!b) return hint("Tap a building to make it the Jardin des Plantes.");
  if (b.piece === "jardin-des-plantes") delete b.piece;
  else b.piece = "jardin-des-plantes";
}

function piece(p, kind, sq) {
  const name = sqName(sq);
  const here = kind === "statue" ? p.pieces.statue && p.pieces.statue.at : p.pieces[kind];
  if (kind === "statue") {
    if (here === name) p.pieces.statue.facing = FACING_TURN[p.pieces.statue.facing] || "up";
    else p.pieces.statue = { at: name, facing: "up" };
  } else if (here === name) {
    delete p.pieces[kind];
  } else {
    p.pieces[kind] = name;
  }
}

function erase(p, cells) {
  for (const sq of cells) {
    const name = sqName(sq);
    for (const [kind, value] of Object.entries(p.pieces)) {
      if (value === name || (value && value.at === name)) delete p.pieces[kind];
    }
    for (const b of p.buildings) {
      if (b.annex === name) delete b.annex;
      b.cells = b.cells.filter((n) => n !== name);
    }
  }
  p.buildings = p.buildings.filter((b) => b.cells.length);
}

function apply(cells) {
  const p = copy(pos);
  if (tool.startsWith("ground-")) paintGround(p, cells, tool.slice(7));
  else if (tool.startsWith("building-")) build(p, cells, tool.slice(9));
  else if (tool === "erase") erase(p, cells);
  else if (tool === "annex") annex(p, cells[0]);
  else if (tool === "jardin") jardin(p, cells[0]);
  else piece(p, tool, cells[0]);
  if (JSON.stringify(p) !== JSON.stringify(pos)) commit(p);
  else drawOverlay();
}

// -- the board: pointer input and the drawing over the server's picture -------------------------------------------

function pointToSvg(ev) {
  const box = $("overlay").getBoundingClientRect();
  return [((ev.clientX - box.left) / box.width) * facts.width, ((ev.clientY - box.top) / box.height) * facts.width];
}

function cellAt([x, y]) {
  const c = Math.floor((x - facts.margin) / facts.square);
  const r = Math.floor((y - facts.margin) / facts.square);
  return c >= 0 && c < 8 && r >= 0 && r < 8 ? r * 8 + c : -1;
}

function addStrokePoint(point) {
  // Sample the segment from the last point, so that a quick drag paints every space it crosses.
  const [x0, y0] = stroke.last;
  const steps = Math.max(1, Math.ceil(Math.hypot(point[0] - x0, point[1] - y0) / (facts.square / 5)));
  for (let i = 1; i <= steps; i++) {
    const sq = cellAt([x0 + ((point[0] - x0) * i) / steps, y0 + ((point[1] - y0) * i) / steps]);
    if (sq >= 0 && stroke.cells[stroke.cells.length - 1] !== sq) stroke.cells.push(sq);
  }
  stroke.last = point;
}

function onPointerDown(ev) {
  if (ev.button !== undefined && ev.button > 0) return;
  const point = pointToSvg(ev);
  const sq = cellAt(point);
  if (sq < 0) return;
  ev.preventDefault();
  $("overlay").setPointerCapture(ev.pointerId);
  stroke = { cells: [sq], last: point };
  drawOverlay();
}

function onPointerMove(ev) {
  if (!stroke || TAP_TOOLS.has(tool)) return;
  // A busy page gets one move per frame: the points between come with it, and a quick drag may turn corners.
  const moves = ev.getCoalescedEvents ? ev.getCoalescedEvents() : [];
  for (const move of moves.length ? moves : [ev]) addStrokePoint(pointToSvg(move));
  drawOverlay();
}

function onPointerUp(ev) {
  if (!stroke) return;
  if (!TAP_TOOLS.has(tool)) addStrokePoint(pointToSvg(ev));
  const cells = stroke.cells;
  stroke = null;
  preview = tool.startsWith("ground-") || tool.startsWith("building-") ? { tool, cells } : null;
  apply(cells);
}

function svgEl(parent, tag, attrs) {
  const el = document.createElementNS(SVG_NS, tag);
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, v);
  parent.appendChild(el);
  return el;
}

function cellRect(parent, sq, attrs, inset = 0) {
  const s = facts.square;
  return svgEl(parent, "rect", {
    x: facts.margin + (sq & 7) * s + inset,
    y: facts.margin + (sq >> 3) * s + inset,
    width: s - 2 * inset,
    height: s - 2 * inset,
    ...attrs,
  });
}

function drawOverlay() {
  const svg = $("overlay");
  svg.replaceChildren();
  // 64 targets, so that every space can be hit and named (tests and screen readers use the names).
  for (let sq = 0; sq < 64; sq++) {
    cellRect(svg, sq, { class: "cell", "data-space": sqName(sq), fill: "transparent" }).appendChild(
      document.createElementNS(SVG_NS, "title"),
    ).textContent = sqName(sq);
  }
  const paint = (cells, t) => {
    for (const sq of cells) {
      if (t.startsWith("ground-")) cellRect(svg, sq, { class: "preview", fill: facts.ground_colours[t.slice(7)] }, 1);
      else if (t.startsWith("building-")) cellRect(svg, sq, { class: "preview", fill: facts.building_fill[t.slice(9)], "fill-opacity": 0.8 }, 3);
      else if (t === "erase") cellRect(svg, sq, { class: "preview", fill: "#ffffff", "fill-opacity": 0.6 }, 3);
    }
  };
  if (preview) paint(preview.cells, preview.tool);
  if (stroke) paint(stroke.cells, tool);
  const problemCells = new Set(problems.filter((p) => p.severity === "error").flatMap((p) => p.spaces.map(sqOf)));
  for (const sq of problemCells) cellRect(svg, sq, { class: "problem", fill: "none", stroke: "#d62828", "stroke-width": 4, "stroke-dasharray": "7 4" }, 4);
  const current = pos && pos.buildings.find((b) => b.id === selected);
  if (current) {
    for (const n of current.cells) cellRect(svg, sqOf(n), { class: "selected", fill: "none", stroke: "#ffffff", "stroke-width": 3, "stroke-dasharray": "4 3" }, 6);
  }
  if (highlight) {
    for (const sq of highlight.cells) cellRect(svg, sq, { class: "highlight", fill: "#fff0a0", "fill-opacity": 0.35, stroke: "#ffd21f", "stroke-width": 5 }, 2);
  }
}

// -- talking to the server, or to Python in the browser --------------------------------------------------------

// The static page (`paris-score site`) loads static/engine.js before this file: its referee runs in the browser.
const inBrowser = typeof engine !== "undefined";

async function post(path, body) {
  if (inBrowser) return engine.post(path, body);
  const response = await fetch(path, { method: "POST", body, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  const type = response.headers.get("Content-Type") || "";
  const data = type.startsWith("application/json") ? await response.json() : await response.text();
  return { status: response.status, data };
}

function showEngine(state) {
  // The static page loads its referee on the first visit: say so (with the step) until the first score.
  if (state.stage !== "ready") $("winner").textContent = state.text;
}

function schedule() {
  clearTimeout(timer);
  document.body.classList.add("busy"); // the totals shown are of an older entry until the refresh answers
  timer = setTimeout(() => {
    timer = null;
    refresh();
  }, DEBOUNCE_MS);
}

function overlaysWanted() {
  const names = new Set(shown);
  if (highlight && highlight.overlay) names.add(highlight.overlay);
  return [...names];
}

async function refresh() {
  const mine = ++generation;
  const drawing = ++pictureGeneration;
  const body = JSON.stringify(pos);
  const query = overlaysWanted().map((o) => "overlay=" + encodeURIComponent(o)).join("&");
  document.body.classList.add("busy");
  try {
    const [check, score, text, picture] = await Promise.all([
      post("/api/check", body),
      post("/api/score?no-check", body),
      post("/api/score?no-check&format=text", body),
      post("/api/render" + (query ? "?" + query : ""), body),
    ]);
    if (mine !== generation) return;
    if (drawing === pictureGeneration) showPicture(picture);
    showResult(check, score, text);
  } catch (e) {
    if (mine === generation) $("verdict").textContent = "The server does not answer: is paris-score serve still running?";
  } finally {
    if (mine === generation && timer === null) document.body.classList.remove("busy");
  }
}

async function redraw() {
  const mine = ++pictureGeneration;
  const query = overlaysWanted().map((o) => "overlay=" + encodeURIComponent(o)).join("&");
  const picture = await post("/api/render" + (query ? "?" + query : ""), JSON.stringify(pos));
  if (mine === pictureGeneration) showPicture(picture);
}

function showPicture(picture) {
  preview = null;
  if (picture.status === 200) {
    const doc = new DOMParser().parseFromString(picture.data, "image/svg+xml");
    const root = doc.documentElement;
    root.removeAttribute("width");
    root.removeAttribute("height");
    $("picture").replaceChildren(document.importNode(root, true));
  }
  drawOverlay();
}

function showResult(check, score, text) {
  const board = document.body;
  problems = check.status === 200 ? check.data.problems : [];
  const legal = check.status === 200 && check.data.legal;
  board.classList.toggle("illegal", !legal);
  const verdict = $("verdict");
  if (check.status !== 200) verdict.textContent = "Unreadable: " + messages(check.data).join("; ");
  else if (legal) verdict.textContent = `Legal (${count(check.data.counts.warnings, "warning")}).`;
  else verdict.textContent = `Not legal: ${count(check.data.counts.errors, "error")}, ${count(check.data.counts.warnings, "warning")}. The score below is not final.`;
  if (score.status === 200) {
    const r = score.data;
    $("total-orange").textContent = r.players.orange.total;
    $("total-blue").textContent = r.players.blue.total;
    $("winner").textContent = r.winner === "tie" ? "a tie" : `${r.winner} wins`;
    $("winner").className = "winner " + r.winner;
  } else {
    $("total-orange").textContent = "–";
    $("total-blue").textContent = "–";
    $("winner").textContent = "no score";
    $("winner").className = "winner";
  }
  showBreakdown(text.status === 200 ? text.data : messages(text.data).join("\n"));
  showProblems();
  drawOverlay();
}

const count = (n, word) => `${n} ${word}${n === 1 ? "" : "s"}`;

function messages(data) {
  if (!data || typeof data !== "object") return [String(data)];
  const lines = (data.errors || []).map((e) => (e.where ? `${e.where}: ${e.message}` : e.message));
  return lines.length ? lines : [data.error];
}

// A line of the breakdown -> what it counted: the spaces it names, the buildings it names, an overlay.
function lineHighlight(line, section, player) {
  const cells = new Set((line.match(/\b[A-H][1-8]\b/g) || []).map(sqOf));
  const ids = [];
  const row = /^ {4}([A-Za-z0-9]{1,2}) +\d+ x \d+ = /.exec(line);
  if (row) ids.push(row[1]);
  if (section === "S2" && /^ {4}\S/.test(line)) ids.push(...line.trim().split(" + "));
  let overlay = section === "S1" ? "lit" : section === "S2" ? "groups" : null;
  if (/^ {4}Le Peintre:/.test(line)) overlay = "painter";
  if (/^ {4}Moulin Rouge:/.test(line)) overlay = "dancer";
  for (const id of ids) {
    const b = pos.buildings.find((x) => x.id === id && (!player || x.owner === player));
    if (b) for (const n of [...b.cells, ...(b.annex ? [b.annex] : [])]) cells.add(sqOf(n));
  }
  return cells.size || overlay ? { cells, overlay } : null;
}

function showBreakdown(text) {
  const list = $("breakdown");
  list.replaceChildren();
  let section = null;
  let player = null;
  text.split("\n").forEach((line, i) => {
    if (!line.trim()) return;
    if (/^(ORANGE|BLUE)$/.test(line)) player = line.toLowerCase();
    const m = /\((S\d)\)/.exec(line);
    if (m) section = m[1];
    const item = document.createElement("li");
    const found = lineHighlight(line, section, player);
    const button = document.createElement("button");
    button.type = "button";
    button.className = "line" + (found ? " counts" : "") + (/^(ORANGE|BLUE|RESULT)/.test(line) ? " head" : "");
    button.textContent = line;
    const key = "line" + i;
    if (found) {
      button.addEventListener("click", () => toggleHighlight({ ...found, key }));
      button.setAttribute("aria-pressed", String(!!highlight && highlight.key === key));
    } else button.disabled = !found;
    item.appendChild(button);
    list.appendChild(item);
  });
}

function showProblems() {
  const list = $("problems");
  list.replaceChildren();
  problems.forEach((p, i) => {
    const item = document.createElement("li");
    const button = document.createElement("button");
    button.type = "button";
    button.className = "problem " + p.severity;
    button.textContent = `${p.severity} ${p.rule} ${p.code}: ${p.message}` + (p.spaces.length ? ` [${p.spaces.join(" ")}]` : "");
    button.addEventListener("click", () => toggleHighlight({ cells: new Set(p.spaces.map(sqOf)), overlay: null, key: "problem" + i }));
    item.appendChild(button);
    list.appendChild(item);
  });
}

function toggleHighlight(next) {
  const same = highlight && highlight.key === next.key;
  const overlayChanged = (highlight && highlight.overlay) !== (same ? null : next.overlay);
  highlight = same ? null : next;
  for (const b of document.querySelectorAll("#breakdown button.counts, #problems button")) b.removeAttribute("aria-pressed");
  drawOverlay();
  if (overlayChanged) redraw();
}

// -- the side panels -----------------------------------------------------------------------------------------

function toggleButton(label, pressed, onClick, cls = "") {
  const b = document.createElement("button");
  b.type = "button";
  b.textContent = label;
  b.className = cls;
  b.setAttribute("aria-pressed", String(pressed));
  b.addEventListener("click", onClick);
  return b;
}

function drawControls() {
  const cards = $("cards");
  cards.replaceChildren();
  for (const card of facts.cards) {
    const row = document.createElement("tr");
    row.dataset.card = card.slug;
    const name = document.createElement("td");
    name.textContent = card.title + (card.starred ? " ★" : "");
    row.appendChild(name);
    const inPlay = pos.postcards.in_play.includes(card.slug);
    const cell = (b) => {
      const td = document.createElement("td");
      td.appendChild(b);
      row.appendChild(td);
    };
    cell(toggleButton(inPlay ? "yes" : "no", inPlay, () => edit((p) => toggleCard(p, card.slug)), "in-play"));
    for (const player of ["orange", "blue"]) {
      const used = pos.postcards[player].includes(card.slug);
      cell(toggleButton(player, used, () => edit((p) => useCard(p, card.slug, player)), "used " + player));
    }
    cards.appendChild(row);
  }
  const reserves = $("reserves");
  reserves.replaceChildren();
  for (const player of ["orange", "blue"]) {
    const box = document.createElement("div");
    box.className = "reserve " + player;
    box.dataset.player = player;
    const title = document.createElement("span");
    title.className = "who";
    title.textContent = player + ":";
    box.appendChild(title);
    const entries = pos.reserve[player]; // undefined: not given (S3)
    if (!entries) {
      const note = document.createElement("span");
      note.className = "not-given";
      note.textContent = "not given: counted as none, with a warning; add its sizes or tap none";
      box.appendChild(note);
    } else if (!entries.length) {
      const none = document.createElement("span");
      none.className = "none";
      none.textContent = "none";
      box.appendChild(none);
    }
    (entries || []).forEach((entry, i) => {
      const size = typeof entry === "number" ? entry : entry.size;
      const chip = toggleButton(String(size) + (typeof entry === "number" ? "" : "▦"), true, () => edit((p) => p.reserve[player].splice(i, 1)), "chip");
      chip.title = "remove this building from the reserve";
      box.appendChild(chip);
    });
    for (const size of facts.box_sizes) {
      box.appendChild(toggleButton("+" + size, false, () => edit((p) => (p.reserve[player] ||= []).push(size)), "add"));
    }
    const none = toggleButton("none", !!entries && !entries.length, () => edit((p) => (p.reserve[player] = [])), "clear");
    none.title = "every building was built";
    box.appendChild(none);
    const unknown = toggleButton("unknown", !entries, () => edit((p) => delete p.reserve[player]), "unknown");
    unknown.title = "the reserve is not known: counted as none, with a warning";
    box.appendChild(unknown);
    reserves.appendChild(box);
  }
  const select = $("pattern");
  const pattern = pos.rules.large_streetlight_pattern;
  select.replaceChildren();
  for (const name of facts.patterns) select.appendChild(new Option(name + (name === facts.default_pattern ? " (default)" : ""), name));
  if (typeof pattern !== "string") select.appendChild(new Option("custom offsets (as loaded)", "custom"));
  select.value = typeof pattern === "string" ? pattern : "custom";
  $("undo").disabled = !undoStack.length;
  $("redo").disabled = !redoStack.length;
  $("delete-building").disabled = !selected;
}

function edit(change) {
  const p = copy(pos);
  change(p);
  if (JSON.stringify(p) !== JSON.stringify(pos)) commit(p);
}

function toggleCard(p, slug) {
  const list = p.postcards.in_play;
  if (list.includes(slug)) {
    p.postcards.in_play = list.filter((c) => c !== slug);
    for (const player of ["orange", "blue"]) p.postcards[player] = p.postcards[player].filter((c) => c !== slug);
  } else list.push(slug);
}

function useCard(p, slug, player) {
  const other = player === "orange" ? "blue" : "orange";
  if (p.postcards[player].includes(slug)) {
    p.postcards[player] = p.postcards[player].filter((c) => c !== slug);
    return;
  }
  p.postcards[player].push(slug);
  p.postcards[other] = p.postcards[other].filter((c) => c !== slug);
  if (!p.postcards.in_play.includes(slug)) p.postcards.in_play.push(slug);
}

function selectTool(name) {
  tool = name;
  for (const b of document.querySelectorAll("#tools .tool")) b.setAttribute("aria-pressed", String(b.dataset.tool === name));
  hint(HINTS[name] || `Tap a space to place the ${name.replace("_", " ")}; tap it again to remove it.`);
}

function hint(text) {
  $("hint").textContent = text;
}

// -- in and out ---------------------------------------------------------------------------------------------------

async function loadText(text) {
  const errors = $("io-errors");
  errors.replaceChildren();
  const answer = await post("/api/convert?to=json", text);
  if (answer.status !== 200) {
    for (const line of messages(answer.data)) {
      const item = document.createElement("li");
      item.className = "problem error";
      item.textContent = line;
      errors.appendChild(item);
    }
    return false;
  }
  selected = null;
  commit(complete(answer.data));
  hint("Loaded.");
  return true;
}

async function download(to, name, type) {
  const answer = await post("/api/convert?to=" + to, JSON.stringify(pos));
  if (answer.status !== 200) return hint(messages(answer.data).join("; "));
  const data = typeof answer.data === "string" ? answer.data : JSON.stringify(answer.data, null, 2);
  const link = document.createElement("a");
  link.href = URL.createObjectURL(new Blob([data], { type }));
  link.download = name;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(link.href), 1000);
  const unknown = notGiven(pos);
  if (to === "text" && unknown.length) {
    hint(`Saved with ${unknown.map((p) => `"${p} reserve: unknown"`).join(" and ")}: not given, counted as none with a warning.`);
  }
}

function encodeFragment(p) {
  const bytes = new TextEncoder().encode(JSON.stringify(p));
  let binary = "";
  for (const b of bytes) binary += String.fromCharCode(b);
  return "position=" + btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

function decodeFragment(hash) {
  const m = /^#position=([A-Za-z0-9_-]+)$/.exec(hash);
  if (!m) return null;
  const binary = atob(m[1].replace(/-/g, "+").replace(/_/g, "/"));
  return new TextDecoder().decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)));
}

async function share() {
  const url = location.href.split("#")[0] + "#" + encodeFragment(pos);
  history.replaceState(null, "", url);
  $("share-link").value = url;
  $("share-link").select();
  try {
    await navigator.clipboard.writeText(url);
    hint("Share link copied: it holds the whole position.");
  } catch (e) {
    hint("Copy the share link below: it holds the whole position.");
  }
}

// -- start --------------------------------------------------------------------------------------------------------

async function start() {
  if (inBrowser) engine.onProgress(showEngine);
  facts = inBrowser ? await engine.facts() : await (await fetch("/static/facts.json")).json();
  const overlay = $("overlay");
  const w = facts.width;
  overlay.setAttribute("viewBox", `0 0 ${w} ${w}`);
  overlay.addEventListener("pointerdown", onPointerDown);
  overlay.addEventListener("pointermove", onPointerMove);
  overlay.addEventListener("pointerup", onPointerUp);
  overlay.addEventListener("pointercancel", () => { stroke = null; drawOverlay(); });
  for (const b of document.querySelectorAll("#tools .tool")) b.addEventListener("click", () => selectTool(b.dataset.tool));
  for (const name of facts.overlays) {
    const b = toggleButton(name, false, () => {
      if (shown.has(name)) shown.delete(name);
      else shown.add(name);
      b.setAttribute("aria-pressed", String(shown.has(name)));
      redraw();
    }, "overlay-toggle");
    b.dataset.overlay = name;
    $("overlay-toggles").appendChild(b);
  }
  $("undo").addEventListener("click", undo);
  $("redo").addEventListener("click", redo);
  $("new-building").addEventListener("click", () => { selected = null; drawControls(); drawOverlay(); hint("The next tap or drag starts a new building."); });
  $("delete-building").addEventListener("click", () => edit((p) => { p.buildings = p.buildings.filter((b) => b.id !== selected); }));
  $("clear").addEventListener("click", () => { selected = null; commit(emptyPosition()); });
  $("first-game").addEventListener("click", () => edit((p) => {
    p.postcards.in_play = facts.cards.filter((c) => c.starred).map((c) => c.slug);
    for (const player of ["orange", "blue"]) p.postcards[player] = p.postcards[player].filter((c) => p.postcards.in_play.includes(c));
  }));
  $("pattern").addEventListener("change", (ev) => {
    if (ev.target.value !== "custom") edit((p) => { p.rules.large_streetlight_pattern = ev.target.value; });
  });
  $("load-paste").addEventListener("click", () => loadText($("paste").value));
  $("upload").addEventListener("change", async (ev) => {
    const file = ev.target.files[0];
    if (file) await loadText(await file.text());
    ev.target.value = "";
  });
  $("download-json").addEventListener("click", () => download("json", "position.json", "application/json"));
  $("download-text").addEventListener("click", () => download("text", "position.txt", "text/plain"));
  $("share").addEventListener("click", share);
  window.addEventListener("hashchange", async () => {
    try {
      const text = decodeFragment(location.hash);
      if (text) await loadText(text);
    } catch (e) {
      hint("The share link is damaged.");
    }
  });
  document.addEventListener("keydown", (ev) => {
    if (!(ev.ctrlKey || ev.metaKey) || ev.target.tagName === "TEXTAREA" || ev.target.tagName === "INPUT") return;
    if (ev.key === "z" && !ev.shiftKey) { ev.preventDefault(); undo(); }
    else if (ev.key === "y" || (ev.key === "Z" && ev.shiftKey)) { ev.preventDefault(); redo(); }
  });
  selectTool(tool);
  pos = emptyPosition();
  const restored = restore();
  let shared = null;
  try {
    shared = decodeFragment(location.hash);
  } catch (e) {
    hint("The share link is damaged; the last entry is shown instead.");
  }
  // A share link goes on top of the stored entry: undo brings that entry back.
  if (shared && (await loadText(shared))) {
    if (!restored) undoStack = []; // nothing to go back to but an empty board
    drawControls();
    store();
    return;
  }
  setPosition(pos);
}

document.addEventListener("DOMContentLoaded", start);
