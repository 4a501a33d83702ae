// paris-score board editor: the page `paris-score serve` shows (docs/table.md).
// The position lives here as a paris-position/1 object; the server referees,
// scores and draws it in one request a change (POST /api/table), redraws it with
// other overlays (/api/render) and converts it (/api/convert). No framework, no
// build step, no inline script (the CSP forbids it).
"use strict";

const SVG_NS = "http://www.w3.org/2000/svg";
const COLUMNS = "ABCDEFGH";
const STORAGE_KEY = "paris-score/position";
const HISTORY_KEY = "paris-score/history"; // {now: the stored position, undo: [...], redo: [...]}
const TOOL_KEY = "paris-score/tool"; // the last tool picked: a reload keeps it
const SELECTED_KEY = "paris-score/selected"; // the building taps extend: a reload keeps it open
const DRAG_KEY = "paris-score/drag-paint"; // "1" while Drag to paint is on: a reload keeps it
const CHANGE_MS = 6000; // how long the header says what a change did
const HISTORY_LIMIT = 100; // states kept for undo (and for redo), in memory and in storage
const FACING_TURN = { up: "right", right: "down", down: "left", left: "up" };
const TAP_TOOLS = new Set(["annex", "jardin", "painter", "dancer", "statue", "fountain", "streetlight",
  "large_streetlight", "chartier"]);
// What the next tap does, by tool (the hint under the verdict; toolHint() for the building tools and the pieces).
const HINTS = {
  "ground-o": "Tap to paint orange; a drag paints the spaces of the colour it starts on.",
  "ground-b": "Tap to paint blue; a drag paints the spaces of the colour it starts on.",
  "ground-m": "Tap to paint mixed; a drag paints the spaces of the colour it starts on.",
  "ground-l": "Tap to make a streetlight space; a drag makes those of the colour it starts on.",
  annex: "Tap the free space the annex stands on, beside its building; tap it again to remove it.",
  jardin: "Tap a building to make it the Jardin des Plantes (tap again to unmark it).",
  statue: "Tap to place the statue; tap it again to turn it.",
  erase: "Tap spaces to take pieces and buildings off them.",
};
// The words the page puts into its sentences (the position's own names are codes: "b", "orange", "up").
const PLAYER_NAMES = { orange: "orange", blue: "blue" };
const COLOUR_NAMES = { o: "orange", b: "blue", m: "mixed" };
const PIECE_NAMES = { painter: "painter", dancer: "dancer", statue: "statue", fountain: "fountain",
  streetlight: "streetlight tile", large_streetlight: "large streetlight", chartier: "Chartier space" };
const FACING_NAMES = { up: "up", right: "right", down: "down", left: "left" };
const OVERLAY_LABELS = { lit: "Lamps", groups: "Largest groups", painter: "Painter's area", dancer: "Dancer's area",
  "large-light": "Large streetlight's reach", problems: "Problems" };
const TAP_SLOP = 10; // CSS pixels a finger may move and still tap

let facts = null; // /static/facts.json: colours, geometry, postcards, patterns (from the library)
// Problems that more entry clears (a postcard or a reserve not marked yet, streetlight spaces not all painted),
// told apart from a position that breaks a rule: those stay whatever is added (facts.still_to_enter, set at start).
let stillToEnter = new Set();
let pos = null; // the position being entered
let undoStack = [];
let redoStack = [];
let tool = "ground-b";
let selected = null; // id of the building taps extend (select() keeps it)
let pendingAnnex = null; // {space, ids}: an annex tapped beside several buildings, waiting for a tap on the one it joins
let said = null; // a message in the hint's place until the next action (else the tool's hint, toolHint())
let stroke = null; // {cells: [sq...], last: [x, y], drags: bool, from: [clientX, clientY]} while the pointer is down
let dragPaints = false; // on a touch screen a swipe scrolls the page; "Drag to paint" makes it paint
let preview = null; // cells drawn over the picture until the next picture arrives
let sketched = null; // before the referee's first picture: the position whose cobblestones and buildings are drawn
let highlight = null; // {cells: Set, overlay: name|null, key: string}
let shown = new Set(); // overlays switched on by the toggles
let problems = [];
let problemsOpen = false; // every problem listed under the verdict, not only the first
let changes = []; // what the changes not yet answered did, in words (said in the header with the totals they made)
let shownScore = null; // {orange, blue, winner} as the header shows them
let changeTimer = null;
let breakdownOpen = false;
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

/** A change of the entry, said in the header (`what`: describe()'s words unless given) with the totals it makes. */
function commit(next, what = describe(pos, next)) {
  remember(undoStack, pos);
  redoStack = [];
  clearMessages();
  noteChange(what);
  setPosition(next);
}

/** After a change, what was said of an earlier import, export or share link is out of date. */
function clearMessages() {
  $("io-errors").replaceChildren();
  say("io-message", null);
  say("out-message", null);
  alertTop(null);
}

function setPosition(next) {
  pos = next;
  if (sketched) sketched = next;
  pendingAnnex = null;
  if (selected && !pos.buildings.some((b) => b.id === selected)) select(null);
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
  if (location.hash.startsWith("#position=")) history.replaceState(null, "", location.pathname + location.search);
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
    hint("Storage refused the undo history: the entry is kept, undo works until a reload.");
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
  const back = JSON.parse(undoStack.pop());
  remember(redoStack, pos);
  clearMessages();
  said = null;
  noteChange(`Undone: ${describe(pos, back) || "nothing"}`);
  setPosition(back);
}

function redo() {
  if (!redoStack.length) return;
  const again = JSON.parse(redoStack.pop());
  remember(undoStack, pos);
  clearMessages();
  said = null;
  noteChange(`Redone: ${describe(pos, again) || "nothing"}`);
  setPosition(again);
}

/** The building taps extend, kept in the browser's storage: a reload in the middle of a building keeps it open. */
function select(id) {
  selected = id;
  try {
    localStorage.setItem(SELECTED_KEY, id || "");
  } catch (e) {
    // not worth a word: the entry's own storage says when storage is refused
  }
}

// -- saying what a change did -------------------------------------------------------------------------------------

const colourAt = (p, sq) => p.ground[sq >> 3][sq & 7];

