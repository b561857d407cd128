//! Builds the engine component from `guest/` and hands it to the host
//! crate, zstd-compressed with the two WASI adapters
//! (`TOOL_OUTPUT_COMPONENT_ZST`, `TOOL_OUTPUT_ADAPTER_*_ZST`, and its sha256
//! as `TOOL_OUTPUT_COMPONENT_SHA256`), so nobody copies a `.wasm` by hand.
//! Packagers may point `TOOL_OUTPUT_COMPONENT` at a prebuilt one. A crate
//! packaged for crates.io carries its built components in `component/`
//! (`scripts/package-crate.sh` puts them there, with `SHA256SUMS`): they
//! are checked and used, and nothing is built for wasm32.
//!
//! Then it compiles the engine component ahead of time for the target
//! (`TOOL_OUTPUT_PRECOMPILED_PATH`), with the configuration the runtime
//! uses (`loader::engine`): the binary links no compiler, and its first run
//! deserializes instead of compiling for seconds.

use std::env;
use std::path::{Path, PathBuf};
use std::process::Command;

use sha2::{Digest, Sha256};

const TARGET: &str = "wasm32-wasip2";
/// The engine and the two adapters, as the guest build names them.
const ENGINE: &str = "tool_output_guest.wasm";
const ADAPTER_CAPS: &str = "tool_output_adapter_caps.wasm";
const ADAPTER_CLI: &str = "tool-output-adapter-cli.wasm";

fn main() {
    let manifest_dir = PathBuf::from(env::var("CARGO_MANIFEST_DIR").unwrap());
    let shipped = manifest_dir.join("component");
    // Only when it is there: cargo reruns a build script whose watched
    // path is missing every time (and rebuilds the crate).
    if shipped.exists() {
        println!("cargo:rerun-if-changed={}", shipped.display());
    }
    println!("cargo::rustc-check-cfg=cfg(tool_output_packaged)");
    if shipped.join("SHA256SUMS").is_file() {
        // bindings.rs reads the WIT copy shipped beside the components.
        println!("cargo:rustc-cfg=tool_output_packaged");
        return use_shipped(&shipped);
    }
    let root = manifest_dir
        .parent()
        .expect("host/ lives in the workspace")
        .to_path_buf();
    println!("cargo:rerun-if-env-changed=TOOL_OUTPUT_COMPONENT");
    // A prebuilt engine replaces the guest build; the small adapters (for
    // `tool-output component`) are still built here.
    let prebuilt = env::var("TOOL_OUTPUT_COMPONENT").ok().map(PathBuf::from);
    if let Some(path) = &prebuilt {
        if !path.is_file() {
            fail(&format!(
                "TOOL_OUTPUT_COMPONENT={} is not a file",
                path.display()
            ));
        }
        println!("cargo:rerun-if-changed={}", path.display());
    }
    for dir in [
        "guest/src",
        "guest/Cargo.toml",
        "adapters",
        "args",
        "wire",
        "wit",
        "Cargo.lock",
        "Cargo.toml",
    ] {
        println!("cargo:rerun-if-changed={}", root.join(dir).display());
    }

    ensure_target();
    // A target dir of its own: the outer cargo holds the lock on its own.
    let target_dir = root.join("target").join("guest");
    let cargo = env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    let mut cmd = Command::new(cargo);
    cmd.current_dir(&root)
        .args([
            "build",
            "--release",
            "--locked",
            "-p",
            "tool-output-adapter-caps",
            "-p",
            "tool-output-adapter-cli",
            "--target",
            TARGET,
        ])
        .arg("--target-dir")
        .arg(&target_dir);
    if prebuilt.is_none() {
        cmd.args(["-p", "tool-output-guest"]);
    }
    // The outer cargo's (or clippy's) settings must not leak into the guest build.
    for var in [
        "RUSTFLAGS",
        "CARGO_ENCODED_RUSTFLAGS",
        "RUSTC_WORKSPACE_WRAPPER",
        "RUSTC_WRAPPER",
        "CARGO_TARGET_DIR",
        "CARGO_BUILD_TARGET",
        "CARGO_MAKEFLAGS",
        "CARGO_PRIMARY_PACKAGE",
        "CARGO_BUILD_RUSTFLAGS",
    ] {
        cmd.env_remove(var);
    }
    for (key, _) in env::vars() {
        if key.starts_with("CARGO_PROFILE_") || key.starts_with("CARGO_CFG_") {
            cmd.env_remove(key);
        }
    }
    // SIMD lets memchr, regex prefilters and line counting run 4-16 bytes
    // at a time; every engine that runs the component supports it.
    cmd.env(
        "CARGO_TARGET_WASM32_WASIP2_RUSTFLAGS",
        "-C target-feature=+simd128",
    );
    // Size (issue #32): the components in one unit, optimized across
    // crates; every byte of wasm code is about three of native code in the
    // precompiled engine. The host's own build keeps the workspace profile.
    cmd.env("CARGO_PROFILE_RELEASE_LTO", "fat")
        .env("CARGO_PROFILE_RELEASE_CODEGEN_UNITS", "1");
    let status = cmd
        .status()
        .unwrap_or_else(|e| fail(&format!("could not run cargo to build the guest: {e}")));
    if !status.success() {
        fail("building the guest component (guest/, wasm32-wasip2) failed; see the errors above");
    }
    let release = target_dir.join(TARGET).join("release");
    let wasm = prebuilt.unwrap_or_else(|| release.join(ENGINE));
    emit(
        &wasm,
        &release.join(ADAPTER_CAPS),
        &release.join(ADAPTER_CLI),
    );
}

