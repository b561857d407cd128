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

use super::ZSTD_MAGIC;
use super::manifest::{MANIFEST_NAME, MAX_MANIFEST_BYTES, Manifest, SIDECAR_SUFFIX, SUFFIXES};
use crate::loader::ensure_private_dir;

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

enum Format {
    Tar,
    Zstd,
    /// What it looks like instead, said for the user.
    Other(String),
}

/// What the first bytes of an archive say it is.
fn sniff(start: &[u8]) -> Format {
    // A zstd frame, or a skippable frame before one (magic 0x184D2A5?).
    let skippable =
        start.len() >= 4 && start[0] & 0xF0 == 0x50 && start[1..4] == [0x2A, 0x4D, 0x18];
    if start.starts_with(&ZSTD_MAGIC) || skippable {
        return Format::Zstd;
    }
    let named = [
        (
            &b"\x1f\x8b"[..],
            "is gzip data (decompress it first: gunzip)",
        ),
        (b"BZh", "is bzip2 data (decompress it first: bunzip2)"),
        (b"\xfd7zXZ\x00", "is xz data (decompress it first: unxz)"),
        (b"PK\x03\x04", "is a zip archive"),
        (b"\x28\xb5\x2f", "is a cut-off zstd stream"),
    ];
    if let Some((_, what)) = named.iter().find(|(magic, _)| start.starts_with(magic)) {
        return Format::Other(what.to_string());
    }
    if start.is_empty() {
        return Format::Other("is empty".into());
    }
    // A ustar header says so at offset 257; an old-style tar has a
    // checksum only, which the tar reader checks.
    if start.len() >= 262 && &start[257..262] == b"ustar" || start.len() >= 512 {
        return Format::Tar;
    }
    let text = String::from_utf8_lossy(&start[..start.len().min(40)]);
    Format::Other(format!("starts with {text:?}, too short for a tar header"))
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
    ensure_private_dir(parent)?;
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

/// Bytes free for us on the filesystem holding `dir` (None: unknown).
#[cfg(unix)]
fn free_bytes(dir: &Path) -> Option<u64> {
    use std::os::unix::ffi::OsStrExt;
    let path = std::ffi::CString::new(dir.as_os_str().as_bytes()).ok()?;
    let mut stat = std::mem::MaybeUninit::<libc::statvfs>::uninit();
    // SAFETY: a valid C string and a buffer statvfs fills on success.
    if unsafe { libc::statvfs(path.as_ptr(), stat.as_mut_ptr()) } != 0 {
        return None;
    }
    // SAFETY: statvfs returned 0: the buffer is filled.
    let stat = unsafe { stat.assume_init() };
    // Their widths differ between platforms (u32 on macOS).
    #[allow(clippy::unnecessary_cast)]
    Some((stat.f_bavail as u64).saturating_mul(stat.f_frsize as u64))
}

#[cfg(not(unix))]
fn free_bytes(_dir: &Path) -> Option<u64> {
    None
}

/// Staging directories are `<sessions>/.import-<id>`: `gc` passes over one
/// whose import is still running (it holds the lock in it).
pub const STAGING_PREFIX: &str = ".import-";
/// The lock file in a staging directory, and in a session during a commit.
pub const LOCK_NAME: &str = ".import.lock";

/// The private directory an import is verified in; removed unless committed.
struct Staging {
    path: PathBuf,
    /// Held while the import runs: `gc` leaves a locked staging alone.
    _lock: File,
}

impl Staging {
    fn new(parent: &Path) -> Result<Self> {
        let path = parent.join(format!("{STAGING_PREFIX}{}", uuid::Uuid::new_v4().simple()));
        fs::create_dir(&path).with_context(|| format!("creating {}", path.display()))?;
        platform::make_private(&path)?;
        let lock = lock(&path)?;
        Ok(Self { path, _lock: lock })
    }

    /// Handle by handle, all or nothing: each handle's old files (if any)
    /// move aside, sidecar first, then its new ones in, sidecar last; if
    /// any step fails, every step so far is undone. Imports into one
    /// session commit one at a time (a lock in it).
    fn commit(&self, manifest: &Manifest, session_dir: &Path, replace: bool) -> Result<()> {
        ensure_private_dir(session_dir)?;
        let _session_lock = lock(session_dir)?;
        conflicts(manifest, session_dir, replace)?; // again: it may have changed meanwhile
        let aside = self.path.join(".replaced");
        fs::create_dir(&aside).with_context(|| format!("creating {}", aside.display()))?;
        let mut done: Vec<(PathBuf, PathBuf)> = Vec::new();
        let moved = (|| -> Result<()> {
            for handle in &manifest.handles {
                for old in handle_files(session_dir, &handle.handle) {
                    let to = aside.join(old.file_name().context("a file name")?);
                    match fs::rename(&old, &to) {
                        Ok(()) => done.push((old, to)),
                        // Removed meanwhile by another process: gone already.
                        Err(e) if e.kind() == io::ErrorKind::NotFound => {}
                        Err(e) => {
                            return Err(e)
                                .with_context(|| format!("moving {} aside", old.display()));
                        }
                    }
                }
                let mut files: Vec<&super::FileEntry> = handle.files.iter().collect();
                files.sort_by_key(|f| f.name.ends_with(SIDECAR_SUFFIX));
                for file in files {
                    let from = self.path.join(&file.name);
                    let to = session_dir.join(&file.name);
                    fs::rename(&from, &to)
                        .with_context(|| format!("moving {} into place", to.display()))?;
                    done.push((from, to));
                }
            }
            Ok(())
        })();
        if moved.is_err() {
            // Back as it was, last step first.
            for (from, to) in done.iter().rev() {
                let _ = fs::rename(to, from);
            }
        }
        moved
    }
}

/// Locks `dir`'s import lock file (created if missing; never a link),
/// waiting for another import that holds it.
fn lock(dir: &Path) -> Result<File> {
    let path = dir.join(LOCK_NAME);
    let file = platform::no_follow(platform::owner_only(
        fs::OpenOptions::new()
            .read(true)
            .write(true)
            .create(true)
            .truncate(false),
    ))
    .open(&path)
    .with_context(|| format!("opening the lock {}", path.display()))?;
    if !file.metadata()?.is_file() {
        bail!("{} is not a regular file", path.display());
    }
    file.lock()
        .with_context(|| format!("locking {}", path.display()))?;
    Ok(file)
}

/// Whether the import staging in `dir` is still running (its lock held).
pub fn staging_in_use(dir: &Path) -> bool {
    let Ok(file) = platform::no_follow(fs::OpenOptions::new().read(true)).open(dir.join(LOCK_NAME))
    else {
        return false;
    };
    matches!(file.try_lock(), Err(fs::TryLockError::WouldBlock))
}

impl Drop for Staging {
    fn drop(&mut self) {
        let _ = fs::remove_dir_all(&self.path);
    }
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::archive::{FileEntry, HandleEntry};

    fn scratch(what: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!(
            "tool-output-import-{what}-{}",
            uuid::Uuid::new_v4().simple()
        ));
        fs::create_dir_all(dir.join("sessions/s")).unwrap();
        dir
    }

    fn handle(name: &str) -> HandleEntry {
        let files = ["orig", "txt", "meta.json"]
            .into_iter()
            .map(|suffix| FileEntry {
                name: format!("{name}.{suffix}"),
                size: 0,
                sha256: String::new(),
            })
            .collect();
        HandleEntry {
            handle: name.to_string(),
            files,
        }
    }

    fn contents(dir: &Path) -> Vec<(String, String)> {
        let mut all: Vec<(String, String)> = fs::read_dir(dir)
            .unwrap()
            .flatten()
            .filter(|e| !e.file_name().to_string_lossy().starts_with('.'))
            .map(|e| {
                let text = fs::read_to_string(e.path()).unwrap();
                (e.file_name().to_string_lossy().into_owned(), text)
            })
            .collect();
        all.sort();
        all
    }

    #[test]
    fn a_replace_that_fails_midway_puts_everything_back() {
        let root = scratch("rollback");
        let session = root.join("sessions/s");
        let (a, b) = (
            "11111111-1111-4111-8111-111111111111",
            "22222222-2222-4222-8222-222222222222",
        );
        for name in [a, b] {
            for suffix in ["orig", "txt", "meta.json"] {
                fs::write(
                    session.join(format!("{name}.{suffix}")),
                    format!("old {suffix}"),
                )
                .unwrap();
            }
        }
        let before = contents(&session);
        let staging = Staging::new(&root.join("sessions")).unwrap();
        for name in [a, b] {
            for suffix in ["orig", "txt", "meta.json"] {
                fs::write(
                    staging.path.join(format!("{name}.{suffix}")),
                    format!("new {suffix}"),
                )
                .unwrap();
            }
        }
        // The second handle's view went missing from the staging: its move
        // fails after the first handle was replaced whole.
        fs::remove_file(staging.path.join(format!("{b}.txt"))).unwrap();
        let manifest = Manifest {
            format: crate::archive::FORMAT.into(),
            version: crate::archive::VERSION,
            session: "s".into(),
            handles: vec![handle(a), handle(b)],
        };
        let err = staging.commit(&manifest, &session, true).unwrap_err();
        assert!(format!("{err:#}").contains("moving"), "{err:#}");
        assert_eq!(contents(&session), before, "all or nothing");
        drop(staging);
        fs::remove_dir_all(&root).unwrap();
    }
}
