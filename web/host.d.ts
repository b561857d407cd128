// Types of tool-output-engine/host (src/host.js): the engine component's
// imports for JavaScript hosts, for callers that instantiate the transpiled
// component themselves.
import type { LlmOptions } from './index.js';

/** `tool-output:core/session-fs`: a flat in-memory directory, optionally written behind to IndexedDB. */
export declare class SessionFs {
  constructor(opts?: { persist?: boolean | string; quotaBytes?: number; onPersistError?: (err: Error) => void });
  /** The import object for the component. */
  readonly imports: Record<string, (...args: any[]) => any>;
  /** Load what an earlier page stored (persist); resolves to the number of files restored. */
  restore(): Promise<number>;
  persisted(): Promise<void>;
  list(): string[];
}

/** `tool-output:core/llm` over an OpenAI-compatible Chat Completions endpoint (jspi build). */
export declare class HttpLlm {
  constructor(opts?: LlmOptions);
  configure(opts?: LlmOptions): void;
  readonly configured: boolean;
  readonly imports: Record<string, (...args: any[]) => any>;
}

/** The synchronous `llm` import of the sync build: every call answers `not-configured`. */
export declare const NO_LLM: Record<string, (...args: any[]) => any>;
/** `tool-output:core/counting` on one thread: opens no tally. */
export declare const NO_COUNTING: { Tally: { open(encoding: string): undefined } };
/** Whether `name` is a file name a session may hold. */
export declare function isSessionName(name: unknown): boolean;
/** A throw-able error for a `result` import: `payload` is the WIT error value. */
export declare function witError(tag: string, val?: unknown): Error & { payload: { tag: string; val?: unknown } };
export declare function requestBody(model: string, req: object, official?: boolean): object;
export declare function parseResponse(body: unknown): object;
