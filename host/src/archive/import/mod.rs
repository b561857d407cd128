//! Restoring an archive into a session, treating it as hostile: every
//! member must be one the manifest announced, a regular file of exactly the
//! announced size and checksum; nothing reaches the session until all of
//! them are verified in a private directory beside it, then each handle is
//! renamed into place (its sidecar last, so a reader never sees half of it).

use std::cell::Cell;
use std::collections::HashMap;
use std::fs::{self, File};
use std::io::{self, BufReader, Read, Write};

use crate::platform;
use std::path::{Path, PathBuf};
use std::rc::Rc;

use anyhow::{Context, Result, bail};
use sha2::{Digest, Sha256};

use super::manifest::{MANIFEST_NAME, MAX_MANIFEST_BYTES, Manifest, SUFFIXES};
use crate::private_files::ensure_dir;

mod format;
mod staging;

use format::{Format, free_bytes, sniff};
use staging::Staging;
pub use staging::{
    COMMIT_MARKER, LOCK_NAME, STAGING_PREFIX, recover, staged_commit, staging_in_use,
};

/// Bounds on what an archive may make us write.
#[derive(Debug, Clone, Copy)]
pub struct ImportLimits {
    /// Largest member.
    pub max_member_bytes: u64,
    /// All members together (also bounds what a zstd stream may expand to).
    pub max_total_bytes: u64,
}

impl Default for ImportLimits {
    fn default() -> Self {
        Self {
            max_member_bytes: 16 << 30,
            max_total_bytes: 64 << 30,
        }
    }
}

/// How to import.
#[derive(Debug, Clone, Copy, Default)]
pub struct ImportOptions {
    /// Replace handles the session already has (else: refuse the import).
    pub replace: bool,
    /// Bounds on what the archive may hold.
    pub limits: ImportLimits,
}

/// What an import added.
#[derive(Debug, Clone)]
pub struct ImportSummary {
    /// The archive's manifest, checked: the handles now in the session.
    pub manifest: Manifest,
    /// Handles that were already in the session and were replaced.
    pub replaced: Vec<String>,
}

/// Per member: its header block and up to 511 bytes of padding; at the end
/// the end-of-archive blocks and a record's padding (other tars pad to
/// 10 KiB records).
const MEMBER_OVERHEAD: u64 = 1024;
const END_OVERHEAD: u64 = 20 << 10;

/// Imports the archive read from `archive` (tar or tar.zst) into the
/// session directory `session_dir` (created if missing).
pub fn import(
    archive: impl Read,
    session_dir: &Path,
    options: &ImportOptions,
) -> Result<ImportSummary> {
    let mut archive = archive;
    // A header's worth (fewer if it is shorter), read again after.
    let mut start = Vec::with_capacity(512);
    (&mut archive)
        .take(512)
        .read_to_end(&mut start)
        .context("reading the archive")?;
    let compressed = match sniff(&start) {
        Format::Zstd => true,
        Format::Tar => false,
        Format::Other(what) => bail!(
            "this is not an archive written by `tool-output export` (a tar or tar.zst): it {what}"
        ),
    };
    let input = BufReader::new(io::Cursor::new(start).chain(archive));
    // What may be read past the manifest grows once the manifest is known:
    // a stream that expands (a zstd bomb) or runs on is cut off there.
    let budget = Rc::new(Cell::new(MAX_MANIFEST_BYTES + 2 * MEMBER_OVERHEAD));
    if compressed {
        let mut decoder = zstd::Decoder::with_buffer(input).context("reading zstd")?;
        decoder.window_log_max(27).context("reading zstd")?;
        import_tar(
            Budgeted {
                inner: decoder,
                budget: budget.clone(),
            },
            &budget,
            session_dir,
            options,
        )
    } else {
        import_tar(
            Budgeted {
                inner: input,
                budget: budget.clone(),
            },
            &budget,
            session_dir,
            options,
        )
    }
}

