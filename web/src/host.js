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
//
// Errors of `result<_, E>` imports are thrown as an Error whose own
// `payload` property is the WIT variant value; jco lowers it into `err(E)`.

/** Throw-able error for a `result` import: `payload` is the WIT error value. */
export function witError(tag, val) {
  const payload = val === undefined ? { tag } : { tag, val };
  const e = new Error(val === undefined ? tag : `${tag}: ${String(val)}`);
  e.payload = payload;
  return e;
}

// ---------------------------------------------------------------- session-fs

/** Same rule as the native host: 1–128 of `A-Z a-z 0-9 . _ -`, no leading dot. */
const NAME = /^[A-Za-z0-9_-][A-Za-z0-9._-]{0,127}$/;

/** Whether `name` is a file name a session may hold (the rule above; archives use it too). */
export const isSessionName = (name) => typeof name === 'string' && NAME.test(name);

/** Largest read served at once (the interface asks for at least 1 MiB). */
const MAX_READ = 16 << 20;

const DB_VERSION = 1;
const STORE = 'files';

export class SessionFs {
  /**
   * @param {object} [opts]
   * @param {boolean|string} [opts.persist] write behind to IndexedDB; a string names the database
   *   (default `tool-output`). Call `await restore()` before the engine's first call.
   * @param {number} [opts.quotaBytes] refuse writes past this many bytes in all (`quota-exceeded`).
   * @param {(err: Error) => void} [opts.onPersistError]
   */
  constructor(opts = {}) {
    /** @type {Map<string, {buf: Uint8Array, len: number}>} */
    this.files = new Map();
    this.total = 0;
    this.quotaBytes = opts.quotaBytes ?? Infinity;
    this.dbName = opts.persist ? (typeof opts.persist === 'string' ? opts.persist : 'tool-output') : null;
    this.onPersistError = opts.onPersistError ?? ((e) => console.warn('tool-output: IndexedDB write failed:', e));
    this.db = null;
    this.dirty = new Set();
    this.flushing = null;
    this.lastPersistError = null;
    // The import object: plain functions bound to this directory.
    this.imports = {
      write: (name, data) => this.write(name, data),
      append: (name, data) => this.append(name, data),
      read: (name, offset, len) => this.read(name, offset, len),
      size: (name) => this.size(name),
      rename: (from, to) => this.rename(from, to),
      remove: (name) => this.remove(name),
      list: () => this.list(),
    };
  }

  static check(name) {
    if (!isSessionName(name)) throw witError('invalid-name', String(name));
  }

