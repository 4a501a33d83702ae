// The static page's referee (docs/table.md): Pyodide runs paris_score.page.answer, the function that
// answers `paris-score serve`'s API, on the wheels shipped in the site's folder (site.json lists them).
// Messages in: {id, path, query, body}, and {idle: true} once the page has nothing to ask (static/engine.js);
// out: {id, status, type, body} or {id, failed}, {progress} while loading, and {times} (below). Every file
// comes from the site's own folder: never a content-delivery network.
//
// A warm start: the first visit keeps a memory snapshot of Python with paris_score imported and warmed up
// (Cache Storage, under the site's version: a new site makes a new one); later visits restore it instead of
// starting CPython and importing the library again, and fall back to a normal start if it fails. The first visit
// answers the page's first requests, and only once the page is idle warms up and takes the snapshot: the first
// score does not wait for them.
import { loadPyodide } from "../pyodide/pyodide.mjs";

const STEPS = 2;
// How long each stage of the start took, in ms (performance.now()), for benchmarks/table_page.py: handed to the page
// (engine.js keeps them in document.documentElement.dataset.engineTimes) with the last progress report and again
// after the first answer and the work done once idle. "worker" is the time from the page's start to this worker's.
const times = { worker: performance.timeOrigin };
let lap = performance.now();
function took(stage) {
  const now = performance.now();
  times[stage] = Math.round(now - lap);
  lap = now;
}
function tell() {
  postMessage({ times });
}
// A progress report: the stage reached, as the id of the page's words for it (paris_score/i18n/page_words.py: the page
// says it in its language) and the figures they need; the last one says how Python started ("snapshot" or "anew"),
// for tests and benchmarks.
function say(at, id, figures = {}, start = undefined) {
  step = at;
  said = JSON.stringify([id, figures]);
  postMessage({ progress: { stage: at < STEPS ? "loading" : "ready", step: at, steps: STEPS, id, ...figures, start }, times });
}
const site = new URL("../", import.meta.url);
const indexURL = new URL("pyodide/", site).href;
const SNAPSHOTS = "referee-snapshots"; // a Cache Storage cache of its own: sw.js replaces only its own caches
const MB = 1e6;

// The bytes downloaded so far, said while Python downloads, of a total known from the first figure: site.json's
// "download" gives the size of each file this worker fetches (Python's WebAssembly, its standard library and lock
// file, the wheels: about 15 MB on a first visit; from the offline copy or the browser's cache later, in a moment).
// Every fetch of this worker, Pyodide's own included, goes through here; only those files are counted (their bytes
// as they arrive, uncompressed, as site.json counts them).
let step = 0;
let sizes = {}; // site.json's "download": path in the site -> bytes
let total = 0;
let received = 0;
let said = "";
const plainFetch = globalThis.fetch.bind(globalThis);
globalThis.fetch = async (...args) => {
  const response = await plainFetch(...args);
  const path = response.url.startsWith(site.href) ? response.url.slice(site.href.length) : "";
  if (!response.body || step > 0 || !(path in sizes)) return response;
  const counter = new TransformStream({
    transform(chunk, out) {
      received += chunk.byteLength;
      downloading();
      out.enqueue(chunk);
    },
  });
  const { status, statusText, headers } = response;
  return new Response(response.body.pipeThrough(counter), { status, statusText, headers });
};

function downloading() {
  // Said again only when the figure shown (MB, to one decimal) changes.
  const figures = { received: Math.round(received / (MB / 10)) * (MB / 10), total };
  if (step === 0 && JSON.stringify(["page.engine.downloaded", figures]) !== said) say(0, "page.engine.downloaded", figures);
}

// Adapts types only: a JS string in, [status, text, content type] out. Anything unexpected is a 400,
// as the server answers it.
const ADAPTER = `
import json
from paris_score.page import answer

def call(path, query, body):
    try:
        got = answer(path, query, body.encode())
    except Exception as e:
        print(f"paris-score: unexpected {type(e).__name__} answering {path}: {e}")  # the browser's console
        error = f"the referee could not handle this request ({type(e).__name__})"
        return [400, json.dumps({"status": 400, "error": error, "errors": []}), "application/json"]
    return [got.status, got.body.decode(), got.content_type]

call
`;

async function download(path) {
  const response = await fetch(new URL(path, site));
  if (!response.ok) throw new Error(`${path}: ${response.status}`);
  return response;
}

