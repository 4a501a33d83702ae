// The table page's second game (docs/table.md, "Paris (2020)"): a form for the end of a game of Paris by
// Kramer & Kiesling (2020), scored by POST /api/paris2020 (paris_score.page.answer, on the server or in the
// browser) through app.js's post(). The game shown is chosen by the address (#game=paris2020, #game=cite), which
// the links between the games set, or a board's share link (#position=), else by the one shown last. The form's
// share link, #game=paris2020&final=CODE, holds the entry: its paris2020-final/1 JSON, coded as the board's share
// links are (app.js's linkCode; andList, binaryKind, saveFile and textOfCode are app.js's too).
"use strict";

(() => {
  const FORM_KEY = "paris-score/paris2020";
  const GAME_KEY = "paris-score/game";
  const MAX_PLAYERS = 4;
  const MIN_PLAYERS = 2;
  const MAX_DISTRICTS = 6;
  // The form asks once typing pauses, not at each keystroke as the board asks at each tap: an answer shows and hides
  // the fields' error lines, which would move the fields under the player's fingers while they type.
  const DEBOUNCE_MS = 150;
  const FORMAT = "paris2020-final/1";
  const LINK = /^#game=paris2020&final=(.*)$/;
  const TILE_SEPARATORS = /[\s,;.]+/; // between a scoring tile's values: spaces, or a number pad's "," or "."
  const IO_HINT = `Open a ${FORMAT} JSON file, or the text form (as paris-score paris2020 score reads), to fill the form.`;

  // Number fields start empty (a phone's caret after a "0" would make "045"): blank is "not entered yet".
  const blankPlayer = () => ({ name: "", points: "", francs: "", bonus_27: false });
  const blankProperty = () => ({ value: "", owners: [-1, -1] }); // owners: player indexes, -1 none
  const blankDistrict = () => ({ name: "", scoring: "", properties: [blankProperty()] });
  const blankForm = () => ({ players: [blankPlayer(), blankPlayer()], districts: [blankDistrict()], note: "" });
  let form = blankForm(); // note: a file's or a link's note, kept as it was (the form does not show it)
  let timer = null;
  let shown = []; // the errors of the latest answer, shown again when the form is redrawn
  let asked = 0; // the number of the latest request: an older answer is dropped

  function el(tag, attributes = {}, ...children) {
    const node = document.createElement(tag);
    for (const [key, value] of Object.entries(attributes)) {
      if (key === "text") node.textContent = value;
      else node.setAttribute(key, value);
    }
    node.append(...children);
    return node;
  }

  // -- the game shown -------------------------------------------------------------------------------------------

  function game() {
    if (location.hash.startsWith("#game=")) return /^#game=paris2020(&|$)/.test(location.hash) ? "paris2020" : "cite";
    if (location.hash.startsWith("#position=")) return "cite"; // the board's share link
    try {
      return localStorage.getItem(GAME_KEY) === "paris2020" ? "paris2020" : "cite";
    } catch (e) {
      return "cite";
    }
  }

  function showGame() {
    const which = game();
    document.body.classList.toggle("game-paris2020", which === "paris2020");
    try {
      localStorage.setItem(GAME_KEY, which);
    } catch (e) {
      // no storage: the link in the address still chooses
    }
    if (which === "paris2020" && asked === 0 && timer === null) changed(); // the form is scored once it is shown
  }

  // -- the form -------------------------------------------------------------------------------------------------

  /** A labelled input whose errors (at the key path `path`) are shown under it. */
  function field(label, path, input, onChange) {
    input.addEventListener("input", () => {
      onChange(input.type === "checkbox" ? input.checked : input.value);
      changed();
    });
    return el("label", { class: "field", "data-path": path }, el("span", { text: label }), input, el("span", { class: "field-error" }));
  }

  function textInput(value, attributes = {}) {
    const input = el("input", { type: "text", autocomplete: "off", ...attributes });
    input.value = value;
    return input;
  }

  function numberInput(value) {
    return textInput(value, { inputmode: "numeric", class: "number" });
  }

  function button(text, onClick, attributes = {}) {
    const b = el("button", { type: "button", ...attributes, text });
    b.addEventListener("click", () => {
      onClick();
      draw();
      changed();
    });
    return b;
  }

  /** A player's name as the owner lists offer it (changed in place: a redraw would take the focus away). */
  function ownerLabel(i) {
    return form.players[i].name || `player ${i + 1}`;
  }

  function renameOwners(i) {
    for (const option of document.querySelectorAll(`#p2020-districts option[value="${i}"]`)) option.textContent = ownerLabel(i);
  }

  function ownerSelect(property, k, at) {
    const select = el("select", { "aria-label": k ? "second owner" : "owner" });
    select.append(el("option", { value: "-1", text: k ? "no second owner" : "choose…" }));
    form.players.forEach((_, i) => select.append(el("option", { value: String(i), text: ownerLabel(i) })));
    select.value = String(property.owners[k]);
    select.addEventListener("change", () => {
      property.owners[k] = Number(select.value);
      changed();
    });
    return el("label", { class: "field", "data-path": `${at}.owners[${k}]` }, el("span", { text: k ? "and" : "owner" }), select, el("span", { class: "field-error" }));
  }

  function drawPlayers() {
    const list = $p("p2020-players");
    list.replaceChildren();
    form.players.forEach((p, i) => {
      const at = `players[${i}]`;
      const bonus = el("input", { type: "checkbox" });
      bonus.checked = p.bonus_27;
      list.append(
        el(
          "fieldset",
          { class: "p2020-player" },
          el("legend", { text: `Player ${i + 1}` }),
          field("name", `${at}.name`, textInput(p.name), (v) => {
            p.name = v;
            renameOwners(i);
          }),
          field("track points", `${at}.points`, numberInput(p.points), (v) => { p.points = v; }),
          field("francs", `${at}.francs`, numberInput(p.francs), (v) => { p.francs = v; }),
          field("bonus tile 27", `${at}.bonus_27`, bonus, (v) => { p.bonus_27 = v; }),
        ),
      );
    });
    $p("p2020-add-player").disabled = form.players.length >= MAX_PLAYERS;
    $p("p2020-remove-player").disabled = form.players.length <= MIN_PLAYERS;
  }

  function drawDistricts() {
    const list = $p("p2020-districts");
    list.replaceChildren();
    form.districts.forEach((d, j) => {
      const at = `districts[${j}]`;
      const properties = d.properties.map((property, k) => {
        const here = `${at}.properties[${k}]`;
        return el(
          "div",
          { class: "p2020-property", "data-path": `${here}.owners` },
          field("value", `${here}.value`, numberInput(property.value), (v) => { property.value = v; }),
          ownerSelect(property, 0, here),
          ownerSelect(property, 1, here),
          button("✕", () => d.properties.splice(k, 1), { "aria-label": "remove this property", title: "Remove this property" }),
          el("span", { class: "field-error" }),
        );
      });
      list.append(
        el(
          "fieldset",
          { class: "p2020-district", "data-path": at },
          el("legend", { text: `District ${j + 1}` }),
          field("name", `${at}.name`, textInput(d.name), (v) => { d.name = v; }),
          // A phone's number pad has no space key: its "." or "," separates the values too (TILE_SEPARATORS).
          field("scoring tile (1st, 2nd, …)", `${at}.scoring`, textInput(d.scoring, { inputmode: "decimal", placeholder: "18 9 4" }), (v) => { d.scoring = v; }),
          el("div", { class: "p2020-properties", "data-path": `${at}.properties` }, ...properties, el("span", { class: "field-error" })),
          el(
            "div",
            { class: "row" },
            button("Add property", () => d.properties.push(blankProperty()), { class: "add-property" }),
            button("Remove district", () => form.districts.splice(j, 1)),
          ),
          el("span", { class: "field-error" }),
        ),
      );
    });
    $p("p2020-add-district").disabled = form.districts.length >= MAX_DISTRICTS;
  }

  function draw() {
    drawPlayers();
    drawDistricts();
    showErrors(shown);
  }

  function $p(id) {
    return document.getElementById(id);
  }

  // -- the document, the referee's answer ---------------------------------------------------------------------

  /** A whole number as a number; anything else as typed, for the reader to name at its key path. */
  function number(text) {
    const t = text.trim();
    return /^-?\d+$/.test(t) ? Number(t) : t;
  }

  function documentOf() {
    return {
      format: FORMAT,
      ...(form.note ? { note: form.note } : {}),
      players: form.players.map((p) => ({ name: p.name.trim(), points: number(p.points), francs: number(p.francs), bonus_27: p.bonus_27 })),
      districts: form.districts.map((d) => ({
        name: d.name.trim(),
        scoring: d.scoring.split(TILE_SEPARATORS).filter(Boolean).map(number),
        properties: d.properties.map((property) => ({
          value: number(property.value),
          owners: property.owners.filter((i) => i >= 0 && i < form.players.length).map((i) => form.players[i].name.trim()),
        })),
      })),
    };
  }

  function changed() {
    // A share link in the address, or what was said of a file or a link, is of an older entry now.
    if (LINK.test(location.hash)) history.replaceState(null, "", location.pathname + location.search + "#game=paris2020");
    alertTop2020(null);
    ioHint(IO_HINT);
    try {
      localStorage.setItem(FORM_KEY, JSON.stringify(form));
    } catch (e) {
      // no storage: the form lives until the page closes
    }
    document.body.dataset.p2020 = "busy";
    clearTimeout(timer);
    timer = setTimeout(() => {
      timer = null;
      ask();
    }, DEBOUNCE_MS);
  }

  async function ask() {
    const mine = ++asked;
    let got;
    try {
      got = await post("/api/paris2020", JSON.stringify(documentOf()));
    } catch (e) {
      got = { status: 0, data: { error: "the referee did not answer: " + e.message, errors: [] } };
    }
    if (mine !== asked || timer !== null) return; // a later change is waiting or asked: this answer is old
    shown = got.status === 200 ? [] : got.data.errors || [];
    // Blank fields still to fill in (the referee's "entry not finished") are marked as to enter, not as errors.
    document.body.classList.toggle("p2020-unfinished", got.status !== 200 && got.data.error === "entry not finished");
    showErrors(shown);
    if (got.status === 200) showScore(got.data);
    else showRefused(got.data.error || "not scored");
    document.body.dataset.p2020 = "done";
  }

  /** Each error next to the field of its key path, or of the nearest enclosing one (players[1] for players[1].x). */
  function showErrors(errors) {
    const root = $p("p2020");
    for (const span of root.querySelectorAll(".field-error")) span.textContent = "";
    for (const node of root.querySelectorAll("[aria-invalid]")) node.removeAttribute("aria-invalid");
    const general = [];
    for (const error of errors) {
      let path = error.where;
      let box = null;
      while (path && !(box = root.querySelector(`[data-path="${CSS.escape(path)}"]`))) {
        const up = path.replace(/(\.[^.[\]]+|\[\d+\])$/, "");
        path = up === path ? "" : up;
      }
      const span = box && box.querySelector(":scope > .field-error");
      if (!span) {
        general.push(error.where ? `${error.where}: ${error.message}` : error.message);
        continue;
      }
      span.textContent = (span.textContent ? span.textContent + "; " : "") + error.message;
      const input = box.querySelector(":scope > input, :scope > select");
      if (input) input.setAttribute("aria-invalid", "true");
    }
    $p("p2020-errors").replaceChildren(...general.map((m) => el("li", { text: m })));
  }

  function showRefused(error) {
    $p("p2020-winner").textContent = error;
    $p("p2020-totals").replaceChildren();
    $p("p2020-result").replaceChildren();
    document.body.classList.add("p2020-refused");
  }

  /** K7: the winner, and the tie-break that decided, with the numbers compared. */
  function result(doc) {
    if (doc.decided_by === "points") return `${doc.winners[0]} wins`;
    if (doc.decided_by === "shared") return `${andList(doc.winners)} share the win: tied on points, francs and property value (K7)`;
    const top = Math.max(...doc.players.map((p) => p.total));
    let tied = doc.players.filter((p) => p.total === top);
    const on = [`${top} points`];
    let key = (p) => p.francs;
    if (doc.decided_by === "property value") {
      const francs = Math.max(...tied.map(key));
      tied = tied.filter((p) => p.francs === francs);
      on.push(`${francs} francs`);
      key = (p) => p.property_value;
    }
    const versus = tied.map(key).sort((a, b) => b - a).join(" to ");
    const what = doc.decided_by === "francs" ? "francs" : "the value of their properties";
    return `${doc.winners[0]} wins on ${what}, ${versus} (tied on ${on.join(" and ")}, K7)`;
  }

  function showScore(doc) {
    document.body.classList.remove("p2020-refused");
    $p("p2020-totals").replaceChildren(
      ...doc.players.map((p) => el("span", { class: "total", "data-player": p.name }, `${p.name} `, el("b", { text: String(p.total) }))),
    );
    $p("p2020-winner").textContent = result(doc);
    const players = el(
      "table",
      { class: "p2020-table" },
      el("thead", {}, el("tr", {}, el("th", { text: "" }), ...doc.players.map((p) => el("th", { text: p.name })))),
      el(
        "tbody",
        {},
        el("tr", {}, el("th", { text: "score track" }), ...doc.players.map((p) => el("td", { text: String(p.points) }))),
        el("tr", {}, el("th", { text: "bonus tile 27" }), ...doc.players.map((p) => el("td", { text: String(p.bonus_27) }))),
        ...doc.districts.map((d) => el("tr", {}, el("th", { text: d.name }), ...doc.players.map((p) => el("td", { text: String(p.districts[d.name]) })))),
        el("tr", { class: "sum" }, el("th", { text: "total" }), ...doc.players.map((p) => el("td", { text: String(p.total) }))),
        el("tr", {}, el("th", { text: "francs" }), ...doc.players.map((p) => el("td", { text: String(p.francs) }))),
        el("tr", {}, el("th", { text: "property value" }), ...doc.players.map((p) => el("td", { text: String(p.property_value) }))),
      ),
    );
    const districts = doc.districts.map((d) =>
      el(
        "section",
        { class: "p2020-standings" },
        el("h3", { text: `${d.name}: tile ${d.scoring.join(", ") || "none"}` }),
        el(
          "ol",
          {},
          ...d.standings.map((s) =>
            el(
              "li",
              {},
              `${s.place}. ${s.name}: ${s.parts.length > 1 ? `${s.value} = ${s.parts.join(" + ")}` : s.value} → ${s.points}`,
              s.why_none ? el("span", { class: "why", text: ` (${s.why_none})` }) : "",
            ),
          ),
        ),
        ...d.ties.map((t) => el("p", { class: "note", text: t })),
        d.unplaced.length ? el("p", { class: "note", text: `no place, owning nothing here: ${andList(d.unplaced)} (K4)` }) : "",
      ),
    );
    const warnings = doc.warnings.map((w) => el("li", { text: w.where ? `${w.where}: ${w.message}` : w.message }));
    $p("p2020-result").replaceChildren(players, ...districts, warnings.length ? el("ul", { class: "warnings" }, ...warnings) : "");
  }

  // -- in and out: files and share links -----------------------------------------------------------------------

  /** The form holding a paris2020-final/1 document (a file's, as the referee read it, or a link's, as typed);
   * an Error naming what the form cannot hold. Numbers stay as given: the referee names a bad one at its field. */
  function formOf(doc) {
    const need = (ok, message) => {
      if (!ok) throw new Error(message);
    };
    const isObject = (v) => v !== null && typeof v === "object" && !Array.isArray(v);
    const text = (v, where) => {
      need(typeof v === "string" || typeof v === "number", `${where} is neither a number nor text`);
      return String(v);
    };
    need(isObject(doc) && doc.format === FORMAT, `it holds no ${FORMAT} end of game`);
    need(Array.isArray(doc.players) && Array.isArray(doc.districts), "it has no list of players or of districts");
    const n = doc.players.length;
    need(n >= MIN_PLAYERS && n <= MAX_PLAYERS, `it has ${n} players; the form takes ${MIN_PLAYERS} to ${MAX_PLAYERS}`);
    need(doc.districts.length <= MAX_DISTRICTS, `it has ${doc.districts.length} districts; the form takes up to ${MAX_DISTRICTS}`);
    const players = doc.players.map((p, i) => {
      const at = `players[${i}]`;
      need(isObject(p), `${at} is not a player`);
      return { name: text(p.name, `${at}.name`), points: text(p.points, `${at}.points`), francs: text(p.francs, `${at}.francs`), bonus_27: p.bonus_27 === true };
    });
    const names = players.map((p) => p.name.trim());
    const districts = doc.districts.map((d, j) => {
      const at = `districts[${j}]`;
      need(isObject(d) && Array.isArray(d.scoring) && Array.isArray(d.properties), `${at} is not a district`);
      return {
        name: text(d.name, `${at}.name`),
        scoring: d.scoring.map((v, k) => text(v, `${at}.scoring[${k}]`)).join(" "),
        properties: d.properties.map((property, k) => {
          const here = `${at}.properties[${k}]`;
          need(isObject(property) && Array.isArray(property.owners), `${here} is not a property`);
          need(property.owners.length <= 2, `${here} has ${property.owners.length} owners; at most 2 (K3)`);
          const owners = property.owners.map((o, m) => {
            const i = names.indexOf(typeof o === "string" ? o.trim() : o);
            need(i >= 0, `${here}.owners[${m}]: ${JSON.stringify(o)} is not a player`);
            return i;
          });
          return { value: text(property.value, `${here}.value`), owners: [owners[0] ?? -1, owners[1] ?? -1] };
        }),
      };
    });
    need(doc.note === undefined || typeof doc.note === "string", "its note is not text");
    return { players, districts, note: doc.note || "" };
  }

  /** Show an entry read from a file or a link, say so, and offer the entry it replaced back until the next change. */
  function fill(next, said) {
    const replaced = form;
    form = next;
    shown = [];
    draw();
    changed();
    ioHint(said);
    if (JSON.stringify(replaced) === JSON.stringify(blankForm())) return; // nothing was entered
    const back = el("button", { type: "button", id: "p2020-back", text: "Bring back the entry you had" });
    back.addEventListener("click", () => {
      fill(replaced, "The entry you had is back.");
    });
    $p("p2020-io-hint").append(" ", back);
  }

  /** A message at the top of the form (a damaged share link), or none. */
  function alertTop2020(text) {
    $p("p2020-alert").textContent = text || "";
    $p("p2020-alert").hidden = !text;
  }

  function ioHint(text, errors = []) {
    $p("p2020-io-hint").textContent = text;
    $p("p2020-io-errors").replaceChildren(...errors.map((m) => el("li", { class: "problem error", text: m })));
  }

  /** Open the share link in the address, if there is one; a damaged one is said at the top, the entry kept. */
  function openLink() {
    const found = LINK.exec(location.hash);
    if (!found) return;
    let next;
    try {
      const text = textOfCode(found[1], "end of game");
      let doc;
      try {
        doc = JSON.parse(text);
      } catch (e) {
        throw new Error("its code is altered (it decodes to no JSON)");
      }
      next = formOf(doc);
    } catch (e) {
      changed(); // takes the link out of the address: a reload shows the entry kept
      alertTop2020(`This share link is damaged: ${e.message}. The last entry is shown instead.`);
      return;
    }
    window.scrollTo(0, 0); // a link opens at the top of the form, as a new page would
    fill(next, "Opened the share link.");
  }

  async function openFile(file) {
    const bytes = new Uint8Array(await file.arrayBuffer());
    const kind = binaryKind(bytes);
    const refuse = (errors) =>
      ioHint(`Not opened: ${file.name} ${errors.length === 1 ? "cannot be read" : `has ${errors.length} errors`} (below). The form is as it was.`, errors);
    if (kind !== null) {
      return refuse([`this is not a text file${kind ? ` (${kind}?)` : ""}: open a ${FORMAT} JSON document (.json) or the text form (.txt)`]);
    }
    let got;
    try {
      got = await post("/api/paris2020/read", new TextDecoder().decode(bytes));
    } catch (e) {
      return refuse(["the referee does not answer: " + e.message]);
    }
    if (got.status !== 200) {
      const errors = (got.data.errors || []).map((e) => (e.where ? `${e.where}: ${e.message}` : e.message));
      return refuse(errors.length ? errors : [got.data.error || "not read"]);
    }
    fill(formOf(got.data), `Opened ${file.name}.`);
  }

  function download() {
    saveFile(JSON.stringify(documentOf(), null, 2) + "\n", "paris2020-final.json", "application/json");
    ioHint(shown.length ? "Saved as it is, with the errors marked above: put them right for paris-score paris2020 score to read it." : "Saved: paris-score paris2020 score reads it.");
  }

  async function share() {
    const url = location.href.split("#")[0] + "#game=paris2020&final=" + linkCode(JSON.stringify(documentOf()));
    history.replaceState(null, "", url);
    $p("p2020-share-link").value = url;
    $p("p2020-share-link").select();
    try {
      await navigator.clipboard.writeText(url);
      ioHint("Share link copied: it holds the whole entry.");
    } catch (e) {
      ioHint("Copy the share link below: it holds the whole entry.");
    }
  }

  // -- start ----------------------------------------------------------------------------------------------------

  function restore() {
    try {
      const kept = JSON.parse(localStorage.getItem(FORM_KEY));
      if (kept && Array.isArray(kept.players) && Array.isArray(kept.districts)) form = { ...kept, note: kept.note || "" };
    } catch (e) {
      // nothing kept, or not readable: an empty form
    }
  }

  function start() {
    window.addEventListener("hashchange", () => {
      openLink();
      showGame();
    });
    restore();
    $p("p2020-add-player").addEventListener("click", () => { form.players.push(blankPlayer()); draw(); changed(); });
    $p("p2020-remove-player").addEventListener("click", () => {
      const gone = form.players.length - 1;
      form.players.pop();
      for (const d of form.districts) for (const p of d.properties) p.owners = p.owners.map((i) => (i === gone ? -1 : i));
      draw();
      changed();
    });
    $p("p2020-add-district").addEventListener("click", () => { form.districts.push(blankDistrict()); draw(); changed(); });
    $p("p2020-clear").addEventListener("click", () => {
      form = blankForm();
      draw();
      changed();
    });
    $p("p2020-upload").addEventListener("change", async (ev) => {
      const file = ev.target.files[0];
      if (file) await openFile(file);
      ev.target.value = "";
    });
    $p("p2020-download").addEventListener("click", download);
    $p("p2020-share").addEventListener("click", share);
    draw();
    ioHint(IO_HINT);
    openLink();
    showGame();
  }

  document.addEventListener("DOMContentLoaded", start);
})();
