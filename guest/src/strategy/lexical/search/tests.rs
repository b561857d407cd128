//! Tests of the lexical search: query terms, BM25 windows, streaming.

use super::*;

fn run(query: &str, lines: &[String], keep: usize) -> Vec<Window> {
    let mut s = Scorer::new(&Query::parse(query).unwrap(), keep);
    for (i, l) in lines.iter().enumerate() {
        s.push_line(i as u64 + 1, l);
    }
    s.finish().windows
}

fn lines(n: usize, f: impl Fn(usize) -> String) -> Vec<String> {
    (1..=n).map(f).collect()
}

#[test]
fn terms_english_snake_and_paths() {
    assert_eq!(
        terms("Hello, World! It's 42."),
        ["hello", "world", "it", "s", "42"]
    );
    assert_eq!(terms("foo_bar"), ["foo_bar", "foo", "bar"]);
    assert_eq!(
        terms("/usr/lib/Tokio_Util.rs"),
        ["usr", "lib", "tokio_util", "tokio", "util", "rs"]
    );
    assert_eq!(terms("__init__ _"), ["__init__", "init"]);
    assert_eq!(terms("Ошибка ВВОДА"), ["ошибка", "ввода"]);
}

#[test]
fn a_hosts_well_known_port_names_its_service() {
    assert_eq!(
        terms("CONNECT 198.51.100.23:22 - HIER_NONE/-"),
        [
            "connect",
            "198",
            "51",
            "100",
            "23",
            "22",
            "ssh",
            "hier_none",
            "hier",
            "none"
        ]
    );
    assert_eq!(
        terms("git.example-box.de:22"),
        ["git", "example", "box", "de", "22", "ssh"]
    );
    assert_eq!(terms("[::1]:3389 ё"), ["1", "3389", "rdp", "ё"]);
    assert_eq!(terms("localhost:5432"), ["localhost", "5432", "postgres"]);
    assert_eq!(
        terms("ssh://git.example.org:22/x"),
        ["ssh", "git", "example", "org", "22", "ssh", "x"]
    );
    // Times, dates, an image's tag and a port of no service name none.
    for text in [
        "03:14:22 ok",
        "2026-11-27T03:22:05Z",
        "at 14:22",
        "image node:22",
        "10.0.0.1:2222",
        "10.0.0.1:22:7",
        "v1.2:22.5",
        "at Foo.bar(Foo.java:22)",
        "server.py:22 - started",
        "/app/main.go:22 +0x1d",
    ] {
        assert!(
            !terms(text).contains(&"ssh".to_string()),
            "{text}: {:?}",
            terms(text)
        );
    }
}

#[test]
fn terms_spaceless_scripts() {
    assert_eq!(
        terms("找出所有超时的请求"),
        [
            "找出", "出所", "所有", "有超", "超时", "时的", "的请", "请求"
        ]
    );
    assert_eq!(terms("错误error123"), ["错误", "error123"]);
    assert_eq!(terms("错 误。"), ["错", "误"]);
    assert_eq!(terms("エラー・ログ"), ["エラ", "ラー", "ログ"]);
    assert_eq!(terms("오류"), ["오류"]);
    assert_eq!(terms("ＥＲＲＯＲ１"), ["error1"]);
}

#[test]
fn terms_ignore_emoji_and_punctuation() {
    assert_eq!(terms("🔥 fire 🚀!! -- ✅"), ["fire"]);
    assert!(terms("🔥 ... ✅").is_empty());
}

#[test]
fn query_drops_stopwords_with_fallback() {
    let q =
        Query::parse("Find the error that made the linker FAIL and the crate it was in").unwrap();
    assert_eq!(q.terms(), ["error", "linker", "fail", "crate"]);
    assert_eq!(Query::parse("find all").unwrap().terms(), ["find", "all"]);
    assert_eq!(
        Query::parse("找出超时的请求").unwrap().terms(),
        ["出超", "超时", "请求"]
    );
    assert_eq!(
        Query::parse("timeout timeout").unwrap().terms(),
        ["timeout"]
    );
    assert!(Query::parse("").is_none());
    assert!(Query::parse("🔥 ?!").is_none());
}

