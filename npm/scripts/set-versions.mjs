#!/usr/bin/env node
// Sets every npm package's version from the workspace version in Cargo.toml
// ([workspace.package] version): the launcher npm/tool-output (and its
// optionalDependencies on the platform packages, exactly that version) and
// the engine package web/ (package.json and package-lock.json). The PyPI
// package takes it from Cargo.toml itself (maturin).
//
//   node npm/scripts/set-versions.mjs            # write
//   node npm/scripts/set-versions.mjs --check    # exit 1 when anything differs
import { readFile, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const { PLATFORMS } = require('../tool-output/lib/platforms.js');
const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const check = process.argv.includes('--check');

/** The version in Cargo.toml's [workspace.package] table. */
function workspaceVersion(toml) {
  const table = toml.split(/^\[/m).find((t) => t.startsWith('workspace.package]'));
  const m = table && table.match(/^version\s*=\s*"([^"]+)"/m);
  if (!m) throw new Error('Cargo.toml has no [workspace.package] version');
  return m[1];
}

const version = workspaceVersion(await readFile(join(root, 'Cargo.toml'), 'utf8'));
const differences = [];

/** Apply `edit` to a JSON file; record what it changed; write unless --check. */
async function update(rel, edit) {
  const file = join(root, rel);
  const before = await readFile(file, 'utf8');
  const json = JSON.parse(before);
  edit(json, (where, was) => differences.push(`${rel}: ${where} is ${JSON.stringify(was)}, not ${JSON.stringify(version)}`));
  const after = `${JSON.stringify(json, null, 2)}\n`;
  if (!check && after !== before) await writeFile(file, after);
}

function setVersion(obj, key, where, note) {
  if (obj[key] !== version) note(where, obj[key]);
  obj[key] = version;
}

await update('npm/tool-output/package.json', (pkg, note) => {
  setVersion(pkg, 'version', 'version', note);
  const wanted = PLATFORMS.map((p) => p.pkg);
  const have = pkg.optionalDependencies ?? {};
  if (wanted.join() !== Object.keys(have).join()) note('optionalDependencies', Object.keys(have));
  for (const name of wanted) {
    if (have[name] !== undefined && have[name] !== version) note(`optionalDependencies["${name}"]`, have[name]);
  }
  pkg.optionalDependencies = Object.fromEntries(wanted.map((name) => [name, version]));
});
await update('web/package.json', (pkg, note) => setVersion(pkg, 'version', 'version', note));
await update('web/package-lock.json', (lock, note) => {
  setVersion(lock, 'version', 'version', note);
  setVersion(lock.packages[''], 'version', 'packages[""].version', note);
});

if (check) {
  if (differences.length) {
    console.error(`set-versions --check: versions differ from Cargo.toml's ${version}:\n  ${differences.join('\n  ')}\n(run node npm/scripts/set-versions.mjs)`);
    process.exit(1);
  }
  console.log(`set-versions --check: every npm package is at ${version}`);
} else {
  console.log(`set-versions: ${differences.length ? differences.length + ' changed' : 'nothing to change'}; every npm package is at ${version}`);
}
