//! Writing an archive from a session directory, streaming: each file is
//! read twice (once for the manifest's checksums, once into the archive,
//! checked against the first), never held in memory.

use std::collections::BTreeMap;
use std::fs::File;
use std::io::{self, Read, Write};

use crate::platform;
use std::path::Path;

use anyhow::{Context, Result, bail};
use sha2::{Digest, Sha256};

use super::manifest::{
    FORMAT, FileEntry, HandleEntry, MANIFEST_NAME, Manifest, ORIGINAL_SUFFIX, SIDECAR_SUFFIX,
    SUFFIXES, VERSION, split_file_name,
};

/// What to export.
#[derive(Debug, Clone, Default)]
pub struct ExportOptions {
    /// The session's name, recorded in the manifest.
    pub session: String,
    /// Only these handles (each must be stored and complete); `None`: all
    /// the complete handles of the session.
    pub handles: Option<Vec<String>>,
    /// Compress the whole archive with zstd.
    pub zstd: bool,
    /// Stops the export within one read of any file (the partial archive
    /// is removed, as for any failure): hashing a large session reads
    /// gigabytes before the first write.
    pub cancel: Option<tokio_util::sync::CancellationToken>,
    /// Handles not to export (the caller found them broken); they are
    /// reported as skipped.
    pub exclude: Vec<(String, String)>,
}

/// What an export wrote.
#[derive(Debug, Clone)]
pub struct ExportSummary {
    /// The archive's manifest: its handles and files.
    pub manifest: Manifest,
    /// Handles of the session left out, with why (a file of the handle is
    /// not a regular file, the caller excluded it). Empty when the export
    /// named its handles: those are all exported or the export fails.
    pub skipped: Vec<(String, String)>,
}

/// Writes the archive of `session_dir` to `out`.
pub fn export(
    session_dir: &Path,
    options: &ExportOptions,
    out: impl Write,
) -> Result<ExportSummary> {
    let (manifest, skipped) = build_manifest(session_dir, options)?;
    let mut archive = ArchiveWriter::start(out, &manifest, options)?;
    for handle in &manifest.handles {
        archive.handle(session_dir, handle)?;
    }
    archive.finish()?.flush()?;
    Ok(ExportSummary { manifest, skipped })
}

/// [`export`] into a file, written under a temporary name and renamed into
/// place: a failed export leaves no partial archive.
pub fn export_to_path(
    session_dir: &Path,
    options: &ExportOptions,
    path: &Path,
) -> Result<ExportSummary> {
    export_to_path_with(session_dir, options, path, |file| file)
}

/// [`export_to_path`], writing through `wrap` (to count, or to stop early:
/// an error from the wrapper removes the partial archive like any other).
pub fn export_to_path_with<W: Write>(
    session_dir: &Path,
    options: &ExportOptions,
    path: &Path,
    wrap: impl FnOnce(File) -> W,
) -> Result<ExportSummary> {
    let (part, file) = PartFile::create(path)?;
    let summary = export(session_dir, options, io::BufWriter::new(wrap(file)))?;
    part.commit()?;
    Ok(summary)
}

/// An archive being written beside its final name (`.<name>.<id>.part`),
/// renamed into place once complete; removed if dropped before.
pub(crate) struct PartFile {
    part: std::path::PathBuf,
    path: std::path::PathBuf,
    /// The same open file, to sync once the writer (flushed) is gone.
    synced: File,
    committed: bool,
}

impl PartFile {
    /// The part file and the file to write it through.
    pub(crate) fn create(path: &Path) -> Result<(Self, File)> {
        let dir = match path.parent() {
            Some(p) if !p.as_os_str().is_empty() => p,
            _ => Path::new("."),
        };
        let name = path
            .file_name()
            .context("the archive path has no file name")?;
        let part = dir.join(format!(
            ".{}.{}.part",
            name.to_string_lossy(),
            uuid::Uuid::new_v4().simple()
        ));
        // Private, as the session it comes from.
        let file = platform::owner_only(std::fs::OpenOptions::new().write(true).create_new(true))
            .open(&part)
            .with_context(|| format!("creating {}", part.display()))?;
        let synced = file.try_clone()?;
        let part = Self {
            part,
            path: path.to_path_buf(),
            synced,
            committed: false,
        };
        Ok((part, file))
    }

