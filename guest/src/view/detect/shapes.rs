//! Line shapes (Drain-style templates): every view line reduced to its
//! shape — words holding a digit (numbers, hex, ids, timestamps, IPs), runs
//! of 8+ hex letters and the rest of an id joined by `-` become `<n>`,
//! quoted values `"<s>"` (quoted keys stay) — and counted in a bounded
//! table while streaming. When most lines share a few shapes, the lines of a
//! rare shape are what a head+tail cut hides: the odd key of a config dump,
//! the odd record of a JSON array, the odd row of a CSV.

use std::collections::HashMap;

use serde::{Deserialize, Serialize};

use super::{Detector, Findings, Line, Totals};
use crate::view::detect::names::clip_named;
use crate::view::preview::{PreviewLine, clip};

/// Distinct shapes tracked; past this the output is too varied to have
/// "rare" lines and none are reported (memory stays bounded).
pub const MAX_SHAPES: usize = 1024;
/// A shape's text is cut after this many bytes (the rest is not compared).
const SHAPE_BYTES: usize = 160;
/// Words besides its names for an error line to be more than its names
/// ([`error_template_hash`]).
const SAYING_WORDS: usize = 4;
/// Sample lines are kept up to this many bytes (as the other preview lines).
const SAMPLE_BYTES: usize = 240;
/// A shape seen at most this often is rare.
pub const RARE_COUNT: u64 = 2;
/// More rare lines than this: lines are not "mostly alike"; none is rare.
pub const MAX_RARE: usize = 12;
/// The commonest [`TOP_SHAPES`] must cover this percentage of the lines.
const COMMON_SHARE: u64 = 90;
const TOP_SHAPES: usize = 8;
/// Shorter outputs are shown whole or nearly: no shape statistics.
const MIN_LINES: u64 = 100;
/// Common shapes named in the preview.
const NAMED_SHAPES: usize = 2;

/// A common line template and how many lines have it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct LineShape {
    pub shape: String,
    pub count: u64,
}

struct Entry {
    count: u64,
    /// The first line with this shape.
    first: PreviewLine,
    shape: String,
}

#[derive(Default)]
pub struct ShapeTable {
    map: HashMap<u64, Entry>,
    overflow: u64,
    lines: u64,
}

impl ShapeTable {
    pub fn push(&mut self, number: u64, line: &str) {
        self.lines += 1;
        let mut hash = Fnv::default();
        shape_of(line, false, &mut |piece| hash.write(piece));
        if let Some(entry) = self.map.get_mut(&hash.0) {
            entry.count += 1;
        } else if self.map.len() >= MAX_SHAPES {
            self.overflow += 1;
        } else {
            let mut shape = Vec::new();
            shape_of(line, false, &mut |piece| shape.extend_from_slice(piece));
            self.map.insert(
                hash.0,
                Entry {
                    count: 1,
                    first: PreviewLine {
                        line: number,
                        text: clip_named(line, None, SAMPLE_BYTES),
                        keep: None,
                    },
                    // Pieces are whole words or single ASCII bytes: valid UTF-8.
                    shape: clip(&String::from_utf8_lossy(&shape), SHAPE_BYTES),
                },
            );
        }
    }

    /// The first line of each rare shape (in line order, leaving out lines
    /// for which `shown_anyway` holds) and the commonest shapes — both
    /// empty unless most lines share a few shapes (the shapes alone when
    /// no line is rare: a plain log's templates).
    pub fn rare_lines(
        &self,
        shown_anyway: impl Fn(u64) -> bool,
    ) -> (Vec<PreviewLine>, Vec<LineShape>) {
        let none = (Vec::new(), Vec::new());
        if self.overflow > 0 || self.lines < MIN_LINES {
            return none;
        }
        let mut entries: Vec<&Entry> = self.map.values().collect();
        entries.sort_by(|a, b| b.count.cmp(&a.count).then(a.first.line.cmp(&b.first.line)));
        let top: u64 = entries.iter().take(TOP_SHAPES).map(|e| e.count).sum();
        if top * 100 < self.lines * COMMON_SHARE {
            return none;
        }
        // Lines before the first routine one are the output's preamble (a
        // command echo, a banner, an installer's summary): unique, not odd.
        let routine_start = entries
            .iter()
            .take(TOP_SHAPES)
            .filter(|e| e.count * 100 >= self.lines)
            .map(|e| e.first.line)
            .min()
            .unwrap_or(0);
        let mut rare: Vec<PreviewLine> = entries
            .iter()
            .filter(|e| {
                e.count <= RARE_COUNT && e.first.line > routine_start && !shown_anyway(e.first.line)
            })
            .map(|e| e.first.clone())
            .collect();
        if rare.len() > MAX_RARE {
            return none;
        }
        rare.sort_by_key(|l| l.line);
        let common = entries
            .iter()
            .take(NAMED_SHAPES)
            .filter(|e| e.count > RARE_COUNT)
            .map(|e| LineShape {
                shape: e.shape.clone(),
                count: e.count,
            })
            .collect();
        (rare, common)
    }
}

