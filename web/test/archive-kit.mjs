// Helpers of test/archive.test.mjs: outputs to store, what a model would see
// of a handle (in the package and through the real CLI), and archives built
// by hand (hostile tars, zstd frames) independently of src/tar.js's writer.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { makeLog } from './fixtures.mjs';

/** A log with a buried error, and a JSON array with one failed item (as host/tests/all/archive.rs). */
export function twoOutputs() {
  const items = Array.from({ length: 3000 }, (_, i) => `{"id":${i},"status":"${i === 1777 ? 'FAILED' : 'ok'}"}`);
  return [makeLog(300_000).text, `[${items.join(',')}]`];
}

/** The questions asked of every handle, as [package call, CLI arguments]. */
const QUESTIONS = [
  [(to, h) => to.read(h, 1500, 1520), (h) => ['read', h, '--lines', '1500:1520']],
  [(to, h) => to.grep(h, 'FAILED|ERROR', { context: 1 }), (h) => ['grep', h, 'FAILED|ERROR', '-C', '1']],
  [(to, h) => to.tail(h, 7), (h) => ['tail', h, '-n', '7']],
  [(to, h) => to.preview(h), (h) => ['preview', h]],
  [async (to, h) => (await to.extract(h, 'which ids failed', 'lexical')).text, (h) => ['extract', h, 'which ids failed', '--mode', 'lexical']],
];

/** What a model would see of `handle` in a ToolOutput instance. */
export async function answers(to, handle) {
  const out = [];
  for (const [ask] of QUESTIONS) out.push(await ask(to, handle));
  return out;
}

/** The CLI binary (env TOOL_OUTPUT_BIN), or null when none is given; a name that is not there is an error, not a skip. */
export const CLI = (() => {
  const bin = process.env.TOOL_OUTPUT_BIN;
  if (!bin) return null;
  if (!existsSync(bin)) throw new Error(`TOOL_OUTPUT_BIN=${bin}: no such file`);
  return bin;
})();

/** A fresh --root for the CLI. */
export const cliRoot = () => mkdtempSync(join(tmpdir(), 'tool-output-web-archive-'));

// No LLM and no session from the environment: the CLI answers deterministically.
const cliEnv = Object.fromEntries(
  Object.entries(process.env).filter(([k]) => !/^(TOOL_OUTPUT_(MODEL|ROOT|SESSION)|OPENAI_|ANTHROPIC_)/.test(k)),
);

/** Run the CLI; its stdout (a Buffer). Throws with its stderr when it fails. */
export function cli(root, session, args, input) {
  return execFileSync(CLI, ['--root', root, '--session', session, ...args], {
    input: input ?? Buffer.alloc(0),
    env: cliEnv,
    maxBuffer: 64 << 20,
    stdio: ['pipe', 'pipe', 'pipe'],
  });
}

/** What a model would see of `handle` through the CLI (`--json`: the engine's text exactly, without the final newline the CLI prints). */
export function cliAnswers(root, session, handle) {
  return QUESTIONS.map(([, args]) => JSON.parse(cli(root, session, ['--json', ...args(handle)]).toString('utf8')).text);
}

// ---- archives by hand

/**
 * A tar of `members` (`{name, type = '0', data}`), names written raw (a hostile
 * archive does not normalise `..` or `/`), as GNU tar headers.
 */
export function pack(members) {
  const blocks = [];
  for (const { name, type = '0', data } of members) {
    const h = Buffer.alloc(512);
    h.write(name, 0, 100, 'latin1');
    h.write('0000600\0', 100);
    h.write(`${data.length.toString(8).padStart(11, '0')}\0`, 124);
    h.write('00000000000\0', 136);
    h.write(type, 156);
    if (type === '2') h.write('/etc/passwd', 157);
    h.write('ustar  \0', 257); // GNU magic
    h.write('        ', 148);
    let sum = 0;
    for (const b of h) sum += b;
    h.write(`${sum.toString(8).padStart(6, '0')}\0 `, 148);
    blocks.push(h, Buffer.from(data), Buffer.alloc((512 - (data.length % 512)) % 512));
  }
  blocks.push(Buffer.alloc(1024));
  return new Uint8Array(Buffer.concat(blocks));
}

/** A zstd frame of raw (stored) blocks holding `bytes`: valid zstd without a compressor. */
export function zstdStored(bytes) {
  const parts = [Buffer.from([0x28, 0xb5, 0x2f, 0xfd, 0x00, 0x38])]; // no content size; window 128 KiB
  const MAX = 128 << 10;
  for (let at = 0; at < bytes.length || at === 0; at += MAX) {
    const piece = bytes.subarray(at, at + MAX);
    const last = at + MAX >= bytes.length ? 1 : 0;
    const h = (piece.length << 3) | (0 << 1) | last;
    parts.push(Buffer.from([h & 0xff, (h >> 8) & 0xff, (h >> 16) & 0xff]), Buffer.from(piece));
    if (last) break;
  }
  return new Uint8Array(Buffer.concat(parts));
}

/** A zstd frame of `blocks` RLE blocks of 128 KiB zeros each: tiny, and expands 30000-fold. */
export function zstdBomb(blocks) {
  const parts = [Buffer.from([0x28, 0xb5, 0x2f, 0xfd, 0x00, 0x38])];
  for (let i = 0; i < blocks; i++) {
    const h = ((128 << 10) << 3) | (1 << 1) | (i === blocks - 1 ? 1 : 0);
    parts.push(Buffer.from([h & 0xff, (h >> 8) & 0xff, (h >> 16) & 0xff, 0]));
  }
  return new Uint8Array(Buffer.concat(parts));
}

/** A zstd frame header asking for a 1 GiB window (fzstd would allocate it up front), then an empty last block. */
export const zstdHugeWindow = () => new Uint8Array([0x28, 0xb5, 0x2f, 0xfd, 0x00, 0xa0, 0x01, 0x00, 0x00]);
