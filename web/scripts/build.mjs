#!/usr/bin/env node
// Transpile the tool-output engine component for JavaScript hosts.
//
//   node scripts/build.mjs <path/to/tool_output.wasm> [--gzip]
//
// Writes
//   dist/jspi/   browser build: JSPI, `llm.complete`/`complete-batch` are async
//                imports (fetch), `engine.extract` returns a Promise;
//   dist/sync/   Node build (Node 20 has no JSPI): every import and export is
//                synchronous, the LLM answers `not-configured`;
//   dist/preview2-shim/   the browser files of @bytecodealliance/preview2-shim
//                that the demo page maps with its import map;
//   dist/fzstd/index.mjs  fzstd's ES module (no imports of its own), mapped
//                the same way (src/archive.js reads .tar.zst archives with it);
//   dist/build-info.json  sizes and timings.
// Both builds use `instantiation: 'async'`: the generated module exports
// `instantiate(getCoreModule, imports)`, so src/index.js passes the imports of
// each instance itself (its own session-fs and LLM settings).
import { createHash } from 'node:crypto';
import { copyFile, link, mkdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { transpile } from '@bytecodealliance/jco';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const input = args.find((a) => !a.startsWith('--'));
if (!input) {
  console.error('usage: node scripts/build.mjs <path/to/tool_output.wasm> [--gzip]');
  process.exit(2);
}
const wantGzip = args.includes('--gzip');

export const BUILDS = {
  jspi: {
    asyncMode: 'jspi',
    asyncImports: ['tool-output:core/llm#complete', 'tool-output:core/llm#complete-batch'],
    // Every export that may reach an async import must be listed.
    asyncExports: ['tool-output:core/engine#extract'],
  },
  sync: { asyncMode: 'sync' },
};

const started = performance.now();
const component = await readFile(input).catch((e) => {
  console.error(`cannot read the component ${input}: ${e.message}`);
  process.exit(1);
});
const info = {
  input: resolve(input),
  sha256: createHash('sha256').update(component).digest('hex'),
  componentBytes: component.length,
  jco: JSON.parse(await readFile(join(root, 'node_modules/@bytecodealliance/jco/package.json'), 'utf8')).version,
  builds: {},
};
const dist = join(root, 'dist');
await mkdir(dist, { recursive: true });

const written = new Map(); // sha256 → path of a core module already written
for (const [name, opts] of Object.entries(BUILDS)) {
  const t0 = performance.now();
  const { files, imports, exports } = await transpile(component, {
    name: 'tool_output',
    instantiation: 'async',
    quiet: true,
    ...opts,
  });
  const out = join(dist, name);
  await rm(out, { recursive: true, force: true });
  let bytes = 0;
  for (const [file, data] of Object.entries(files)) {
    const path = join(out, file);
    await mkdir(dirname(path), { recursive: true });
    bytes += data.length;
    // The builds differ only in their JS glue: the core modules are the same
    // bytes, so later builds hard-link the first copy (saves 100 MB of disk).
    const hash = file.endsWith('.wasm') ? createHash('sha256').update(data).digest('hex') : null;
    const same = hash && written.get(hash);
    if (same) {
      try {
        await link(same, path);
        continue;
      } catch {
        /* another file system: write a copy */
      }
    }
    await writeFile(path, data);
    if (hash) written.set(hash, path);
  }
  const ms = Math.round(performance.now() - t0);
  info.builds[name] = { ms, files: Object.keys(files).length, bytes, imports, exports: exports.map((e) => e[0]) };
  console.log(`dist/${name}: ${Object.keys(files).length} files, ${(bytes / 1e6).toFixed(1)} MB, transpiled in ${ms} ms`);
}

// The browser half of preview2-shim that the engine needs (cli, clocks, io,
// random), for the demo's import map.
const shimSrc = join(root, 'node_modules/@bytecodealliance/preview2-shim/dist/browser');
const shimOut = join(dist, 'preview2-shim');
await rm(shimOut, { recursive: true, force: true });
await mkdir(shimOut, { recursive: true });
// The entry points and every file they import, relatively, in turn.
const todo = ['cli.js', 'clocks.js', 'io.js', 'random.js'];
const copied = new Set();
while (todo.length) {
  const f = todo.pop();
  if (copied.has(f)) continue;
  copied.add(f);
  await copyFile(join(shimSrc, f), join(shimOut, f));
  const src = await readFile(join(shimSrc, f), 'utf8');
  for (const m of src.matchAll(/\bfrom\s*["']\.\/([\w.-]+\.js)["']/g)) todo.push(m[1]);
}
info.shimFiles = [...copied].sort();

// fzstd for the browser: one self-contained ES module.
await rm(join(dist, 'fzstd'), { recursive: true, force: true });
await mkdir(join(dist, 'fzstd'), { recursive: true });
await copyFile(join(root, 'node_modules/fzstd/esm/index.mjs'), join(dist, 'fzstd/index.mjs'));

const core = join(dist, 'jspi', 'tool_output.core.wasm');
info.coreWasmBytes = (await stat(core)).size;
if (wantGzip) {
  const t0 = performance.now();
  info.componentGzipBytes = gzipSync(component).length;
  info.coreWasmGzipBytes = gzipSync(await readFile(core)).length;
  console.log(`gzip: component ${(info.componentGzipBytes / 1e6).toFixed(1)} MB, core wasm ${(info.coreWasmGzipBytes / 1e6).toFixed(1)} MB (${Math.round(performance.now() - t0)} ms)`);
}
info.totalMs = Math.round(performance.now() - started);
info.builtAt = new Date().toISOString();
await writeFile(join(dist, 'build-info.json'), JSON.stringify(info, null, 2) + '\n');
console.log(`built in ${info.totalMs} ms (component ${(component.length / 1e6).toFixed(1)} MB)`);
