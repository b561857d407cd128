// The npm platform packages of tool-output: one per platform, each holding
// the binary for one Rust target. The launcher picks one at run time; the
// scripts in npm/scripts make and version them from this one table.
'use strict';

/** @type {{pkg: string, os: string, cpu: string, libc?: string, target: string, exe: string}[]} */
const PLATFORMS = [
  { pkg: 'tool-output-linux-x64', os: 'linux', cpu: 'x64', libc: 'glibc', target: 'x86_64-unknown-linux-gnu', exe: 'tool-output' },
  { pkg: 'tool-output-linux-arm64', os: 'linux', cpu: 'arm64', libc: 'glibc', target: 'aarch64-unknown-linux-gnu', exe: 'tool-output' },
  { pkg: 'tool-output-darwin-x64', os: 'darwin', cpu: 'x64', target: 'x86_64-apple-darwin', exe: 'tool-output' },
  { pkg: 'tool-output-darwin-arm64', os: 'darwin', cpu: 'arm64', target: 'aarch64-apple-darwin', exe: 'tool-output' },
  { pkg: 'tool-output-win32-x64', os: 'win32', cpu: 'x64', target: 'x86_64-pc-windows-msvc', exe: 'tool-output.exe' },
];

/** How a platform is named in messages: `linux x64 (glibc)`. */
function describe({ os, cpu, libc }) {
  return libc ? `${os} ${cpu} (${libc})` : `${os} ${cpu}`;
}

/** The platform entry that fits `os`/`cpu`/`libc`, or undefined. */
function fitting(os, cpu, libc) {
  return PLATFORMS.find((p) => p.os === os && p.cpu === cpu && (!p.libc || p.libc === libc));
}

module.exports = { PLATFORMS, describe, fitting };
