//! The `session-fs` import: the engine's calls on the session directory,
//! and on the files of one handle the directory lacks, read from where they
//! are kept ([`RemoteFiles`]: an object store, read by range).

use std::time::Instant;

use futures::future::BoxFuture;

use super::FsError;
use crate::bindings::session_fs::Host;
use crate::capabilities::HostState;

/// The files of one handle that the session directory may lack, read from
/// elsewhere. `read` and `size` of a name it serves go to it; everything
/// else stays in the directory.
pub(crate) trait RemoteFiles: Send + Sync {
    /// Whether `name` is one of the files it serves.
    fn serves(&self, name: &str) -> bool;
    /// The size of `name`.
    fn size<'a>(&'a self, name: &'a str) -> BoxFuture<'a, Result<u64, FsError>>;
    /// Up to `len` bytes of `name` from `offset` (as the directory's read).
    fn read<'a>(
        &'a self,
        name: &'a str,
        offset: u64,
        len: u64,
    ) -> BoxFuture<'a, Result<Vec<u8>, FsError>>;
    /// The names it adds to the directory's listing (a listing of a
    /// session on a store: the sidecars of the handles the directory lacks).
    fn names(&self) -> Vec<String> {
        Vec::new()
    }
}

impl HostState {
    /// What serves `name` from elsewhere, if anything does.
    fn remote_serving(&self, name: &str) -> Option<std::sync::Arc<dyn RemoteFiles>> {
        self.remote.clone().filter(|remote| remote.serves(name))
    }
}

/// The generated trait, delegating to the state's session directory.
impl Host for HostState {
    fn write(&mut self, name: String, data: Vec<u8>) -> Result<(), FsError> {
        self.note_created(&name);
        self.lock_writer(&name);
        self.timed(|s| s.session.write(&name, &data))
    }
    fn append(&mut self, name: String, data: Vec<u8>) -> Result<(), FsError> {
        self.note_created(&name);
        self.lock_writer(&name);
        self.timed(|s| s.session.append(&name, &data))
    }
    async fn read(&mut self, name: String, offset: u64, len: u64) -> Result<Vec<u8>, FsError> {
        let result = match self.remote_serving(&name) {
            None => self.timed(|s| s.session.read(&name, offset, len)),
            Some(remote) => {
                // Waiting on the store is not guest time.
                let start = Instant::now();
                let result = remote.read(&name, offset, len).await;
                self.add_import_time(start.elapsed());
                result
            }
        };
        if let Ok(data) = &result {
            self.note_read(&name, offset + data.len() as u64);
        }
        result
    }
    async fn size(&mut self, name: String) -> Result<u64, FsError> {
        let Some(remote) = self.remote_serving(&name) else {
            return self.timed(|s| s.session.size(&name));
        };
        let start = Instant::now();
        let result = remote.size(&name).await;
        self.add_import_time(start.elapsed());
        result
    }
    fn rename(&mut self, from: String, to: String) -> Result<(), FsError> {
        self.timed(|s| s.session.rename(&from, &to))?;
        // A file this call created and committed is still its own until
        // the call returns: abandoned after the commit, it goes too.
        self.note_renamed(&from, &to);
        Ok(())
    }
    fn remove(&mut self, name: String) -> Result<(), FsError> {
        self.timed(|s| s.session.remove(&name))
    }
    fn list(&mut self) -> Result<Vec<String>, FsError> {
        let mut names = self.timed(|s| s.session.list())?;
        if let Some(remote) = &self.remote {
            let here: std::collections::HashSet<String> = names.iter().cloned().collect();
            names.extend(remote.names().into_iter().filter(|n| !here.contains(n)));
        }
        Ok(names)
    }
}
