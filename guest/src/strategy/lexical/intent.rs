//! What a question asks beyond its words: every item of a kind ("list every
//! test that failed", "which containers exited", "how many", "any"), or a
//! measure — a comparison with a number ("more than 90 %", "longer than one
//! second", "set to zero") or the extreme of one ("the longest", "the
//! slowest", "so slow"). Read from the question's words only, in English.

/// A number compared with a field, or the field's extreme.
#[derive(Debug, Clone, PartialEq)]
pub enum Measure {
    /// `op` `value` (in the unit's base: seconds, bytes, a plain number).
    Compare { op: Op, value: f64, unit: Unit },
    /// The largest (or the smallest) values.
    Extreme { largest: bool },
}

#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Op {
    Above,
    AtLeast,
    Below,
    AtMost,
    Equal,
}

impl Op {
    pub fn holds(self, v: f64, x: f64) -> bool {
        match self {
            Op::Above => v > x,
            Op::AtLeast => v >= x,
            Op::Below => v < x,
            Op::AtMost => v <= x,
            Op::Equal => v == x,
        }
    }

    pub fn symbol(self) -> &'static str {
        match self {
            Op::Above => ">",
            Op::AtLeast => ">=",
            Op::Below => "<",
            Op::AtMost => "<=",
            Op::Equal => "==",
        }
    }
}

/// What the number of a comparison counts.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Unit {
    /// No unit, or a percentage.
    Plain,
    /// A duration, in seconds.
    Seconds,
    /// A size, in bytes.
    Bytes,
    /// A percentage.
    Percent,
}

/// What a question asks, besides its words.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Intent {
    /// Every matching item, not the best few.
    pub every: bool,
    pub measure: Option<Measure>,
    /// The word a question negates (`pass` in "did not pass", `finished`
    /// in "never finished"): it asks for the lines like those holding it
    /// that do not.
    pub negated: Option<String>,
    /// The word a question sets apart ("errors, as opposed to warnings",
    /// "rather than", "except"): no line holding it is an item. A plain
    /// negation is not one: the hosts it "could not connect" to are the
    /// lines saying `Failed to connect`.
    pub apart: Option<String>,
    /// Words that set the scene rather than tell items apart: statements
    /// told before the question ("The iOS build on CI went red. What is
    /// broken?"), a leading clause ("After last night's backup of the
    /// share to S3, which files …") and the items' own noun ("groups" in
    /// "which placement groups", "jobs" in "which of our Nomad jobs").
    /// Lines holding them are no likelier items.
    pub setting: Vec<String>,
    /// It asks where ("Where exactly?"): a record's location (its
    /// `Filename`, `path`, `line`) is a member it names.
    pub where_asked: bool,
    /// It asks when ("and when did it last run?"): a record's time (its
    /// `time`, `timestamp`, `created_at`) is a member it names.
    pub when_asked: bool,
    /// It asks who ("Who got rid of it?"): a record's actor (its
    /// `caller`, `user`, `principal`) is a member it names.
    pub who_asked: bool,
    /// It asks for the items without a member ("which containers don't
    /// have a memory limit set").
    pub lacking: Option<Lacking>,
}

/// Items asked for by what they lack: their plural noun (`containers`)
/// and the words of the member they lack (`memory`, `limit`).
#[derive(Debug, Clone, PartialEq)]
pub struct Lacking {
    pub items: String,
    pub member: Vec<String>,
}

/// Words saying an item lacks what follows: "without a readiness probe",
/// "no memory limit", "missing", "lacking"…
const LACKS: &[&str] = &["without", "no", "missing", "lack", "lacks", "lacking"];
/// …or a negated `have` ("don't have", "hasn't got"): a negation
/// followed by one of these.
const NEGATED_HAVING: &[&str] = &[
    "have",
    "has",
    "got",
    "set",
    "define",
    "specify",
    "declare",
    "configure",
];
/// Words between the marker and the member's words, and after them.
const MEMBER_FILLER: &[&str] = &[
    "a",
    "an",
    "any",
    "the",
    "its",
    "their",
    "own",
    "have",
    "has",
    "got",
    "set",
    "defined",
    "configured",
    "specified",
    "declared",
    "at",
    "all",
    "one",
    "yet",
];

/// Words ending a member's noun phrase: "without a memory cap will be
/// refused", "no limit on memory".
const MEMBER_END: &[&str] = &[
    "will", "would", "is", "are", "be", "was", "were", "so", "that", "which", "who", "and", "or",
    "but", "because", "if", "in", "on", "for", "to", "of", "from", "by", "when", "since",
];

/// [`Intent::lacking`] of `question` (`words`: its words): the items'
/// noun and, in the clause of a marker ([`LACKS`], or a negation before
/// [`NEGATED_HAVING`]) — the one naming the items first —, the member's
/// words after it, fillers aside, up to a word ending a noun phrase.
fn lacking(question: &str, words: &[String]) -> Option<Lacking> {
    let items = words.get(items_noun(words, 3)?)?.clone();
    let mut clauses: Vec<&str> = question.split(['?', '.', '!', ',', ';']).collect();
    clauses.sort_by_key(|c| !self::words(c).contains(&items));
    clauses.into_iter().find_map(|clause| {
        let words = self::words(clause);
        let w = |i: usize| words.get(i).map_or("", String::as_str);
        let at = (0..words.len()).find_map(|i| {
            if LACKS.contains(&w(i)) {
                return Some(i + 1);
            }
            let negation = NEGATIONS.contains(&w(i)) && w(i) != "t";
            let past_t = if w(i + 1) == "t" { i + 2 } else { i + 1 };
            (negation && NEGATED_HAVING.contains(&w(past_t))).then_some(past_t + 1)
        })?;
        let member: Vec<String> = (words[at.min(words.len())..].iter())
            .take_while(|x| !MEMBER_END.contains(&x.as_str()))
            .filter(|x| !MEMBER_FILLER.contains(&x.as_str()) && **x != items)
            .take(3)
            .cloned()
            .collect();
        (!member.is_empty()).then(|| Lacking {
            items: items.clone(),
            member,
        })
    })
}

