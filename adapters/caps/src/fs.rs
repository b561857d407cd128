//! `session-fs` on `wasi:filesystem`, straight on the preopened `/session`
//! descriptor (no wasi-libc path layer). Names are flat and checked by the
//! same rule as the native host's; the last component is never followed if
//! it is a symlink, and WASI confines everything else to the preopen.

use wasip2::filesystem::preopens::get_directories;
use wasip2::filesystem::types::{
    Descriptor, DescriptorFlags, DescriptorType, ErrorCode, OpenFlags, PathFlags,
};

use crate::Caps;
use crate::exports::tool_output::core::session_fs::{FsError, Guest};

/// Where the session directory must be mounted: `--dir HOST_DIR::/session`.
pub const SESSION: &str = "/session";

fn session() -> Result<Descriptor, FsError> {
    get_directories()
        .into_iter()
        .find(|(_, path)| path == SESSION)
        .map(|(dir, _)| dir)
        .ok_or_else(|| {
            FsError::Io(format!(
                "no directory is preopened as {SESSION} (run with --dir HOST_DIR::{SESSION})"
            ))
        })
}

/// The native host's rule (`tool_output_wire::contract`).
fn check(name: &str) -> Result<(), FsError> {
    if tool_output_wire::contract::is_session_file_name(name) {
        Ok(())
    } else {
        Err(FsError::InvalidName(name.chars().take(200).collect()))
    }
}

fn error(name: &str, code: ErrorCode) -> FsError {
    match code {
        ErrorCode::NoEntry => FsError::NotFound(name.into()),
        ErrorCode::InsufficientSpace => FsError::NoSpace,
        ErrorCode::Quota => FsError::QuotaExceeded,
        code => FsError::Io(format!("{name}: {code:?}")),
    }
}

fn open(name: &str, create: OpenFlags, access: DescriptorFlags) -> Result<Descriptor, FsError> {
    check(name)?;
    let file = session()?
        .open_at(PathFlags::empty(), name, create, access)
        .map_err(|e| error(name, e))?;
    match file.get_type().map_err(|e| error(name, e))? {
        DescriptorType::RegularFile => Ok(file),
        _ => Err(FsError::InvalidName(format!(
            "{name} is not a regular file"
        ))),
    }
}

fn write_at(
    file: &Descriptor,
    name: &str,
    mut data: &[u8],
    mut offset: u64,
) -> Result<(), FsError> {
    while !data.is_empty() {
        let n = file
            .write(&data[..data.len().min(1 << 20)], offset)
            .map_err(|e| error(name, e))?;
        data = &data[n as usize..];
        offset += n;
    }
    Ok(())
}

impl Guest for Caps {
    fn write(name: String, data: Vec<u8>) -> Result<(), FsError> {
        let flags = OpenFlags::CREATE | OpenFlags::TRUNCATE;
        let file = open(&name, flags, DescriptorFlags::WRITE)?;
        write_at(&file, &name, &data, 0)
    }

    fn append(name: String, data: Vec<u8>) -> Result<(), FsError> {
        let access = DescriptorFlags::READ | DescriptorFlags::WRITE;
        let file = open(&name, OpenFlags::CREATE, access)?;
        let end = file.stat().map_err(|e| error(&name, e))?.size;
        write_at(&file, &name, &data, end)
    }

    fn read(name: String, offset: u64, len: u64) -> Result<Vec<u8>, FsError> {
        let file = open(&name, OpenFlags::empty(), DescriptorFlags::READ)?;
        let mut out = Vec::new();
        while (out.len() as u64) < len {
            let want = (len - out.len() as u64).min(1 << 22);
            let (bytes, end) = file
                .read(want, offset + out.len() as u64)
                .map_err(|e| error(&name, e))?;
            out.extend_from_slice(&bytes);
            if end || bytes.is_empty() {
                break;
            }
        }
        Ok(out)
    }

    fn size(name: String) -> Result<u64, FsError> {
        Ok(open(&name, OpenFlags::empty(), DescriptorFlags::READ)?
            .stat()
            .map_err(|e| error(&name, e))?
            .size)
    }

    fn rename(from: String, to: String) -> Result<(), FsError> {
        check(&from)?;
        check(&to)?;
        let dir = session()?;
        dir.rename_at(&from, &dir, &to).map_err(|e| error(&from, e))
    }

    fn remove(name: String) -> Result<(), FsError> {
        check(&name)?;
        session()?
            .unlink_file_at(&name)
            .map_err(|e| error(&name, e))
    }

    fn list() -> Result<Vec<String>, FsError> {
        let entries = session()?.read_directory().map_err(|e| error(SESSION, e))?;
        let mut names = Vec::new();
        while let Some(entry) = entries
            .read_directory_entry()
            .map_err(|e| error(SESSION, e))?
        {
            if entry.type_ == DescriptorType::RegularFile && check(&entry.name).is_ok() {
                names.push(entry.name);
            }
        }
        names.sort();
        Ok(names)
    }
}
