// The JS host alone: session-fs rules and the OpenAI-compatible LLM client
// (request shape as wire/src/openai.rs builds it, answer parsing, errors).
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { HttpLlm, SessionFs, parseResponse, requestBody } from '../src/host.js';
import { startLlmServer } from './llm-server.mjs';

const payload = (fn) => {
  try {
    fn();
  } catch (e) {
    return e.payload;
  }
  assert.fail('expected a WIT error');
};

test('session-fs: names, not-found, append, read, rename, remove, quota', () => {
  const fs = new SessionFs({ quotaBytes: 100 });
  for (const bad of ['', '.hidden', '.', '..', 'a/b', '../x', '/abs', 'nul\0', 'sp ace', 'é', 'x'.repeat(129)]) {
    assert.deepEqual(payload(() => fs.write(bad, new Uint8Array())), { tag: 'invalid-name', val: bad });
  }
  fs.write('x'.repeat(128), new Uint8Array([1]));
  fs.write('a-b_c.9', new Uint8Array([1, 2, 3]));
  assert.deepEqual(payload(() => fs.read('missing', 0n, 10n)), { tag: 'not-found', val: 'missing' });
  assert.deepEqual(payload(() => fs.size('missing')), { tag: 'not-found', val: 'missing' });
  assert.deepEqual(payload(() => fs.remove('missing')), { tag: 'not-found', val: 'missing' });
  assert.deepEqual(payload(() => fs.rename('missing', 'y')), { tag: 'not-found', val: 'missing' });
  assert.deepEqual(payload(() => fs.rename('a-b_c.9', '../y')), { tag: 'invalid-name', val: '../y' });
  for (let i = 0; i < 10; i++) fs.append('log', new Uint8Array([i]));
  assert.equal(fs.size('log'), 10n);
  assert.deepEqual([...fs.read('log', 3n, 4n)], [3, 4, 5, 6]);
  assert.deepEqual([...fs.read('log', 8n, 100n)], [8, 9]);
  assert.deepEqual([...fs.read('log', 50n, 10n)], []);
  fs.rename('log', 'a-b_c.9'); // replaces
  assert.deepEqual(fs.list().sort(), ['a-b_c.9', 'x'.repeat(128)].sort());
  assert.equal(fs.size('a-b_c.9'), 10n);
  assert.equal(fs.total, 11);
  assert.deepEqual(payload(() => fs.append('big', new Uint8Array(90))), { tag: 'quota-exceeded' });
  fs.remove('a-b_c.9');
  assert.equal(fs.total, 1);
  // A write keeps a copy, not the caller's buffer.
  const data = new Uint8Array([7, 7]);
  fs.write('c', data);
  data[0] = 0;
  assert.deepEqual([...fs.read('c', 0n, 2n)], [7, 7]);
});

test('request body: the native host\'s wire shape', () => {
  const req = {
    messages: [
      { role: 'system', content: 'sys', toolCalls: [], toolCallId: undefined },
      { role: 'user', content: 'find it', toolCalls: [], toolCallId: undefined },
      { role: 'assistant', content: '', toolCalls: [{ id: 'call_1', name: 'Grep', arguments: '{"pattern":"error"}' }], toolCallId: undefined },
      { role: 'tool', content: '12: error here', toolCalls: [], toolCallId: 'call_1' },
    ],
    tools: [{ name: 'Grep', description: 'search', parameters: '{"type":"object"}' }],
    toolChoice: 'auto',
    maxOutputTokens: 100,
    model: undefined,
    kind: 'sub-agent-turn',
    chunk: undefined,
  };
  // The expected JSON of wire/src/openai.rs's own test.
  assert.deepEqual(requestBody('gpt-4o', req, true), {
    model: 'gpt-4o',
    messages: [
      { role: 'system', content: 'sys' },
      { role: 'user', content: 'find it' },
      { role: 'assistant', content: null, tool_calls: [{ id: 'call_1', type: 'function', function: { name: 'Grep', arguments: '{"pattern":"error"}' } }] },
      { role: 'tool', content: '12: error here', tool_call_id: 'call_1' },
    ],
    max_completion_tokens: 100,
    tools: [{ type: 'function', function: { name: 'Grep', description: 'search', parameters: { type: 'object' } } }],
  });
  const compat = requestBody('llama', { ...req, toolChoice: 'none', tools: [{ ...req.tools[0], parameters: 'not json' }] });
  assert.equal(compat.max_tokens, 100);
  assert.equal(compat.max_completion_tokens, undefined);
  assert.equal(compat.tool_choice, 'none');
  assert.deepEqual(compat.tools[0].function.parameters, { type: 'object' });
  const plain = requestBody('m', { ...req, tools: [], toolChoice: 'none' });
  assert.equal(plain.tools, undefined);
  assert.equal(plain.tool_choice, undefined);
});

