//! Errors in one place: how a storage or LLM failure reads, how a storage
//! failure becomes an [`EngineError`], and the text of an engine error.
//!
//! The types are the WIT's (`session-fs.fs-error`, `llm.llm-error`,
//! `types.engine-error`); wit-bindgen gives them a `Debug`-style `Display`,
//! so the words a user reads are the `message` methods here.

use crate::bindings::types::EngineError;
use crate::llm::LlmError;
use crate::storage::FsError;

impl FsError {
    /// Human text for a storage error, used in engine errors and FAILED
    /// bodies.
    pub fn message(&self) -> String {
        match self {
            FsError::NotFound(name) => format!("file not found: {name}"),
            FsError::InvalidName(name) => format!("invalid file name: {name:?}"),
            FsError::NoSpace => "no space left on the device".to_string(),
            FsError::QuotaExceeded => "the session's storage quota is exceeded".to_string(),
            FsError::Io(msg) => format!("I/O error: {msg}"),
        }
    }
}

impl LlmError {
    /// Human text for an LLM failure, used in fallback reasons and reports.
    pub fn message(&self) -> String {
        match self {
            LlmError::NotConfigured => "no LLM is configured".into(),
            LlmError::RateLimited(Some(ms)) => {
                format!("the LLM is rate-limited (retry after {ms} ms)")
            }
            LlmError::RateLimited(None) => "the LLM is rate-limited".into(),
            LlmError::Timeout => "the LLM timed out".into(),
            LlmError::Auth(m) => format!("the LLM refused the credentials: {m}"),
            LlmError::BadRequest(m) => format!("the LLM refused the request: {m}"),
            LlmError::BadResponse(m) => format!("the LLM's answer could not be used: {m}"),
            LlmError::Unavailable(m) => format!("the LLM is unavailable: {m}"),
            LlmError::Cancelled => "the extraction was cancelled".into(),
        }
    }
}

/// A storage failure the engine cannot work around is a `storage` error.
impl From<FsError> for EngineError {
    fn from(err: FsError) -> Self {
        EngineError::Storage(err.message())
    }
}

impl EngineError {
    /// The error's text, without its kind (the kind is the variant).
    pub fn message(&self) -> &str {
        match self {
            EngineError::InvalidHandle(m)
            | EngineError::UnknownHandle(m)
            | EngineError::InvalidArgument(m)
            | EngineError::Storage(m) => m,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_storage_failure_reads_the_same_wherever_it_surfaces() {
        let err: EngineError = FsError::NotFound("x.txt".into()).into();
        assert_eq!(err, EngineError::Storage("file not found: x.txt".into()));
        assert_eq!(err.message(), "file not found: x.txt");
        assert_eq!(
            EngineError::from(FsError::NoSpace).message(),
            "no space left on the device"
        );
        assert_eq!(
            LlmError::RateLimited(Some(250)).message(),
            "the LLM is rate-limited (retry after 250 ms)"
        );
    }
}
