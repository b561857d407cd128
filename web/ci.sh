#!/usr/bin/env bash
# CI for the browser/Node package: web/ci.sh <path/to/tool_output.wasm>
# Installs Chromium if /usr/bin/chromium is missing, installs the locked npm
# packages, transpiles the component, runs every test. Idempotent; stops at
# the first failure with a message. The archive tests check interop with the
# CLI binary in TOOL_OUTPUT_BIN, by default ../target/debug/tool-output (which
# .ci/run builds just before); without one they say so and skip that part.
set -euo pipefail

fail() { echo "web/ci.sh: $*" >&2; exit 1; }
step() { echo; echo "== web/ci.sh: $*"; }

[ $# -eq 1 ] || fail "usage: web/ci.sh <path/to/tool_output.wasm>"
wasm=$(realpath -e -- "$1" 2>/dev/null) || fail "no component at $1 (build it first)"
cd "$(dirname "$(realpath "$0")")"

command -v node >/dev/null || fail "node is not installed"
node_major=$(node -p 'process.versions.node.split(".")[0]')
[ "$node_major" -ge 20 ] || fail "Node >= 20 is needed, found $(node --version)"

if [ ! -x /usr/bin/chromium ]; then
  step "installing Chromium (apt-get)"
  sudo=""
  [ "$(id -u)" -eq 0 ] || sudo="sudo"
  $sudo apt-get update
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y chromium
  [ -x /usr/bin/chromium ] || fail "apt-get did not install /usr/bin/chromium"
fi
/usr/bin/chromium --version

step "npm ci"
npm ci --no-audit --no-fund

step "build ($wasm)"
node scripts/build.mjs "$wasm"

if [ -z "${TOOL_OUTPUT_BIN:-}" ] && [ -x ../target/debug/tool-output ]; then
  TOOL_OUTPUT_BIN=$(realpath ../target/debug/tool-output)
fi
if [ -n "${TOOL_OUTPUT_BIN:-}" ]; then
  export TOOL_OUTPUT_BIN
  echo "CLI for the archive interop tests: $TOOL_OUTPUT_BIN"
else
  echo "web/ci.sh: no CLI at ../target/debug/tool-output and TOOL_OUTPUT_BIN unset: archive interop with the CLI is skipped" >&2
fi

step "npm test"
npm test

echo
echo "web/ci.sh: OK"
