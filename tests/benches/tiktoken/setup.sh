#!/usr/bin/env bash
# Installs the whole-process store bench's baseline: OpenAI's Python
# tiktoken, pinned, in a venv under target/ (`bench -- cli` uses it when
# present). Idempotent.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
venv="$(cd "$here/../../.." && pwd)/target/bench-venv"
wanted="$(sed -n 's/^tiktoken==//p' "$here/requirements.txt")"
if ! "$venv/bin/python" -c 'import importlib.metadata as m, sys; sys.exit(m.version("tiktoken") != sys.argv[1])' "$wanted" 2>/dev/null; then
    python3 -m venv "$venv"
    "$venv/bin/pip" install --quiet --disable-pip-version-check -r "$here/requirements.txt"
fi
echo "bench baseline: tiktoken $wanted ($venv)"
