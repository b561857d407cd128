// Session archives in Node (sync build): a round trip answers the same, byte
// for byte; hostile archives are refused whole and change nothing (the cases
// of host/tests/all/archive.rs); and the real CLI reads what the package
// writes and the other way round (env TOOL_OUTPUT_BIN; web/ci.sh sets it).
//   node --test test/archive.test.mjs      (after `node scripts/build.mjs <wasm>`)
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { before, test } from 'node:test';
import { ToolOutput } from '../src/index.js';
import { readTar } from '../src/tar.js';
import { CLI, answers, cli, cliAnswers, cliRoot, pack, twoOutputs, zstdBomb, zstdHugeWindow, zstdStored } from './archive-kit.mjs';
import { makeLog } from './fixtures.mjs';

const outputs = twoOutputs();
let source; // a session with the two outputs stored
let handles;
let archive; // its export

const fresh = () => ToolOutput.create({ build: 'sync' });
const utf8 = new TextEncoder();

before(async () => {
  source = await fresh();
  handles = [];
  for (const [tool, output] of [['bash', outputs[0]], ['api', outputs[1]]]) {
    const s = await source.store(tool, '{}', output, { maxInlineBytes: 4096 });
    assert.equal(s.stored, true);
    handles.push(s.handle);
  }
  archive = await source.exportArchive();
});

/** The session's files: name → bytes. */
const snapshot = (to) => new Map(to.fs.list().sort().map((n) => [n, to.fs.bytes(n)]));

test('a session exported and imported into a fresh one answers the same, byte for byte', async () => {
  const members = [...readTar(archive)];
  assert.equal(members[0].name, 'manifest.json');
  const manifest = JSON.parse(new TextDecoder().decode(members[0].data));
  assert.equal(manifest.format, 'tool-output-archive');
  assert.equal(manifest.version, 1);
  assert.deepEqual(manifest.handles.map((h) => h.handle), [...handles].sort());
  // Per handle: the original, the view, the index, the sidecar last.
  const order = members.slice(1).map((m) => m.name.slice(37));
  assert.deepEqual(order.slice(0, 4), ['orig', order[1], 'idx', 'meta.json']);

  const copy = await fresh();
  const r = await copy.importArchive(archive);
  assert.deepEqual(r.handles, [...handles].sort());
  assert.deepEqual(r.replaced, []);
  assert.equal(r.session, 'web');
  assert.equal(r.bytes, manifest.handles.flatMap((h) => h.files).reduce((n, f) => n + f.size, 0));
  for (const [i, h] of handles.entries()) {
    assert.deepEqual(await answers(copy, h), await answers(source, h), h);
    assert.deepEqual(copy.fs.bytes(`${h}.orig`), utf8.encode(outputs[i]), 'the original, byte for byte');
  }
  assert.deepEqual(await copy.list(), await source.list());
  // Exporting the copy gives the same archive: files are carried, not rebuilt.
  assert.deepEqual(await copy.exportArchive(), archive);
});

test('export of chosen handles only; an unknown handle is refused', async () => {
  const one = await source.exportArchive({ handles: [` ${handles[1]} `, handles[1]], session: 'chosen' });
  const names = [...readTar(one)].map((m) => m.name);
  assert.equal(names.length, 1 + 4);
  assert.ok(names.slice(1).every((n) => n.startsWith(handles[1])), names.join(' '));
  assert.equal(JSON.parse(new TextDecoder().decode([...readTar(one)][0].data)).session, 'chosen');
  await assert.rejects(source.exportArchive({ handles: ['00000000-0000-4000-8000-000000000000'] }), /"00000000-0000-4000-8000-000000000000" is not stored in this session/);
  await assert.rejects(source.exportArchive({ handles: handles[0] }), /`handles` is a list of handle ids/);
  // An incomplete handle (no sidecar: a store cut short) is not exported.
  const partial = await fresh();
  partial.fs.write('0b7d7e0c-6c1e-4b6e-9a8e-3f0f1b2a4c5d.orig', utf8.encode('half'));
  assert.deepEqual([...readTar(await partial.exportArchive())].map((m) => m.name), ['manifest.json']);
});

