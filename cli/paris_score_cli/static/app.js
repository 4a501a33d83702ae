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
  "ground-o": "page.hint.ground-o",
  "ground-b": "page.hint.ground-b",
  "ground-m": "page.hint.ground-m",
  "ground-l": "page.hint.ground-l",
  annex: "page.hint.annex",
  jardin: "page.hint.jardin",
  statue: "page.hint.statue",
  erase: "page.hint.erase",
};
const GROUND_CHANGES = { o: "page.change.ground-o", b: "page.change.ground-b", m: "page.change.ground-m", l: "page.change.ground-l" };
const PIECES = ["painter", "dancer", "statue", "fountain", "streetlight", "large_streetlight", "chartier"];
const OVERLAY_LABELS = { lit: "page.overlay.lit", groups: "page.overlay.groups", painter: "page.overlay.painter",
  dancer: "page.overlay.dancer", "large-light": "page.overlay.large-light", problems: "page.overlay.problems" };
const PROBLEM_KINDS = { error: "page.kind.error", todo: "page.kind.todo", warning: "page.kind.warning" };
// The words of the game are the library's (player.orange, piece.painter, card.le-peintre, facing.up): the position
// names them by code, and each language's catalog says them as that edition prints them.
const T = i18n.text;
const say = i18n.say;
const playerWord = (name) => T(`player.${name}`);
const pieceWord = (kind) => T(`piece.${kind}`);
const cardWord = (slug) => T(`card.${slug}`);
/** A text said with its first letter in capitals (a sentence of its own). */
const sentence = (text) => {
  const words = say(text);
  return words.charAt(0).toUpperCase() + words.slice(1);
};
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
let said = null; // a message (a text) in the hint's place until the next action (else the tool's hint, toolHint())
let stroke = null; // {cells: [sq...], last: [x, y], drags: bool, from: [clientX, clientY]} while the pointer is down
let dragPaints = false; // on a touch screen a swipe scrolls the page; "Drag to paint" makes it paint
let preview = null; // cells drawn over the picture until the next picture arrives
let sketched = null; // before the referee's first picture: the position whose cobblestones and buildings are drawn
let highlight = null; // {cells: Set, overlay: name|null, key: string}
let shown = new Set(); // overlays switched on by the toggles
let problems = [];
let problemsOpen = false; // every problem listed under the verdict, not only the first
let changes = []; // what the changes not yet answered did, as texts (said in the header with the totals they made)
let shownScore = null; // {orange, blue, winner} as the header shows them (the winner a text)
let changeLine = null; // the text the change line shows (said anew if the language changes)
let engineState = null; // the referee's start as static/engine.js last reported it
// What the referee's latest answer made of the entry (said anew if the language changes): the verdict, what it
// lists, the winner, the report and its lines.
let result = null;
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

/** A change of the entry, said in the header (`what`: describe()'s text unless given) with the totals it makes. */
function commit(next, what = describe(pos, next)) {
  remember(undoStack, pos);
  redoStack = [];
  clearMessages();
  noteChange(what);
  setPosition(next);
}

/** After a change, what was said of an earlier import, export or share link is out of date. */
function clearMessages() {
  ioErrors = [];
  drawIoErrors();
  tell("io-message", null);
  tell("out-message", null);
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
    return hint(T("page.hint.not-stored"));
  }
  try {
    localStorage.setItem(HISTORY_KEY, `{"now":${now},"undo":[${undoStack.join(",")}],"redo":[${redoStack.join(",")}]}`);
  } catch (e) {
    try {
      localStorage.removeItem(HISTORY_KEY); // an older history must not be taken for this entry's
    } catch (ignored) {}
    hint(T("page.hint.history-not-stored"));
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
    hint(T("page.hint.not-stored"));
  }
  if (!stored) return false;
  try {
    pos = complete(JSON.parse(stored));
  } catch (e) {
    hint(T("page.hint.unreadable-store"));
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
  noteChange(T("page.change.undone", { what: describe(pos, back) || T("page.change.nothing") }));
  setPosition(back);
}

