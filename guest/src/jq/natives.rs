//! Native filters that jaq's standard library (its jq-defined part) is
//! written on, for the groups of `jaq_std` we do not link: its full set
//! reads the process environment (`env`, `$ENV`) and the system time zone,
//! which would put `wasi:cli/environment` and `wasi:filesystem` imports
//! into the sandboxed component. Here: the logging effects as no-ops, the
//! common math on f64, and the rest as a clear jq error that names what is
//! not available, so a program using it is told, not silently wrong.

use jaq_core::box_iter::box_once;
use jaq_core::native::{Filter, Fun, bome, run, v};
use jaq_core::{Cv, DataT, Error, Exn, RunPtr, ValXs};
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
        ("matches", v(2), |_| regex_unavailable()),
        ("split_", v(2), |_| regex_unavailable()),
        ("split_matches", v(2), |_| regex_unavailable()),
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

fn regex_unavailable<'a, V: ValT + 'a>() -> ValXs<'a, V> {
    fail(
        "regular expressions (test, match, capture, scan, splits, sub, gsub) are not available \
         in this jq (tool-output's sandbox); use contains, startswith, endswith, ltrimstr or \
         split(\"text\")"
            .to_string(),
    )
}

fn fail<'a, V: ValT + 'a>(message: String) -> ValXs<'a, V> {
    box_once(Err(Exn::from(Error::str(message))))
}
