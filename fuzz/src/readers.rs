//! Target `readers`: the stored-file readers (`Meta::load`, `Doc::open`,
//! read, grep, tail, truncate, lexical extraction, preview, list, remove)
//! on a stored output whose files were then damaged: index, sidecar or
//! view replaced, edited, cut or removed; or whose sidecar says nonsense
//! about where records start, cause chains, a table's odd fields and
//! values that stand out (numbers in the view's range, so it loads).
//!
//! Input: a corruption (kind, two numbers, a payload), an extract text, then
//! the output to store.
//!
//! Invariants: nothing panics, hangs or allocates what a file claims (the
//! fuzzer's time and malloc limits); a reader either fails with a clear
//! storage or argument error or shows lines that are the view file's real
//! lines under their real numbers ([`Defect::CorruptFiles`] when damaged);
//! extraction answers in the ABSTRACT or FAILED form, FAILED only for
//! storage errors; undamaged files answer exactly ([`crate::store`] checks
//! that in depth). A nonsensical but loadable sidecar is held to what sound
//! files are: answers within their cap, showing the view's real lines.

use arbitrary::Unstructured;
use tool_output_guest::bindings::types::{ExtractRequest, Mode};
use tool_output_guest::doc::{self, Doc};
use tool_output_guest::extract;
use tool_output_guest::handle::{FileKind, Handle};
use tool_output_guest::llm::NoLlm;
use tool_output_guest::message;
use tool_output_guest::meta::Meta;
use tool_output_guest::storage::{MemStorage, Storage};
use tool_output_guest::strategy::truncate::head_tail;
use tool_output_guest::view::PreviewLine;
use tool_output_guest::view::detect::causes::Cause;
use tool_output_guest::view::detect::columns::OddField;
use tool_output_guest::view::detect::records::RecordRule;

use crate::known::{Defect, check};
use crate::reads;
use crate::support::{Rng, numbered_lines, store_always, view_lines};

struct Damage<'a> {
    kind: u8,
    a: u64,
    b: u64,
    payload: &'a [u8],
}

pub fn run(data: &[u8]) {
    let mut u = Unstructured::new(data);
    let (Ok(kind), Ok(a), Ok(b), Ok(len), Ok(qlen)) = (
        u.int_in_range(0..=12u8),
        u.arbitrary::<u64>(),
        u.arbitrary::<u64>(),
        u.int_in_range(0..=255u8),
        u.int_in_range(0..=64u8),
    ) else {
        return;
    };
    let (Ok(payload), Ok(query)) = (u.bytes(len.into()), u.bytes(qlen.into())) else {
        return;
    };
    let query = String::from_utf8_lossy(query).into_owned();
    let output = u.take_rest();
    let st = MemStorage::new();
    let handle = Handle::parse(&store_always(&st, output)).expect("handle");
    let damage = Damage {
        kind,
        a,
        b,
        payload,
    };
    damage.apply(&st, &handle);
    // The files are sound after kinds 0 and 12: they must be served so.
    let trusted = kind == 0 || kind == 12;
    let mut rng = Rng::of(data);
    exercise(&st, &handle, &query, trusted, &mut rng);
}

impl Damage<'_> {
    fn apply(&self, st: &MemStorage, h: &Handle) {
        let idx = h.file(FileKind::LineIndex);
        let meta = h.file(FileKind::Meta);
        let view = view_file(st, h);
        let (a, b) = (self.a, self.b);
        match self.kind {
            0 => {}
            1 => put(st, &idx, self.payload.to_vec()),
            2 => edit(st, &idx, |bytes| {
                let at = (a as usize % (bytes.len() / 8 + 1)) * 8;
                let end = (at + 8).min(bytes.len());
                bytes.splice(at..end, b.to_le_bytes());
            }),
            3 => edit(st, &idx, |bytes| {
                bytes.truncate(a as usize % (bytes.len() + 1))
            }),
            4 => put(st, &meta, self.payload.to_vec()),
            5 => edit_meta(st, h, |m| {
                m.view.lines = a >> (b % 64);
                m.view.bytes = b >> (a % 64);
            }),
            6 => edit_meta(st, h, |m| {
                m.view.kind = if m.view.kind == "json" { "txt" } else { "json" }.into();
                m.stats.lines = a;
                m.stats.bytes = b;
                m.stats.tokens = a ^ b;
            }),
            7 => edit_meta(st, h, |m| {
                m.handle = String::from_utf8_lossy(self.payload).into_owned();
                m.version = a as u32;
            }),
            8 => put(st, &view, self.payload.to_vec()),
            9 => edit(st, &view, |bytes| {
                bytes.truncate(a as usize % (bytes.len() + 1))
            }),
            10 => edit(st, &view, |bytes| bytes.extend_from_slice(self.payload)),
            12 => edit_meta(st, h, |m| self.nonsense(m)),
            _ => {
                let kinds = [FileKind::LineIndex, FileKind::Meta, FileKind::Original];
                let name = match a % 4 {
                    3 => view,
                    k => h.file(kinds[k as usize]),
                };
                st.remove(&name).expect("remove a stored file");
            }
        }
    }
}

