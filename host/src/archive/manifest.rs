//! The archive's manifest: what a well-formed archive holds, checked before
//! any member is written anywhere.

use serde::{Deserialize, Serialize};

/// `format` of every archive.
pub const FORMAT: &str = "tool-output-archive";
/// The only version this build reads and writes.
pub const VERSION: u32 = 1;
/// The first member's name.
pub const MANIFEST_NAME: &str = "manifest.json";
/// Largest manifest read: a handle takes ~400 bytes, so ~2500 handles per MiB.
pub const MAX_MANIFEST_BYTES: u64 = 4 << 20;

pub use tool_output_wire::contract::{
    HANDLE_FILE_SUFFIXES as SUFFIXES, ORIGINAL_SUFFIX, SIDECAR_SUFFIX, is_handle,
};

/// `manifest.json`, the archive's first member.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Manifest {
    /// Always [`FORMAT`].
    pub format: String,
    /// [`VERSION`] for the archives this build writes.
    pub version: u32,
    /// The session the handles were exported from (informational: import
    /// goes to the session it is told).
    pub session: String,
    /// Each handle, with its files.
    pub handles: Vec<HandleEntry>,
}

/// One handle in an archive.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct HandleEntry {
    /// The handle id (a lowercase UUID).
    pub handle: String,
    /// In archive order.
    pub files: Vec<FileEntry>,
}

/// One file of a handle, as a member of the archive.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FileEntry {
    /// `<handle>.<suffix>`: a flat name, never a path.
    pub name: String,
    /// Its exact size in bytes.
    pub size: u64,
    /// Lowercase hex SHA-256 of the member's bytes.
    pub sha256: String,
}

impl Manifest {
    /// Parses and checks the shape: format, version, handle ids, file names
    /// (each handle's own, no duplicates, an original and a sidecar), sizes
    /// against `max_member` and `max_total`.
    pub fn parse(bytes: &[u8], max_member: u64, max_total: u64) -> Result<Self, String> {
        let manifest: Manifest =
            serde_json::from_slice(bytes).map_err(|e| format!("the manifest is not valid: {e}"))?;
        if manifest.format != FORMAT {
            return Err(format!(
                "not a tool-output archive (format {:?}, expected {FORMAT:?})",
                manifest.format
            ));
        }
        if manifest.version != VERSION {
            return Err(format!(
                "archive format version {} is not supported (this tool-output reads version {VERSION})",
                manifest.version
            ));
        }
        let mut seen = std::collections::HashSet::new();
        let mut total: u64 = 0;
        for entry in &manifest.handles {
            if !is_handle(&entry.handle) {
                return Err(format!(
                    "{:?} in the manifest is not a handle",
                    entry.handle
                ));
            }
            if !seen.insert(entry.handle.clone()) {
                return Err(format!("handle {} is listed twice", entry.handle));
            }
            let mut suffixes = Vec::new();
            for file in &entry.files {
                let suffix = file
                    .name
                    .strip_prefix(entry.handle.as_str())
                    .and_then(|rest| rest.strip_prefix('.'))
                    .filter(|s| SUFFIXES.contains(s))
                    .ok_or_else(|| {
                        format!(
                            "member {:?} is not a file of handle {}",
                            file.name, entry.handle
                        )
                    })?;
                if suffixes.contains(&suffix) {
                    return Err(format!("member {:?} is listed twice", file.name));
                }
                suffixes.push(suffix);
                if !is_sha256(&file.sha256) {
                    return Err(format!("member {:?} has no valid SHA-256", file.name));
                }
                if file.size > max_member {
                    return Err(format!(
                        "member {:?} is {} bytes, over the {max_member}-byte limit",
                        file.name, file.size
                    ));
                }
                total = total.saturating_add(file.size);
            }
            for needed in [ORIGINAL_SUFFIX, SIDECAR_SUFFIX] {
                if !suffixes.contains(&needed) {
                    return Err(format!("handle {} has no {needed} file", entry.handle));
                }
            }
        }
        if total > max_total {
            return Err(format!(
                "the archive holds {total} bytes, over the {max_total}-byte limit"
            ));
        }
        Ok(manifest)
    }

