// Session archives, the CLI's format (host/src/archive/): a plain ustar whose
// first member, `manifest.json`, names the format (`tool-output-archive`,
// version 1), the session and, per handle, each file with its size and
// SHA-256; then per handle `<handle>.orig`, the view (`.txt` / `.json`),
// `.idx` and the sidecar `.meta.json` last. Files are carried, not rebuilt:
// the view and its index are what gave the model its line numbers.
//
// Export writes plain tar. Import reads tar or tar.zst (told apart by the
// zstd magic number) and treats the archive as hostile, as the CLI does:
// every member is checked against the manifest, and nothing is written into
// the session until all of them are verified; then each handle is written
// in one synchronous step, its sidecar last.
import { Decompress } from 'fzstd';
import { isSessionName } from './session-fs.js';
import { readTar, writeTar } from './tar.js';

export const FORMAT = 'tool-output-archive';
/** The only version this package reads and writes. */
export const VERSION = 1;
export const MANIFEST_NAME = 'manifest.json';
/** Largest manifest read (as the CLI): ~2500 handles per MiB. */
const MAX_MANIFEST_BYTES = 4 << 20;
/** A handle's file suffixes in archive order (the sidecar last: it marks a handle complete). */
const SUFFIXES = ['orig', 'txt', 'json', 'idx', 'meta.json'];
const ZSTD_MAGIC = [0x28, 0xb5, 0x2f, 0xfd];
/** Largest zstd window accepted (the CLI's `window_log_max(27)`). */
const MAX_ZSTD_WINDOW = 1 << 27;
/** Tar overhead: a header and up to 511 bytes of padding per member; end blocks and record padding. */
const MEMBER_OVERHEAD = 1024;
const END_OVERHEAD = 20 << 10;

/**
 * Bounds on what an archive may make us hold. The CLI's are 16 GiB a member
 * and 64 GiB in all, streamed to disk; here the archive and the session are
 * in memory, so they are smaller.
 */
export const DEFAULT_LIMITS = Object.freeze({ maxMemberBytes: 1 << 30, maxTotalBytes: 2 ** 31 });

/** A lowercase hyphenated UUID: the only shape a handle has (manifest.rs `is_handle`). */
const HANDLE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const SHA256 = /^[0-9a-f]{64}$/;

/** The handle and suffix of a session file name, or null when it is not a handle's file. */
function splitFileName(name) {
  const handle = name.slice(0, 36);
  const suffix = name.slice(37);
  return name[36] === '.' && HANDLE.test(handle) && SUFFIXES.includes(suffix) ? { handle, suffix } : null;
}

