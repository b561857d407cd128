#!/usr/bin/env bash
# Regenerates the configuration snippets in docs/hosts.md from `tool-output
# setup HOST` itself (never written by hand): each block between
# `<!-- setup ARGS -->` and `<!-- /setup -->` is replaced by what
# `tool-output setup ARGS` prints for a user whose home is /home/me.
# Usage: scripts/hosts-doc.sh [path/to/tool-output]
set -euo pipefail
cd "$(dirname "$0")/.."
bin="$(realpath "${1:-target/debug/tool-output}")"
doc=docs/hosts.md
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
python3 - "$bin" "$doc" "$work" <<'PY'
import re, subprocess, sys
binary, doc, work = sys.argv[1:]
text = open(doc).read()
def block(match):
    args = match.group(1).split()
    env = {"HOME": "/home/me", "PATH": "/usr/bin:/bin"}
    out = subprocess.run([binary, "setup", *args, "--command", "/home/me/.cargo/bin/tool-output"],
                         cwd=work, env=env, capture_output=True, text=True, check=True).stdout
    out = out.replace(work, "/home/me/project")
    return f"<!-- setup {match.group(1)} -->\n```\n{out.rstrip()}\n```\n<!-- /setup -->"
new = re.sub(r"<!-- setup (.*?) -->\n.*?<!-- /setup -->", block, text, flags=re.S)
open(doc, "w").write(new)
PY
