#!/usr/bin/env bash
# Installs the agent hosts the host tests drive (host/tests/all/hosts/), as
# users install them, at the versions pinned in package.json and locked in
# package-lock.json: Claude Code, Codex, Gemini CLI and the MCP Inspector
# CLI, into tests/hosts/node_modules. Idempotent: a second run with
# everything in place only checks the versions.
#
# Install scripts are skipped (`npm ci --ignore-scripts`) except the one that
# puts Claude Code's native binary in place from its platform package
# (install.cjs): it links a file and fetches nothing. The packages' engines
# fields ask for Node 22; these versions run on Node 20 (npm warns).
#
# Not opencode (opencode-ai 1.18.33): the registry this project reaches serves
# only its Linux x64 binaries, not its other platforms' packages, so its lock
# cannot be complete and `npm ci` refuses it.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
fail() { echo "tests/hosts/setup.sh: $*" >&2; exit 1; }

command -v node >/dev/null || fail "node is not installed"
command -v npm >/dev/null || fail "npm is not installed"
command -v python3 >/dev/null || fail "python3 is not installed (the scripted model)"

# Each package's wanted version, and the command it installs.
packages=(
    "@anthropic-ai/claude-code claude"
    "@openai/codex codex"
    "@google/gemini-cli gemini"
    "@modelcontextprotocol/inspector inspector"
)

version_of() {
    node -p 'try { require(process.argv[1]).version } catch { "" }' \
        "$here/node_modules/$1/package.json"
}

in_place() {
    local entry name cmd
    for entry in "${packages[@]}"; do
        read -r name cmd <<< "$entry"
        wanted="$(node -p 'require(process.argv[1]).dependencies[process.argv[2]]' \
            "$here/package.json" "$name")"
        [ "$(version_of "$name")" = "$wanted" ] || return 1
        # The command runs (a native binary in place, not the stub that says
        # to run its install script).
        "$here/node_modules/.bin/$cmd" --version >/dev/null 2>&1 || return 1
    done
}

if ! in_place; then
    (cd "$here" && npm ci --no-audit --no-fund --ignore-scripts --loglevel=error)
    (cd "$here/node_modules/@anthropic-ai/claude-code" && node install.cjs)
    in_place || fail "a host does not run after npm ci; see the versions below"
fi

summary=""
for entry in "${packages[@]}"; do
    read -r name cmd <<< "$entry"
    summary+=" $name $(version_of "$name"),"
done
echo "agent hosts:${summary%,}"