impl Detector for ShapeTable {
    fn name(&self) -> &'static str {
        "shapes"
    }

    fn see(&mut self, line: &Line) {
        self.push(line.number, line.text);
    }

    fn contribute(&self, findings: &mut Findings, totals: &Totals) {
        let (rare, common) = self.rare_lines(|n| totals.shown_anyway(n));
        findings.preview.rare.extend(rare);
        findings.preview.common = common;
    }
}

/// The hash of `line`'s shape (lines of one template share it).
pub fn shape_hash(line: &str) -> u64 {
    let mut hash = Fnv::default();
    shape_of(line, false, &mut |piece| hash.write(piece));
    hash.0
}

/// The hash of an error line's template: its shape with dotted names of
/// three parts or more masked too (`com.acme.pricing.SkuBuilder`,
/// `api.prod.acme.io`) when the rest of the line says something
/// ([`SAYING_WORDS`] words). One logger per class makes every `ERROR`
/// line of a Java log a shape of its own; as one template they are counted
/// once, and the one failure among them keeps its slot. A line that says
/// little else is about its name (`Failed Acme.Orders.Tests.Refunds [25
/// ms]`): each name stays a template of its own.
pub fn error_template_hash(line: &str) -> u64 {
    let mut hash = Fnv::default();
    let mut words = 0;
    shape_of(line, true, &mut |piece| {
        hash.write(piece);
        words += usize::from(piece[0].is_ascii_alphabetic());
    });
    if words >= SAYING_WORDS {
        hash.0
    } else {
        shape_hash(line)
    }
}

/// FNV-1a: a cheap hash for a per-line key (collisions only merge shapes).
struct Fnv(u64);

impl Default for Fnv {
    fn default() -> Self {
        Self(0xcbf2_9ce4_8422_2325)
    }
}

impl Fnv {
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0 ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3);
        }
        // Piece boundary: `<n>` then `x` differs from `<n>x` as one piece.
        self.0 = (self.0 ^ 0xff).wrapping_mul(0x0100_0000_01b3);
    }
}

fn is_word(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b == b'_' || b >= 0x80
}