test('an existing handle stops the whole import unless replace', async () => {
  const b = await fresh();
  await b.importArchive(await source.exportArchive({ handles: [handles[1]] }));
  const before = snapshot(b);
  await assert.rejects(b.importArchive(archive), (e) => {
    assert.equal(e.code, 'exists');
    assert.match(e.message, new RegExp(`handle ${handles[1]} already exists in the session .*replace.*nothing was imported`));
    return true;
  });
  assert.deepEqual(snapshot(b), before, 'the other handle was not imported either');
  const r = await b.importArchive(archive, { replace: true });
  assert.deepEqual(r.replaced, [handles[1]]);
  assert.deepEqual(r.handles.length, 2);
  assert.deepEqual(await answers(b, handles[0]), await answers(source, handles[0]));
});

test('a tar.zst imports as the tar does', async () => {
  const b = await fresh();
  const r = await b.importArchive(zstdStored(archive));
  assert.deepEqual(r.handles, [...handles].sort());
  assert.deepEqual(await answers(b, handles[1]), await answers(source, handles[1]));
});

test('hostile archives are refused whole and change nothing', async () => {
  const members = [...readTar(archive)].map((m) => ({ name: m.name, data: Buffer.from(m.data) }));
  const orig = (i) => `${handles[i]}.orig`;
  const at = (name) => members.findIndex((m) => m.name === name);
  const copy = () => members.map((m) => ({ ...m, data: Buffer.from(m.data) }));
  const editManifest = (m, edit) => {
    const v = JSON.parse(m[0].data);
    edit(v);
    m[0].data = Buffer.from(JSON.stringify(v));
    return m;
  };
  const plain = pack(members);
  const cases = [];
  const add = (what, bytes, expected, opts) => cases.push({ what, bytes, expected, opts });
  add('path traversal', pack([...copy(), { name: '../escape', data: Buffer.from('x') }]), 'not in the manifest');
  add('absolute path', pack([...copy(), { name: '/tmp/absolute', data: Buffer.from('x') }]), 'not in the manifest');
  let m = copy();
  m[at(orig(0))] = { name: orig(0), type: '2', data: Buffer.alloc(0) };
  add('symlink member', pack(m), 'symbolic link');
  m = copy();
  m[at(orig(0))].type = '1';
  m[at(orig(0))].data = Buffer.alloc(0);
  add('hard link member', pack(m), 'hard link');
  m = copy();
  m.splice(at(orig(0)), 0, { name: '././@LongLink', type: 'L', data: Buffer.from(`${orig(0)}\0`) });
  add('GNU long-name record', pack(m), 'long-name or pax record');
  m = copy();
  m.splice(at(orig(1)) + 1, 0, copy()[at(orig(1))]);
  add('duplicate member', pack(m), 'twice');
  m = copy();
  m[at(orig(1))].data[10] ^= 1;
  add('changed bytes', pack(m), 'checksum');
  m = copy();
  m[at(orig(1))].data = Buffer.concat([m[at(orig(1))].data, Buffer.from('x')]);
  add('member longer than the manifest says', pack(m), 'the manifest says');
  add('manifest names a path', pack(editManifest(copy(), (v) => (v.handles[0].files[0].name = '../../x.orig'))), 'is not a file of handle');
  add('manifest names another handle\'s file', pack(editManifest(copy(), (v) => (v.handles[0].files[0].name = v.handles[1].files[0].name))), 'is not a file of handle');
  add('manifest claims a petabyte', pack(editManifest(copy(), (v) => (v.handles[0].files[0].size = 2 ** 50))), 'limit');
  add('future version', pack(editManifest(copy(), (v) => (v.version = 9))), 'version 9');
  add('not our format', pack(editManifest(copy(), (v) => (v.format = 'other'))), 'not a tool-output archive');
  add('unknown manifest field', pack(editManifest(copy(), (v) => (v.extra = 1))), 'unknown field "extra"');
  add('a handle without its sidecar', pack(editManifest(copy(), (v) => v.handles[0].files.pop())), 'has no meta.json file');
  m = copy();
  [m[0], m[1]] = [m[1], m[0]];
  add('manifest not first', pack(m), 'does not start with manifest.json');
  add('a second manifest', pack([...copy(), copy()[0]]), 'second manifest.json');
  add('member missing', pack(copy().filter((x) => x.name !== orig(1))), 'missing');
  add('truncated', plain.subarray(0, plain.length / 2), 'truncated');
  add('not an archive', utf8.encode('hello, this is text\n'.repeat(100)), 'not a tar archive');
  add('empty', new Uint8Array(0), 'empty');
  add('truncated zstd', zstdStored(plain).subarray(0, zstdStored(plain).length - 20), 'truncated');
  add('zstd bomb', zstdBomb(200), 'decompresses to more than', { limits: { maxTotalBytes: 1 << 20 } });
  add('zstd window of 1 GiB', zstdHugeWindow(), 'zstd window');
  add('over the member limit', plain, 'over the 1000-byte limit', { limits: { maxMemberBytes: 1000 } });

  for (const { what, bytes, expected, opts } of cases) {
    // A session with one output already in it: it must stay as it is.
    const b = await fresh();
    const existing = await b.store('bash', '{}', makeLog(50_000).text, { maxInlineBytes: 1024 });
    const before = snapshot(b);
    const said = await b.importArchive(bytes, opts).then(
      () => assert.fail(`${what}: imported`),
      (e) => e.message,
    );
    assert.ok(said.includes(expected), `${what}: ${said}`);
    assert.ok(said.endsWith('(nothing was imported)'), `${what}: ${said}`);
    assert.ok(!said.includes('panicked'), `${what}: ${said}`);
    assert.deepEqual(snapshot(b), before, what);
    assert.match(await b.read(existing.handle, 1, 2), /^1: /, what);
  }
});

