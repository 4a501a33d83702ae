// The static page's referee (docs/table.md): only the page `paris-score site` writes loads this file,
// before app.js. The very same Python function that answers `paris-score serve`, paris_score.page.answer,
// runs in the browser: Pyodide in a Web Worker (static/worker.js), so that the page never freezes; a
// service worker (sw.js) keeps every file for offline use. engine.post(path, body) resolves to
// {status, data} (data: JSON or text) as a request to the server would.
"use strict";

const engine = (() => {
  const listeners = [];
  const waiting = new Map(); // request id -> {resolve, reject}
  const worker = new Worker("static/worker.js", { type: "module" });
  let lastId = 0;
  // The stage reached, as the id of the page's words for it (app.js says it): static/worker.js reports each.
  let state = { stage: "loading", step: 0, steps: 2, id: "page.engine.starting" };

  function report(next) {
    state = next;
    document.documentElement.dataset.engine = state.stage; // for tests and the stylesheet: loading, ready, failed
    if (state.start) document.documentElement.dataset.engineStart = state.start; // snapshot or anew (static/worker.js)
    for (const listener of listeners) listener(state);
    // The offline copy (sw.js stores every file of the site) is made once the referee runs, so that a first visit
    // does not download everything twice at once; registering again on later visits looks for a new version.
    if (state.stage === "ready" && "serviceWorker" in navigator) {
      navigator.serviceWorker.register("sw.js").catch((e) => console.warn("no offline copy:", e));
    }
  }

  function fail(message) {
    report({ stage: "failed", step: state.step, steps: state.steps, id: "page.engine.failed", error: message });
    for (const { reject } of waiting.values()) reject(new Error(message));
    waiting.clear();
  }

  worker.onmessage = (ev) => {
    const m = ev.data;
    if (m.times) {
      // How long the worker's stages took (static/worker.js), for benchmarks/table_page.py; "worker": from the
      // page's start to the worker's.
      const times = { ...m.times, worker: Math.round(m.times.worker - performance.timeOrigin) };
      document.documentElement.dataset.engineTimes = JSON.stringify(times);
    }
    if (m.progress) report(m.progress);
    else if (m.times) return;
    else if (m.id === undefined) fail(m.failed);
    else {
      const call = waiting.get(m.id);
      waiting.delete(m.id);
      if (m.failed !== undefined) call.reject(new Error(m.failed));
      else call.resolve({ status: m.status, data: m.type.startsWith("application/json") ? JSON.parse(m.body) : m.body });
      idleSoon();
    }
  };

  // Once the page has asked nothing for IDLE_MS after an answer (a share link asks twice in a row, the Paris (2020)
  // form after a pause), the worker is told so: on a first visit it then warms up and keeps its snapshot, which would
  // otherwise hold up the page's next answer.
  const IDLE_MS = 300;
  let idleTimer = null;
  let toldIdle = false;
  function idleSoon() {
    if (toldIdle) return;
    clearTimeout(idleTimer);
    idleTimer = setTimeout(() => {
      if (waiting.size) return; // asked meanwhile: its answer calls this again
      toldIdle = true;
      worker.postMessage({ idle: true });
    }, IDLE_MS);
  }
  worker.onerror = (ev) => {
    ev.preventDefault();
    fail(ev.message || "the worker stopped");
  };

  async function post(path, body) {
    if (state.stage === "failed") throw new Error("the referee could not start: " + state.error);
    const [route, query = ""] = path.split("?", 2);
    const id = ++lastId;
    return new Promise((resolve, reject) => {
      waiting.set(id, { resolve, reject });
      worker.postMessage({ id, path: route, query, body });
    });
  }

  function onProgress(listener) {
    listeners.push(listener);
    listener(state);
  }

  document.documentElement.dataset.engine = state.stage;
  return { post, onProgress };
})();