/// Words opening a clause that sets the scene before the question.
const SCENE_OPENERS: &[&str] = &[
    "after",
    "before",
    "in",
    "on",
    "during",
    "since",
    "when",
    "while",
    "following",
    "for",
    "from",
    "across",
    "over",
    "with",
    "given",
];
/// Pronouns of a question that stand for what a statement before it told
/// ("… ran so long the worker killed it. Which job was it?").
const BACK_REFERENCES: &[&str] = &["it", "they", "them", "ones", "he", "she", "him", "her"];
/// Words asking which items.
const ASKING: &[&str] = &[
    "which", "what", "who", "where", "how", "list", "give", "show",
];

/// [`Intent::setting`] of `question` (`words`: its words), less the
/// words the asked part holds too ("Since the upgrade, which hosts fail
/// the upgrade check?" asks about `upgrade`).
fn setting(question: &str, words: &[String]) -> Vec<String> {
    let mut out = Vec::new();
    let starts_asking = |text: &str| {
        let text = text.trim_start();
        text.starts_with(char::is_uppercase)
            || (self::words(text).first()).is_some_and(|w| ASKING.contains(&w.as_str()))
    };
    // Statements before the question ("The iOS build on CI went red.
    // What exactly is broken?") tell what happened, not what is asked;
    // not an abbreviation's stop ("failed vs. passed?", "build no. 42").
    if let Some(at) = (question.rfind(['.', '!'])).filter(|_| question.trim_end().ends_with('?')) {
        let (told, asked) = question.split_at(at + 1);
        let told_words = self::words(told);
        let sentence = told_words.len() >= 3 && !told.contains('?');
        if sentence && asked.starts_with(char::is_whitespace) && starts_asking(asked) {
            let asked = self::words(asked);
            // A question pointing back at the statement ("Someone edited
            // the sudoers file. Who was it?") asks about what it tells —
            // unless it names items of its own ("Which files did it skip?").
            let refers_back = asked.iter().any(|w| BACK_REFERENCES.contains(&w.as_str()))
                && items_noun(&asked, 3).is_none();
            if !refers_back {
                out.extend(told_words.into_iter().filter(|w| !asked.contains(w)));
            }
        }
    }
    if let Some((clause, rest)) = question.split_once(',') {
        let clause_words = self::words(clause);
        let opens = (clause_words.first()).is_some_and(|w| SCENE_OPENERS.contains(&w.as_str()));
        let asks = (self::words(rest).first()).is_some_and(|w| ASKING.contains(&w.as_str()));
        if opens && asks && !clause.contains('?') {
            let rest = self::words(rest);
            out.extend(clause_words.into_iter().filter(|w| !rest.contains(w)));
        }
    }
    // The noun alone: the words before it may be what is asked ("which
    // deleted log files").
    out.extend(items_noun(words, 3).map(|i| words[i].clone()));
    out
}

/// Where the plural noun naming the items asked for is among `words`
/// (`which containers`, `what files`, `which of our shell scripts`):
/// within `reach` words of a `which` or `what`, past its determiners.
fn items_noun(words: &[String], reach: usize) -> Option<usize> {
    let w = |i: usize| words.get(i).map_or("", String::as_str);
    let asking = (0..words.len()).filter(|&i| matches!(w(i), "which" | "what"));
    asking.into_iter().find_map(|i| {
        let mut at = i + 1;
        while matches!(
            w(at),
            "of" | "the" | "our" | "my" | "your" | "their" | "these" | "those"
        ) {
            at += 1;
        }
        (at..at + reach).find(|&j| plural(w(j)))
    })
}

/// A word read as a plural: `files`, `hosts`, not `status`, `analysis`,
/// `access` or `does`.
fn plural(x: &str) -> bool {
    x.len() > 3
        && x.ends_with('s')
        && !["ss", "us", "is"].iter().any(|e| x.ends_with(e))
        && !matches!(x, "does" | "this" | "goes" | "ones")
}

/// Whether `question` asks `word` ("where", "when"): a sentence or clause
/// opening with it ("Where exactly?", "Which machine, and where?", "and
/// when did it last run?"), not a relative one ("the pods where the
/// status is Failed").
fn clause_asks(question: &str, word: &str) -> bool {
    question.split(['?', '.', '!', ',', ';']).any(|clause| {
        let words = self::words(clause);
        let first = |w: &str| words.first().is_some_and(|f| f == w);
        first(word) || (first("and") && words.get(1).is_some_and(|w| w == word))
    })
}

/// Whether `question` asks when: a clause opening with "when" and a verb
/// that makes it a question ("and when did it last run?"), not a time
/// set first ("When the disk filled, which jobs failed?"); or asking for
/// "what time", "which day" anywhere ("and at what time?").
fn when_asked(question: &str) -> bool {
    const ASKING_VERBS: &[&str] = &[
        "did", "does", "do", "was", "were", "is", "are", "has", "have", "had", "will",
    ];
    const TIMES: &[&str] = &["time", "date", "day", "hour", "minute", "moment"];
    question.split(['?', '.', '!', ',', ';']).any(|clause| {
        let words = self::words(clause);
        let at = usize::from(words.first().is_some_and(|w| w == "and"));
        // "and when did it last run?", or the clause is just "and when?".
        let opening = words.get(at).is_some_and(|w| w == "when")
            && (words.get(at + 1)).is_none_or(|w| ASKING_VERBS.contains(&w.as_str()));
        opening
            || (words.windows(2))
                .any(|p| (p[0] == "what" || p[0] == "which") && TIMES.contains(&p[1].as_str()))
    })
}

