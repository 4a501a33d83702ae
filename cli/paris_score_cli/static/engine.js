// How the page reaches the referee (docs/table.md), loaded before app.js.
// Served by `paris-score serve`, a call is a POST to the server's API. In the static page that
// `paris-score site` writes (its index.html carries <meta name="paris-score-engine" content="worker">),
// the very same Python function, paris_score.page.answer, runs in the browser: Pyodide in a Web Worker
// (static/worker.js), so that the page never freezes; a service worker (sw.js) keeps every file for
// offline use. Either way, engine.post(path, body) resolves to {status, data} (data: JSON or text).
"use strict";

const engine = (() => {
  const inBrowser = document.querySelector('meta[name="paris-score-engine"]')?.content === "worker";
  const listeners = [];
  const waiting = new Map(); // request id -> {resolve, reject}
  let worker = null;
  let lastId = 0;
  let state = inBrowser
    ? { stage: "loading", step: 0, steps: 3, text: "loading the referee…" }
    : { stage: "ready", step: 0, steps: 0, text: "" };

  function report(next) {
    state = next;
    document.documentElement.dataset.engine = state.stage; // for tests and the stylesheet: loading, ready, failed
    for (const listener of listeners) listener(state);
    // The offline copy (sw.js stores every file of the site) is made once the referee runs, so that a first visit
    // does not download everything twice at once; registering again on later visits looks for a new version.
    if (inBrowser && state.stage === "ready" && "serviceWorker" in navigator) {
      navigator.serviceWorker.register("sw.js").catch((e) => console.warn("no offline copy:", e));
    }
  }

  function decode(status, type, text) {
    return { status, data: type.startsWith("application/json") ? JSON.parse(text) : text };
  }

  function fail(message) {
    report({ stage: "failed", step: state.step, steps: state.steps, text: "the referee could not start: " + message });
    for (const { reject } of waiting.values()) reject(new Error(message));
    waiting.clear();
  }

  function startWorker() {
    worker = new Worker("static/worker.js", { type: "module" });
    worker.onmessage = (ev) => {
      const m = ev.data;
      if (m.progress) report(m.progress);
      else if (m.failed !== undefined && m.id === undefined) fail(m.failed);
      else {
        const call = waiting.get(m.id);
        waiting.delete(m.id);
        if (m.failed !== undefined) call.reject(new Error(m.failed));
        else call.resolve(decode(m.status, m.type, m.body));
      }
    };
    worker.onerror = (ev) => {
      ev.preventDefault();
      fail(ev.message || "the worker stopped");
    };
  }

  async function post(path, body) {
    if (!inBrowser) {
      const response = await fetch(path, { method: "POST", body, headers: { "Content-Type": "text/plain; charset=utf-8" } });
      const type = response.headers.get("Content-Type") || "";
      return { status: response.status, data: type.startsWith("application/json") ? await response.json() : await response.text() };
    }
    if (state.stage === "failed") throw new Error(state.text);
    const [route, query = ""] = path.split("?", 2);
    const id = ++lastId;
    return new Promise((resolve, reject) => {
      waiting.set(id, { resolve, reject });
      worker.postMessage({ id, path: route, query, body });
    });
  }

  async function facts() {
    return (await fetch(inBrowser ? "static/facts.json" : "/static/facts.json")).json();
  }

  function onProgress(listener) {
    listeners.push(listener);
    listener(state);
  }

  if (inBrowser) startWorker();
  document.documentElement.dataset.engine = state.stage;
  return { post, facts, onProgress, inBrowser };
})();
