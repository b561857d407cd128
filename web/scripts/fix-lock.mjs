#!/usr/bin/env node
// Run after `npm install`: complete package-lock.json for `npm ci`.
//
// The registry this project installs from lacks some platform-specific
// optional packages (e.g. @rolldown/binding-win32-x64-msvc, pulled in by
// jco). `npm install` skips them, so they are missing from the lock file, and
// `npm ci` then refuses the lock as out of sync. This adds an entry for each
// missing optional dependency, with the os/cpu/libc its name states, so npm
// skips it on every other platform just as it would with a full registry.
import { readFile, writeFile } from 'node:fs/promises';

const OS = ['darwin', 'linux', 'win32', 'freebsd', 'android', 'openharmony', 'netbsd', 'openbsd', 'sunos', 'aix'];
const CPU = ['x64', 'arm64', 'arm', 'ia32', 'ppc64', 's390x', 'riscv64', 'loong64', 'mips64el', 'wasm32'];

function platform(name) {
  const parts = name.split('/').pop().split('-');
  const os = parts.find((p) => OS.includes(p));
  const cpu = parts.find((p) => CPU.includes(p));
  const libc = parts.find((p) => /^(gnu|gnueabihf|musl|musleabihf)$/.test(p));
  if (!cpu) return null;
  const entry = {};
  entry.cpu = [cpu];
  if (libc) entry.libc = [libc.startsWith('musl') ? 'musl' : 'glibc'];
  if (os) entry.os = [os];
  return entry;
}

const path = new URL('../package-lock.json', import.meta.url);
const lock = JSON.parse(await readFile(path, 'utf8'));
const added = [];
for (const [key, pkg] of Object.entries(lock.packages)) {
  for (const [dep, version] of Object.entries(pkg.optionalDependencies ?? {})) {
    // Where npm would place it: next to the parent, or hoisted to the top.
    const nested = `${key ? `${key}/` : ''}node_modules/${dep}`;
    if (lock.packages[nested] || lock.packages[`node_modules/${dep}`]) continue;
    const plat = platform(dep);
    if (!plat) throw new Error(`cannot tell the platform of ${dep}: add it to the lock by hand`);
    // Keys in the order npm writes them: version first, then alphabetical.
    const fields = { ...(pkg.dev ? { dev: true } : {}), optional: true, ...plat };
    lock.packages[`node_modules/${dep}`] = {
      version,
      ...Object.fromEntries(Object.entries(fields).sort(([a], [b]) => a.localeCompare(b))),
    };
    added.push(dep);
  }
}
lock.packages = Object.fromEntries(Object.entries(lock.packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a < b ? -1 : a > b ? 1 : 0)));
await writeFile(path, JSON.stringify(lock, null, 2) + '\n');
console.log(added.length ? `added ${added.length} platform stubs: ${added.join(', ')}` : 'package-lock.json is complete');
