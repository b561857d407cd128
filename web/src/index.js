// One async API over both transpiled builds of the tool-output engine.
//
//   import { ToolOutput } from 'tool-output-engine';
//   const to = await ToolOutput.create({ llm: { baseUrl, model, apiKey } });
//   const s = await to.store('bash', '{"cmd":"make"}', bigText);
//   if (s.stored) console.log(s.message);            // give the model this
//   const r = await to.extract(s.handle, 'the failing tests', 'auto');
//
// Builds (see scripts/build.mjs):
// - `jspi`: the LLM is called with `fetch` while the engine is suspended
//   (JS Promise Integration). Browsers with `WebAssembly.Suspending`.
// - `sync`: every import is synchronous; the LLM answers `not-configured`,
//   so `extract` uses `lexical`/`truncate`. Node 20 (no JSPI).
//
// Each instance has its own session directory (`SessionFs`) and LLM
// settings. Calls on one instance run one at a time (a promise queue). The
// compiled core wasm is shared by every instance of a page or process.
// `exportArchive` / `importArchive` move a session to and from the CLI's
// archive format (src/archive.js).
import * as cli from '@bytecodealliance/preview2-shim/cli';
import * as clocks from '@bytecodealliance/preview2-shim/clocks';
import * as io from '@bytecodealliance/preview2-shim/io';
import * as random from '@bytecodealliance/preview2-shim/random';
import { exportArchive, importArchive } from './archive.js';
import { HttpLlm, NO_COUNTING, NO_LLM, SessionFs } from './host.js';

export { HttpLlm, NO_LLM, SessionFs } from './host.js';

export const MODES = ['auto', 'full-chunked', 'read-grep', 'lexical', 'truncate', 'jq'];

/** True when this runtime has JS Promise Integration (the `jspi` build can run). */
export const HAS_JSPI = typeof WebAssembly !== 'undefined' && typeof WebAssembly.Suspending === 'function';

const DEFAULT_DIST = new URL('../dist/', import.meta.url);

/** url → Promise<WebAssembly.Module>: a page compiles the (4 MB) core once. */
const compiled = new Map();
/** build dir → Promise<module namespace> */
const generated = new Map();

function compileCore(url) {
  const key = url.href;
  if (!compiled.has(key)) {
    const p = (async () => {
      if (url.protocol === 'file:') {
        const { readFile } = await import('node:fs/promises');
        return WebAssembly.compile(await readFile(url));
      }
      const res = await fetch(url);
      if (!res.ok) throw new Error(`cannot load ${url.href}: HTTP ${res.status}`);
      if (typeof WebAssembly.compileStreaming === 'function' &&
          (res.headers.get('content-type') ?? '').startsWith('application/wasm')) {
        return WebAssembly.compileStreaming(res);
      }
      return WebAssembly.compile(await res.arrayBuffer());
    })();
    compiled.set(key, p);
    p.catch(() => compiled.delete(key));
  }
  return compiled.get(key);
}

const wasiImports = () => ({
  'wasi:cli/stderr': cli.stderr,
  'wasi:cli/stdin': cli.stdin,
  'wasi:cli/stdout': cli.stdout,
  'wasi:cli/terminal-input': cli.terminalInput,
  'wasi:cli/terminal-output': cli.terminalOutput,
  'wasi:cli/terminal-stderr': cli.terminalStderr,
  'wasi:cli/terminal-stdin': cli.terminalStdin,
  'wasi:cli/terminal-stdout': cli.terminalStdout,
  'wasi:clocks/monotonic-clock': clocks.monotonicClock,
  'wasi:clocks/wall-clock': clocks.wallClock,
  'wasi:io/error': io.error,
  'wasi:io/poll': io.poll,
  'wasi:io/streams': io.streams,
  'wasi:random/insecure-seed': random.insecureSeed,
  'wasi:random/random': random.random,
});

/** bigint → number, recursively (every u64 here is far below 2^53). */
function plain(v) {
  if (typeof v === 'bigint') return Number(v);
  if (Array.isArray(v)) return v.map(plain);
  if (v && typeof v === 'object' && !(v instanceof Uint8Array)) {
    const o = {};
    for (const [k, x] of Object.entries(v)) o[k] = plain(x);
    return o;
  }
  return v;
}

