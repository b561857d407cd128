//! The bound on a session's local cache: when its files pass it, whole
//! handles go (what was fetched whole, or cached by range), least recently
//! used first, and only handles the store has (a handle stored before the
//! session had a store is never evicted).

use std::collections::HashMap;
use std::time::SystemTime;

use object_store::ObjectStoreExt;

use super::Remote;
use super::ranged::handle_of;
use crate::capabilities::session_fs::SessionDir;
use tool_output_wire::contract::{SIDECAR_SUFFIX, is_handle, sidecar_name};

/// Evicts handles other than `keep` until the cache is within its bound;
/// how many went. Failures only leave the cache larger.
pub(crate) async fn evict(remote: &Remote, dir: &SessionDir, keep: &str) -> usize {
    if dir.usage() <= remote.cache_bytes {
        return 0;
    }
    let Ok(files) = dir.files() else { return 0 };
    // handle -> (its files, when it was last used)
    let mut handles: HashMap<String, (Vec<String>, SystemTime)> = HashMap::new();
    for (name, _, at) in files {
        let handle = match (handle_of(&name), name.split_once('.')) {
            (Some(handle), _) => handle,
            (None, Some((handle, _))) if is_handle(handle) => handle,
            _ => continue,
        };
        if handle == keep {
            continue;
        }
        let entry = handles
            .entry(handle.to_string())
            .or_insert((Vec::new(), SystemTime::UNIX_EPOCH));
        entry.1 = entry.1.max(at);
        entry.0.push(name);
    }
    let mut order: Vec<_> = handles.into_iter().collect();
    order.sort_by_key(|(_, (_, at))| *at);
    let mut evicted = 0;
    for (handle, (mut names, _)) in order {
        if dir.usage() <= remote.cache_bytes {
            break;
        }
        let sidecar = sidecar_name(&handle);
        let in_store = remote
            .store
            .store
            .head(&remote.store.object(&remote.session, &sidecar))
            .await
            .is_ok();
        if !in_store {
            continue;
        }
        // The sidecar first (fetched whole, or kept by range): the handle
        // is gone from the cache at once.
        names.sort_by_key(|name| !name.ends_with(SIDECAR_SUFFIX));
        for name in names {
            if name.starts_with('.') {
                dir.remove_hidden(&name);
            } else {
                let _ = dir.remove(&name);
            }
        }
        evicted += 1;
    }
    evicted
}
