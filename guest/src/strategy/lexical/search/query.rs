//! The request side of the search: the model's words reduced to weighted
//! query terms, each with the forms a line may hold it in (its stem, and
//! the words of its concept, see [`super::concepts`]).

use super::concepts;
use super::stem::Stems;
use super::terms::for_each_term;

/// Weight of a part of an identifier (`foo` of `foo_bar`, `loop` of
/// `CrashLoopBackOff`): the whole term already carries the evidence, a part
/// alone is weaker.
pub const PART_WEIGHT: f64 = 0.5;
/// A line holding a related word (`disk` for `storage`) counts this much
/// of a line holding the question's own word.
pub(super) const RELATED_TENTHS: u32 = 6;
/// Weight of a word the request quotes (`` `request` ``, `"pool"`): the
/// user's exact word for the thing asked about, above the words around it.
const QUOTED_WEIGHT: f64 = 2.0;
/// A quote this long at most is a word or a name, not a sentence.
const QUOTED_BYTES: usize = 64;

/// Request words that say *what to do*, not *what to find*, and the filler
/// of a question. Small and fixed on purpose: anything that could be log
/// content (`not`, `error`, `no`) stays.
const STOPWORDS: &[&str] = &[
    "a",
    "about",
    "actually",
    "again",
    "all",
    "already",
    "also",
    "an",
    "and",
    "any",
    "are",
    "as",
    "at",
    "be",
    "been",
    "by",
    "can",
    "could",
    "currently",
    "did",
    "do",
    "does",
    "each",
    "every",
    "extract",
    "find",
    "for",
    "from",
    "get",
    "give",
    "going",
    "had",
    "has",
    "have",
    "how",
    "i",
    "if",
    "in",
    "into",
    "is",
    "it",
    "its",
    "just",
    "keep",
    "keeps",
    "line",
    "lines",
    "list",
    "look",
    "made",
    "make",
    "many",
    "me",
    "most",
    "much",
    "my",
    "now",
    "of",
    "on",
    "one",
    "only",
    "or",
    "our",
    "output",
    "please",
    "return",
    "right",
    "search",
    "should",
    "show",
    "so",
    "some",
    "still",
    "tell",
    "that",
    "the",
    "their",
    "them",
    "then",
    "there",
    "these",
    "they",
    "this",
    "those",
    "times",
    "to",
    "us",
    "was",
    "we",
    "were",
    "what",
    "when",
    "where",
    "which",
    "who",
    "why",
    "with",
    "would",
    "you",
    "your",
    // Contractions split at the apostrophe (`couldn't` → `couldn`, `t`).
    "aren",
    "couldn",
    "didn",
    "doesn",
    "don",
    "hasn",
    "haven",
    "isn",
    "ll",
    "re",
    "s",
    "t",
    "ve",
    "wasn",
    "weren",
    "won",
    "wouldn",
    // Chinese instruction bigrams ("find", "all", "list", "show", "which", "what", …).
    "找出",
    "查找",
    "列出",
    "显示",
    "所有",
    "全部",
    "哪些",
    "哪个",
    "什么",
    "给我",
    "提取",
    "一下",
];

/// Particles: a query bigram containing one almost always straddles a word
/// boundary (`超时的请求` → `时的`, `的请`), so it is noise.
const PARTICLES: &[char] = &['的', '了', '吗', '呢', 'の', 'を'];

/// One way a line may hold a query term: a word or stem, and how much a
/// hit on it counts, in tenths of a hit on the term itself.
#[derive(Debug, Clone, PartialEq)]
pub(super) struct Form {
    pub text: String,
    pub tenths: u32,
    /// Held by a line that holds `text` as written (lowercased), not by a
    /// token: a name the question spells with `-` or `.` (`log4j-core`).
    pub verbatim: bool,
}

