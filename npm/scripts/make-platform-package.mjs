#!/usr/bin/env node
// Makes the npm platform package for one Rust target from a built binary:
//
//   node npm/scripts/make-platform-package.mjs <binary> <rust-target> <version> <out-dir>
//
// writes <out-dir>/<package>/{package.json,README.md,LICENSE,bin/<exe>} (the package
// named in npm/tool-output/lib/platforms.js for that target) and prints that
// directory; `npm pack` it. No dependencies.
import { chmod, copyFile, mkdir, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';

const require = createRequire(import.meta.url);
const { PLATFORMS, describe } = require('../tool-output/lib/platforms.js');
const launcher = require('../tool-output/package.json');

const [binary, target, version, outDir] = process.argv.slice(2);
if (!outDir) {
  console.error('usage: make-platform-package.mjs <binary> <rust-target> <version> <out-dir>');
  process.exit(2);
}
const platform = PLATFORMS.find((p) => p.target === target);
if (!platform) {
  console.error(`make-platform-package: no platform package for ${target}; known: ${PLATFORMS.map((p) => p.target).join(', ')}`);
  process.exit(2);
}
if (!/^\d+\.\d+\.\d+(-[0-9A-Za-z.-]+)?$/.test(version)) {
  console.error(`make-platform-package: "${version}" is not a version`);
  process.exit(2);
}

const dir = resolve(outDir, platform.pkg);
await rm(dir, { recursive: true, force: true });
await mkdir(join(dir, 'bin'), { recursive: true });
await copyFile(binary, join(dir, 'bin', platform.exe));
await chmod(join(dir, 'bin', platform.exe), 0o755);
await copyFile(new URL('../../LICENSE', import.meta.url), join(dir, 'LICENSE'));

const manifest = {
  name: platform.pkg,
  version,
  description: `The tool-output binary for ${target}; installed by the tool-output package.`,
  license: launcher.license,
  repository: launcher.repository && { ...launcher.repository, directory: 'npm' },
  os: [platform.os],
  cpu: [platform.cpu],
  ...(platform.libc ? { libc: [platform.libc] } : {}),
  files: [`bin/${platform.exe}`, 'README.md', 'LICENSE'],
  preferUnplugged: true,
};
await writeFile(join(dir, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
await writeFile(join(dir, 'README.md'), `# ${platform.pkg}

The \`tool-output\` binary for ${describe(platform)}, built for the Rust target \`${target}\`${platform.libc === 'glibc' ? ' (glibc 2.17 or newer)' : ''}.
Do not install it directly: install \`tool-output\` (\`npx -y tool-output\`, \`npm install -g
tool-output\`), whose launcher picks this package through its optional dependencies
on this platform and runs the binary in \`bin/\`.
`);
console.log(dir);
