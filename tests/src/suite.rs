//! One gate for the suites that drive installed tools (the wasmtime CLI,
//! the MCP SDKs and servers, the S3, GCS and Azure emulators, the agent
//! hosts): `scripts/test` installs them and sets
//! `TOOL_OUTPUT_REQUIRE_<SUITE>=1`, so a missing tool fails there, while a
//! bare `cargo test` says `skipped:` and passes.

/// Whether `suite`'s tools must be there (`TOOL_OUTPUT_REQUIRE_<SUITE>=1`).
pub fn required(suite: &str) -> bool {
    let var = format!("TOOL_OUTPUT_REQUIRE_{}", suite.to_uppercase());
    std::env::var(var).is_ok_and(|v| v == "1")
}

/// `what` (of `suite`) is not installed: a failure when the suite is
/// required, else one `skipped:` line on stderr.
pub fn missing(suite: &str, what: &str) {
    let setup = format!("tests/{suite}/setup.sh");
    if required(suite) {
        panic!(
            "TOOL_OUTPUT_REQUIRE_{}=1 but {what} is not installed: run {setup} (scripts/test runs every suite's)",
            suite.to_uppercase()
        );
    }
    eprintln!("skipped: {what} is not installed (run {setup}, or scripts/test for every suite)");
}