  #get(name) {
    SessionFs.check(name);
    const f = this.files.get(name);
    if (!f) throw witError('not-found', name);
    return f;
  }

  #reserve(extra) {
    if (this.total + extra > this.quotaBytes) throw witError('quota-exceeded');
  }

  write(name, data) {
    SessionFs.check(name);
    const old = this.files.get(name);
    this.#reserve(data.length - (old ? old.len : 0));
    const buf = new Uint8Array(data); // a copy: never keep a view of wasm memory
    this.total += buf.length - (old ? old.len : 0);
    this.files.set(name, { buf, len: buf.length });
    this.#touch(name);
  }

  append(name, data) {
    SessionFs.check(name);
    this.#reserve(data.length);
    let f = this.files.get(name);
    if (!f) {
      f = { buf: new Uint8Array(Math.max(data.length, 64)), len: 0 };
      this.files.set(name, f);
    }
    if (f.len + data.length > f.buf.length) {
      const grown = new Uint8Array(Math.max(f.len + data.length, f.buf.length * 2));
      grown.set(f.buf.subarray(0, f.len));
      f.buf = grown;
    }
    f.buf.set(data, f.len);
    f.len += data.length;
    this.total += data.length;
    this.#touch(name);
  }

  read(name, offset, len) {
    const f = this.#get(name);
    const start = Math.min(Number(offset), f.len);
    const end = Math.min(f.len, start + Math.min(Number(len), MAX_READ));
    return f.buf.subarray(start, end); // jco copies it into wasm memory
  }

  size(name) {
    return BigInt(this.#get(name).len);
  }

  rename(from, to) {
    SessionFs.check(to);
    const f = this.#get(from);
    if (from === to) return;
    const old = this.files.get(to);
    if (old) this.total -= old.len;
    this.files.delete(from);
    this.files.set(to, f);
    this.#touch(from);
    this.#touch(to);
  }

  remove(name) {
    const f = this.#get(name);
    this.files.delete(name);
    this.total -= f.len;
    this.#touch(name);
  }

  list() {
    return [...this.files.keys()];
  }

  /** The bytes of a file (a copy), or undefined. */
  bytes(name) {
    const f = this.files.get(name);
    return f ? f.buf.slice(0, f.len) : undefined;
  }

  // ---- write-behind to IndexedDB

  /** Open the database and load the stored files (replacing what is in memory). */
  async restore() {
    if (!this.dbName) return 0;
    if (typeof indexedDB === 'undefined') throw new Error('persist needs IndexedDB (a browser)');
    this.db ??= await openDb(this.dbName);
    const entries = await new Promise((resolve, reject) => {
      const tx = this.db.transaction(STORE, 'readonly');
      const store = tx.objectStore(STORE);
      const keys = store.getAllKeys();
      const values = store.getAll();
      tx.oncomplete = () => resolve(keys.result.map((k, i) => [k, values.result[i]]));
      tx.onerror = () => reject(tx.error);
    });
    this.files.clear();
    this.total = 0;
    for (const [name, value] of entries) {
      const buf = value instanceof Uint8Array ? value : new Uint8Array(value);
      this.files.set(name, { buf, len: buf.length });
      this.total += buf.length;
    }
    return entries.length;
  }

  #touch(name) {
    if (!this.dbName) return;
    this.dirty.add(name);
    if (!this.flushing) this.flushing = new Promise((r) => setTimeout(r, 0)).then(() => this.#flush());
  }

  async #flush() {
    try {
      this.db ??= await openDb(this.dbName);
      while (this.dirty.size) {
        const names = [...this.dirty];
        this.dirty.clear();
        await new Promise((resolve, reject) => {
          const tx = this.db.transaction(STORE, 'readwrite');
          const store = tx.objectStore(STORE);
          for (const name of names) {
            const f = this.files.get(name);
            // The current content at flush time: a burst of appends is one put.
            if (f) store.put(f.buf.slice(0, f.len), name);
            else store.delete(name);
          }
          tx.oncomplete = resolve;
          tx.onerror = () => reject(tx.error);
          tx.onabort = () => reject(tx.error ?? new Error('IndexedDB transaction aborted'));
        });
      }
    } catch (e) {
      this.lastPersistError = e;
      this.onPersistError(e);
    } finally {
      this.flushing = null;
      if (this.dirty.size) this.#touch([...this.dirty][0]);
    }
  }

  /** Resolves when every write so far has reached IndexedDB. */
  async persisted() {
    while (this.flushing) await this.flushing;
  }

  /** Delete the database (and forget the files in memory). */
  async destroy() {
    await this.persisted();
    this.files.clear();
    this.total = 0;
    if (!this.dbName || typeof indexedDB === 'undefined') return;
    this.db?.close();
    this.db = null;
    await new Promise((resolve, reject) => {
      const r = indexedDB.deleteDatabase(this.dbName);
      r.onsuccess = resolve;
      r.onerror = () => reject(r.error);
      r.onblocked = resolve;
    });
  }
}

function openDb(name) {
  return new Promise((resolve, reject) => {
    const r = indexedDB.open(name, DB_VERSION);
    r.onupgradeneeded = () => r.result.createObjectStore(STORE);
    r.onsuccess = () => resolve(r.result);
    r.onerror = () => reject(r.error);
  });
}

// ----------------------------------------------------------------------- llm

/** The sync build's LLM: none is configured. */
export const NO_LLM = {
  modelInfo() {
    throw witError('not-configured');
  },
  complete() {
    throw witError('not-configured');
  },
  completeBatch(reqs) {
    return reqs.map(() => ({ tag: 'err', val: { tag: 'not-configured' } }));
  },
};

/** An error body is quoted up to this many characters (as the native host). */
const QUOTED_ERROR = 300;

/** The request body, exactly as the native host builds it (wire/src/openai.rs). */
export function requestBody(model, req, official = false) {
  const body = {
    model,
    messages: req.messages.map(wireMessage),
    [official ? 'max_completion_tokens' : 'max_tokens']: req.maxOutputTokens,
  };
  if (req.tools.length) {
    body.tools = req.tools.map((t) => ({
      type: 'function',
      function: { name: t.name, description: t.description, parameters: parseOrEmpty(t.parameters) },
    }));
    if (req.toolChoice === 'none') body.tool_choice = 'none';
  }
  return body;
}

function wireMessage(m) {
  const out = { role: m.role };
  if (m.role === 'assistant' && m.toolCalls.length) {
    // An assistant turn that only calls tools has null content.
    out.content = m.content === '' ? null : m.content;
    out.tool_calls = m.toolCalls.map((c) => ({
      id: c.id,
      type: 'function',
      function: { name: c.name, arguments: c.arguments },
    }));
  } else {
    out.content = m.content;
  }
  if (m.toolCallId != null) out.tool_call_id = m.toolCallId;
  return out;
}

function parseOrEmpty(text) {
  try {
    return JSON.parse(text);
  } catch {
    return { type: 'object' };
  }
}

