//! The content hashes a published handle carries: the SHA-256 of each of
//! its files but the sidecar, in the sidecar itself (under
//! [`HASHES_KEY`]), so a reader on any machine checks what the store sends
//! against what was stored. The host computes them as it uploads (it reads
//! every byte it sends anyway) and writes the sidecar, which commits the
//! handle, last; the engine ignores the key. A sidecar written before
//! hashes were kept has none, and its handle is read unchecked.

use std::collections::BTreeMap;

use serde_json::{Map, Value};
use sha2::{Digest, Sha256};

/// The sidecar's key: `{"orig": "<sha256 hex>", "txt": …, "idx": …}`.
pub(crate) const HASHES_KEY: &str = "content_sha256";

/// A file's SHA-256 by its suffix (`orig`, `txt`, `json`, `idx`).
pub(crate) type Hashes = BTreeMap<String, String>;

/// The sidecar `sidecar` with `hashes` under [`HASHES_KEY`] (replacing any
/// there); `None` if it is not a JSON object (it is then published as it
/// is, unchecked).
pub(crate) fn with_hashes(sidecar: &[u8], hashes: &Hashes) -> Option<Vec<u8>> {
    let mut fields: Map<String, Value> = serde_json::from_slice(sidecar).ok()?;
    let hashes = hashes
        .iter()
        .map(|(suffix, hex)| (suffix.clone(), Value::String(hex.clone())))
        .collect();
    fields.insert(HASHES_KEY.to_string(), Value::Object(hashes));
    serde_json::to_vec(&fields).ok()
}

/// The hashes `sidecar` carries: `Ok(None)` when it has none (written
/// before they were kept, or not a JSON object: the engine says what is
/// wrong with it), an error when they are not hashes.
pub(crate) fn hashes_in(sidecar: &[u8]) -> Result<Option<Hashes>, String> {
    let Ok(Value::Object(mut fields)) = serde_json::from_slice::<Value>(sidecar) else {
        return Ok(None);
    };
    let Some(found) = fields.remove(HASHES_KEY) else {
        return Ok(None);
    };
    let malformed = || format!("its sidecar's {HASHES_KEY} is not a map of SHA-256 digests");
    let Value::Object(found) = found else {
        return Err(malformed());
    };
    let mut hashes = Hashes::new();
    for (suffix, hex) in found {
        match hex {
            Value::String(hex) if is_sha256_hex(&hex) => {
                hashes.insert(suffix, hex);
            }
            _ => return Err(malformed()),
        }
    }
    Ok(Some(hashes))
}

fn is_sha256_hex(text: &str) -> bool {
    text.len() == 64 && text.bytes().all(|b| matches!(b, b'0'..=b'9' | b'a'..=b'f'))
}

/// Lowercase hex of a finished hash.
pub(crate) fn hex(hasher: Sha256) -> String {
    format!("{:x}", hasher.finalize())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hashes_go_into_a_sidecar_and_come_back_out() {
        let sidecar = br#"{"version":1,"handle":"h","view":{"bytes":3}}"#;
        assert_eq!(hashes_in(sidecar), Ok(None));
        let hashes: Hashes = [("orig".to_string(), "ab".repeat(32))].into();
        let written = with_hashes(sidecar, &hashes).unwrap();
        assert_eq!(hashes_in(&written), Ok(Some(hashes)));
        let kept: Value = serde_json::from_slice(&written).unwrap();
        assert_eq!(kept["view"]["bytes"], 3, "the engine's fields are kept");
        assert_eq!(with_hashes(b"[1]", &Hashes::new()), None);
        let bad = br#"{"content_sha256":{"orig":"not hex"}}"#;
        assert!(hashes_in(bad).is_err());
    }
}
