//! The wit-bindgen glue: the `engine` and `counter` exports on top of the
//! logic modules, with the imports wrapped in the [`Storage`], [`Llm`] and
//! [`Helpers`] traits.

use std::cell::RefCell;

use crate::bindings::counting::{self, Tally};
use crate::bindings::exports::tool_output::core::counter;
use crate::bindings::exports::tool_output::core::engine::{self, GuestOutputWriter};
use crate::bindings::llm_import::{self as wit_llm, LlmError, ModelProfile, Request, Response};
use crate::bindings::session_fs::{self, FsError};
use crate::bindings::types::{
    CallInfo, EngineError, ExtractRequest, ExtractResult, GrepOptions, HandleInfo, LineRange,
    SearchRequest, StoreOutcome, StorePolicy,
};
use crate::doc::Doc;
use crate::llm::Llm;
use crate::storage::Storage;
use crate::store::{self, Writer};
use crate::tokens::Encoding;
use crate::tokens::elsewhere::Helpers;
use crate::{DEFAULT_MAX_INLINE_BYTES, extract, message, schema};

struct Component;

/// The imported `session-fs`.
struct SessionFs;

impl Storage for SessionFs {
    fn write(&self, name: &str, data: &[u8]) -> Result<(), FsError> {
        session_fs::write(name, data)
    }
    fn append(&self, name: &str, data: &[u8]) -> Result<(), FsError> {
        session_fs::append(name, data)
    }
    fn read(&self, name: &str, offset: u64, len: u64) -> Result<Vec<u8>, FsError> {
        session_fs::read(name, offset, len)
    }
    fn size(&self, name: &str) -> Result<u64, FsError> {
        session_fs::size(name)
    }
    fn rename(&self, from: &str, to: &str) -> Result<(), FsError> {
        session_fs::rename(from, to)
    }
    fn remove(&self, name: &str) -> Result<(), FsError> {
        session_fs::remove(name)
    }
    fn list(&self) -> Result<Vec<String>, FsError> {
        session_fs::list()
    }
}

/// The imported `llm`.
struct HostLlm;

impl Llm for HostLlm {
    fn model_info(&self, model: Option<&str>) -> Result<ModelProfile, LlmError> {
        wit_llm::model_info(model)
    }
    fn complete(&self, req: &Request) -> Result<Response, LlmError> {
        wit_llm::complete(req)
    }
    fn complete_batch(&self, reqs: &[Request]) -> Vec<Result<Response, LlmError>> {
        wit_llm::complete_batch(reqs)
    }
}

/// The imported `counting`: a tally on the host's other cores.
struct HostTally(Tally);

impl Helpers for HostTally {
    fn add(&mut self, text: &str) -> bool {
        self.0.add(text)
    }
    fn total(self: Box<Self>) -> Option<(u64, Vec<String>)> {
        self.0.total()
    }
}

fn open_tally(encoding: Encoding) -> Option<Box<dyn Helpers>> {
    let encoding = match encoding {
        Encoding::Cl100k => counting::Encoding::Cl100kBase,
        Encoding::O200k => counting::Encoding::O200kBase,
    };
    Tally::open(encoding).map(|t| Box::new(HostTally(t)) as Box<dyn Helpers>)
}

/// A store's writer, counting tokens on the host's other cores too.
fn writer(call: CallInfo, policy: StorePolicy) -> Writer {
    let mut writer = Writer::new(call, policy);
    writer.count_elsewhere(open_tally);
    writer
}

impl counter::Guest for Component {
    fn count_tokens(encoding: counting::Encoding, text: String) -> u64 {
        match encoding {
            counting::Encoding::Cl100kBase => Encoding::Cl100k,
            counting::Encoding::O200kBase => Encoding::O200k,
        }
        .count(&text)
    }
}

fn max_bytes(max: Option<u64>) -> usize {
    max.unwrap_or(DEFAULT_MAX_INLINE_BYTES) as usize
}

impl engine::Guest for Component {
    type OutputWriter = OutputWriter;

    fn store_output(
        call: CallInfo,
        output: Vec<u8>,
        policy: StorePolicy,
    ) -> Result<StoreOutcome, EngineError> {
        store::store_in(&SessionFs, writer(call, policy), &output)
    }

    fn preview(handle: String, max: Option<u64>) -> Result<String, EngineError> {
        let doc = Doc::open(&SessionFs, &handle)?;
        Ok(message::preview_text(&doc.meta, max_bytes(max)))
    }

    fn extract(req: ExtractRequest) -> ExtractResult {
        extract::extract(&SessionFs, &HostLlm, req)
    }

    fn search(req: SearchRequest) -> Result<String, EngineError> {
        crate::across::search(&SessionFs, &req)
    }

    fn read(handle: String, lines: LineRange, max: Option<u64>) -> Result<String, EngineError> {
        Doc::open(&SessionFs, &handle)?.read(lines, max_bytes(max))
    }

    fn grep(
        handle: String,
        pattern: String,
        options: GrepOptions,
        max: Option<u64>,
    ) -> Result<String, EngineError> {
        Doc::open(&SessionFs, &handle)?.grep(&pattern, &options, max_bytes(max))
    }

    fn tail(handle: String, lines: u32, max: Option<u64>) -> Result<String, EngineError> {
        Doc::open(&SessionFs, &handle)?.tail(lines, max_bytes(max))
    }

    fn list() -> Result<Vec<HandleInfo>, EngineError> {
        crate::doc::list(&SessionFs)
    }

    fn remove(handle: String) -> Result<(), EngineError> {
        crate::doc::remove(&SessionFs, &handle)
    }

    fn tool_schema() -> String {
        schema::tool_schema()
    }
}

/// The streaming writer resource: a [`Writer`] that lives across calls.
pub struct OutputWriter(RefCell<Option<Writer>>);

impl GuestOutputWriter for OutputWriter {
    fn new(call: CallInfo, policy: StorePolicy) -> Self {
        OutputWriter(RefCell::new(Some(writer(call, policy))))
    }

    fn write(&self, chunk: Vec<u8>) -> Result<(), EngineError> {
        let mut slot = self.0.borrow_mut();
        let writer = slot.as_mut().ok_or_else(finished)?;
        let result = writer.write(&SessionFs, &chunk);
        if result.is_err() {
            *slot = None;
        }
        result
    }

    fn finish(&self) -> Result<StoreOutcome, EngineError> {
        let writer = self.0.borrow_mut().take().ok_or_else(finished)?;
        writer.finish(&SessionFs)
    }
}

impl Drop for OutputWriter {
    fn drop(&mut self) {
        if let Some(mut writer) = self.0.borrow_mut().take() {
            writer.abort(&SessionFs);
        }
    }
}

fn finished() -> EngineError {
    EngineError::InvalidArgument("this output writer has already finished or failed".into())
}

crate::bindings::export!(Component with_types_in crate::bindings);

/// The engine has no environment: answer every `getenv` with "unset", so
/// wasi-libc's environment support (and its `wasi:cli/environment` import)
/// is never linked in. Rust std only asks for `RUST_BACKTRACE` and the like.
#[unsafe(no_mangle)]
pub extern "C" fn getenv(_name: *const core::ffi::c_char) -> *mut core::ffi::c_char {
    core::ptr::null_mut()
}