/** Spaces by name, or how many when they are many. */
const spaceList = (names) => (names.length <= 4 ? names.join(", ") : `${names.length} spaces`);

/** What changed from entry `a` to entry `b`, in words ("statue turned: faces down"), or null if nothing did. */
function describe(a, b) {
  const parts = [];
  for (const id of new Set([...a.buildings, ...b.buildings].map((x) => x.id))) {
    const x = a.buildings.find((v) => v.id === id);
    const y = b.buildings.find((v) => v.id === id);
    if (!x) {
      parts.push(`building ${id} of ${PLAYER_NAMES[y.owner]} drawn on ${spaceList(y.cells)}`);
      continue;
    }
    if (!y) {
      parts.push(`building ${id} removed`);
      continue;
    }
    const added = y.cells.filter((n) => !x.cells.includes(n));
    const gone = x.cells.filter((n) => !y.cells.includes(n));
    if (added.length) parts.push(`${spaceList(added)} added to building ${id}`);
    if (gone.length) parts.push(`${spaceList(gone)} taken off building ${id}`);
    if (x.owner !== y.owner) parts.push(`building ${id} is ${PLAYER_NAMES[y.owner]}'s now`);
    if (x.annex !== y.annex) parts.push(y.annex ? `annex on ${y.annex} joins building ${id}` : `annex on ${x.annex} taken off building ${id}`);
    if (!x.piece !== !y.piece) parts.push(y.piece ? `building ${id} is the Jardin des Plantes` : `building ${id} is no longer the Jardin des Plantes`);
  }
  const painted = {};
  for (let sq = 0; sq < 64; sq++) {
    if (colourAt(a, sq) !== colourAt(b, sq)) (painted[colourAt(b, sq)] ||= []).push(sqName(sq));
  }
  for (const [code, names] of Object.entries(painted)) {
    parts.push(code === "l" ? `streetlight spaces: ${spaceList(names)}` : `${COLOUR_NAMES[code]} cobblestones: ${spaceList(names)}`);
  }
  for (const [kind, name] of Object.entries(PIECE_NAMES)) {
    const at = (p) => (kind === "statue" ? p.pieces.statue && p.pieces.statue.at : p.pieces[kind]);
    const [x, y] = [at(a), at(b)];
    const facing = y && kind === "statue" ? FACING_NAMES[b.pieces.statue.facing] : null;
    if (x === y) {
      if (facing && a.pieces.statue.facing !== b.pieces.statue.facing) parts.push(`statue turned: faces ${facing}`);
    } else if (!y) parts.push(`${name} taken off ${x}`);
    else if (facing) parts.push(x ? `statue moved to ${y}, facing ${facing}` : `statue put on ${y}, facing ${facing}`);
    else parts.push(x ? `${name} moved to ${y}` : `${name} put on ${y}`);
  }
  for (const card of facts.cards) {
    let used = false;
    for (const player of ["orange", "blue"]) {
      const [x, y] = [a, b].map((p) => p.postcards[player].includes(card.slug));
      used ||= y && !x;
      if (x !== y) parts.push(y ? `${card.title} used by ${PLAYER_NAMES[player]}` : `${card.title} no longer used by ${PLAYER_NAMES[player]}`);
    }
    const [x, y] = [a, b].map((p) => p.postcards.in_play.includes(card.slug));
    if (x !== y && !used) parts.push(y ? `${card.title} in play` : `${card.title} out of play`);
  }
  for (const player of ["orange", "blue"]) {
    const [x, y] = [a, b].map((p) => p.reserve[player]);
    if (JSON.stringify(x) === JSON.stringify(y)) continue;
    const sizes = (y || []).map((e) => (typeof e === "number" ? e : e.size)).join(" ");
    parts.push(!y ? `${PLAYER_NAMES[player]} reserve: not given` : sizes ? `${PLAYER_NAMES[player]} reserve: ${sizes}` : `${PLAYER_NAMES[player]} reserve: none`);
  }
  if (JSON.stringify(a.rules) !== JSON.stringify(b.rules)) parts.push(`large streetlight pattern: ${b.rules.large_streetlight_pattern}`);
  if (!parts.length) return null;
  return parts.length <= 3 ? parts.join("; ") : `${parts.length} changes`;
}

/** Say a change in the header at once; its totals follow with the referee's answer (showChange). */
function noteChange(what) {
  if (!what) return;
  changes.push(what);
  showChange(null);
}

/** The changes not yet answered, in words, and once `after` ({orange, blue, winner}, the answer's) is in, what they
 * did to the totals; said over the title for a few seconds, Undo beside it. */