/// Words negating the word after them (`didn't` is read as `didn`, `t`).
pub const NEGATIONS: &[&str] = &[
    "not", "never", "without", "isn", "aren", "wasn", "weren", "doesn", "didn", "don", "hasn",
    "haven", "t",
];

/// Words setting apart what follows: "errors, as opposed to warnings",
/// "instead of", "rather than", "except", "excluding". They negate the
/// word after them as [`NEGATIONS`] do.
const CONTRASTS: &[&str] = &["opposed", "instead", "rather", "except", "excluding"];

/// Words asking for every item.
const EVERY: &[&str] = &[
    "every",
    "all",
    "each",
    "list",
    "distinct",
    "any",
    "enumerate",
    "unique",
    // "the ones who were refused"
    "ones",
    // "did everything make it across?", "is anything still failing?"
    "everything",
    "anything",
];
/// Words asking for the largest values…
const LARGEST: &[&str] = &[
    "longest",
    "slowest",
    "largest",
    "biggest",
    "highest",
    "maximum",
    "max",
    "heaviest",
    "worst",
    "slow",
    "slower",
    "slowly",
    "terrible",
    "hottest",
    "hot",
    "overheat",
    "overheats",
    "overheated",
    "overheating",
    // A resource at its limit: "maxed out", "the bottleneck", "busiest"
    // (not "peak": "every request that failed at peak" asks for all).
    "maxed",
    "bottleneck",
    "busiest",
    "saturated",
    // A sudden high: "when did the charges spike", "the traffic surged".
    "spike",
    "spiked",
    "spiking",
    "surge",
    "surged",
];
/// …and the smallest.
const SMALLEST: &[&str] = &[
    "shortest", "fastest", "smallest", "lowest", "least", "minimum", "min", "lightest",
];
/// Words of a comparison and its direction.
const ABOVE: &[&str] = &[
    "more",
    "greater",
    "higher",
    "larger",
    "bigger",
    "longer",
    "slower",
    "over",
    "above",
    "exceeds",
    "exceed",
    "exceeding",
    "exceeded",
    "beyond",
    "past",
];
const BELOW: &[&str] = &[
    "less", "fewer", "lower", "smaller", "shorter", "faster", "under", "below",
];
const NUMBERS: &[(&str, f64)] = &[
    ("zero", 0.0),
    ("one", 1.0),
    ("two", 2.0),
    ("three", 3.0),
    ("four", 4.0),
    ("five", 5.0),
    ("six", 6.0),
    ("seven", 7.0),
    ("eight", 8.0),
    ("nine", 9.0),
    ("ten", 10.0),
    ("twenty", 20.0),
    ("hundred", 100.0),
    ("thousand", 1000.0),
];

/// A kind of number a question names by a word of its own ("slow",
/// "overheat", "memory") where the output names it otherwise (`duration`,
/// `+99.0°C`, `MEMORY(bytes)`): by a word of the field's name, or by the
/// unit its values carry.
#[derive(Debug, PartialEq)]
pub struct Quantity {
    /// The question's words that ask about it.
    pub asked: &'static [&'static str],
    /// Words of a field's name that hold it (digits after them ignored:
    /// `temp1`).
    pub names: &'static [&'static str],
    /// How its values end (`12s`, `+61.0°C`, `512Mi`).
    pub units: &'static [&'static str],
    /// Marks in a field's name that say it holds the quantity (`Use%`).
    pub signs: &'static [&'static str],
    /// Its values are often written bare (a percentage as `93.5`): a field
    /// the question names holds it without the unit.
    pub bare: bool,
    /// More is better (a throughput): its "worst", "slowest" or "how low"
    /// is its smallest value.
    pub better_high: bool,
}

pub const TIME: Quantity = Quantity {
    asked: &[
        "slow",
        "slower",
        "slowest",
        "slowly",
        "fast",
        "faster",
        "fastest",
        "quick",
        "quickest",
        "long",
        "longer",
        "longest",
        "short",
        "shorter",
        "shortest",
        "took",
        "take",
        "takes",
        "taking",
        "duration",
        "durations",
        "latency",
        "time",
        "times",
        "elapsed",
        "second",
        "seconds",
        "wait",
        "delay",
        "lag",
    ],
    names: &[
        "time", "duration", "latency", "elapsed", "took", "ms", "millis", "secs", "seconds", "sec",
        "wait", "delay", "runtime", "uptime", "age", "nanos", "us",
    ],
    units: &["s"],
    signs: &[],
    bare: false,
    better_high: false,
};

pub const HEAT: Quantity = Quantity {
    asked: &[
        "hot",
        "hotter",
        "hottest",
        "heat",
        "overheat",
        "overheats",
        "overheated",
        "overheating",
        "temperature",
        "temperatures",
        "temp",
        "thermal",
        "warm",
        "warmest",
        "cold",
        "coldest",
        "cool",
        "coolest",
    ],
    names: &["temp", "temperature", "thermal", "celsius", "fahrenheit"],
    units: &["°C", "°F", "℃", "℉"],
    signs: &["°C", "°F"],
    bare: false,
    better_high: false,
};

