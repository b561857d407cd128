//! TLS for every HTTP client the host builds (LLM providers, MCP servers,
//! object stores): reqwest and rustls are built without a bundled crypto
//! provider, so the process uses `ring` (no C toolchain needed).

/// Makes `ring` the process's rustls provider before a client is built.
/// Idempotent: a provider already installed stays.
pub(crate) fn use_ring() {
    let _ = rustls::crypto::ring::default_provider().install_default();
}
