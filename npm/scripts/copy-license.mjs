// prepack of the npm packages made in this repository (the launcher and
// tool-output-engine): copies the repository's LICENSE into the package
// directory, where npm pack takes it (it leaves symlinks out). The copy is
// not committed (.gitignore).
//
//   node <repo>/npm/scripts/copy-license.mjs   (in the package's directory)
import { copyFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const repo = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
await copyFile(join(repo, 'LICENSE'), join(process.cwd(), 'LICENSE'));