/// The distinct terms of a request, in first-seen order, with a weight each.
#[derive(Debug, Clone, PartialEq)]
pub struct Query {
    /// As the request wrote them (lowercased): what the answer names.
    pub(super) terms: Vec<String>,
    /// 1.0, or [`PART_WEIGHT`] for a term seen only as an identifier's
    /// part; less for a word setting the scene ([`Query::lessen`]).
    pub(super) weights: Vec<f64>,
    /// Per term: its stem first, then the words of its concepts.
    pub(super) forms: Vec<Vec<Form>>,
    /// The request asks "where": a record's location (its `Filename`,
    /// `path`, `line`) is a member it names.
    pub(super) where_asked: bool,
    /// The request asks "when": a record's time (its `time`, `timestamp`,
    /// `created_at`) is a member it names.
    pub(super) when_asked: bool,
    /// The request asks "who": a record's actor (its `caller`, `user`,
    /// `principal`) is a member it names.
    pub(super) who_asked: bool,
    /// The terms that are a guess at how an output says the request's
    /// words, not a word of it — a name and its version joined
    /// ([`versioned`]), a phrase's word ([`PHRASES`]) — so none is said to
    /// be missing.
    pub(super) guessed: Vec<usize>,
    /// Per term: the terms right after it in the request (stopwords
    /// between them skipped), as bits: "a new user" has `user` after
    /// `new`. A line holding them so ([`super::LineHits::phrases`]) says
    /// the request's phrase, not its words apart.
    pub(super) follows: Vec<u64>,
    /// The request asks for no negative state: a line's words after a
    /// negation are denied, not held ([`super::denial`]).
    pub(super) affirmative: bool,
    /// The stems of the words the request asks about only as denied
    /// ([`super::denial::denied_stems`]): they name no value it asks for.
    pub(super) denied: Vec<String>,
}

/// The digits of a percentile's short name: `p99` → `99`, `p999` → `999`.
/// A question's `p99` also searches for `99`, `quantile` and `percentile`
/// (the output's spellings); one way only: a question's `99` is no
/// percentile.
pub fn percentile(term: &str) -> Option<&str> {
    let digits = term.strip_prefix('p')?;
    ((2..=3).contains(&digits.len()) && digits.bytes().all(|b| b.is_ascii_digit()))
        .then_some(digits)
}

/// Names as written ([`compounds`]) a query holds at most…
const MAX_NAMES: usize = 8;
/// …each of at most this many bytes.
const MAX_NAME_BYTES: usize = 64;

/// The names a request spells with `-` or `.` between words, lowercased:
/// `log4j-core`, `kube-proxy`, `web-1`, `api.example.com` (with a letter:
/// a version or an address is matched by its parts, as before; with at
/// most one part of one letter: `e.g.` is no name); and a hidden file's
/// name, its dot kept (`.git`, `.env`, `.htaccess`): the file, not the
/// word (`git-mirror` is no `.git`).
fn compounds(extract: &str) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for word in extract.split_whitespace() {
        let dotted = word.trim_start_matches(['"', '\'', '`', '(']);
        let dotted = dotted.trim_end_matches(|c: char| !(c.is_ascii_alphanumeric() || c == '_'));
        if let Some(name) = dotted.strip_prefix('.')
            && name.len() >= 2
            && name.bytes().any(|b| b.is_ascii_alphabetic())
            && name.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_')
        {
            let name = dotted.to_ascii_lowercase();
            if !out.contains(&name) {
                out.push(name);
            }
            continue;
        }
        let word = word.trim_matches(|c: char| !(c.is_ascii_alphanumeric() || c == '_'));
        let parts = word.split(['-', '.']);
        let whole = word.is_ascii()
            && word.contains(['-', '.'])
            && word.bytes().any(|b| b.is_ascii_alphabetic())
            && parts.clone().filter(|p| p.len() == 1).count() <= 1
            && parts.clone().all(|p| {
                !p.is_empty() && p.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_')
            });
        let name = word.to_ascii_lowercase();
        if whole && !out.contains(&name) {
            out.push(name);
        }
    }
    out
}

/// An abbreviation of two capitals after a word, as outputs write the
/// pair: with the word's initial joined to it. "full GC" is jstat's
/// `FGC`, "young GC" its `YGC`, "user ID" a `uid`. Each pair's short word
/// (a term) and its joined spelling, lowercased, of three letters (no
/// longer word holds it). Not a lowercase word ("public ip" is no `pip`),
/// nor after a stopword ("the GC" is no `tgc`).
fn initialed(extract: &str) -> Vec<(String, String)> {
    let words: Vec<&str> = (extract.split_whitespace())
        .map(|w| w.trim_matches(|c: char| !c.is_ascii_alphanumeric()))
        .collect();
    let mut out: Vec<(String, String)> = Vec::new();
    for pair in words.windows(2) {
        let (first, short) = (pair[0].to_ascii_lowercase(), pair[1]);
        let capitals = short.len() == 2 && short.bytes().all(|b| b.is_ascii_uppercase());
        if capitals
            && first.len() >= 3
            && first.bytes().all(|b| b.is_ascii_lowercase())
            && !STOPWORDS.contains(&first.as_str())
        {
            let short = short.to_ascii_lowercase();
            let joined = format!("{}{short}", &first[..1]);
            if !out.iter().any(|(_, j)| *j == joined) {
                out.push((short, joined));
            }
        }
    }
    out
}

