//! Storing an output a hook was handed: the bytes in its JSON, or the file
//! the host wrote it to (checked first: a regular file under the host's own
//! directory, never a FIFO or a device, of bounded size). The handle
//! message if it was stored; None if it is small enough to pass.

use std::fs::{File, OpenOptions};
use std::io::Read;
use std::path::{Path, PathBuf};

use anyhow::{Context, Result, bail};

use super::super::Env;
use tool_output::platform;
use tool_output::{Outcome, StorePolicy, ToolCall};

/// The largest file a host may point a hook at.
pub const MAX_FILE: u64 = 1 << 30;

/// Where the output is.
pub enum Source {
    Bytes(Vec<u8>),
    /// An opened, checked file and its size.
    File(File, u64),
}

impl Source {
    fn len(&self) -> u64 {
        match self {
            Source::Bytes(bytes) => bytes.len() as u64,
            Source::File(_, len) => *len,
        }
    }
}

/// Store `source` in `session` as the output of `call`; its handle message,
/// or None when it passes (small).
pub async fn keep(
    env: &Env,
    session: &str,
    call: &ToolCall,
    policy: &StorePolicy,
    source: Source,
) -> Result<Option<String>> {
    // Small by bytes alone: no engine needed (a hook runs on every command).
    let bytes_only = policy.max_inline_chars.is_none()
        && policy.remaining_tokens.is_none()
        && !policy.reserve_failed;
    if bytes_only && source.len() <= policy.max_inline_bytes {
        return Ok(None);
    }
    let env = Env {
        root: env.root.clone(),
        session_name: session.to_string(),
        json: false,
        config: env.config.clone(),
        store: env.store.clone(),
        store_cache_mb: env.store_cache_mb,
        remote: Default::default(),
    };
    let (_runtime, session) = env.session().await?;
    let mut writer = session.writer_with(call, policy).await?;
    match source {
        Source::Bytes(bytes) => writer.write(&bytes).await?,
        Source::File(mut file, len) => {
            let mut left = len;
            let mut buf = vec![0u8; 1 << 20];
            while left > 0 {
                let n = file.read(&mut buf)?;
                if n == 0 {
                    break;
                }
                let n = n.min(left as usize);
                writer.write(&buf[..n]).await?;
                left -= n as u64;
            }
        }
    }
    match writer.finish().await? {
        Outcome::Stored(stored) => Ok(Some(stored.message)),
        Outcome::Passthrough(_) => Ok(None),
    }
}

/// Open `path` if it is a regular file inside `allowed` (both resolved:
/// no symbolic link leads out), at most [`MAX_FILE`] bytes.
pub fn checked_file(path: &str, allowed: &Path) -> Result<Source> {
    let path = PathBuf::from(path);
    if !path.is_absolute() {
        bail!("{} is not an absolute path", path.display());
    }
    let allowed = allowed
        .canonicalize()
        .with_context(|| format!("{} (where the host keeps outputs)", allowed.display()))?;
    let real = path
        .canonicalize()
        .with_context(|| format!("{}", path.display()))?;
    if !real.starts_with(&allowed) {
        bail!(
            "{} is not under {}: not read",
            path.display(),
            allowed.display()
        );
    }
    let mut options = OpenOptions::new();
    options.read(true);
    platform::no_follow(&mut options);
    platform::non_blocking(&mut options);
    let file = options
        .open(&real)
        .with_context(|| format!("{}", real.display()))?;
    let meta = file.metadata()?;
    if !meta.is_file() {
        bail!("{} is not a regular file: not read", real.display());
    }
    if meta.len() > MAX_FILE {
        bail!(
            "{} has {} bytes, over the {} MiB a hook reads",
            real.display(),
            meta.len(),
            MAX_FILE >> 20
        );
    }
    Ok(Source::File(file, meta.len()))
}
