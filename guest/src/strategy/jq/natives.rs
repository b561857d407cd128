//! Native filters that jaq's standard library (its jq-defined part) is
//! written on, for the groups of `jaq_std` we do not link: its full set
//! reads the process environment (`env`, `$ENV`) and the system time zone,
//! which would put `wasi:cli/environment` and `wasi:filesystem` imports
//! into the sandboxed component. Here: the logging effects as no-ops, the
//! common math on f64, and the rest as a clear jq error that names what is
//! not available, so a program using it is told, not silently wrong.
//! Regular expressions are ours too (jaq-std's are private to its full
//! set), on the `regex` crate the guest already links, with jq's flags and
//! jaq's match objects.

use jaq_core::ValT as _;
use jaq_core::box_iter::box_once;
use jaq_core::native::{Filter, Fun, bome, run, v};
use jaq_core::{Cv, DataT, Error, Exn, RunPtr, ValR, ValXs};
use jaq_std::ValT;

/// Generic over the data kind, as jaq's own natives are (a function
/// pointer's higher-ranked type does not see through `D::V<'a> = Val`).
pub fn funs<D: DataT>() -> impl Iterator<Item = Fun<D>>
where
    for<'a> D::V<'a>: ValT,
{
    let list: Box<[Filter<RunPtr<D>>]> = Box::new([
        // `debug`, `stderr`: the program's output is the answer; no log.
        ("stderr_empty", v(0), |_| Box::new(core::iter::empty())),
        ("debug_empty", v(0), |_| Box::new(core::iter::empty())),
        ("sqrt", v(0), |cv| float(cv, f64::sqrt)),
        ("fabs", v(0), |cv| float(cv, f64::abs)),
        ("exp", v(0), |cv| float(cv, f64::exp)),
        ("exp2", v(0), |cv| float(cv, f64::exp2)),
        ("exp10", v(0), |cv| float(cv, |x| 10f64.powf(x))),
        ("log", v(0), |cv| float(cv, f64::ln)),
        ("log2", v(0), |cv| float(cv, f64::log2)),
        ("log10", v(0), |cv| float(cv, f64::log10)),
        ("trunc", v(0), |cv| float(cv, f64::trunc)),
        ("pow", v(2), |cv| float2(cv, f64::powf)),
        ("copysign", v(2), |cv| float2(cv, f64::copysign)),
        ("fmin", v(2), |cv| float2(cv, f64::min)),
        ("fmax", v(2), |cv| float2(cv, f64::max)),
        ("ilogb", v(0), |_| unavailable("ilogb")),
        ("scalbln", v(2), |_| unavailable("scalbln")),
        ("remainder", v(2), |_| unavailable("remainder")),
        ("nextafter", v(2), |_| unavailable("nextafter")),
        ("tgamma", v(0), |_| unavailable("tgamma")),
        ("matches", v(2), |cv| bome(regex(cv, false, true))),
        ("split_", v(2), |cv| bome(regex(cv, true, false))),
        ("split_matches", v(2), |cv| bome(regex(cv, true, true))),
        ("todateiso8601", v(0), |_| {
            unavailable("dates (todate, fromdate)")
        }),
        ("fromdateiso8601", v(0), |_| {
            unavailable("dates (todate, fromdate)")
        }),
        ("escape_html", v(0), |_| unavailable("@html")),
        ("unescape_html", v(0), |_| unavailable("@htmld")),
        ("encode_uri", v(0), |_| unavailable("@uri")),
        ("decode_uri", v(0), |_| unavailable("@urid")),
        ("encode_base64", v(0), |_| unavailable("@base64")),
        ("decode_base64", v(0), |_| unavailable("@base64d")),
    ]);
    list.into_vec().into_iter().map(run)
}

fn number<V: ValT>(value: &V) -> Result<f64, Error<V>> {
    value
        .as_f64()
        .ok_or_else(|| Error::str(format_args!("{value} is not a number")))
}

fn float<'a, D: DataT>(cv: Cv<'a, D>, f: fn(f64) -> f64) -> ValXs<'a, D::V<'a>>
where
    D::V<'a>: ValT,
{
    bome(number(&cv.1).map(|x| D::V::from(f(x))))
}

/// `f(x; y)`: both arguments are values (jq's math convention).
fn float2<'a, D: DataT>(mut cv: Cv<'a, D>, f: fn(f64, f64) -> f64) -> ValXs<'a, D::V<'a>>
where
    D::V<'a>: ValT,
{
    let y = cv.0.pop_var();
    let x = cv.0.pop_var();
    bome(number(&x).and_then(|x| Ok(D::V::from(f(x, number(&y)?)))))
}