const u64 = (n) => (n == null ? undefined : BigInt(n));
const u32 = (n) => (n == null ? undefined : Number(n) >>> 0);

/**
 * The WIT's engine-error cases as a user reads them: the Rust host's words
 * (`ENGINE_ERROR_KINDS` in wire/src/contract.rs; tests/tests/all/contract.rs
 * pins this copy to it).
 */
const ENGINE_ERROR_KINDS = { 'invalid-handle': 'invalid handle', 'unknown-handle': 'unknown handle', 'invalid-argument': 'invalid argument', 'storage': 'storage error' };

/** An engine-error (or a trap) as a plain Error with a clear message. */
function engineError(e, what) {
  const p = e?.payload;
  if (p && typeof p === 'object' && typeof p.tag === 'string') {
    const err = new Error(`${ENGINE_ERROR_KINDS[p.tag] ?? p.tag}: ${p.val}`);
    err.code = p.tag;
    err.detail = p.val;
    return err;
  }
  if (e instanceof WebAssembly.RuntimeError) {
    const err = new Error(`the engine trapped in ${what}: ${e.message}`);
    err.code = 'trap';
    err.cause = e;
    return err;
  }
  return e instanceof Error ? e : new Error(String(e));
}

const encoder = new TextEncoder();

export class ToolOutput {
  #engine;
  #tail = Promise.resolve();
  #broken = null;

  /**
   * @param {object} [opts]
   * @param {'jspi'|'sync'} [opts.build] default: `jspi` when `WebAssembly.Suspending` exists
   * @param {object} [opts.llm] `{baseUrl, model, apiKey, contextWindow, maxOutputTokens, concurrency,
   *   timeoutMs, retries, onCall}` (jspi build only)
   * @param {boolean|string} [opts.persist] write the session behind to IndexedDB (a string names the
   *   database); files stored earlier are restored first, so handles survive a reload
   * @param {number} [opts.quotaBytes] session byte quota
   * @param {string|URL} [opts.distUrl] where `dist/` is (default: next to `src/`)
   */
  static async create(opts = {}) {
    const t0 = performance.now();
    const build = opts.build ?? (HAS_JSPI ? 'jspi' : 'sync');
    if (build !== 'jspi' && build !== 'sync') throw new Error(`unknown build "${build}": use "jspi" or "sync"`);
    if (build === 'jspi' && !HAS_JSPI) {
      throw new Error('the jspi build needs WebAssembly JS Promise Integration (WebAssembly.Suspending); use build "sync"');
    }
    if (build === 'sync' && opts.llm?.model) {
      throw new Error('the sync build cannot call an LLM (its imports must answer synchronously); use the jspi build or drop `llm`');
    }
    const fs = new SessionFs({ persist: opts.persist, quotaBytes: opts.quotaBytes, onPersistError: opts.onPersistError });
    const restored = await fs.restore();
    const llm = build === 'jspi' ? new HttpLlm(opts.llm ?? {}) : null;

    const dir = new URL(`${build}/`, opts.distUrl ? new URL(opts.distUrl, import.meta.url) : DEFAULT_DIST);
    if (!generated.has(dir.href)) generated.set(dir.href, import(new URL('tool_output.js', dir).href));
    const t1 = performance.now();
    const gen = await generated.get(dir.href);
    // Compiling the core modules (they compile concurrently): first start to last end.
    let compileStart = Infinity;
    let compileEnd = 0;
    const imports = {
      ...wasiImports(),
      'tool-output:core/types': {},
      'tool-output:core/session-fs': fs.imports,
      'tool-output:core/llm': llm ? llm.imports : NO_LLM,
      'tool-output:core/counting': NO_COUNTING,
    };
    const root = await gen.instantiate(async (path) => {
      compileStart = Math.min(compileStart, performance.now());
      const m = await compileCore(new URL(path, dir));
      compileEnd = Math.max(compileEnd, performance.now());
      return m;
    }, imports);
    const t2 = performance.now();
    const to = new ToolOutput(root.engine, { build, fs, llm });
    to.timings = {
      /** create() in all: load, compile, instantiate, restore */
      totalMs: Math.round(t2 - t0),
      /** loading the JS glue + compiling the core modules + instantiating */
      instantiateMs: Math.round(t2 - t1),
      /** of which waiting for the compiled core modules (0 when cached) */
      compileMs: Math.round(Math.max(0, compileEnd - compileStart)),
    };
    to.restoredFiles = restored;
    return to;
  }

