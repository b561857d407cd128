// `tool-output:core/llm` for JavaScript hosts: `HttpLlm` over an
// OpenAI-compatible Chat Completions endpoint with `fetch` (async: the JSPI
// build), and `NO_LLM` for the sync build.

import { witError } from './wit-error.js';

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
