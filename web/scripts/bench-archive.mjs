#!/usr/bin/env node
// Export and import speed of session archives in Node (sync build): a
// session of N logs of 4 MiB, exported, imported into a fresh instance; and,
// with a CLI (TOOL_OUTPUT_BIN), the CLI's `--zstd` export of it imported
// (fzstd decompression included). Best of 3 runs; one line of results.
//
//   node scripts/bench-archive.mjs [handles=8]      (after `node scripts/build.mjs <wasm>`)
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ToolOutput } from '../src/index.js';
import { makeLog } from '../test/fixtures.mjs';

const count = Number(process.argv[2] ?? 8);
const cliBin = process.env.TOOL_OUTPUT_BIN;
const best = { export: Infinity, import: Infinity, importZstd: Infinity };
const time = async (key, fn) => {
  const t0 = performance.now();
  const r = await fn();
  best[key] = Math.min(best[key], performance.now() - t0);
  return r;
};

const source = await ToolOutput.create({ build: 'sync' });
for (let i = 0; i < count; i++) await source.store('bash', {}, makeLog(4 << 20).text);
let tar;
let zst;
for (let run = 0; run < 3; run++) {
  tar = await time('export', () => source.exportArchive());
  const copy = await ToolOutput.create({ build: 'sync' });
  await time('import', () => copy.importArchive(tar));
  if (!cliBin) continue;
  if (!zst) {
    const root = mkdtempSync(join(tmpdir(), 'tool-output-bench-'));
    execFileSync(cliBin, ['--root', root, 'import', '-'], { input: tar, stdio: ['pipe', 'ignore', 'pipe'] });
    zst = execFileSync(cliBin, ['--root', root, 'export', '-o', '-', '--zstd'], { maxBuffer: 1 << 30, stdio: ['ignore', 'pipe', 'ignore'] });
    rmSync(root, { recursive: true });
  }
  const fromCli = await ToolOutput.create({ build: 'sync' });
  await time('importZstd', () => fromCli.importArchive(zst));
}
const mib = (n) => `${(n / (1 << 20)).toFixed(1)} MiB`;
const ms = (t) => `${Math.round(t)} ms`;
console.log(
  `${count} handles, ${mib(tar.length)} tar: export ${ms(best.export)}, import ${ms(best.import)}` +
    (zst ? `; the CLI's --zstd export (${mib(zst.length)}): import ${ms(best.importZstd)}` : '; no TOOL_OUTPUT_BIN: zstd import not measured') +
    ` (Node ${process.version}, best of 3)`,
);
