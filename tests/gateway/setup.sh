#!/usr/bin/env bash
# Installs the clients the gateway's SDK tests drive (host/tests/all/gateway/sdk.rs),
# pinned in requirements.txt: the official OpenAI, Anthropic and Google Gen AI
# Python SDKs and the OpenAI Agents SDK, in a venv under target/. Idempotent: a
# second run with everything in place only checks the versions.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
venv="$here/../../target/gateway-venv"
fail() { echo "tests/gateway/setup.sh: $*" >&2; exit 1; }

command -v python3 >/dev/null || fail "python3 is not installed"

wanted() { grep -i "^$1==" "$here/requirements.txt" | cut -d= -f3; }
have() { "$venv/bin/python" -c 'import importlib.metadata as m, sys; print(m.version(sys.argv[1]))' "$1" 2>/dev/null || true; }
in_place() {
    for package in openai anthropic google-genai openai-agents; do
        [ "$(have "$package")" = "$(wanted "$package")" ] || return 1
    done
}

if ! in_place; then
    python3 -m venv "$venv"
    "$venv/bin/pip" install --quiet --disable-pip-version-check -r "$here/requirements.txt"
fi
echo "gateway test clients: openai $(have openai), anthropic $(have anthropic), google-genai $(have google-genai), openai-agents $(have openai-agents)"