/// [`import`] from a file.
pub fn import_from_path(
    path: &Path,
    session_dir: &Path,
    options: &ImportOptions,
) -> Result<ImportSummary> {
    let file = File::open(path).with_context(|| format!("opening {}", path.display()))?;
    import(file, session_dir, options)
}

fn import_tar(
    reader: impl Read,
    budget: &Rc<Cell<u64>>,
    session_dir: &Path,
    options: &ImportOptions,
) -> Result<ImportSummary> {
    let limits = options.limits;
    super::refuse_links(session_dir)?;
    let mut tar = tar::Archive::new(reader);
    // Raw: long-name and pax records are members like any other (and
    // refused), never buffered by the tar reader.
    let mut entries = tar.entries().context("reading the archive")?.raw(true);
    let manifest = {
        let mut entry = match entries.next() {
            Some(entry) => entry.map_err(|e| {
                anyhow::anyhow!(
                    "this is not an archive written by `tool-output export`: its start is not a tar header ({e})"
                )
            })?,
            None => bail!("the archive is empty (no {MANIFEST_NAME})"),
        };
        check_regular(&entry)?;
        let name = entry.path_bytes();
        if name.as_ref() != MANIFEST_NAME.as_bytes() {
            bail!(
                "the archive does not start with {MANIFEST_NAME} (first member: {:?})",
                String::from_utf8_lossy(&name)
            );
        }
        let size = entry.header().entry_size()?;
        if size > MAX_MANIFEST_BYTES {
            bail!("the manifest is {size} bytes, over the {MAX_MANIFEST_BYTES}-byte limit");
        }
        let mut text = Vec::new();
        (&mut entry)
            .take(size)
            .read_to_end(&mut text)
            .map_err(truncated)?;
        Manifest::parse(&text, limits.max_member_bytes, limits.max_total_bytes)
            .map_err(|e| anyhow::anyhow!("{e}"))?
    };
    let members = manifest.files().count() as u64;
    budget.set(budget.get() + manifest.total_bytes() + members * MEMBER_OVERHEAD + END_OVERHEAD);

    let replaced = conflicts(&manifest, session_dir, options.replace)?;

    let parent = session_dir
        .parent()
        .context("the session directory has no parent")?;
    ensure_dir(parent)?;
    // Before a byte is written: an archive that says it holds more than
    // the disk can take is refused now, not after filling it.
    let total = manifest.total_bytes();
    if let Some(free) = free_bytes(parent)
        && total > free
    {
        bail!(
            "the archive's handles take {total} bytes and the disk has {free} free: nothing was written"
        );
    }
    let staging = Staging::new(parent)?;
    let mut expected: HashMap<Vec<u8>, (&super::FileEntry, bool)> = manifest
        .files()
        .map(|f| (f.name.as_bytes().to_vec(), (f, false)))
        .collect();
    for entry in entries {
        let mut entry = entry.map_err(truncated)?;
        check_regular(&entry)?;
        let name = entry.path_bytes().into_owned();
        let shown = String::from_utf8_lossy(&name).into_owned();
        let (file, done) = match expected.get_mut(&name) {
            Some(slot) => slot,
            None if name == MANIFEST_NAME.as_bytes() => {
                bail!("the archive has a second {MANIFEST_NAME}")
            }
            None => bail!("member {shown:?} is not in the manifest"),
        };
        if *done {
            bail!("member {shown:?} appears twice");
        }
        let size = entry.header().entry_size()?;
        if size != file.size {
            bail!(
                "member {shown:?} is {size} bytes, the manifest says {}",
                file.size
            );
        }
        let path = staging.path.join(&file.name);
        let mut out = platform::no_follow(platform::owner_only(
            fs::OpenOptions::new().write(true).create_new(true),
        ))
        .open(&path)
        .with_context(|| format!("creating {}", path.display()))?;
        let mut hashing = HashingWriter {
            inner: &mut out,
            hasher: Sha256::new(),
        };
        let copied = io::copy(&mut (&mut entry).take(size), &mut hashing).map_err(truncated)?;
        if copied != size {
            bail!(
                "the archive is truncated (member {shown:?} ends after {copied} of {size} bytes)"
            );
        }
        if format!("{:x}", hashing.hasher.finalize()) != file.sha256 {
            bail!("member {shown:?} does not match its checksum in the manifest");
        }
        out.sync_all()
            .with_context(|| format!("writing {}", path.display()))?;
        *done = true;
    }
    if let Some(missing) = manifest.files().find(|f| !expected[f.name.as_bytes()].1) {
        bail!(
            "the archive is truncated or incomplete: member {:?} is missing",
            missing.name
        );
    }
    staging.commit(&manifest, session_dir, options.replace)?;
    Ok(ImportSummary { manifest, replaced })
}