#[test]
fn a_name_and_its_version_are_looked_up_joined() {
    let q = Query::parse("Which hosts still accept TLS 1.0?").unwrap();
    assert_eq!(q.terms(), ["hosts", "accept", "tls", "1", "0", "tls1"]);
    assert!(q.names_whole("TLS1"));
    assert!(q.names_whole("TLSv1"));
    assert!(q.names_whole("tls1_0"));
    assert!(!q.names_whole("TLS1_2"));
    assert!(!q.names_whole("cipher-tls1_xc014"));
    let q = Query::parse("servers offering TLS 1.2").unwrap();
    assert!(q.names_whole("TLS1_2"));
    assert!(!q.names_whole("TLS1"));
    // A number after a stopword, or a date, is no version.
    let q = Query::parse("the 3 hosts on 2026.11").unwrap();
    assert_eq!(q.terms(), ["3", "hosts", "2026", "11"]);
    // A word of other letters is no name (`ＥＲers` is not `ers`).
    let q = Query::parse("ＥＲers 0ms").unwrap();
    assert!(!q.terms().contains(&"ers0"), "{:?}", q.terms());
}

#[test]
fn a_short_word_is_held_with_the_initial_of_the_word_before() {
    let q = Query::parse("how long after start did the first full GC happen, and its user ID?")
        .unwrap();
    let gc = q.terms().iter().position(|t| *t == "gc").unwrap();
    let id = q.terms().iter().position(|t| *t == "id").unwrap();
    // jstat's `FGC` column, a `uid` key; not the young collections' `YGC`.
    assert!(q.held_by("fgc").iter().any(|h| h.term == gc && !h.related));
    assert!(q.held_by("uid").iter().any(|h| h.term == id));
    assert!(!q.held_by("ygc").iter().any(|h| h.term == gc));
    // A stopword before the short word joins nothing, nor a word in
    // lowercase: "public ip" is no `pip`.
    let q = Query::parse("why did the GC run").unwrap();
    assert!(q.held_by("tgc").is_empty());
    let q = Query::parse("which public ip").unwrap();
    assert!(q.held_by("pip").is_empty());
}

#[test]
fn a_key_joined_to_a_word_holds_it() {
    let q = Query::parse("which findings are high risk").unwrap();
    let risk = q.terms().iter().position(|t| *t == "risk").unwrap();
    // ZAP's `<riskdesc>`, `<riskcode>`: the word and a key's tail.
    for key in ["riskdesc", "riskcode", "risks"] {
        assert!(q.held_by(key).iter().any(|h| h.term == risk), "{key}");
    }
    assert!(!q.held_by("riskmanagement").iter().any(|h| h.term == risk));
}

#[test]
fn build_log_buried_error_ranks_first() {
    let log = lines(5000, |i| match i {
        2500 => "error[E0433]: failed to resolve: use of undeclared crate or module `tokio`".into(),
        _ if i % 997 == 0 => "note: resolve = \"2\" set in workspace".into(),
        _ if i % 301 == 0 => "warning: build script failed to run cleanly, retrying".into(),
        _ if i % 3 == 0 => format!("   Compiling crate_{i} v0.{}.0 (/src/crate_{i})", i % 10),
        _ => format!("warning: unused variable: `x{i}` at src/lib.rs:{i}:5"),
    });
    let got = run("which crate failed to resolve", &log, 5);
    assert_eq!((got[0].first_line, got[0].last_line), (2497, 2504));
    assert_eq!(got[0].matched_terms, ["crate", "failed", "resolve"]);
    assert_eq!(got.len(), 5);
    assert!(got.windows(2).all(|w| w[0].score >= w[1].score));
}

#[test]
fn chinese_log_ranks_timeout_request_first() {
    let log = lines(2000, |i| match i {
        1234 => "2024-01-01 12:00:00 请求超时 id=1234".into(),
        _ if i % 100 == 0 => format!("2024-01-01 12:00:00 连接超时，重试 {i}"),
        _ => format!("2024-01-01 12:00:00 请求成功 id={i} 耗时 {}ms", i % 97),
    });
    let got = run("找出所有超时的请求", &log, 3);
    assert_eq!((got[0].first_line, got[0].last_line), (1233, 1240));
    assert_eq!(got[0].matched_terms, ["超时", "请求"]);
}

#[test]
fn distinct_terms_beat_repetition() {
    let log = lines(64, |i| match i {
        1..=8 => "alpha alpha alpha alpha".into(),
        20 => "alpha beta".into(),
        33..=40 => "beta beta beta beta".into(),
        _ => "filler text here".into(),
    });
    let got = run("alpha beta", &log, 10);
    assert_eq!(got[0].first_line, 17);
    assert_eq!(got[0].matched_terms, ["alpha", "beta"]);
    assert_eq!(got.len(), 3);
}

