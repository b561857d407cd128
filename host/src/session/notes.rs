//! The host's own small files in a session directory ("notes", hidden
//! names the engine can neither open nor list): a front's memory of what
//! it did in the session (the gateway's index of stored results), gone
//! with the session.

use super::Session;

/// The largest note read back.
const MAX_NOTE: u64 = 1 << 20;

impl Session {
    /// Note `name` (`.` + a session file name) holds `data`, put in place
    /// whole or not at all.
    pub(crate) fn write_note(&self, name: &str, data: &[u8]) -> std::io::Result<()> {
        self.dir
            .install(name, data)
            .map_err(|e| std::io::Error::other(format!("{e:?}")))
    }

    /// Note `name`, if there is one (at most 1 MiB of it).
    pub(crate) fn read_note(&self, name: &str) -> Option<Vec<u8>> {
        let len = self.dir.hidden_len(name)?;
        self.dir.read_hidden(name, 0, len.min(MAX_NOTE)).ok()
    }
}
