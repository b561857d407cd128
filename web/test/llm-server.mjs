// A scripted OpenAI-compatible Chat Completions server for the tests
// (loopback only). It answers every request inside the engine's final-report
// wrapper, reading the nonce from the system prompt, and records what it got.
import { createServer } from 'node:http';

const CORS = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'POST, OPTIONS',
  'access-control-allow-headers': 'content-type, authorization',
  'access-control-max-age': '600',
};

/**
 * @param {object} [opts]
 * @param {(req: object, i: number) => string} [opts.answer] the report text
 * @param {(req: object, i: number) => ({status: number, body: string, headers?: object}|undefined)} [opts.fail]
 */
export function startLlmServer(opts = {}) {
  const requests = [];
  const preflights = [];
  const answer = opts.answer ?? (() => 'SCRIPTED ANSWER: the database connection to shard-7 was refused (errno 111).');
  const server = createServer((req, res) => {
    if (req.method === 'OPTIONS') {
      preflights.push({ url: req.url, headers: req.headers });
      res.writeHead(204, CORS).end();
      return;
    }
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      const i = requests.length;
      let json;
      try {
        json = JSON.parse(body);
      } catch {
        json = null;
      }
      requests.push({ method: req.method, url: req.url, headers: req.headers, body: json });
      const failure = opts.fail?.(json, i);
      if (failure) {
        res.writeHead(failure.status, { 'content-type': 'application/json', ...CORS, ...failure.headers }).end(failure.body);
        return;
      }
      if (req.method !== 'POST' || !req.url.endsWith('/chat/completions') || !json) {
        res.writeHead(404, { 'content-type': 'application/json', ...CORS }).end('{"error":{"message":"not here"}}');
        return;
      }
      const system = json.messages?.find((m) => m.role === 'system')?.content ?? '';
      const nonce = /<ai-agent-([0-9A-Za-z]+)-FINAL/.exec(system)?.[1] ?? 'missing';
      const text = `<ai-agent-${nonce}-FINAL format="text">\n${answer(json, i)}\n</ai-agent-${nonce}-FINAL>`;
      res.writeHead(200, { 'content-type': 'application/json', ...CORS }).end(
        JSON.stringify({
          id: `chatcmpl-${i}`,
          object: 'chat.completion',
          model: json.model,
          choices: [{ index: 0, message: { role: 'assistant', content: text }, finish_reason: 'stop' }],
          usage: { prompt_tokens: 1000 + i, completion_tokens: 20 },
        }),
      );
    });
  });
  return new Promise((ok, fail) => {
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () =>
      ok({ server, requests, preflights, baseUrl: `http://127.0.0.1:${server.address().port}/v1` }),
    );
  });
}