pub const MEMORY: Quantity = Quantity {
    asked: &[
        "memory", "ram", "mem", "rss", "heap", "space", "size", "sizes", "storage",
    ],
    names: &[
        "mem", "memory", "rss", "vsz", "heap", "ram", "size", "bytes",
    ],
    units: &["B", "K", "M", "G", "T", "Ki", "Mi", "Gi", "Ti"],
    signs: &[],
    bare: false,
    better_high: false,
};

/// A share: `Use%` in `df`, `%CPU` in `ps`, `"cpu": 93.5` in JSON.
pub const PERCENT: Quantity = Quantity {
    // A resource's use is a percentage: "maxed out", "the bottleneck",
    // "how busy", "saturated" (`%util`, `Use%`, `CPU%`).
    asked: &[
        "percent",
        "percentage",
        "maxed",
        "bottleneck",
        "busy",
        "busiest",
        "saturated",
        "utilization",
        "utilisation",
    ],
    names: &[
        "pct",
        "percent",
        "percentage",
        "util",
        "utilization",
        "utilisation",
        "usage",
        "ratio",
    ],
    units: &["%"],
    signs: &["%"],
    bare: true,
    better_high: false,
};

/// A rate of transfer: `iperf3`'s `bits_per_second`, a link's `Mbps`.
pub const RATE: Quantity = Quantity {
    // Data moved in a time: "the fastest writer", "how fast it was
    // downloading".
    asked: &[
        "throughput",
        "bandwidth",
        "bitrate",
        "goodput",
        "mbps",
        "gbps",
        "writing",
        "writer",
        "writers",
        "download",
        "downloading",
        "upload",
        "uploading",
        "transfer",
        "transferring",
    ],
    names: &[
        "throughput",
        "bandwidth",
        "bitrate",
        "bps",
        "mbps",
        "gbps",
        "kbps",
        "bits",
    ],
    units: &["bps", "bits/sec", "Mbps", "Gbps", "Mbits/sec", "Gbits/sec"],
    // Per second: `pidstat`'s `kB_wr/s`, `sar`'s `rxkB/s`.
    signs: &["/s"],
    bare: true,
    better_high: true,
};

/// The quantities a question can name by its own words, in the order a
/// question holding words of several is read.
const QUANTITIES: &[&Quantity] = &[&RATE, &TIME, &HEAT, &MEMORY, &PERCENT];

/// The words of the largest that say how bad a value is: of a quantity
/// where more is better, its smallest.
const BAD: &[&str] = &["worst", "slow", "slower", "slowest", "slowly", "terrible"];
/// The words of the smallest that say how good a value is: of a quantity
/// where more is better, its largest.
const GOOD: &[&str] = &["fast", "faster", "fastest", "quick", "quicker", "quickest"];

impl Quantity {
    /// The quantity a question is about: its comparison's unit, else the
    /// first whose words it holds.
    pub fn of(question: &str, measure: &Measure) -> Option<&'static Quantity> {
        match measure {
            Measure::Compare {
                unit: Unit::Seconds,
                ..
            } => return Some(&TIME),
            Measure::Compare {
                unit: Unit::Bytes, ..
            } => return Some(&MEMORY),
            Measure::Compare {
                unit: Unit::Percent,
                ..
            } => return Some(&PERCENT),
            _ => {}
        }
        let words = words(question);
        (QUANTITIES.iter().copied()).find(|q| words.iter().any(|w| q.asked.contains(&w.as_str())))
    }

    /// A field's name holds the quantity (`duration_ms`, `temp1`,
    /// `MEMORY(bytes)`, `Use%`): given the name and its words.
    pub fn names(&self, name: &str, words: &[String]) -> bool {
        self.signs.iter().any(|s| name.contains(s)) || self.names_by_word(words)
    }

    /// A word of a field's name (`words`) is one of the quantity's
    /// (`util` in `%util`, not the sign alone as in `%rrqm`).
    pub fn names_by_word(&self, words: &[String]) -> bool {
        (words.iter()).any(|w| {
            self.names
                .contains(&w.trim_end_matches(|c: char| c.is_ascii_digit()))
        })
    }

    /// A value carries the quantity's unit (`12.5s`, `+61.0°C)`, `"14Gi"`).
    pub fn measures(&self, value: &str) -> bool {
        let v = value.trim_end_matches(['"', ')', '>', ']', ',']);
        self.units.iter().any(|u| v.ends_with(u))
    }
}

