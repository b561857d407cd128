//! Export / import archives: the handles of a session as one file that
//! moves between processes, machines and the browser.
//!
//! The format (version 1) is a plain ustar archive, optionally compressed
//! with zstd as a whole (`.tar.zst`; import tells them apart by the zstd
//! magic number, so stdin works too):
//!
//! ```text
//! manifest.json                      first member: format, version, session, handles
//! <handle>.orig                      the original bytes
//! <handle>.txt | <handle>.json       the view
//! <handle>.idx                       the view's line index
//! <handle>.meta.json                 the sidecar, last of each handle
//! ```
//!
//! The manifest lists every member with its size and SHA-256. Files are
//! carried, not rebuilt: the view and its index are what gave the model its
//! line numbers, and another engine version could render them differently.
//! Import checks each member against the manifest and the engine checks the
//! files again on every load (they are untrusted on disk too).
//!
//! Both directions stream: memory does not grow with the session. Readers
//! and writers are plain `io::Read` / `io::Write`, and a session is a
//! directory of flat file names, so another session store (an object store)
//! can feed [`export`] from a staged directory and [`import`] into one.

pub(crate) mod export;
mod import;
mod manifest;

pub use export::{ExportOptions, ExportSummary, export, export_to_path, export_to_path_with};
pub use import::{
    COMMIT_MARKER, ImportLimits, ImportOptions, ImportSummary, LOCK_NAME, STAGING_PREFIX, import,
    import_from_path, recover, staged_commit, staging_in_use,
};
pub use manifest::{
    FORMAT, FileEntry, HandleEntry, MANIFEST_NAME, MAX_MANIFEST_BYTES, Manifest, VERSION,
};

/// The first bytes of a zstd frame.
pub const ZSTD_MAGIC: [u8; 4] = [0x28, 0xb5, 0x2f, 0xfd];

/// A session directory that is a symbolic link (or not a directory) is not
/// one of ours: the runtime refuses to open it, and so do we.
fn refuse_links(session_dir: &std::path::Path) -> anyhow::Result<()> {
    match std::fs::symlink_metadata(session_dir) {
        Ok(meta) if !meta.is_dir() => anyhow::bail!(
            "{} is not a directory (a symbolic link or a file): refusing to use it as a session",
            session_dir.display()
        ),
        _ => Ok(()),
    }
}

/// Whether a path asks for compression by its name (`.tar.zst`, `.tzst`).
pub fn wants_zstd(path: &std::path::Path) -> bool {
    let name = path.to_string_lossy();
    name.ends_with(".zst") || name.ends_with(".tzst")
}
