// The engine component's imports, for JavaScript hosts:
//
// - `SessionFs`: `tool-output:core/session-fs`, a flat in-memory directory
//   (name → bytes), optionally written behind to IndexedDB so handles survive
//   a page reload. Synchronous, as the interface is.
// - `HttpLlm`: `tool-output:core/llm` over an OpenAI-compatible Chat
//   Completions endpoint (`{baseUrl}/chat/completions`) with `fetch`. Its
//   `complete`/`completeBatch` are async: they need the JSPI build.
// - `NO_LLM`: the synchronous `llm` of the sync build (Node 20 has no JSPI):
//   every call answers `not-configured`, so the engine uses its
//   deterministic strategies.
// - `NO_COUNTING`: `tool-output:core/counting` on one thread: no tally, the
//   engine counts every token itself.
//
// Errors of `result<_, E>` imports are thrown as an Error whose own
// `payload` property is the WIT variant value; jco lowers it into `err(E)`.

export { witError } from './wit-error.js';
export { SessionFs, isSessionName } from './session-fs.js';
export { HttpLlm, NO_LLM, parseResponse, requestBody } from './llm.js';
export { NO_COUNTING } from './counting.js';
