//! Numbers that stand out in a field: the test taking 412 s where all
//! others take under 3, the one series whose p99 is 7.9 s, the stock of 0
//! among stocks of 3 to 240. A field's largest and smallest values are kept
//! (each with its line, captured only when it may turn out to stand out);
//! at the end, the few largest stand out when they are at least [`GAP`]
//! times every other value, or when the field's values keep close together
//! and they do not ([`SPREAD_GAP`]: a GPU at 94 °C where all others read
//! 52–79), and a zero when every other value is at least [`GAP`].
//!
//! Values are plain decimals, optionally quoted, in parentheses or angle
//! brackets, signed, with an exponent, a `%`, or a unit of time or size —
//! times in seconds, sizes in bytes, so `350ms` and `1.2s` compare.

use crate::view::preview::PreviewLine;

/// Values kept at each end of a field.
const KEPT: usize = 6;
/// A field needs this many values for one to stand out.
pub const MIN_VALUES: u64 = 50;
/// How far the values that stand out are from the others.
pub const GAP: f64 = 3.0;
/// At most this many values stand out at one end.
pub const MAX_OUT: usize = 5;
/// Values of a field that keeps close together stand out when they are
/// this many standard deviations above the next value…
const SPREAD_GAP: f64 = 3.0;
/// …and this many above the mean (no normal field of thousands of values
/// reaches it; a rising series, ids or times, never does).
const SPREAD_Z: f64 = 5.0;

/// A kept value's line, captured when it may turn out to stand out.
#[derive(Debug, Clone)]
pub struct Shown {
    /// The value as written.
    pub text: String,
    pub line: PreviewLine,
    /// The lines naming its record.
    pub names: Vec<PreviewLine>,
    /// The lines after it (the rest of a log entry: a slow query's text).
    pub after: Vec<PreviewLine>,
}

/// One kept value.
#[derive(Debug, Clone)]
pub struct Point {
    pub value: f64,
    pub line: u64,
    pub shown: Option<Shown>,
}

/// Values that stand out at one end of a field, and how far (the ratio
/// to the nearest other value; infinite for a zero below ones).
pub struct Outliers<'a> {
    pub points: Vec<&'a Point>,
    pub far: f64,
}

#[derive(Default)]
pub struct Numbers {
    pub count: u64,
    /// The largest values, largest first; the smallest, smallest first.
    pub top: Vec<Point>,
    pub bottom: Vec<Point>,
    /// The values' running mean and sum of squared deviations (Welford).
    mean: f64,
    m2: f64,
}

impl Numbers {
    /// Whether `v`'s line is worth capturing: it may be among the values
    /// that stand out at the end. A value that ends up standing out is at
    /// least [`GAP`] times the [`KEPT`]-th largest (or at most a [`GAP`]th
    /// of the [`KEPT`]-th smallest) when it comes; twice is asked, so a
    /// rising series (ids, times) is not captured line after line.
    pub fn wants(&self, v: f64) -> bool {
        let spread = self.count >= MIN_VALUES && v >= self.mean + (SPREAD_Z - 1.0) * self.sd();
        let high = self.top.len() < KEPT
            || (v > 0.0 && v >= self.top[KEPT - 1].value * 2.0)
            || (spread && v > self.top[KEPT - 1].value);
        let low = self.bottom.len() < KEPT || (v >= 0.0 && v * 2.0 <= self.bottom[KEPT - 1].value);
        high || low
    }

    /// Counts `v` at `line`, with its line when captured.
    pub fn push(&mut self, v: f64, line: u64, shown: Option<Shown>) {
        self.count += 1;
        let d = v - self.mean;
        self.mean += d / self.count as f64;
        self.m2 += d * (v - self.mean);
        let into_top = self.top.len() < KEPT || v > self.top[KEPT - 1].value;
        let into_bottom = self.bottom.len() < KEPT || v < self.bottom[KEPT - 1].value;
        if !(into_top || into_bottom) {
            return;
        }
        let point = Point {
            value: v,
            line,
            shown,
        };
        match (into_top, into_bottom) {
            (true, true) => {
                insert(&mut self.top, point.clone(), |a, b| a > b);
                insert(&mut self.bottom, point, |a, b| a < b);
            }
            (true, false) => insert(&mut self.top, point, |a, b| a > b),
            _ => insert(&mut self.bottom, point, |a, b| a < b),
        }
    }

