// Drive an MCP server over stdio with the official TypeScript SDK
// (`@modelcontextprotocol/sdk`): the same steps and report as client.py, so
// the proxy is checked against both official clients.
//
//     node client.mjs STEPS_JSON -- COMMAND [ARGS...]
//
// Steps: {"op": "list_tools"} | {"op": "call", "name": N, "args": {...}}
//   | {"op": "read_resource", "uri": U} | {"op": "list_resources"} | {"op": "ping"}
// "$handle" / "$uri" in a step are replaced by the first handle / tool-output://
// URI of the latest result that had one. Prints one JSON object:
// {"initialize": {...}, "results": [...]}, each result as the SDK parsed it,
// or {"error": {"code", "message"}}.

import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";

const HANDLE = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/;
const URI = /tool-output:\/\/[0-9a-f-]{36}/;

function substitute(value, seen) {
  if (typeof value === "string") {
    for (const [key, found] of Object.entries(seen)) {
      value = value.replaceAll("$" + key, found);
    }
    return value;
  }
  if (Array.isArray(value)) return value.map((v) => substitute(v, seen));
  if (value && typeof value === "object") {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, substitute(v, seen)]));
  }
  return value;
}

async function step(client, op) {
  switch (op.op) {
    case "list_tools":
      return client.listTools();
    case "call":
      return client.callTool({ name: op.name, arguments: op.args ?? {} });
    case "read_resource":
      return client.readResource({ uri: op.uri });
    case "list_resources":
      return client.listResources();
    case "ping":
      return client.ping();
    default:
      throw new Error(`unknown step ${op.op}`);
  }
}

const args = process.argv.slice(2);
const steps = JSON.parse(args[0]);
const command = args.slice(args.indexOf("--") + 1);
// The whole environment: the tests pass TMPDIR and the like to the server.
const transport = new StdioClientTransport({
  command: command[0],
  args: command.slice(1),
  env: process.env,
});
const client = new Client({ name: "tool-output-tests", version: "1.0.0" });
await client.connect(transport);
const out = {
  initialize: {
    serverInfo: client.getServerVersion(),
    capabilities: client.getServerCapabilities(),
  },
  results: [],
};
const seen = {};
for (const raw of steps) {
  let result;
  try {
    result = await step(client, substitute(raw, seen));
  } catch (e) {
    // The test asserts on it.
    result = { error: { code: e.code, message: e.message } };
  }
  const text = JSON.stringify(result);
  for (const [key, pattern] of [["handle", HANDLE], ["uri", URI]]) {
    const found = text.match(pattern);
    if (found) seen[key] = found[0];
  }
  out.results.push(result);
}
await client.close();
process.stdout.write(JSON.stringify(out));
