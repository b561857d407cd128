// The sync build in Node: store, the handle message, deterministic extraction,
// failures, the no-LLM fallbacks, and the direct engine calls.
//   node --test test/node.test.mjs      (after `node scripts/build.mjs <wasm>`)
import assert from 'node:assert/strict';
import { before, test } from 'node:test';
import { ToolOutput } from '../src/index.js';
import { ERROR_LINE, NO_LLM_WARNING, STORED_LINE, UUID, headerLines, makeLog } from './fixtures.mjs';

const log = makeLog(1 << 20);
const MISSING = '0b7d7e0c-6c1e-4b6e-9a8e-3f0f1b2a4c5d';
let to;
let stored;

before(async () => {
  to = await ToolOutput.create({ build: 'sync' });
});

test('instantiates the sync build', async (t) => {
  assert.equal(to.build, 'sync');
  assert.ok(to.timings.instantiateMs > 0);
  t.diagnostic(`instantiate (sync build, Node ${process.version}): ${to.timings.instantiateMs} ms, of which core wasm compile ${to.timings.compileMs} ms`);
  const again = await ToolOutput.create({ build: 'sync' });
  t.diagnostic(`second instance (compiled module cached): ${again.timings.instantiateMs} ms`);
  // Each instance has its own session directory.
  assert.notEqual(again.fs, to.fs);
});

test('stores 1 MB and answers with the handle message', async (t) => {
  const t0 = performance.now();
  stored = await to.store('bash', '{"command":"cat app.log"}', log.text, { maxInlineBytes: 12288 });
  t.diagnostic(`store 1 MB: ${Math.round(performance.now() - t0)} ms`);
  assert.equal(stored.stored, true);
  assert.match(stored.handle, UUID);
  assert.equal(stored.reason, 'size-cap');
  const s = stored.stats;
  assert.equal(s.bytes, Buffer.byteLength(log.text));
  assert.equal(s.chars, log.text.length);
  assert.equal(s.lines, log.lines);
  assert.equal(s.tokenizer, 'cl100k_base');
  assert.ok(s.tokens > s.bytes / 8 && s.tokens < s.bytes, `tokens ${s.tokens}`);

  const lines = stored.message.split('\n');
  const header = headerLines({ bytes: s.bytes, lines: s.lines, tokens: s.tokens, handle: stored.handle });
  assert.deepEqual(lines.slice(0, 3), header);
  assert.equal(lines[3], '');
  assert.match(lines[4], new RegExp(`^--- partial preview: \\d+ of ${log.lines} lines \\(head, tail, and lines that look like errors\\) ---$`));
  // A log whose lines share a few shapes gets its commonest line template
  // (the guest's view/shapes.rs), then the numbered lines.
  assert.match(lines[5], /^\[\d+ lines like "<n>-<n>-<n>:<n>:<n> INFO worker-<n> processed request id=<n> status=<n> in <n> ms"\]$/);
  assert.equal(lines[6], `1: ${log.first}`);
  assert.ok(lines.includes(`${log.errorLineNo}: ${ERROR_LINE}`), 'the preview shows the buried error line');
  assert.ok(lines.includes(`${log.lines}: ${log.last}`), 'the preview shows the last line');
  assert.equal(lines.at(-2), '--- end of preview ---');
  assert.equal(lines.at(-1), STORED_LINE);
  assert.ok(Buffer.byteLength(stored.message) <= 12288);

  assert.equal(await to.preview(stored.handle), lines.slice(4, -1).join('\n') + '\n');
});

test('jq answers exactly from a JSON output, no LLM', async () => {
  const items = Array.from({ length: 2000 }, (_, i) => ({ id: i, status: i === 1500 ? 'failed' : 'ok' }));
  const json = await to.store('api', {}, JSON.stringify({ items }), { maxInlineBytes: 1024 });
  assert.equal(json.stored, true);
  const r = await to.extract(json.handle, '[.items[] | select(.status != "ok") | .id]', 'jq');
  assert.equal(r.text, `ABSTRACT FROM TOOL OUTPUT api WITH HANDLE ${json.handle}, STRATEGY:jq:\n\njq over one JSON document. Results, one per line:\n[1500]\n`);
  assert.equal(r.report.used, 'jq');
});

test('small outputs pass through', async () => {
  const r = await to.store('echo', {}, 'hello\n');
  assert.deepEqual([r.stored, r.handle, r.stats.bytes, r.stats.lines], [false, undefined, 6, 1]);
});

