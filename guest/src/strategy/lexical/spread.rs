//! The few values a field takes over a kind's many lines. nginx's 138
//! `upstream server temporarily disabled` lines name four upstreams; a
//! kind too big to list says them with their counts, so "which backends
//! were taken out" is answered without listing 138 lines.

use crate::view::detect::values::fields::{Field, Fields};
use crate::view::preview::clip;

/// Distinct values of a field kept; more: the field is not a few values.
const MAX_VALUES: usize = 9;
/// Fields of a kind followed.
const MAX_FIELDS: usize = 8;
/// Fields named in a kind's line of values.
const FIELDS_SHOWN: usize = 3;
/// A value is compared and shown up to this many bytes.
const VALUE_BYTES: usize = 80;

/// One field's values over a kind's lines.
struct Values {
    key: u64,
    name: String,
    /// Each distinct value and its lines.
    seen: Vec<(String, u64)>,
    /// Lines holding the field.
    lines: u64,
    /// More than [`MAX_VALUES`] distinct values.
    many: bool,
}

/// The values of a kind's fields, while the search reads the view.
#[derive(Default)]
pub struct Spread {
    fields: Vec<Values>,
}

impl Spread {
    /// One line of the kind, split by `fields`.
    pub fn add(&mut self, fields: &mut Fields, line: &str) {
        fields.split(line, &mut |f: Field| {
            let at = match self.fields.iter().position(|v| v.key == f.key) {
                Some(at) => at,
                None if self.fields.len() < MAX_FIELDS => {
                    self.fields.push(Values {
                        key: f.key,
                        name: f.name.to_string(),
                        seen: Vec::new(),
                        lines: 0,
                        many: false,
                    });
                    self.fields.len() - 1
                }
                None => return,
            };
            let v = &mut self.fields[at];
            v.lines += 1;
            if v.many {
                return;
            }
            let value = origin(f.value.trim_matches(['"', '\'', ',', ';']));
            let value = clip(value, VALUE_BYTES);
            if let Some((_, n)) = v.seen.iter_mut().find(|(s, _)| *s == value) {
                *n += 1;
            } else if v.seen.len() < MAX_VALUES {
                v.seen.push((value, 1));
            } else {
                v.many = true;
                v.seen.clear();
            }
        });
    }

    /// `[… of its N lines: upstream "a" 40, "b" 35; client …]` for the
    /// fields on every one of `lines` lines taking two to [`MAX_VALUES`]
    /// values, the most values first (two are often a vhost and its
    /// `Host` header); a field counted as one shown (`host` as `server`)
    /// is left out. None when there is none.
    pub fn render(&self, lines: u64) -> Option<String> {
        let mut few: Vec<&Values> = (self.fields.iter())
            .filter(|v| !v.many && v.lines == lines && v.seen.len() >= 2)
            .collect();
        few.sort_by_key(|v| std::cmp::Reverse(v.seen.len()));
        let counts = |v: &Values| {
            let mut c: Vec<u64> = v.seen.iter().map(|s| s.1).collect();
            c.sort_unstable();
            c
        };
        let mut kept: Vec<&Values> = Vec::new();
        for v in few {
            if !kept.iter().any(|k| counts(k) == counts(v)) {
                kept.push(v);
            }
        }
        let few = kept;
        if few.is_empty() {
            return None;
        }
        let parts: Vec<String> = (few.iter().take(FIELDS_SHOWN))
            .map(|v| {
                let mut seen: Vec<&(String, u64)> = v.seen.iter().collect();
                seen.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
                let values: Vec<String> =
                    seen.iter().map(|(s, n)| format!("\"{s}\" {n}")).collect();
                format!("{} {}", clip(&v.name, 40), values.join(", "))
            })
            .collect();
        Some(format!(
            "[the values of its {lines} lines: {}]\n",
            parts.join("; ")
        ))
    }
}

/// A URL's scheme, host and port (`http://10.0.4.14:8080`): the path
/// varies with each request, the server is the value.
fn origin(value: &str) -> &str {
    let Some(rest) = (value.strip_prefix("http://")).or_else(|| value.strip_prefix("https://"))
    else {
        return value;
    };
    let end = rest
        .find('/')
        .map_or(value.len(), |i| value.len() - rest.len() + i);
    &value[..end]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::view::detect::values::fields::ALL_PAIRS;

    #[test]
    fn a_kind_says_the_few_values_of_its_fields() {
        let mut fields = Fields::with_pairs(ALL_PAIRS);
        let mut spread = Spread::default();
        for i in 0..40 {
            let line = format!(
                "2026/11/27 10:{:02}:{:02} [error] 31#31: *{} upstream server temporarily disabled while connecting to upstream, client: 10.0.1.{}, server: api.acme.io, request: \"GET /api/v2/items/{i} HTTP/1.1\", upstream: \"http://10.0.{}.14:8080/api/v2/items/{i}\", host: \"api.acme.io\"",
                i / 60,
                i % 60,
                4000 + i,
                5 + i % 4,
                4 + i % 3
            );
            spread.add(&mut fields, &line);
        }
        let text = spread.render(40).unwrap();
        assert!(text.contains("\"http://10.0.4.14:8080\" 14"), "{text}");
        assert!(text.contains("\"http://10.0.6.14:8080\" 13"), "{text}");
        assert!(text.contains("\"10.0.1.5\" 10"), "{text}");
        assert!(!text.contains("items/"), "{text}");
        assert_eq!(origin("https://a.io:9/x?y"), "https://a.io:9");
        assert_eq!(origin("https://a.io"), "https://a.io");
        assert_eq!(origin("10.0.0.1"), "10.0.0.1");
    }
}
