// `tool-output:core/session-fs` for JavaScript hosts: a flat in-memory
// directory (name → bytes), optionally written behind to IndexedDB so
// handles survive a page reload. Synchronous, as the interface is.

import { witError } from './wit-error.js';

/** Same rule as the native host: 1–128 of `A-Z a-z 0-9 . _ -`, no leading dot. */
const NAME = /^[A-Za-z0-9_-][A-Za-z0-9._-]{0,127}$/;

/** Whether `name` is a file name a session may hold (the rule above; archives use it too). */
export const isSessionName = (name) => typeof name === 'string' && NAME.test(name);

/** Largest read served at once (the interface asks for at least 1 MiB). */
const MAX_READ = 16 << 20;

const DB_VERSION = 1;
const STORE = 'files';

export class SessionFs {
  /**
   * @param {object} [opts]
   * @param {boolean|string} [opts.persist] write behind to IndexedDB; a string names the database
   *   (default `tool-output`). Call `await restore()` before the engine's first call.
   * @param {number} [opts.quotaBytes] refuse writes past this many bytes in all (`quota-exceeded`).
   * @param {(err: Error) => void} [opts.onPersistError]
   */
  constructor(opts = {}) {
    /** @type {Map<string, {buf: Uint8Array, len: number}>} */
    this.files = new Map();
    this.total = 0;
    this.quotaBytes = opts.quotaBytes ?? Infinity;
    this.dbName = opts.persist ? (typeof opts.persist === 'string' ? opts.persist : 'tool-output') : null;
    this.onPersistError = opts.onPersistError ?? ((e) => console.warn('tool-output: IndexedDB write failed:', e));
    this.db = null;
    this.dirty = new Set();
    this.flushing = null;
    this.lastPersistError = null;
    // The import object: plain functions bound to this directory.
    this.imports = {
      write: (name, data) => this.write(name, data),
      append: (name, data) => this.append(name, data),
      read: (name, offset, len) => this.read(name, offset, len),
      size: (name) => this.size(name),
      rename: (from, to) => this.rename(from, to),
      remove: (name) => this.remove(name),
      list: () => this.list(),
    };
  }

  static check(name) {
    if (!isSessionName(name)) throw witError('invalid-name', String(name));
  }

  #get(name) {
    SessionFs.check(name);
    const f = this.files.get(name);
    if (!f) throw witError('not-found', name);
    return f;
  }

  #reserve(extra) {
    if (this.total + extra > this.quotaBytes) throw witError('quota-exceeded');
  }

  write(name, data) {
    SessionFs.check(name);
    const old = this.files.get(name);
    this.#reserve(data.length - (old ? old.len : 0));
    const buf = new Uint8Array(data); // a copy: never keep a view of wasm memory
    this.total += buf.length - (old ? old.len : 0);
    this.files.set(name, { buf, len: buf.length });
    this.#touch(name);
  }

  append(name, data) {
    SessionFs.check(name);
    this.#reserve(data.length);
    let f = this.files.get(name);
    if (!f) {
      f = { buf: new Uint8Array(Math.max(data.length, 64)), len: 0 };
      this.files.set(name, f);
    }
    if (f.len + data.length > f.buf.length) {
      const grown = new Uint8Array(Math.max(f.len + data.length, f.buf.length * 2));
      grown.set(f.buf.subarray(0, f.len));
      f.buf = grown;
    }
    f.buf.set(data, f.len);
    f.len += data.length;
    this.total += data.length;
    this.#touch(name);
  }

  read(name, offset, len) {
    const f = this.#get(name);
    const start = Math.min(Number(offset), f.len);
    const end = Math.min(f.len, start + Math.min(Number(len), MAX_READ));
    return f.buf.subarray(start, end); // jco copies it into wasm memory
  }

  size(name) {
    return BigInt(this.#get(name).len);
  }

  rename(from, to) {
    SessionFs.check(to);
    const f = this.#get(from);
    if (from === to) return;
    const old = this.files.get(to);
    if (old) this.total -= old.len;
    this.files.delete(from);
    this.files.set(to, f);
    this.#touch(from);
    this.#touch(to);
  }

  remove(name) {
    const f = this.#get(name);
    this.files.delete(name);
    this.total -= f.len;
    this.#touch(name);
  }

  list() {
    return [...this.files.keys()];
  }

  /** The bytes of a file (a copy), or undefined. */
  bytes(name) {
    const f = this.files.get(name);
    return f ? f.buf.slice(0, f.len) : undefined;
  }

  // ---- write-behind to IndexedDB

  /** Open the database and load the stored files (replacing what is in memory). */
  async restore() {
    if (!this.dbName) return 0;
    if (typeof indexedDB === 'undefined') throw new Error('persist needs IndexedDB (a browser)');
    this.db ??= await openDb(this.dbName);
    const entries = await new Promise((resolve, reject) => {
      const tx = this.db.transaction(STORE, 'readonly');
      const store = tx.objectStore(STORE);
      const keys = store.getAllKeys();
      const values = store.getAll();
      tx.oncomplete = () => resolve(keys.result.map((k, i) => [k, values.result[i]]));
      tx.onerror = () => reject(tx.error);
    });
    this.files.clear();
    this.total = 0;
    for (const [name, value] of entries) {
      const buf = value instanceof Uint8Array ? value : new Uint8Array(value);
      this.files.set(name, { buf, len: buf.length });
      this.total += buf.length;
    }
    return entries.length;
  }

  #touch(name) {
    if (!this.dbName) return;
    this.dirty.add(name);
    if (!this.flushing) this.flushing = new Promise((r) => setTimeout(r, 0)).then(() => this.#flush());
  }

  async #flush() {
    try {
      this.db ??= await openDb(this.dbName);
      while (this.dirty.size) {
        const names = [...this.dirty];
        this.dirty.clear();
        await new Promise((resolve, reject) => {
          const tx = this.db.transaction(STORE, 'readwrite');
          const store = tx.objectStore(STORE);
          for (const name of names) {
            const f = this.files.get(name);
            // The current content at flush time: a burst of appends is one put.
            if (f) store.put(f.buf.slice(0, f.len), name);
            else store.delete(name);
          }
          tx.oncomplete = resolve;
          tx.onerror = () => reject(tx.error);
          tx.onabort = () => reject(tx.error ?? new Error('IndexedDB transaction aborted'));
        });
      }
    } catch (e) {
      this.lastPersistError = e;
      this.onPersistError(e);
    } finally {
      this.flushing = null;
      if (this.dirty.size) this.#touch([...this.dirty][0]);
    }
  }

  /** Resolves when every write so far has reached IndexedDB. */
  async persisted() {
    while (this.flushing) await this.flushing;
  }

  /** Delete the database (and forget the files in memory). */
  async destroy() {
    await this.persisted();
    this.files.clear();
    this.total = 0;
    if (!this.dbName || typeof indexedDB === 'undefined') return;
    this.db?.close();
    this.db = null;
    await new Promise((resolve, reject) => {
      const r = indexedDB.deleteDatabase(this.dbName);
      r.onsuccess = resolve;
      r.onerror = () => reject(r.error);
      r.onblocked = resolve;
    });
  }
}

function openDb(name) {
  return new Promise((resolve, reject) => {
    const r = indexedDB.open(name, DB_VERSION);
    r.onupgradeneeded = () => r.result.createObjectStore(STORE);
    r.onsuccess = () => resolve(r.result);
    r.onerror = () => reject(r.error);
  });
}