impl Intent {
    pub fn of(question: &str) -> Intent {
        let words = words(question);
        let w = |i: usize| words.get(i).map_or("", String::as_str);
        // `the most memory`: `most` before a quantity's word.
        let most = (0..words.len()).any(|i| {
            w(i) == "most"
                && [w(i + 1), w(i + 2)]
                    .iter()
                    .any(|x| QUANTITIES.iter().any(|q| q.asked.contains(x)))
        });
        // "How low did the throughput get": `low` with a quantity word.
        let low = (words.iter()).any(|x| x == "low")
            && (words.iter()).any(|x| QUANTITIES.iter().any(|q| q.asked.contains(&x.as_str())));
        let better_high = (words.iter()).any(|x| {
            QUANTITIES
                .iter()
                .any(|q| q.better_high && q.asked.contains(&x.as_str()))
        });
        let measure = compare(&words).or_else(|| {
            let flips = |x: &String, words: &[&str]| better_high && words.contains(&x.as_str());
            let large =
                |x: &String| (LARGEST.contains(&x.as_str()) && !flips(x, BAD)) || flips(x, GOOD);
            let small =
                |x: &String| (SMALLEST.contains(&x.as_str()) && !flips(x, GOOD)) || flips(x, BAD);
            let largest = most || words.iter().any(large);
            let smallest = low || words.iter().any(small);
            // Both: the largest, unless the question asks how low or how
            // bad a quantity where more is better got.
            let largest = largest && !(smallest && (low || better_high));
            (largest || smallest).then_some(Measure::Extreme { largest })
        });
        let extreme = matches!(measure, Some(Measure::Extreme { .. }));
        // `which containers`, `what files`, `which of our shell scripts`:
        // a plural asks for all of them.
        let plural = items_noun(&words, 2).is_some();
        let how_many = (0..words.len()).any(|i| w(i) == "how" && w(i + 1) == "many");
        let every =
            !extreme && (plural || how_many || words.iter().any(|x| EVERY.contains(&x.as_str())));
        Intent {
            every,
            measure,
            negated: after(&words, |w| {
                (NEGATIONS.contains(&w) && w != "t") || CONTRASTS.contains(&w)
            }),
            apart: after(&words, |w| CONTRASTS.contains(&w)),
            setting: setting(question, &words),
            where_asked: clause_asks(question, "where"),
            when_asked: when_asked(question),
            who_asked: clause_asks(question, "who"),
            lacking: lacking(question, &words),
        }
    }
}

/// The word the first marker (a negation, a contrast) applies to: the
/// next one, past a contraction's `t` and a filler (`not yet finished`,
/// `not a match`, `as opposed to just warnings`).
fn after(words: &[String], marker: impl Fn(&str) -> bool) -> Option<String> {
    let w = |i: usize| words.get(i).map_or("", String::as_str);
    let at = (0..words.len()).find(|&i| marker(w(i)))?;
    let mut next = at + 1;
    // "Not the ones who were refused": the word after who they are.
    while matches!(
        w(next),
        "t" | "yet"
            | "a"
            | "an"
            | "the"
            | "be"
            | "been"
            | "being"
            | "ones"
            | "one"
            | "those"
            | "who"
            | "that"
            | "which"
            | "were"
            | "was"
            | "are"
            | "is"
            | "to"
            | "of"
            | "than"
            | "just"
            | "only"
            | "mere"
            | "merely"
    ) {
        next += 1;
    }
    (!w(next).is_empty()).then(|| w(next).to_string())
}

impl Intent {
    /// The question without its measure's words (the comparison, the
    /// number and its unit, the extreme): what the word search looks for.
    /// `90` in "more than 90 %" is no word to find.
    pub fn search_text(&self, question: &str) -> String {
        let question = &without_time_frame(question);
        if self.measure.is_none() {
            return question.to_string();
        }
        let words = words(question);
        let mut keep = vec![true; words.len()];
        for (i, w) in words.iter().enumerate() {
            let w = w.as_str();
            let measure_word = LARGEST.contains(&w)
                || SMALLEST.contains(&w)
                || ABOVE.contains(&w)
                || BELOW.contains(&w)
                || matches!(
                    w,
                    "than" | "least" | "most" | "%" | ">" | "<" | "=" | "equal" | "equals"
                )
                || number(w).is_some()
                || (unit(w).is_some() && i > 0 && counts_one_of(&words[i - 1], w));
            keep[i] = !measure_word;
        }
        (words.iter().zip(keep))
            .filter(|(_, k)| *k)
            .map(|(w, _)| w.as_str())
            .collect::<Vec<_>>()
            .join(" ")
    }
}

/// Words saying when, not what: "last night", "this morning",
/// "yesterday". An output says when by its timestamps, so these words
/// only find a traceback's `most recent call last`.
const TIME_FRAMES: &[&str] = &["yesterday", "today", "tonight", "overnight"];
/// A time frame's noun, after `last` or `this`.
const TIME_FRAME_NOUNS: &[&str] = &[
    "night",
    "morning",
    "evening",
    "afternoon",
    "week",
    "weekend",
    "month",
];

/// `question` with its time frames blanked out, the rest as written (a
/// name such as `/etc/sudoers` stays whole).
fn without_time_frame(question: &str) -> String {
    let mut spans: Vec<(usize, usize, String)> = Vec::new();
    let mut start = None;
    for (i, c) in question.char_indices().chain([(question.len(), ' ')]) {
        match (c.is_alphanumeric(), start) {
            (true, None) => start = Some(i),
            (false, Some(s)) => {
                spans.push((s, i, question[s..i].to_lowercase()));
                start = None;
            }
            _ => {}
        }
    }
    let mut out = question.to_string();
    let blank =
        |out: &mut String, (s, e): (usize, usize)| out.replace_range(s..e, &" ".repeat(e - s));
    for (k, (s, e, w)) in spans.iter().enumerate() {
        if TIME_FRAMES.contains(&w.as_str()) {
            blank(&mut out, (*s, *e));
        }
        let noun = spans
            .get(k + 1)
            .filter(|n| TIME_FRAME_NOUNS.contains(&n.2.as_str()));
        if let Some(noun) = noun.filter(|_| matches!(w.as_str(), "last" | "this")) {
            blank(&mut out, (*s, noun.1));
        }
    }
    out
}

/// A request to go on with an answer cut short: `… [skip 12]` at its end;
/// the question without it, and how many kinds to skip.
pub fn paging(extract: &str) -> (&str, usize) {
    let t = extract.trim_end();
    if let Some(rest) = t.strip_suffix(']')
        && let Some(at) = rest.rfind("[skip ")
        && let Ok(n) = rest[at + 6..].trim().parse::<usize>()
    {
        return (t[..at].trim_end(), n);
    }
    (extract, 0)
}