  constructor(engine, { build, fs, llm }) {
    this.#engine = engine;
    this.build = build;
    this.fs = fs;
    this.llm = llm;
  }

  /** Run `fn` after every earlier call on this instance has settled. */
  #run(what, fn) {
    const p = this.#tail.then(async () => {
      if (this.#broken) throw new Error(`this instance is unusable after a trap (${this.#broken}); create a new one`);
      try {
        return await fn(this.#engine);
      } catch (e) {
        if (e instanceof WebAssembly.RuntimeError) this.#broken = e.message;
        throw engineError(e, what);
      }
    });
    this.#tail = p.catch(() => {});
    return p;
  }

  /** Change the LLM settings (jspi build); they apply from the next extraction. */
  setLlm(opts) {
    if (!this.llm) {
      if (opts?.model) throw new Error('the sync build cannot call an LLM');
      return;
    }
    this.llm.configure({ ...opts, onCall: opts?.onCall ?? this.llm.onCall });
  }

  /**
   * Store one tool output, or pass it through.
   * @param {string} tool
   * @param {string|object} args the tool's arguments as JSON text (an object is stringified)
   * @param {string|Uint8Array|ArrayBuffer|Blob|AsyncIterable<Uint8Array|string>|Iterable<Uint8Array|string>} output
   * @param {object} [opts] `{maxInlineBytes=12288, maxInlineChars, remainingTokens, reserveFailed, preview=true, model}`
   * @returns {Promise<{stored: boolean, handle?: string, message?: string, reason?: string, stats: object}>}
   */
  async store(tool, args, output, opts = {}) {
    const call = {
      tool: String(tool),
      args: typeof args === 'string' ? args : JSON.stringify(args ?? {}),
      model: opts.model ?? undefined,
    };
    const policy = {
      maxInlineBytes: BigInt(opts.maxInlineBytes ?? 12288),
      maxInlineChars: u64(opts.maxInlineChars),
      remainingTokens: u64(opts.remainingTokens),
      reserveFailed: Boolean(opts.reserveFailed),
      preview: opts.preview ?? true,
    };
    if (typeof Blob !== 'undefined' && output instanceof Blob) output = new Uint8Array(await output.arrayBuffer());
    if (output instanceof ArrayBuffer) output = new Uint8Array(output);
    const bytes = (x) => (typeof x === 'string' ? encoder.encode(x) : x);
    const pieces = typeof output === 'string' || output instanceof Uint8Array ? null : output;
    const outcome = await this.#run('store', async (engine) => {
      if (!pieces) return engine.storeOutput(call, bytes(output), policy);
      // Streamed: the engine never holds the whole output (output-writer).
      const w = new engine.OutputWriter(call, policy);
      for await (const piece of pieces) w.write(bytes(piece));
      return w.finish();
    });
    if (outcome.tag === 'passthrough') return { stored: false, stats: plain(outcome.val) };
    const s = outcome.val;
    return { stored: true, handle: s.handle, message: s.message, reason: s.reason, stats: plain(s.stats) };
  }

  /**
   * Answer `tool_output(handle, extract, mode)`. Never throws for bad input:
   * `failed` is true and `text` is the `TOOL_OUTPUT FAILED …` form.
   * @param {object} [opts] `{maxBytes, maxChunks, maxLlmCalls, overlapPercent}`
   * @returns {Promise<{failed: boolean, text: string, report: object}>}
   */
  async extract(handle, extract, mode, opts = {}) {
    if (mode != null && !MODES.includes(mode)) throw new Error(`unknown mode "${mode}": one of ${MODES.join(', ')}`);
    const req = {
      handle: String(handle),
      extract: String(extract),
      mode: mode ?? undefined,
      maxBytes: u64(opts.maxBytes),
      maxChunks: u32(opts.maxChunks),
      maxLlmCalls: u32(opts.maxLlmCalls),
      overlapPercent: u32(opts.overlapPercent),
    };
    // In the jspi build `extract` returns a Promise (it may call the LLM).
    return plain(await this.#run('extract', (engine) => engine.extract(req)));
  }

  /** The partial preview (head, error and tail lines). */
  preview(handle, maxBytes) {
    return this.#run('preview', (e) => e.preview(handle, u64(maxBytes)));
  }

  /** Lines `first`..`last` (1-based, inclusive) of the view. */
  read(handle, first, last, { maxBytes } = {}) {
    return this.#run('read', (e) => e.read(handle, { first: BigInt(first), last: BigInt(last) }, u64(maxBytes)));
  }

  /** Lines matching a regex (Rust syntax). `opts`: `{context=0, ignoreCase=false, maxMatches, maxBytes}`. */
  grep(handle, pattern, opts = {}) {
    const options = { context: u32(opts.context ?? 0), ignoreCase: Boolean(opts.ignoreCase), maxMatches: u32(opts.maxMatches) };
    return this.#run('grep', (e) => e.grep(handle, pattern, options, u64(opts.maxBytes)));
  }

  /** The last `lines` lines of the view. */
  tail(handle, lines = 20, { maxBytes } = {}) {
    return this.#run('tail', (e) => e.tail(handle, u32(lines), u64(maxBytes)));
  }

  /**
   * Which stored outputs hold the words of `question`, best first, each with
   * its best lines. `opts`: `{skip=0, before, maxBytes}` (`skip`: the next
   * page of a cut answer; `before`: a handle, where a search that read its
   * bound stopped).
   */
  search(question, opts = {}) {
    const req = { question, skip: u32(opts.skip ?? 0), before: opts.before ?? undefined, maxBytes: u64(opts.maxBytes) };
    return this.#run('search', (e) => e.search(req));
  }

  /** The outputs stored in this session. */
  async list() {
    return plain(await this.#run('list', (e) => e.list()));
  }

  /** Forget a stored output. */
  async remove(handle) {
    await this.#run('remove', (e) => e.remove(handle));
  }

  /** JSON Schema (text) of the `tool_output` tool's arguments. */
  toolSchema() {
    return this.#run('toolSchema', (e) => e.toolSchema());
  }

  /**
   * The session's handles as one archive in the CLI's format (plain tar;
   * `tool-output import` restores it): same handle ids, byte-identical files.
   * @param {object} [opts] `{handles}`: only these (each must be stored; default: every complete handle);
   *   `{session='web'}`: the session name recorded in the manifest
   * @returns {Promise<Uint8Array>}
   */
  exportArchive(opts = {}) {
    return this.#run('exportArchive', async () => (await exportArchive(this.fs, opts)).bytes);
  }

  /**
   * Restore an archive written by `exportArchive` or `tool-output export` (tar or
   * tar.zst). All or nothing: every member is checked against the manifest before
   * anything is written. A handle the session already has stops the import unless
   * `replace`. Throws an Error (`err.code`: `bad-archive`, `exists`, `quota-exceeded`).
   * @param {Uint8Array|ArrayBuffer|Blob} archive
   * @param {object} [opts] `{replace=false, limits: {maxMemberBytes, maxTotalBytes}}`
   * @returns {Promise<{session: string, handles: string[], replaced: string[], bytes: number}>}
   *   `session`: the name the archive was exported from; `bytes`: of all its files
   */
  importArchive(archive, opts = {}) {
    return this.#run('importArchive', () => importArchive(this.fs, archive, opts));
  }

  /** Resolves when the session's files have reached IndexedDB (persist). */
  async persisted() {
    await this.#tail;
    await this.fs.persisted();
  }
}

export default ToolOutput;