/** Read a Chat Completions answer; throws a string saying what was wrong. */
export function parseResponse(body) {
  const choice = Array.isArray(body?.choices) ? body.choices[0] : undefined;
  if (!choice) throw 'no choices in the answer';
  const message = choice.message;
  if (message == null) throw 'the first choice has no message';
  let text;
  const c = message.content;
  if (c == null) text = '';
  else if (typeof c === 'string') text = c;
  else if (Array.isArray(c)) text = c.map((p) => (typeof p?.text === 'string' ? p.text : '')).join('');
  else throw `content is neither text nor parts: ${JSON.stringify(c)}`;
  const toolCalls = [];
  if (Array.isArray(message.tool_calls)) {
    message.tool_calls.forEach((call, i) => {
      const fn = call?.function;
      if (!fn) throw 'a tool call has no function';
      if (typeof fn.name !== 'string') throw 'a tool call has no name';
      const a = fn.arguments;
      const args = typeof a === 'string' ? a : a == null ? '{}' : JSON.stringify(a);
      toolCalls.push({ id: typeof call.id === 'string' ? call.id : `call_${i}`, name: fn.name, arguments: args });
    });
  }
  const tokens = (k) => {
    const v = body.usage?.[k];
    return Number.isSafeInteger(v) && v >= 0 ? BigInt(v) : 0n;
  };
  return {
    text,
    toolCalls,
    usage: { inputTokens: tokens('prompt_tokens'), outputTokens: tokens('completion_tokens') },
    model: typeof body.model === 'string' ? body.model : undefined,
    truncated: choice.finish_reason === 'length',
  };
}

function errorText(bodyText) {
  let text = bodyText;
  try {
    const v = JSON.parse(bodyText);
    const e = v?.error;
    const m = typeof e?.message === 'string' ? e.message : typeof e === 'string' ? e : undefined;
    if (m !== undefined) text = m;
  } catch {
    /* not JSON: quote the body */
  }
  return text.slice(0, QUOTED_ERROR).trim();
}