    /// The values that stand out: the largest ones, then the smallest.
    pub fn outliers(&self) -> [Option<Outliers<'_>>; 2] {
        if self.count < MIN_VALUES {
            return [None, None];
        }
        let sd = self.sd();
        let high = cut(&self.top, |upper, rest| {
            let apart = rest > 0.0 && upper >= rest * GAP;
            let spread =
                sd > 0.0 && upper - rest >= SPREAD_GAP * sd && upper - self.mean >= SPREAD_Z * sd;
            (apart || spread).then(|| upper / rest)
        });
        // Only a zero stands out below: below values of [`GAP`] and more
        // (a stock of 0 among stocks of 3 to 240; not a count from 0 up).
        // A small positive value is too often an id, a pid, a port.
        let low = cut(&self.bottom, |lower, rest| {
            (lower == 0.0 && rest >= GAP).then_some(f64::INFINITY)
        });
        [high, low]
    }
}

impl Numbers {
    /// The values' standard deviation.
    fn sd(&self) -> f64 {
        if self.count < 2 {
            return 0.0;
        }
        (self.m2 / (self.count - 1) as f64).sqrt()
    }
}

/// Inserts `p` into `kept`, ordered by `before`, keeping [`KEPT`].
fn insert(kept: &mut Vec<Point>, p: Point, before: impl Fn(f64, f64) -> bool) {
    let at = (kept.iter())
        .position(|k| before(p.value, k.value))
        .unwrap_or(kept.len());
    kept.insert(at, p);
    kept.truncate(KEPT);
}

/// The first `j` points (the largest `j` up to [`MAX_OUT`]) whose last
/// value is far (`far` says how far) from the next one; none when no `j`
/// is. Every other value of the field is beyond the next one, so the `j`
/// stand out from all of them.
fn cut(kept: &[Point], far: impl Fn(f64, f64) -> Option<f64>) -> Option<Outliers<'_>> {
    (1..=MAX_OUT.min(kept.len().saturating_sub(1)))
        .rev()
        .find_map(|j| {
            far(kept[j - 1].value, kept[j].value).map(|far| Outliers {
                points: kept[..j].iter().collect(),
                far,
            })
        })
}

/// A field's value as a number: a plain decimal, quoted or bracketed,
/// with an optional `%` or unit of time (in seconds), size (in bytes) or
/// temperature (as written).
pub fn number(text: &str) -> Option<f64> {
    // Most values are words: one look at the first bytes rejects them.
    let first = text.bytes().find(|b| !b"\"'(<[".contains(b))?;
    if !(first.is_ascii_digit() || matches!(first, b'-' | b'+' | b'.')) {
        return None;
    }
    let t =
        text.trim_matches(|c| matches!(c, '"' | '\'' | '(' | ')' | '<' | '>' | '[' | ']' | ','));
    let b = t.as_bytes();
    let mut end = 0;
    while end < b.len()
        && (b[end].is_ascii_digit() || matches!(b[end], b'.' | b'-' | b'+' | b'e' | b'E'))
    {
        // An exponent only after a digit, followed by a digit or a sign.
        if matches!(b[end], b'e' | b'E')
            && !(end > 0
                && b[end - 1].is_ascii_digit()
                && b.get(end + 1)
                    .is_some_and(|c| c.is_ascii_digit() || matches!(c, b'+' | b'-')))
        {
            break;
        }
        end += 1;
    }
    if end == 0 || !b[..end].iter().any(u8::is_ascii_digit) {
        return None;
    }
    // Most numbers are short integers: summed exactly, as parse would.
    let n: f64 = if end <= 15 && b[..end].iter().all(u8::is_ascii_digit) {
        b[..end]
            .iter()
            .fold(0u64, |n, &d| n * 10 + u64::from(d - b'0')) as f64
    } else {
        t[..end].parse().ok().filter(|n: &f64| n.is_finite())?
    };
    // `87 %`, `12345 MiB`: a unit after one space.
    let unit = t[end..].strip_prefix(' ').unwrap_or(&t[end..]);
    let scale = match unit {
        "" | "%" => 1.0,
        "ns" => 1e-9,
        "us" | "µs" => 1e-6,
        "ms" => 1e-3,
        "s" | "sec" | "secs" => 1.0,
        "m" | "min" | "mins" => 60.0,
        "h" => 3600.0,
        "B" | "b" => 1.0,
        // `GB` is 10⁹ (docker's `4.8GB`, as a question's "5 GB" is read);
        // `G` as `ls -h` and `du -h` print it, and Kubernetes' `Gi`, 2³⁰.
        "KB" | "kB" => 1e3,
        "MB" => 1e6,
        "GB" => 1e9,
        "TB" => 1e12,
        "K" | "k" | "KiB" | "Ki" => 1024.0,
        "M" | "MiB" | "Mi" => 1024.0 * 1024.0,
        "G" | "GiB" | "Gi" => 1024.0 * 1024.0 * 1024.0,
        "T" | "TiB" | "Ti" => 1024.0_f64.powi(4),
        // A temperature, as `sensors` and `nvidia-smi -q` print it.
        "°C" | "°F" | "℃" | "℉" | "C" => 1.0,
        _ => return None,
    };
    Some(n * scale)
}
