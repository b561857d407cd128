#!/usr/bin/env bash
# Packages the published crates (tool-output-wire, tool-output-args,
# tool-output) into target/package/, the host crate carrying its built
# components in host/component/ with their SHA256SUMS (its build.rs checks
# and uses them: `cargo install tool-output` builds no guest and needs no
# wasm32 target). Then builds the packaged host offline from the unpacked
# crates, as crates.io users would, and runs it.
#
#   scripts/package-crate.sh            package and check
#   scripts/package-crate.sh --publish  then `cargo publish` them, in order
set -euo pipefail
cd "$(dirname "$0")/.."

version=$(cargo metadata --format-version 1 --no-deps \
  | python3 -c 'import json,sys; print(next(p["version"] for p in json.load(sys.stdin)["packages"] if p["name"]=="tool-output"))')

# The components, as the host's build script builds them (one home for
# that build: a debug build of the host runs it). The test build's form, so
# after scripts/test (as in CI) there is nothing to build; `-p tool-output`
# would resolve features apart and build every dependency once more.
cargo test --workspace --no-run --locked
release=target/guest/wasm32-wasip2/release
rm -rf host/component
mkdir -p host/component
cp "$release/tool_output_guest.wasm" "$release/tool_output_adapter_caps.wasm" \
  "$release/tool-output-adapter-cli.wasm" host/component/
(cd host/component && sha256sum tool_output_guest.wasm tool_output_adapter_caps.wasm \
  tool-output-adapter-cli.wasm > SHA256SUMS)
# The contract the host's bindings are generated from (`../wit` in the workspace).
cp -r wit host/component/wit
trap 'rm -rf host/component' EXIT

# --allow-dirty: component/ is built here, never committed. --no-verify:
# cargo's own check would build the three packaged crates once more in
# target/package; the build below does exactly that, as a user would.
cargo package --locked --allow-dirty --no-verify -p tool-output-wire -p tool-output-args -p tool-output

# As a user would get them: unpacked outside the workspace, built offline
# (wire and args from their packages too) in a target dir of their own (a
# shared one could hand this build the workspace's own artifacts).
check=$(mktemp -d)
trap 'rm -rf host/component "$check"' EXIT
for crate in tool-output-wire tool-output-args tool-output; do
  tar -xzf "target/package/$crate-$version.crate" -C "$check"
done
ls -l target/package/*-"$version".crate
target="$PWD/target/package-check"
(
  cd "$check/tool-output-$version"
  # No debug info (as the workspace's dev profile has none for dependencies):
  # writing it costs build time, and nothing here reads it.
  cargo build --offline --config profile.dev.debug=false \
    --config "patch.crates-io.tool-output-wire.path=\"../tool-output-wire-$version\"" \
    --config "patch.crates-io.tool-output-args.path=\"../tool-output-args-$version\"" \
    --target-dir "$target"
)
bin="$target/debug/tool-output"
"$bin" --version
printf 'small\n' | "$bin" --root "$check/root" store --tool t | grep -qx small
seq 1 20000 | "$bin" --root "$check/root" store --tool seq | grep -q "Tool output is too large"
echo "packaged crates build offline and run"

if [[ "${1:-}" == "--publish" ]]; then
  for crate in tool-output-wire tool-output-args tool-output; do
    cargo publish --locked --allow-dirty -p "$crate"
  done
fi