/// The question's words, lowercased, numbers kept whole (`10,000`, `0.5`,
/// `90%` → `90`, `%`).
pub(super) fn words(question: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut cur = String::new();
    let chars: Vec<char> = question.chars().collect();
    for (i, &c) in chars.iter().enumerate() {
        let digit_joint = matches!(c, ',' | '.')
            && cur.chars().last().is_some_and(|p| p.is_ascii_digit())
            && chars.get(i + 1).is_some_and(char::is_ascii_digit);
        if c.is_alphanumeric() || digit_joint {
            if c != ',' {
                cur.extend(c.to_lowercase());
            }
            continue;
        }
        if !cur.is_empty() {
            out.push(std::mem::take(&mut cur));
        }
        if matches!(c, '%' | '>' | '<' | '=') {
            out.push(c.to_string());
        }
    }
    if !cur.is_empty() {
        out.push(cur);
    }
    out
}

/// A number word or numeral (with its unit glued on: `5s`, `200ms`).
fn number(word: &str) -> Option<(f64, &str)> {
    if let Some(&(_, n)) = NUMBERS.iter().find(|(w, _)| *w == word) {
        return Some((n, ""));
    }
    let end = word
        .find(|c: char| !(c.is_ascii_digit() || c == '.'))
        .unwrap_or(word.len());
    let n: f64 = word[..end].parse().ok()?;
    Some((n, &word[end..]))
}

/// Whether `word` counts the unit `next`: a number (`5 gigs`), or an
/// article before a unit's name (`a gigabyte`, `an hour`: not `a M.2`).
fn counts_one_of(word: &str, next: &str) -> bool {
    number(word).is_some() || (matches!(word, "a" | "an") && next.len() > 1 && unit(next).is_some())
}

/// A unit's scale to its base, and which base.
fn unit(word: &str) -> Option<(f64, Unit)> {
    Some(match word {
        "%" | "percent" | "pct" => (1.0, Unit::Percent),
        "ns" | "nanosecond" | "nanoseconds" => (1e-9, Unit::Seconds),
        "us" | "µs" | "microsecond" | "microseconds" => (1e-6, Unit::Seconds),
        "ms" | "millisecond" | "milliseconds" | "millis" => (1e-3, Unit::Seconds),
        "s" | "sec" | "secs" | "second" | "seconds" => (1.0, Unit::Seconds),
        "m" | "min" | "mins" | "minute" | "minutes" => (60.0, Unit::Seconds),
        "h" | "hour" | "hours" => (3600.0, Unit::Seconds),
        "b" | "byte" | "bytes" => (1.0, Unit::Bytes),
        // A gigabyte is 10⁹ bytes, a GiB 2³⁰ (as the units are defined, and
        // as a network's byte counts are read); a "gig", as `ls -h` prints
        // its `G`, is 2³⁰.
        "kb" | "kilobyte" | "kilobytes" => (1e3, Unit::Bytes),
        "mb" | "megabyte" | "megabytes" => (1e6, Unit::Bytes),
        "gb" | "gigabyte" | "gigabytes" => (1e9, Unit::Bytes),
        "tb" | "terabyte" | "terabytes" => (1e12, Unit::Bytes),
        "kib" | "k" => (1024.0, Unit::Bytes),
        "mib" | "meg" | "megs" => (1024.0 * 1024.0, Unit::Bytes),
        "gib" | "g" | "gig" | "gigs" => (1024.0f64.powi(3), Unit::Bytes),
        "tib" => (1024.0f64.powi(4), Unit::Bytes),
        _ => return None,
    })
}

