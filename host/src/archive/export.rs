//! Writing an archive from a session directory, streaming: each file is
//! read twice (once for the manifest's checksums, once into the archive,
//! checked against the first), never held in memory.

use std::collections::BTreeMap;
use std::fs::File;
use std::io::{self, Read, Write};
use std::os::unix::fs::OpenOptionsExt;
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
}

/// What an export wrote.
#[derive(Debug, Clone)]
pub struct ExportSummary {
    /// The archive's manifest: its handles and files.
    pub manifest: Manifest,
}

/// Writes the archive of `session_dir` to `out`.
pub fn export(
    session_dir: &Path,
    options: &ExportOptions,
    out: impl Write,
) -> Result<ExportSummary> {
    let manifest = build_manifest(session_dir, options)?;
    if options.zstd {
        let encoder = zstd::Encoder::new(out, 3).context("starting zstd")?;
        let encoder = write_tar(session_dir, &manifest, encoder)?;
        encoder.finish().context("finishing zstd")?.flush()?;
    } else {
        write_tar(session_dir, &manifest, out)?.flush()?;
    }
    Ok(ExportSummary { manifest })
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
    let file = std::fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .mode(0o600)
        .open(&part)
        .with_context(|| format!("creating {}", part.display()))?;
    // The same open file, to sync once the writer (flushed) is gone.
    let synced = file.try_clone()?;
    let written = export(session_dir, options, io::BufWriter::new(wrap(file)))
        .and_then(|summary| Ok(synced.sync_all().map(|()| summary)?));
    let renamed = written.and_then(|summary| {
        std::fs::rename(&part, path).with_context(|| format!("writing {}", path.display()))?;
        Ok(summary)
    });
    if renamed.is_err() {
        let _ = std::fs::remove_file(&part);
    }
    renamed
}

/// The handles to export, each file hashed.
fn build_manifest(session_dir: &Path, options: &ExportOptions) -> Result<Manifest> {
    super::refuse_links(session_dir)?;
    let mut found: BTreeMap<String, Vec<&'static str>> = BTreeMap::new();
    let entries = std::fs::read_dir(session_dir)
        .with_context(|| format!("reading session directory {}", session_dir.display()))?;
    for entry in entries {
        let entry = entry.with_context(|| format!("reading {}", session_dir.display()))?;
        let name = entry.file_name();
        let Some((handle, suffix)) = name.to_str().and_then(split_file_name) else {
            continue; // `.part` files, stamps, anything not a handle's file
        };
        // A symlink or special file planted in a session is not exported.
        if !entry.file_type().is_ok_and(|t| t.is_file()) {
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
    let wanted: Vec<String> = match &options.handles {
        None => found.keys().cloned().collect(),
        Some(list) => {
            let mut wanted = Vec::new();
            for handle in list {
                let handle = handle.trim().to_string();
                if !found.contains_key(&handle) {
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
    let mut handles = Vec::new();
    for handle in wanted {
        let mut files = Vec::new();
        for suffix in SUFFIXES {
            if !found[&handle].contains(&suffix) {
                continue;
            }
            let name = format!("{handle}.{suffix}");
            let (size, sha256) = hash_file(&session_dir.join(&name))?;
            files.push(FileEntry { name, size, sha256 });
        }
        handles.push(HandleEntry { handle, files });
    }
    Ok(Manifest {
        format: FORMAT.to_string(),
        version: VERSION,
        session: options.session.clone(),
        handles,
    })
}

/// Opens a session file without following a link or blocking on a FIFO.
fn open_regular(path: &Path) -> Result<File> {
    let file = std::fs::OpenOptions::new()
        .read(true)
        .custom_flags(libc::O_NOFOLLOW | libc::O_NONBLOCK)
        .open(path)
        .with_context(|| format!("opening {}", path.display()))?;
    if !file.metadata()?.is_file() {
        bail!("{} is not a regular file", path.display());
    }
    Ok(file)
}

fn hash_file(path: &Path) -> Result<(u64, String)> {
    let mut file = open_regular(path)?;
    let mut hasher = Sha256::new();
    let size =
        io::copy(&mut file, &mut hasher).with_context(|| format!("reading {}", path.display()))?;
    Ok((size, format!("{:x}", hasher.finalize())))
}

fn write_tar<W: Write>(session_dir: &Path, manifest: &Manifest, out: W) -> Result<W> {
    let mut tar = tar::Builder::new(out);
    let text = serde_json::to_vec_pretty(manifest)?;
    tar.append(&header(MANIFEST_NAME, text.len() as u64)?, text.as_slice())
        .context("writing the archive")?;
    for file in manifest.files() {
        let path = session_dir.join(&file.name);
        let mut reader = Checked {
            inner: open_regular(&path)?.take(file.size),
            hasher: Sha256::new(),
            left: file.size,
        };
        tar.append(&header(&file.name, file.size)?, &mut reader)
            .with_context(|| format!("writing {} into the archive", file.name))?;
        if format!("{:x}", reader.hasher.finalize()) != file.sha256 {
            bail!("{} changed while it was being exported", path.display());
        }
    }
    tar.into_inner().context("writing the archive")
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
