// The published engine package, used as its README says: run from a directory
// where `tool-output-engine` was installed from its tarball. Checks that
// every runtime export of `tool-output-engine` and `tool-output-engine/host`
// is declared in the package's types, then stores a 600 KB build log in Node
// (the sync build) and asks for the line planted in it with `lexical`.
//
//   node .ci/package-engine-check.mjs <install-dir>
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const dir = process.argv[2];
const require = createRequire(join(dir, 'package.json'));
const fail = (why) => {
  console.error(`package-engine-check: ${why}`);
  process.exit(1);
};

const pkgDir = join(dir, 'node_modules', 'tool-output-engine');
for (const [entry, types] of [['tool-output-engine', 'index.d.ts'], ['tool-output-engine/host', 'host.d.ts']]) {
  const mod = await import(pathToFileURL(require.resolve(entry)).href);
  const declared = await readFile(join(pkgDir, types), 'utf8');
  for (const name of Object.keys(mod)) {
    const found = name === 'default'
      ? /export default /.test(declared)
      : new RegExp(`export declare (const|class|function) ${name}\\b|export \\{[^}]*\\b${name}\\b[^}]*\\}`).test(declared);
    if (!found) fail(`${entry} exports ${name}, which ${types} does not declare`);
  }
}

const { ToolOutput } = await import(pathToFileURL(require.resolve('tool-output-engine')).href);
const needle = 'error[E0433]: failed to resolve: use of undeclared crate or module `tokio`';
const lines = Array.from({ length: 20000 }, (_, i) => (i === 12344 ? needle : `   Compiling crate-${i} v0.0.${i}`));
const to = await ToolOutput.create();
const s = await to.store('bash', { command: 'cargo build' }, lines.join('\n'));
if (!s.stored || !s.message.startsWith('Tool output is too large')) fail(`not stored: ${JSON.stringify(s).slice(0, 300)}`);
const r = await to.extract(s.handle, 'which crate failed to resolve', 'lexical');
if (r.failed || !r.text.startsWith(`ABSTRACT FROM TOOL OUTPUT bash WITH HANDLE ${s.handle}, STRATEGY:lexical:`) || !r.text.includes(needle)) {
  fail(`the answer does not hold the planted line:\n${r.text.slice(0, 800)}`);
}
console.log(`engine ok: ${to.build} build, stored ${s.stats.bytes} bytes, lexical found the planted line (create ${to.timings.totalMs} ms)`);
