"""An installed tool-output, driven as an agent host would: the official MCP
Python SDK client (tests/mcp/client.py) talks to `<command> mcp proxy` in
front of the official filesystem server, reads a file over 100 KB (the
answer must be the handle message) and asks tool_output about it (the answer
must be a lexical abstract that finds the line planted in the middle).

    target/mcp-venv/bin/python .ci/package-mcp-check.py SCRATCH_DIR -- COMMAND [ARGS...]

COMMAND runs tool-output (a path, or `npx … -- tool-output`). Prints one line
with the time of the whole session; exits 1 with what was wrong.
"""

import json
import os
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(HERE)


def main():
    scratch = sys.argv[1]
    command = sys.argv[sys.argv.index("--") + 1 :]
    files = os.path.join(scratch, "files")
    os.makedirs(files, exist_ok=True)
    big = os.path.join(files, "build.log")
    needle = "error[E0425]: cannot find value `conifg` in this scope (src/main.rs:3121)"
    with open(big, "w") as f:
        for i in range(1, 6001):
            f.write(needle + "\n" if i == 3121 else f"   Compiling crate-{i:04} v0.0.{i} (registry)\n")
    if os.path.getsize(big) <= 100_000:
        sys.exit("package-mcp-check: the test file is not over 100 KB")
    steps = [
        {"op": "call", "name": "read_text_file", "args": {"path": big}},
        {"op": "call", "name": "tool_output", "args": {"handle": "$handle", "extract": "which value cannot be found, and where?", "mode": "lexical"}},
    ]
    server = os.path.join(REPO, "tests", "mcp", "node_modules", ".bin", "mcp-server-filesystem")
    proxy = command + ["--root", os.path.join(scratch, "root"), "mcp", "proxy", "--", server, files]
    start = time.monotonic()
    run = subprocess.run(
        [sys.executable, os.path.join(REPO, "tests", "mcp", "client.py"), json.dumps(steps), "--"] + proxy,
        capture_output=True, text=True, timeout=120,
    )
    seconds = time.monotonic() - start
    if run.returncode != 0:
        sys.exit(f"package-mcp-check: the client failed ({run.returncode}):\n{run.stderr[-3000:]}")
    out = json.loads(run.stdout)
    server_name = out["initialize"].get("serverInfo", {}).get("name", "?")
    texts = [" ".join(c.get("text", "") for c in r.get("content", [])) for r in out["results"]]
    if len(texts) != 2 or "error" in out["results"][0]:
        sys.exit(f"package-mcp-check: unexpected results: {run.stdout[:2000]}")
    first, second = texts
    if not first.startswith("Tool output is too large") and "Tool output is too large" not in first:
        sys.exit(f"package-mcp-check: the file did not come back as a handle message:\n{first[:1000]}")
    handle = first.split('handle = "')[1].split('"')[0]
    expected = f"ABSTRACT FROM TOOL OUTPUT read_text_file WITH HANDLE {handle}, STRATEGY:lexical:"
    if not second.startswith(expected) or needle not in second:
        sys.exit(f"package-mcp-check: tool_output did not answer from the stored file:\n{second[:1500]}")
    print(f"mcp ok ({server_name}): handle message for {os.path.getsize(big)} bytes, tool_output found the planted line; session {seconds:.2f} s")


main()