/// The components a packaged crate carries, each checked against its
/// sha256 in `SHA256SUMS` (a corrupt package fails here, not at run time).
fn use_shipped(dir: &Path) {
    let sums = std::fs::read_to_string(dir.join("SHA256SUMS"))
        .unwrap_or_else(|e| fail(&format!("reading {}/SHA256SUMS: {e}", dir.display())));
    for file in [ENGINE, ADAPTER_CAPS, ADAPTER_CLI] {
        let expected = sums
            .lines()
            .find_map(|line| line.strip_suffix(file)?.split_whitespace().next())
            .unwrap_or_else(|| fail(&format!("{file} is not in {}/SHA256SUMS", dir.display())));
        let path = dir.join(file);
        if sha256(&path) != expected {
            fail(&format!(
                "{} does not match its sha256 in SHA256SUMS: the package is corrupt",
                path.display()
            ));
        }
    }
    emit(
        &dir.join(ENGINE),
        &dir.join(ADAPTER_CAPS),
        &dir.join(ADAPTER_CLI),
    );
}

/// Hands the components to the crate, zstd-compressed (the portable forms
/// are only written out, by `tool-output component`, so they need not take
/// their full size in every binary), and the engine's sha256.
fn emit(engine: &Path, caps: &Path, cli: &Path) {
    for (var, path) in [
        ("TOOL_OUTPUT_COMPONENT_ZST", engine),
        ("TOOL_OUTPUT_ADAPTER_CAPS_ZST", caps),
        ("TOOL_OUTPUT_ADAPTER_CLI_ZST", cli),
    ] {
        if !path.is_file() {
            fail(&format!(
                "the guest build did not produce {}",
                path.display()
            ));
        }
        println!("cargo:rustc-env={var}={}", compressed(path).display());
    }
    println!(
        "cargo:rustc-env=TOOL_OUTPUT_COMPONENT_SHA256={}",
        sha256(engine)
    );
    precompile(engine);
}

/// The CPU features the compiled engine may use on x86_64: x86-64-v2 (SSE4.2
/// and POPCNT; every x86-64 CPU since about 2009). A CPU without them is
/// told so when the binary starts, never run the wrong code.
/// `TOOL_OUTPUT_ENGINE_CPU=native` compiles for the building machine's own
/// CPU instead (a native build: every feature it has, none it lacks).
const X86_64_FEATURES: &[&str] = &[
    "has_sse3",
    "has_ssse3",
    "has_sse41",
    "has_sse42",
    "has_popcnt",
];