#[test]
fn no_match_is_empty() {
    let log = lines(100, |i| format!("line {i} ok"));
    assert!(run("segfault", &log, 10).is_empty());
    assert!(run("ok", &log, 0).is_empty());
    assert!(
        Scorer::new(&Query::parse("x").unwrap(), 5)
            .finish()
            .windows
            .is_empty()
    );
}

#[test]
fn window_boundaries_with_short_last_window() {
    let log = lines(20, |i| {
        if [3, 10, 20].contains(&i) {
            "hit".into()
        } else {
            "miss".into()
        }
    });
    let mut got: Vec<_> = run("hit", &log, 10)
        .iter()
        .map(|w| (w.first_line, w.last_line))
        .collect();
    got.sort();
    assert_eq!(got, [(1, 8), (9, 16), (17, 20)]);
}

#[test]
fn ties_are_ordered_by_line() {
    let log = lines(40, |i| {
        if i % 8 == 1 {
            "same hit".into()
        } else {
            "x".into()
        }
    });
    let got = run("hit", &log, 3);
    assert_eq!(
        got.iter().map(|w| w.first_line).collect::<Vec<_>>(),
        [1, 9, 17]
    );
    assert_eq!(got, run("hit", &log, 3));
}

#[test]
fn prefix_rule_and_case() {
    let log = lines(48, |i| match i {
        1 => "TIMEOUTS here".into(),
        9 => "request timeouted".into(),
        17 => "timeoutexceeded".into(),
        25 => "errors only".into(),
        _ => "x".into(),
    });
    let got: Vec<_> = run("Timeout", &log, 10)
        .iter()
        .map(|w| w.first_line)
        .collect();
    assert_eq!(got, [1, 9]);
    assert!(
        run("err", &log, 10).is_empty(),
        "short terms match whole words only"
    );
}

#[test]
fn long_query_matches_like_a_short_one() {
    let words: Vec<String> = (0..20).map(|i| format!("zz{i}")).collect();
    let query = format!("{} timeout", words.join(" "));
    assert_eq!(Query::parse(&query).unwrap().terms().len(), 21);
    let log = lines(24, |i| match i {
        2 => "TIMEOUTS zz3".into(),
        12 => "timeoutexceeded zz19_x".into(),
        _ => "x".into(),
    });
    let got = run(&query, &log, 10);
    assert_eq!(got[0].matched_terms, ["zz3", "timeout"]);
    assert_eq!(got[1].matched_terms, ["zz19"]);
    assert_eq!(got.len(), 2);
}

#[test]
fn pruning_keeps_the_best() {
    let log = lines(8000, |i| {
        if i == 4325 {
            "needle haystack".into()
        } else {
            "haystack".into()
        }
    });
    let q = Query::parse("needle haystack").unwrap();
    let mut s = Scorer::with_limit(&q, 2, 10);
    for (i, l) in log.iter().enumerate() {
        s.push_line(i as u64 + 1, l);
    }
    assert!(s.candidates.len() <= 10);
    let got = s.finish().windows;
    assert_eq!((got[0].first_line, got[0].last_line), (4321, 4328));
    assert_eq!(got[0].matched_terms, ["needle", "haystack"]);
    assert_eq!(got[1].first_line, 1);
}

#[test]
fn identifiers_split_into_their_words() {
    assert_eq!(
        terms("CrashLoopBackOff restartCount"),
        [
            "crashloopbackoff",
            "crash",
            "loop",
            "back",
            "off",
            "restartcount",
            "restart",
            "count"
        ]
    );
    assert_eq!(terms("HTTPServer"), ["httpserver", "http", "server"]);
    assert_eq!(terms("TailscaleIPs"), ["tailscaleips", "tailscale", "ips"]);
    assert_eq!(terms("verify_tls"), ["verify_tls", "verify", "tls"]);
    assert_eq!(terms("ОшибкаВвода"), ["ошибкаввода", "ошибка", "ввода"]);
    // No case change inside: one word.
    assert_eq!(terms("Running TLS v1"), ["running", "tls", "v1"]);
    // Fullwidth letters fold to ASCII in the parts as in the whole.
    assert_eq!(terms("Ｆｏｏ_ＢａｒＱ"), ["foo_barq", "foo", "bar", "q"]);
}

