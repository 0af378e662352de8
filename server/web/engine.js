// The engine, as the page asks it: JSON requests to the server's API (`kaidoku serve`), the
// same calls as the CLI; or, where no server answers (the page as a static site), the same
// service compiled to WebAssembly, run in a Web Worker (worker.js). Every answer is an object;
// a refused request throws an ApiError with the engine's message (and the position's
// mistakes, when those are why).

export class ApiError extends Error {
  constructor(message, kind, mistakes) {
    super(message);
    this.kind = kind || "failed";
    this.mistakes = mistakes || [];
  }
}

async function errorOf(response) {
  try {
    const body = await response.json();
    if (body && body.error) {
      return new ApiError(body.error.message, body.error.kind, body.error.mistakes);
    }
  } catch (_) {
    // Not JSON: say what the server said.
  }
  return new ApiError(`the server answered ${response.status} ${response.statusText}`);
}

let backend = null;

/** Where requests go: "server", or "wasm" when no `kaidoku serve` answers here. */
export async function engineKind() {
  if (!backend) backend = choose();
  return (await backend).kind;
}

async function choose() {
  try {
    const response = await fetch("api", { method: "GET" });
    if (response.ok && (await response.json()).requests) return { kind: "server" };
  } catch (_) {
    // No server here: the page is a static site.
  }
  const worker = new Worker("worker.js");
  const waiting = new Map();
  let next = 0;
  worker.onmessage = ({ data }) => {
    const job = waiting.get(data.id);
    if (!job) return;
    if (data.progress) {
      job.progress(data.progress);
      return;
    }
    waiting.delete(data.id);
    if (data.crash) {
      job.reject(new ApiError(`the engine stopped: ${data.crash}`, "failed"));
      return;
    }
    const answer = JSON.parse(data.answer);
    if (answer.error) job.reject(new ApiError(answer.error.message, answer.error.kind, answer.error.mistakes));
    else job.resolve(answer.ok);
  };
  return {
    kind: "wasm",
    ask(name, body, progress) {
      return new Promise((resolve, reject) => {
        const id = next++;
        waiting.set(id, { resolve, reject, progress: progress || (() => {}) });
        worker.postMessage({ id, name, body: JSON.stringify(body || {}) });
      });
    },
  };
}

/** One request: `name` is one of the API's requests (`hint`, `solve` …). */
export async function call(name, body, signal) {
  if ((await engineKind()) === "wasm") return (await backend).ask(name, body);
  let response;
  try {
    response = await fetch(`api/${name}`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(body || {}),
      signal,
    });
  } catch (error) {
    if (error.name === "AbortError") throw error;
    throw new ApiError("the server does not answer: is `kaidoku serve` still running?", "failed");
  }
  if (!response.ok) throw await errorOf(response);
  return response.json();
}

/**
 * `generate`, whose answer streams: `onProgress` gets each progress line ({found, count,
 * tries, seconds}), the promise the answer.
 */
export async function generate(body, onProgress, signal) {
  if ((await engineKind()) === "wasm") {
    // The worker reports as puzzles come; the page's own clock ticks between.
    const start = Date.now();
    const tick = setInterval(() => onProgress({ progress: null, seconds: (Date.now() - start) / 1000 }), 500);
    try {
      return await (await backend).ask("generate", body, (p) => onProgress({ progress: p, seconds: p.seconds }));
    } finally {
      clearInterval(tick);
    }
  }
  let response;
  try {
    response = await fetch("api/generate", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(body),
      signal,
    });
  } catch (error) {
    if (error.name === "AbortError") throw error;
    throw new ApiError("the server does not answer: is `kaidoku serve` still running?", "failed");
  }
  if (!response.ok) throw await errorOf(response);
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let buffered = "";
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    buffered += decoder.decode(value, { stream: true });
    let end;
    while ((end = buffered.indexOf("\n")) >= 0) {
      const line = buffered.slice(0, end).trim();
      buffered = buffered.slice(end + 1);
      if (!line) continue;
      const message = JSON.parse(line);
      if (message.answer) return message.answer;
      if (message.error) throw new ApiError(message.error.message, message.error.kind);
      onProgress(message);
    }
  }
  throw new ApiError("the search ended without an answer", "failed");
}
