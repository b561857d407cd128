// How the JS host's imports fail: a `result<_, E>` import throws an Error
// whose own `payload` property is the WIT variant value; jco lowers it into
// `err(E)`.

/** Throw-able error for a `result` import: `payload` is the WIT error value. */
export function witError(tag, val) {
  const payload = val === undefined ? { tag } : { tag, val };
  const e = new Error(val === undefined ? tag : `${tag}: ${String(val)}`);
  e.payload = payload;
  return e;
}