async function sha256(bytes) {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', bytes));
  return Array.from(digest, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** An import refusal: the message says what is wrong and that nothing was imported. */
function refuse(problem, code = 'bad-archive') {
  const err = new Error(`cannot import the archive: ${problem} (nothing was imported)`);
  err.code = code;
  err.problem = problem;
  return err;
}

// ---------------------------------------------------------------- export

/**
 * The archive (plain tar) of `fs`'s complete handles, or of `opts.handles`.
 * @param {import('./host.js').SessionFs} fs
 * @param {{session?: string, handles?: string[]}} [opts]
 * @returns {Promise<{bytes: Uint8Array, manifest: object}>}
 */
export async function exportArchive(fs, { session = 'web', handles } = {}) {
  const found = new Map();
  for (const name of fs.list()) {
    const split = splitFileName(name);
    if (!split) continue; // anything not a handle's file
    if (!found.has(split.handle)) found.set(split.handle, new Set());
    found.get(split.handle).add(split.suffix);
  }
  // Complete handles only: a store writes the sidecar last.
  for (const [handle, suffixes] of found) if (!suffixes.has('orig') || !suffixes.has('meta.json')) found.delete(handle);
  let wanted = [...found.keys()].sort();
  if (handles != null) {
    if (!Array.isArray(handles)) throw new TypeError('exportArchive: `handles` is a list of handle ids');
    wanted = [];
    for (const h of handles) {
      const handle = String(h).trim();
      if (!found.has(handle)) throw new Error(`handle ${JSON.stringify(handle)} is not stored in this session`);
      if (!wanted.includes(handle)) wanted.push(handle);
    }
  }
  const members = [];
  const manifest = { format: FORMAT, version: VERSION, session: String(session), handles: [] };
  for (const handle of wanted) {
    const files = [];
    for (const suffix of SUFFIXES) {
      if (!found.get(handle).has(suffix)) continue;
      const name = `${handle}.${suffix}`;
      const bytes = fs.bytes(name);
      files.push({ name, size: bytes.length, sha256: await sha256(bytes) });
      members.push({ name, bytes });
    }
    manifest.handles.push({ handle, files });
  }
  const text = new TextEncoder().encode(JSON.stringify(manifest, null, 2));
  return { bytes: writeTar([{ name: MANIFEST_NAME, bytes: text }, ...members]), manifest };
}

// ---------------------------------------------------------------- import

/**
 * Restore an archive (tar or tar.zst) into `fs`: all or nothing.
 * @param {import('./host.js').SessionFs} fs
 * @param {Uint8Array|ArrayBuffer|Blob} input
 * @param {{replace?: boolean, limits?: {maxMemberBytes?: number, maxTotalBytes?: number}}} [opts]
 * @returns {Promise<{session: string, handles: string[], replaced: string[], bytes: number}>}
 */
export async function importArchive(fs, input, { replace = false, limits = {} } = {}) {
  const lim = { ...DEFAULT_LIMITS, ...limits };
  let bytes = await toBytes(input);
  if (ZSTD_MAGIC.every((b, i) => bytes[i] === b)) {
    bytes = unzstd(bytes, lim.maxTotalBytes + MAX_MANIFEST_BYTES + END_OVERHEAD + MEMBER_OVERHEAD);
  }
  const verified = await verify(bytes, lim);
  const { manifest } = verified;
  const replaced = conflicts(fs, manifest, replace);
  const freed = replaced.reduce((n, h) => n + handleFiles(fs, h).reduce((m, f) => m + fs.files.get(f).len, 0), 0);
  const total = manifest.handles.reduce((n, h) => n + h.files.reduce((m, f) => m + f.size, 0), 0);
  if (fs.total - freed + total > fs.quotaBytes) {
    throw refuse(`its ${total} bytes do not fit the session's ${fs.quotaBytes}-byte quota (${fs.total} bytes in use)`, 'quota-exceeded');
  }
  // Everything is checked: write each handle, old files gone first, its sidecar last.
  for (const h of manifest.handles) {
    for (const old of handleFiles(fs, h.handle)) fs.remove(old);
    const byName = new Map(h.files.map((f) => [f.name, f]));
    for (const suffix of SUFFIXES) {
      const name = `${h.handle}.${suffix}`;
      if (byName.has(name)) fs.write(name, verified.data.get(name));
    }
  }
  return { session: manifest.session, handles: manifest.handles.map((h) => h.handle), replaced, bytes: total };
}

async function toBytes(input) {
  if (input instanceof Uint8Array) return input;
  if (input instanceof ArrayBuffer) return new Uint8Array(input);
  if (ArrayBuffer.isView(input)) return new Uint8Array(input.buffer, input.byteOffset, input.byteLength);
  if (typeof Blob !== 'undefined' && input instanceof Blob) return new Uint8Array(await input.arrayBuffer());
  throw new TypeError('importArchive takes the archive as a Uint8Array, an ArrayBuffer or a Blob');
}

/** Every member checked against the manifest; the members' bytes by name. */
async function verify(bytes, lim) {
  const members = readTar(bytes);
  const next = () => {
    try {
      return members.next();
    } catch (e) {
      throw refuse(e.message);
    }
  };
  const first = next();
  if (first.done) throw refuse(`the archive is empty (no ${MANIFEST_NAME})`);
  const m = first.value;
  if (m.kind) throw refuse(`member ${JSON.stringify(m.name)} is a ${m.kind}, not a regular file`);
  if (m.name !== MANIFEST_NAME) throw refuse(`the archive does not start with ${MANIFEST_NAME} (first member: ${JSON.stringify(m.name)})`);
  if (m.size > MAX_MANIFEST_BYTES) throw refuse(`the manifest is ${m.size} bytes, over the ${MAX_MANIFEST_BYTES}-byte limit`);
  const manifest = parseManifest(m.data, lim);
  const expected = new Map(manifest.handles.flatMap((h) => h.files.map((f) => [f.name, f])));
  const data = new Map();
  for (let r = next(); !r.done; r = next()) {
    const { name, kind, size } = r.value;
    const shown = JSON.stringify(name);
    if (kind) throw refuse(`member ${shown} is a ${kind}, not a regular file`);
    const file = expected.get(name);
    if (!file) throw refuse(name === MANIFEST_NAME ? `the archive has a second ${MANIFEST_NAME}` : `member ${shown} is not in the manifest`);
    if (data.has(name)) throw refuse(`member ${shown} appears twice`);
    if (size !== file.size) throw refuse(`member ${shown} is ${size} bytes, the manifest says ${file.size}`);
    if ((await sha256(r.value.data)) !== file.sha256) throw refuse(`member ${shown} does not match its checksum in the manifest`);
    data.set(name, r.value.data);
  }
  for (const name of expected.keys()) {
    if (!data.has(name)) throw refuse(`the archive is truncated or incomplete: member ${JSON.stringify(name)} is missing`);
  }
  return { manifest, data };
}

/** Parse and check the manifest as host/src/archive/manifest.rs does. */
function parseManifest(bytes, lim) {
  let v;
  try {
    v = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
  } catch (e) {
    throw refuse(`the manifest is not valid: ${e.message}`);
  }
  const invalid = (what) => refuse(`the manifest is not valid: ${what}`);
  if (!isObject(v)) throw invalid('it is not a JSON object');
  if (v.format !== FORMAT) throw refuse(`not a tool-output archive (format ${JSON.stringify(v.format ?? null)}, expected "${FORMAT}")`);
  if (v.version !== VERSION) throw refuse(`archive format version ${JSON.stringify(v.version ?? null)} is not supported (this package reads version ${VERSION})`);
  onlyKeys(v, ['format', 'version', 'session', 'handles'], 'the manifest', invalid);
  if (typeof v.session !== 'string') throw invalid('"session" is not a string');
  if (!Array.isArray(v.handles)) throw invalid('"handles" is not a list');
  const seen = new Set();
  let total = 0;
  for (const entry of v.handles) {
    if (!isObject(entry)) throw invalid('a handle entry is not an object');
    onlyKeys(entry, ['handle', 'files'], 'a handle entry', invalid);
    if (typeof entry.handle !== 'string' || !HANDLE.test(entry.handle)) throw refuse(`${JSON.stringify(entry.handle ?? null)} in the manifest is not a handle`);
    if (seen.has(entry.handle)) throw refuse(`handle ${entry.handle} is listed twice`);
    seen.add(entry.handle);
    if (!Array.isArray(entry.files)) throw invalid(`the files of ${entry.handle} are not a list`);
    const suffixes = [];
    for (const file of entry.files) {
      if (!isObject(file)) throw invalid(`a file of ${entry.handle} is not an object`);
      onlyKeys(file, ['name', 'size', 'sha256'], 'a file entry', invalid);
      const { name, size } = file;
      const split = typeof name === 'string' && isSessionName(name) ? splitFileName(name) : null;
      if (!split || split.handle !== entry.handle) throw refuse(`member ${JSON.stringify(name ?? null)} is not a file of handle ${entry.handle}`);
      if (suffixes.includes(split.suffix)) throw refuse(`member ${JSON.stringify(name)} is listed twice`);
      suffixes.push(split.suffix);
      if (typeof file.sha256 !== 'string' || !SHA256.test(file.sha256)) throw refuse(`member ${JSON.stringify(name)} has no valid SHA-256`);
      if (!Number.isInteger(size) || size < 0) throw invalid(`the size of ${JSON.stringify(name)} is not a byte count`);
      if (size > lim.maxMemberBytes) throw refuse(`member ${JSON.stringify(name)} is ${size} bytes, over the ${lim.maxMemberBytes}-byte limit`);
      total += size;
    }
    for (const needed of ['orig', 'meta.json']) {
      if (!suffixes.includes(needed)) throw refuse(`handle ${entry.handle} has no ${needed} file`);
    }
  }
  if (total > lim.maxTotalBytes) throw refuse(`the archive holds ${total} bytes, over the ${lim.maxTotalBytes}-byte limit`);
  return v;
}

const isObject = (v) => v !== null && typeof v === 'object' && !Array.isArray(v);

function onlyKeys(obj, keys, what, invalid) {
  for (const k of Object.keys(obj)) if (!keys.includes(k)) throw invalid(`${what} has an unknown field ${JSON.stringify(k)}`);
  for (const k of keys) if (!(k in obj)) throw invalid(`${what} has no field "${k}"`);
}

/** The files of `handle` in the session, the sidecar first (removing it first makes the handle incomplete before it is gone). */
function handleFiles(fs, handle) {
  return SUFFIXES.toReversed()
    .map((s) => `${handle}.${s}`)
    .filter((name) => fs.files.has(name));
}

/** Handles of the manifest the session already has: refused unless `replace`. */
function conflicts(fs, manifest, replace) {
  const present = manifest.handles.map((h) => h.handle).filter((h) => handleFiles(fs, h).length);
  if (present.length && !replace) {
    const more = present.length > 1 ? `, and ${present.length - 1} more` : '';
    throw refuse(`handle ${present[0]} already exists in the session (import with {replace: true} to replace it)${more}`, 'exists');
  }
  return present;
}

// ---------------------------------------------------------------- zstd

/**
 * Decompress a zstd stream (fzstd, pure JS) into at most `cap` bytes. Every
 * frame's window is checked first: fzstd allocates it up front, so a hostile
 * header could ask for gigabytes before a byte is decompressed.
 */
function unzstd(bytes, cap) {
  checkZstdFrames(bytes);
  const chunks = [];
  let total = 0;
  const tooBig = new Error(`the archive decompresses to more than ${cap} bytes (more than any manifest within the limits announces)`);
  const d = new Decompress((chunk) => {
    total += chunk.length;
    if (total > cap) throw tooBig;
    chunks.push(chunk.slice());
  });
  const STEP = 1 << 16;
  try {
    for (let at = 0; at < bytes.length; at += STEP) d.push(bytes.subarray(at, at + STEP), at + STEP >= bytes.length);
  } catch (e) {
    throw e === tooBig ? refuse(e.message) : refuse(`the archive is truncated or corrupt (zstd: ${e.message})`);
  }
  const out = new Uint8Array(total);
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.length;
  }
  return out;
}

/** Walk the frames' headers and blocks: each window within MAX_ZSTD_WINDOW. */
function checkZstdFrames(b) {
  const truncated = () => refuse('the archive is truncated or corrupt (zstd: it ends inside a frame)');
  const u32 = (at) => {
    if (at + 4 > b.length) throw truncated();
    return (b[at] | (b[at + 1] << 8) | (b[at + 2] << 16) | (b[at + 3] << 24)) >>> 0;
  };
  let at = 0;
  while (at < b.length) {
    const magic = u32(at);
    if ((magic & 0xfffffff0) === 0x184d2a50) {
      at += 8 + u32(at + 4); // a skippable frame
      continue;
    }
    if (magic !== 0xfd2fb528) throw refuse('the archive is corrupt (zstd: a frame has no magic number)');
    if (at + 5 > b.length) throw truncated();
    const fhd = b[at + 4];
    const single = (fhd >> 5) & 1;
    const fcsFlag = fhd >> 6;
    let p = at + 5;
    let window = 0;
    if (!single) {
      const wd = b[p++];
      const base = 2 ** (10 + (wd >> 3));
      window = base + (base / 8) * (wd & 7);
    }
    p += [0, 1, 2, 4][fhd & 3]; // dictionary id
    const fcsBytes = [single, 2, 4, 8][fcsFlag];
    if (p + fcsBytes > b.length) throw truncated();
    if (single) {
      let fcs = 0;
      for (let i = fcsBytes - 1; i >= 0; i--) fcs = fcs * 256 + b[p + i];
      window = fcs + (fcsFlag === 1 ? 256 : 0);
    }
    if (window > MAX_ZSTD_WINDOW) throw refuse(`the archive's zstd window is ${window} bytes, over the ${MAX_ZSTD_WINDOW}-byte limit`);
    p += fcsBytes;
    for (let last = 0; !last; ) {
      if (p + 3 > b.length) throw truncated();
      const h = b[p] | (b[p + 1] << 8) | (b[p + 2] << 16);
      last = h & 1;
      const type = (h >> 1) & 3;
      if (type === 3) throw refuse('the archive is corrupt (zstd: a reserved block type)');
      p += 3 + (type === 1 ? 1 : h >>> 3);
    }
    at = p + ((fhd >> 2) & 1) * 4; // content checksum
    if (at > b.length) throw truncated();
  }
}
