//! What makes a rewrite deterministic: each tool result the gateway has
//! decided on is remembered in the session under a key made of the
//! conversation, the call's id and a hash of the result's bytes as the
//! client sent them. A later turn re-sending the same result finds the
//! key and gets the same message bytes back (never recomputed: a new
//! preview rule or another budget must not change an old turn), so the
//! provider's prompt cache keeps hitting and the output is stored once.
//! A different result under the same call id (an edited history) has
//! another key: it is stored anew rather than answered with a stale handle.
//!
//! The handle itself is the engine's, as for every other store: the key
//! finds it, it is not derived from it.

use std::collections::HashMap;

use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};
use tokio::sync::{Mutex, MutexGuard};

use super::Chunked;
use crate::session::Session;

/// Changes when what a key covers changes.
const VERSION: &[u8] = b"tool-output-gateway/1";

/// The key of one result: sha256 of the version, the API, the
/// conversation, the call id and the result's raw bytes (each field
/// length-prefixed, so no two inputs run together).
pub fn key(dialect: &str, conversation: &str, call_id: &str, pieces: &[Chunked]) -> [u8; 32] {
    let mut hash = Sha256::new();
    for field in [
        VERSION,
        dialect.as_bytes(),
        conversation.as_bytes(),
        call_id.as_bytes(),
    ] {
        hash.update((field.len() as u64).to_le_bytes());
        hash.update(field);
    }
    for piece in pieces {
        hash.update((piece.len() as u64).to_le_bytes());
        for chunk in piece.chunks() {
            hash.update(chunk);
        }
    }
    hash.finalize().into()
}

/// What was decided for a result.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum Entry {
    /// Stored: the message that replaces it, exactly.
    Stored { handle: String, message: String },
    /// The engine let it pass: it stays as it is.
    Passthrough { passthrough: bool },
}

/// The session's index, and locks so that two requests carrying the same
/// new result (a count_tokens beside its message) store it once. The
/// entries this gateway read or wrote are also kept in memory (an entry
/// never changes): a turn re-sending forty results reads no file.
pub struct Index {
    stripes: Vec<Mutex<()>>,
    known: std::sync::Mutex<HashMap<[u8; 32], Entry>>,
}

const STRIPES: usize = 64;
/// Entries kept in memory; past this the map starts over (the notes stay).
const KNOWN: usize = 4096;

impl Default for Index {
    fn default() -> Self {
        Self {
            stripes: (0..STRIPES).map(|_| Mutex::new(())).collect(),
            known: Default::default(),
        }
    }
}

impl Index {
    /// Held while a key is looked up and, if missing, decided and noted.
    pub async fn lock(&self, key: &[u8; 32]) -> MutexGuard<'_, ()> {
        self.stripes[key[0] as usize % STRIPES].lock().await
    }

    pub fn get(&self, session: &Session, key: &[u8; 32]) -> Option<Entry> {
        if let Some(entry) = self.known().get(key) {
            return Some(entry.clone());
        }
        let bytes = session.read_note(&note_name(key))?;
        let entry: Entry = serde_json::from_slice(&bytes).ok()?;
        self.remember(key, &entry);
        Some(entry)
    }

    pub fn put(&self, session: &Session, key: &[u8; 32], entry: &Entry) {
        self.remember(key, entry);
        let Ok(bytes) = serde_json::to_vec(entry) else {
            return;
        };
        if let Err(err) = session.write_note(&note_name(key), &bytes) {
            // This gateway still answers from memory; after a restart the
            // next turn decides again: a new handle, one cache miss.
            tracing::warn!("gateway: could not note a stored result in the session: {err}");
        }
    }

    fn known(&self) -> std::sync::MutexGuard<'_, HashMap<[u8; 32], Entry>> {
        // A panic elsewhere while it was held leaves a map still whole.
        self.known.lock().unwrap_or_else(|e| e.into_inner())
    }

    fn remember(&self, key: &[u8; 32], entry: &Entry) {
        let mut known = self.known();
        if known.len() >= KNOWN {
            known.clear();
        }
        known.insert(*key, entry.clone());
    }
}

fn note_name(key: &[u8; 32]) -> String {
    let mut name = String::with_capacity(68);
    name.push_str(".gw-");
    for b in key {
        name.push_str(&format!("{b:02x}"));
    }
    name
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_differ_by_every_field_and_not_by_how_the_bytes_are_cut() {
        let one = |s: &str| Chunked::from_bytes(bytes::Bytes::copy_from_slice(s.as_bytes()));
        let mut split = Chunked::new();
        split.push(bytes::Bytes::from_static(b"hel"));
        split.push(bytes::Bytes::from_static(b"lo"));
        let base = key("a", "c", "id", &[one("hello")]);
        assert_eq!(base, key("a", "c", "id", &[split]));
        assert_ne!(base, key("b", "c", "id", &[one("hello")]));
        assert_ne!(base, key("a", "d", "id", &[one("hello")]));
        assert_ne!(base, key("a", "c", "id2", &[one("hello")]));
        assert_ne!(base, key("a", "c", "id", &[one("hellO")]));
        assert_ne!(base, key("a", "c", "id", &[one("hel"), one("lo")]));
        assert_ne!(key("a", "cid", "", &[]), key("a", "c", "id", &[]));
        let entry = Entry::Stored {
            handle: "h".into(),
            message: "m".into(),
        };
        let text = serde_json::to_string(&entry).unwrap();
        assert_eq!(serde_json::from_str::<Entry>(&text).unwrap(), entry);
        let pass = Entry::Passthrough { passthrough: true };
        let text = serde_json::to_string(&pass).unwrap();
        assert_eq!(serde_json::from_str::<Entry>(&text).unwrap(), pass);
    }
}