/** The snapshot kept for this version of the site, or null (none, no Cache Storage, or cut short). */
async function keptSnapshot(key) {
  try {
    const kept = await (await caches.open(SNAPSHOTS)).match(key);
    if (!kept) return null;
    const bytes = new Uint8Array(await kept.arrayBuffer());
    if (bytes.length !== Number(kept.headers.get("x-length"))) throw new Error("cut short");
    return bytes;
  } catch (e) {
    console.warn("paris-score: no snapshot of the referee:", e);
    return null;
  }
}

/** Keep a snapshot for this version, in place of any other (an older site's). */
async function keep(key, bytes) {
  try {
    const store = await caches.open(SNAPSHOTS);
    for (const old of await store.keys()) await store.delete(old);
    await store.put(key, new Response(bytes, { headers: { "x-length": String(bytes.length) } }));
  } catch (e) {
    console.warn("paris-score: the referee's snapshot was not kept:", e); // the next visit starts normally
  }
}

async function forget(key) {
  try {
    await (await caches.open(SNAPSHOTS)).delete(key);
  } catch (e) {
    // nothing to forget
  }
}

function unpack(pyodide, wheels) {
  for (const wheel of wheels) pyodide.unpackArchive(wheel, "wheel");
}

/** The adapter of Python restored from a snapshot, or null if that fails. */
async function restore(key, wheels) {
  const snapshot = await keptSnapshot(key);
  took("snapshot read");
  if (!snapshot) return null;
  try {
    const pyodide = await loadPyodide({ indexURL, _loadSnapshot: snapshot });
    took("loadPyodide");
    const call = pyodide.runPython(ADAPTER);
    took("adapter");
    // A snapshot holds every module imported, not the files: the wheels are unpacked again, for any file read later.
    whenIdle = async () => {
      unpack(pyodide, await wheels);
      took("unpack");
    };
    return call;
  } catch (e) {
    console.warn("paris-score: the referee's snapshot did not load, starting anew:", e);
    await forget(key);
    return null;
  }
}

/** Warm up (every kind of answer, every module imported), then keep a snapshot of Python for the next visits. */
function keepSnapshot(pyodide, key) {
  let snapshot;
  try {
    pyodide.runPython("import paris_score.page; paris_score.page.warm_up()");
    took("warm-up");
    // Python holds no JavaScript object here (the adapter converts every value), so that the snapshot can be made.
    snapshot = pyodide.makeMemorySnapshot();
    took("snapshot");
  } catch (e) {
    console.warn("paris-score: no snapshot of the referee this time:", e); // the next visit starts anew
    return;
  }
  return keep(key, snapshot).then(() => took("snapshot kept"));
}

let whenIdle = null; // the work left once the referee is ready, done when the page is idle

const ready = (async () => {
  say(0, "page.engine.downloading");
  // The wheels download while Python starts.
  const about = download("site.json")
    .then((r) => r.json())
    .then((read) => {
      sizes = read.download || {};
      total = Object.values(sizes).reduce((sum, n) => sum + n, 0);
      return read;
    });
  const wheels = about.then(({ wheels }) => Promise.all(wheels.map((path) => download(path).then((r) => r.arrayBuffer()))));
  wheels.catch(() => {}); // awaited below: a failure is reported there
  const key = new URL(`snapshot-${(await about).version}`, site).href; // a name in the cache, never fetched
  took("site.json");
  const restored = await restore(key, wheels);
  if (restored) {
    say(STEPS, "", {}, "snapshot");
    return restored;
  }
  const pyodide = await loadPyodide({ indexURL, _makeSnapshot: true });
  took("loadPyodide");
  say(1, "page.engine.reading");
  unpack(pyodide, await wheels);
  took("unpack");
  const call = pyodide.runPython(ADAPTER); // imports what the first answer needs
  took("import");
  whenIdle = () => keepSnapshot(pyodide, key);
  say(STEPS, "", {}, "anew");
  return call;
})();
ready.catch((e) => postMessage({ failed: String(e && e.message ? e.message : e) }));

onmessage = async (ev) => {
  if (ev.data.idle) {
    // The page has nothing more to ask for now (static/engine.js): the work left after the first answer.
    const then = whenIdle;
    whenIdle = null;
    lap = performance.now();
    if (then) Promise.resolve(then()).then(tell, (e) => console.warn("paris-score:", e));
    return;
  }
  const { id, path, query, body } = ev.data;
  let call;
  try {
    call = await ready;
  } catch (e) {
    postMessage({ id, failed: String(e && e.message ? e.message : e) });
    return;
  }
  const since = performance.now();
  const result = call(path, query, body);
  const [status, text, type] = result.toJs();
  result.destroy();
  postMessage({ id, status, type, body: text });
  if (!("first answer" in times)) {
    times["first answer"] = Math.round(performance.now() - since);
    tell();
  }
};
