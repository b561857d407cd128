// Tests of the npm launcher (npm/tool-output/bin/tool-output.js) with stand-in
// binaries (shell scripts through TOOL_OUTPUT_BINARY_PATH): arguments and
// exit codes pass through, signals are passed on, a child's death by signal
// is the launcher's, and a platform with no package, or with its package
// missing, gets a clear message and exit 1. `.ci/package` runs it; the real
// binary through npx is tested there.
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import test from 'node:test';
import { fileURLToPath } from 'node:url';

const launcher = join(dirname(fileURLToPath(import.meta.url)), '..', 'tool-output', 'bin', 'tool-output.js');
const scratch = mkdtempSync(join(tmpdir(), 'tool-output-launcher-'));

/** A stand-in binary: a shell script with `body`. */
function standIn(name, body) {
  const file = join(scratch, name);
  writeFileSync(file, `#!/bin/sh\n${body}\n`);
  chmodSync(file, 0o755);
  return file;
}

function run(args, env = {}, nodeArgs = []) {
  return spawnSync(process.execPath, [...nodeArgs, launcher, ...args], {
    env: { ...process.env, TOOL_OUTPUT_BINARY_PATH: '', ...env },
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

test('arguments, stdout and the exit code pass through', () => {
  const bin = standIn('echo-exit', 'printf "%s|" "$@"; exit 7');
  const r = run(['mcp', 'proxy', '--', 'a b', ''], { TOOL_OUTPUT_BINARY_PATH: bin });
  assert.equal(r.stdout, 'mcp|proxy|--|a b||');
  assert.equal(r.status, 7);
});

test('a binary killed by a signal kills the launcher with the same signal', () => {
  const bin = standIn('self-kill', 'kill -TERM $$; exit 98');
  const r = run([], { TOOL_OUTPUT_BINARY_PATH: bin });
  assert.equal(r.signal, 'SIGTERM');
  assert.equal(r.status, null);
});

for (const [signal, code] of [['SIGTERM', 43], ['SIGINT', 42], ['SIGHUP', 44]]) {
  test(`${signal} sent to the launcher reaches the binary (stdin not a terminal)`, async () => {
    const bin = standIn(`trap-${signal}`, `trap 'exit 42' INT; trap 'exit 43' TERM; trap 'exit 44' HUP; echo ready; i=0; while [ $i -lt 100 ]; do sleep 0.05; i=$((i+1)); done; exit 99`);
    const child = spawn(process.execPath, [launcher], {
      env: { ...process.env, TOOL_OUTPUT_BINARY_PATH: bin },
      stdio: ['pipe', 'pipe', 'ignore'],
    });
    // The stand-in ends by itself after ~5 s (exit 99), so a launcher that
    // does not pass the signal on fails this test instead of hanging it.
    await new Promise((resolve) => child.stdout.once('data', resolve));
    child.kill(signal);
    const [status, got] = await new Promise((resolve) => child.on('exit', (c, s) => resolve([c, s])));
    assert.equal(got, null, `the launcher died of ${got} instead of exiting as the binary did`);
    assert.equal(status, code);
  });
}

test('a binary that cannot be run: one line and exit 1', () => {
  const r = run([], { TOOL_OUTPUT_BINARY_PATH: join(scratch, 'missing') });
  assert.equal(r.status, 1);
  assert.match(r.stderr, /^tool-output: cannot run .*missing: .*ENOENT/);
});

test('a platform no package fits: says which it is, which packages exist, and the other ways', () => {
  const preload = join(scratch, 'riscv.cjs');
  writeFileSync(preload, "Object.defineProperty(process, 'arch', { value: 'riscv64' });\n");
  const r = run(['--version'], {}, ['--require', preload]);
  assert.equal(r.status, 1);
  assert.equal(r.stdout, '');
  assert.match(r.stderr, new RegExp(`no npm package of tool-output holds a binary for this platform: ${process.platform} riscv64`));
  for (const pkg of ['tool-output-linux-x64', 'tool-output-linux-arm64', 'tool-output-darwin-x64', 'tool-output-darwin-arm64', 'tool-output-win32-x64']) {
    assert.ok(r.stderr.includes(pkg), `the message names ${pkg}`);
  }
  assert.match(r.stderr, /pip install tool-output/);
  assert.match(r.stderr, /cargo install tool-output/);
});

test('the fitting package not installed: names it and why it may be missing', { skip: !['linux', 'darwin', 'win32'].includes(process.platform) }, () => {
  // From its place in the repository the launcher finds no platform package.
  const r = run(['--version']);
  assert.equal(r.status, 1);
  assert.match(r.stderr, /whose binary is in the package tool-output-[a-z0-9]+-[a-z0-9]+, but it is not installed/);
  assert.match(r.stderr, /--omit=optional/);
  assert.match(r.stderr, /pip install tool-output/);
});
