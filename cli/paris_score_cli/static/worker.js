// The static page's referee (docs/table.md): Pyodide runs paris_score.page.answer, the function that
// answers `paris-score serve`'s API, on the wheels shipped in the site's folder (site.json lists them).
// Messages in: {id, path, query, body}; out: {id, status, type, body} or {id, failed}, and {progress}
// while loading. Every file comes from the site's own folder: never a content-delivery network.
import { loadPyodide } from "../pyodide/pyodide.mjs";

const STEPS = 3;
const say = (step, text) => postMessage({ progress: { stage: step < STEPS ? "loading" : "ready", step, steps: STEPS, text } });
const site = new URL("../", import.meta.url);

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

const ready = (async () => {
  say(0, "loading the referee: Python (1 of 3)…");
  // The wheels download while Python starts.
  const wheels = download("site.json").then((r) => r.json()).then(({ wheels }) => Promise.all(
    wheels.map((path) => download(path).then((r) => r.arrayBuffer())),
  ));
  wheels.catch(() => {}); // awaited below: a failure is reported there
  const pyodide = await loadPyodide({ indexURL: new URL("pyodide/", site).href });
  say(1, "loading the referee: the rules (2 of 3)…");
  for (const wheel of await wheels) pyodide.unpackArchive(wheel, "wheel");
  say(2, "loading the referee: starting (3 of 3)…");
  const call = pyodide.runPython(ADAPTER);
  say(STEPS, "");
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