fn unavailable<'a, V: ValT + 'a>(what: &str) -> ValXs<'a, V> {
    fail(format!(
        "{what} is not available in this jq (tool-output's sandbox)"
    ))
}

fn fail<'a, V: ValT + 'a>(message: String) -> ValXs<'a, V> {
    box_once(Err(Exn::from(Error::str(message))))
}

/// A pattern may compile to at most this much (the model writes it).
const REGEX_SIZE_LIMIT: usize = 1 << 20;

/// jq's `matches` / `split_` / `split_matches` (`$re; $flags` on a string):
/// the parts between matches (`gaps`), the matches (`found`), or both, in
/// order. A match is an array of objects `{offset, length, string, name?}`
/// (offsets in characters), the whole match first, then each group that
/// took part.
fn regex<'a, D: DataT>(mut cv: Cv<'a, D>, gaps: bool, found: bool) -> ValR<D::V<'a>>
where
    D::V<'a>: ValT,
{
    let flags = cv.0.pop_var();
    let pattern = cv.0.pop_var();
    let text = utf8(&cv.1)?;
    // `test(re)` and friends pass null: no flags. (Null is the only falsy
    // value a flags string can be confused with; `false` is not a string.)
    let flags = if flags.as_bool() { utf8(&flags)? } else { "" };
    let mut builder = regex::RegexBuilder::new(utf8(&pattern)?);
    builder.size_limit(REGEX_SIZE_LIMIT);
    let (mut global, mut skip_empty) = (false, false);
    for flag in flags.chars() {
        match flag {
            'g' => global = true,
            'n' => skip_empty = true,
            'i' => _ = builder.case_insensitive(true),
            'x' => _ = builder.ignore_whitespace(true),
            's' => _ = builder.dot_matches_new_line(true),
            'm' => _ = builder.multi_line(true),
            'l' => _ = builder.swap_greed(true),
            'p' => _ = builder.multi_line(true).dot_matches_new_line(true),
            other => return Err(Error::str(format_args!("invalid regex flag: {other}"))),
        }
    }
    let re = builder
        .build()
        .map_err(|e| Error::str(format_args!("invalid regex: {e}")))?;
    let names: Vec<Option<&str>> = re.capture_names().collect();
    let mut out = Vec::new();
    let mut last = 0;
    let mut chars = CharOffsets::default();
    for caps in re.captures_iter(text) {
        let whole = caps.get(0).expect("group 0 always takes part");
        if skip_empty && whole.as_str().is_empty() {
            continue;
        }
        if gaps {
            out.push(D::V::from(text[last..whole.start()].to_string()));
            last = whole.end();
        }
        if found {
            let mut groups = Vec::new();
            for (m, name) in caps.iter().zip(&names) {
                let Some(m) = m else { continue };
                let mut fields = vec![
                    (
                        key::<D>("offset"),
                        D::V::from(chars.at(text, m.start()) as isize),
                    ),
                    (
                        key::<D>("length"),
                        D::V::from(m.as_str().chars().count() as isize),
                    ),
                    (key::<D>("string"), D::V::from(m.as_str().to_string())),
                ];
                if let Some(name) = name {
                    fields.push((key::<D>("name"), D::V::from(name.to_string())));
                }
                groups.push(<D::V<'a> as jaq_core::ValT>::from_map(fields)?);
            }
            out.push(groups.into_iter().collect());
        }
        if !global {
            break;
        }
    }
    if gaps {
        out.push(D::V::from(text[last..].to_string()));
    }
    Ok(out.into_iter().collect())
}

fn key<'a, D: DataT>(name: &str) -> D::V<'a>
where
    D::V<'a>: ValT,
{
    D::V::from(name.to_string())
}

fn utf8<V: ValT>(value: &V) -> Result<&str, Error<V>> {
    value
        .as_utf8_bytes()
        .and_then(|b| std::str::from_utf8(b).ok())
        .ok_or_else(|| Error::str(format_args!("{value} is not a text string")))
}

/// Byte offsets to character offsets, for offsets that only grow (the
/// matches of one search): counts each character once.
#[derive(Default)]
struct CharOffsets {
    byte: usize,
    chars: usize,
}

impl CharOffsets {
    fn at(&mut self, text: &str, byte: usize) -> usize {
        if byte < self.byte {
            // A group before the previous one's start: count afresh.
            return text[..byte].chars().count();
        }
        self.chars += text[self.byte..byte].chars().count();
        self.byte = byte;
        self.chars
    }
}