#[test]
fn holding_is_mutual_except_for_longer_words() {
    let held = |question: &str, word: &str| Query::parse(question).unwrap().held_by(word);
    let own = |longer| Held {
        term: 0,
        related: false,
        longer,
        stand_in: false,
    };
    assert_eq!(held("failed", "failing"), [own(false)]);
    assert_eq!(held("failing", "failed"), [own(false)]);
    // A question's word finds its longer forms, one way.
    assert_eq!(held("lock", "lockd"), [own(true)]);
    assert!(held("lockd", "lock").is_empty());
    // A word that spells another's stem (`univers` of `university`) is
    // not that word.
    assert!(held("university", "univers").is_empty());
    assert!(held("univers", "university").is_empty());
    let related = Held {
        term: 0,
        related: true,
        longer: false,
        stand_in: false,
    };
    assert_eq!(held("storage", "disks"), [related]);
    assert_eq!(held("disk", "storage"), [related]);
    // A key that still works is one a scanner calls `Verified`.
    assert_eq!(held("work", "verified"), [related]);
    // A process the kernel or a supervisor killed: `signal 9 (SIGKILL)`.
    assert_eq!(held("kill", "sigkill"), [related]);
    // Operations' words for what outputs write otherwise: a status code,
    // a port, a health state, a record's member, a muted alert.
    assert_eq!(held("throttled", "429"), [related]);
    assert_eq!(held("postgres", "5432"), [related]);
    assert_eq!(held("broken", "critical"), [related]);
    assert_eq!(held("machine", "node"), [related]);
    assert_eq!(held("endpoints", "path"), [related]);
    assert_eq!(held("muted", "silenced"), [related]);
    assert_eq!(held("overall", "total"), [related]);
    // Data lost for good: a file system check's `MISSING`, `CORRUPT`.
    assert_eq!(held("lost", "missing"), [related]);
    assert_eq!(held("lost", "corrupt"), [related]);
    // An agent gone quiet: SSM's `ConnectionLost`, `Offline`.
    assert_eq!(held("quiet", "lost"), [related]);
    assert_eq!(held("silent", "offline"), [related]);
    // A part that died failed: a power supply's `Failure detected`.
    assert!(held("died", "failure").contains(&related));
}

#[test]
fn inflections_and_identifier_parts_match_plain_words() {
    let log = lines(48, |i| match i {
        3 => "state: waiting reason: CrashLoopBackOff".into(),
        19 => "Copy File succeeded".into(),
        35 => "  verify_tls: false".into(),
        _ => "x".into(),
    });
    let first = |q: &str| run(q, &log, 5).first().map(|w| w.first_line);
    assert_eq!(first("crash-looping pods"), Some(1));
    assert_eq!(first("which files were copied"), Some(17));
    assert_eq!(first("TLS verification"), Some(33));
}

#[test]
fn a_one_letter_term_is_found_in_the_words_that_stem_to_it() {
    // `oing` stems to `o`: the scorer's two-byte prefilter must not hide a
    // longer word from a one-byte form (a fuzz finding).
    assert_eq!(Query::parse("x o").unwrap().held_by("oing").len(), 1);
    let log = lines(24, |i| if i == 20 { "oing".into() } else { "z".into() });
    let found = run("x o", &log, 5);
    assert_eq!(found.len(), 1);
    assert_eq!(found[0].matched_terms, ["o"]);
}

#[test]
fn related_words_answer_the_users_words() {
    let log = lines(48, |i| match i {
        5 => "kernel: EXT4-fs: no space left on device (disk /dev/sda1)".into(),
        21 => "verify_tls: false".into(),
        37 => "ОШИБКА:  нехватка места".into(),
        _ => "routine line".into(),
    });
    // `disk` and `место` for storage, `ОШИБКА` for problem.
    let got = run("storage problem", &log, 5);
    let firsts: Vec<u64> = got.iter().map(|w| w.first_line).collect();
    assert_eq!(firsts, [33, 1]);
    let got = run("was verification turned off", &log, 5);
    assert_eq!(got[0].first_line, 17);
}