test('answers parse: text, tool calls, parts, usage, truncation', () => {
  const a = parseResponse({
    model: 'gpt-4o-2024',
    choices: [{ message: { role: 'assistant', content: null, tool_calls: [{ id: 'c1', type: 'function', function: { name: 'Read', arguments: '{"offset":5}' } }, { function: { name: 'Grep', arguments: { p: 1 } } }] }, finish_reason: 'tool_calls' }],
    usage: { prompt_tokens: 50, completion_tokens: 7 },
  });
  assert.equal(a.text, '');
  assert.deepEqual(a.toolCalls, [
    { id: 'c1', name: 'Read', arguments: '{"offset":5}' },
    { id: 'call_1', name: 'Grep', arguments: '{"p":1}' },
  ]);
  assert.deepEqual(a.usage, { inputTokens: 50n, outputTokens: 7n });
  assert.equal(a.model, 'gpt-4o-2024');
  assert.equal(a.truncated, false);
  const parts = parseResponse({ choices: [{ message: { content: [{ type: 'text', text: 'a' }, { type: 'text', text: 'b' }] }, finish_reason: 'length' }] });
  assert.equal(parts.text, 'ab');
  assert.equal(parts.truncated, true);
  assert.throws(() => parseResponse({ choices: [] }));
  assert.throws(() => parseResponse({ error: { message: 'x' } }));
});

let server;
before(async () => {
  server = await startLlmServer({
    answer: (req) => `answer to ${req.messages.at(-1).content}`,
    fail: (req) => {
      const m = /^FAIL (\d+)(?: (.*))?$/.exec(req?.messages?.at(-1)?.content ?? '');
      if (!m) return undefined;
      if (m[2] === 'garbage') return { status: Number(m[1]), body: 'this is not json' };
      return { status: Number(m[1]), body: JSON.stringify({ error: { message: `scripted ${m[1]}` } }), headers: m[2] ? { 'retry-after': m[2] } : {} };
    },
  });
});
after(() => server.server.close());

const ask = (content, extra = {}) => ({
  messages: [
    { role: 'system', content: 'Answer inside <ai-agent-0123456789abcdef-FINAL format="text">', toolCalls: [], toolCallId: undefined },
    { role: 'user', content, toolCalls: [], toolCallId: undefined },
  ],
  tools: [],
  toolChoice: 'auto',
  maxOutputTokens: 256,
  model: undefined,
  kind: 'map',
  chunk: 0,
  ...extra,
});

test('llm: not configured', async () => {
  const llm = new HttpLlm({});
  assert.deepEqual(payload(() => llm.modelInfo(undefined)), { tag: 'not-configured' });
  await assert.rejects(llm.complete(ask('x')), (e) => e.payload.tag === 'not-configured');
});

test('llm: model-info profile', () => {
  const llm = new HttpLlm({ baseUrl: server.baseUrl, model: 'scripted' });
  assert.deepEqual(llm.modelInfo(undefined), {
    model: 'scripted',
    contextWindow: 8192,
    maxOutputTokens: 2048,
    tokenizer: 'cl100k_base',
    tokenizerExact: false,
    concurrency: 4,
    managesFullChunked: undefined,
    managesReadGrep: undefined,
  });
  assert.equal(new HttpLlm({ baseUrl: server.baseUrl, model: 'm', contextWindow: 2000 }).modelInfo().maxOutputTokens, 1000);
  assert.deepEqual(payload(() => llm.modelInfo('other')), { tag: 'bad-request', val: 'model "other" is not configured' });
});