function redo() {
  if (!redoStack.length) return;
  const again = JSON.parse(redoStack.pop());
  remember(undoStack, pos);
  clearMessages();
  said = null;
  noteChange(T("page.change.redone", { what: describe(pos, again) || T("page.change.nothing") }));
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
const spaceList = (names) => (names.length <= 4 ? names : T("count.space", { n: names.length }));

/** Texts one after another: "A; B; C". */
const then = (texts) => texts.reduce((a, b) => T("page.then", { a, b }));

/** "A", "A and B", "A, B and C": texts or names (also used by paris2020.js). */
const andList = (items) => (items.length < 2 ? items[0] ?? "" : T("and", { a: items.slice(0, -1), b: items[items.length - 1] }));

/** What changed from entry `a` to entry `b`, as a text ("statue turned: faces down"), or null if nothing did. */
function describe(a, b) {
  const parts = [];
  for (const id of new Set([...a.buildings, ...b.buildings].map((x) => x.id))) {
    const x = a.buildings.find((v) => v.id === id);
    const y = b.buildings.find((v) => v.id === id);
    if (!x) {
      parts.push(T("page.change.building-drawn", { id, player: playerWord(y.owner), spaces: spaceList(y.cells) }));
      continue;
    }
    if (!y) {
      parts.push(T("page.change.building-removed", { id }));
      continue;
    }
    const added = y.cells.filter((n) => !x.cells.includes(n));
    const gone = x.cells.filter((n) => !y.cells.includes(n));
    if (added.length) parts.push(T("page.change.spaces-added", { spaces: spaceList(added), id }));
    if (gone.length) parts.push(T("page.change.spaces-taken", { spaces: spaceList(gone), id }));
    if (x.owner !== y.owner) parts.push(T("page.change.owner", { id, player: playerWord(y.owner) }));
    if (x.annex !== y.annex) {
      parts.push(y.annex ? T("page.change.annex-joins", { space: y.annex, id }) : T("page.change.annex-taken", { space: x.annex, id }));
    }
    if (!x.piece !== !y.piece) parts.push(T(y.piece ? "page.change.jardin" : "page.change.jardin-not", { id }));
  }
  const painted = {};
  for (let sq = 0; sq < 64; sq++) {
    if (colourAt(a, sq) !== colourAt(b, sq)) (painted[colourAt(b, sq)] ||= []).push(sqName(sq));
  }
  for (const [code, names] of Object.entries(painted)) parts.push(T(GROUND_CHANGES[code], { spaces: spaceList(names) }));
  for (const kind of PIECES) {
    const at = (p) => (kind === "statue" ? p.pieces.statue && p.pieces.statue.at : p.pieces[kind]);
    const [x, y] = [at(a), at(b)];
    const facing = y && kind === "statue" ? T(`facing.${b.pieces.statue.facing}`) : null;
    const piece = pieceWord(kind);
    if (x === y) {
      if (facing && a.pieces.statue.facing !== b.pieces.statue.facing) parts.push(T("page.change.statue-turned", { facing }));
    } else if (!y) parts.push(T("page.change.piece-taken", { piece, space: x }));
    else if (facing) parts.push(T(x ? "page.change.statue-moved" : "page.change.statue-put", { space: y, facing }));
    else parts.push(T(x ? "page.change.piece-moved" : "page.change.piece-put", { piece, space: y }));
  }
  for (const card of facts.cards) {
    let used = false;
    for (const who of ["orange", "blue"]) {
      const [x, y] = [a, b].map((p) => p.postcards[who].includes(card.slug));
      used ||= y && !x;
      if (x !== y) parts.push(T(y ? "page.change.card-used" : "page.change.card-not-used", { card: cardWord(card.slug), player: playerWord(who) }));
    }
    const [x, y] = [a, b].map((p) => p.postcards.in_play.includes(card.slug));
    if (x !== y && !used) parts.push(T(y ? "page.change.card-in" : "page.change.card-out", { card: cardWord(card.slug) }));
  }
  for (const who of ["orange", "blue"]) {
    const [x, y] = [a, b].map((p) => p.reserve[who]);
    if (JSON.stringify(x) === JSON.stringify(y)) continue;
    const sizes = (y || []).map((e) => (typeof e === "number" ? e : e.size)).join(" ");
    const id = !y ? "page.change.reserve-not-given" : sizes ? "page.change.reserve" : "page.change.reserve-none";
    parts.push(T(id, { player: playerWord(who), sizes }));
  }
  if (JSON.stringify(a.rules) !== JSON.stringify(b.rules)) parts.push(T("page.change.pattern", { pattern: b.rules.large_streetlight_pattern }));
  if (!parts.length) return null;
  return parts.length <= 3 ? then(parts) : T("page.change.many", { n: parts.length });
}

/** Say a change in the header at once; its totals follow with the referee's answer (showChange). */
function noteChange(what) {
  if (!what) return;
  changes.push(what);
  showChange(null);
}

/** The changes not yet answered, and once `after` ({orange, blue, winner}, the answer's) is in, what they did to the
 * totals; said over the title for a few seconds, Undo beside it. */
function showChange(after) {
  if (!changes.length) return;
  const last = changes[changes.length - 1];
  let text = changes.length === 1 ? last : T("page.change.last", { n: changes.length, last });
  if (after && shownScore) {
    const moved = ["orange", "blue"].filter((p) => shownScore[p] !== after[p]);
    const score = moved.length
      ? moved.map((p) => T("page.change.score", { player: playerWord(p), before: shownScore[p], after: after[p] }))
      : T("page.change.unchanged");
    const sameWinner = JSON.stringify(after.winner) === JSON.stringify(shownScore.winner);
    text = then(sameWinner ? [text, score] : [text, score, after.winner]);
  }
  changeLine = text;
  drawChange();
  $("change").hidden = false;
  clearTimeout(changeTimer);
  changeTimer = setTimeout(() => {
    $("change").hidden = true;
  }, CHANGE_MS);
}

function drawChange() {
  if (changeLine) $("change").textContent = sentence(changeLine);
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
  if (id === null) return hint(T("page.hint.no-ids"));
  p.buildings.push({ id, owner, cells: free.map(sqName) });
  groundUnder(p, owner, free);
  select(id);
  // A drag always starts a new building, even from an existing one's space (a finger that slipped): said, with
  // the way to grow that one instead.
  if (start) hint(T("page.hint.drag-started", { id, from: start.id }));
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
  if (!next.length || tapped) return hint(T("page.hint.annex-where"));
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
  if (!b) return hint(T("page.hint.jardin-where"));
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
  if (from) hint(T("page.hint.dragging", { id: from.id }));
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

/** The referee's start in words: its stage (static/worker.js), the download in MB as the language writes them. */
function engineText(state) {
  const mb = (bytes) => (bytes / 1e6).toLocaleString(i18n.language(), { minimumFractionDigits: 1, maximumFractionDigits: 1 });
  if (state.id === "page.engine.downloaded") return T(state.id, { received: mb(state.received), total: mb(state.total) });
  return T(state.id, { error: state.error });
}

function showEngine(state) {
  // The static page loads its referee on the first visit: said over the page's top edge (in both games' views),
  // until it runs; a referee that cannot start is said in the header, where the winner would be.
  engineState = state;
  $("engine-status").textContent = say(engineText(state));
  $("engine-status").hidden = state.stage !== "loading";
  if (state.stage === "failed") $("winner").textContent = say(engineText(state));
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
    verdictShown = { text: T("page.verdict.no-answer"), kind: "error", items: [{ kind: "error", text: T("page.problem.no-answer") }] };
    drawVerdict();
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
  const leftOut = table ? table.left_out_i18n : [];
  const final = !!report && !breaks.length && !todo.length && !leftOut.length;
  document.body.classList.toggle("illegal", breaks.length > 0);
  document.body.classList.toggle("unfinished", !breaks.length && todo.length > 0);
  $("not-final").hidden = !report || final || isEmpty(pos);
  const first = []; // said before the problems: why the entry is not read, or what the score leaves out
  let verdict;
  if (!table) {
    verdict = { text: T("page.verdict.unreadable"), kind: "error" };
    first.push(...messages(answer.data).map((text) => ({ kind: "error", text })));
  } else if (breaks.length) {
    verdict = { text: T("page.verdict.breaks", { n: breaks.length }), kind: "error" };
  } else if (todo.length) {
    verdict = { text: T("page.verdict.todo", { n: todo.length }), kind: "todo" };
  } else {
    verdict = { text: problems.length ? T("page.verdict.legal-notes", { n: problems.length }) : T("page.verdict.legal"), kind: "legal" };
  }
  if (leftOut.length) first.push({ kind: "warning", text: T("page.problem.left-out", { thing: andList(leftOut) }), rule: "W1" });
  let winner = T("page.winner.none");
  // A board without buildings is no game yet: the referee names no winner (paris-table/1's winner is null).
  if (report && table.winner === null) winner = T(isEmpty(pos) ? "page.winner.empty" : "page.winner.no-buildings");
  else if (report) winner = table.winner === "tie" ? T("page.winner.tie") : T("page.winner.wins", { player: playerWord(table.winner) });
  result = { report, winner, winnerClass: report ? table.winner || "" : "", lines: table ? table.lines : [], counted: table ? table.counted : null };
  const sorted = problems.map((p, i) => [p, i]).sort(([a], [b]) => KIND_ORDER[kindOf(a)] - KIND_ORDER[kindOf(b)]);
  const items = sorted.map(([p, i]) => ({ kind: kindOf(p), text: p.message_i18n || p.message, rule: p.rule, spaces: p.spaces, key: "problem" + i }));
  verdictShown = { ...verdict, items: [...first, ...items] };
  const after = report && { orange: report.players.orange.total, blue: report.players.blue.total, winner };
  showChange(after);
  changes = [];
  if (after) shownScore = after;
  drawResult();
  drawOverlay();
}

/** The totals, the winner, the breakdown and the verdict of the referee's latest answer, in the page's language. */
function drawResult() {
  if (!result) return;
  const report = result.report;
  $("total-orange").textContent = report ? report.players.orange.total : "–";
  $("total-blue").textContent = report ? report.players.blue.total : "–";
  $("winner").textContent = say(result.winner);
  $("winner").className = "winner " + result.winnerClass;
  showBreakdown();
  drawVerdict();
}

/** An answer's errors, as texts where the referee gave them so ("where: message"), else its error. */
function messages(data) {
  if (!data || typeof data !== "object") return [String(data)];
  const lines = (data.errors || []).map((e) => {
    const message = e.message_i18n || e.message;
    return e.where ? T("page.where", { where: e.where, message }) : message;
  });
  return lines.length ? lines : [data.error_i18n || data.error];
}

const CARD_OVERLAYS = { "le-peintre": "painter", "moulin-rouge": "dancer" };
const BUILDING_LINES = new Set(["report.building", "report.building.annex", "report.building.jardin"]);

/** The spaces of the buildings named by ``ids`` (of ``owner``), annexes included. */
function buildingCells(ids, owner) {
  const cells = new Set();
  for (const b of pos.buildings) {
    if (ids.includes(b.id) && b.owner === owner) for (const n of [...b.cells, ...(b.annex ? [b.annex] : [])]) cells.add(sqOf(n));
  }
  return cells;
}

/** What a line of the breakdown counted on the board, to show when it is tapped (else null): a building and its
 * lamps, the largest group, a postcard's spaces or area. `owner`: the player whose part the line is in. */
function lineCounted(line, owner) {
  const { id, args } = line.text_i18n;
  if (BUILDING_LINES.has(id)) {
    const building = String(args.id).trim();
    const cells = buildingCells([building], owner);
    const lit = result.report.players[owner].lit_buildings.buildings.find((b) => b.id === building);
    for (const lamp of lit ? lit.lamps : []) cells.add(sqOf(lamp));
    return { cells, overlay: "lit", key: `${owner}-lit-${building}` };
  }
  if (id === "report.largest-group") {
    const group = result.report.players[owner].largest_group.buildings;
    return group.length ? { cells: buildingCells(group, owner), overlay: "groups", key: `${owner}-group` } : null;
  }
  if (id === "report.card") {
    const card = args.card.id.slice("card.".length);
    const spaces = ((result.counted && result.counted[owner][card]) || []).map(sqOf);
    const overlay = CARD_OVERLAYS[card] || null;
    return spaces.length || overlay ? { cells: new Set(spaces), overlay, key: `${owner}-card-${card}` } : null;
  }
  return null;
}

/** The breakdown, line by line as the referee gives it (paris-table/1's `lines`: the command line's text output,
 * said in the page's language): a player's part under a line with the player's total; a line that counted spaces
 * shows them on the board when tapped. */
function showBreakdown() {
  const list = $("breakdown");
  list.replaceChildren();
  if (!result.report) return;
  let owner = null;
  for (const line of result.lines) {
    const { id } = line.text_i18n;
    let cls = ["head", "section", "item"][line.depth];
    let points = line.points;
    if (id === "report.player") {
      owner = line.text_i18n.args.player.id.slice("player.".length);
      cls = "head " + owner;
      points = result.report.players[owner].total;
    } else if (line.depth === 0) {
      owner = null;
      cls = id === "report.note" ? "note" : "result";
    } else if (id === "report.free") cls = "item tie-break";
    const found = owner && lineCounted(line, owner);
    const item = document.createElement("li");
    const button = document.createElement("button");
    button.type = "button";
    button.className = "line " + cls + (found ? " counts" : "");
    const what = document.createElement("span");
    what.className = "what";
    what.textContent = sentence(line.text_i18n);
    button.appendChild(what);
    if (points !== null) {
      const n = document.createElement("span");
      n.className = "points";
      n.textContent = points;
      button.appendChild(n);
    }
    if (found) {
      button.addEventListener("click", () => toggleHighlight(found));
      button.setAttribute("aria-pressed", String(!!highlight && highlight.key === found.key));
    } else button.disabled = true;
    item.appendChild(button);
    list.appendChild(item);
  }
}

const KIND_ORDER = { error: 0, todo: 1, warning: 2 };
let verdictShown = null; // {text, kind, items}: the verdict and what it lists (first what it adds, then the problems)
let firstCut = false; // the first problem's words do not all fit the verdict's slot

/** The verdict, then under it what it adds and the referee's problems, rule breaks first, then what is still to
 * enter, then notes; each that names spaces marks them on the board when tapped. */
function drawVerdict() {
  if (!verdictShown) return;
  $("verdict").textContent = say(verdictShown.text);
  $("verdict-bar").className = "verdict-bar " + verdictShown.kind;
  const list = $("problems");
  list.replaceChildren();
  for (const p of verdictShown.items) {
    const item = document.createElement("li");
    const button = document.createElement("button");
    button.type = "button";
    button.className = "problem " + p.kind;
    const label = document.createElement("span");
    label.className = "kind";
    label.textContent = say(T(PROBLEM_KINDS[p.kind]));
    const message = document.createElement("span");
    message.className = "message";
    message.textContent = sentence(p.text);
    const rule = document.createElement("small");
    rule.className = "rule";
    rule.textContent = p.rule || "";
    const text = document.createElement("span");
    text.className = "text";
    text.append(label, " ", message, " ", rule);
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
  firstCut = false; // new words: measured anew
  showMoreProblems();
}

/** The button that lays every problem over the tools, or folds them back to the first (the tools never move). A
 * lone problem cut short in the slot gets it too ("More"): measured at the next frame, which lays the page out
 * anyway, rather than laying it out once more now; folding it back keeps the button where it was meanwhile (it
 * never vanishes for a frame under the finger). */
function showMoreProblems() {
  $("verdict-bar").classList.toggle("open", problemsOpen);
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
  if (problemsOpen) more.textContent = say(T(n > 1 ? "page.more.first" : "page.more.less"));
  else more.textContent = n > 1 ? say(T("page.more.all", { n })) : say(T("page.more"));
  more.setAttribute("aria-expanded", String(problemsOpen));
}

/** The breakdown, folded under the Score panel's button until asked (or the totals tapped). */
function showBreakdownBox(open) {
  breakdownOpen = open;
  $("breakdown-box").hidden = !open;
  $("show-breakdown").setAttribute("aria-expanded", String(open));
  $("totals").setAttribute("aria-expanded", String(open));
  $("show-breakdown").textContent = say(T(open ? "page.breakdown.fold" : "page.breakdown.show"));
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
    name.textContent = say(cardWord(card.slug)) + (card.starred ? " ★" : "");
    row.appendChild(name);
    const inPlay = pos.postcards.in_play.includes(card.slug);
    const cell = (b) => {
      const td = document.createElement("td");
      td.appendChild(b);
      row.appendChild(td);
    };
    cell(toggleButton(say(T(inPlay ? "page.cards.yes" : "page.cards.no")), inPlay, () => edit((p) => toggleCard(p, card.slug)), "in-play"));
    for (const who of ["orange", "blue"]) {
      const used = pos.postcards[who].includes(card.slug);
      cell(toggleButton(say(playerWord(who)), used, () => edit((p) => useCard(p, card.slug, who)), "used " + who));
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
    title.textContent = say(T("page.reserve.who", { player: playerWord(player) }));
    state.appendChild(title);
    const entries = pos.reserve[player]; // undefined: not given (S3)
    if (!entries) {
      const note = document.createElement("span");
      note.className = "not-given";
      note.textContent = say(T("page.reserve.not-given"));
      state.appendChild(note);
    } else if (!entries.length) {
      const none = document.createElement("span");
      none.className = "none";
      none.textContent = say(T("page.reserve.none"));
      state.appendChild(none);
    }
    (entries || []).forEach((entry, i) => {
      const size = typeof entry === "number" ? entry : entry.size;
      const chip = toggleButton(String(size) + (typeof entry === "number" ? "" : "▦"), true, () => edit((p) => p.reserve[player].splice(i, 1)), "chip");
      chip.title = say(T("page.reserve.remove.title"));
      state.appendChild(chip);
    });
    const buttons = document.createElement("div");
    buttons.className = "buttons";
    for (const size of facts.box_sizes) {
      buttons.appendChild(toggleButton("+" + size, false, () => edit((p) => (p.reserve[player] ||= []).push(size)), "add"));
    }
    const none = toggleButton(say(T("page.reserve.none")), !!entries && !entries.length, () => edit((p) => (p.reserve[player] = [])), "clear");
    none.title = say(T("page.reserve.none.title"));
    buttons.appendChild(none);
    const unknown = toggleButton(say(T("page.reserve.unknown")), !entries, () => edit((p) => delete p.reserve[player]), "unknown");
    unknown.title = say(T("page.reserve.unknown.title"));
    buttons.appendChild(unknown);
    box.append(state, buttons);
    reserves.appendChild(box);
  }
  const select = $("pattern");
  const pattern = pos.rules.large_streetlight_pattern;
  select.replaceChildren();
  for (const name of facts.patterns) {
    select.appendChild(new Option(name === facts.default_pattern ? say(T("page.pattern.default", { pattern: name })) : name, name));
  }
  if (typeof pattern !== "string") select.appendChild(new Option(say(T("page.pattern.custom")), "custom"));
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
  if (!quiet) hint(T(dragPaints ? "page.hint.drag-on" : "page.hint.drag-off"));
}

/** A message (a text) in the hint's place, until the next action brings the tool's hint back. */
function hint(text) {
  said = text;
  showHint();
}

function showHint() {
  $("hint").textContent = say(said || toolHint());
}

/** What the next tap does, from the tool and the entry (a hint that stays true as the entry changes). */
function toolHint() {
  if (pendingAnnex) return T("page.hint.annex-choice", { space: pendingAnnex.space, ids: andList(pendingAnnex.ids) });
  if (tool.startsWith("building-")) {
    const current = pos && pos.buildings.find((b) => b.id === selected && b.owner === tool.slice(9));
    if (current) return T("page.hint.building-add", { id: current.id });
    return T("page.hint.building-new");
  }
  return T(HINTS[tool] || "page.hint.piece", { piece: pieceWord(tool) });
}

let alerted = { text: null, details: [] }; // the message at the top of the page (texts: said anew in a new language)
const told = {}; // the message under each row of buttons, by its element's id: {text, error}

/** A message at the top of the page (a damaged share link) with the details under it, or none. */
function alertTop(text, details = []) {
  alerted = { text, details };
  drawAlert();
}

function drawAlert() {
  const { text, details } = alerted;
  $("alert-text").textContent = text ? say(text) : "";
  $("alert-lines").replaceChildren(...details.map((line) => Object.assign(document.createElement("li"), { textContent: say(line) })));
  $("alert-details").hidden = !details.length;
  $("alert").hidden = !text;
}

/** A message (a text) next to the buttons that caused it (an import's, or an export's), or none. */
function tell(id, text, error = false) {
  told[id] = { text, error };
  drawTold(id);
}

function drawTold(id) {
  const { text, error } = told[id];
  $(id).textContent = text ? say(text) : "";
  $(id).className = "io-message" + (error ? " error" : "");
  $(id).hidden = !text;
}

// -- in and out ---------------------------------------------------------------------------------------------------

/** Put a text grid or JSON (pasted, a file's, a share link's) on the board; false, said, if it cannot be read.
 * `source`: "link", or what was loaded, as said in a sentence (a text, or a file's name). */
async function loadText(text, source) {
  let answer;
  try {
    answer = await post("/api/convert?to=json", text);
  } catch (e) {
    refused(source, [T("page.io.silent")]);
    return false;
  }
  if (answer.status !== 200) {
    refused(source, messages(answer.data));
    return false;
  }
  select(null);
  commit(complete(answer.data), source === "link" ? T("page.change.link") : T("page.change.loaded", { source }));
  if (source === "link") hint(T("page.hint.link-opened-undo"));
  else tell("io-message", T("page.io.loaded", { source }));
  return true;
}

let ioErrors = []; // the errors of what could not be loaded, listed under the buttons (texts)

/** Why what was given could not be loaded; the entry stays as it was. A share link is said at the top. */
function refused(source, lines) {
  if (source === "link") {
    alertTop(T("page.alert.link-damaged"), lines);
    return;
  }
  ioErrors = lines;
  drawIoErrors();
  tell("io-message", T("page.io.not-loaded", { source, n: lines.length }), true);
}

function drawIoErrors() {
  const errors = $("io-errors");
  errors.replaceChildren();
  for (const line of ioErrors) {
    const item = document.createElement("li");
    item.className = "problem error";
    item.textContent = say(line);
    errors.appendChild(item);
  }
}

const SIGNATURES = [
  ["page.file.png", [0x89, 0x50, 0x4e, 0x47]],
  ["page.file.jpeg", [0xff, 0xd8, 0xff]],
  ["page.file.gif", [0x47, 0x49, 0x46, 0x38]],
  ["page.file.pdf", [0x25, 0x50, 0x44, 0x46]],
  ["page.file.zip", [0x50, 0x4b, 0x03, 0x04]],
  ["page.file.riff", [0x52, 0x49, 0x46, 0x46]],
];

/** What a file that is not text looks like (a text; null when unknown), or undefined for text (UTF-8, no NUL
 * byte). Also used by paris2020.js. */
function binaryKind(bytes) {
  for (const [id, signature] of SIGNATURES) if (signature.every((b, i) => bytes[i] === b)) return T(id);
  if (bytes.includes(0)) return null;
  try {
    new TextDecoder("utf-8", { fatal: true }).decode(bytes);
    return undefined;
  } catch (e) {
    return null;
  }
}

async function loadFile(file) {
  const bytes = new Uint8Array(await file.arrayBuffer());
  const kind = binaryKind(bytes);
  if (kind === undefined) return loadText(new TextDecoder().decode(bytes), file.name);
  refused(file.name, [kind ? T("page.io.not-text.kind", { kind }) : T("page.io.not-text")]);
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
  if (answer.status !== 200) return tell("out-message", then(messages(answer.data)), true);
  saveFile(typeof answer.data === "string" ? answer.data : JSON.stringify(answer.data, null, 2), name, type);
  const unknown = notGiven(pos);
  if (to === "text" && unknown.length) {
    // The lines of the text grid, as the file has them: its words are the format's, the same in every language.
    tell("out-message", T("page.io.saved-unknown", { lines: andList(unknown.map((p) => `"${p} reserve: unknown"`)) }));
  } else tell("out-message", T("page.io.saved", { file: name }));
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
  return textOfCode(hash.slice("#position=".length), T("page.link.no-position"));
}

/** An Error saying what is wrong as a text (`said`: said in the page's language where it is shown). Also used by
 * paris2020.js. */
function damaged(text) {
  return Object.assign(new Error(text.id), { said: text });
}

/** The text of a share link's code (linkCode's); an Error (damaged()) saying what is wrong if it is damaged, `empty`
 * if it holds nothing. */
function textOfCode(padded, empty) {
  const code = padded.replace(/=+$/, ""); // base64's padding, if an encoder added it
  const stray = /[^A-Za-z0-9_-]/.exec(code);
  if (stray) throw damaged(T("page.link.stray", { character: stray[0], at: stray.index + 1 }));
  if (!code) throw damaged(empty);
  let binary;
  try {
    binary = atob(code.replace(/-/g, "+").replace(/_/g, "/"));
  } catch (e) {
    throw damaged(T("page.link.cut"));
  }
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)));
  } catch (e) {
    throw damaged(T("page.link.altered"));
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
    refused("link", [e.said || e.message]);
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
    tell("out-message", T("page.io.copied"));
  } catch (e) {
    tell("out-message", T("page.io.copy"));
  }
}