#[test]
fn not_the_same_is_answered_by_differ_and_a_crash_by_a_dereference() {
    let log = lines(60, |i| match i {
        12 => "ERROR : finance/budget.xlsx: md5 differ".into(),
        40 => "SA5011: possible nil pointer dereference (staticcheck)".into(),
        _ => format!("= share/file-{i}.pdf"),
    });
    let got = run("which files do not have the same contents", &log, 5);
    assert_eq!(got[0].first_line, 9);
    let got = run("could any of it crash", &log, 5);
    assert_eq!(got[0].first_line, 33);
}

#[test]
fn work_that_hung_is_answered_by_a_timeout() {
    let log = lines(120, |i| match i {
        97 => "2722/2726 Test   #74: MeshIoTest.ReadsPipe ......***Timeout 300.02 sec".into(),
        _ => format!("{i}/2726 Test #{i}: Suite.Case{i} ......   Passed    0.20 sec"),
    });
    assert_eq!(run("which tests hung", &log, 3)[0].first_line, 97);
}

#[test]
fn passwords_and_tokens_are_answered_by_credentials() {
    let log = lines(120, |i| match i {
        61 => "\"details\": \"Potential hardcoded credentials\",".into(),
        _ => format!("\"details\": \"Errors unhandled\", \"line\": \"{i}\","),
    });
    let got = &run("any passwords or tokens in there", &log, 3)[0];
    assert!((got.first_line..=got.last_line).contains(&61), "{got:?}");
    assert_eq!(got.matched_terms, ["passwords", "tokens"]);
}

#[test]
fn a_rare_form_outweighs_a_common_one() {
    // `severity` is on every record, `critical` on one: both are forms of
    // "serious", but the rare one decides.
    let log = lines(400, |i| match i % 8 {
        1 if i == 201 => "\"severity\": \"critical\",".into(),
        1 => "\"severity\": \"moderate\",".into(),
        _ => format!("\"title\": \"advisory {i}\","),
    });
    assert_eq!(run("the most serious advisory", &log, 3)[0].first_line, 201);
}

#[test]
fn words_no_line_holds_are_reported() {
    let mut s = Scorer::new(&Query::parse("disk quota zebra").unwrap(), 5);
    s.push_line(1, "disk quota exceeded");
    let ranked = s.finish();
    assert_eq!(ranked.unmatched, ["zebra"]);
    assert_eq!(ranked.windows[0].matched_terms, ["disk", "quota"]);
}

#[test]
fn question_filler_and_contractions_are_dropped() {
    assert_eq!(
        Query::parse("Which file couldn't be copied because of a permissions problem?")
            .unwrap()
            .terms(),
        ["file", "copied", "because", "permissions", "problem"]
    );
}

/// A record's member the question asks for: a word of its key holds a
/// term (`issue_severity`, `filePath`), or the key starts with a term's
/// stem (`filename` for "files"), or a naming word of it is related to a
/// term (`html_url` for "links"); another related word (`error` for
/// "failing") or a short stem does not.
#[test]
fn a_key_is_named_by_the_questions_words() {
    let q = Query::parse("which files have the top severity findings per host?").expect("terms");
    for key in [
        "filename",
        "issue_severity",
        "IssueSeverity",
        "file_path",
        "hostname",
        "Host",
    ] {
        assert!(q.names_key(key), "{key}");
    }
    for key in [
        "test_name",
        "line_number",
        "profile",
        "col_offset",
        "hostel_id",
    ] {
        assert!(!q.names_key(key), "{key}");
    }
    let q = Query::parse("which runs are failing? I need links to them").expect("terms");
    assert!(q.names_key("html_url"));
    assert!(!q.names_key("error"));
    // "When": a record's time is the member asked for.
    let mut q = Query::parse("which host stopped, and when").expect("terms");
    assert!(!q.names_key("time"));
    q.asking_when();
    assert!(q.names_key("time") && q.names_key("created_at"));
    // A naming key that is a related word as a whole.
    let q = Query::parse("which accounts are locked? every username").expect("terms");
    assert!(q.names_key("sAMAccountName"));
}