function showChange(after) {
  if (!changes.length) return;
  const last = changes[changes.length - 1];
  let text = changes.length === 1 ? last : `${changes.length} changes, the last: ${last}`;
  if (after && shownScore) {
    const moved = ["orange", "blue"].filter((p) => shownScore[p] !== after[p]);
    const score = moved.map((p) => `${PLAYER_NAMES[p]} ${shownScore[p]} → ${after[p]}`).join(", ") || "score unchanged";
    text = after.winner === shownScore.winner ? `${text}; ${score}` : `${text}; ${score}; ${after.winner}`;
  }
  $("change").textContent = text[0].toUpperCase() + text.slice(1);
  $("change").hidden = false;
  clearTimeout(changeTimer);
  changeTimer = setTimeout(() => {
    $("change").hidden = true;
  }, CHANGE_MS);
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

/** The spaces a stroke of a cobblestone tool paints: a tap its space; a drag the spaces it crosses that have the
 * colour of the one it starts on, none under a building (so a drag can cross what is entered already). */
function groundTargets(p, cells) {
  if (cells.length === 1) return cells;
  const start = colourAt(p, cells[0]);
  return [...new Set(cells)].filter((sq) => colourAt(p, sq) === start && !buildingAt(p, sq));
}

/** The ground under a blue building cannot be seen, and the board starts orange: its orange spaces are taken as
 * blue (P1), which the header says as it says the building. The Chartier space keeps its colour (P7). No score
 * changes: a colour counts on free spaces only (S5). */
function groundUnder(p, owner, cells) {
  const taken = cells.filter((sq) => colourAt(p, sq) === "o" && sqName(sq) !== p.pieces.chartier);
  if (owner === "blue") paintGround(p, taken, "b");
}

function build(p, cells, owner) {
  const start = buildingAt(p, cells[0]);
  const free = [...new Set(cells)].filter((sq) => !buildingAt(p, sq));
  if (!free.length) {
    // Built spaces only: select the building, and give it the tool's owner.
    if (start) {
      select(start.id);
      start.owner = owner;
    }
    return;
  }
  const current = p.buildings.find((b) => b.id === selected);
  if (cells.length === 1 && current && current.owner === owner && current.cells.some((n) => adjacent(sqOf(n), cells[0]))) {
    current.cells.push(sqName(cells[0]));
    groundUnder(p, owner, cells);
    return;
  }
  const id = nextId(p);
  if (id === null) return hint("No building ids left.");
  p.buildings.push({ id, owner, cells: free.map(sqName) });
  groundUnder(p, owner, free);
  select(id);
  // A drag always starts a new building, even from an existing one's space (a finger that slipped): said, with
  // the way to grow that one instead.
  if (start) hint(`New building ${id}; ${start.id}, where the drag started, stays as it was (tap it to grow it).`);
}

/** The buildings an annex on `sq` may join (P8): those beside it of the player who used Bouquinistes, else of the
 * space's colour, else any. */
function annexCandidates(p, sq) {
  const name = sqName(sq);
  const next = p.buildings.filter((b) => !b.cells.includes(name) && b.cells.some((n) => adjacent(sqOf(n), sq)));
  const user = ["orange", "blue"].find((player) => p.postcards[player].includes("bouquinistes"));
  const owner = user || { o: "orange", b: "blue" }[colourAt(p, sq)];
  const theirs = next.filter((b) => b.owner === owner);
  return theirs.length ? theirs : next;
}

/** An annex tapped: taken off if there is one; else put beside the one building it may join, or, beside several,
 * the page asks which (the next tap on one of them answers). */
function annex(p, sq) {
  const name = sqName(sq);
  const asked = pendingAnnex;
  pendingAnnex = null;
  const tapped = buildingAt(p, sq);
  if (asked && tapped && asked.ids.includes(tapped.id)) {
    join(p, tapped, sqOf(asked.space));
    return;
  }
  const holder = p.buildings.find((b) => b.annex === name);
  if (holder) {
    delete holder.annex;
    return;
  }
  const next = annexCandidates(p, sq);
  if (!next.length || tapped) return hint("The annex goes on a free space next to a building.");
  if (next.length > 1) {
    pendingAnnex = { space: name, ids: next.map((b) => b.id) };
    return;
  }
  join(p, next[0], sq);
}

/** The annex on `sq` joins `building` (its ground taken as the building's, as under a building drawn). */
function join(p, building, sq) {
  building.annex = sqName(sq);
  groundUnder(p, building.owner, [sq]);
  select(building.id);
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
  said = null;
  if (tool.startsWith("ground-")) paintGround(p, groundTargets(pos, cells), tool.slice(7));
  else if (tool.startsWith("building-")) build(p, cells, tool.slice(9));
  else if (tool === "erase") erase(p, cells);
  else if (tool === "annex") annex(p, cells[0]);
  else if (tool === "jardin") jardin(p, cells[0]);
  else piece(p, tool, cells[0]);
  if (JSON.stringify(p) !== JSON.stringify(pos)) commit(p);
  else drawOverlay();
  showHint();
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
  // A mouse or a pen drags to paint; a finger taps, and a swipe scrolls the page (CSS touch-action: pan-y)
  // unless Drag to paint is on.
  const drags = ev.pointerType !== "touch" || dragPaints;
  if (drags) {
    ev.preventDefault();
    $("overlay").setPointerCapture(ev.pointerId);
  }
  stroke = { cells: [sq], last: point, drags, from: [ev.clientX, ev.clientY] };
  drawOverlay();
}

function onPointerMove(ev) {
  if (!stroke) return;
  if (!stroke.drags) {
    // A finger moving off its space is a swipe, not a tap: nothing is painted.
    if (Math.hypot(ev.clientX - stroke.from[0], ev.clientY - stroke.from[1]) > TAP_SLOP) cancelStroke();
    return;
  }
  if (TAP_TOOLS.has(tool)) return;
  // A busy page gets one move per frame: the points between come with it, and a quick drag may turn corners.
  const moves = ev.getCoalescedEvents ? ev.getCoalescedEvents() : [];
  for (const move of moves.length ? moves : [ev]) addStrokePoint(pointToSvg(move));
  const from = tool.startsWith("building-") && stroke.cells.length > 1 && buildingAt(pos, stroke.cells[0]);
  if (from) hint(`Dragging a new building: building ${from.id}, where the drag started, stays as it was.`);
  drawOverlay();
}

function onPointerUp(ev) {
  if (!stroke) return;
  if (stroke.drags && !TAP_TOOLS.has(tool)) addStrokePoint(pointToSvg(ev));
  const cells = stroke.cells;
  stroke = null;
  if (tool.startsWith("ground-")) preview = { tool, cells: groundTargets(pos, cells) };
  else preview = tool.startsWith("building-") ? { tool, cells } : null;
  apply(cells);
}

function cancelStroke() {
  stroke = null;
  drawOverlay();
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
      else if (t.startsWith("building-") && !buildingAt(pos, sq)) cellRect(svg, sq, { class: "preview", fill: facts.building_fill[t.slice(9)], "fill-opacity": 0.8 }, 3);
      else if (t === "erase") cellRect(svg, sq, { class: "preview", fill: "#ffffff", "fill-opacity": 0.6 }, 3);
    }
  };
  if (sketched) {
    for (let sq = 0; sq < 64; sq++) {
      const colour = sketched.ground[sq >> 3][sq & 7];
      if (colour !== "o") cellRect(svg, sq, { class: "sketch", fill: facts.ground_colours[colour] }, 1);
    }
    for (const b of sketched.buildings) {
      for (const n of [...b.cells, ...(b.annex ? [b.annex] : [])]) {
        cellRect(svg, sqOf(n), { class: "sketch", fill: facts.building_fill[b.owner], "fill-opacity": 0.8 }, 3);
      }
    }
  }
  if (preview) paint(preview.cells, preview.tool);
  if (stroke) paint(tool.startsWith("ground-") ? groundTargets(pos, stroke.cells) : stroke.cells, tool);
  // Spaces of a broken rule in red, of an entry still to finish in amber (the verdict bar lists both).
  const marked = new Map();
  for (const p of problems) for (const n of p.spaces) if (kindOf(p) !== "warning" && marked.get(n) !== "error") marked.set(n, kindOf(p));
  for (const [n, kind] of marked) cellRect(svg, sqOf(n), { class: "problem " + kind, fill: "none", stroke: kind === "error" ? "#d62828" : "#c98a00", "stroke-width": 4, "stroke-dasharray": "7 4" }, 4);
  const current = pos && pos.buildings.find((b) => b.id === selected);
  if (current) {
    for (const n of current.cells) cellRect(svg, sqOf(n), { class: "selected", fill: "none", stroke: "#ffffff", "stroke-width": 3, "stroke-dasharray": "4 3" }, 6);
  }
  if (highlight) {
    for (const sq of highlight.cells) cellRect(svg, sq, { class: "highlight", fill: "#fff0a0", "fill-opacity": 0.35, stroke: "#ffd21f", "stroke-width": 5 }, 2);
  }
  if (pendingAnnex) {
    // The buildings the annex may join, to tap one of them; the annex's space.
    for (const b of pos.buildings.filter((x) => pendingAnnex.ids.includes(x.id))) {
      for (const n of b.cells) cellRect(svg, sqOf(n), { class: "choice", fill: "#ffd21f", "fill-opacity": 0.3, stroke: "#ffd21f", "stroke-width": 4 }, 3);
    }
    cellRect(svg, sqOf(pendingAnnex.space), { class: "choice-space", fill: "none", stroke: "#ffd21f", "stroke-width": 4, "stroke-dasharray": "6 4" }, 4);
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
  // The static page loads its referee on the first visit: said over the page's top edge (in both games' views),
  // until it runs; a referee that cannot start is said in the header, where the winner would be.
  $("engine-status").textContent = state.text;
  $("engine-status").hidden = state.stage !== "loading";
  if (state.stage === "failed") $("winner").textContent = state.text;
}