    /// Everything is written (and the writer dropped): synced and renamed
    /// into place.
    pub(crate) fn commit(mut self) -> Result<()> {
        self.synced.sync_all()?;
        std::fs::rename(&self.part, &self.path)
            .with_context(|| format!("writing {}", self.path.display()))?;
        self.committed = true;
        Ok(())
    }
}

impl Drop for PartFile {
    fn drop(&mut self) {
        if !self.committed {
            let _ = std::fs::remove_file(&self.part);
        }
    }
}

/// The handles to export, each file hashed, and those left out with why.
/// Other processes store and remove handles meanwhile: a handle removed
/// before it is hashed is not exported (unless it was asked for).
fn build_manifest(
    session_dir: &Path,
    options: &ExportOptions,
) -> Result<(Manifest, Vec<(String, String)>)> {
    let (found, damaged) = scan(session_dir)?;
    let all: Vec<String> = found.keys().cloned().collect();
    let (wanted, skipped) = select(all, damaged, options)?;
    let asked = options.handles.is_some();
    let mut handles = Vec::new();
    for handle in wanted {
        match hash_handle(session_dir, &handle, &found[&handle], options) {
            Ok(entry) => handles.push(entry),
            // Removed by another process meanwhile.
            Err(err) if !asked && is_not_found(&err) => {}
            Err(err) => return Err(err),
        }
    }
    Ok((manifest(options, handles), skipped))
}

/// The manifest of `handles`.
pub(crate) fn manifest(options: &ExportOptions, handles: Vec<HandleEntry>) -> Manifest {
    Manifest {
        format: FORMAT.to_string(),
        version: VERSION,
        session: options.session.clone(),
        handles,
    }
}

/// The complete handles in `session_dir` (an original and a sidecar)
/// with the suffixes of their files, and the handles with a file that is
/// not a regular file, with why.
pub(crate) type Scanned = (
    BTreeMap<String, Vec<&'static str>>,
    BTreeMap<String, String>,
);

pub(crate) fn scan(session_dir: &Path) -> Result<Scanned> {
    super::refuse_links(session_dir)?;
    let mut found: BTreeMap<String, Vec<&'static str>> = BTreeMap::new();
    let mut damaged: BTreeMap<String, String> = BTreeMap::new();
    let entries = std::fs::read_dir(session_dir)
        .with_context(|| format!("reading session directory {}", session_dir.display()))?;
    for entry in entries.flatten() {
        let name = entry.file_name();
        let Some((handle, suffix)) = name.to_str().and_then(split_file_name) else {
            continue; // `.part` files, stamps, anything not a handle's file
        };
        let Ok(kind) = entry.file_type() else {
            continue; // gone meanwhile
        };
        // A symlink or special file planted in a session is never read;
        // the handle it belongs to is not exported, and that is said.
        if !kind.is_file() {
            let what = if kind.is_dir() {
                "a directory"
            } else if kind.is_symlink() {
                "a symbolic link"
            } else {
                "a special file (a FIFO, a socket or a device)"
            };
            damaged.insert(
                handle.to_string(),
                format!("{} is {what}, not a regular file", name.to_string_lossy()),
            );
            continue;
        }
        let suffix = SUFFIXES
            .iter()
            .find(|s| **s == suffix)
            .copied()
            .unwrap_or("");
        found.entry(handle.to_string()).or_default().push(suffix);
    }
    // Complete handles only: the sidecar is written last by a store.
    found.retain(|_, suffixes| {
        suffixes.contains(&SIDECAR_SUFFIX) && suffixes.contains(&ORIGINAL_SUFFIX)
    });
    Ok((found, damaged))
}

