#!/usr/bin/env bash
# Installs what the MCP tests drive, at pinned versions: the official Python
# SDK (`mcp`, PyPI) in a venv under target/, and the official TypeScript SDK
# and servers (npm, locked in package-lock.json) in tests/mcp/node_modules. Idempotent:
# a second run with everything in place only checks the versions.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
venv="$here/../../target/mcp-venv"
fail() { echo "tests/mcp/setup.sh: $*" >&2; exit 1; }

command -v python3 >/dev/null || fail "python3 is not installed"
command -v node >/dev/null || fail "node is not installed"
command -v npm >/dev/null || fail "npm is not installed"

if ! "$venv/bin/python" -c 'import importlib.metadata as m, sys; sys.exit(m.version("mcp") != "2.3.0")' 2>/dev/null; then
    python3 -m venv "$venv"
    "$venv/bin/pip" install --quiet --disable-pip-version-check -r "$here/requirements.txt"
fi

wanted="$(node -p 'require(process.argv[1]).dependencies["@modelcontextprotocol/server-filesystem"]' "$here/package.json")"
have="$(node -p 'try { require(process.argv[1]).version } catch { "" }' \
    "$here/node_modules/@modelcontextprotocol/server-filesystem/package.json")"
sdk_wanted="$(node -p 'require(process.argv[1]).dependencies["@modelcontextprotocol/sdk"]' "$here/package.json")"
sdk_have="$(node -p 'try { require(process.argv[1]).version } catch { "" }' \
    "$here/node_modules/@modelcontextprotocol/sdk/package.json")"
if [ "$wanted" != "$have" ] || [ "$sdk_wanted" != "$sdk_have" ] \
    || [ ! -x "$here/node_modules/.bin/mcp-server-everything" ]; then
    (cd "$here" && npm ci --no-audit --no-fund --ignore-scripts)
fi
echo "MCP test tools: python mcp $("$venv/bin/python" -c 'import importlib.metadata as m; print(m.version("mcp"))'), server-filesystem $wanted, TypeScript SDK $sdk_wanted"
