//! The engine's imports on plain WASI, for runtimes that link only WASI
//! (the wasmtime CLI): `session-fs` on the preopened `/session` directory
//! and `llm` over `wasi:http` to an OpenAI-compatible endpoint; `counting`
//! opens no tally (one thread).

mod fs;
mod http;
mod llm;

wit_bindgen::generate!({
    path: "../../wit",
    world: "adapter-caps",
});

struct Caps;
export!(Caps);

/// `counting` on one thread: no tally is ever opened, so the engine counts
/// every token itself.
impl exports::tool_output::core::counting::Guest for Caps {
    type Tally = NoTally;
}

/// A tally that cannot exist.
enum NoTally {}

impl exports::tool_output::core::counting::GuestTally for NoTally {
    fn open(
        _: exports::tool_output::core::counting::Encoding,
    ) -> Option<exports::tool_output::core::counting::Tally> {
        None
    }
    fn add(&self, _: String) -> bool {
        match *self {}
    }
    fn total(&self) -> Option<(u64, Vec<String>)> {
        match *self {}
    }
}