#[test]
fn names_spelled_with_hyphens_or_dots_are_terms_as_written() {
    let q = Query::parse("Does it ship log4j-core or api.example.com, not 2.14.1?").unwrap();
    let terms = q.terms();
    assert!(terms.contains(&"log4j-core"), "{terms:?}");
    assert!(terms.contains(&"api.example.com"), "{terms:?}");
    assert!(!terms.contains(&"2.14.1"), "{terms:?}");
    let long = format!(
        "{} x-{} a-{}",
        (0..20)
            .map(|i| format!("n{i}-x"))
            .collect::<Vec<_>>()
            .join(" "),
        "y".repeat(70),
        "z"
    );
    let q = Query::parse(&long).unwrap();
    assert_eq!(q.terms().iter().filter(|t| t.contains('-')).count(), 8);
    let q = Query::parse("Which pods, e.g. on web-1, restarted?").unwrap();
    assert!(q.terms().contains(&"web-1"), "{:?}", q.terms());
    assert!(
        !q.terms().iter().any(|t| t.contains('.')),
        "{:?}",
        q.terms()
    );
    // Its parts are still terms of their own.
    assert!(
        terms.contains(&"log4j") && terms.contains(&"core"),
        "{terms:?}"
    );
    // A hidden file's name keeps its dot: the file, not the word.
    let q = Query::parse("Which sites expose their .git folder or `.env` file?").unwrap();
    let terms = q.terms();
    assert!(
        terms.contains(&".git") && terms.contains(&".env") && terms.contains(&"git"),
        "{terms:?}"
    );
    let dot_git = terms.iter().position(|t| *t == ".git").unwrap();
    let mut held = LineTerms::new(&q);
    assert!(
        held.held("GET https://jobs.example.de/.git/config 200")
            .contains(&dot_git)
    );
    for line in [
        "host git-mirror.example.de",
        "clone https://x.example/app.git",
    ] {
        assert!(!held.held(line).contains(&dot_git), "{line}");
    }
    // Spelled with `-`, a word has the related words of its spelling
    // without it: "two-step" is an `mfa` factor.
    let q = Query::parse("Who wiped someone's two-step login?").unwrap();
    let mut held = LineTerms::new(&q);
    assert_eq!(
        held.count("\"eventType\": \"user.mfa.factor.reset_all\","),
        2
    );
}

#[test]
fn a_name_as_written_is_held_between_word_boundaries() {
    let held = |question: &str, line: &str| {
        let mut n = 0;
        Matcher::new(&Query::parse(question).unwrap()).verbatim_hits(line, |_, _| n += 1);
        n
    };
    assert_eq!(held("why did web-1 restart", "pod web-1 restarted"), 1);
    assert_eq!(
        held("why did web-1 restart", "pod WEB-1-abcde restarted"),
        1
    );
    assert_eq!(held("why did web-1 restart", "pod web-10 restarted"), 0);
    assert_eq!(held("is log4j-core there", "lib/log4j-core-2.14.1.jar"), 1);
    assert_eq!(held("is log4j-core there", "lib/mylog4j-core.jar"), 0);
}

#[test]
fn a_phrase_is_looked_up_by_what_outputs_say() {
    use super::query::phrased;
    assert_eq!(phrased("the pool ran out of leases"), ["depleted"]);
    assert_eq!(phrased("We're running out of disk. Run out!"), ["depleted"]);
    assert!(phrased("the run finished; out of 40 tests").is_empty());
    assert!(phrased("ran the job out of hours").is_empty());
    let q = Query::parse("which devices did the pool run out for").expect("terms");
    let at = q
        .terms()
        .iter()
        .position(|t| *t == "depleted")
        .expect("depleted");
    assert!(q.is_guessed(at));
    let related = Query::parse("depleted").unwrap().held_by("free");
    assert!(related.iter().any(|h| h.related), "{related:?}");
    assert_eq!(phrased("Who got rid of the vault?"), ["delete"]);
    assert!(phrased("got the rid field").is_empty());
    assert_eq!(
        phrased("If some file got left behind, which one?"),
        ["fail"]
    );
    // A scanner's `Execute` check, `exec`, for a shell command run.
    assert_eq!(
        phrased("which files run shell commands built from input?"),
        ["execute"]
    );
    assert!(phrased("open a shell, then commands").is_empty());
    // A package gone or rolled back to an older version: pacman's and
    // apt's `downgraded`; the kernel as a package manager names it.
    assert_eq!(phrased("I went back to an older kernel"), ["revert"]);
    assert_eq!(phrased("the deploy was rolled back"), ["revert"]);
    let q = Query::parse("I went back to an older kernel").expect("terms");
    assert_eq!(
        q.held_in("[ALPM] downgraded linux (7.1.3.arch1-1 -> 7.1.2.arch1-1)")
            .len(),
        2
    );
    // What it is looked up as: Azure's `vaults/delete`, SQL's `DROP`.
    let q = Query::parse("who got rid of it").expect("terms");
    assert!(q.held_in("Microsoft.KeyVault/vaults/delete").len() == 1);
    assert!(q.held_in("DROP TABLE").len() == 1);
}