test('llm: a completion over HTTP', async () => {
  const llm = new HttpLlm({ baseUrl: `${server.baseUrl}/`, model: 'scripted', apiKey: 'sk-test' });
  const n = server.requests.length;
  const r = await llm.complete(ask('hello'));
  const got = server.requests[n];
  assert.equal(got.url, '/v1/chat/completions');
  assert.equal(got.headers.authorization, 'Bearer sk-test');
  assert.equal(got.headers['content-type'], 'application/json');
  assert.deepEqual(got.body, {
    model: 'scripted',
    messages: [
      { role: 'system', content: 'Answer inside <ai-agent-0123456789abcdef-FINAL format="text">' },
      { role: 'user', content: 'hello' },
    ],
    max_tokens: 256,
  });
  assert.equal(r.text, '<ai-agent-0123456789abcdef-FINAL format="text">\nanswer to hello\n</ai-agent-0123456789abcdef-FINAL>');
  assert.deepEqual(r.toolCalls, []);
  assert.equal(r.model, 'scripted');
  assert.equal(typeof r.latencyMs, 'bigint');
  assert.equal(r.usage.outputTokens, 20n);
  assert.equal(r.truncated, false);
});

test('llm: HTTP errors map to llm-error cases', async () => {
  const llm = new HttpLlm({ baseUrl: server.baseUrl, model: 'scripted', retries: 0 });
  const err = async (content) => {
    try {
      await llm.complete(ask(content));
    } catch (e) {
      return e.payload;
    }
    assert.fail('expected an error');
  };
  assert.deepEqual(await err('FAIL 401'), { tag: 'auth', val: 'HTTP 401: scripted 401' });
  assert.deepEqual(await err('FAIL 403'), { tag: 'auth', val: 'HTTP 403: scripted 403' });
  assert.deepEqual(await err('FAIL 429'), { tag: 'rate-limited' });
  assert.deepEqual(await err('FAIL 429 2'), { tag: 'rate-limited', val: 2000n });
  assert.deepEqual(await err('FAIL 500'), { tag: 'unavailable', val: 'HTTP 500: scripted 500' });
  assert.deepEqual(await err('FAIL 503 garbage'), { tag: 'unavailable', val: 'HTTP 503: this is not json' });
  assert.deepEqual(await err('FAIL 400'), { tag: 'bad-request', val: 'HTTP 400: scripted 400' });
  assert.deepEqual(await err('FAIL 404'), { tag: 'bad-request', val: 'HTTP 404: scripted 404' });
  assert.equal((await err('FAIL 200 garbage')).tag, 'bad-response');
  const down = new HttpLlm({ baseUrl: 'http://127.0.0.1:9/v1', model: 'm', retries: 0 });
  await assert.rejects(down.complete(ask('x')), (e) => e.payload.tag === 'unavailable');
});

test('llm: retries a 5xx, then succeeds', async () => {
  let calls = 0;
  const flaky = await startLlmServer({ fail: () => (calls++ === 0 ? { status: 502, body: '{}', headers: { 'retry-after-ms': '10' } } : undefined) });
  try {
    const llm = new HttpLlm({ baseUrl: flaky.baseUrl, model: 'm', retries: 2 });
    const r = await llm.complete(ask('x'));
    assert.ok(r.text.includes('SCRIPTED ANSWER'));
    assert.equal(flaky.requests.length, 2);
  } finally {
    flaky.server.close();
  }
});

test('llm: complete-batch keeps order and bounds concurrency', async () => {
  let inFlight = 0;
  let most = 0;
  const fetchSpy = async (...args) => {
    inFlight++;
    most = Math.max(most, inFlight);
    try {
      await new Promise((r) => setTimeout(r, 20));
      return await fetch(...args);
    } finally {
      inFlight--;
    }
  };
  const llm = new HttpLlm({ baseUrl: server.baseUrl, model: 'scripted', concurrency: 3, retries: 0, fetch: fetchSpy });
  const reqs = Array.from({ length: 10 }, (_, i) => ask(i === 4 ? 'FAIL 400' : `q${i}`, { chunk: i }));
  const out = await llm.completeBatch(reqs);
  assert.equal(out.length, 10);
  out.forEach((r, i) => {
    if (i === 4) assert.deepEqual(r, { tag: 'err', val: { tag: 'bad-request', val: 'HTTP 400: scripted 400' } });
    else assert.ok(r.tag === 'ok' && r.val.text.includes(`answer to q${i}\n`), JSON.stringify(r, (k, v) => (typeof v === 'bigint' ? Number(v) : v)));
  });
  assert.equal(most, 3);
});
