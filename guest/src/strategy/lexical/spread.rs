//! The few values a field takes over a kind's many lines. nginx's 138
//! `upstream server temporarily disabled` lines name four upstreams; a
//! kind too big to list says them with their counts, so "which backends
//! were taken out" is answered without listing 138 lines. A value whose
//! series ends while the others go on (the host whose nightly backups
//! stopped) is told with where it was last seen.

use super::record::LineOf;
use crate::view::detect::values::fields::{FNV_START, Field, Fields, fnv};
use crate::view::preview::clip;

/// Distinct values of a field kept; more: the field is not a few values.
const MAX_VALUES: usize = 9;
/// Fields of a kind followed: a firewall's or an audit log's line has
/// 30 or more, and whose the line is (`srcip`, `srcname`) comes after a
/// dozen of the device's own (`devname`, `logid`, `type`, `level`).
const MAX_FIELDS: usize = 32;
/// Fields named in a kind's line of values.
const FIELDS_SHOWN: usize = 3;
/// A value is compared and shown up to this many bytes.
const VALUE_BYTES: usize = 80;

/// A value of a field that recurs at least this often is a series (a
/// host's nightly backup) whose end can be told…
const SERIES_COUNT: u64 = 3;
/// …when its last line comes before this share (%) of its kind's span
/// while other values go on past it…
const STOPS_BEFORE_PERCENT: u64 = 90;
/// …and more of its own gaps than this would fit after it (a weekly
/// host's last backup five days ago has not stopped).
const STOPPED_GAPS: u64 = 3;

/// Words of a field's name that say whose a line is: shown when the
/// field has one value on all of a kind's lines.
const WHOSE: &[&str] = &["user", "account", "login", "owner", "host", "name"];

/// Values said to stop, per kind, at most.
const MAX_STOPPED: usize = 2;

/// A value's lines kept while it is met at most this often (of the first
/// [`FIELDS_SHOWN`] fields): a rare value's lines are listed…
const RARE_LINES: usize = 8;
/// …when the most common value is on this share (%) of the lines or more…
const COMMON_PERCENT: u64 = 80;
/// …and the others on this many lines at most.
const MAX_RARE: u64 = 24;

/// One distinct value of a field: its text, its lines, the first of them
/// and where it was last seen.
struct Seen {
    text: String,
    count: u64,
    first: u64,
    last: LineOf,
    /// Its lines, while it is met at most [`RARE_LINES`] times.
    lines: Vec<LineOf>,
}

/// One field's values over a kind's lines.
struct Values {
    key: u64,
    name: String,
    seen: Vec<Seen>,
    /// Lines holding the field.
    lines: u64,
    /// More than [`MAX_VALUES`] distinct values.
    many: bool,
}

/// The values of a kind's fields, while the search reads the view.
#[derive(Default)]
pub struct Spread {
    fields: Vec<Values>,
    /// Where the field after the last one seen is, most likely: a kind's
    /// lines give their fields in one order, so each is found at once.
    next: usize,
}

impl Spread {
    /// Line `n` of the kind (`context`: its record's lines), split by
    /// `fields`.
    pub fn add(&mut self, fields: &mut Fields, n: u64, context: [Option<u64>; 2], line: &str) {
        let mut found = false;
        self.next = 0;
        fields.split(line, &mut |f: Field| {
            found = true;
            self.see(f.key, f.name, f.value, n, context);
        });
        if !found {
            for (name, value) in after_words(line) {
                self.see(hash_name(name), name, value, n, context);
            }
        }
        if let Some(value) = bracketed(line) {
            self.see(hash_name(BRACKETED), BRACKETED, value, n, context);
        }
    }