/**
 * A change's request to the referee, latest wins: `ask()` makes one request (for the entry as it is then) and
 * resolves to a function that shows its answer. The function returned asks at once when no request is under way;
 * while one is, it only remembers that the entry changed, and the answer that comes is dropped for one more
 * request, of the latest entry. So at most one request is in flight, and only the latest entry's answer is shown.
 */
function latestWins(ask) {
  let asking = false;
  let again = false;
  return async () => {
    if (asking) {
      again = true;
      return;
    }
    asking = true;
    let show;
    do {
      again = false;
      show = await ask();
    } while (again);
    asking = false;
    show();
  };
}

/** After a change: the totals shown are of an older entry (the body's "busy") until the referee's answer shows. */
function schedule() {
  document.body.classList.add("busy");
  refresh();
}

const refresh = latestWins(async () => {
  const drawing = ++pictureGeneration;
  let answer;
  try {
    answer = await post("/api/table" + overlayQuery(), JSON.stringify(pos));
    if (answer.status >= 500 || typeof answer.data !== "object") throw new Error(`the referee answered ${answer.status}`);
  } catch (e) {
    answer = null;
  }
  return () => {
    if (answer) {
      if (answer.status === 200 && drawing === pictureGeneration) showPicture(answer.data.svg);
      showResult(answer);
    }
    stale(!answer);
    $("computing").hidden = true; // the referee has answered (or failed to)
    document.body.classList.remove("busy");
  };
});

/** The totals shown are of an older entry (the referee did not answer): said next to them, until it answers. */
function stale(on) {
  document.body.classList.toggle("stale", on);
  $("stale").hidden = !on;
  if (on) {
    $("verdict").textContent = "The referee does not answer";
    $("verdict-bar").className = "verdict-bar error";
    showProblems([{ kind: "error", text: "The totals are of an earlier entry: each change asks again." }], []);
  }
}

function overlayQuery() {
  const names = new Set(shown);
  if (highlight && highlight.overlay) names.add(highlight.overlay);
  return names.size ? "?" + [...names].map((o) => "overlay=" + encodeURIComponent(o)).join("&") : "";
}

async function redraw() {
  const mine = ++pictureGeneration;
  const picture = await post("/api/render" + overlayQuery(), JSON.stringify(pos));
  if (mine === pictureGeneration && picture.status === 200) showPicture(picture.data);
}

function showPicture(text) {
  preview = null;
  sketched = null;
  const root = new DOMParser().parseFromString(text, "image/svg+xml").documentElement;
  root.removeAttribute("width");
  root.removeAttribute("height");
  $("picture").replaceChildren(document.importNode(root, true));
  drawOverlay();
}

/** "error" (a rule broken), "todo" (entry still in progress: more entry clears it) or "warning" (a note). */
function kindOf(problem) {
  if (stillToEnter.has(problem.code)) return "todo";
  return problem.severity;
}

const isEmpty = (p) => !p.buildings.length && !Object.keys(p.pieces).length && p.ground.every((r) => /^o+$/.test(r));

