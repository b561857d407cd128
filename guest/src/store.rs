//! Storing an output: decide passthrough or store, and write it eagerly.
//!
//! One pipeline serves both `store(bytes)` and the streaming writer. Bytes
//! are held until the output proves oversized; from then on every piece goes
//! straight to `<h>.orig.part` and its view to `<h>.txt.part`. `finish`
//! renames the parts into place and writes the metadata last, so a handle is
//! either complete or absent.

use std::time::{SystemTime, UNIX_EPOCH};

use crate::bindings::types::{
    CallInfo, EngineError, OutputStats, StoreOutcome, StorePolicy, StoreReason, StoredOutput,
};
use crate::handle::{FileKind, Handle};
use crate::message;
use crate::meta::{self, Meta};
use crate::stats::StatsCounter;
use crate::storage::{READ_BLOCK, Storage};
use crate::tokens::elsewhere::OpenHelpers;
use crate::tokens::encoding_for_model;
use crate::view::{LineSink, Utf8Decoder, ViewBuilder};

/// View bytes are written in batches of about this size: a batch is held
/// here and copied once more by the host, so it stays no larger than the
/// pieces a streaming host feeds (the gateway's are 256 KiB).
const FLUSH_AT: usize = 256 << 10;

pub struct Writer {
    call: CallInfo,
    policy: StorePolicy,
    decoder: Utf8Decoder,
    stats: StatsCounter,
    view: ViewBuilder,
    sink: LineSink,
    text: String,
    /// Original bytes held while the output may still pass through…
    held: Vec<u8>,
    /// …and their text. The view is built only once the output is stored.
    held_text: String,
    /// Set once the output is known to be stored and its parts exist.
    spilled: Option<Handle>,
}

impl Writer {
    pub fn new(call: CallInfo, policy: StorePolicy) -> Self {
        let (encoding, exact) = encoding_for_model(call.model.as_deref());
        Self {
            call,
            policy,
            decoder: Utf8Decoder::default(),
            stats: StatsCounter::new(encoding, exact),
            view: ViewBuilder::new(),
            sink: LineSink::new(),
            text: String::new(),
            held: Vec::new(),
            held_text: String::new(),
            spilled: None,
        }
    }

    /// Let helpers `open` gives count some of the tokens (the host's other
    /// cores); the count is the same.
    pub fn count_elsewhere(&mut self, open: OpenHelpers) {
        self.stats.count_elsewhere(open);
    }

    pub fn write(&mut self, st: &dyn Storage, chunk: &[u8]) -> Result<(), EngineError> {
        let result = self.write_inner(st, chunk);
        if result.is_err() {
            self.abort(st);
        }
        result
    }

    fn write_inner(&mut self, st: &dyn Storage, chunk: &[u8]) -> Result<(), EngineError> {
        // Certain to be stored already: spill first, so this piece is not
        // copied into the held buffers only to be written out again.
        if self.spilled.is_none()
            && self.held.len() as u64 + chunk.len() as u64 > self.policy.max_inline_bytes
        {
            self.spill(st)?;
        }
        self.stats.push_raw(chunk);
        self.text.clear();
        self.decoder.decode(chunk, &mut self.text);
        self.stats.push_text(&self.text);
        match &self.spilled {
            Some(handle) => {
                st.append(&handle.part_file(FileKind::Original), chunk)?;
                self.view.push(&self.text, &mut self.sink);
            }
            None => {
                self.held.extend_from_slice(chunk);
                self.held_text.push_str(&self.text);
                if self.over_size_cap() {
                    self.spill(st)?;
                }
            }
        }
        self.flush_view(st, false)
    }

    /// Remove whatever this writer wrote (a failed or dropped store).
    pub fn abort(&mut self, st: &dyn Storage) {
        if let Some(handle) = self.spilled.take() {
            for kind in [FileKind::Original, FileKind::ViewText, FileKind::LineIndex] {
                let _ = st.remove(&handle.part_file(kind));
            }
        }
    }

