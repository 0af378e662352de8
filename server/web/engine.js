// The engine, as the page asks it: JSON requests to the server's API (`kaidoku serve`), the
// same calls as the CLI. Every answer is an object; a refused request throws an ApiError with
// the server's message (and the position's mistakes, when those are why).

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

/** One request: `name` is one of the API's requests (`hint`, `solve` …). */
export async function call(name, body, signal) {
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