function showResult(answer) {
  const table = answer.status === 200 ? answer.data : null;
  problems = table ? table.check.problems : [];
  const breaks = problems.filter((p) => kindOf(p) === "error");
  const todo = problems.filter((p) => kindOf(p) === "todo");
  const report = table && table.score;
  const leftOut = table ? table.left_out : [];
  const final = !!report && !breaks.length && !todo.length && !leftOut.length;
  document.body.classList.toggle("illegal", breaks.length > 0);
  document.body.classList.toggle("unfinished", !breaks.length && todo.length > 0);
  $("not-final").hidden = !report || final || isEmpty(pos);
  const bar = $("verdict-bar");
  const verdict = $("verdict");
  const first = []; // said before the problems: why the entry is not read, or what the score leaves out
  if (!table) {
    verdict.textContent = "The entry cannot be read";
    bar.className = "verdict-bar error";
    first.push(...messages(answer.data).map((text) => ({ kind: "error", text })));
  } else if (breaks.length) {
    verdict.textContent = breaks.length === 1 ? "Breaks a rule: score not final" : `Breaks ${breaks.length} rules: score not final`;
    bar.className = "verdict-bar error";
  } else if (todo.length) {
    verdict.textContent = `Entry not finished: ${todo.length} to enter`;
    bar.className = "verdict-bar todo";
  } else {
    verdict.textContent = problems.length ? `Legal: the score is final (${count(problems.length, "note")})` : "Legal: the score is final";
    bar.className = "verdict-bar legal";
  }
  if (leftOut.length) first.push({ kind: "warning", text: `Scored without ${andList(leftOut)}, which stands on another piece`, rule: "W1" });
  const winner = $("winner");
  if (report) {
    $("total-orange").textContent = report.players.orange.total;
    $("total-blue").textContent = report.players.blue.total;
    // A board without buildings is no game yet: the referee names no winner (paris-table/1's winner is null).
    if (table.winner === null) winner.textContent = isEmpty(pos) ? "the board is empty" : "no buildings yet";
    else winner.textContent = table.winner === "tie" ? "a tie" : `${PLAYER_NAMES[table.winner]} wins`;
    winner.className = "winner " + (table.winner || "");
  } else {
    $("total-orange").textContent = "–";
    $("total-blue").textContent = "–";
    winner.textContent = "no score";
    winner.className = "winner";
  }
  const after = report && { orange: report.players.orange.total, blue: report.players.blue.total, winner: winner.textContent };
  showChange(after);
  changes = [];
  if (after) shownScore = after;
  showBreakdown(report, table ? table.counted : null);
  showProblems(first, problems);
  drawOverlay();
}

/** "A", "A and B", "A, B and C" (also used by paris2020.js). */
const andList = (names) => (names.length < 2 ? names.join("") : `${names.slice(0, -1).join(", ")} and ${names[names.length - 1]}`);
const count = (n, word) => `${n} ${word}${n === 1 ? "" : "s"}`;

function messages(data) {
  if (!data || typeof data !== "object") return [String(data)];
  const lines = (data.errors || []).map((e) => (e.where ? `${e.where}: ${e.message}` : e.message));
  return lines.length ? lines : [data.error];
}

const cardTitle = (slug) => (facts.cards.find((c) => c.slug === slug) || { title: slug }).title;
const CARD_OVERLAYS = { "le-peintre": "painter", "moulin-rouge": "dancer" };

/** The spaces of the buildings named by ``ids`` (of ``player``), annexes included. */
function buildingCells(ids, player) {
  const cells = new Set();
  for (const b of pos.buildings) {
    if (ids.includes(b.id) && b.owner === player) for (const n of [...b.cells, ...(b.annex ? [b.annex] : [])]) cells.add(sqOf(n));
  }
  return cells;
}

/** The breakdown, from the paris-score/1 report: per player, a line per scoring line; a line that counted
 * spaces shows them on the board when tapped. */
function showBreakdown(report, counted) {
  const list = $("breakdown");
  list.replaceChildren();
  if (!report) return;
  const line = (text, points, found, cls, key) => {
    const item = document.createElement("li");
    const button = document.createElement("button");
    button.type = "button";
    button.className = "line " + cls + (found ? " counts" : "");
    const what = document.createElement("span");
    what.className = "what";
    what.append(...text);
    button.appendChild(what);
    if (points !== null) {
      const n = document.createElement("span");
      n.className = "points";
      n.textContent = points;
      button.appendChild(n);
    }
    if (found) {
      button.addEventListener("click", () => toggleHighlight({ ...found, key }));
      button.setAttribute("aria-pressed", String(!!highlight && highlight.key === key));
    } else button.disabled = true;
    item.appendChild(button);
    list.appendChild(item);
  };
  const rule = (id) => {
    const small = document.createElement("small");
    small.className = "rule";
    small.textContent = id;
    return small;
  };
  for (const player of ["orange", "blue"]) {
    const s = report.players[player];
    line([player[0].toUpperCase() + player.slice(1)], s.total, null, "head " + player, player);
    line(["Lit buildings ", rule("S1")], s.lit_buildings.points, null, "section", player + "-lit");
    for (const b of s.lit_buildings.buildings) {
      const cells = buildingCells([b.id], player);
      for (const lamp of b.lamps) cells.add(sqOf(lamp));
      const lamps = b.lamps.length ? ` (${b.lamps.join(", ")})` : "";
      line([`${b.id}: ${count(b.size, "space")} × ${count(b.lamps.length, "lamp")}${lamps}`], b.points, { cells, overlay: "lit" }, "item", `${player}-lit-${b.id}`);
    }
    const group = s.largest_group.buildings;
    line(["Largest group ", rule("S2")], s.largest_group.points, group.length ? { cells: buildingCells(group, player), overlay: "groups" } : null, "section", player + "-group");
    line([group.length ? group.join(" + ") : "no buildings"], null, null, "item", "");
    const u = s.unbuilt;
    const left = !u.given ? "none entered (counted as none)" : u.count ? `${u.count} left (size${u.count === 1 ? "" : "s"} ${u.sizes.join(", ")})` : "none left";
    line(["Buildings not built ", rule("S3")], u.points, null, "section", player + "-unbuilt");
    line([left + (u.waived_by ? `, waived by ${cardTitle(u.waived_by)}` : "")], null, null, "item", "");
    line(["Postcards ", rule("S4")], s.postcards.points, null, "section", player + "-cards");
    for (const c of s.postcards.cards) {
      const spaces = ((counted && counted[player][c.card]) || []).map(sqOf);
      const found = spaces.length || CARD_OVERLAYS[c.card] ? { cells: new Set(spaces), overlay: CARD_OVERLAYS[c.card] || null } : null;
      line([`${cardTitle(c.card)}: ${c.detail}`], c.points, found, "item", `${player}-card-${c.card}`);
    }
    line([`Free spaces of ${player}'s colour (settles a tie): ${s.free_own_spaces}`], null, null, "item tie-break", "");
  }
  for (const note of report.notes) line([note], null, null, "note", "");
}

const PROBLEM_KINDS = { error: "Breaks a rule", todo: "To enter", warning: "Note" };
let firstCut = false; // the first problem's words do not all fit the verdict's slot

/** Under the verdict: `first` (what the verdict adds), then the referee's problems, rule breaks first, then what is
 * still to enter, then notes; each that names spaces marks them on the board when tapped. */
