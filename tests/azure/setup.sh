#!/usr/bin/env bash
# Installs the Azure Blob emulator the object-store tests start: Azurite and
# the official SDK that makes its container (npm), locked in
# package-lock.json, in tests/azure/node_modules. Idempotent: with
# everything in place it only checks the versions.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
fail() { echo "tests/azure/setup.sh: $*" >&2; exit 1; }

command -v node >/dev/null || fail "node is not installed"
command -v npm >/dev/null || fail "npm is not installed"
version() {
    node -p 'try { require(process.argv[1]).version } catch { "" }' "$here/node_modules/$1/package.json"
}
wanted() {
    node -p 'require(process.argv[1]).dependencies[process.argv[2]]' "$here/package.json" "$1"
}
if [ "$(version azurite)" != "$(wanted azurite)" ] \
    || [ "$(version @azure/storage-blob)" != "$(wanted @azure/storage-blob)" ] \
    || [ ! -x "$here/node_modules/.bin/azurite-blob" ]; then
    (cd "$here" && npm ci --no-audit --no-fund --ignore-scripts)
fi
echo "Azure test server: Azurite $(version azurite), @azure/storage-blob $(version @azure/storage-blob) ($here/node_modules)"