/// Handles left out of an export, with why.
pub(crate) type Skipped = Vec<(String, String)>;

/// Of the session's handles `all`, those to export, and those left out
/// with why (damaged, or excluded by the caller: only when the export did
/// not name its handles; a named one that cannot be exported fails it).
pub(crate) fn select(
    all: Vec<String>,
    damaged: BTreeMap<String, String>,
    options: &ExportOptions,
) -> Result<(Vec<String>, Skipped)> {
    let mut found: std::collections::BTreeSet<String> = all.into_iter().collect();
    let mut skipped = Vec::new();
    let wanted: Vec<String> = match &options.handles {
        None => {
            for (handle, why) in &options.exclude {
                if found.remove(handle) {
                    skipped.push((handle.clone(), why.clone()));
                }
            }
            for (handle, why) in damaged {
                if found.remove(&handle) {
                    skipped.push((handle, why));
                }
            }
            found.into_iter().collect()
        }
        Some(list) => {
            let mut wanted = Vec::new();
            for handle in list {
                let handle = handle.trim().to_string();
                let excluded = options.exclude.iter().find(|(h, _)| *h == handle);
                if let Some(why) = damaged.get(&handle).or(excluded.map(|(_, why)| why)) {
                    bail!("handle {handle:?} cannot be exported: {why}");
                }
                if !found.contains(&handle) {
                    bail!(
                        "handle {handle:?} is not stored in session {:?}",
                        options.session
                    );
                }
                if !wanted.contains(&handle) {
                    wanted.push(handle);
                }
            }
            wanted
        }
    };
    Ok((wanted, skipped))
}

/// The manifest entry of `handle` in `session_dir`: each of its files
/// (`suffixes`) hashed, in archive order (the sidecar last).
pub(crate) fn hash_handle(
    session_dir: &Path,
    handle: &str,
    suffixes: &[&str],
    options: &ExportOptions,
) -> Result<HandleEntry> {
    let mut files = Vec::new();
    for suffix in SUFFIXES {
        if !suffixes.contains(&suffix) {
            continue;
        }
        let name = format!("{handle}.{suffix}");
        let (size, sha256) = hash_file(&session_dir.join(&name), options)?;
        files.push(FileEntry { name, size, sha256 });
    }
    Ok(HandleEntry {
        handle: handle.to_string(),
        files,
    })
}

pub(crate) fn is_not_found(err: &anyhow::Error) -> bool {
    err.chain().any(|cause| {
        cause
            .downcast_ref::<io::Error>()
            .is_some_and(|e| e.kind() == io::ErrorKind::NotFound)
    })
}

/// Opens a session file without following a link or blocking on a FIFO.
fn open_regular(path: &Path) -> Result<File> {
    let file = platform::no_follow(std::fs::OpenOptions::new().read(true))
        .open(path)
        .with_context(|| format!("opening {}", path.display()))?;
    if !file.metadata()?.is_file() {
        bail!("{} is not a regular file", path.display());
    }
    Ok(file)
}

fn hash_file(path: &Path, options: &ExportOptions) -> Result<(u64, String)> {
    let mut file = Cancellable {
        inner: open_regular(path)?,
        cancel: options.cancel.as_ref(),
    };
    let mut hasher = Sha256::new();
    let size =
        io::copy(&mut file, &mut hasher).with_context(|| format!("reading {}", path.display()))?;
    Ok((size, format!("{:x}", hasher.finalize())))
}

/// A reader that fails once its token is cancelled.
struct Cancellable<'a, R> {
    inner: R,
    cancel: Option<&'a tokio_util::sync::CancellationToken>,
}

