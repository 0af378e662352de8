// The engine in the browser: kaidoku.wasm (the kaidoku-wasm crate) run in this Web Worker, so
// that the page works as a static site with no server and its searches never block the page.
// Messages in: {id, name, body}; out: {id, answer} (the JSON text `{"ok": …}` or
// `{"error": …}`), {id, progress} while a `generate` runs, or {id, crash} when the module
// trapped (it is then loaded afresh).

const encoder = new TextEncoder();
const decoder = new TextDecoder();
let exports = null;
let current = null;

async function load() {
  const imports = {
    env: {
      kaidoku_now: () => Date.now(),
      kaidoku_progress: (ptr, len) => {
        postMessage({ id: current, progress: JSON.parse(read(ptr, len)) });
      },
    },
  };
  const response = fetch("kaidoku.wasm");
  const { instance } = WebAssembly.instantiateStreaming
    ? await WebAssembly.instantiateStreaming(response, imports)
    : await WebAssembly.instantiate(await (await response).arrayBuffer(), imports);
  exports = instance.exports;
  exports.kaidoku_init();
}

function put(text) {
  const bytes = encoder.encode(text);
  const ptr = exports.kaidoku_alloc(bytes.length);
  new Uint8Array(exports.memory.buffer, ptr, bytes.length).set(bytes);
  return [ptr, bytes.length];
}

function read(ptr, len) {
  // A fresh view each time: the memory may have grown (and moved) during the call.
  return decoder.decode(new Uint8Array(exports.memory.buffer, ptr, len).slice());
}

let ready = load();

onmessage = async ({ data }) => {
  const { id, name, body } = data;
  try {
    await ready;
    current = id;
    const [namePtr, nameLen] = put(name);
    const [bodyPtr, bodyLen] = put(body);
    const answerPtr = exports.kaidoku_handle(namePtr, nameLen, bodyPtr, bodyLen);
    const answer = read(answerPtr, exports.kaidoku_answer_len());
    exports.kaidoku_free(namePtr, nameLen);
    exports.kaidoku_free(bodyPtr, bodyLen);
    postMessage({ id, answer });
  } catch (error) {
    postMessage({ id, crash: String(error) });
    ready = load();
  }
};