function showProblems(first, found) {
  const list = $("problems");
  list.replaceChildren();
  const order = { error: 0, todo: 1, warning: 2 };
  const sorted = found.map((p, i) => [p, i]).sort(([a], [b]) => order[kindOf(a)] - order[kindOf(b)]);
  const items = [
    ...first,
    ...sorted.map(([p, i]) => ({ kind: kindOf(p), text: p.message[0].toUpperCase() + p.message.slice(1), rule: p.rule, spaces: p.spaces, key: "problem" + i })),
  ];
  for (const p of items) {
    const item = document.createElement("li");
    const button = document.createElement("button");
    button.type = "button";
    button.className = "problem " + p.kind;
    const label = document.createElement("span");
    label.className = "kind";
    label.textContent = PROBLEM_KINDS[p.kind];
    const rule = document.createElement("small");
    rule.className = "rule";
    rule.textContent = p.rule || "";
    const text = document.createElement("span");
    text.className = "text";
    text.append(label, " ", p.text + " ", rule);
    button.appendChild(text);
    if (p.spaces && p.spaces.length) {
      button.addEventListener("click", () => {
        toggleHighlight({ cells: new Set(p.spaces.map(sqOf)), overlay: null, key: p.key });
        // The board in view (below the sticky header), to see the marks.
        const top = document.querySelector("header.top").getBoundingClientRect().bottom;
        const box = $("board").getBoundingClientRect();
        if (box.top < top || box.bottom > window.innerHeight) window.scrollBy(0, box.top - top - 4);
      });
    } else button.disabled = true;
    item.appendChild(button);
    list.appendChild(item);
  }
  showMoreProblems();
}

/** The button that lays every problem over the tools, or folds them back to the first (the tools never move). A
 * lone problem cut short in the slot gets it too ("More"): measured at the next frame, which lays the page out
 * anyway, rather than laying it out once more now. */
function showMoreProblems() {
  $("verdict-bar").classList.toggle("open", problemsOpen);
  firstCut = false;
  labelMoreProblems();
  if (!problemsOpen && $("problems").children.length === 1) {
    requestAnimationFrame(() => {
      const first = $("problems").querySelector(".text");
      firstCut = !problemsOpen && !!first && first.scrollHeight > first.clientHeight + 1;
      labelMoreProblems();
    });
  }
}

function labelMoreProblems() {
  const more = $("more-problems");
  const n = $("problems").children.length;
  more.hidden = n < 2 && !(n === 1 && firstCut) && !problemsOpen;
  if (problemsOpen) more.textContent = n > 1 ? "Only the first" : "Less";
  else more.textContent = n > 1 ? `All ${n}` : "More";
  more.setAttribute("aria-expanded", String(problemsOpen));
}

/** The breakdown, folded under the Score panel's button until asked (or the totals tapped). */
function showBreakdownBox(open) {
  breakdownOpen = open;
  $("breakdown-box").hidden = !open;
  $("show-breakdown").setAttribute("aria-expanded", String(open));
  $("totals").setAttribute("aria-expanded", String(open));
  $("show-breakdown").textContent = open ? "Fold the lines" : "Show every line";
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
    // What the reserve holds, in a row of fixed height above its buttons: a chip added moves no button.
    const box = document.createElement("div");
    box.className = "reserve " + player;
    box.dataset.player = player;
    const state = document.createElement("div");
    state.className = "state";
    const title = document.createElement("span");
    title.className = "who";
    title.textContent = `${PLAYER_NAMES[player]}:`;
    state.appendChild(title);
    const entries = pos.reserve[player]; // undefined: not given (S3)
    if (!entries) {
      const note = document.createElement("span");
      note.className = "not-given";
      note.textContent = "not given: counted as none, with a warning";
      state.appendChild(note);
    } else if (!entries.length) {
      const none = document.createElement("span");
      none.className = "none";
      none.textContent = "none";
      state.appendChild(none);
    }
    (entries || []).forEach((entry, i) => {
      const size = typeof entry === "number" ? entry : entry.size;
      const chip = toggleButton(String(size) + (typeof entry === "number" ? "" : "▦"), true, () => edit((p) => p.reserve[player].splice(i, 1)), "chip");
      chip.title = "remove this building from the reserve";
      state.appendChild(chip);
    });
    const buttons = document.createElement("div");
    buttons.className = "buttons";
    for (const size of facts.box_sizes) {
      buttons.appendChild(toggleButton("+" + size, false, () => edit((p) => (p.reserve[player] ||= []).push(size)), "add"));
    }
    const none = toggleButton("none", !!entries && !entries.length, () => edit((p) => (p.reserve[player] = [])), "clear");
    none.title = "every building was built";
    buttons.appendChild(none);
    const unknown = toggleButton("unknown", !entries, () => edit((p) => delete p.reserve[player]), "unknown");
    unknown.title = "the reserve is not known: counted as none, with a warning";
    buttons.appendChild(unknown);
    box.append(state, buttons);
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
  showHint();
}

function edit(change) {
  const p = copy(pos);
  said = null;
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
  pendingAnnex = null;
  said = null;
  for (const b of document.querySelectorAll("#tools .tool")) b.setAttribute("aria-pressed", String(b.dataset.tool === name));
  drawOverlay();
  showHint();
  try {
    localStorage.setItem(TOOL_KEY, name);
  } catch (e) {
    // the tool is not worth a word: the entry's own storage says when storage is refused
  }
}

/** Drag to paint on or off (kept in the browser's storage, as the tool is), said in the hint unless `quiet`. */
function setDragPaints(on, quiet = false) {
  dragPaints = on;
  $("drag-paint").setAttribute("aria-pressed", String(dragPaints));
  $("board").classList.toggle("drag-paints", dragPaints);
  try {
    localStorage.setItem(DRAG_KEY, dragPaints ? "1" : "0");
  } catch (e) {
    // as for the tool
  }
  if (!quiet) hint(dragPaints ? "A drag on the board paints now; scroll beside it, or turn Drag to paint off." : "A swipe on the board scrolls the page again; tap a space to paint it.");
}

/** A message in the hint's place, until the next action brings the tool's hint back. */
function hint(text) {
  said = text;
  showHint();
}

function showHint() {
  $("hint").textContent = said || toolHint();
}