impl<R: Read> Read for Cancellable<'_, R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        if self.cancel.is_some_and(|c| c.is_cancelled()) {
            // Not `Interrupted`: `io::copy` retries those.
            return Err(io::Error::other("the export was cancelled"));
        }
        self.inner.read(buf)
    }
}

/// An archive being written: the manifest first, then each handle's
/// files, each checked against the manifest as it is copied.
pub(crate) struct ArchiveWriter<'o, W: Write> {
    tar: tar::Builder<Sink<W>>,
    cancel: Option<&'o tokio_util::sync::CancellationToken>,
}

impl<'o, W: Write> ArchiveWriter<'o, W> {
    /// Writes the manifest.
    pub(crate) fn start(out: W, manifest: &Manifest, options: &'o ExportOptions) -> Result<Self> {
        let sink = if options.zstd {
            Sink::Zstd(zstd::Encoder::new(out, 3).context("starting zstd")?)
        } else {
            Sink::Plain(out)
        };
        let mut tar = tar::Builder::new(sink);
        let text = serde_json::to_vec_pretty(manifest)?;
        tar.append(&header(MANIFEST_NAME, text.len() as u64)?, text.as_slice())
            .context("writing the archive")?;
        Ok(Self {
            tar,
            cancel: options.cancel.as_ref(),
        })
    }

    /// The files of `handle`, read from `session_dir`.
    pub(crate) fn handle(&mut self, session_dir: &Path, handle: &HandleEntry) -> Result<()> {
        for file in &handle.files {
            let path = session_dir.join(&file.name);
            let mut reader = Checked {
                inner: Cancellable {
                    inner: open_regular(&path)?,
                    cancel: self.cancel,
                }
                .take(file.size),
                hasher: Sha256::new(),
                left: file.size,
            };
            self.tar
                .append(&header(&file.name, file.size)?, &mut reader)
                .with_context(|| format!("writing {} into the archive", file.name))?;
            if format!("{:x}", reader.hasher.finalize()) != file.sha256 {
                bail!("{} changed while it was being exported", path.display());
            }
        }
        Ok(())
    }

    /// The end of the archive; the writer it was written to.
    pub(crate) fn finish(self) -> Result<W> {
        let sink = self.tar.into_inner().context("writing the archive")?;
        match sink {
            Sink::Plain(out) => Ok(out),
            Sink::Zstd(encoder) => encoder.finish().context("finishing zstd"),
        }
    }
}

/// Where the tar stream goes: as it is, or through zstd.
enum Sink<W: Write> {
    Plain(W),
    Zstd(zstd::Encoder<'static, W>),
}

impl<W: Write> Write for Sink<W> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        match self {
            Sink::Plain(out) => out.write(buf),
            Sink::Zstd(encoder) => encoder.write(buf),
        }
    }
    fn flush(&mut self) -> io::Result<()> {
        match self {
            Sink::Plain(out) => out.flush(),
            Sink::Zstd(encoder) => encoder.flush(),
        }
    }
}

fn header(name: &str, size: u64) -> Result<tar::Header> {
    let mut header = tar::Header::new_ustar();
    header.set_path(name)?;
    header.set_size(size);
    header.set_mode(0o600);
    header.set_mtime(0); // reproducible archives
    header.set_entry_type(tar::EntryType::Regular);
    header.set_cksum();
    Ok(header)
}

/// Hashes what it reads, and fails if the file ends before the size the
/// header promised (a truncated file must not make a corrupt archive).
struct Checked<R> {
    inner: R,
    hasher: Sha256,
    left: u64,
}

impl<R: Read> Read for Checked<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let n = self.inner.read(buf)?;
        if n == 0 && self.left > 0 && !buf.is_empty() {
            return Err(io::Error::new(
                io::ErrorKind::UnexpectedEof,
                "the file shrank while it was being exported",
            ));
        }
        self.hasher.update(&buf[..n]);
        self.left -= n as u64;
        Ok(n)
    }
}
