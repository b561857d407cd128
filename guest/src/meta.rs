//! The metadata sidecar `<handle>.meta.json`: everything needed to serve a
//! handle from a fresh instance or another process. Written last, atomically.

use serde::{Deserialize, Serialize};

use crate::EngineError;
use crate::bindings::types::{HandleInfo, OutputStats, StoreReason};
use crate::display;
use crate::handle::{FileKind, Handle};
use crate::storage::{FsError, Storage};
use crate::view::PreviewLines;
use crate::view::detect::records::RecordRule;

pub const META_VERSION: u32 = 1;

/// Largest sidecar read. Real ones are a few KiB (stats, a clipped preview,
/// the tool name and args, themselves bounded at store time); a larger
/// file is not read at all.
pub const MAX_META_BYTES: u64 = 1 << 20;

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Meta {
    pub version: u32,
    pub handle: String,
    pub tool: String,
    pub args: String,
    pub model: Option<String>,
    /// `size_cap`, `token_budget` or `reserve_failed`.
    pub reason: String,
    pub created_ms: u64,
    pub stats: Stats,
    pub view: View,
    pub preview: PreviewLines,
    /// Where the view's records start; absent in sidecars written before
    /// records were learned (read as none: the view is searched in fixed
    /// windows), and ignored by engines that predate it.
    #[serde(default)]
    pub records: Option<RecordRule>,
}

/// `types.output-stats`, as stored.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Stats {
    pub bytes: u64,
    pub chars: u64,
    pub lines: u64,
    pub tokens: u64,
    pub tokenizer: String,
    pub tokens_exact: bool,
    pub is_json: bool,
    pub avg_line_bytes: u64,
    pub invalid_utf8: u64,
    pub binary: bool,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct View {
    /// `json` or `txt`: which view file exists.
    pub kind: String,
    pub bytes: u64,
    pub lines: u64,
}

impl From<&OutputStats> for Stats {
    fn from(s: &OutputStats) -> Self {
        Stats {
            bytes: s.bytes,
            chars: s.chars,
            lines: s.lines,
            tokens: s.tokens.unwrap_or(0),
            tokenizer: s.tokenizer.clone(),
            tokens_exact: s.tokens_exact,
            is_json: s.is_json,
            avg_line_bytes: s.avg_line_bytes,
            invalid_utf8: s.invalid_utf8,
            binary: s.binary,
        }
    }
}

impl From<&Stats> for OutputStats {
    fn from(s: &Stats) -> Self {
        OutputStats {
            bytes: s.bytes,
            chars: s.chars,
            lines: s.lines,
            tokens: Some(s.tokens),
            tokenizer: s.tokenizer.clone(),
            tokens_exact: s.tokens_exact,
            is_json: s.is_json,
            avg_line_bytes: s.avg_line_bytes,
            invalid_utf8: s.invalid_utf8,
            binary: s.binary,
        }
    }
}

/// The error for a handle with no stored output in this session.
pub fn unknown_handle(handle: &Handle) -> EngineError {
    EngineError::UnknownHandle(format!(
        "no stored output has handle {handle} in this session (handles are valid only in the \
         session that stored them)"
    ))
}

impl Meta {
    pub fn view_file(&self, handle: &Handle) -> String {
        handle.file(if self.view.kind == "json" {
            FileKind::ViewJson
        } else {
            FileKind::ViewText
        })
    }

    pub fn info(&self) -> HandleInfo {
        HandleInfo {
            handle: self.handle.clone(),
            tool: self.tool.clone(),
            args: self.args.clone(),
            reason: StoreReason::from_name(&self.reason),
            stats: (&self.stats).into(),
            created_ms: self.created_ms,
            view_lines: self.view.lines,
            view_bytes: self.view.bytes,
            problem: None,
        }
    }

