//! The engine's imports on plain WASI, for runtimes that link only WASI
//! (the wasmtime CLI): `session-fs` on the preopened `/session` directory
//! and `llm` over `wasi:http` to an OpenAI-compatible endpoint.

mod fs;
mod http;
mod llm;

wit_bindgen::generate!({
    path: "../../wit",
    world: "adapter-caps",
});

struct Caps;
export!(Caps);