/** What the next tap does, from the tool and the entry (a hint that stays true as the entry changes). */
function toolHint() {
  if (pendingAnnex) return `The annex on ${pendingAnnex.space} touches ${andList(pendingAnnex.ids)}: tap the building it joins.`;
  if (tool.startsWith("building-")) {
    const current = pos && pos.buildings.find((b) => b.id === selected && b.owner === tool.slice(9));
    if (current) return `Tap a space next to building ${current.id} to add it; New building starts another.`;
    return "The next tap or drag starts a new building.";
  }
  return HINTS[tool] || `Tap a space to place the ${PIECE_NAMES[tool]}; tap it again to take it off.`;
}

/** A message at the top of the page (a damaged share link) with the details under it, or none. */
function alertTop(text, details = []) {
  $("alert-text").textContent = text || "";
  $("alert-lines").replaceChildren(...details.map((line) => Object.assign(document.createElement("li"), { textContent: line })));
  $("alert-details").hidden = !details.length;
  $("alert").hidden = !text;
}

/** A message next to the buttons that caused it (an import's, or an export's), or none. */
function say(id, text, error = false) {
  $(id).textContent = text || "";
  $(id).className = "io-message" + (error ? " error" : "");
  $(id).hidden = !text;
}

// -- in and out ---------------------------------------------------------------------------------------------------

/** Put a text grid or JSON (pasted, a file's, a share link's) on the board; false, said, if it cannot be read. */
async function loadText(text, source) {
  let answer;
  try {
    answer = await post("/api/convert?to=json", text);
  } catch (e) {
    refused(source, ["the referee does not answer"]);
    return false;
  }
  if (answer.status !== 200) {
    refused(source, messages(answer.data));
    return false;
  }
  select(null);
  commit(complete(answer.data), source === "link" ? "Opened the share link" : `Loaded ${source}`);
  if (source === "link") hint("Opened the share link: Undo brings back the entry you had.");
  else say("io-message", `Loaded ${source}.`);
  return true;
}

/** Why what was given could not be loaded; the entry stays as it was. A share link is said at the top. */
function refused(source, lines) {
  if (source === "link") {
    alertTop("This share link is damaged (cut short or altered): the last entry is kept.", lines);
    return;
  }
  const errors = $("io-errors");
  errors.replaceChildren();
  for (const line of lines) {
    const item = document.createElement("li");
    item.className = "problem error";
    item.textContent = line;
    errors.appendChild(item);
  }
  say("io-message", `Not loaded: ${source} ${lines.length === 1 ? "cannot be read" : `has ${count(lines.length, "error")}`}. The board is as it was.`, true);
}

const SIGNATURES = [
  ["a PNG picture", [0x89, 0x50, 0x4e, 0x47]],
  ["a JPEG photo", [0xff, 0xd8, 0xff]],
  ["a GIF picture", [0x47, 0x49, 0x46, 0x38]],
  ["a PDF document", [0x25, 0x50, 0x44, 0x46]],
  ["a ZIP archive or an office document", [0x50, 0x4b, 0x03, 0x04]],
  ["a WebP or other RIFF file", [0x52, 0x49, 0x46, 0x46]],
];

/** What a file that is not text looks like ("" when unknown), or null for text (UTF-8, no NUL byte). */
function binaryKind(bytes) {
  for (const [name, signature] of SIGNATURES) if (signature.every((b, i) => bytes[i] === b)) return name;
  if (bytes.includes(0)) return "";
  try {
    new TextDecoder("utf-8", { fatal: true }).decode(bytes);
    return null;
  } catch (e) {
    return "";
  }
}

async function loadFile(file) {
  const bytes = new Uint8Array(await file.arrayBuffer());
  const kind = binaryKind(bytes);
  if (kind === null) return loadText(new TextDecoder().decode(bytes), file.name);
  refused(file.name, [`this is not a text file${kind ? ` (${kind}?)` : ""}: open a text grid (.txt) or a paris-position/1 JSON document (.json)`]);
  return false;
}

/** Have the browser save `data` (text) as a file `name` (also used by paris2020.js). */
function saveFile(data, name, type) {
  const link = document.createElement("a");
  link.href = URL.createObjectURL(new Blob([data], { type }));
  link.download = name;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(link.href), 1000);
}

async function download(to, name, type) {
  const answer = await post("/api/convert?to=" + to, JSON.stringify(pos));
  if (answer.status !== 200) return say("out-message", messages(answer.data).join("; "), true);
  saveFile(typeof answer.data === "string" ? answer.data : JSON.stringify(answer.data, null, 2), name, type);
  const unknown = notGiven(pos);
  if (to === "text" && unknown.length) {
    say("out-message", `Saved with ${unknown.map((p) => `"${p} reserve: unknown"`).join(" and ")}: not given, counted as none with a warning.`);
  } else say("out-message", `Saved as ${name}.`);
}

/** A share link's code for `text`: its UTF-8 bytes in base64url, without padding (also used by paris2020.js). */
function linkCode(text) {
  let binary = "";
  for (const b of new TextEncoder().encode(text)) binary += String.fromCharCode(b);
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

function encodeFragment(p) {
  return "position=" + linkCode(JSON.stringify(p));
}

/** The text a share link holds; null if the address holds none; an Error saying what is wrong if it is damaged. */
function decodeFragment(hash) {
  if (!hash.startsWith("#position=")) return null;
  return textOfCode(hash.slice("#position=".length), "position");
}

/** The text of a share link's code (linkCode's); an Error saying what is wrong if it is damaged. */
function textOfCode(padded, what) {
  const code = padded.replace(/=+$/, ""); // base64's padding, if an encoder added it
  const stray = /[^A-Za-z0-9_-]/.exec(code);
  if (stray) throw new Error(`a stray "${stray[0]}" at character ${stray.index + 1} of its code`);
  if (!code) throw new Error(`it holds no ${what}`);
  let binary;
  try {
    binary = atob(code.replace(/-/g, "+").replace(/_/g, "/"));
  } catch (e) {
    throw new Error("its code is cut short or altered");
  }
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)));
  } catch (e) {
    throw new Error("its code is altered (it decodes to no text)");
  }
}

