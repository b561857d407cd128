#!/usr/bin/env bash
# Installs the S3-compatible server the object-store tests start: moto's
# server (PyPI), every package pinned in requirements.lock, in a venv under
# target/. Idempotent: with everything in place it only checks the version.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
venv="$here/../../target/s3-venv"
fail() { echo "tests/s3/setup.sh: $*" >&2; exit 1; }

command -v python3 >/dev/null || fail "python3 is not installed"
wanted="$(sed -n 's/^moto==//p' "$here/requirements.lock")"
if ! "$venv/bin/python" -c 'import importlib.metadata as m, sys; sys.exit(m.version("moto") != sys.argv[1])' "$wanted" 2>/dev/null; then
    python3 -m venv "$venv"
    "$venv/bin/pip" install --quiet --disable-pip-version-check -r "$here/requirements.lock"
fi
echo "S3 test server: moto $("$venv/bin/python" -c 'import importlib.metadata as m; print(m.version("moto"))') ($venv)"