    /// One value of the field keyed `key` (named `name`), on line `n`.
    fn see(&mut self, key: u64, name: &str, value: &str, n: u64, context: [Option<u64>; 2]) {
        let hinted = (self.fields.get(self.next)).is_some_and(|v| v.key == key);
        let at = match hinted
            .then_some(self.next)
            .or_else(|| self.fields.iter().position(|v| v.key == key))
        {
            Some(at) => at,
            None if self.fields.len() < MAX_FIELDS => {
                self.fields.push(Values {
                    key,
                    name: name.to_string(),
                    seen: Vec::new(),
                    lines: 0,
                    many: false,
                });
                self.fields.len() - 1
            }
            None => return,
        };
        self.next = at + 1;
        let keeps_lines = at < FIELDS_SHOWN;
        let v = &mut self.fields[at];
        v.lines += 1;
        if v.many {
            return;
        }
        let value = origin(value.trim_matches(['"', '\'', ',', ';']));
        let value = clip(value, VALUE_BYTES);
        if let Some(s) = v.seen.iter_mut().find(|s| s.text == value) {
            s.count += 1;
            s.last = (n, context);
            if s.count <= RARE_LINES as u64 && keeps_lines {
                s.lines.push((n, context));
            } else {
                s.lines = Vec::new();
            }
        } else if v.seen.len() < MAX_VALUES {
            v.seen.push(Seen {
                text: value,
                count: 1,
                first: n,
                last: (n, context),
                lines: if keeps_lines {
                    vec![(n, context)]
                } else {
                    Vec::new()
                },
            });
        } else {
            v.many = true;
            v.seen.clear();
        }
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
        // A field with a value of its own on every line (a time, an id)
        // tells the lines apart rather than what they share: last.
        few.sort_by_key(|v| {
            (
                v.seen.len() as u64 == lines,
                std::cmp::Reverse(v.seen.len()),
            )
        });
        let counts = |v: &Values| {
            let mut c: Vec<u64> = v.seen.iter().map(|s| s.count).collect();
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
        // Whose the lines all are, when one field says it with one value
        // (nextcloud's `"user": "i.guenther"` on a kind's four lines).
        let whose = (self.fields.iter()).find(|v| {
            let name = v.name.to_ascii_lowercase();
            !v.many
                && v.lines == lines
                && v.seen.len() == 1
                && WHOSE.iter().any(|w| name.contains(w))
                && v.seen[0].text.bytes().any(|b| b.is_ascii_alphabetic())
        });
        if few.is_empty() && whose.is_none() {
            return None;
        }
        let mut parts: Vec<String> = (few.iter().take(FIELDS_SHOWN))
            .map(|v| {
                let mut seen: Vec<&Seen> = v.seen.iter().collect();
                seen.sort_by(|a, b| b.count.cmp(&a.count).then(a.text.cmp(&b.text)));
                let values: Vec<String> = (seen.iter())
                    .map(|s| format!("\"{}\" {}", s.text, s.count))
                    .collect();
                format!("{} {}", clip(&v.name, 40), values.join(", "))
            })
            .collect();
        if let Some(v) = whose {
            parts.push(format!(
                "{} \"{}\" {}",
                clip(&v.name, 40),
                v.seen[0].text,
                v.seen[0].count
            ));
        }
        Some(format!(
            "[the values of its {lines} lines: {}]\n",
            parts.join("; ")
        ))
    }
}

impl Spread {
    /// The lines of a field's rare values, when one value is on most of
    /// the kind's `lines` lines ([`COMMON_PERCENT`]) and the others on a
    /// few ([`MAX_RARE`]): `BGP state = Established` on 228 sessions, the
    /// nine others `Idle`, `Active`, `Connect`. As the field's name, the
    /// common value and its count, and the rare values' lines in order.
    pub fn rare(&self, lines: u64) -> Option<(&str, &str, u64, Vec<LineOf>)> {
        fn rare_of(v: &Values, lines: u64) -> Option<(&Seen, Vec<&Seen>)> {
            let common = v.seen.iter().max_by_key(|s| s.count)?;
            let others: Vec<&Seen> = v.seen.iter().filter(|s| s.text != common.text).collect();
            let rare: u64 = others.iter().map(|s| s.count).sum();
            let kept = others.iter().all(|s| s.lines.len() as u64 == s.count);
            (common.count * 100 >= lines * COMMON_PERCENT && rare <= MAX_RARE && kept)
                .then_some((common, others))
        }
        let (v, (common, others)) = (self.fields.iter())
            .filter(|v| !v.many && v.lines == lines && v.seen.len() >= 2)
            .find_map(|v| rare_of(v, lines).map(|r| (v, r)))?;
        let mut at: Vec<LineOf> = others
            .iter()
            .flat_map(|s| s.lines.iter().copied())
            .collect();
        at.sort_by_key(|l| l.0);
        Some((v.name.as_str(), common.text.as_str(), common.count, at))
    }

