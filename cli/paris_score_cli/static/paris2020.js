// The table page's second game (docs/table.md, "Paris (2020)"): a form for the end of a game of Paris by
// Kramer & Kiesling (2020), scored by POST /api/paris2020 (paris_score.page.answer, on the server or in the
// browser) through app.js's post(). The game shown is chosen by the address (#game=paris2020, #game=cite), which
// the links between the games set, or a board's share link (#position=), else by the one shown last. The form's
// share link, #game=paris2020&final=CODE, holds the entry: its paris2020-final/1 JSON, coded as the board's share
// links are (app.js's linkCode; andList, binaryKind, damaged, saveFile, textOfCode, then, T and say are app.js's too:
// the last two make and say a text in the page's language, static/i18n.js).
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
  const IO_HINT = T("page.p2020.io-hint", { format: FORMAT });

  // Number fields start empty (a phone's caret after a "0" would make "045"): blank is "not entered yet".
  const blankPlayer = () => ({ name: "", points: "", francs: "", bonus_27: false });
  const blankProperty = () => ({ value: "", owners: [-1, -1] }); // owners: player indexes, -1 none
  const blankDistrict = () => ({ name: "", scoring: "", properties: [blankProperty()] });
  const blankForm = () => ({ players: [blankPlayer(), blankPlayer()], districts: [blankDistrict()], note: "" });
  let form = blankForm(); // note: a file's or a link's note, kept as it was (the form does not show it)
  let timer = null;
  let shown = []; // the errors of the latest answer, shown again when the form is redrawn
  let asked = 0; // the number of the latest request: an older answer is dropped
  let answered = null; // the latest answer shown (said anew if the language changes)
  let alerted = null; // the message at the top of the form (a text), or null
  let io = { text: null, errors: [], back: null }; // what In and out says (texts), and the entry it can bring back

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
    return form.players[i].name || say(T("page.p2020.player.unnamed", { n: i + 1 }));
  }

  function renameOwners(i) {
    for (const option of document.querySelectorAll(`#p2020-districts option[value="${i}"]`)) option.textContent = ownerLabel(i);
  }

  function ownerSelect(property, k, at) {
    const select = el("select", { "aria-label": say(T(k ? "page.p2020.owner.second.label" : "page.p2020.owner")) });
    select.append(el("option", { value: "-1", text: say(T(k ? "page.p2020.owner.second.none" : "page.p2020.owner.choose")) }));
    form.players.forEach((_, i) => select.append(el("option", { value: String(i), text: ownerLabel(i) })));
    select.value = String(property.owners[k]);
    select.addEventListener("change", () => {
      property.owners[k] = Number(select.value);
      changed();
    });
    const label = say(T(k ? "page.p2020.owner.second" : "page.p2020.owner"));
    return el("label", { class: "field", "data-path": `${at}.owners[${k}]` }, el("span", { text: label }), select, el("span", { class: "field-error" }));
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
          el("legend", { text: say(T("page.p2020.player", { n: i + 1 })) }),
          field(say(T("page.p2020.name")), `${at}.name`, textInput(p.name), (v) => {
            p.name = v;
            renameOwners(i);
          }),
          field(say(T("page.p2020.points")), `${at}.points`, numberInput(p.points), (v) => { p.points = v; }),
          field(say(T("page.p2020.francs")), `${at}.francs`, numberInput(p.francs), (v) => { p.francs = v; }),
          field(say(T("page.p2020.bonus")), `${at}.bonus_27`, bonus, (v) => { p.bonus_27 = v; }),
        ),
      );
    });
    $p("p2020-add-player").disabled = form.players.length >= MAX_PLAYERS;
    $p("p2020-remove-player").disabled = form.players.length <= MIN_PLAYERS;
  }

  function drawDistricts() {
    const list = $p("p2020-districts");
    list.replaceChildren();
    const remove = say(T("page.p2020.remove-property"));
    form.districts.forEach((d, j) => {
      const at = `districts[${j}]`;
      const properties = d.properties.map((property, k) => {
        const here = `${at}.properties[${k}]`;
        return el(
          "div",
          { class: "p2020-property", "data-path": `${here}.owners` },
          field(say(T("page.p2020.value")), `${here}.value`, numberInput(property.value), (v) => { property.value = v; }),
          ownerSelect(property, 0, here),
          ownerSelect(property, 1, here),
          button("✕", () => d.properties.splice(k, 1), { "aria-label": remove, title: remove }),
          el("span", { class: "field-error" }),
        );
      });
      list.append(
        el(
          "fieldset",
          { class: "p2020-district", "data-path": at },
          el("legend", { text: say(T("page.p2020.district", { n: j + 1 })) }),
          field(say(T("page.p2020.district.name")), `${at}.name`, textInput(d.name), (v) => { d.name = v; }),
          // A phone's number pad has no space key: its "." or "," separates the values too (TILE_SEPARATORS).
          field(say(T("page.p2020.tile")), `${at}.scoring`, textInput(d.scoring, { inputmode: "decimal", placeholder: "18 9 4" }), (v) => { d.scoring = v; }),
          el("div", { class: "p2020-properties", "data-path": `${at}.properties` }, ...properties, el("span", { class: "field-error" })),
          el(
            "div",
            { class: "row" },
            button(say(T("page.p2020.add-property")), () => d.properties.push(blankProperty()), { class: "add-property" }),
            button(say(T("page.p2020.remove-district")), () => form.districts.splice(j, 1)),
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
      got = { status: 0, data: { error_i18n: T("page.p2020.silent", { error: e.message }), errors: [] } };
    }
    if (mine !== asked || timer !== null) return; // a later change is waiting or asked: this answer is old
    answered = got;
    shown = got.status === 200 ? [] : got.data.errors || [];
    showAnswer();
    document.body.dataset.p2020 = "done";
  }

  function showAnswer() {
    const got = answered;
    // Blank fields still to fill in (the referee's "entry not finished") are marked as to enter, not as errors.
    const unfinished = got.status !== 200 && !!got.data.error_i18n && got.data.error_i18n.id === "page.error.unfinished";
    document.body.classList.toggle("p2020-unfinished", unfinished);
    showErrors(shown);
    if (got.status === 200) showScore(got.data);
    else showRefused(got.data.error_i18n || got.data.error || T("page.p2020.not-scored"));
  }

  /** An error of an answer (its key path and its message), as a text. */
  const errorText = (error, where = true) => {
    const message = error.message_i18n || error.message;
    return where && error.where ? T("page.where", { where: error.where, message }) : message;
  };

  /** Each error next to the field of its key path, or of the nearest enclosing one (players[1] for players[1].x). */
  function showErrors(errors) {
    const root = $p("p2020");
    for (const span of root.querySelectorAll(".field-error")) span.textContent = "";
    for (const node of root.querySelectorAll("[aria-invalid]")) node.removeAttribute("aria-invalid");
    const general = [];
    const at = new Map(); // a field's error line -> the texts said there
    for (const error of errors) {
      let path = error.where;
      let box = null;
      while (path && !(box = root.querySelector(`[data-path="${CSS.escape(path)}"]`))) {
        const up = path.replace(/(\.[^.[\]]+|\[\d+\])$/, "");
        path = up === path ? "" : up;
      }
      const span = box && box.querySelector(":scope > .field-error");
      if (!span) {
        general.push(errorText(error));
        continue;
      }
      at.set(span, [...(at.get(span) || []), errorText(error, false)]);
      const input = box.querySelector(":scope > input, :scope > select");
      if (input) input.setAttribute("aria-invalid", "true");
    }
    for (const [span, texts] of at) span.textContent = say(then(texts));
    $p("p2020-errors").replaceChildren(...general.map((m) => el("li", { text: say(m) })));
  }

  function showRefused(error) {
    $p("p2020-winner").textContent = say(error);
    $p("p2020-totals").replaceChildren();
    $p("p2020-result").replaceChildren();
    document.body.classList.add("p2020-refused");
  }

  /** K7: the winner, and the tie-break that decided, with the numbers compared. */
  function result(doc) {
    if (doc.decided_by === "points") return T("page.p2020.wins", { winner: doc.winners[0] });
    if (doc.decided_by === "shared") return T("page.p2020.shared", { names: andList(doc.winners) });
    const top = Math.max(...doc.players.map((p) => p.total));
    let tied = doc.players.filter((p) => p.total === top);
    const on = [T("p2020.tied.points", { n: top })];
    let key = (p) => p.francs;
    if (doc.decided_by === "property value") {
      const francs = Math.max(...tied.map(key));
      tied = tied.filter((p) => p.francs === francs);
      on.push(T("p2020.tied.francs", { n: francs }));
      key = (p) => p.property_value;
    }
    const versus = tied.map(key).sort((a, b) => b - a).reduce((a, b) => T("p2020.to", { a, b }));
    const id = doc.decided_by === "francs" ? "page.p2020.wins-on-francs" : "page.p2020.wins-on-value";
    return T(id, { winner: doc.winners[0], versus, on: andList(on) });
  }

  function showScore(doc) {
    document.body.classList.remove("p2020-refused");
    $p("p2020-totals").replaceChildren(
      ...doc.players.map((p) => el("span", { class: "total", "data-player": p.name }, `${p.name} `, el("b", { text: String(p.total) }))),
    );
    $p("p2020-winner").textContent = say(result(doc));
    const row = (id, value, attributes = {}) => el("tr", attributes, el("th", { text: say(T(id)) }), ...doc.players.map((p) => el("td", { text: String(value(p)) })));
    const players = el(
      "table",
      { class: "p2020-table" },
      el("thead", {}, el("tr", {}, el("th", { text: "" }), ...doc.players.map((p) => el("th", { text: p.name })))),
      el(
        "tbody",
        {},
        row("page.p2020.track", (p) => p.points),
        row("page.p2020.bonus", (p) => p.bonus_27),
        ...doc.districts.map((d) => el("tr", {}, el("th", { text: d.name }), ...doc.players.map((p) => el("td", { text: String(p.districts[d.name]) })))),
        row("p2020.total", (p) => p.total, { class: "sum" }),
        row("page.p2020.francs", (p) => p.francs),
        row("page.p2020.property-value", (p) => p.property_value),
      ),
    );
    const districts = doc.districts.map((d) =>
      el(
        "section",
        { class: "p2020-standings" },
        el("h3", { text: say(T("page.p2020.tile.of", { district: d.name, tile: d.scoring.length ? d.scoring.map(String) : T("none") })) }),
        el(
          "ol",
          {},
          ...d.standings.map((s) =>
            el(
              "li",
              {},
              `${s.place}. ${s.name}: ${s.parts.length > 1 ? `${s.value} = ${s.parts.join(" + ")}` : s.value} → ${s.points}`,
              s.why_none ? el("span", { class: "why", text: ` (${say(s.why_none_i18n || s.why_none)})` }) : "",
            ),
          ),
        ),
        ...d.ties_i18n.map((t) => el("p", { class: "note", text: say(t) })),
        d.unplaced.length ? el("p", { class: "note", text: say(T("p2020.unplaced", { names: andList(d.unplaced) })) }) : "",
      ),
    );
    const warnings = doc.warnings.map((w) => el("li", { text: say(errorText(w)) }));
    $p("p2020-result").replaceChildren(players, ...districts, warnings.length ? el("ul", { class: "warnings" }, ...warnings) : "");
  }

  // -- in and out: files and share links -----------------------------------------------------------------------

  /** The form holding a paris2020-final/1 document (a file's, as the referee read it, or a link's, as typed);
   * an Error (app.js's damaged()) naming what the form cannot hold. Numbers stay as given: the referee names a bad
   * one at its field. */
  function formOf(doc) {
    const need = (ok, id, args = {}) => {
      if (!ok) throw damaged(T(id, args));
    };
    const isObject = (v) => v !== null && typeof v === "object" && !Array.isArray(v);
    const text = (v, where) => {
      need(typeof v === "string" || typeof v === "number", "page.p2020.form.not-text", { where });
      return String(v);
    };
    need(isObject(doc) && doc.format === FORMAT, "page.p2020.form.no-end", { format: FORMAT });
    need(Array.isArray(doc.players) && Array.isArray(doc.districts), "page.p2020.form.no-lists");
    const n = doc.players.length;
    need(n >= MIN_PLAYERS && n <= MAX_PLAYERS, "page.p2020.form.players", { n, least: MIN_PLAYERS, most: MAX_PLAYERS });
    need(doc.districts.length <= MAX_DISTRICTS, "page.p2020.form.districts", { n: doc.districts.length, most: MAX_DISTRICTS });
    const players = doc.players.map((p, i) => {
      const at = `players[${i}]`;
      need(isObject(p), "page.p2020.form.not-player", { where: at });
      return { name: text(p.name, `${at}.name`), points: text(p.points, `${at}.points`), francs: text(p.francs, `${at}.francs`), bonus_27: p.bonus_27 === true };
    });
    const names = players.map((p) => p.name.trim());
    const districts = doc.districts.map((d, j) => {
      const at = `districts[${j}]`;
      need(isObject(d) && Array.isArray(d.scoring) && Array.isArray(d.properties), "page.p2020.form.not-district", { where: at });
      return {
        name: text(d.name, `${at}.name`),
        scoring: d.scoring.map((v, k) => text(v, `${at}.scoring[${k}]`)).join(" "),
        properties: d.properties.map((property, k) => {
          const here = `${at}.properties[${k}]`;
          need(isObject(property) && Array.isArray(property.owners), "page.p2020.form.not-property", { where: here });
          need(property.owners.length <= 2, "page.p2020.form.owners", { where: here, n: property.owners.length });
          const owners = property.owners.map((o, m) => {
            const i = names.indexOf(typeof o === "string" ? o.trim() : o);
            need(i >= 0, "page.p2020.form.unknown-owner", { where: `${here}.owners[${m}]`, name: JSON.stringify(o) });
            return i;
          });
          return { value: text(property.value, `${here}.value`), owners: [owners[0] ?? -1, owners[1] ?? -1] };
        }),
      };
    });
    need(doc.note === undefined || typeof doc.note === "string", "page.p2020.form.note");
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
    io.back = replaced;
    drawIo();
  }

  /** A message (a text) at the top of the form (a damaged share link), or none. */
  function alertTop2020(text) {
    alerted = text;
    $p("p2020-alert").textContent = text ? say(text) : "";
    $p("p2020-alert").hidden = !text;
  }

  /** What In and out says (a text), and the errors under it (texts); the entry it can bring back forgotten. */
  function ioHint(text, errors = []) {
    io = { text, errors, back: null };
    drawIo();
  }

  function drawIo() {
    $p("p2020-io-hint").textContent = say(io.text);
    $p("p2020-io-errors").replaceChildren(...io.errors.map((m) => el("li", { class: "problem error", text: say(m) })));
    if (!io.back) return;
    const replaced = io.back;
    const back = el("button", { type: "button", id: "p2020-back", text: say(T("page.p2020.back")) });
    back.addEventListener("click", () => {
      fill(replaced, T("page.p2020.is-back"));
    });
    $p("p2020-io-hint").append(" ", back);
  }

  /** Open the share link in the address, if there is one; a damaged one is said at the top, the entry kept. */
  function openLink() {
    const found = LINK.exec(location.hash);
    if (!found) return;
    let next;
    try {
      const text = textOfCode(found[1], T("page.link.no-end"));
      let doc;
      try {
        doc = JSON.parse(text);
      } catch (e) {
        throw damaged(T("page.link.not-json"));
      }
      next = formOf(doc);
    } catch (e) {
      changed(); // takes the link out of the address: a reload shows the entry kept
      alertTop2020(T("page.p2020.link-damaged", { why: e.said || e.message }));
      return;
    }
    window.scrollTo(0, 0); // a link opens at the top of the form, as a new page would
    fill(next, T("page.hint.link-opened"));
  }

  async function openFile(file) {
    const bytes = new Uint8Array(await file.arrayBuffer());
    const kind = binaryKind(bytes);
    const refuse = (errors) => ioHint(T("page.p2020.not-opened", { file: file.name, n: errors.length }), errors);
    if (kind !== undefined) {
      return refuse([kind ? T("page.p2020.not-text.kind", { kind, format: FORMAT }) : T("page.p2020.not-text", { format: FORMAT })]);
    }
    let got;
    try {
      got = await post("/api/paris2020/read", new TextDecoder().decode(bytes));
    } catch (e) {
      return refuse([T("page.p2020.silent-file", { error: e.message })]);
    }
    if (got.status !== 200) {
      const errors = (got.data.errors || []).map((e) => errorText(e));
      return refuse(errors.length ? errors : [got.data.error_i18n || got.data.error || T("page.p2020.not-read")]);
    }
    fill(formOf(got.data), T("page.p2020.opened", { file: file.name }));
  }

  function download() {
    saveFile(JSON.stringify(documentOf(), null, 2) + "\n", "paris2020-final.json", "application/json");
    ioHint(T(shown.length ? "page.p2020.saved-errors" : "page.p2020.saved"));
  }

  async function share() {
    const url = location.href.split("#")[0] + "#game=paris2020&final=" + linkCode(JSON.stringify(documentOf()));
    history.replaceState(null, "", url);
    $p("p2020-share-link").value = url;
    $p("p2020-share-link").select();
    try {
      await navigator.clipboard.writeText(url);
      ioHint(T("page.p2020.copied"));
    } catch (e) {
      ioHint(T("page.p2020.copy"));
    }
  }

  /** The form and what it says, said anew in the language just chosen. */
  function speak() {
    draw();
    if (answered) showAnswer();
    alertTop2020(alerted);
    drawIo();
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

  async function start() {
    await i18n.ready;
    i18n.onChange(speak);
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
