//! Storing an output a hook was handed: the bytes in its JSON, or the file
//! the host wrote it to (checked first: a regular file under the host's own
//! directory, never a FIFO or a device, of bounded size). The handle
//! message if it was stored; None if it is small enough to pass.

use std::fs::File;
use std::io::Read;
use std::path::Path;

use anyhow::Result;

use super::super::Env;
use tool_output::{Outcome, StorePolicy, ToolCall};

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

/// Open `path` if it is a regular file inside `allowed`, at most
/// `MAX_FILE` bytes (`tool_output::saved_file`).
pub fn checked_file(path: &str, allowed: &Path) -> Result<Source> {
    let (file, len) = tool_output::saved_file::open_checked(Path::new(path), allowed)?;
    Ok(Source::File(file, len))
}
