// Test inputs shared by the Node and browser tests.

export const ERROR_LINE = 'ERROR database connection refused: shard-7 at 10.0.0.7:5432 (errno 111)';

/**
 * A service log of at least `size` bytes (ASCII, newline-separated, no final
 * newline) with ERROR_LINE buried in the middle. Returns the text, its line
 * count and the 1-based number of the error line.
 */
export function makeLog(size = 1 << 20) {
  const lines = [];
  let bytes = 0;
  for (let i = 0; bytes < size; i++) {
    const ss = String(i % 60).padStart(2, '0');
    const line = `2025-06-01T12:${String(Math.floor(i / 60) % 60).padStart(2, '0')}:${ss}Z INFO worker-${i % 16} processed request id=${100000 + i} status=200 in ${i % 97} ms`;
    lines.push(line);
    bytes += line.length + 1;
  }
  const errorLineNo = Math.floor(lines.length / 2) + 1;
  lines[errorLineNo - 1] = ERROR_LINE;
  return { text: lines.join('\n'), lines: lines.length, errorLineNo, first: lines[0], last: lines.at(-1) };
}

/** The three fixed lines that open every handle message (guest/src/message.rs). */
export function headerLines({ bytes, lines, tokens, handle }) {
  return [
    `Tool output is too large (${bytes} bytes, ${lines} lines, ${tokens} tokens).`,
    `Call tool_output(handle = "${handle}", extract = "what to extract").`,
    'Provide precise and detailed instructions in `extract` about what you are looking for.',
  ];
}

export const STORED_LINE =
  'The full output is stored: do not run the tool again; call tool_output with this handle to get any part of it.';

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export const NO_LLM_WARNING = 'WARNING: tool_output fallback to lexical (no LLM is configured).';