impl Damage<'_> {
    /// Records, causes, odd fields and stand-out lines the output does not
    /// have: any rule, chains whose span does not hold their root, rows
    /// under no header, lines unsorted and repeated, texts from the
    /// payload; every line number in the view, so the sidecar loads.
    fn nonsense(&self, m: &mut Meta) {
        let text = String::from_utf8_lossy(self.payload).into_owned();
        let (a, b) = (self.a, self.b);
        m.records = match a % 4 {
            0 => None,
            1 => Some(RecordRule {
                indent: (b % 9) as u32,
                key: None,
                count: b,
            }),
            2 => Some(RecordRule {
                indent: (b % 9) as u32,
                key: Some(text.chars().take(40).collect()),
                count: a,
            }),
            _ => Some(RecordRule {
                indent: b as u32,
                key: Some(text.clone()),
                count: 0,
            }),
        };
        let lines = m.view.lines;
        if lines == 0 {
            return; // no line a preview may name
        }
        let mut bits = a ^ b.rotate_left(17);
        let mut line = || {
            bits = bits.rotate_left(13) ^ 0x9e37_79b9_7f4a_7c15;
            1 + bits % lines
        };
        let kept = |line: u64| PreviewLine {
            line,
            text: text.clone(),
            // A stored byte to keep, past the text's end or inside a char too.
            keep: (a % 3 == 0).then_some((b as usize) % (text.len() + 8)),
        };
        let n = (b % 5) as usize;
        m.preview.causes = (0..n)
            .map(|i| Cause {
                first: if i % 2 == 0 { a } else { line() },
                last: if i % 3 == 0 { b } else { line() },
                root: kept(line()),
                frame: (i % 2 == 1).then(|| kept(line())),
            })
            .collect();
        m.preview.odd_fields = (0..n)
            .map(|i| OddField {
                column: if i == 0 {
                    text.clone()
                } else {
                    text.chars().skip(i).collect()
                },
                kind: text.chars().take(i * 7).collect(),
                header: line(),
                line: line(),
            })
            .collect();
        m.preview.standout = (0..n * 2).map(|_| kept(line())).collect();
    }
}

fn view_file(st: &MemStorage, h: &Handle) -> String {
    let json = h.file(FileKind::ViewJson);
    if st.get(&json).is_some() {
        json
    } else {
        h.file(FileKind::ViewText)
    }
}

fn put(st: &MemStorage, name: &str, bytes: Vec<u8>) {
    st.write(name, &bytes).expect("MemStorage write");
}

fn edit(st: &MemStorage, name: &str, f: impl FnOnce(&mut Vec<u8>)) {
    let mut bytes = st.get(name).unwrap_or_default();
    f(&mut bytes);
    put(st, name, bytes);
}

fn edit_meta(st: &MemStorage, h: &Handle, f: impl FnOnce(&mut Meta)) {
    let mut meta = Meta::load(st, h).expect("fresh sidecar loads");
    f(&mut meta);
    put(
        st,
        &h.file(FileKind::Meta),
        serde_json::to_vec(&meta).expect("serializes"),
    );
}

fn exercise(st: &MemStorage, h: &Handle, query: &str, trusted: bool, rng: &mut Rng) {
    let actual = st.get(&view_file(st, h)).unwrap_or_default();
    let actual = String::from_utf8_lossy(&actual).into_owned();
    let lines = view_lines(&actual);
    match Doc::open(st, h.as_str()) {
        Ok(doc) => {
            if trusted {
                reads::exact(&doc, &lines, rng);
            }
            reads::capped(&doc, &lines, rng, trusted);
            let budget = rng.below(4096);
            match head_tail(&doc, budget) {
                Ok(out) => crate::truncate::check_cut(&out, &actual, budget, trusted),
                Err(e) => assert!(!trusted, "truncate failed on sound files: {e:?}"),
            }
            let max = rng.below(3000);
            let preview = message::preview_text(&doc.meta, max);
            assert!(preview.len() <= max, "preview over its cap");
        }
        Err(e) => assert!(!trusted, "open failed on sound files: {e:?}"),
    }
    let mode = [Mode::Auto, Mode::Lexical, Mode::Truncate][rng.below(3)];
    let max_bytes = 1024 + rng.below(16 * 1024) as u64;
    let req = ExtractRequest {
        handle: h.to_string(),
        extract: query.to_string(),
        mode: Some(mode),
        max_bytes: Some(max_bytes),
        max_chunks: None,
        max_llm_calls: None,
        overlap_percent: None,
    };
    let result = extract::extract(st, &NoLlm, req);
    check_answer(
        &result.text,
        result.failed,
        query,
        max_bytes,
        &lines,
        trusted,
    );
    match doc::list(st) {
        Ok(list) => assert!(list.len() <= 1, "list"),
        Err(e) => assert!(!trusted, "list failed on sound files: {e:?}"),
    }
    if let Ok(()) = doc::remove(st, h.as_str()) {
        let left = st.names();
        assert!(left.is_empty(), "remove left {left:?}");
    }
}

fn check_answer(text: &str, failed: bool, query: &str, max: u64, lines: &[&str], trusted: bool) {
    let head = if failed {
        "TOOL_OUTPUT FAILED FOR "
    } else {
        "ABSTRACT FROM TOOL OUTPUT "
    };
    assert!(text.starts_with(head), "answer form: {text:?}");
    if trusted {
        assert!(
            !failed || query.trim().is_empty(),
            "FAILED on sound files: {text}"
        );
        assert!(
            text.len() as u64 <= max,
            "answer of {} bytes over max-bytes {max}",
            text.len()
        );
    }
    if text.contains("STRATEGY:lexical:\n\nLexical search") {
        // A listed line may carry the line naming its record after it
        // (`12: status: failed  ← 5: name: web-5`, the answer's format).
        let correct = numbered_lines(text).iter().all(|&(n, _, line)| {
            n >= 1 && (n as usize) <= lines.len() && {
                let view = lines[n as usize - 1];
                line == view
                    || line
                        .strip_prefix(view)
                        .is_some_and(|rest| rest.starts_with("  ← "))
            }
        });
        let what = || format!("lexical answer shows a line that is not the view's:\n{text}");
        if trusted {
            assert!(correct, "{}", what());
        } else {
            check(Defect::CorruptFiles, correct, what);
        }
    }
}
