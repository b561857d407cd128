//! The library's error type.

use tool_output_wire::contract::engine_error_text;

use crate::bindings::types::EngineError;
pub use crate::error_line::one_line;

#[derive(Debug, thiserror::Error)]
/// What a library call can fail with. Bad handles and LLM problems are not
/// errors: the extraction's text says so (the `FAILED` form) or a fallback
/// answers.
#[non_exhaustive]
pub enum Error {
    /// The engine refused the call (bad handle, bad argument, storage).
    #[error("{}", .0.message())]
    Engine(EngineError),
    /// The guest trapped: a limit was hit or it has a bug. The session stays
    /// usable; only this call failed.
    #[error("the tool-output engine stopped: {0}")]
    Trap(String),
    /// The caller cancelled the extraction.
    #[error("the extraction was cancelled")]
    Cancelled,
    /// Setting up: the component, the cache, the session directory, the
    /// configuration.
    #[error(transparent)]
    Setup(#[from] anyhow::Error),
    /// The session's object store failed (unreachable, refused, timed out).
    #[error(transparent)]
    Remote(#[from] crate::remote::RemoteError),
    /// A streamed store ([`crate::OutputWriter`]) failed, or the session's
    /// object store refused the output: nothing of it is kept. `received`
    /// gives back what the writer had taken, to pass the output through.
    #[error("{source}")]
    NotStored {
        /// Why.
        source: Box<Error>,
        /// What the writer had taken.
        received: Received,
    },
    /// The cause is the `source()`: `{:#}` and error chains print it once.
    #[error("{context}")]
    Io {
        /// What was being done.
        context: String,
        /// Why it failed.
        source: std::io::Error,
    },
}

/// What an [`crate::OutputWriter`] had taken when its store failed: the first
/// [`Received::len`] bytes of the output. Nothing of it is in the session.
#[derive(Debug)]
pub struct Received {
    pub(crate) file: Option<std::fs::File>,
    pub(crate) len: u64,
}

impl Received {
    /// How many bytes the writer had taken (every piece `write` accepted).
    pub fn len(&self) -> u64 {
        self.len
    }

    /// Whether it had taken nothing.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Those bytes, read back from this machine's copy. `None` when they
    /// never left the engine's memory: then there are at most the policy's
    /// `max_inline_bytes` of them (an output is spilled to disk before it
    /// grows past that), which the caller keeps to print a passthrough
    /// anyway.
    pub fn into_reader(self) -> Option<impl std::io::Read> {
        let len = self.len;
        self.file.map(|file| std::io::Read::take(file, len))
    }
}

/// This crate's result.
pub type Result<T, E = Error> = std::result::Result<T, E>;

impl EngineError {
    /// A short human description (the generated `Display` is the debug form).
    pub fn message(&self) -> String {
        // The WIT's declaration order indexes the contract's table.
        let (case, detail) = match self {
            EngineError::InvalidHandle(m) => (0, m),
            EngineError::UnknownHandle(m) => (1, m),
            EngineError::InvalidArgument(m) => (2, m),
            EngineError::Storage(m) => (3, m),
        };
        engine_error_text(case, detail)
    }
}

impl Error {
    pub(crate) fn trap(err: wasmtime::Error) -> Self {
        let err = anyhow::Error::from(err);
        // The root cause first: "guest CPU time limit exceeded", never a
        // wasm backtrace (kilobytes of frames no reader can use).
        let root = err.root_cause().to_string();
        let top = err.to_string();
        let top = top.lines().next().unwrap_or_default();
        Error::Trap(if top.contains("backtrace") {
            root
        } else if top.contains(&root) {
            top.to_string()
        } else {
            format!("{root} ({top})")
        })
    }

    pub(crate) fn io(context: impl Into<String>, source: std::io::Error) -> Self {
        Error::Io {
            context: context.into(),
            source,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_engine_error_case_reads_as_its_kind_then_its_detail() {
        let d = || "x".to_string();
        for (err, text) in [
            (EngineError::InvalidHandle(d()), "invalid handle: x"),
            (EngineError::UnknownHandle(d()), "unknown handle: x"),
            (EngineError::InvalidArgument(d()), "invalid argument: x"),
            (EngineError::Storage(d()), "storage error: x"),
        ] {
            assert_eq!(err.message(), text);
            assert_eq!(Error::Engine(err).to_string(), text);
        }
    }

    #[test]
    fn an_io_error_says_its_cause_once() {
        let err = Error::io(
            "opening session directory /x",
            std::io::Error::other("boom"),
        );
        assert_eq!(
            format!("{:#}", anyhow::Error::from(err)),
            "opening session directory /x: boom"
        );
    }
}
