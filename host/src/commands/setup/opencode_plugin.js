// tool-output's plugin for opencode, written by `tool-output setup opencode`.
// After opencode's bash tool runs, a large output is stored with
// `tool-output store` and the model gets its handle message instead; the
// model asks for any part of it with the tool_output tools (`mcp serve` on
// the same session). The full output is opencode's own file when it cut the
// output (metadata.outputPath), else the output itself. Anything that goes
// wrong leaves opencode's output as it is. No dependencies: Node's (and
// Bun's) child_process and fs.

import { spawn } from "node:child_process";
import { statSync } from "node:fs";

// The command that runs tool-output: a program and the words before ours.
const TOOL_OUTPUT = ["__TOOL_OUTPUT__"];
const SESSION = "__SESSION__";
// What `store` keeps inline by default; smaller outputs need no process.
const MAX_INLINE_BYTES = 12288;
const TIMEOUT_MS = 120000;
const MAX_ANSWER_BYTES = 64 << 20;
// The most of the call's arguments passed to `store --args`: one argument
// of a command line may not exceed 128 KiB (Linux), and a longer one would
// make the spawn fail (E2BIG). They are only a label for the stored output.
const MAX_ARGS_BYTES = 16 << 10;

// The call's arguments as `--args` takes them, within MAX_ARGS_BYTES.
function argsLabel(args) {
  const text = JSON.stringify(args ?? {});
  if (Buffer.byteLength(text) <= MAX_ARGS_BYTES) return text;
  const command = typeof args?.command === "string" ? args.command : text;
  const kept = Buffer.from(command).subarray(0, MAX_ARGS_BYTES / 2).toString("utf8").replace(/\uFFFD$/, "");
  return JSON.stringify({ command: `${kept}… (${Buffer.byteLength(command)} bytes in all)` });
}

function store(args, input) {
  return new Promise((resolve) => {
    let child;
    try {
      child = spawn(TOOL_OUTPUT[0], [...TOOL_OUTPUT.slice(1), ...args], { stdio: ["pipe", "pipe", "inherit"] });
    } catch (err) {
      console.error(`tool-output: ${err?.message ?? err}; the output is left as it is`);
      return resolve(null);
    }
    const chunks = [];
    let size = 0;
    const timer = setTimeout(() => child.kill(), TIMEOUT_MS);
    child.stdout.on("data", (chunk) => {
      size += chunk.length;
      if (size <= MAX_ANSWER_BYTES) chunks.push(chunk);
    });
    child.on("error", (err) => {
      clearTimeout(timer);
      console.error(`tool-output: ${err?.message ?? err}; the output is left as it is`);
      resolve(null);
    });
    child.on("close", (code) => {
      clearTimeout(timer);
      if (code !== 0 || size > MAX_ANSWER_BYTES) return resolve(null);
      try {
        resolve(JSON.parse(Buffer.concat(chunks).toString("utf8")));
      } catch {
        resolve(null);
      }
    });
    child.stdin.on("error", () => {});
    child.stdin.end(input ?? "");
  });
}

export const ToolOutput = async () => ({
  "tool.execute.after": async (input, output) => {
    try {
      if (input?.tool !== "bash" || typeof output?.output !== "string") return;
      const meta = output.metadata ?? {};
      let file = null;
      if (meta.truncated && typeof meta.outputPath === "string") {
        // A regular file only: never a FIFO or a device.
        if (!statSync(meta.outputPath).isFile()) return;
        file = meta.outputPath;
      } else if (Buffer.byteLength(output.output) <= MAX_INLINE_BYTES) {
        return;
      }
      const args = ["--session", SESSION, "--json", "store", "--tool", "bash",
        "--args", argsLabel(input.args)];
      if (file) args.push("--", file);
      const result = await store(args, file ? null : output.output);
      if (result?.stored === true && typeof result.message === "string") {
        output.output = result.message;
      }
    } catch (err) {
      console.error(`tool-output: ${err?.message ?? err}; the output is left as it is`);
    }
  },
});
