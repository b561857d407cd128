// The ustar container of session archives (src/archive.js), written and
// read by hand: the header is a fixed 512-byte block, and import must see
// every member as it is (its type flag, its raw name, its declared size) to
// refuse what the CLI refuses — links, devices, pax and GNU long-name
// records are members like any other, never interpreted. A tar package
// would resolve those for us, which is exactly what a hostile archive wants.

const BLOCK = 512;
const latin1 = new TextDecoder('latin1');
const ascii = new TextEncoder();

/** What a type flag is, in words (as the CLI says it). */
const KINDS = {
  1: 'hard link',
  2: 'symbolic link',
  3: 'device',
  4: 'device',
  5: 'directory',
  6: 'FIFO',
  L: 'long-name or pax record',
  K: 'long-name or pax record',
  x: 'long-name or pax record',
  g: 'long-name or pax record',
};

/**
 * The archive's bytes for `members` (`{name, bytes}`, ASCII names ≤ 100 bytes):
 * regular files, mode 0600, mtime 0, laid out byte for byte as the CLI's
 * exporter (the tar crate's ustar header) lays them out.
 */
export function writeTar(members) {
  let size = 2 * BLOCK;
  for (const m of members) size += BLOCK + Math.ceil(m.bytes.length / BLOCK) * BLOCK;
  const out = new Uint8Array(size); // zero-filled: padding and the two end blocks
  let at = 0;
  for (const m of members) {
    out.set(header(m.name, m.bytes.length), at);
    out.set(m.bytes, at + BLOCK);
    at += BLOCK + Math.ceil(m.bytes.length / BLOCK) * BLOCK;
  }
  return out;
}

function header(name, size) {
  const h = new Uint8Array(BLOCK);
  const put = (offset, text) => h.set(ascii.encode(text), offset);
  if (!/^[\x21-\x7e]{1,100}$/.test(name)) throw new Error(`cannot write member name ${JSON.stringify(name)} into a ustar header`);
  put(0, name);
  put(100, '0000600\0'); // mode
  // uid, gid, owner names: left zero (as the CLI's tar writer leaves them)
  put(124, size.toString(8).padStart(11, '0') + '\0');
  put(136, '00000000000\0'); // mtime: reproducible archives
  put(148, '        '); // the checksum counts itself as spaces
  put(156, '0'); // regular file
  put(257, 'ustar\0');
  put(263, '00');
  const sum = h.reduce((a, b) => a + b, 0);
  put(148, sum.toString(8).padStart(7, '0') + '\0');
  return h;
}

/**
 * The members of a tar archive, in order: `{name, kind, size, data}` where
 * `kind` is null for a regular file, else what the member is in words, and
 * `data` is a view of the bytes. Stops at the end-of-archive block or at the
 * end of the bytes on a block boundary. Throws on a corrupt or truncated archive.
 */
export function* readTar(bytes) {
  let at = 0;
  for (let index = 0; at + BLOCK <= bytes.length; index++) {
    const h = bytes.subarray(at, at + BLOCK);
    if (h.every((b) => b === 0)) return;
    if (!checksumOk(h)) {
      throw new Error(index === 0 ? 'it is not a tar archive (its first block is not a tar header)' : `the archive is truncated or corrupt (the header of member ${index + 1} is damaged)`);
    }
    const name = field(h, 0, 100);
    const prefix = latin1.decode(h.subarray(257, 262)) === 'ustar' ? field(h, 345, 155) : '';
    const fullName = prefix ? `${prefix}/${name}` : name;
    const size = octal(h.subarray(124, 136), fullName);
    const flag = String.fromCharCode(h[156]);
    const kind = flag === '0' || flag === '\0' ? null : (KINDS[flag] ?? 'special member');
    const start = at + BLOCK;
    if (start + size > bytes.length) {
      throw new Error(`the archive is truncated (member ${JSON.stringify(fullName)} ends after ${Math.max(0, bytes.length - start)} of ${size} bytes)`);
    }
    yield { name: fullName, kind, size, data: bytes.subarray(start, start + size) };
    at = start + Math.ceil(size / BLOCK) * BLOCK;
  }
  if (at < bytes.length) throw new Error('the archive is truncated (it ends inside a header block)');
}

function field(h, offset, len) {
  const raw = h.subarray(offset, offset + len);
  const end = raw.indexOf(0);
  return latin1.decode(end < 0 ? raw : raw.subarray(0, end));
}

function octal(raw, name) {
  if (raw[0] & 0x80) throw new Error(`member ${JSON.stringify(name)} has a base-256 size (over 8 GiB): too large to import here`);
  const text = latin1.decode(raw).replace(/[\0 ]+$/, '').replace(/^ +/, '');
  if (!/^[0-7]{1,12}$/.test(text)) throw new Error(`the archive is corrupt (member ${JSON.stringify(name)} has no valid size)`);
  return Number.parseInt(text, 8);
}

function checksumOk(h) {
  const stored = latin1.decode(h.subarray(148, 156)).replace(/[\0 ]+$/, '').replace(/^ +/, '');
  if (!/^[0-7]{1,8}$/.test(stored)) return false;
  let sum = 0;
  for (let i = 0; i < BLOCK; i++) sum += i >= 148 && i < 156 ? 32 : h[i];
  return sum === Number.parseInt(stored, 8);
}
