#!/usr/bin/env bash
# Regenerates the configuration snippets in docs/hosts.md from `tool-output
# setup HOST` itself (never written by hand): each block between
# `<!-- setup ARGS -->` and `<!-- /setup -->` is replaced by what
# `tool-output setup ARGS` prints for a user whose home is /home/me.
# Usage: scripts/hosts-doc.sh [path/to/tool-output] [--check]
#   --check: change nothing; fail, saying so, if docs/hosts.md is not current
#            (a test runs this: setup::docs_hosts_md_shows_what_setup_prints).
set -euo pipefail
cd "$(dirname "$0")/.."
bin="$(realpath "${1:-target/debug/tool-output}")"
check="${2:-}"
doc=docs/hosts.md
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
python3 - "$bin" "$doc" "$work" "$check" <<'PY'
import re, subprocess, sys
binary, doc, work, check = sys.argv[1:]
text = open(doc).read()
def block(match):
    args = match.group(1).split()
    env = {"HOME": "/home/me", "PATH": "/usr/bin:/bin"}
    out = subprocess.run([binary, "setup", *args, "--command", "/home/me/.cargo/bin/tool-output"],
                         cwd=work, env=env, capture_output=True, text=True, check=True).stdout
    out = out.replace(work, "/home/me/project")
    return f"<!-- setup {match.group(1)} -->\n```\n{out.rstrip()}\n```\n<!-- /setup -->"
new = re.sub(r"<!-- setup (.*?) -->\n.*?<!-- /setup -->", block, text, flags=re.S)
if check == "--check":
    if new != text:
        sys.exit(f"{doc} is not what `tool-output setup` prints: run scripts/hosts-doc.sh")
else:
    open(doc, "w").write(new)
PY