/** A share link's entry to sketch while the referee starts (which then reads the link for real), or null. */
function linkSketch() {
  let p;
  try {
    p = complete(JSON.parse(decodeFragment(location.hash)));
  } catch (e) {
    return null; // no link, a damaged one or a text grid: nothing to sketch
  }
  const rows = Array.isArray(p.ground) && p.ground.length === 8;
  const ground = rows && p.ground.every((r) => typeof r === "string" && r.length === 8 && [...r].every((c) => c in facts.ground_colours));
  const buildings = Array.isArray(p.buildings) && p.buildings.every((b) => b && b.owner in facts.building_fill && Array.isArray(b.cells) && b.cells.every((n) => sqOf(n) >= 0) && (!b.annex || sqOf(b.annex) >= 0));
  return ground && buildings ? p : null;
}

/** Open the share link in the address, if there is one; false if there is none or it is damaged (said). */
async function openLink() {
  let shared;
  try {
    shared = decodeFragment(location.hash);
  } catch (e) {
    refused("link", [e.message]);
    return false;
  }
  if (shared === null) return false;
  window.scrollTo(0, 0); // a link opens at the top of the page, as a new page would
  return loadText(shared, "link");
}

async function share() {
  const url = location.href.split("#")[0] + "#" + encodeFragment(pos);
  history.replaceState(null, "", url);
  $("share-link").value = url;
  $("share-link").select();
  try {
    await navigator.clipboard.writeText(url);
    say("out-message", "Share link copied: it holds the whole position.");
  } catch (e) {
    say("out-message", "Copy the share link below: it holds the whole position.");
  }
}

// -- start --------------------------------------------------------------------------------------------------------

async function start() {
  if (inBrowser) engine.onProgress(showEngine);
  facts = inBrowser ? await engine.facts() : await (await fetch("/static/facts.json")).json();
  stillToEnter = new Set(facts.still_to_enter);
  const overlay = $("overlay");
  const w = facts.width;
  overlay.setAttribute("viewBox", `0 0 ${w} ${w}`);
  overlay.addEventListener("pointerdown", onPointerDown);
  overlay.addEventListener("pointermove", onPointerMove);
  overlay.addEventListener("pointerup", onPointerUp);
  overlay.addEventListener("pointercancel", cancelStroke);
  for (const b of document.querySelectorAll("#tools .tool")) b.addEventListener("click", () => selectTool(b.dataset.tool));
  for (const name of facts.overlays) {
    const b = toggleButton(OVERLAY_LABELS[name] || name, false, () => {
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
  $("new-building").addEventListener("click", () => {
    select(null);
    said = tool.startsWith("building-") ? null : "The next tap or drag with a building tool starts a new building.";
    drawControls();
    drawOverlay();
  });
  $("delete-building").addEventListener("click", () => edit((p) => { p.buildings = p.buildings.filter((b) => b.id !== selected); }));
  $("clear").addEventListener("click", () => {
    select(null);
    said = null;
    commit(emptyPosition(), "Board emptied");
  });
  $("show-breakdown").addEventListener("click", () => showBreakdownBox(!breakdownOpen));
  $("totals").addEventListener("click", () => {
    showBreakdownBox(true);
    $("score-panel").scrollIntoView({ block: "start" });
  });
  $("first-game").addEventListener("click", () => edit((p) => {
    p.postcards.in_play = facts.cards.filter((c) => c.starred).map((c) => c.slug);
    for (const player of ["orange", "blue"]) p.postcards[player] = p.postcards[player].filter((c) => p.postcards.in_play.includes(c));
  }));
  $("pattern").addEventListener("change", (ev) => {
    if (ev.target.value !== "custom") edit((p) => { p.rules.large_streetlight_pattern = ev.target.value; });
  });
  $("load-paste").addEventListener("click", () => loadText($("paste").value, "the pasted text"));
  $("upload").addEventListener("change", async (ev) => {
    const file = ev.target.files[0];
    if (file) await loadFile(file);
    ev.target.value = "";
  });
  $("drag-paint").addEventListener("click", () => setDragPaints(!dragPaints));
  $("download-json").addEventListener("click", () => download("json", "position.json", "application/json"));
  $("download-text").addEventListener("click", () => download("text", "position.txt", "text/plain"));
  $("share").addEventListener("click", share);
  $("alert-close").addEventListener("click", () => alertTop(null));
  $("more-problems").addEventListener("click", () => {
    problemsOpen = !problemsOpen;
    showMoreProblems();
  });
  window.addEventListener("hashchange", openLink);
  document.addEventListener("keydown", (ev) => {
    if (!(ev.ctrlKey || ev.metaKey) || ev.target.tagName === "TEXTAREA" || ev.target.tagName === "INPUT") return;
    if (ev.key === "z" && !ev.shiftKey) { ev.preventDefault(); undo(); }
    else if (ev.key === "y" || (ev.key === "Z" && ev.shiftKey)) { ev.preventDefault(); redo(); }
  });
  const kept = {};
  try {
    for (const key of [TOOL_KEY, SELECTED_KEY, DRAG_KEY]) kept[key] = localStorage.getItem(key);
  } catch (e) {
    // no storage: the default tool, no building open, Drag to paint off
  }
  const tools = [...document.querySelectorAll("#tools .tool")].map((b) => b.dataset.tool);
  selectTool(tools.includes(kept[TOOL_KEY]) ? kept[TOOL_KEY] : tool);
  setDragPaints(kept[DRAG_KEY] === "1", true);
  pos = emptyPosition();
  const restored = restore();
  if (pos.buildings.some((b) => b.id === kept[SELECTED_KEY])) selected = kept[SELECTED_KEY];
  // Until the referee's first answer (seconds on the static page's first visit): the entry, or the share link's,
  // sketched on an empty board, the totals marked as being computed.
  showPicture(facts.empty_board);
  sketched = linkSketch() || pos;
  drawOverlay();
  $("computing").hidden = false;
  // A share link goes on top of the stored entry: undo brings that entry back. A damaged one leaves it as it is.
  if (await openLink()) {
    if (!restored) {
      undoStack = []; // nothing to go back to but an empty board
      hint("Opened the share link.");
    }
    drawControls();
    store();
    return;
  }
  setPosition(pos);
}

document.addEventListener("DOMContentLoaded", start);