test('a quota the archive does not fit refuses it whole', async () => {
  const b = await ToolOutput.create({ build: 'sync', quotaBytes: archive.length / 2 });
  await assert.rejects(b.importArchive(archive), (e) => e.code === 'quota-exceeded' && /quota.*nothing was imported/.test(e.message));
  assert.deepEqual(b.fs.list(), []);
});

// ---- interop with the real CLI

const skipCli = CLI ? false : 'TOOL_OUTPUT_BIN is not set to a tool-output binary: CLI interop not tested';
if (skipCli) console.log(`SKIPPED (CLI interop): ${skipCli}`);

test('the CLI imports a web export and answers the same; its export is the same bytes', { skip: skipCli }, async () => {
  const root = cliRoot();
  const said = cli(root, 'web', ['--json', 'import', '-'], archive).toString();
  assert.deepEqual(JSON.parse(said).handles, [...handles].sort());
  for (const h of handles) assert.deepEqual(cliAnswers(root, 'web', h), await answers(source, h), h);
  // The CLI exports what it imported byte for byte as the package wrote it
  // (same session name): one format, one layout.
  assert.deepEqual(new Uint8Array(cli(root, 'web', ['export', '-o', '-'])), archive);
});

test('the web imports a CLI export, plain and --zstd, and answers the same', { skip: skipCli }, async () => {
  const root = cliRoot();
  const stored = outputs.map((output) => JSON.parse(cli(root, 'work', ['--json', 'store', '--tool', 't'], output).toString()).handle);
  for (const flags of [[], ['--zstd']]) {
    const path = join(root, `s.tar${flags.length ? '.zst' : ''}`);
    cli(root, 'work', ['export', '-o', path, ...flags]);
    const bytes = readFileSync(path);
    assert.equal(bytes[0] === 0x28 && bytes[1] === 0xb5, flags.length > 0, 'zstd only when asked');
    const b = await fresh();
    const r = await b.importArchive(bytes);
    assert.deepEqual(r.handles, [...stored].sort());
    assert.equal(r.session, 'work');
    for (const [i, h] of stored.entries()) {
      assert.deepEqual(await answers(b, h), cliAnswers(root, 'work', h), `${flags}: ${h}`);
      assert.deepEqual(b.fs.bytes(`${h}.orig`), utf8.encode(outputs[i]));
    }
    // And back: the package's export of it is the CLI's plain export.
    const plain = flags.length ? readFileSync(join(root, 's.tar')) : bytes;
    assert.deepEqual(await b.exportArchive({ session: 'work' }), new Uint8Array(plain));
  }
});
