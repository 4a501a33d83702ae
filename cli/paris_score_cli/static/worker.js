// The static page's referee (docs/table.md): Pyodide runs paris_score.page.answer, the function that
// answers `paris-score serve`'s API, on the wheels shipped in the site's folder (site.json lists them).
// Messages in: {id, path, query, body}; out: {id, status, type, body} or {id, failed}, and {progress}
// while loading. Every file comes from the site's own folder: never a content-delivery network.
//
// A warm start: the first visit keeps a memory snapshot of Python with paris_score imported and warmed up
// (Cache Storage, under the site's version: a new site makes a new one); later visits restore it instead of
// starting CPython and importing the library again, and fall back to a normal start if it fails.
import { loadPyodide } from "../pyodide/pyodide.mjs";

const STEPS = 3;
// A progress report; the last one says how Python started ("snapshot" or "anew"), for tests and benchmarks.
function say(at, text, start) {
  step = at;
  said = text;
  postMessage({ progress: { stage: at < STEPS ? "loading" : "ready", step: at, steps: STEPS, text, start } });
}
const site = new URL("../", import.meta.url);
const indexURL = new URL("pyodide/", site).href;
const SNAPSHOTS = "referee-snapshots"; // a Cache Storage cache of its own: sw.js replaces only its own caches
const MB = 1e6;

// The bytes downloaded so far, said while Python downloads (about 14 MB on a first visit; from the offline copy
// or the browser's cache later, in a moment). Every fetch of this worker, Pyodide's own included, is counted.
let step = 0;
let received = 0;
let expected = 0; // the sum of the Content-Length of the responses under way (0 when not told)
let said = "";
const plainFetch = globalThis.fetch.bind(globalThis);
globalThis.fetch = async (...args) => {
  const response = await plainFetch(...args);
  const size = Number(response.headers.get("content-length")) || 0;
  if (!response.body || step > 0) return response;
  expected += size;
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
  // A compressed response counts more bytes than its Content-Length: then only the bytes are said.
  const of = expected >= received ? ` of ${(expected / MB).toFixed(1)}` : "";
  const text = `starting the referee: downloading Python, ${(received / MB).toFixed(1)}${of} MB…`;
  if (step === 0 && text !== said) say(0, text);
}

// Imports everything the page's answers use and answers once, so that the snapshot holds it all.
const WARM_UP = `
from paris_score.example import rulebook_json
from paris_score.page import answer

for _path, _query in (("/api/table", ""), ("/api/render", ""), ("/api/convert", "to=json")):
    assert answer(_path, _query, rulebook_json().encode()).status == 200, _path
`;

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

/** Python restored from a snapshot, its wheels unpacked again (for anything imported later), or null if it fails. */
async function restore(key, wheels) {
  const snapshot = await keptSnapshot(key);
  if (!snapshot) return null;
  try {
    const pyodide = await loadPyodide({ indexURL, _loadSnapshot: snapshot });
    unpack(pyodide, await wheels);
    return pyodide.runPython(ADAPTER);
  } catch (e) {
    console.warn("paris-score: the referee's snapshot did not load, starting anew:", e);
    await forget(key);
    return null;
  }
}

const ready = (async () => {
  say(0, "starting the referee: downloading Python…");
  // The wheels download while Python starts.
  const about = download("site.json").then((r) => r.json());
  const wheels = about.then(({ wheels }) => Promise.all(wheels.map((path) => download(path).then((r) => r.arrayBuffer()))));
  wheels.catch(() => {}); // awaited below: a failure is reported there
  const key = new URL(`snapshot-${(await about).version}`, site).href; // a name in the cache, never fetched
  const restored = await restore(key, wheels);
  if (restored) {
    say(STEPS, "", "snapshot");
    return restored;
  }
  const pyodide = await loadPyodide({ indexURL, _makeSnapshot: true });
  say(1, "starting the referee: reading the rules…");
  unpack(pyodide, await wheels);
  say(2, "starting the referee: warming up…");
  let snapshot = null;
  try {
    pyodide.runPython(WARM_UP);
    snapshot = pyodide.makeMemorySnapshot(); // before the adapter: a snapshot holds no JavaScript reference
  } catch (e) {
    console.warn("paris-score: no snapshot of the referee this time:", e); // it still starts
  }
  const call = pyodide.runPython(ADAPTER);
  say(STEPS, "", "anew");
  if (snapshot) keep(key, snapshot); // after the referee is ready: the first score does not wait for the copy
  return call;
})();
ready.catch((e) => postMessage({ failed: String(e && e.message ? e.message : e) }));

onmessage = async (ev) => {
  const { id, path, query, body } = ev.data;
  let call;
  try {
    call = await ready;
  } catch (e) {
    postMessage({ id, failed: String(e && e.message ? e.message : e) });
    return;
  }
  const result = call(path, query, body);
  const [status, text, type] = result.toJs();
  result.destroy();
  postMessage({ id, status, type, body: text });
};