/// Compiles the engine component for the target with Cranelift into
/// `OUT_DIR/engine.cwasm`, configured as `loader::engine` configures the
/// runtime (epoch interruption), and hands its path to the crate.
fn precompile(engine: &Path) {
    println!("cargo:rerun-if-env-changed=TOOL_OUTPUT_ENGINE_CPU");
    let target = env::var("TARGET").unwrap_or_else(|_| fail("cargo did not set TARGET"));
    let native = env::var("TOOL_OUTPUT_ENGINE_CPU").is_ok_and(|v| v == "native")
        && env::var("HOST").is_ok_and(|host| host == target);
    let out = PathBuf::from(env::var("OUT_DIR").unwrap()).join("engine.cwasm");
    let mut config = wasmtime::Config::new();
    if !native {
        config
            .target(&target)
            .unwrap_or_else(|e| fail(&format!("wasmtime cannot compile for {target}: {e}")));
    }
    config.epoch_interruption(true);
    config.cranelift_opt_level(wasmtime::OptLevel::Speed);
    // Size (issue #32), neither compared when the runtime loads the artifact
    // (wasmtime 48: engine/serialization.rs, engine.rs `unwind_info`). No
    // address map: a trap's wasm backtrace names its functions without
    // their wasm offsets, and users never see one (error.rs keeps the root
    // cause only): −1.25 MB of the 13.4 MB artifact.
    config.generate_address_map(false);
    // No native unwind info (.eh_frame) for the compiled code: wasmtime
    // unwinds wasm by frame pointers, and a host function's panic is caught
    // at the wasm boundary and resumed past it, so no unwinder walks wasm
    // frames; only a debugger's or profiler's native backtrace stops at
    // them. Windows' ABI requires it: −0.34 MB elsewhere.
    if !target.contains("windows") {
        config.native_unwind_info(false);
    }
    if target.starts_with("x86_64") && !native {
        for flag in X86_64_FEATURES {
            // SAFETY: the flags name CPU features; the runtime checks that
            // the CPU it runs on has each before it loads the artifact.
            unsafe {
                config.cranelift_flag_enable(flag);
            }
        }
    }
    let compiled = wasmtime::Engine::new(&config)
        .and_then(|e| {
            let wasm = std::fs::read(engine)?;
            e.precompile_component(&wasm)
        })
        .unwrap_or_else(|e| {
            fail(&format!(
                "compiling the engine component for {target} ahead of time: {e:#}"
            ))
        });
    std::fs::write(&out, compiled)
        .unwrap_or_else(|e| fail(&format!("writing {}: {e}", out.display())));
    println!(
        "cargo:rustc-env=TOOL_OUTPUT_PRECOMPILED_PATH={}",
        out.display()
    );
}

/// `path` zstd-compressed into OUT_DIR: hard in release builds (a tenth of
/// the size of the three, ~10 s), quick in the others.
fn compressed(path: &Path) -> PathBuf {
    let level = if env::var("PROFILE").is_ok_and(|p| p == "release") {
        19
    } else {
        3
    };
    let name = path.file_name().unwrap().to_string_lossy();
    let out = PathBuf::from(env::var("OUT_DIR").unwrap()).join(format!("{name}.zst"));
    let bytes =
        std::fs::read(path).unwrap_or_else(|e| fail(&format!("reading {}: {e}", path.display())));
    let packed = zstd::bulk::compress(&bytes, level)
        .unwrap_or_else(|e| fail(&format!("compressing {}: {e}", path.display())));
    std::fs::write(&out, packed)
        .unwrap_or_else(|e| fail(&format!("writing {}: {e}", out.display())));
    out
}

fn sha256(path: &Path) -> String {
    let bytes =
        std::fs::read(path).unwrap_or_else(|e| fail(&format!("reading {}: {e}", path.display())));
    format!("{:x}", Sha256::digest(&bytes))
}

/// `rust-toolchain.toml` lists the target, but with `RUSTUP_AUTO_INSTALL=0`
/// rustup does not install it: add it when missing.
fn ensure_target() {
    let sysroot = Command::new(env::var("RUSTC").unwrap_or_else(|_| "rustc".into()))
        .args(["--print", "sysroot"])
        .output()
        .ok()
        .and_then(|o| String::from_utf8(o.stdout).ok())
        .map(|s| PathBuf::from(s.trim()));
    if sysroot.is_some_and(|s| has_target(&s)) {
        return;
    }
    println!(
        "cargo:warning=installing the {TARGET} target with rustup (needed to build the guest)"
    );
    let toolchain = env::var("RUSTUP_TOOLCHAIN").ok();
    let mut cmd = Command::new("rustup");
    cmd.args(["target", "add", TARGET]);
    if let Some(toolchain) = toolchain {
        cmd.args(["--toolchain", &toolchain]);
    }
    match cmd.status() {
        Ok(status) if status.success() => {}
        Ok(_) | Err(_) => fail(&format!(
            "the {TARGET} Rust target is missing and `rustup target add {TARGET}` failed; \
             install it by hand, or set TOOL_OUTPUT_COMPONENT to a prebuilt component"
        )),
    }
}

fn has_target(sysroot: &Path) -> bool {
    sysroot
        .join("lib")
        .join("rustlib")
        .join(TARGET)
        .join("lib")
        .is_dir()
}

fn fail(message: &str) -> ! {
    eprintln!("error: {message}");
    std::process::exit(1);
}
