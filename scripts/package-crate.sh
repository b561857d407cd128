#!/usr/bin/env bash
# Packages the published crates (tool-output-wire, tool-output-args,
# tool-output) of HEAD into target/package/, the host crate carrying its built
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
# that build: any build of the host runs it; after the tests' build, as in
# CI, there is nothing to build).
cargo build --locked --quiet -p tool-output --lib
release=target/guest/wasm32-wasip2/release

# The crates are packaged from a worktree of HEAD with the components added
# (host/component/, never committed), not from this tree: a build beside
# this script (CI starts it early) never sees components it did not build.
git diff --quiet HEAD -- || echo "package-crate: uncommitted changes are not packaged (HEAD is)" >&2
stage=$(mktemp -d)
git worktree prune # a run killed before its cleanup left its entry
git worktree add --quiet --detach "$stage/tree" HEAD
trap 'git worktree remove --force "$stage/tree"; rm -rf "$stage"' EXIT
mkdir -p "$stage/tree/host/component"
cp "$release/tool_output_guest.wasm" "$release/tool_output_adapter_caps.wasm" \
  "$release/tool-output-adapter-cli.wasm" "$stage/tree/host/component/"
(cd "$stage/tree/host/component" && sha256sum tool_output_guest.wasm tool_output_adapter_caps.wasm \
  tool-output-adapter-cli.wasm > SHA256SUMS)
# The contract the host's bindings are generated from (`../wit` in the workspace).
cp -r wit "$stage/tree/host/component/wit"

# --allow-dirty: component/ is built here, never committed. --no-verify:
# cargo's own check would build the three packaged crates once more; the
# build below does exactly that, as a user would.
(cd "$stage/tree" && cargo package --locked --allow-dirty --no-verify --target-dir "$stage/target" \
  -p tool-output-wire -p tool-output-args -p tool-output)
packages="$stage/target/package"

# As a user would get them: unpacked outside the workspace, built offline
# (wire and args from their packages too), the binary in a target dir of
# its own. The dependencies are the workspace's: the build dir is shared
# (`build.build-dir`: intermediate artifacts only; the packaged crates,
# at other paths, are units of their own) and the workspace's dev profile
# is given (a packaged crate carries none), so a dependency built with the
# same features is not built again. CI runs this after the tests' build.
check="$stage/unpacked"
mkdir "$check"
for crate in tool-output-wire tool-output-args tool-output; do
  tar -xzf "$packages/$crate-$version.crate" -C "$check"
done
mkdir -p target/package
cp "$packages"/*-"$version".crate target/package/
ls -l target/package/*-"$version".crate
target="$PWD/target/package-check"
# The workspace's [profile.dev] as --config flags (one home: Cargo.toml).
mapfile -t profile < <(python3 - <<'PY'
import json, tomllib
dev = tomllib.load(open("Cargo.toml", "rb"))["profile"]["dev"]
def flags(prefix, table):
    for key, value in table.items():
        if key == "package":
            for name, settings in value.items():
                yield from flags(f"{prefix}.package.{json.dumps(name)}", settings)
        else:
            yield "--config"
            yield f"{prefix}.{key}={json.dumps(value)}"
print("\n".join(flags("profile.dev", dev)))
PY
)
build_dir="$PWD/target"
# The workspace's toolchain (rust-toolchain.toml), not the user's default
# outside it: the shared dependencies were built with it.
if command -v rustup >/dev/null; then
  RUSTUP_TOOLCHAIN="$(rustup show active-toolchain | cut -d' ' -f1)"
  export RUSTUP_TOOLCHAIN
fi
(
  cd "$check/tool-output-$version"
  cargo build --offline "${profile[@]}" --config "build.build-dir=\"$build_dir\"" \
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
    (cd "$stage/tree" && cargo publish --locked --allow-dirty --target-dir "$stage/target" -p "$crate")
  done
fi