    pub fn finish(mut self, st: &dyn Storage) -> Result<StoreOutcome, EngineError> {
        let result = self.finish_inner(st);
        if result.is_err() {
            self.abort(st);
        }
        result
    }

    fn finish_inner(&mut self, st: &dyn Storage) -> Result<StoreOutcome, EngineError> {
        self.text.clear();
        self.decoder.finish(&mut self.text);
        self.stats.push_text(&self.text);
        if self.spilled.is_some() {
            self.view.push(&self.text, &mut self.sink);
        } else {
            self.held_text.push_str(&self.text);
        }
        let reason = self.reason();
        let counter = std::mem::replace(
            &mut self.stats,
            StatsCounter::new(crate::tokens::Encoding::Cl100k, true),
        );
        let reason = match reason {
            Some(reason) => reason,
            None => {
                // It passes unless a token budget says otherwise; tokens are
                // counted only when there is a budget to check.
                let budget = self.policy.remaining_tokens;
                let stats = counter.finish(
                    self.decoder.invalid,
                    crate::view::is_json(&self.held_text),
                    budget.is_some(),
                );
                if budget.is_none_or(|left| stats.tokens.unwrap_or(0) <= left) {
                    return Ok(StoreOutcome::Passthrough(stats));
                }
                return self.commit(st, StoreReason::TokenBudget, stats);
            }
        };
        let stats = counter.finish(self.decoder.invalid, false, true);
        self.commit(st, reason, stats)
    }

    /// Write the stored output's files (view ended, index, renames, then the
    /// metadata last) and build the handle message.
    fn commit(
        &mut self,
        st: &dyn Storage,
        reason: StoreReason,
        mut stats: OutputStats,
    ) -> Result<StoreOutcome, EngineError> {
        if self.spilled.is_none() {
            self.spill(st)?;
        }
        let handle = self.spilled.clone().expect("spilled above");
        let flat = self.view.flat_retry();
        let mut verdict = std::mem::take(&mut self.view).finish(&mut self.sink);
        self.sink.finish();
        if verdict.is_none()
            && let Some(depth) = flat
        {
            verdict = self.rebuild_view(st, &handle, ViewBuilder::json_flat(depth))?;
        }
        if verdict.is_none() {
            self.rebuild_view(st, &handle, ViewBuilder::text_only())?;
        } else if flat.is_none() {
            self.flush_view(st, true)?;
        }
        let is_json = verdict == Some(true);
        stats.is_json = is_json;
        let view_kind = if is_json {
            FileKind::ViewJson
        } else {
            FileKind::ViewText
        };
        let index: Vec<u8> = self
            .sink
            .index()
            .iter()
            .flat_map(|o| o.to_le_bytes())
            .collect();
        st.write(&handle.part_file(FileKind::LineIndex), &index)?;
        for (part, committed) in [
            (FileKind::Original, FileKind::Original),
            (FileKind::ViewText, view_kind),
            (FileKind::LineIndex, FileKind::LineIndex),
        ] {
            st.rename(&handle.part_file(part), &handle.file(committed))?;
        }
        let findings = self.sink.findings();
        let meta = Meta {
            version: meta::META_VERSION,
            handle: handle.to_string(),
            tool: crate::display::shown(&self.call.tool, crate::display::MAX_TOOL_CHARS),
            args: crate::display::shown(&self.call.args, crate::display::MAX_ARGS_CHARS),
            model: self.call.model.clone(),
            reason: reason.as_str().to_string(),
            created_ms: now_ms(),
            stats: (&stats).into(),
            view: meta::View {
                kind: if is_json { "json" } else { "txt" }.to_string(),
                bytes: self.sink.bytes(),
                lines: self.sink.lines(),
            },
            preview: findings.preview,
            records: findings.records,
        };
        if let Err(err) = meta.commit(st, &handle) {
            for kind in [FileKind::Original, view_kind, FileKind::LineIndex] {
                let _ = st.remove(&handle.file(kind));
            }
            self.spilled = None;
            return Err(err.into());
        }
        self.spilled = None; // committed: nothing to abort
        let message = message::handle_message(&meta, &self.policy);
        Ok(StoreOutcome::Stored(StoredOutput {
            handle: handle.to_string(),
            message,
            reason,
            stats,
        }))
    }

