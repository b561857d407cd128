//! What an archive is, from its first bytes (a tar, zstd, or something
//! else named for the user), and whether the disk can take what it holds.

use std::path::Path;

use crate::archive::ZSTD_MAGIC;

pub(super) enum Format {
    Tar,
    Zstd,
    /// What it looks like instead, said for the user.
    Other(String),
}

/// What the first bytes of an archive say it is.
pub(super) fn sniff(start: &[u8]) -> Format {
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

/// Bytes free for us on the filesystem holding `dir` (None: unknown).
#[cfg(unix)]
pub(super) fn free_bytes(dir: &Path) -> Option<u64> {
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
pub(super) fn free_bytes(_dir: &Path) -> Option<u64> {
    None
}