// -- start --------------------------------------------------------------------------------------------------------

/** Everything the page says in its own words, said anew in the language just chosen (i18n.js says index.html's). */
function speak() {
  for (const b of $("overlay-toggles").children) b.textContent = say(T(OVERLAY_LABELS[b.dataset.overlay]));
  drawControls();
  drawResult();
  drawChange();
  drawAlert();
  for (const id of Object.keys(told)) drawTold(id);
  drawIoErrors();
  showBreakdownBox(breakdownOpen);
  if (engineState) showEngine(engineState);
}

async function start() {
  facts = await i18n.facts;
  await i18n.ready;
  if (inBrowser) engine.onProgress(showEngine);
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
    const b = toggleButton(say(T(OVERLAY_LABELS[name])), false, () => {
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
    said = tool.startsWith("building-") ? null : T("page.hint.building-tool");
    drawControls();
    drawOverlay();
  });
  $("delete-building").addEventListener("click", () => edit((p) => { p.buildings = p.buildings.filter((b) => b.id !== selected); }));
  $("clear").addEventListener("click", () => {
    select(null);
    said = null;
    commit(emptyPosition(), T("page.change.emptied"));
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
  $("load-paste").addEventListener("click", () => loadText($("paste").value, T("page.io.pasted")));
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
  i18n.onChange(speak);
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
      hint(T("page.hint.link-opened"));
    }
    drawControls();
    store();
    return;
  }
  setPosition(pos);
}

document.addEventListener("DOMContentLoaded", start);
