// The JSPI build in Chromium, through the demo page: store 1 MB, the handle
// message, lexical and truncate extracts, an LLM extract (full-chunked)
// against a scripted OpenAI-compatible server, and a reload that restores the
// session from IndexedDB; then "Export session" (a download the CLI imports)
// and "Import archive" back into a cleared session. Saves ../target/web/screenshot.png.
//   node --test test/browser.test.mjs   (needs /usr/bin/chromium and a build)
import assert from 'node:assert/strict';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { after, before, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { startStaticServer } from '../scripts/serve.mjs';
import { readTar } from '../src/tar.js';
import { CLI, cli, cliRoot, zstdStored } from './archive-kit.mjs';
import { ERROR_LINE, STORED_LINE, UUID, makeLog } from './fixtures.mjs';
import { startLlmServer } from './llm-server.mjs';

const WEB = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const OUT = resolve(WEB, '../target/web');
const CHROMIUM = process.env.CHROMIUM ?? '/usr/bin/chromium';
const SCRIPTED = 'SCRIPTED ANSWER: the database connection to shard-7 was refused (errno 111).';
const log = makeLog(1 << 20);
const numbers = {};

let site;
let llm;
let browser;
let page;
const pageErrors = [];

before(async () => {
  site = await startStaticServer(WEB);
  llm = await startLlmServer({ answer: () => SCRIPTED });
  browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-dev-shm-usage'],
  });
  page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  page.on('pageerror', (e) => pageErrors.push(String(e)));
  page.on('console', (m) => {
    if (m.type() === 'error') pageErrors.push(`console: ${m.text()}`);
  });
});

after(async () => {
  await browser?.close();
  site?.server.close();
  llm?.server.close();
  if (Object.keys(numbers).length) {
    await mkdir(OUT, { recursive: true });
    await writeFile(join(OUT, 'browser-numbers.json'), JSON.stringify(numbers, null, 2) + '\n');
  }
});

/** Wait for the demo to finish a task: the button is enabled again. */
async function settle(expect) {
  await page.waitForFunction(
    (want) => {
      const status = document.getElementById('status');
      if (status.classList.contains('bad')) return true;
      return !document.getElementById('run').disabled && document.getElementById('abstract').textContent.includes(want);
    },
    expect,
    { timeout: 120_000 },
  );
  const status = await page.textContent('#status');
  assert.ok(!status.startsWith('Error'), status);
  return page.textContent('#abstract');
}

async function extract(mode, what, expect) {
  await page.selectOption('#mode', mode);
  await page.fill('#extract', what);
  const t0 = performance.now();
  await page.click('#run');
  const text = await settle(expect);
  return { text, ms: Math.round(performance.now() - t0) };
}

test('the demo page loads the JSPI build', async (t) => {
  const t0 = performance.now();
  await page.goto(`${site.url}/demo/`);
  await page.waitForSelector('#status[data-ready]', { timeout: 120_000 });
  numbers.pageReadyMs = Math.round(performance.now() - t0);
  assert.equal(await page.getAttribute('#status', 'data-ready'), '1', await page.textContent('#status'));
  assert.equal(await page.getAttribute('#status', 'data-build'), 'jspi');
  assert.equal(await page.evaluate(() => typeof WebAssembly.Suspending), 'function');
  numbers.chromium = browser.version();
  numbers.instantiateMs = Number(await page.getAttribute('#status', 'data-instantiate-ms'));
  t.diagnostic(`Chromium ${numbers.chromium}: instantiate (jspi build) ${numbers.instantiateMs} ms; page ready ${numbers.pageReadyMs} ms`);
  t.diagnostic(await page.textContent('#status'));
});