    fn over_size_cap(&self) -> bool {
        self.stats.bytes() > self.policy.max_inline_bytes
            || self
                .policy
                .max_inline_chars
                .is_some_and(|max| self.stats.chars() > max)
    }

    /// Size decides first, then the caller's reservation (seed order).
    fn reason(&self) -> Option<StoreReason> {
        if self.over_size_cap() {
            Some(StoreReason::SizeCap)
        } else if self.policy.reserve_failed {
            Some(StoreReason::ReserveFailed)
        } else {
            None
        }
    }

    fn spill(&mut self, st: &dyn Storage) -> Result<(), EngineError> {
        let handle = Handle::new();
        // Set first so a failed write still cleans up.
        self.spilled = Some(handle.clone());
        st.write(&handle.part_file(FileKind::Original), &self.held)?;
        self.held = Vec::new();
        st.write(&handle.part_file(FileKind::ViewText), &[])?;
        let held_text = std::mem::take(&mut self.held_text);
        self.view.push(&held_text, &mut self.sink);
        Ok(())
    }

    fn flush_view(&mut self, st: &dyn Storage, force: bool) -> Result<(), EngineError> {
        let Some(handle) = &self.spilled else {
            return Ok(());
        };
        if self.sink.pending_output() == 0 || (!force && self.sink.pending_output() < FLUSH_AT) {
            return Ok(());
        }
        let view = handle.part_file(FileKind::ViewText);
        self.sink
            .flush_output(|bytes| st.append(&view, bytes))
            .map_err(EngineError::from)
    }

    /// The view could not be made as the input streamed (it looked like
    /// JSON but was not, or its re-indented view grew too big): redo it
    /// with `builder` from the original already on disk. Returns the
    /// builder's verdict; on None (this JSON view too grew too big) the
    /// view file is left for the next rebuild to overwrite.
    fn rebuild_view(
        &mut self,
        st: &dyn Storage,
        handle: &Handle,
        mut builder: ViewBuilder,
    ) -> Result<Option<bool>, EngineError> {
        let orig = handle.part_file(FileKind::Original);
        let view = handle.part_file(FileKind::ViewText);
        st.write(&view, &[])?;
        self.sink = LineSink::new();
        let mut decoder = Utf8Decoder::default();
        let mut text = String::new();
        let size = st.size(&orig)?;
        let mut offset = 0;
        while offset < size {
            let block = st.read(&orig, offset, READ_BLOCK)?;
            if block.is_empty() {
                break;
            }
            offset += block.len() as u64;
            text.clear();
            decoder.decode(&block, &mut text);
            builder.push(&text, &mut self.sink);
            if self.sink.pending_output() >= FLUSH_AT {
                self.sink.flush_output(|bytes| st.append(&view, bytes))?;
            }
        }
        text.clear();
        decoder.finish(&mut text);
        builder.push(&text, &mut self.sink);
        let verdict = builder.finish(&mut self.sink);
        self.sink.finish();
        if verdict.is_some() {
            self.sink.flush_output(|bytes| st.append(&view, bytes))?;
        }
        Ok(verdict)
    }
}

/// `store(bytes)`: the writer, fed once.
pub fn store(
    st: &dyn Storage,
    call: CallInfo,
    output: &[u8],
    policy: StorePolicy,
) -> Result<StoreOutcome, EngineError> {
    store_in(st, Writer::new(call, policy), output)
}

/// `store(bytes)` with a writer the caller set up.
pub fn store_in(
    st: &dyn Storage,
    mut writer: Writer,
    output: &[u8],
) -> Result<StoreOutcome, EngineError> {
    writer.write(st, output)?;
    writer.finish(st)
}

pub fn now_ms() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map(|d| d.as_millis() as u64)
        .unwrap_or(0)
}
