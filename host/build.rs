//! Builds the engine component from `guest/` and hands its path to the
//! host crate (`TOOL_OUTPUT_COMPONENT_PATH`), so nobody copies a `.wasm` by
//! hand. Packagers may point `TOOL_OUTPUT_COMPONENT` at a prebuilt one.

use std::env;
use std::path::{Path, PathBuf};
use std::process::Command;

const TARGET: &str = "wasm32-wasip2";

fn main() {
    let manifest_dir = PathBuf::from(env::var("CARGO_MANIFEST_DIR").unwrap());
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
    let status = cmd
        .status()
        .unwrap_or_else(|e| fail(&format!("could not run cargo to build the guest: {e}")));
    if !status.success() {
        fail("building the guest component (guest/, wasm32-wasip2) failed; see the errors above");
    }
    let wasm = prebuilt.unwrap_or_else(|| {
        target_dir
            .join(TARGET)
            .join("release")
            .join("tool_output_guest.wasm")
    });
    if !wasm.is_file() {
        fail(&format!(
            "the guest build did not produce {}",
            wasm.display()
        ));
    }
    println!(
        "cargo:rustc-env=TOOL_OUTPUT_COMPONENT_PATH={}",
        wasm.display()
    );
    let release = target_dir.join(TARGET).join("release");
    for (var, file) in [
        (
            "TOOL_OUTPUT_ADAPTER_CAPS_PATH",
            "tool_output_adapter_caps.wasm",
        ),
        (
            "TOOL_OUTPUT_ADAPTER_CLI_PATH",
            "tool-output-adapter-cli.wasm",
        ),
    ] {
        let path = release.join(file);
        if !path.is_file() {
            fail(&format!(
                "the adapter build did not produce {}",
                path.display()
            ));
        }
        println!("cargo:rustc-env={var}={}", path.display());
    }
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