test('stores 1 MB opened in the page', async (t) => {
  // The file picker path (page.fill types 1 MB far too slowly to stand for a paste).
  await page.setInputFiles('#file', { name: 'app.log', mimeType: 'text/plain', buffer: Buffer.from(log.text) });
  await page.waitForFunction((n) => document.getElementById('output').value.length === n, log.text.length);
  assert.equal(await page.inputValue('#args'), '{"file":"app.log"}');
  await page.fill('#tool', 'bash');
  await page.click('#store');
  await page.waitForFunction(() => !document.getElementById('message').hidden || document.getElementById('status').classList.contains('bad'), null, { timeout: 60_000 });
  const info = await page.textContent('#store-info');
  numbers.store1MbMs = Number(/Stored in (\d+) ms/.exec(info)?.[1]);
  t.diagnostic(`store 1 MB in Chromium: ${numbers.store1MbMs} ms`);
  const message = await page.textContent('#message');
  const lines = message.split('\n');
  const handle = await page.inputValue('#handle');
  assert.match(handle, UUID);
  assert.match(lines[0], new RegExp(`^Tool output is too large \\(${Buffer.byteLength(log.text)} bytes, ${log.lines} lines, \\d+ tokens\\)\\.$`));
  assert.equal(lines[1], `Call tool_output(handle = "${handle}", extract = "what to extract").`);
  assert.equal(lines[2], 'Provide precise and detailed instructions in `extract` about what you are looking for.');
  assert.ok(lines.includes(`${log.errorLineNo}: ${ERROR_LINE}`), 'the preview shows the error line');
  assert.equal(lines.at(-1), STORED_LINE);
});

test('lexical and truncate extracts', async (t) => {
  const handle = await page.inputValue('#handle');
  const lex = await extract('lexical', 'database connection refused', 'STRATEGY:lexical');
  numbers.extractLexicalMs = lex.ms;
  numbers.extractLexicalEngineMs = Number(/Engine time(\d+) ms/.exec(await page.textContent('#report'))?.[1]);
  t.diagnostic(`extract lexical (1 MB) in Chromium: ${lex.ms} ms through the page, ${numbers.extractLexicalEngineMs} ms in the engine`);
  assert.ok(lex.text.startsWith(`ABSTRACT FROM TOOL OUTPUT bash WITH HANDLE ${handle}, STRATEGY:lexical:\n\n`), lex.text.slice(0, 200));
  assert.ok(lex.text.includes(`${log.errorLineNo}: ${ERROR_LINE}`));
  assert.equal(await page.getAttribute('#report', 'data-used'), 'lexical');

  const cut = await extract('truncate', 'the whole log', 'STRATEGY:truncate');
  assert.match(cut.text, /\[\.\.\. \d+ bytes and \d+ lines omitted \.\.\.\]/);
  assert.ok(cut.text.includes(log.first));
});

test('an LLM extract (full-chunked) against a scripted server', async (t) => {
  await page.fill('#llm-base', llm.baseUrl);
  await page.fill('#llm-model', 'scripted-model');
  await page.fill('#llm-key', 'sk-scripted');
  await page.fill('#llm-context', '131072');
  await page.click('#llm-save');
  assert.match(await page.textContent('#llm-state'), /using scripted-model/);
  const before = llm.requests.length;
  const r = await extract('full-chunked', 'which database connection failed, and where', 'STRATEGY:full-chunked');
  numbers.extractFullChunkedMs = r.ms;
  const got = llm.requests.slice(before);
  t.diagnostic(`full-chunked over 1 MB: ${got.length} LLM requests, ${r.ms} ms`);
  assert.ok(got.length >= 2, `${got.length} requests`);
  for (const q of got) {
    assert.equal(q.method, 'POST');
    assert.equal(q.url, '/v1/chat/completions');
    assert.equal(q.headers.authorization, 'Bearer sk-scripted');
    assert.equal(q.body.model, 'scripted-model');
    assert.equal(typeof q.body.max_tokens, 'number');
    assert.equal(q.body.messages[0].role, 'system');
    assert.match(q.body.messages[0].content, /<ai-agent-[0-9a-f]+-FINAL/);
  }
  assert.ok(llm.preflights.length >= 1, 'the browser sent a CORS preflight');
  const handle = await page.inputValue('#handle');
  assert.equal(r.text, `ABSTRACT FROM TOOL OUTPUT bash WITH HANDLE ${handle}, STRATEGY:full-chunked:\n\n${SCRIPTED}`);
  assert.equal(await page.getAttribute('#report', 'data-used'), 'full-chunked');
  assert.equal(Number(await page.getAttribute('#report', 'data-llm-calls')), got.length);
  await mkdir(OUT, { recursive: true });
  await page.screenshot({ path: join(OUT, 'screenshot.png'), fullPage: true });
});