    /// Bytes of all members.
    pub fn total_bytes(&self) -> u64 {
        self.files().map(|f| f.size).sum()
    }

    /// Every file of every handle, in archive order.
    pub fn files(&self) -> impl Iterator<Item = &FileEntry> {
        self.handles.iter().flat_map(|h| h.files.iter())
    }
}

fn is_sha256(text: &str) -> bool {
    text.len() == 64
        && text
            .bytes()
            .all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b))
}

/// The handle and suffix of a session file name, if it is a handle's file.
pub fn split_file_name(name: &str) -> Option<(&str, &str)> {
    let (handle, rest) = (name.get(..36)?, name.get(36..)?);
    let suffix = rest.strip_prefix('.')?;
    (is_handle(handle) && SUFFIXES.contains(&suffix)).then_some((handle, suffix))
}

#[cfg(test)]
mod tests {
    use super::*;

    const H: &str = "0b7d7e0c-6c1e-4b6e-9a8e-3f0f1b2a4c5d";

    fn manifest(files: &[(&str, u64)]) -> String {
        let files: Vec<_> = files
            .iter()
            .map(|(name, size)| {
                serde_json::json!({"name": name, "size": size, "sha256": "a".repeat(64)})
            })
            .collect();
        serde_json::json!({"format": FORMAT, "version": 1, "session": "s",
            "handles": [{"handle": H, "files": files}]})
        .to_string()
    }

    #[test]
    fn a_well_formed_manifest_parses() {
        let text = manifest(&[(&format!("{H}.orig"), 5), (&format!("{H}.meta.json"), 7)]);
        let m = Manifest::parse(text.as_bytes(), 100, 100).unwrap();
        assert_eq!(m.total_bytes(), 12);
    }

    #[test]
    fn names_that_are_not_the_handles_own_files_are_refused() {
        for bad in [
            "../x".to_string(),
            format!("/{H}.orig"),
            format!("{H}.orig/../../x"),
            format!("{H}.orig\0"),
            format!("{H}.exe"),
            format!("{H}\\orig"),
            "1b7d7e0c-6c1e-4b6e-9a8e-3f0f1b2a4c5d.orig".to_string(),
        ] {
            let text = manifest(&[(&bad, 1), (&format!("{H}.meta.json"), 1)]);
            let err = Manifest::parse(text.as_bytes(), 100, 100).unwrap_err();
            assert!(err.contains("is not a file of handle"), "{bad:?}: {err}");
        }
    }

    #[test]
    fn version_limits_duplicates_and_missing_files_are_refused() {
        let ok = manifest(&[(&format!("{H}.orig"), 5), (&format!("{H}.meta.json"), 7)]);
        let v2 = ok.replace("\"version\":1", "\"version\":2");
        assert!(
            Manifest::parse(v2.as_bytes(), 100, 100)
                .unwrap_err()
                .contains("version 2")
        );
        assert!(
            Manifest::parse(ok.as_bytes(), 6, 100)
                .unwrap_err()
                .contains("limit")
        );
        assert!(
            Manifest::parse(ok.as_bytes(), 100, 11)
                .unwrap_err()
                .contains("limit")
        );
        let dup = manifest(&[(&format!("{H}.orig"), 5), (&format!("{H}.orig"), 5)]);
        assert!(
            Manifest::parse(dup.as_bytes(), 100, 100)
                .unwrap_err()
                .contains("twice")
        );
        let no_meta = manifest(&[(&format!("{H}.orig"), 5)]);
        assert!(
            Manifest::parse(no_meta.as_bytes(), 100, 100)
                .unwrap_err()
                .contains("no meta.json")
        );
    }
}