test('lexical finds the buried error line', async (t) => {
  const t0 = performance.now();
  const r = await to.extract(stored.handle, 'database connection refused shard', 'lexical');
  t.diagnostic(`extract lexical over 1 MB: ${Math.round(performance.now() - t0)} ms`);
  assert.equal(r.failed, false);
  assert.ok(r.text.startsWith(`ABSTRACT FROM TOOL OUTPUT bash WITH HANDLE ${stored.handle}, STRATEGY:lexical:\n\n`), r.text.slice(0, 200));
  assert.ok(r.text.includes(`${log.errorLineNo}: ${ERROR_LINE}`), r.text.slice(0, 600));
  assert.equal(r.report.requested, 'lexical');
  assert.equal(r.report.used, 'lexical');
  assert.deepEqual(r.report.fallbacks, []);
  assert.deepEqual(r.report.llmCalls, []);
  assert.equal(r.report.sourceBytes, Buffer.byteLength(log.text));
  assert.equal(r.report.answerBytes, Buffer.byteLength(r.text));
});

test('truncate keeps head and tail with the cut marker', async () => {
  const r = await to.extract(stored.handle, 'anything', 'truncate', { maxBytes: 4000 });
  assert.equal(r.failed, false);
  assert.ok(r.text.startsWith(`ABSTRACT FROM TOOL OUTPUT bash WITH HANDLE ${stored.handle}, STRATEGY:truncate:\n\n${log.first}\n`));
  assert.match(r.text, /\n\[\.\.\. \d+ bytes and \d+ lines omitted \.\.\.\]\n/);
  assert.ok(r.text.trimEnd().endsWith(log.last));
  assert.ok(Buffer.byteLength(r.text) <= 4000);
  assert.equal(r.report.used, 'truncate');
});

test('an unknown or malformed handle gives the FAILED form', async () => {
  const r = await to.extract(MISSING, 'the errors');
  assert.equal(r.failed, true);
  assert.match(r.text, new RegExp(`^TOOL_OUTPUT FAILED FOR \\S+ WITH HANDLE ${MISSING}, STRATEGY:auto:\n\n.*${MISSING}`, 's'));
  const bad = await to.extract('not-a-handle', 'the errors', 'lexical');
  assert.equal(bad.failed, true);
  assert.ok(bad.text.startsWith('TOOL_OUTPUT FAILED FOR '), bad.text);
  const empty = await to.extract(stored.handle, '', 'lexical');
  assert.equal(empty.failed, true);
});

for (const mode of ['full-chunked', 'read-grep']) {
  test(`${mode} falls back to lexical without an LLM`, async () => {
    const r = await to.extract(stored.handle, 'which database shard refused connections', mode);
    assert.equal(r.failed, false);
    const [head, body] = [r.text.slice(0, r.text.indexOf('\n\n')), r.text.slice(r.text.indexOf('\n\n') + 2)];
    assert.equal(head, `ABSTRACT FROM TOOL OUTPUT bash WITH HANDLE ${stored.handle}, STRATEGY:lexical:`);
    assert.equal(body.split('\n')[0], NO_LLM_WARNING);
    assert.ok(body.includes(ERROR_LINE));
    assert.equal(r.report.requested, mode);
    assert.equal(r.report.used, 'lexical');
    // The chain may pass through the other LLM mode first; it ends in lexical.
    const f = r.report.fallbacks;
    assert.ok(f.length >= 1);
    assert.equal(f[0].from, mode);
    assert.equal(f.at(-1).to, 'lexical');
    for (const x of f) assert.equal(x.reason, 'no LLM is configured');
    assert.deepEqual(r.report.llmCalls, []);
  });
}

test('auto without an LLM answers lexically', async () => {
  const r = await to.extract(stored.handle, 'database connection refused');
  assert.equal(r.report.requested, 'auto');
  assert.equal(r.report.used, 'lexical');
  assert.ok(r.text.includes(ERROR_LINE));
});