/// A comparison: a direction word (`more than`, `over`, `>`, `at least`,
/// `set to`, `is zero`) then a number, with its unit after it.
fn compare(words: &[String]) -> Option<Measure> {
    let w = |i: usize| words.get(i).map_or("", String::as_str);
    for i in 0..words.len() {
        // `500ms or more`, `90 % or above`: the number first.
        if let Some((n, glued)) = number(w(i))
            && let Some(at) = [i + 1, i + 2].into_iter().find(|&a| w(a) == "or")
            && (ABOVE.contains(&w(at + 1)) || BELOW.contains(&w(at + 1)))
        {
            let (scale, unit) = unit(glued)
                .or_else(|| unit(w(i + 1)))
                .unwrap_or((1.0, Unit::Plain));
            let op = if ABOVE.contains(&w(at + 1)) {
                Op::AtLeast
            } else {
                Op::AtMost
            };
            return Some(Measure::Compare {
                op,
                value: n * scale,
                unit,
            });
        }
        let (op, skip) = match (w(i), w(i + 1)) {
            ("at", "least") => (Op::AtLeast, 2),
            ("at", "most") => (Op::AtMost, 2),
            ("or", _) => continue,
            (">", "=") => (Op::AtLeast, 2),
            ("<", "=") => (Op::AtMost, 2),
            (">", _) => (Op::Above, 1),
            ("<", _) => (Op::Below, 1),
            ("=", _) | ("equal", _) | ("equals", _) => (Op::Equal, 1),
            ("set", "to") | ("is", _) | ("of", _) | ("to", _) => (Op::Equal, 1),
            (x, _) if ABOVE.contains(&x) => (Op::Above, 1),
            (x, _) if BELOW.contains(&x) => (Op::Below, 1),
            _ => continue,
        };
        let mut at = i + skip;
        if w(at) == "than" || w(at) == "to" {
            at += 1;
        }
        // `more than a gigabyte`, `longer than an hour`: one of a unit.
        let one = counts_one_of(w(at), w(at + 1)) && number(w(at)).is_none();
        let Some((mut n, glued)) = number(w(at)).or(one.then_some((1.0, ""))) else {
            continue;
        };
        // `is 0`/`to 0` compare only with a bare zero: `set to 5 replicas`
        // is no question about a number.
        if op == Op::Equal && n != 0.0 && !matches!(w(i), "=" | "equal" | "equals") {
            continue;
        }
        let (scale, unit) = unit(glued)
            .or_else(|| unit(w(at + 1)))
            .unwrap_or((1.0, Unit::Plain));
        n *= scale;
        // `90 or more`, `5 s or longer`.
        let op = match (w(at + 1), w(at + 2), w(at + 3)) {
            ("or", x, _) | (_, "or", x) if ABOVE.contains(&x) => Op::AtLeast,
            ("or", x, _) | (_, "or", x) if BELOW.contains(&x) => Op::AtMost,
            _ => op,
        };
        return Some(Measure::Compare { op, value: n, unit });
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    fn measure(q: &str) -> Option<Measure> {
        Intent::of(q).measure
    }

    #[test]
    fn comparisons_with_numbers_and_units() {
        let cmp = |op, value, unit| Some(Measure::Compare { op, value, unit });
        assert_eq!(
            measure("Which processes are using more than 90% CPU?"),
            cmp(Op::Above, 90.0, Unit::Percent)
        );
        assert_eq!(
            measure("Which consumer groups are more than 10,000 messages behind?"),
            cmp(Op::Above, 10_000.0, Unit::Plain)
        );
        assert_eq!(
            measure("Which request took longer than 5 seconds?"),
            cmp(Op::Above, 5.0, Unit::Seconds)
        );
        assert_eq!(
            measure("calls longer than one second"),
            cmp(Op::Above, 1.0, Unit::Seconds)
        );
        assert_eq!(
            measure("In which files is a timeout set to zero?"),
            cmp(Op::Equal, 0.0, Unit::Plain)
        );
        assert_eq!(
            measure("responses of 500ms or more"),
            cmp(Op::AtLeast, 0.5, Unit::Seconds)
        );
        // Sizes as people say them.
        assert_eq!(
            measure("Which files in this bucket are bigger than 5 gigs?"),
            cmp(Op::Above, 5.0 * 1024f64.powi(3), Unit::Bytes)
        );
        assert_eq!(
            measure("logs over 300 megabytes"),
            cmp(Op::Above, 300e6, Unit::Bytes)
        );
        assert_eq!(measure("set to 5 replicas"), None);
        // One of a unit, said with an article.
        assert_eq!(
            measure("Did any host push more than a gigabyte out?"),
            cmp(Op::Above, 1e9, Unit::Bytes)
        );
        assert_eq!(
            measure("jobs that ran longer than an hour"),
            cmp(Op::Above, 3600.0, Unit::Seconds)
        );
        assert_eq!(measure("more than a few retries"), None);
        assert_eq!(measure("bigger than a M.2 drive"), None);
        // The unit is no word to search for, after an article as after a number.
        let intent = Intent::of("jobs that ran longer than an hour");
        assert!(
            !intent
                .search_text("jobs that ran longer than an hour")
                .contains("hour")
        );
    }

    #[test]
    fn items_lacking_a_member() {
        let lacking = |q| Intent::of(q).lacking.map(|l| (l.items, l.member));
        let both = |items: &str, member: &[&str]| {
            Some((
                items.to_string(),
                member.iter().map(|w| w.to_string()).collect(),
            ))
        };
        assert_eq!(
            lacking(
                "Anything without a cap will be refused. Which containers don't have a memory limit set?"
            ),
            both("containers", &["memory", "limit"])
        );
        assert_eq!(
            lacking("Which deployments are missing a readiness probe?"),
            both("deployments", &["readiness", "probe"])
        );
        assert_eq!(
            lacking("which users have no MFA device at all"),
            both("users", &["mfa", "device"])
        );
        assert_eq!(
            lacking("Which buckets are there without versioning? Every one"),
            both("buckets", &["versioning"])
        );
        // Not a member lacked: a verb negated, or no items asked.
        assert_eq!(lacking("Which pods don't restart?"), None);
        assert_eq!(lacking("Why is there no memory limit?"), None);
    }

    #[test]
    fn extremes_and_every() {
        assert_eq!(
            measure("Which query took the longest?"),
            Some(Measure::Extreme { largest: true })
        );
        assert_eq!(
            measure("the fastest response"),
            Some(Measure::Extreme { largest: false })
        );
        // A word implying the largest (`overheat`), and `most` before a
        // quantity's word, not before any word.
        assert_eq!(
            measure("Did any GPU overheat?"),
            Some(Measure::Extreme { largest: true })
        );
        assert_eq!(
            measure("Which pod is using the most memory?"),
            Some(Measure::Extreme { largest: true })
        );
        assert_eq!(measure("Which errors occur the most?"), None);
        let about = |q| Quantity::of(q, &measure(q).unwrap());
        assert_eq!(about("Did any GPU overheat?"), Some(&HEAT));
        assert_eq!(about("Which pod is using the most memory?"), Some(&MEMORY));
        assert_eq!(about("Which query took the longest?"), Some(&TIME));
        assert_eq!(about("Which commit was the biggest change?"), None);
        // Where more is better, the worst is the smallest, and so is "how
        // low" it got; the worst latency is still the largest.
        for q in [
            "In which second was the throughput at its worst?",
            "When was the bandwidth slowest, and how low did it get?",
        ] {
            assert_eq!(measure(q), Some(Measure::Extreme { largest: false }), "{q}");
            assert_eq!(about(q), Some(&RATE), "{q}");
        }
        assert_eq!(
            measure("Which request had the worst latency?"),
            Some(Measure::Extreme { largest: true })
        );
        // …and its fastest the largest; the fastest response is still the
        // smallest time.
        let writer = "Which process was writing to disk the fastest?";
        assert_eq!(measure(writer), Some(Measure::Extreme { largest: true }));
        assert_eq!(about(writer), Some(&RATE));
        // A resource at its limit: the largest percentage of its use.
        let maxed = "Which drive was the bottleneck, how close to maxed out did it get?";
        assert_eq!(measure(maxed), Some(Measure::Extreme { largest: true }));
        assert_eq!(about(maxed), Some(&PERCENT));
        assert!(Intent::of("List every test that failed.").every);
        assert!(Intent::of("Which containers exited with an error code?").every);
        assert!(Intent::of("How many pods restarted?").every);
        assert!(!Intent::of("Which test is making the run so slow?").every);
        assert!(!Intent::of("Why did the app crash?").every);
        let negated = |q| Intent::of(q).negated;
        assert_eq!(
            negated("Which tests did not pass?").as_deref(),
            Some("pass")
        );
        assert_eq!(
            negated("jobs that haven't yet finished").as_deref(),
            Some("finished")
        );
        assert_eq!(negated("Which tests failed?"), None);
        assert_eq!(
            negated("Who got the key? Not the ones who were refused.").as_deref(),
            Some("refused")
        );
        assert!(Intent::of("Who got the key? Not the ones who were refused.").every);
        assert!(Intent::of("Which of our shell scripts have errors?").every);
        assert!(Intent::of("Did everything make it across? If not, which file?").every);
        assert_eq!(
            negated("scripts with errors, as opposed to just warnings").as_deref(),
            Some("warnings")
        );
        assert_eq!(
            negated("hosts that failed rather than timed out").as_deref(),
            Some("timed")
        );
        let apart = |q| Intent::of(q).apart;
        assert_eq!(
            apart("scripts with errors, as opposed to just warnings").as_deref(),
            Some("warnings")
        );
        assert_eq!(apart("Which machines could it not connect to?"), None);
        assert!(!Intent::of("Which of the builds is the slowest?").every);
    }

    #[test]
    fn a_time_frame_is_no_word_to_find() {
        let searched = |q| Intent::of(q).search_text(q);
        assert_eq!(
            searched("Who edited /etc/sudoers last night?"),
            "Who edited /etc/sudoers           ?"
        );
        assert_eq!(
            searched("Which of yesterday's jobs failed this morning?"),
            "Which of          's jobs failed             ?"
        );
        // Not a time frame: what is asked about, or a last item.
        let kept = "Which nightly backups stopped, and when did the last one run?";
        assert_eq!(searched(kept), kept);
    }

    #[test]
    fn the_scene_and_the_items_noun_are_told_apart_from_what_is_asked() {
        let setting = |q| Intent::of(q).setting;
        assert_eq!(
            setting("After last night's backup to S3, which files don't match?"),
            ["after", "last", "night", "s", "backup", "to", "s3", "files"]
        );
        assert_eq!(
            setting("Which of our Nomad jobs ran out of memory?"),
            ["jobs"]
        );
        assert_eq!(setting("which deleted log files are open"), ["files"]);
        // No scene: a clause that is a question of its own, or does not
        // open one; no plural after `what`.
        assert!(setting("Is it down? Which hosts, then").len() == 1);
        assert!(setting("The disk, which one is full?").is_empty());
        assert!(setting("What happened to the build?").is_empty());
        // What happened, told before the question.
        assert_eq!(
            setting("The CI build went red. What is broken in the code?"),
            ["ci", "build", "went", "red"]
        );
        assert!(setting("Is it v1.2? Which hosts run it?").len() == 1);
        // A question pointing back at the statement asks about it.
        assert!(
            setting("Someone edited the sudoers file last night. Who was it, and when?").is_empty()
        );
        assert!(setting("Some pods restarted last night. Which ones, and why?").is_empty());
        // …not when it names items of its own.
        assert_eq!(
            setting("The nightly backup to S3 finished. Which files did it skip?"),
            ["the", "nightly", "backup", "to", "s3", "finished", "files"]
        );
        // An abbreviation's stop ends no statement; a word asked about is
        // no scene; `status` is no plural.
        assert_eq!(setting("Which tests failed vs. passed?"), ["tests"]);
        assert_eq!(
            setting("Since the upgrade, which hosts fail the upgrade check?"),
            ["since", "hosts"]
        );
        assert!(setting("What is the status of the build?").is_empty());
        let where_asked = |q| Intent::of(q).where_asked;
        assert!(where_asked("Could it crash? Where exactly?"));
        assert!(where_asked("Which machine, and where?"));
        assert!(!where_asked("List the pods where the status is Failed."));
        let when_asked = |q| Intent::of(q).when_asked;
        assert!(when_asked("Which host stopped, and when did it last run?"));
        assert!(!when_asked("Which jobs failed when the disk filled?"));
        assert!(!when_asked("When the disk filled, which jobs failed?"));
        assert!(when_asked("Who got rid of it, and at what time?"));
        assert!(when_asked("Which pod, and when?"));
        assert!(when_asked("Which day did the backup last succeed?"));
        assert!(!when_asked("Which jobs took the most time?"));
        let who_asked = |q| Intent::of(q).who_asked;
        assert!(who_asked("Who got rid of it, and at what time?"));
        assert!(who_asked("Which vault was deleted, and who did it?"));
        assert!(!who_asked("List the users who logged in."));
    }
}