function retryAfterMs(headers) {
  const ms = Number.parseFloat(headers.get('retry-after-ms') ?? '');
  if (Number.isFinite(ms) && ms >= 0) return ms;
  const v = headers.get('retry-after');
  if (!v) return undefined;
  const s = Number(v.trim());
  if (Number.isFinite(s) && s >= 0) return s * 1000;
  const at = Date.parse(v);
  return Number.isFinite(at) ? Math.max(0, at - Date.now()) : undefined;
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/**
 * `tool-output:core/llm` over an OpenAI-compatible Chat Completions endpoint.
 * Async: for the JSPI build.
 */
export class HttpLlm {
  /**
   * @param {object} [opts]
   * @param {string} [opts.baseUrl] e.g. `http://127.0.0.1:8080/v1` (includes /v1)
   * @param {string} [opts.model] the extraction model; none: `not-configured`
   * @param {string} [opts.apiKey] sent as `Authorization: Bearer …`
   * @param {number} [opts.contextWindow] default 8192
   * @param {number} [opts.maxOutputTokens] default 2048 (at most half the window)
   * @param {number} [opts.concurrency] requests at once for complete-batch, default 4
   * @param {number} [opts.timeoutMs] per attempt, default 120000
   * @param {number} [opts.retries] on 429, 5xx, network errors and timeouts, default 2
   * @param {number} [opts.maxRetryWaitMs] a longer Retry-After fails at once, default 30000
   * @param {(e: object) => void} [opts.onCall] `{phase:'start'|'end', kind, chunk, ms, error}`
   * @param {typeof fetch} [opts.fetch]
   */
  constructor(opts = {}) {
    this.configure(opts);
    this.calls = 0;
    this.imports = {
      modelInfo: (model) => this.modelInfo(model),
      complete: (req) => this.complete(req),
      completeBatch: (reqs) => this.completeBatch(reqs),
    };
  }

  configure(opts = {}) {
    this.opts = { ...opts };
    this.baseUrl = (opts.baseUrl ?? '').replace(/\/+$/, '');
    this.model = opts.model || undefined;
    this.apiKey = opts.apiKey || undefined;
    this.contextWindow = Math.max(1, Math.floor(opts.contextWindow ?? 8192));
    this.maxOutputTokens = Math.max(1, Math.min(Math.floor(opts.maxOutputTokens ?? 2048), Math.floor(this.contextWindow / 2)));
    this.concurrency = Math.max(1, Math.floor(opts.concurrency ?? 4));
    this.timeoutMs = opts.timeoutMs ?? 120_000;
    this.retries = opts.retries ?? 2;
    this.maxRetryWaitMs = opts.maxRetryWaitMs ?? 30_000;
    this.onCall = opts.onCall;
    this.fetch = opts.fetch ?? globalThis.fetch.bind(globalThis);
    // OpenAI itself wants `max_completion_tokens`; compatible servers know `max_tokens`.
    this.official = this.baseUrl.includes('://api.openai.com');
  }

  get configured() {
    return Boolean(this.baseUrl && this.model);
  }

  modelInfo(model) {
    if (!this.configured) throw witError('not-configured');
    // Only the configured model: the engine is not trusted to spend on others.
    if (model != null && model !== this.model) throw witError('bad-request', `model "${model}" is not configured`);
    return {
      model: this.model,
      contextWindow: this.contextWindow,
      maxOutputTokens: this.maxOutputTokens,
      tokenizer: 'cl100k_base',
      tokenizerExact: false,
      concurrency: this.concurrency,
      // Unknown: `tool-output doctor`'s verdicts live with the native CLI.
      managesFullChunked: undefined,
      managesReadGrep: undefined,
    };
  }

  /** One request; resolves to the WIT `response` or throws a `witError`. */
  async complete(req) {
    if (!this.configured) throw witError('not-configured');
    if (req.model != null && req.model !== this.model) throw witError('bad-request', `model "${req.model}" is not configured`);
    const started = performance.now();
    this.calls++;
    this.onCall?.({ phase: 'start', kind: req.kind, chunk: req.chunk });
    try {
      const answer = await this.#post(requestBody(this.model, req, this.official));
      const latencyMs = performance.now() - started;
      this.onCall?.({ phase: 'end', kind: req.kind, chunk: req.chunk, ms: latencyMs });
      return {
        text: answer.text,
        toolCalls: answer.toolCalls,
        usage: answer.usage,
        model: answer.model ?? this.model,
        latencyMs: BigInt(Math.round(latencyMs)),
        truncated: answer.truncated,
      };
    } catch (e) {
      this.onCall?.({ phase: 'end', kind: req.kind, chunk: req.chunk, ms: performance.now() - started, error: e.payload ?? e });
      throw e.payload ? e : witError('unavailable', String(e?.message ?? e));
    }
  }

  /** Many requests, at most `concurrency` at once; one result per request, in order. */
  async completeBatch(reqs) {
    const results = new Array(reqs.length);
    let next = 0;
    const worker = async () => {
      while (next < reqs.length) {
        const i = next++;
        try {
          results[i] = { tag: 'ok', val: await this.complete(reqs[i]) };
        } catch (e) {
          results[i] = { tag: 'err', val: e.payload ?? { tag: 'unavailable', val: String(e) } };
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(this.concurrency, reqs.length) }, worker));
    return results;
  }

  async #post(body) {
    const json = JSON.stringify(body);
    for (let attempt = 0; ; attempt++) {
      const { error, retryable, retryAfter, answer } = await this.#attempt(json);
      if (!error) return answer;
      if (!retryable || attempt >= this.retries) throw error;
      let wait = retryAfter;
      if (wait !== undefined && wait > this.maxRetryWaitMs) throw error;
      wait ??= Math.min(500 * 2 ** attempt, 8000) * (1 + Math.random() / 4);
      await sleep(wait);
    }
  }

  async #attempt(json) {
    const headers = { 'content-type': 'application/json' };
    if (this.apiKey) headers.authorization = `Bearer ${this.apiKey}`;
    let res;
    let text;
    try {
      res = await this.fetch(`${this.baseUrl}/chat/completions`, {
        method: 'POST',
        headers,
        body: json,
        signal: AbortSignal.timeout(this.timeoutMs),
      });
      text = await res.text();
    } catch (e) {
      if (e?.name === 'TimeoutError') return { error: witError('timeout'), retryable: true };
      return { error: witError('unavailable', `${e?.message ?? e}${e?.cause ? `: ${e.cause.message ?? e.cause}` : ''}`), retryable: true };
    }
    if (res.ok) {
      let value;
      try {
        value = JSON.parse(text);
      } catch (e) {
        return { error: witError('bad-response', `the answer is not JSON: ${e.message}`) };
      }
      try {
        return { answer: parseResponse(value) };
      } catch (e) {
        return { error: witError('bad-response', String(e)) };
      }
    }
    const message = `HTTP ${res.status}: ${errorText(text)}`;
    const retryAfter = retryAfterMs(res.headers);
    const s = res.status;
    if (s === 401 || s === 403) return { error: witError('auth', message) };
    if (s === 408) return { error: witError('timeout'), retryable: true, retryAfter };
    if (s === 429) {
      const val = retryAfter === undefined ? undefined : BigInt(Math.round(retryAfter));
      return { error: witError('rate-limited', val), retryable: true, retryAfter };
    }
    if (s >= 500) return { error: witError('unavailable', message), retryable: true, retryAfter };
    return { error: witError('bad-request', message) };
  }
}