test('the session survives a reload (IndexedDB)', async (t) => {
  const handle = await page.inputValue('#handle');
  await page.reload();
  await page.waitForSelector('#status[data-ready]', { timeout: 120_000 });
  const status = await page.textContent('#status');
  assert.match(status, /files restored from IndexedDB/);
  numbers.instantiateAfterReloadMs = Number(await page.getAttribute('#status', 'data-instantiate-ms'));
  t.diagnostic(`after reload: ${status}`);
  assert.ok((await page.textContent('#handles')).includes(handle));
  // The LLM settings came back from localStorage.
  assert.equal(await page.inputValue('#llm-base'), llm.baseUrl);
  await page.fill('#handle', handle);
  const r = await extract('lexical', 'connection refused', 'STRATEGY:lexical');
  assert.ok(r.text.includes(ERROR_LINE));
  assert.deepEqual(pageErrors, []);
});

test('exports the session as a download and imports it back', async (t) => {
  const handle = await page.inputValue('#handle');
  const [download] = await Promise.all([page.waitForEvent('download'), page.click('#export')]);
  assert.match(download.suggestedFilename(), /^tool-output-session-.*\.tar$/);
  const archive = await readFile(await download.path());
  const members = [...readTar(new Uint8Array(archive))];
  assert.equal(members[0].name, 'manifest.json');
  assert.deepEqual(JSON.parse(Buffer.from(members[0].data)).handles.map((h) => h.handle), [handle]);
  assert.deepEqual(Buffer.from(members[1].data), Buffer.from(log.text), `${members[1].name}: the original, byte for byte`);
  assert.match(await page.textContent('#archive-info'), /^Exported 1 handle \(/);
  if (CLI) {
    const root = cliRoot();
    cli(root, 'from-browser', ['import', '-'], archive);
    const read = JSON.parse(cli(root, 'from-browser', ['--json', 'read', handle, '--lines', `${log.errorLineNo}:${log.errorLineNo}`]).toString());
    assert.equal(read.text, `${log.errorLineNo}: ${ERROR_LINE}\n`);
  } else {
    t.diagnostic('TOOL_OUTPUT_BIN is not set: the CLI import of the download is not tested');
  }

  await page.click('#clear');
  await page.waitForFunction(() => document.getElementById('handles').textContent.includes('nothing yet'));
  await page.setInputFiles('#import-file', { name: 'session.tar', mimeType: 'application/x-tar', buffer: archive });
  await page.waitForFunction(() => /^Imported|nothing was imported/.test(document.getElementById('archive-info').textContent));
  assert.equal(await page.getAttribute('#archive-info', 'data-imported'), handle, await page.textContent('#archive-info'));
  assert.match(await page.textContent('#handles'), new RegExp(`${handle} bash .* imported`));
  const r = await extract('lexical', 'connection refused', 'STRATEGY:lexical');
  assert.ok(r.text.includes(`${log.errorLineNo}: ${ERROR_LINE}`));

  // Again, as .tar.zst (fzstd through the page's import map): read whole, then
  // refused whole (the handle is there), said on the page.
  await page.setInputFiles('#import-file', { name: 'session.tar.zst', mimeType: 'application/zstd', buffer: Buffer.from(zstdStored(archive)) });
  await page.waitForFunction(() => document.getElementById('status').classList.contains('bad'));
  assert.match(await page.textContent('#archive-info'), /already exists in the session .*nothing was imported/);
  pageErrors.splice(0, pageErrors.length, ...pageErrors.filter((e) => !e.includes('already exists')));
  assert.deepEqual(pageErrors, []);
});
