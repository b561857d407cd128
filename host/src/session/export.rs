//! `export` through a [`Session`]: on a local session the archive of its
//! directory ([`crate::archive::export`]); on a session on an object store,
//! every handle of the session, whether this directory has it or only the
//! store does, streamed into the archive one handle at a time — fetched
//! whole (checked against its content hashes), written, then left to the
//! cache's bound — so the cache never holds the session, and no handle is
//! left out unsaid: one that cannot be fetched fails the export, named.
//!
//! The manifest comes first and lists every file's SHA-256: a handle the
//! directory lacks takes them from its sidecar (the hashes published with
//! it) and its objects' sizes from the store's listing, so it is fetched
//! once, when it is written. A handle published before sidecars carried
//! hashes is fetched to be hashed, then again to be written.

use std::io::Write;
use std::path::Path;

use sha2::{Digest, Sha256};

use super::Session;
use crate::archive::export::{
    ArchiveWriter, PartFile, hash_handle, is_not_found, manifest, scan, select,
};
use crate::archive::{ExportOptions, ExportSummary, FileEntry, HandleEntry};
use crate::error::{Error, Result};
use crate::remote::{self, Remote, Sizes};
use tool_output_wire::contract::{HANDLE_FILE_SUFFIXES as SUFFIXES, SIDECAR_SUFFIX, sidecar_name};

impl Session {
    /// Writes the archive of the session (its handles, or
    /// `options.handles`) to `out`. On a store, the handles this directory
    /// lacks are fetched one at a time as they are written, and the cache
    /// is trimmed back to its bound after each (a handle larger than the
    /// bound passes it while it is written); every handle is exported, or
    /// the export fails naming the one it could not.
    pub async fn export(&self, options: &ExportOptions, out: impl Write) -> Result<ExportSummary> {
        let Some(remote) = self.remote.get() else {
            return Ok(crate::archive::export(&self.path, options, out)?);
        };
        let (manifest, skipped) = self.store_manifest(remote, options).await?;
        let mut archive = ArchiveWriter::start(out, &manifest, options)?;
        for handle in &manifest.handles {
            self.fetch_for_export(remote, &handle.handle).await?;
            archive.handle(&self.path, handle)?;
            remote::evict(remote, &self.dir, "").await;
        }
        archive.finish()?.flush().map_err(anyhow::Error::from)?;
        Ok(ExportSummary { manifest, skipped })
    }

    /// [`Session::export`] into a file: written under a temporary name
    /// beside it and renamed into place, so a failed or interrupted export
    /// leaves nothing; through `wrap` (to count, or to stop early).
    pub async fn export_to_path<W: Write>(
        &self,
        options: &ExportOptions,
        path: &Path,
        wrap: impl FnOnce(std::fs::File) -> W,
    ) -> Result<ExportSummary> {
        let (part, file) = PartFile::create(path)?;
        let summary = self
            .export(options, std::io::BufWriter::new(wrap(file)))
            .await?;
        part.commit()?;
        Ok(summary)
    }

    /// The manifest of an export of a session on a store: the handles of
    /// the directory and of the store.
    async fn store_manifest(
        &self,
        remote: &Remote,
        options: &ExportOptions,
    ) -> Result<(crate::archive::Manifest, Vec<(String, String)>)> {
        let in_store = remote::inventory(remote).await?;
        let (here, damaged) = scan(&self.path)?;
        let all: Vec<String> = here
            .keys()
            .chain(in_store.keys())
            .cloned()
            .collect::<std::collections::BTreeSet<_>>()
            .into_iter()
            .collect();
        let (wanted, skipped) = select(all, damaged, options)?;
        let mut handles = Vec::new();
        for handle in wanted {
            if let Some(suffixes) = here.get(&handle) {
                match hash_handle(&self.path, &handle, suffixes, options) {
                    Ok(entry) => {
                        handles.push(entry);
                        continue;
                    }
                    // Evicted meanwhile (another process trimmed the
                    // cache): the store has it.
                    Err(err) if is_not_found(&err) && in_store.contains_key(&handle) => {}
                    Err(err) => return Err(err.into()),
                }
            }
            let Some(sizes) = in_store.get(&handle) else {
                return Err(gone(&handle));
            };
            handles.push(self.entry_in_store(remote, &handle, sizes, options).await?);
        }
        Ok((manifest(options, handles), skipped))
    }

    /// The manifest entry of a handle the store has: from its sidecar's
    /// hashes and the listing's sizes, or, for a handle published before
    /// sidecars carried hashes, by fetching and hashing it.
    async fn entry_in_store(
        &self,
        remote: &Remote,
        handle: &str,
        sizes: &Sizes,
        options: &ExportOptions,
    ) -> Result<HandleEntry> {
        let sidecar = remote::sidecar(remote, &self.dir, handle)
            .await?
            .ok_or_else(|| gone(handle))?;
        if let Some(hashes) = remote::hashes_of(remote, handle, &sidecar)? {
            let mut files = Vec::new();
            for suffix in SUFFIXES.iter().filter(|s| **s != SIDECAR_SUFFIX) {
                match (hashes.get(*suffix), sizes.get(*suffix)) {
                    (Some(sha256), Some(size)) => files.push(FileEntry {
                        name: format!("{handle}.{suffix}"),
                        size: *size,
                        sha256: sha256.clone(),
                    }),
                    (None, _) => {}
                    // Its sidecar names a file the store lacks: fetching
                    // it says so.
                    (Some(_), None) => return self.hashed_in_store(remote, handle, options).await,
                }
            }
            files.push(FileEntry {
                name: sidecar_name(handle),
                size: sidecar.len() as u64,
                sha256: format!("{:x}", Sha256::digest(&sidecar)),
            });
            return Ok(HandleEntry {
                handle: handle.to_string(),
                files,
            });
        }
        self.hashed_in_store(remote, handle, options).await
    }

    /// A handle fetched whole and hashed, then left to the cache's bound.
    async fn hashed_in_store(
        &self,
        remote: &Remote,
        handle: &str,
        options: &ExportOptions,
    ) -> Result<HandleEntry> {
        self.fetch_for_export(remote, handle).await?;
        let suffixes: Vec<&str> = SUFFIXES
            .into_iter()
            .filter(|s| self.path.join(format!("{handle}.{s}")).is_file())
            .collect();
        let entry = hash_handle(&self.path, handle, &suffixes, options)?;
        remote::evict(remote, &self.dir, "").await;
        Ok(entry)
    }

    /// `handle` whole in this directory (fetched unless it is there).
    async fn fetch_for_export(&self, remote: &Remote, handle: &str) -> Result<()> {
        if self.has_locally(handle) {
            return Ok(());
        }
        if remote::fetch(remote, &self.dir, handle).await? {
            Ok(())
        } else {
            Err(gone(handle))
        }
    }
}

/// A handle that went from the store (and this directory) during the
/// export.
fn gone(handle: &str) -> Error {
    Error::Setup(anyhow::anyhow!(
        "handle {handle} was removed from the session while it was being exported (nothing was \
         written)"
    ))
}