fn check_regular<R: Read>(entry: &tar::Entry<R>) -> Result<()> {
    let kind = entry.header().entry_type();
    if !matches!(kind, tar::EntryType::Regular) {
        bail!(
            "member {:?} is a {}, not a regular file",
            String::from_utf8_lossy(&entry.path_bytes()),
            describe(kind)
        );
    }
    Ok(())
}

fn describe(kind: tar::EntryType) -> &'static str {
    use tar::EntryType::*;
    match kind {
        Symlink => "symbolic link",
        Link => "hard link",
        Char | Block => "device",
        Fifo => "FIFO",
        Directory => "directory",
        GNULongName | GNULongLink | XHeader | XGlobalHeader => "long-name or pax record",
        _ => "special member",
    }
}

/// A read error of the tar stream, said as what it almost always is.
fn truncated(err: io::Error) -> anyhow::Error {
    anyhow::anyhow!("the archive is truncated or corrupt: {err}")
}

/// Handles of the manifest already in the session: an error unless
/// `replace`, else the list of those that will be replaced.
fn conflicts(manifest: &Manifest, session_dir: &Path, replace: bool) -> Result<Vec<String>> {
    let present: Vec<String> = manifest
        .handles
        .iter()
        .filter(|h| handle_files(session_dir, &h.handle).next().is_some())
        .map(|h| h.handle.clone())
        .collect();
    if !present.is_empty() && !replace {
        bail!(
            "handle {} already exists in the session (use --replace to replace it){}",
            present[0],
            match present.len() {
                1 => String::new(),
                n => format!(", and {} more", n - 1),
            }
        );
    }
    Ok(present)
}

/// The files of `handle` present in `dir`, the sidecar first (removing it
/// first makes the handle incomplete before it is gone).
fn handle_files<'a>(dir: &'a Path, handle: &'a str) -> impl Iterator<Item = PathBuf> + 'a {
    SUFFIXES
        .iter()
        .rev()
        .map(move |s| dir.join(format!("{handle}.{s}")))
        .filter(|p| fs::symlink_metadata(p).is_ok())
}

/// A reader that fails once it has given more than its budget.
struct Budgeted<R> {
    inner: R,
    budget: Rc<Cell<u64>>,
}

impl<R: Read> Read for Budgeted<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let left = self.budget.get();
        if left == 0 {
            return Err(io::Error::other(
                "the archive is larger than its manifest says (or decompresses to more)",
            ));
        }
        let max = buf.len().min(usize::try_from(left).unwrap_or(usize::MAX));
        let n = self.inner.read(&mut buf[..max])?;
        self.budget.set(left - n as u64);
        Ok(n)
    }
}

struct HashingWriter<W> {
    inner: W,
    hasher: Sha256,
}

impl<W: Write> Write for HashingWriter<W> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        let n = self.inner.write(buf)?;
        self.hasher.update(&buf[..n]);
        Ok(n)
    }
    fn flush(&mut self) -> io::Result<()> {
        self.inner.flush()
    }
}
