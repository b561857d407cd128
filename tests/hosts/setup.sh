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
# opencode apart, in opencode/ (opencode-ai at the exact version its
# package.json names): the registry this project reaches serves only its
# Linux x64 binaries, not its other platforms' packages, so its lock cannot
# be complete and `npm ci` refuses it. It is installed with no lock; its own
# package pins its binary package's exact version, and its install script
# links that binary in place (it fetches only when the binary package is
# missing). Its command is linked into node_modules/.bin beside the others.
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

version_of() { # NAME [DIR]: the version of NAME installed under DIR (default: here)
    node -p 'try { require(process.argv[1]).version } catch { "" }' \
        "${2:-$here}/node_modules/$1/package.json"
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

opencode_wanted="$(node -p 'require(process.argv[1]).dependencies["opencode-ai"]' "$here/opencode/package.json")"
opencode_in_place() {
    [ "$(version_of opencode-ai "$here/opencode")" = "$opencode_wanted" ] \
        && "$here/node_modules/.bin/opencode" --version >/dev/null 2>&1
}

if ! in_place; then
    (cd "$here" && npm ci --no-audit --no-fund --ignore-scripts --loglevel=error)
    (cd "$here/node_modules/@anthropic-ai/claude-code" && node install.cjs)
    in_place || fail "a host does not run after npm ci; see the versions below"
fi
if ! opencode_in_place; then
    (cd "$here/opencode" && npm install --no-package-lock --no-audit --no-fund --ignore-scripts \
        --loglevel=error)
    (cd "$here/opencode/node_modules/opencode-ai" && node postinstall.mjs)
    ln -sfn ../../opencode/node_modules/opencode-ai/bin/opencode.exe "$here/node_modules/.bin/opencode"
    opencode_in_place || fail "opencode does not run after its install"
fi

summary=""
for entry in "${packages[@]}"; do
    read -r name cmd <<< "$entry"
    summary+=" $name $(version_of "$name"),"
done
echo "agent hosts:${summary%,}, opencode-ai $(version_of opencode-ai "$here/opencode")"
