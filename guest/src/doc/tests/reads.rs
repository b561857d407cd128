//! What a call reads of the stored files: a few lines deep in a large
//! output read one page of the line index and a few small blocks of the
//! view (on object storage each read is a ranged fetch), and a corrupt
//! page is found when it is used.

use std::cell::RefCell;
use std::collections::BTreeMap;

use super::*;
use crate::line_index::PAGE_ENTRIES;
use crate::storage::{FsError, MemStorage};

/// Storage that counts the bytes read of each file.
#[derive(Default)]
struct Counting {
    inner: MemStorage,
    read: RefCell<BTreeMap<String, u64>>,
}

impl Counting {
    fn bytes_read(&self, suffix: &str) -> u64 {
        let read = self.read.borrow();
        read.iter()
            .filter(|(name, _)| name.ends_with(suffix))
            .map(|(_, n)| n)
            .sum()
    }
}

impl Storage for Counting {
    fn write(&self, name: &str, data: &[u8]) -> Result<(), FsError> {
        self.inner.write(name, data)
    }
    fn append(&self, name: &str, data: &[u8]) -> Result<(), FsError> {
        self.inner.append(name, data)
    }
    fn read(&self, name: &str, offset: u64, len: u64) -> Result<Vec<u8>, FsError> {
        let data = self.inner.read(name, offset, len)?;
        *self.read.borrow_mut().entry(name.to_string()).or_default() += data.len() as u64;
        Ok(data)
    }
    fn size(&self, name: &str) -> Result<u64, FsError> {
        self.inner.size(name)
    }
    fn rename(&self, from: &str, to: &str) -> Result<(), FsError> {
        self.inner.rename(from, to)
    }
    fn remove(&self, name: &str) -> Result<(), FsError> {
        self.inner.remove(name)
    }
    fn list(&self) -> Result<Vec<String>, FsError> {
        self.inner.list()
    }
}

/// Three pages of line index: 1.6 million numbered lines of 8 to 14 bytes.
fn large(st: &Counting) -> (String, u64) {
    let lines = (2 * PAGE_ENTRIES as u64 + 100) * LINE_INDEX_STRIDE;
    let text: String = (1..=lines).map(|i| format!("line {i}\n")).collect();
    let handle = super::stored(&st.inner, &text);
    st.read.borrow_mut().clear();
    (handle, lines)
}

#[test]
fn a_few_lines_deep_in_a_large_output_read_little() {
    let st = Counting::default();
    let (handle, lines) = large(&st);
    let doc = Doc::open(&st, &handle).unwrap();
    let first = lines - 40_000;
    let range = LineRange {
        first,
        last: first + 99,
    };
    let got = doc.read(range, 1 << 20).unwrap();
    assert!(
        got.starts_with(&format!("{first}: line {first}\n")),
        "{got}"
    );
    assert_eq!(got.lines().count(), 100);
    // One page of the index (with the entry before it), not all three.
    assert!(st.bytes_read(".idx") <= (PAGE_ENTRIES as u64 + 1) * 8);
    // The stride before the entry (its check), the walk to the first line,
    // the lines: a few small blocks, not a scan block (4 MiB).
    let stride = 14 * LINE_INDEX_STRIDE;
    assert!(st.bytes_read(".txt") <= 2 * stride + 3 * (64 << 10));
    // tail reads the end the same way.
    st.read.borrow_mut().clear();
    let doc = Doc::open(&st, &handle).unwrap();
    assert!(
        doc.tail(10, 4000)
            .unwrap()
            .ends_with(&format!("{lines}: line {lines}\n"))
    );
    assert!(st.bytes_read(".idx") <= (PAGE_ENTRIES as u64 + 1) * 8);
    assert!(st.bytes_read(".txt") <= 2 * stride + 3 * (64 << 10));
}

#[test]
fn a_corrupt_page_of_the_index_is_found_when_it_is_used() {
    let st = Counting::default();
    let (handle, _) = large(&st);
    let name = format!("{handle}.idx");
    let mut raw = st.inner.get(&name).unwrap();
    // Page 1's entries go backwards from the middle of the page.
    let at = (PAGE_ENTRIES + PAGE_ENTRIES / 2) * 8;
    raw[at..at + 8].copy_from_slice(&1u64.to_le_bytes());
    st.inner.write(&name, &raw).unwrap();
    let doc = Doc::open(&st, &handle).unwrap();
    let line = |n: u64| LineRange { first: n, last: n };
    // Page 0 and page 2 are intact and answer.
    assert_eq!(doc.read(line(5), 1000).unwrap(), "5: line 5\n");
    let far = (2 * PAGE_ENTRIES as u64 + 3) * LINE_INDEX_STRIDE;
    assert!(doc.read(line(far), 1000).is_ok());
    // A line on page 1: the page is refused as a whole.
    let on_page_1 = (PAGE_ENTRIES as u64 + 7) * LINE_INDEX_STRIDE;
    match doc.read(line(on_page_1), 1000) {
        Err(EngineError::Storage(m)) => {
            assert!(
                m.contains("corrupt") && m.contains("line index entries"),
                "{m}"
            )
        }
        other => panic!("{other:?}"),
    }
    // grep numbers its matches through the index: corrupt too, never a
    // panic or a wrong line number.
    let opts = GrepOptions {
        context: 0,
        ignore_case: false,
        max_matches: Some(3),
    };
    let pattern = format!("^line {on_page_1}$");
    assert!(matches!(
        doc.grep(&pattern, &opts, 4000),
        Err(EngineError::Storage(_))
    ));
}
