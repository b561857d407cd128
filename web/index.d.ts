// Types of the public API of tool-output-engine (src/index.js, src/host.js):
// the tool-output engine component for browsers (JSPI build) and Node (sync
// build). Numbers that are u64 in the WIT contract arrive as plain numbers.
import type { HttpLlm, SessionFs } from './host.js';

export type Mode = 'auto' | 'full-chunked' | 'read-grep' | 'lexical' | 'truncate' | 'jq';
export declare const MODES: Mode[];
/** True when this runtime has JS Promise Integration (the `jspi` build can run). */
export declare const HAS_JSPI: boolean;

export interface LlmOptions {
  /** e.g. `http://127.0.0.1:8080/v1` (includes /v1); requests go to `{baseUrl}/chat/completions`. */
  baseUrl?: string;
  /** The extraction model; none: `not-configured`, and extraction falls back to `lexical`. */
  model?: string;
  apiKey?: string;
  /** Default 8192. */
  contextWindow?: number;
  /** Default 2048 (at most half the window). */
  maxOutputTokens?: number;
  /** Requests at once for complete-batch, default 4. */
  concurrency?: number;
  /** Per attempt, default 120000. */
  timeoutMs?: number;
  /** On 429, 5xx, network errors and timeouts, default 2. */
  retries?: number;
  /** A longer Retry-After fails at once, default 30000. */
  maxRetryWaitMs?: number;
  onCall?: (event: { phase: 'start' | 'end'; kind: string; chunk?: number; ms?: number; error?: string }) => void;
  fetch?: typeof fetch;
}

export interface CreateOptions {
  /** Default: `jspi` when `WebAssembly.Suspending` exists, else `sync` (no LLM). */
  build?: 'jspi' | 'sync';
  /** jspi build only. */
  llm?: LlmOptions;
  /** Browser: write the session behind to IndexedDB (a string names the database); restored on create. */
  persist?: boolean | string;
  /** Session byte quota. */
  quotaBytes?: number;
  onPersistError?: (err: Error) => void;
  /** Where `dist/` is (default: next to `src/`). */
  distUrl?: string | URL;
}

export interface OutputStats {
  bytes: number;
  chars: number;
  lines: number;
  tokens?: number;
  tokenizer: string;
  tokensExact: boolean;
  isJson: boolean;
  avgLineBytes: number;
  invalidUtf8: number;
  binary: boolean;
}

export interface StoreOptions {
  /** Default 12288. */
  maxInlineBytes?: number;
  maxInlineChars?: number;
  remainingTokens?: number;
  reserveFailed?: boolean;
  /** Default true. */
  preview?: boolean;
  model?: string;
}

export type StoreResult =
  | { stored: false; stats: OutputStats }
  | { stored: true; handle: string; message: string; reason: string; stats: OutputStats };

export interface ExtractOptions {
  maxBytes?: number;
  maxChunks?: number;
  maxLlmCalls?: number;
  overlapPercent?: number;
}

export interface ExtractReport {
  requested: Mode;
  used: Mode;
  fallbacks: { from: Mode; to: Mode; reason: string; kind: 'model' | 'strategy' }[];
  llmCalls: {
    kind: 'map' | 'reduce' | 'sub-agent-turn';
    chunk?: number;
    inputTokens: number;
    outputTokens: number;
    latencyMs: number;
    error?: string;
  }[];
  wallMs: number;
  sourceBytes: number;
  answerBytes: number;
}

export interface ExtractResult {
  /** True for the `TOOL_OUTPUT FAILED …` form. */
  failed: boolean;
  /** Exactly what the model gets: `ABSTRACT FROM TOOL OUTPUT <TOOL> WITH HANDLE <HANDLE>, STRATEGY:<mode>:…`. */
  text: string;
  report: ExtractReport;
}

export interface HandleInfo {
  handle: string;
  tool: string;
  args: string;
  reason: string;
  stats: OutputStats;
  createdMs: number;
  viewLines: number;
  viewBytes: number;
  problem?: string;
}

export interface ImportResult {
  /** The session name the archive was exported from. */
  session: string;
  handles: string[];
  replaced: string[];
  /** Bytes of all its files. */
  bytes: number;
}

export type OutputInput =
  | string
  | Uint8Array
  | ArrayBuffer
  | Blob
  | AsyncIterable<Uint8Array | string>
  | Iterable<Uint8Array | string>;

/** An engine error: `err.code` is the WIT case (`unknown-handle`, `invalid-handle`, `invalid-argument`, `storage`, `trap`, …). */
export interface EngineError extends Error {
  code?: string;
  detail?: string;
}

export declare class ToolOutput {
  static create(opts?: CreateOptions): Promise<ToolOutput>;
  readonly build: 'jspi' | 'sync';
  readonly fs: SessionFs;
  readonly llm: HttpLlm | null;
  timings: { totalMs: number; instantiateMs: number; compileMs: number };
  restoredFiles: number;
  /** Change the LLM settings (jspi build); they apply from the next extraction. */
  setLlm(opts: LlmOptions): void;
  /** Store one tool output, or pass it through (`stored: false`). */
  store(tool: string, args: string | object, output: OutputInput, opts?: StoreOptions): Promise<StoreResult>;
  /** Answer `tool_output(handle, extract, mode)`; never throws for bad input (`failed`). */
  extract(handle: string, extract: string, mode?: Mode, opts?: ExtractOptions): Promise<ExtractResult>;
  preview(handle: string, maxBytes?: number): Promise<string>;
  /** Lines `first`..`last` (1-based, inclusive) of the view. */
  read(handle: string, first: number, last: number, opts?: { maxBytes?: number }): Promise<string>;
  /** Lines matching a regex (Rust syntax). */
  grep(handle: string, pattern: string, opts?: { context?: number; ignoreCase?: boolean; maxMatches?: number; maxBytes?: number }): Promise<string>;
  tail(handle: string, lines?: number, opts?: { maxBytes?: number }): Promise<string>;
  /** Which stored outputs hold the words of `question`, best first, each with its best lines. */
  search(question: string, opts?: { skip?: number; before?: string; maxBytes?: number }): Promise<string>;
  list(): Promise<HandleInfo[]>;
  remove(handle: string): Promise<void>;
  /** JSON Schema (text) of the `tool_output` tool's arguments. */
  toolSchema(): Promise<string>;
  /** The session as one archive in the CLI's format (plain tar). */
  exportArchive(opts?: { handles?: string[]; session?: string }): Promise<Uint8Array>;
  /** Restore an archive from `exportArchive` or `tool-output export` (tar or tar.zst); all or nothing. */
  importArchive(archive: Uint8Array | ArrayBuffer | Blob, opts?: { replace?: boolean; limits?: { maxMemberBytes?: number; maxTotalBytes?: number } }): Promise<ImportResult>;
  /** Resolves when the session's files have reached IndexedDB (persist). */
  persisted(): Promise<void>;
}
export default ToolOutput;

export { HttpLlm, NO_LLM, SessionFs } from './host.js';