#[test]
fn everyday_words_find_what_outputs_say() {
    for (question, token) in [
        ("someone wiped out our table", "drop"),
        ("someone wiped out our table", "truncate"),
        ("the vault has vanished", "delete"),
        ("the vault has vanished", "missing"),
        ("which targets can't be reached", "down"),
        ("which targets can't be reached", "unreachable"),
        ("images shared with the whole world", "public"),
        ("buckets anyone can read", "allusers"),
        ("the production vault", "prod"),
        ("where Prometheus collects metrics", "scrape"),
        ("an interactive session in a container", "terminal"),
        ("which drives has ZFS given up on", "faulted"),
        ("which drives has ZFS given up on", "unavail"),
        ("which drives has ZFS given up on", "disk"),
        ("when was the machine's load highest", "ldavg"),
        ("the database got sluggish", "latency"),
        ("who downloaded the entire customer list", "export"),
        ("who downloaded the entire customer list", "all"),
        ("which actual problems did the audit raise", "warning"),
        ("left to start into the recovery system", "rescue"),
        ("when did Heroku pull the plug on it", "sigkill"),
        ("I went back to an older kernel", "downgraded"),
        ("I went back to an older kernel", "linux"),
    ] {
        let q = Query::parse(question).expect("terms");
        assert!(!q.held_by(token).is_empty(), "{question} / {token}");
    }
}

#[test]
fn a_quoted_word_weighs_more() {
    let q = Query::parse("the old `request` library is deprecated").expect("terms");
    let at = |w: &str| q.terms().iter().position(|t| *t == w).expect(w);
    assert_eq!(q.weight(at("request")), 2.0 * q.weight(at("library")));
    let q = Query::parse("is \u{201c}pool\u{201d} or \"disk\" full").expect("terms");
    assert_eq!(
        q.weight(q.terms().iter().position(|t| *t == "pool").unwrap()),
        2.0
    );
    assert_eq!(
        q.weight(q.terms().iter().position(|t| *t == "disk").unwrap()),
        2.0
    );
    // A quoted sentence is no word.
    let q = Query::parse("it says \"the pool ran dry at noon\"").expect("terms");
    assert!(
        q.terms()
            .iter()
            .enumerate()
            .all(|(t, _)| q.weight(t) <= 1.0)
    );
}

/// A failure word standing in for the question's ("fail" for "broken",
/// or for a file "left behind") found only in a path names a file; the
/// question's own word found there still counts, and so does any other
/// related word (`prod` in `config/prod/` for "production").
#[test]
fn a_stand_in_word_in_a_path_is_no_hit() {
    let log = [
        "    New File  3.1 m  \\\\fs01\\Projekte\\Failed_Pruefbericht.pdf".to_string(),
        "ERROR 5 (0x00000005) Copying File \\\\fs01\\Personal\\Gehalt.xlsx".to_string(),
        "GET /var/log/errors/app.log 200".to_string(),
    ];
    let mut s = Scorer::new(&Query::parse("which file broke").unwrap(), 5);
    let mut held = Vec::new();
    for (i, l) in log.iter().enumerate() {
        s.push_line(i as u64 + 1, l);
        held.push(s.line_hits().related != 0);
    }
    assert_eq!(held, [false, true, false]);
    let mut s = Scorer::new(&Query::parse("which errors log").unwrap(), 5);
    s.push_line(1, &log[2]);
    assert_ne!(s.line_hits().own, 0);
    let mut s = Scorer::new(&Query::parse("the production config").unwrap(), 5);
    s.push_line(1, "   D /trunk/config/prod/payment-gateway.properties");
    assert_ne!(s.line_hits().related, 0);
}

#[test]
fn an_affirmative_search_holds_no_word_after_a_negation_in_its_clause() {
    let held = affirmed_terms("could not open connection, then retried", true);
    assert!(
        !held.iter().any(|t| t == "connection" || t == "not"),
        "{held:?}"
    );
    assert!(held.iter().any(|t| t == "retried"), "{held:?}");
    let all = affirmed_terms("could not open connection, then retried", false);
    assert!(all.iter().any(|t| t == "connection"), "{all:?}");
}