    /// The values of a field that stop: a series of [`SERIES_COUNT`] lines
    /// or more whose last line comes before [`STOPS_BEFORE_PERCENT`] of
    /// the kind's span (`first`–`last`), more than [`STOPPED_GAPS`] of its
    /// own mean gaps before the end, while two or more of the field's
    /// other values go on — the host whose nightly backups ended,
    /// the service that stopped logging. Each as its field's name, the
    /// value and where it was last seen; a field whose values mostly stop
    /// (they take turns) has none.
    pub fn stopped(&self, first: u64, last: u64) -> Vec<(&str, &str, LineOf)> {
        let cut = first + (last.saturating_sub(first)) * STOPS_BEFORE_PERCENT / 100;
        let mut out = Vec::new();
        for v in self.fields.iter().filter(|v| !v.many && v.seen.len() >= 3) {
            let series = v.seen.iter().filter(|s| s.count >= SERIES_COUNT);
            let stopped = |s: &&Seen| {
                // Lines are read in order: `first <= last`.
                let gap = ((s.last.0 - s.first) / (s.count - 1)).max(1);
                s.last.0 < cut && last - s.last.0 > STOPPED_GAPS * gap
            };
            let (stops, goes_on): (Vec<_>, Vec<_>) = series.partition(stopped);
            if !stops.is_empty() && goes_on.len() >= 2 && stops.len() * 3 <= v.seen.len() {
                out.extend(
                    stops
                        .into_iter()
                        .map(|s| (v.name.as_str(), s.text.as_str(), s.last)),
                );
            }
        }
        out.truncate(MAX_STOPPED);
        out
    }
}

/// Words a line of text without fields takes after a fixed word, as
/// that word's values: dhcpd's `DHCPDISCOVER from b8:27:eb:b7:cd:9d via
/// 10.20.30.1: network 10.20.30.0/24: no free leases` has `from`, `via`
/// and `network`. A word with a digit varies; the word before it, of
/// letters, names it; each name once a line.
fn after_words(line: &str) -> Vec<(&str, &str)> {
    let mut out: Vec<(&str, &str)> = Vec::new();
    let mut before: Option<&str> = None;
    for word in line.split_whitespace() {
        let varies = word.bytes().any(|b| b.is_ascii_digit());
        if varies && let Some(name) = before {
            let value = word.trim_end_matches([':', ',', ';', '.']);
            if !out.iter().any(|(n, _)| *n == name) {
                out.push((name, value));
            }
        }
        let name = word.trim_matches(|c: char| !c.is_ascii_alphabetic());
        before = (!varies && name.len() >= 2 && name.len() == word.len()).then_some(name);
    }
    out
}

/// The name of a bracket's first word as a field ([`bracketed`]).
const BRACKETED: &str = "in brackets";

/// The first word opening a bracket in a line, up to a `/` or the
/// bracket's end, when it holds a letter: whom FreeRADIUS names in
/// `Login incorrect (…): [l.devries/<via Auth-Type = eap>]`, whatever
/// fields the line also has.
fn bracketed(line: &str) -> Option<&str> {
    line.split_whitespace().find_map(|w| {
        let inner = w.strip_prefix('[')?;
        let inner = inner.split(['/', ']']).next().unwrap_or_default();
        (inner.len() >= 2 && inner.bytes().any(|b| b.is_ascii_alphabetic())).then_some(inner)
    })
}

/// The key of a field [`after_words`] names: the storing's FNV-1a, from
/// a start no field's key (begun with its indent) shares.
fn hash_name(name: &str) -> u64 {
    fnv(FNV_START ^ 0x5a5a, name.as_bytes())
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
    fn a_kind_says_whose_its_lines_are_when_one_field_names_it() {
        let mut fields = Fields::with_pairs(ALL_PAIRS);
        let mut spread = Spread::default();
        for i in 0..4 {
            let line = format!(
                r#"{{"reqId":"{:x}","level":4,"user":"i.guenther","app":"webdav","url":"/remote.php/dav/files/i.guenther/f{i}.jpg","message":"Insufficient space in /f{i}.jpg"}}"#,
                0x9e37_79b9_u64.wrapping_mul(i + 1)
            );
            spread.add(&mut fields, i, [None, None], &line);
        }
        let text = spread.render(4).unwrap();
        assert!(text.contains("user \"i.guenther\" 4"), "{text}");
        // A field of one value that names nobody is no kind's name.
        assert!(!text.contains("app \""), "{text}");
    }

    #[test]
    fn a_kind_says_the_values_of_fields_past_a_dozen_others() {
        // A firewall's line: whose it is (`srcip`) comes after the
        // device's own fields; the time and the session id are each
        // line's own, six values over six lines.
        let mut fields = Fields::with_pairs(ALL_PAIRS);
        let mut spread = Spread::default();
        let pcs = ["10.20.30.57", "10.20.30.112", "10.20.32.44"];
        for (i, pc) in (0..6).zip(pcs.iter().cycle()) {
            let line = format!(
                r#"date=2026-11-26 time=09:{i:02}:01 devname="FGT-HQ-01" devid="FG100F" eventtime={} tz="+0100" logid="0000000013" type="traffic" subtype="forward" level="notice" vd="root" sessionid={} srcip={pc} srcport={} dstip=202.96.246.{i} dstport=25 action="deny" policyname="Block-SMTP-Out" service="SMTP""#,
                1_795_672_866 + i * 61,
                41_879_685 + i,
                51_000 + i * 7,
            );
            spread.add(&mut fields, i, [None, None], &line);
        }
        let text = spread.render(6).unwrap();
        assert!(
            text.contains(r#"srcip "10.20.30.112" 2, "10.20.30.57" 2, "10.20.32.44" 2"#),
            "{text}"
        );
        // Fields that set each line apart come after those they share.
        assert!(
            text.starts_with("[the values of its 6 lines: srcip "),
            "{text}"
        );
    }

    #[test]
    fn a_kind_says_whom_its_lines_name_in_brackets() {
        let mut fields = Fields::with_pairs(ALL_PAIRS);
        let mut spread = Spread::default();
        let users = ["l.devries", "w.bos", "l.devries", "m.peters"];
        for (i, user) in (0..40).zip(users.iter().cycle()) {
            let line = format!(
                "Fri Nov 27 07:{i:02}:50 2026 : Auth: ({}) Login incorrect (mschap: Program returned code (1) and output 'Password expired (0xc0000071)'): [{user}/<via Auth-Type = eap>] (from client wlc-ams-01 port 0 cli 38-DE-BC-8A-A1-{i:02})",
                39000 + i * 7
            );
            spread.add(&mut fields, i, [None, None], &line);
        }
        let text = spread.render(40).unwrap();
        assert!(
            text.contains("in brackets \"l.devries\" 20, \"m.peters\" 10, \"w.bos\" 10"),
            "{text}"
        );
    }

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
            spread.add(&mut fields, i, [None, None], &line);
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

    #[test]
    fn a_line_of_text_has_the_words_after_its_fixed_words() {
        let line = "Nov 27 14:01:02 dhcp01 dhcpd[1187]: DHCPDISCOVER from b8:27:eb:b7:cd:9d via 10.20.30.1: network 10.20.30.0/24: no free leases";
        assert_eq!(
            after_words(line),
            [
                ("Nov", "27"),
                ("from", "b8:27:eb:b7:cd:9d"),
                ("via", "10.20.30.1"),
                ("network", "10.20.30.0/24")
            ]
        );
        // A word after a varying one, or of signs, is named by none.
        assert!(after_words("at 10:04 12 x+1 7").len() == 1);
    }

    #[test]
    fn a_value_whose_series_ends_early_is_said_to_stop() {
        let mut fields = Fields::with_pairs(ALL_PAIRS);
        let mut spread = Spread::default();
        // Nightly backups of five hosts over 90 nights; `files-2` stops on
        // night 40, `archive` runs weekly and last ran on night 85.
        for night in 0..90u64 {
            for (h, host) in ["web-1", "web-2", "files-1", "files-2", "archive"]
                .iter()
                .enumerate()
            {
                let runs = match *host {
                    "files-2" => night < 40,
                    // Weekly, last on night 78: before the cut at night
                    // 81, but within three of its gaps of the end.
                    "archive" => night % 7 == 1 && night < 80,
                    _ => true,
                };
                if runs {
                    let n = night * 10 + h as u64 + 1;
                    spread.add(
                        &mut fields,
                        n,
                        [Some(n - 1), None],
                        &format!("hostname: {host}"),
                    );
                }
            }
        }
        let stopped = spread.stopped(1, 895);
        assert_eq!(
            stopped.len(),
            1,
            "{:?}",
            stopped.iter().map(|s| s.1).collect::<Vec<_>>()
        );
        assert_eq!(
            (stopped[0].0, stopped[0].1, stopped[0].2.0),
            ("hostname", "files-2", 394)
        );
    }
}