    /// Write atomically: a reader sees the old state or the new, never half.
    pub fn commit(&self, st: &dyn Storage, handle: &Handle) -> Result<(), FsError> {
        let json = serde_json::to_vec(self).expect("metadata serializes");
        let part = handle.part_file(FileKind::Meta);
        st.write(&part, &json)?;
        st.rename(&part, &handle.file(FileKind::Meta))
    }

    pub fn load(st: &dyn Storage, handle: &Handle) -> Result<Meta, EngineError> {
        let name = handle.file(FileKind::Meta);
        let size = st.size(&name).map_err(|err| match err {
            FsError::NotFound(_) => unknown_handle(handle),
            other => other.into(),
        })?;
        let corrupt = |what: &str| {
            EngineError::Storage(format!(
                "the metadata of handle {handle} is corrupt: {what}"
            ))
        };
        if size > MAX_META_BYTES {
            return Err(corrupt(&format!(
                "it is {size} bytes, more than the {MAX_META_BYTES} a sidecar can be"
            )));
        }
        let bytes = st.read(&name, 0, size)?;
        let mut meta: Meta = serde_json::from_slice(&bytes).map_err(|e| corrupt(&e.to_string()))?;
        if meta.handle != handle.as_str() || meta.version != META_VERSION {
            return Err(EngineError::Storage(format!(
                "the metadata of handle {handle} does not belong to it or has an unknown version"
            )));
        }
        meta.check().map_err(|what| corrupt(&what))?;
        // Shown as stored, but the file may not have been written by us.
        meta.tool = display::shown(&meta.tool, display::MAX_TOOL_CHARS);
        meta.args = display::shown(&meta.args, display::MAX_ARGS_CHARS);
        Ok(meta)
    }

    /// What must hold between the sidecar's own fields (the files it
    /// describes are checked when they are opened, in `doc`).
    fn check(&self) -> Result<(), String> {
        let view = &self.view;
        if view.kind != "json" && view.kind != "txt" {
            return Err(format!("unknown view kind {:?}", view.kind));
        }
        // Every view line holds at least one byte (its newline or, for the
        // last, a character).
        if view.lines > view.bytes || (view.lines == 0) != (view.bytes == 0) {
            return Err(format!(
                "a view of {} bytes cannot have {} lines",
                view.bytes, view.lines
            ));
        }
        let preview = &self.preview;
        let causes = (preview.causes.iter()).flat_map(|c| [Some(&c.root), c.frame.as_ref()]);
        let fields = (preview.odd_fields.iter()).flat_map(|f| [f.header, f.line]);
        let mut numbers = preview
            .head
            .iter()
            .chain(&preview.errors)
            .chain(&preview.rare)
            .chain(&preview.tail)
            .chain(&preview.standout)
            .chain(causes.flatten())
            .map(|l| l.line)
            .chain(fields);
        if let Some(bad) = numbers.find(|&n| n == 0 || n > view.lines) {
            return Err(format!(
                "its preview shows line {bad} of a {}-line view",
                view.lines
            ));
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sidecars_without_records_still_load_and_new_ones_round_trip() {
        let old = r#"{"version":1,"handle":"h","tool":"t","args":"{}","model":null,
            "reason":"size_cap","created_ms":1,"stats":{"bytes":9,"chars":9,"lines":1,
            "tokens":3,"tokenizer":"cl100k_base","tokens_exact":true,"is_json":false,
            "avg_line_bytes":9,"invalid_utf8":0,"binary":false},
            "view":{"kind":"txt","bytes":9,"lines":1},
            "preview":{"head":[],"errors":[],"tail":[]}}"#;
        let mut meta: Meta = serde_json::from_str(old).unwrap();
        assert_eq!(meta.records, None);
        meta.records = Some(RecordRule {
            indent: 0,
            key: Some("commit".into()),
            count: 9,
        });
        let json = serde_json::to_string(&meta).unwrap();
        assert!(json.contains(r#""records":{"indent":0,"key":"commit","count":9}"#));
        let back: Meta = serde_json::from_str(&json).unwrap();
        assert_eq!(back.records, meta.records);
    }
}