test('read, grep, tail, list, toolSchema', async () => {
  const h = stored.handle;
  assert.equal(await to.read(h, 1, 2), `1: ${log.first}\n2: ${log.text.split('\n')[1]}\n`);
  const g = await to.grep(h, 'ERROR|refused', { context: 1 });
  assert.ok(g.includes(`${log.errorLineNo}: ${ERROR_LINE}`));
  assert.ok(g.includes(`${log.errorLineNo - 1}- `));
  assert.ok((await to.tail(h, 1)).includes(`${log.lines}: ${log.last}`));
  const list = await to.list();
  const info = list.find((x) => x.handle === h);
  assert.equal(info.tool, 'bash');
  assert.equal(info.args, '{"command":"cat app.log"}');
  assert.equal(info.viewLines, log.lines);
  const schema = JSON.parse(await to.toolSchema());
  assert.deepEqual(schema.required, ['handle', 'extract']);
  const found = await to.search('which output mentioned the refused connection?');
  assert.ok(found.startsWith('SEARCH OF THE STORED OUTPUTS FOR "which output mentioned the refused connection?":\n\n'), found);
  assert.ok(found.includes(`. ${h} · bash · {"command":"cat app.log"} · `), found);
  assert.ok(found.includes(`   ${log.errorLineNo}: ${ERROR_LINE}`), found);
  await assert.rejects(to.search('x', { before: 'nope' }), (e) => e.code === 'invalid-handle');
});

test('engine errors are thrown as Errors with a clear message', async () => {
  await assert.rejects(to.read(MISSING, 1, 2), (e) => e instanceof Error && e.code === 'unknown-handle' && e.message.startsWith('unknown handle: ') && e.message.includes(MISSING));
  await assert.rejects(to.tail('nope', 2), (e) => e.code === 'invalid-handle' && /^invalid handle: /.test(e.message));
  await assert.rejects(to.grep(stored.handle, '('), (e) => e.code === 'invalid-argument' && /^invalid argument: /.test(e.message));
  await assert.rejects(to.extract(stored.handle, 'x', 'fast'), /unknown mode "fast"/);
  // The instance still works afterwards.
  assert.ok((await to.tail(stored.handle, 1)).length > 0);
});

test('a storage error reads as the native host words it', async () => {
  const full = await ToolOutput.create({ build: 'sync', quotaBytes: 1024 });
  await assert.rejects(full.store('bash', '{}', 'x\n'.repeat(20000)), (e) => e.code === 'storage' && /^storage error: /.test(e.message));
});

test('calls run one at a time, in order', async () => {
  const order = [];
  const a = to.store('t', '{}', log.text.slice(0, 200_000)).then((r) => (order.push('store'), r));
  const b = to.extract(stored.handle, 'refused', 'lexical').then((r) => (order.push('extract'), r));
  const c = to.list().then((r) => (order.push('list'), r));
  const [s, , l] = await Promise.all([a, b, c]);
  assert.deepEqual(order, ['store', 'extract', 'list']);
  assert.ok(l.some((x) => x.handle === s.handle), 'list sees the store queued before it');
  await to.remove(s.handle);
});

test('a streamed output (output-writer) stores the same as one buffer', async () => {
  const chunks = function* () {
    for (let i = 0; i < log.text.length; i += 65536) yield log.text.slice(i, i + 65536);
  };
  const r = await to.store('bash', '{"command":"cat app.log"}', chunks());
  assert.equal(r.stored, true);
  assert.deepEqual(r.stats, stored.stats);
  assert.equal(r.message.split('\n').slice(3).join('\n'), stored.message.split('\n').slice(3).join('\n'));
  await to.remove(r.handle);
});

test('remove forgets the output and its files', async () => {
  const before = to.fs.list().filter((n) => n.startsWith(stored.handle));
  assert.ok(before.length > 0);
  await to.remove(stored.handle);
  assert.deepEqual(to.fs.list().filter((n) => n.startsWith(stored.handle)), []);
  await assert.rejects(to.remove(stored.handle), { code: 'unknown-handle' });
  assert.equal((await to.extract(stored.handle, 'x')).failed, true);
});

test('the sync build refuses an LLM, the jspi build needs JSPI', async () => {
  await assert.rejects(ToolOutput.create({ build: 'sync', llm: { baseUrl: 'http://127.0.0.1:9/v1', model: 'm' } }), /sync build cannot call an LLM/);
  if (typeof WebAssembly.Suspending !== 'function') {
    await assert.rejects(ToolOutput.create({ build: 'jspi' }), /needs WebAssembly JS Promise Integration/);
  }
  await assert.rejects(ToolOutput.create({ build: 'wasm64' }), /unknown build/);
});
