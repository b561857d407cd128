// Run by `npm pack` / `npm publish` (prepack). The package ships the
// transpiled component, so it refuses to pack without a complete dist/
// (`node scripts/build.mjs <tool_output.wasm>` makes it). npm 11 fails,
// without a word, on files with more than one hard link, which build.mjs
// makes of the core modules the two builds share: those are turned into
// plain copies here. It also copies the repository's LICENSE in (not committed).
import { existsSync } from 'node:fs';
import { copyFile, readdir, readFile, rename, stat, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const needed = ['dist/jspi/tool_output.js', 'dist/sync/tool_output.js', 'dist/preview2-shim', 'dist/fzstd/index.mjs', 'dist/build-info.json'];
const missing = needed.filter((p) => !existsSync(join(root, p)));
if (missing.length) {
  console.error(`tool-output-engine: dist/ is incomplete (missing ${missing.join(', ')}): run node scripts/build.mjs <tool_output.wasm> first`);
  process.exit(1);
}

let copied = 0;
for (const entry of await readdir(join(root, 'dist'), { recursive: true, withFileTypes: true })) {
  if (!entry.isFile()) continue;
  const path = join(entry.parentPath ?? entry.path, entry.name);
  if ((await stat(path)).nlink > 1) {
    await writeFile(`${path}.copy`, await readFile(path));
    await rename(`${path}.copy`, path);
    copied += 1;
  }
}
if (copied) console.log(`tool-output-engine: ${copied} hard-linked file(s) in dist/ made plain copies for npm pack`);
await copyFile(join(root, '..', 'LICENSE'), join(root, 'LICENSE'));
