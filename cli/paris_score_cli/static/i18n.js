// The page in the player's language (docs/languages.md, docs/table.md "Languages"). Loaded before app.js and
// paris2020.js. The language is the one chosen on the page (kept in the browser's storage), else the first of the
// browser's languages (navigator.languages) the page speaks, else English; static/facts.json lists the languages.
// Its catalog, static/i18n/LANG.json, holds every text's wording by template id: the page's own words
// (paris_score/i18n/page_words.py) and the library's (a problem, a line of the score, a postcard's name).
//
// A text is {id, args}, as the referee's answers carry them (`message_i18n`, `lines` ...) and as the page makes its
// own: i18n.say(text) says it, by the algorithm docs/languages.md gives (no code evaluated: the page's
// Content-Security-Policy allows none). An element of index.html names its template in data-i18n (its text) or
// data-i18n-ATTRIBUTE (an attribute: data-i18n-title, data-i18n-aria-label, data-i18n-data-label).
"use strict";

const i18n = (() => {
  const LANG_KEY = "paris-score/lang"; // the language chosen on the page: a reload keeps it
  const FIELD = /\{(\w+)(?::(\w+))?\}/g;
  const NAMED = "[data-i18n], [data-i18n-title], [data-i18n-aria-label], [data-i18n-data-label]";
  const here = new URL(".", document.currentScript.src); // static/, on the served page and the static one
  const listeners = [];
  let catalog = null;

  const facts = fetch(new URL("facts.json", here)).then((r) => r.json());

  /** The language to speak: the one chosen and kept, else the browser's first the page has, else English. */
  function chosen(languages) {
    let kept = null;
    try {
      kept = localStorage.getItem(LANG_KEY);
    } catch (e) {
      // no storage: the browser's languages decide
    }
    if (kept && Object.hasOwn(languages, kept)) return kept;
    for (const tag of navigator.languages || [navigator.language]) {
      const code = String(tag || "").toLowerCase().split(/[-_]/)[0];
      if (Object.hasOwn(languages, code)) return code;
    }
    return "en";
  }

  async function fetchCatalog(code) {
    const response = await fetch(new URL(`i18n/${code}.json`, here));
    if (!response.ok) throw new Error(`static/i18n/${code}.json: ${response.status}`);
    return response.json();
  }

  /** A text said in the page's language: {id, args} (a list of them joined by commas), a number or a string as it
   * is. `form`: a declined form a placeholder asked for ({owner:gen}), if the catalog has it. */
  function say(text, form = null) {
    if (text === null || text === undefined) return "";
    if (typeof text !== "object") return String(text);
    if (Array.isArray(text)) return text.map((t) => say(t, form)).join(", ");
    const messages = catalog.messages;
    const declined = form && `${text.id}:${form}`;
    let wording = declined && Object.hasOwn(messages, declined) ? messages[declined] : messages[text.id];
    if (wording === undefined) return text.id; // a catalog older than the page: the id, never a crash
    const args = text.args || {};
    if (Array.isArray(wording)) {
      const n = Math.abs(args.n);
      const table = text.id === "ordinal" ? catalog.ordinal : catalog.plural;
      wording = wording[table[n < table.length ? n : 100 + (n % 100)]];
    }
    return wording.replace(FIELD, (_, name, asked) => say(args[name], asked));
  }

  /** The text of template `id` with `args`. */
  const text = (id, args = {}) => ({ id, args });
  /** Template `id` said with `args`. */
  const t = (id, args = {}) => say(text(id, args));

  /** Every element of `root` that names its template: its text or attribute said anew. */
  function translate(root = document) {
    for (const el of root.querySelectorAll(NAMED)) {
      for (const [key, id] of Object.entries(el.dataset)) {
        if (key === "i18n") el.textContent = t(id);
        else if (key.startsWith("i18n")) el.setAttribute(key.slice(4).replace(/[A-Z]/g, (c, at) => (at ? "-" : "") + c.toLowerCase()), t(id));
      }
    }
  }

  /** Speak `code` from now on (`remember`: chosen on the page, kept for the next visits): its catalog loaded, the
   * page's words said anew, and every listener told, to say its own. */
  async function use(code, remember = false) {
    let next;
    try {
      next = await fetchCatalog(code);
    } catch (e) {
      if (code === "en") throw e;
      console.warn("paris-score: no catalog, English instead:", e);
      return use("en");
    }
    catalog = next;
    if (remember) {
      try {
        localStorage.setItem(LANG_KEY, code);
      } catch (e) {
        // no storage: the language holds until the page closes
      }
    }
    document.documentElement.lang = catalog.language;
    document.documentElement.dataset.lang = catalog.language; // the page shows once its words are said (style.css)
    translate();
    const select = document.getElementById("language");
    if (select) select.value = catalog.language;
    for (const listener of listeners) listener(catalog.language);
    return catalog.language;
  }

  /** The switch in the header: every language by its own name. */
  function drawSwitch(languages) {
    const select = document.getElementById("language");
    if (!select) return;
    select.replaceChildren(...Object.entries(languages).map(([code, name]) => new Option(name, code)));
    select.value = catalog.language;
    select.addEventListener("change", () => use(select.value, true));
  }

  const ready = facts.then(async (f) => {
    await use(chosen(f.languages));
    drawSwitch(f.languages);
    return catalog.language;
  });
  // Whatever fails, the page shows (in index.html's English): never a blank page.
  ready.catch(() => {
    document.documentElement.dataset.lang ||= "en";
  });

  return {
    facts,
    ready,
    say,
    t,
    text,
    use,
    /** Call `listener(code)` each time the language changes (the page's own words then said anew). */
    onChange: (listener) => listeners.push(listener),
    language: () => catalog && catalog.language,
  };
})();