/// A name and the version after it, as a request writes them apart and
/// outputs write them joined: "TLS 1.0" is testssl's `TLS1` and
/// `tls1_0`, "Python 3.11" a `python3.11` path's `python3`, "HTTP 2"
/// `http2`. Each pair's spellings, the first its term; a minor version of
/// 0 is the major's own (`TLS1`), another is not (`TLS1_2`, never `TLS1`).
fn versioned(extract: &str) -> Vec<Vec<String>> {
    let words: Vec<&str> = extract.split_whitespace().collect();
    let mut out: Vec<Vec<String>> = Vec::new();
    for pair in words.windows(2) {
        // Trimmed of signs only: `ＥＲers` is one word, not `ers`.
        let name = pair[0].trim_matches(|c: char| !c.is_alphanumeric());
        let version = pair[1].trim_end_matches(|c: char| !c.is_ascii_digit());
        let mut parts = version.split('.');
        let (Some(major), minor) = (parts.next(), parts.next()) else {
            continue;
        };
        let number =
            |p: &str| !p.is_empty() && p.len() <= 3 && p.bytes().all(|b| b.is_ascii_digit());
        if name.len() < 2
            || !name.bytes().all(|b| b.is_ascii_alphabetic())
            || STOPWORDS.contains(&name.to_ascii_lowercase().as_str())
            || !number(major)
            || minor.is_some_and(|m| !number(m))
            || parts.next().is_some()
        {
            continue;
        }
        let name = name.to_ascii_lowercase();
        let spellings = match minor.filter(|m| m.bytes().any(|b| b != b'0')) {
            Some(minor) => vec![
                format!("{name}{major}_{minor}"),
                format!("{name}{major}{minor}"),
            ],
            None => vec![
                format!("{name}{major}"),
                format!("{name}v{major}"),
                format!("{name}{major}_0"),
                format!("{name}{major}0"),
            ],
        };
        if !out.contains(&spellings) {
            out.push(spellings);
        }
    }
    out
}

/// The words a request quotes, lowercased: between backticks or double
/// quotes (straight or curly), one or two words of at most
/// [`QUOTED_BYTES`] — "the old `request` library", "its \"pool\"".
fn quoted(extract: &str) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for (open, close) in [('`', '`'), ('"', '"'), ('“', '”')] {
        let mut rest = extract;
        while let Some(a) = rest.find(open) {
            let after = &rest[a + open.len_utf8()..];
            let Some(b) = after.find(close) else { break };
            let inner = after[..b].trim();
            if !inner.is_empty()
                && inner.len() <= QUOTED_BYTES
                && inner.split_whitespace().count() <= 2
            {
                for_each_term(inner, &mut String::new(), |t, _| {
                    if !out.iter().any(|o| o == t) {
                        out.push(t.to_owned());
                    }
                });
            }
            rest = &after[b + close.len_utf8()..];
        }
    }
    out
}

/// Two-word phrases whose words say nothing apart ("ran out" is neither
/// running nor out), and the word outputs say them by: a pool that ran out
/// is `depleted`, and so `exhausted`, `full`, with no `free` lease left
/// ([`super::concepts`]); a vault someone "got rid of" was deleted; a
/// disk a pool "gave up on" is `FAULTED`; a file a copy "left behind"
/// failed; traffic "going out" through a machine leaves by its exit (a
/// VPN's `ExitNode`); a file a configuration tool "put back" (by hand edited) was
/// reverted: Puppet's `corrective_change`, a `drift` corrected. A
/// service named in two words is its abbreviation: "remote desktop" is
/// `RDP` (and so port 3389, [`super::terms`]), "secure shell" `SSH`. A
/// "shell command" is run as scanners name it: brakeman's `Execute`. A
/// package "gone back" or "rolled back" to an older one was reverted:
/// pacman's `downgraded`; a process whose plug was pulled was `killed`. A
/// pronoun may stand between the two ("put it back").
pub(super) const PHRASES: &[(&[&str], &str, &str)] = &[
    (&["run", "ran", "runs", "running"], "out", "depleted"),
    (
        &["get", "got", "gets", "getting", "gotten"],
        "rid",
        "delete",
    ),
    (
        &["give", "gave", "given", "gives", "giving"],
        "up",
        "faulted",
    ),
    (&["leave", "left", "leaves", "leaving"], "behind", "fail"),
    (&["put", "puts", "putting"], "back", "revert"),
    (&["go", "goes", "going", "went", "gone"], "back", "revert"),
    (&["roll", "rolls", "rolled", "rolling"], "back", "revert"),
    // "Pulled the plug on it".
    (&["the"], "plug", "killed"),
    (&["remote"], "desktop", "rdp"),
    (&["go", "goes", "going", "went", "gone"], "out", "exit"),
    (&["secure"], "shell", "ssh"),
    (&["shell"], "command", "execute"),
    (&["shell"], "commands", "execute"),
];

