//! The exchanges a client never saw, put back where they were. With
//! `--tools` the client gets the model's last turn only; the calls of our
//! tools before it (and, in a turn that also called the client's tools, our
//! calls and their results) stay with the upstream. On the client's next
//! request they must be there again: a turn that went on after tool results
//! must keep its thinking blocks, every call needs its result, and the
//! upstream saw `[…, A1, R1, A2]` last time, so `[…, A2]` would miss its
//! prompt cache from A1 on. Each entry is noted in the session under the
//! conversation and the key of the turn the client got, and its items are
//! the exact JSON text spliced back every time: the same bytes each turn.

use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

use crate::session::Session;

/// What goes back around one client-visible turn (each item a history
/// item's JSON text).
#[derive(Debug, Default, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Entry {
    /// Our earlier rounds: inserted before the turn.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub before: Vec<String>,
    /// The turn as the upstream made it, in place of the client's copy.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub replace: Vec<String>,
    /// Items right after the turn.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub after: Vec<String>,
    /// Parts put first in the next history item's content.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub into_next: Vec<String>,
    /// Items put first in the history of a request that continues this
    /// answer on the server (Responses' `previous_response_id`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub prepend: Vec<String>,
}

impl Entry {
    pub fn is_empty(&self) -> bool {
        *self == Entry::default()
    }
}

fn note_name(api: &str, conversation: &str, key: &str) -> String {
    let mut hash = Sha256::new();
    for field in ["tool-output-ledger/1", api, conversation, key] {
        hash.update((field.len() as u64).to_le_bytes());
        hash.update(field.as_bytes());
    }
    let mut name = String::from(".gwl-");
    for b in hash.finalize() {
        name.push_str(&format!("{b:02x}"));
    }
    name
}

pub fn get(session: &Session, api: &str, conversation: &str, key: &str) -> Option<Entry> {
    let bytes = session.read_note(&note_name(api, conversation, key))?;
    serde_json::from_slice(&bytes).ok()
}

pub fn put(session: &Session, api: &str, conversation: &str, key: &str, entry: &Entry) {
    let Ok(bytes) = serde_json::to_vec(entry) else {
        return;
    };
    if let Err(err) = session.write_note(&note_name(api, conversation, key), &bytes) {
        tracing::warn!(
            "gateway: could not note the exchanges the client did not see ({err}); its next \
             request goes up without them"
        );
    }
}
