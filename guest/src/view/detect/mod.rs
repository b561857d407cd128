//! The view's detectors: what the storing learns of an output line by line,
//! in bounded memory, for the handle message and the answers. Each one
//! lives in one file and is a [`Detector`]: it sees every view line once,
//! is told when the output ends, and contributes what it found to the
//! [`Findings`]. The sink ([`super::LineSink`]) feeds them all ([`all`]);
//! a new detector is a new file and one line in [`all`].
//!
//! - [`ends`]: the head and the tail;
//! - [`error_blocks`]: error-looking lines by template, each with the lines
//!   continuing it, and how often each template repeats;
//! - [`shapes`]: line templates, rare shapes and the commonest ones;
//! - [`json_lines`]: the shape line of one JSON object a line;
//! - [`columns`]: the columns of a CSV/TSV table and its odd rows;
//! - [`records`]: where records start (the rule kept in the sidecar);
//! - [`causes`]: the roots of cause chains;
//! - [`values`]: values that stand out among records of one kind, by field.
//!
//! [`names`] is not a detector: it tracks which lines name a record, for
//! every detector to show a line with the line saying whose it is.

pub mod causes;
pub mod columns;
pub mod ends;
pub mod error_blocks;
pub mod json_lines;
pub mod names;
pub mod records;
pub mod shapes;
pub mod values;

use serde::{Deserialize, Serialize};

use super::preview::PreviewLine;
use causes::Cause;
use columns::OddField;
use error_blocks::Repeat;
use names::Names;
use records::RecordRule;
use shapes::LineShape;
use values::Finding;

/// One view line, as every detector sees it.
pub struct Line<'a> {
    /// 1-based, as in the view.
    pub number: u64,
    pub text: &'a str,
    /// It looks like a failure ([`super::errors::looks_like_error`]),
    /// decided once for all detectors.
    pub error: bool,
    /// A piece of an output line longer than the wrap width: the view's
    /// lines are not the output's from here on.
    pub wrapped: bool,
    /// The lines naming records so far (this one included).
    pub names: &'a Names,
}

/// What the storing learned of the whole output once it ended.
pub struct Totals {
    /// View lines.
    pub lines: u64,
}

impl Totals {
    /// Whether line `n` is in the head or the tail, which the message
    /// shows anyway.
    pub fn shown_anyway(&self, n: u64) -> bool {
        ends::shown_anyway(n, self.lines)
    }
}

/// A detector of the view (see the module header).
pub trait Detector {
    /// What it detects, in a word (for profiles).
    fn name(&self) -> &'static str;
    /// One view line, in order.
    fn see(&mut self, line: &Line);
    /// The output ended.
    fn finish(&mut self) {}
    /// Adds what it found. A summary line is set by the first detector to
    /// have one (see [`all`] for the order).
    fn contribute(&self, findings: &mut Findings, totals: &Totals);
}

/// Every detector, in the order they contribute.
pub fn all() -> Vec<Box<dyn Detector>> {
    vec![
        Box::<ends::Ends>::default(),
        Box::<error_blocks::ErrorBlocks>::default(),
        Box::<shapes::ShapeTable>::default(),
        // JSON lines before columns: the first summary wins.
        Box::<json_lines::JsonLines>::default(),
        Box::<columns::Columns>::default(),
        Box::<records::RecordDetector>::default(),
        Box::<causes::CauseTracker>::default(),
        Box::<values::Values>::default(),
    ]
}

/// What the detectors found: the preview, and how the view splits into
/// records.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Findings {
    pub preview: PreviewLines,
    pub records: Option<RecordRule>,
}

/// What the handle message shows of an output, captured while storing.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct PreviewLines {
    pub head: Vec<PreviewLine>,
    pub errors: Vec<PreviewLine>,
    pub tail: Vec<PreviewLine>,
    /// The first line of each rare shape (see [`shapes`]).
    #[serde(default)]
    pub rare: Vec<PreviewLine>,
    /// The commonest line shapes, when most lines share a few.
    #[serde(default)]
    pub common: Vec<LineShape>,
    /// The structure of a JSON or CSV/TSV output in one line (`shape: …`,
    /// `columns (N rows): …`), most detailed first.
    #[serde(default)]
    pub summary: Vec<String>,
    /// Cause chains: each one's root and the project's frame under it.
    #[serde(default)]
    pub causes: Vec<Cause>,
    /// A table's odd values by column (an empty email among thousands).
    #[serde(default)]
    pub odd_fields: Vec<OddField>,
    /// Lines whose value stands out among records of one kind, each after
    /// the lines naming its record, the most telling first.
    #[serde(default)]
    pub standout: Vec<PreviewLine>,
    /// Every line of each value met a few times in its field (the 4 pods
    /// `Pending` among 3,000 `Running`), the rarest first: shown after the
    /// lines of a rare shape, with the value's count.
    #[serde(default)]
    pub listed: Vec<PreviewLine>,
    /// The lines naming each listed line's record, by its place in
    /// `listed` (none in a preview stored before they were kept).
    #[serde(default)]
    pub listed_names: Vec<Vec<PreviewLine>>,
    /// The values that stand out, by field (for answers).
    #[serde(default)]
    pub values: Vec<Finding>,
    /// The line naming the record of an error line shown (by its
    /// number): the test whose status failed, the request that got a 502.
    #[serde(default)]
    pub error_names: Vec<(u64, PreviewLine)>,
    /// Error templates met more than once: the first line of each (in
    /// `errors`), how many lines have it, the last one.
    #[serde(default)]
    pub repeats: Vec<Repeat>,
}