/// Words that may stand between a phrase's two words: "put it back".
const PHRASE_OBJECTS: &[&str] = &["it", "them", "this", "that", "everything", "things"];

/// The words of the [`PHRASES`] `extract` says, each once.
pub fn phrased(extract: &str) -> Vec<&'static str> {
    let words: Vec<String> = (extract.split_whitespace())
        .map(|w| {
            w.trim_matches(|c: char| !c.is_alphanumeric())
                .to_lowercase()
        })
        .collect();
    let mut out: Vec<&'static str> = Vec::new();
    for (i, first) in words.iter().enumerate() {
        let next = |k: usize| words.get(i + k).map(String::as_str);
        let object = next(1).is_some_and(|w| PHRASE_OBJECTS.contains(&w));
        let second = if object { next(2) } else { next(1) };
        for &(firsts, then, word) in PHRASES {
            if firsts.contains(&first.as_str()) && second == Some(then) && !out.contains(&word) {
                out.push(word);
            }
        }
    }
    out
}

impl Query {
    /// Whether the request asks for no negative state: a line's words
    /// after a negation are then denied, not held ([`super::denial`]).
    pub fn affirmative(&self) -> bool {
        self.affirmative
    }

    /// Stopwords and instruction words are dropped unless that would leave no
    /// term at all ("find all" still searches for `find` and `all`). Terms
    /// with the same stem are one term. Returns None when the text has no
    /// term.
    pub fn parse(extract: &str) -> Option<Query> {
        let stems = Stems::new();
        let mut all = Query {
            terms: Vec::new(),
            weights: Vec::new(),
            forms: Vec::new(),
            where_asked: false,
            when_asked: false,
            who_asked: false,
            guessed: Vec::new(),
            follows: Vec::new(),
            affirmative: super::denial::affirmative(extract, &stems),
            denied: super::denial::denied_stems(extract, &stems),
        };
        let mut kept = all.clone();
        for_each_term(extract, &mut String::new(), |t, part| {
            let weight = if part { PART_WEIGHT } else { 1.0 };
            all.add(t, weight, &stems);
            if !STOPWORDS.contains(&t) && !t.contains(PARTICLES) {
                kept.add(t, weight, &stems);
            }
        });
        let mut q = if kept.terms.is_empty() { all } else { kept };
        for word in quoted(extract) {
            if let Some(t) = q.terms.iter().position(|t| *t == word) {
                q.weights[t] *= QUOTED_WEIGHT;
            }
        }
        // A few names, each short: every line is scanned for each.
        for name in (compounds(extract).into_iter())
            .filter(|n| n.len() <= MAX_NAME_BYTES)
            .take(MAX_NAMES)
        {
            q.add_verbatim(name, &stems);
        }
        for spellings in versioned(extract) {
            q.add_spellings(spellings);
        }
        for (short, initialed) in initialed(extract) {
            if let Some(t) = q.terms.iter().position(|t| *t == short) {
                q.forms[t].push(Form {
                    text: initialed,
                    tenths: 10,
                    verbatim: false,
                });
            }
        }
        for word in phrased(extract) {
            if !q.terms.iter().any(|t| t == word) {
                q.guessed.push(q.terms.len());
                q.add(word, 1.0, &stems);
            }
        }
        q.follows = vec![0; q.terms.len()];
        let mut before: Option<usize> = None;
        for_each_term(extract, &mut String::new(), |t, part| {
            if part || STOPWORDS.contains(&t) {
                return;
            }
            let at = q.terms.iter().position(|term| term == t);
            if let (Some(a), Some(b)) = (before, at)
                && a != b
                && b < 64
            {
                q.follows[a] |= 1 << b;
            }
            before = at;
        });
        (!q.terms.is_empty()).then_some(q)
    }

