#!/usr/bin/env node
// The `tool-output` command of the npm package: finds the binary in the
// platform package npm installed (an optionalDependency selected by os, cpu
// and libc; no install script, no download), runs it with the same arguments
// and stdio, passes SIGINT, SIGTERM and SIGHUP on to it, and exits as it
// exited (its code, or the same signal). When no platform package fits, or the
// one that fits is missing, it says so and exits 1.
'use strict';

const { spawn } = require('node:child_process');
const path = require('node:path');
const { PLATFORMS, describe, fitting } = require('../lib/platforms.js');

const FORWARDED = ['SIGINT', 'SIGTERM', 'SIGHUP'];

/** `glibc` or `musl` on Linux (from Node's own report), else undefined. */
function libcFamily() {
  if (process.platform !== 'linux') return undefined;
  process.report.excludeNetwork = true;
  const header = process.report.getReport().header;
  return header.glibcVersionRuntime ? 'glibc' : 'musl';
}

function otherWays() {
  return 'Other ways to install tool-output: `pip install tool-output` (or `uvx tool-output`), '
    + 'or `cargo install tool-output` (builds from source).';
}

/** The binary's path, or exits 1 saying why there is none. */
function findBinary() {
  if (process.env.TOOL_OUTPUT_BINARY_PATH) return process.env.TOOL_OUTPUT_BINARY_PATH;
  const here = { os: process.platform, cpu: process.arch, libc: libcFamily() };
  const platform = fitting(here.os, here.cpu, here.libc);
  const known = PLATFORMS.map((p) => `${p.pkg} (${describe(p)})`).join(', ');
  if (!platform) {
    fail(`tool-output: no npm package of tool-output holds a binary for this platform: ${describe(here)}.\n`
      + `The platform packages are: ${known}.\n${otherWays()}`);
  }
  try {
    const dir = path.dirname(require.resolve(`${platform.pkg}/package.json`));
    return path.join(dir, 'bin', platform.exe);
  } catch {
    fail(`tool-output: this platform is ${describe(here)}, whose binary is in the package ${platform.pkg}, `
      + 'but it is not installed. npm leaves optional dependencies out with --omit=optional or '
      + '--no-optional, or when a lockfile was made on another platform: reinstall tool-output without that.\n'
      + `The platform packages are: ${known}.\n${otherWays()}`);
  }
}

function fail(message) {
  process.stderr.write(`${message}\n`);
  process.exit(1);
}

function main() {
  const binary = findBinary();
  let child = null;
  // A terminal's ^C reaches the child itself (same process group); passing it
  // on too would be a second SIGINT, which `tool-output run` takes as "kill".
  // So SIGINT is passed on only when stdin is not a terminal (an agent host or
  // a script sent it to this process). On Windows the console delivers Ctrl+C
  // to the child; the launcher only waits. The handlers are in place before
  // the child starts (they run on the event loop, so after spawn returns): a
  // signal sent once the child is up never kills the launcher alone.
  const handlers = FORWARDED.map((signal) => {
    const handler = () => {
      if (process.platform === 'win32') return;
      if (signal === 'SIGINT' && process.stdin.isTTY) return;
      try {
        child.kill(signal);
      } catch {
        // The child has exited meanwhile: its exit event follows.
      }
    };
    process.on(signal, handler);
    return [signal, handler];
  });
  child = spawn(binary, process.argv.slice(2), { stdio: 'inherit' });
  child.on('error', (err) => {
    fail(`tool-output: cannot run ${binary}: ${err.message}`);
  });
  child.on('exit', (code, signal) => {
    for (const [name, handler] of handlers) process.off(name, handler);
    if (signal) {
      // Die of the same signal, so the caller sees what the binary did;
      // signals Node ignores (SIGPIPE) end with the shell's 128+N instead.
      process.kill(process.pid, signal);
      const number = require('node:os').constants.signals[signal] ?? 0;
      setTimeout(() => process.exit(128 + number), 100);
      return;
    }
    process.exit(code ?? 1);
  });
}

main();