/// Feeds `out` the pieces of `line`'s shape, up to [`SHAPE_BYTES`];
/// `names`: dotted names of three parts or more are `<name>`.
fn shape_of(line: &str, names: bool, out: &mut impl FnMut(&[u8])) {
    let b = line.as_bytes();
    let (mut i, mut made) = (0, 0);
    // The last piece was `<n>`, then `<n>-`: a word joined by `-` to a
    // masked one is the rest of an id (`api-7d9f8b6c5d-fbeac`, a pod name
    // whose random suffix has no digit) and is masked too.
    let (mut masked, mut joined) = (false, false);
    while i < b.len() && made < SHAPE_BYTES {
        let piece: &[u8];
        if b[i] == b'"' {
            let mut j = i + 1;
            while j < b.len() && b[j] != b'"' {
                j += if b[j] == b'\\' { 2 } else { 1 };
            }
            let end = (j + 1).min(b.len());
            let is_key = b[end..]
                .iter()
                .find(|&&c| c != b' ')
                .is_some_and(|&c| c == b':');
            piece = if is_key { &b[i..end] } else { b"\"<s>\"" };
            i = end;
        } else if is_word(b[i]) {
            let start = i;
            let mut digit = false;
            while i < b.len() && is_word(b[i]) {
                digit |= b[i].is_ascii_digit();
                i += 1;
            }
            // A hex run of 8+ letters is an id too (`efbccacb-b929…`).
            let hex = i - start >= 8 && b[start..i].iter().all(u8::is_ascii_hexdigit);
            let (mut end, mut dots) = (i, 0);
            while names && end + 1 < b.len() && b[end] == b'.' && is_word(b[end + 1]) {
                end += 1;
                while end < b.len() && (is_word(b[end]) || b[end] == b'-') {
                    end += 1;
                }
                dots += 1;
            }
            piece = if dots >= 2 {
                i = end;
                b"<name>"
            } else if digit || joined || hex {
                b"<n>"
            } else {
                &b[start..i]
            };
        } else {
            piece = &b[i..i + 1];
            i += 1;
        }
        joined = masked && piece == b"-";
        masked = piece == b"<n>";
        made += piece.len();
        out(piece);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn shape(line: &str) -> String {
        let mut s = Vec::new();
        shape_of(line, false, &mut |p| s.extend_from_slice(p));
        String::from_utf8(s).unwrap()
    }

    fn template(line: &str) -> String {
        let mut s = Vec::new();
        shape_of(line, true, &mut |p| s.extend_from_slice(p));
        String::from_utf8(s).unwrap()
    }

    #[test]
    fn templates_mask_dotted_names_too() {
        let a = "10:41:34.275 [main] ERROR com.acme.common.StockBuilder - Unexpected failure handling message 27";
        let b = "10:48:01.475 [main] ERROR c.a.pricing.SkuBuilder - Unexpected failure handling message 40";
        assert_eq!(template(a), template(b));
        assert_eq!(error_template_hash(a), error_template_hash(b));
        assert_ne!(shape(a), shape(b));
        // A line saying little but its name is about the name.
        assert_ne!(
            error_template_hash("  Failed Acme.Orders.Tests.CouponTests.Retries [25 ms]"),
            error_template_hash("  Failed Acme.Orders.Tests.RefundTests.Validates [37 ms]")
        );
        assert_eq!(
            template("java.net.SocketTimeoutException: Read timed out"),
            "<name>: Read timed out"
        );
        // Two parts are a word and its end (`main.rs`, `e.g`), not a name.
        assert_eq!(template("error in main.rs"), "error in main.rs");
        assert_eq!(
            template("connect to api.prod.acme.io failed"),
            "connect to <name> failed"
        );
    }

    #[test]
    fn shapes_mask_numbers_ids_and_quoted_values_not_keys() {
        assert_eq!(
            shape(r#"10.0.0.7 - - "GET /api/v1/items/42 HTTP/1.1" 200 13ms"#),
            r#"<n>.<n>.<n>.<n> - - "<s>" <n> <n>"#
        );
        assert_eq!(shape(r#"    "name": "user 7","#), r#"    "name": "<s>","#);
        assert_eq!(shape("APP_FLAG_0042=enabled"), "<n>=enabled");
        assert_eq!(shape("id=5f3c-9a 错误"), "id=<n>-<n> 错误");
        // The rest of an id joined by `-` is masked even without a digit.
        assert_eq!(
            shape("api-7d9f8b6c5d-fbeac 1/1 Running"),
            "api-<n>-<n> <n>/<n> Running"
        );
        assert_eq!(shape("crate-0001 build-script"), "crate-<n> build-script");
        assert_eq!(
            shape("task[efbccacb-b929] accepted"),
            "task[<n>-<n>] accepted"
        );
        // An unterminated quote or trailing backslash stays in bounds.
        assert_eq!(shape(r#"x "abc\"#), r#"x "<s>""#);
    }

    #[test]
    fn rare_lines_only_when_most_lines_are_alike() {
        let mut t = ShapeTable::default();
        for i in 1..=1000u64 {
            if i == 500 {
                t.push(i, "DEBUG_OVERRIDE=true");
            } else {
                t.push(i, &format!("APP_FLAG_{i:04}=enabled"));
            }
        }
        let (rare, common) = t.rare_lines(|_| false);
        assert_eq!(rare.len(), 1);
        assert_eq!(rare[0].line, 500);
        assert_eq!(common[0].shape, "<n>=enabled");
        assert_eq!(common[0].count, 999);

        let mut varied = ShapeTable::default();
        for i in 1..=1000u64 {
            let words = ["alpha", "beta", "gamma", "delta"];
            varied.push(
                i,
                &"word "
                    .repeat((i % 37) as usize)
                    .replace("word", words[i as usize % 4]),
            );
        }
        assert_eq!(varied.rare_lines(|_| false).0, vec![]);
    }

    #[test]
    fn a_preamble_before_the_routine_lines_is_not_rare() {
        let mut t = ShapeTable::default();
        let preamble = [
            "added 1423 packages in 32s",
            "",
            "found 0 vulnerabilities",
            "> webpack",
        ];
        for (i, line) in preamble.iter().enumerate() {
            t.push(i as u64 + 1, line);
        }
        for i in 5..=1000u64 {
            match i {
                600 => t.push(i, "chunk 600 FAILED to minify"),
                _ => t.push(i, &format!("asset chunk-{i}.js {} KiB [emitted]", i % 90)),
            }
        }
        let (rare, _) = t.rare_lines(|_| false);
        let lines: Vec<u64> = rare.iter().map(|l| l.line).collect();
        assert_eq!(lines, vec![600]);
    }

    #[test]
    fn the_table_is_bounded() {
        let mut t = ShapeTable::default();
        for i in 1..=5000u64 {
            t.push(i, &"x".repeat(i as usize % 3000 + 1));
        }
        assert_eq!(t.map.len(), MAX_SHAPES);
        assert_eq!(t.rare_lines(|_| false).0, vec![]);
    }
}