    /// A name as written: a line holding it whole counts it once more
    /// than its parts (`log4j-core`, not `log4j-api` beside
    /// `spring-security-core`).
    fn add_verbatim(&mut self, name: String, stems: &Stems) {
        if self.terms.contains(&name) {
            return;
        }
        let mut forms = vec![Form {
            text: name.clone(),
            tenths: 10,
            verbatim: true,
        }];
        // A word spelled with `-` ("two-step", "e-mail") has the related
        // words of its spelling without it.
        let joined: String = name.chars().filter(|&c| c != '-').collect();
        if joined.len() < name.len() && joined.chars().all(char::is_alphanumeric) {
            for text in concepts::related(&stems.of(&joined)) {
                forms.push(Form {
                    text: text.to_owned(),
                    tenths: RELATED_TENTHS,
                    verbatim: false,
                });
            }
        }
        self.forms.push(forms);
        self.terms.push(name);
        self.weights.push(1.0);
    }

    /// A term with the ways outputs spell it, each counting as the term
    /// itself ([`versioned`]); the first is the term.
    fn add_spellings(&mut self, spellings: Vec<String>) {
        if self.terms.contains(&spellings[0]) {
            return;
        }
        self.guessed.push(self.terms.len());
        self.terms.push(spellings[0].clone());
        self.weights.push(1.0);
        self.forms.push(
            (spellings.into_iter())
                .map(|text| Form {
                    text,
                    tenths: 10,
                    verbatim: false,
                })
                .collect(),
        );
    }

    fn add(&mut self, term: &str, weight: f64, stems: &Stems) {
        let stem = stems.of(term).into_owned();
        let same = |forms: &Vec<Form>| forms.first().is_some_and(|f| f.text == stem);
        if let Some(i) = self.forms.iter().position(same) {
            self.weights[i] = self.weights[i].max(weight);
            return;
        }
        let mut forms = vec![Form {
            text: stem.clone(),
            tenths: 10,
            verbatim: false,
        }];
        for text in concepts::related(&stem) {
            forms.push(Form {
                text: text.to_owned(),
                tenths: RELATED_TENTHS,
                verbatim: false,
            });
        }
        // A percentile (`p99`) is written `quantile="0.99"`, `99th percentile`.
        if let Some(digits) = percentile(term) {
            for text in ["quantile", "percentile", digits] {
                forms.push(Form {
                    text: stems.of(text).into_owned(),
                    tenths: RELATED_TENTHS,
                    verbatim: false,
                });
            }
        }
        self.terms.push(term.to_owned());
        self.weights.push(weight);
        self.forms.push(forms);
    }

    /// Whether the request asks for files by that word ("which files",
    /// "the file paths").
    pub fn asks_for_files(&self) -> bool {
        (self.terms.iter()).any(|t| matches!(t.as_str(), "file" | "files" | "path" | "paths"))
    }

    /// The distinct terms, in the order they first appear in the request.
    pub fn terms(&self) -> Vec<&str> {
        self.terms.iter().map(String::as_str).collect()
    }

    /// Whether term `t` is a guess at how an output says the request's
    /// words (a name joined to its version, [`versioned`]; a phrase's
    /// word, [`PHRASES`]), not a word of it.
    pub fn is_guessed(&self, t: usize) -> bool {
        self.guessed.contains(&t)
    }

    /// Whether `form` of term `t` is a failure word standing in for the
    /// question's (a related word, or a guessed term, that looks like an
    /// error): held in a path, it names a file, not a failure
    /// (`Failed_Pruefbericht.pdf` for "fail").
    pub(super) fn stands_in(&self, t: usize, form: &Form) -> bool {
        (form.tenths < 10 || self.is_guessed(t))
            && crate::view::errors::looks_like_error(form.text.as_bytes())
    }

    /// Term `t`'s weight: how much a line holding it counts.
    pub fn weight(&self, t: usize) -> f64 {
        self.weights.get(t).copied().unwrap_or(1.0)
    }

    /// Weighs the terms among `words` by `factor` more: words setting
    /// the scene tell lines apart less than what is asked. Not a word of
    /// a related-word group (`errors` in "which errors occurred after the
    /// upgrade"): such a word is what is asked wherever it is.
    pub fn lessen(&mut self, words: &[String], factor: f64) {
        for (t, term) in self.terms.iter().enumerate() {
            if words.contains(term) && self.forms[t].len() == 1 {
                self.weights[t] *= factor;
            }
        }
    }

    /// The question asks where ([`super::super::intent::Intent::where_asked`]).
    pub fn asking_where(&mut self) {
        self.where_asked = true;
    }

    /// The question asks when ([`super::super::intent::Intent::when_asked`]).
    pub fn asking_when(&mut self) {
        self.when_asked = true;
    }

    /// The question asks who ([`super::super::intent::Intent::who_asked`]).
    pub fn asking_who(&mut self) {
        self.who_asked = true;
    }
}
