//! What a store was asked and what it sent: every request of a
//! [`RemoteStore`](super::RemoteStore) goes through [`Counted`], which
//! counts reads (GET and HEAD) with the body bytes received, and writes
//! with the bytes sent. For benchmarks, tests and anyone who pays per
//! request.

use std::fmt;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

use async_trait::async_trait;
use futures::StreamExt;
use futures::stream::BoxStream;
use object_store::path::Path;
use object_store::{
    CopyOptions, GetOptions, GetResult, GetResultPayload, ListResult, MultipartUpload, ObjectMeta,
    ObjectStore, PutMultipartOptions, PutOptions, PutPayload, PutResult, Result, UploadPart,
};

/// The requests a store answered since it was opened, and their bytes.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Traffic {
    /// GET and HEAD requests (ranged or whole).
    pub reads: u64,
    /// Body bytes received for them.
    pub bytes_received: u64,
    /// PUT requests (whole objects and parts of multipart uploads).
    pub writes: u64,
    /// Body bytes sent for them.
    pub bytes_sent: u64,
    /// Listings and deletions (a listing counts once, however many pages).
    pub others: u64,
}

impl Traffic {
    /// What happened between `earlier` and this.
    pub fn since(&self, earlier: &Traffic) -> Traffic {
        Traffic {
            reads: self.reads - earlier.reads,
            bytes_received: self.bytes_received - earlier.bytes_received,
            writes: self.writes - earlier.writes,
            bytes_sent: self.bytes_sent - earlier.bytes_sent,
            others: self.others - earlier.others,
        }
    }
}

#[derive(Debug, Default)]
pub(super) struct Counters {
    reads: AtomicU64,
    bytes_received: AtomicU64,
    writes: AtomicU64,
    bytes_sent: AtomicU64,
    others: AtomicU64,
}

impl Counters {
    pub(super) fn snapshot(&self) -> Traffic {
        let get = |c: &AtomicU64| c.load(Ordering::Relaxed);
        Traffic {
            reads: get(&self.reads),
            bytes_received: get(&self.bytes_received),
            writes: get(&self.writes),
            bytes_sent: get(&self.bytes_sent),
            others: get(&self.others),
        }
    }

    fn add(counter: &AtomicU64, n: u64) {
        counter.fetch_add(n, Ordering::Relaxed);
    }
}

/// A store whose requests are counted in `counters`.
#[derive(Debug)]
pub(super) struct Counted {
    pub(super) inner: Arc<dyn ObjectStore>,
    pub(super) counters: Arc<Counters>,
}

impl fmt::Display for Counted {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.inner.fmt(f)
    }
}

#[async_trait]
impl ObjectStore for Counted {
    async fn put_opts(
        &self,
        location: &Path,
        payload: PutPayload,
        opts: PutOptions,
    ) -> Result<PutResult> {
        Counters::add(&self.counters.writes, 1);
        Counters::add(&self.counters.bytes_sent, payload.content_length() as u64);
        self.inner.put_opts(location, payload, opts).await
    }

    async fn put_multipart_opts(
        &self,
        location: &Path,
        opts: PutMultipartOptions,
    ) -> Result<Box<dyn MultipartUpload>> {
        let inner = self.inner.put_multipart_opts(location, opts).await?;
        Ok(Box::new(CountedUpload {
            inner,
            counters: self.counters.clone(),
        }))
    }

    async fn get_opts(&self, location: &Path, options: GetOptions) -> Result<GetResult> {
        Counters::add(&self.counters.reads, 1);
        let got = self.inner.get_opts(location, options).await?;
        let GetResult {
            payload,
            meta,
            range,
            attributes,
            extensions,
        } = got;
        // Whatever the payload, as a stream (the only kind a remote store
        // sends), each chunk counted as it arrives.
        let stream = GetResult {
            payload,
            meta: meta.clone(),
            range: range.clone(),
            attributes: Default::default(),
            extensions: Default::default(),
        }
        .into_stream();
        let counters = self.counters.clone();
        let counted = stream.inspect(move |chunk| {
            if let Ok(chunk) = chunk {
                Counters::add(&counters.bytes_received, chunk.len() as u64);
            }
        });
        Ok(GetResult {
            payload: GetResultPayload::Stream(counted.boxed()),
            meta,
            range,
            attributes,
            extensions,
        })
    }

    fn delete_stream(
        &self,
        locations: BoxStream<'static, Result<Path>>,
    ) -> BoxStream<'static, Result<Path>> {
        let counters = self.counters.clone();
        let counted = locations.inspect(move |_| Counters::add(&counters.others, 1));
        self.inner.delete_stream(counted.boxed())
    }

    fn list(&self, prefix: Option<&Path>) -> BoxStream<'static, Result<ObjectMeta>> {
        Counters::add(&self.counters.others, 1);
        self.inner.list(prefix)
    }

    fn list_with_offset(
        &self,
        prefix: Option<&Path>,
        offset: &Path,
    ) -> BoxStream<'static, Result<ObjectMeta>> {
        Counters::add(&self.counters.others, 1);
        self.inner.list_with_offset(prefix, offset)
    }

    async fn list_with_delimiter(&self, prefix: Option<&Path>) -> Result<ListResult> {
        Counters::add(&self.counters.others, 1);
        self.inner.list_with_delimiter(prefix).await
    }

    async fn copy_opts(&self, from: &Path, to: &Path, options: CopyOptions) -> Result<()> {
        Counters::add(&self.counters.others, 1);
        self.inner.copy_opts(from, to, options).await
    }
}

/// A multipart upload whose parts are counted.
#[derive(Debug)]
struct CountedUpload {
    inner: Box<dyn MultipartUpload>,
    counters: Arc<Counters>,
}

#[async_trait]
impl MultipartUpload for CountedUpload {
    fn put_part(&mut self, data: PutPayload) -> UploadPart {
        Counters::add(&self.counters.writes, 1);
        Counters::add(&self.counters.bytes_sent, data.content_length() as u64);
        self.inner.put_part(data)
    }

    async fn complete(&mut self) -> Result<PutResult> {
        self.inner.complete().await
    }

    async fn abort(&mut self) -> Result<()> {
        self.inner.abort().await
    }
}
