//! Handles: the only names the model can give the engine, so hostile input.
//!
//! A handle is a lowercase hyphenated UUID. It is checked against that exact
//! shape before it is used to build any file name, so `..`, `/`, NUL or an
//! absolute path can never reach storage.

use crate::EngineError;

/// A handle that passed [`Handle::parse`] (or was just minted).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Handle(String);

/// The files of one stored output. Only these names are ever derived from a handle.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FileKind {
    /// The bytes exactly as received.
    Original,
    /// The view as text.
    ViewText,
    /// The view of a JSON document (re-indented).
    ViewJson,
    /// Byte offsets of every `LINE_INDEX_STRIDE`-th view line.
    LineIndex,
    /// The metadata sidecar; written last, so its presence means "complete".
    Meta,
}

impl FileKind {
    fn suffix(self) -> &'static str {
        match self {
            FileKind::Original => "orig",
            FileKind::ViewText => "txt",
            FileKind::ViewJson => "json",
            FileKind::LineIndex => "idx",
            FileKind::Meta => "meta.json",
        }
    }
}

impl Handle {
    /// A fresh random handle.
    pub fn new() -> Self {
        Handle(uuid::Uuid::new_v4().hyphenated().to_string())
    }

    /// Accepts exactly `xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx`, lowercase hex.
    /// Surrounding whitespace is tolerated (models add it); nothing else is.
    pub fn parse(text: &str) -> Result<Self, EngineError> {
        let trimmed = text.trim();
        if tool_output_wire::contract::is_handle(trimmed) {
            Ok(Handle(trimmed.to_string()))
        } else {
            Err(EngineError::InvalidHandle(format!(
                "{:?} is not a tool_output handle (expected a lowercase UUID like \
                 \"0b7d7e0c-6c1e-4b6e-9a8e-3f0f1b2a4c5d\", as given in the tool result)",
                shorten(text, 80)
            )))
        }
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// The committed name of one of this handle's files.
    pub fn file(&self, kind: FileKind) -> String {
        format!("{}.{}", self.0, kind.suffix())
    }

    /// The temporary name a file is written under before its atomic rename.
    pub fn part_file(&self, kind: FileKind) -> String {
        format!("{}.{}.part", self.0, kind.suffix())
    }

    /// The handle a session file name belongs to, if it is one of ours.
    pub fn of_file(name: &str) -> Option<Handle> {
        let stem = name.get(..36)?;
        let rest = &name[36..];
        if !rest.starts_with('.') {
            return None;
        }
        Handle::parse(stem).ok()
    }
}

impl Default for Handle {
    fn default() -> Self {
        Self::new()
    }
}

impl std::fmt::Display for Handle {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

/// At most `max` chars of `text`, with `…` when cut (for error messages).
pub fn shorten(text: &str, max: usize) -> String {
    match text.char_indices().nth(max) {
        Some((i, _)) => format!("{}…", &text[..i]),
        None => text.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The host copies, exports and publishes a handle's files by the
    /// contract's list, the sidecar last: the engine's kinds must be those.
    #[test]
    fn the_file_kinds_are_the_contracts_in_its_order() {
        let kinds = [
            FileKind::Original,
            FileKind::ViewText,
            FileKind::ViewJson,
            FileKind::LineIndex,
            FileKind::Meta,
        ];
        let suffixes: Vec<&str> = kinds.iter().map(|k| k.suffix()).collect();
        assert_eq!(suffixes, tool_output_wire::contract::HANDLE_FILE_SUFFIXES);
    }

    #[test]
    fn accepts_only_lowercase_uuids() {
        let h = Handle::new();
        assert_eq!(Handle::parse(h.as_str()).unwrap(), h);
        assert_eq!(Handle::parse(&format!(" {h}\n")).unwrap(), h);
        for bad in [
            "",
            "..",
            "../etc/passwd",
            "/etc/passwd",
            "0B7D7E0C-6C1E-4B6E-9A8E-3F0F1B2A4C5D",
            "0b7d7e0c-6c1e-4b6e-9a8e-3f0f1b2a4c5",
            "0b7d7e0c-6c1e-4b6e-9a8e-3f0f1b2a4c5dd",
            "0b7d7e0c_6c1e-4b6e-9a8e-3f0f1b2a4c5d",
            "0b7d7e0c-6c1e-4b6e-9a8e-3f0f1b2a4c\0d",
            "session-0b7d7e0c/0b7d7e0c-6c1e-4b6e-9a8e-3f0f1b2a4c5d",
            "0b7d7e0c-6c1e-4b6e-9a8e-3f0f1b2a4c5g",
        ] {
            let err = Handle::parse(bad).unwrap_err();
            assert!(matches!(err, EngineError::InvalidHandle(_)), "{bad:?}");
        }
    }

    #[test]
    fn file_names_stay_inside_the_flat_namespace() {
        let h = Handle::parse("0b7d7e0c-6c1e-4b6e-9a8e-3f0f1b2a4c5d").unwrap();
        assert_eq!(
            h.file(FileKind::Meta),
            "0b7d7e0c-6c1e-4b6e-9a8e-3f0f1b2a4c5d.meta.json"
        );
        assert_eq!(h.part_file(FileKind::Original), format!("{h}.orig.part"));
        assert_eq!(
            Handle::of_file(&h.file(FileKind::ViewText)),
            Some(h.clone())
        );
        assert_eq!(Handle::of_file("notes.txt"), None);
    }
}
