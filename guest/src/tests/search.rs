//! `engine.search` end to end: outputs stored through the real store path,
//! then searched across: which hold a question's words, best first, with
//! their best lines; paging, the byte bound and bad input.

use std::time::Duration;

use crate::EngineError;
use crate::across::{search, search_within};
use crate::bindings::types::{CallInfo, SearchRequest, StoreOutcome};
use crate::handle::{FileKind, Handle};
use crate::storage::{MemStorage, Storage};
use crate::store;

/// Stores `text` as made by `tool` with `args`; its handle. Stores are a
/// few milliseconds apart, so "newest" is well defined.
fn stored(st: &MemStorage, tool: &str, args: &str, text: &str) -> String {
    std::thread::sleep(Duration::from_millis(2));
    let call = CallInfo {
        tool: tool.into(),
        args: args.into(),
        model: None,
    };
    match store::store(st, call, text.as_bytes(), crate::default_policy()).unwrap() {
        StoreOutcome::Stored(s) => s.handle,
        StoreOutcome::Passthrough(_) => panic!("not stored"),
    }
}

/// A build log of `lines` lines with `planted` lines put at given numbers.
fn log(lines: usize, planted: &[(usize, &str)]) -> String {
    (1..=lines)
        .map(|n| match planted.iter().find(|(at, _)| *at == n) {
            Some((_, line)) => format!("{line}\n"),
            None => format!("[{n:05}] compiling module_{n} (step {} of {lines}) ok\n", n),
        })
        .collect()
}

fn request(question: &str) -> SearchRequest {
    SearchRequest {
        question: question.into(),
        skip: 0,
        before: None,
        max_bytes: None,
    }
}

/// The handles an answer lists, in its order.
fn listed(answer: &str) -> Vec<String> {
    (answer.lines())
        .filter_map(|l| {
            let (rank, rest) = l.split_once(". ")?;
            rank.parse::<u32>().ok()?;
            Some(rest.split(' ').next()?.to_string())
        })
        .collect()
}

#[test]
fn the_outputs_that_mention_a_code_are_listed_with_their_lines_and_the_call_that_goes_on() {
    let st = MemStorage::new();
    let deploy = stored(
        &st,
        "Bash",
        "npm run deploy",
        &log(
            3000,
            &[(
                1204,
                "Error E_QUOTA: storage quota exceeded for bucket logs-eu",
            )],
        ),
    );
    let _build = stored(&st, "Bash", "cargo build", &log(2500, &[]));
    let sync = stored(
        &st,
        "Bash",
        "rclone sync",
        &log(
            2000,
            &[
                (17, "retrying upload: E_QUOTA"),
                (1800, "giving up after E_QUOTA"),
            ],
        ),
    );
    let answer = search(&st, &request("which of them mentioned E_QUOTA?")).unwrap();
    let expected_entry = format!(
        "\n1. {deploy} · Bash · npm run deploy · 3000 lines\n   e_quota in 1 line\n   1204: Error E_QUOTA: storage quota exceeded for bucket logs-eu\n"
    );
    assert!(
        answer.starts_with(
            "SEARCH OF THE STORED OUTPUTS FOR \"which of them mentioned E_QUOTA?\":\n\n\
             Outputs holding its words (e_quota): 2 of 3 searched, best first:\n"
        ),
        "{answer}"
    );
    // Equal weight: the newer output first.
    assert_eq!(listed(&answer), [sync.clone(), deploy.clone()], "{answer}");
    assert!(
        answer.contains(&format!(
            "\n1. {sync} · Bash · rclone sync · 2000 lines\n   e_quota in 2 lines\n   17: retrying upload: E_QUOTA\n   1800: giving up after E_QUOTA\n"
        )),
        "{answer}"
    );
    assert!(
        answer.contains(&expected_entry.replacen("1.", "2.", 1)),
        "{answer}"
    );
    assert!(
        answer.ends_with(&format!(
            "\nNext: tool_output(handle = \"{sync}\", extract = \"which of them mentioned E_QUOTA?\") answers from one output.\n"
        )),
        "{answer}"
    );
}

#[test]
fn an_output_holding_the_words_together_outranks_one_holding_a_common_word_often() {
    let st = MemStorage::new();
    let together = stored(
        &st,
        "Bash",
        "kubectl logs api",
        &log(800, &[(400, "payment webhook timeout after 30s")]),
    );
    let common: String = (1..=900)
        .map(|n| format!("{n} payment accepted for order {n}\n"))
        .collect();
    let often = stored(&st, "Bash", "cat payments.log", &common);
    let answer = search(&st, &request("the payment webhook timeout")).unwrap();
    assert_eq!(listed(&answer), [together.clone(), often], "{answer}");
    assert!(
        answer.contains("payment in 1 line, webhook in 1 line, timeout in 1 line\n   400: payment webhook timeout after 30s\n"),
        "{answer}"
    );
}

#[test]
fn an_answer_cut_by_its_bytes_says_how_many_are_left_and_the_next_page_shows_them() {
    let st = MemStorage::new();
    let handles: Vec<String> = (0..12)
        .map(|i| {
            let line = format!("worker {i} exited: OOMKilled");
            stored(
                &st,
                "Bash",
                &format!("job {i}"),
                &log(600, &[(50 + i, &line)]),
            )
        })
        .collect();
    let mut req = request("which jobs were OOMKilled");
    req.max_bytes = Some(1500);
    let first = search(&st, &req).unwrap();
    assert!(first.len() <= 1500, "{}", first.len());
    let page = listed(&first);
    assert!(!page.is_empty() && page.len() < 12, "{first}");
    let note = format!(
        "[{} more outputs, ranked lower, not shown: tool_output_search(question = \"which jobs were OOMKilled\", skip = {})]",
        12 - page.len(),
        page.len()
    );
    assert!(first.contains(&note), "{first}");
    let mut all = page.clone();
    let mut skip = page.len() as u32;
    while (all.len()) < 12 {
        req.skip = skip;
        let next = search(&st, &req).unwrap();
        assert!(next.len() <= 1500);
        let more = listed(&next);
        assert!(!more.is_empty(), "{next}");
        skip += more.len() as u32;
        all.extend(more);
    }
    let mut sorted = all.clone();
    sorted.sort();
    let mut expected = handles.clone();
    expected.sort();
    assert_eq!(sorted, expected, "every output once, none twice");
}

#[test]
fn a_search_that_reads_its_bound_says_where_it_stopped_and_goes_on_before_it() {
    let st = MemStorage::new();
    let old = stored(&st, "Bash", "old", &log(1000, &[(10, "quota denied")]));
    let middle = stored(&st, "Bash", "middle", &log(1000, &[(20, "quota denied")]));
    let new = stored(&st, "Bash", "new", &log(1000, &[(30, "quota denied")]));
    let view = |h: &str| crate::doc::Doc::open(&st, h).unwrap().view_bytes();
    // Room for the newest output and part of the next.
    let bound = 64 << 10;
    assert!(view(&new) < bound && view(&new) + view(&middle) > bound);
    let first = search_within(&st, &request("quota denied"), bound).unwrap();
    assert_eq!(listed(&first), [new.clone(), middle.clone()], "{first}");
    assert!(
        first.contains(&format!("[{middle} was searched up to line ")),
        "{first}"
    );
    assert!(
        first.contains(&format!(
            "[1 older outputs not searched (a call reads at most 64 KiB): tool_output_search(question = \"quota denied\", before = \"{middle}\")]"
        )),
        "{first}"
    );
    let mut req = request("quota denied");
    req.before = Some(middle.clone());
    let rest = search(&st, &req).unwrap();
    assert_eq!(listed(&rest), [old], "{rest}");
    assert!(rest.contains("(quota, denied): 1 of 1 searched"), "{rest}");
}

#[test]
fn an_output_larger_than_the_bound_is_searched_in_part_and_says_so() {
    let st = MemStorage::new();
    let big = stored(
        &st,
        "Bash",
        "make",
        &log(
            5000,
            &[
                (100, "linker error: undefined symbol"),
                (4900, "linker error again"),
            ],
        ),
    );
    let answer = search_within(&st, &request("linker error"), 100_000).unwrap();
    assert_eq!(listed(&answer), [big.as_str()], "{answer}");
    let note = format!("[{big} was searched up to line ");
    assert!(answer.contains(&note), "{answer}");
    assert!(
        answer.contains(&format!(
            " of 5000: tool_output(handle = \"{big}\", extract = \"linker error\") searches all of it]"
        )),
        "{answer}"
    );
    assert!(!answer.contains("4900:"), "{answer}");
}

#[test]
fn bad_requests_are_refused_by_name_and_nothing_found_is_said_plainly() {
    let st = MemStorage::new();
    assert_eq!(
        search(&st, &request("anything at all")).unwrap(),
        "SEARCH OF THE STORED OUTPUTS FOR \"anything at all\":\n\nThe session has no stored output to search.\n"
    );
    let h = stored(&st, "Bash", "ls", &log(900, &[]));
    // The parts of an identifier alone hold none of its words.
    let parts = search(&st, &request("E_MODULE")).unwrap();
    assert!(
        parts.ends_with("No output holds its words (e_module): 1 searched.\n"),
        "{parts}"
    );
    let none = search(&st, &request("kerberos ticket")).unwrap();
    assert!(
        none.ends_with("No output holds its words (kerberos, ticket): 1 searched.\n"),
        "{none}"
    );
    assert!(matches!(
        search(&st, &request("?? -- !!")),
        Err(EngineError::InvalidArgument(_))
    ));
    // The caller's control characters are shown escaped, never raw.
    let escaped = search(&st, &request("bad\u{1b}[31mred")).unwrap();
    assert!(
        escaped.starts_with("SEARCH OF THE STORED OUTPUTS FOR \"bad\\u{1b}[31mred\":")
            && !escaped.contains('\u{1b}'),
        "{escaped}"
    );
    let long = "quota ".repeat(400);
    assert!(matches!(
        search(&st, &request(&long)),
        Err(EngineError::InvalidArgument(why)) if why.starts_with("the question is 2400 bytes")
    ));
    let mut req = request("module");
    req.before = Some("../../etc/passwd".into());
    assert!(matches!(
        search(&st, &req),
        Err(EngineError::InvalidHandle(_))
    ));
    req.before = Some(h.replace(&h[..8], "00000000"));
    assert!(matches!(
        search(&st, &req),
        Err(EngineError::UnknownHandle(_))
    ));
}

#[test]
fn an_output_whose_files_are_broken_is_skipped_and_counted() {
    let st = MemStorage::new();
    let good = stored(&st, "Bash", "good", &log(900, &[(5, "segfault in worker")]));
    let bad = stored(&st, "Bash", "bad", &log(900, &[(5, "segfault in worker")]));
    let meta = Handle::parse(&bad).unwrap().file(FileKind::Meta);
    st.write(&meta, b"{not json").unwrap();
    let answer = search(&st, &request("segfault")).unwrap();
    assert_eq!(listed(&answer), [good], "{answer}");
    assert!(
        answer.contains(
            "[1 outputs could not be read and were skipped: `tool-output list` says why]"
        ),
        "{answer}"
    );
}

#[test]
fn long_lines_are_shown_around_their_hit_and_every_answer_keeps_its_bytes() {
    let st = MemStorage::new();
    let line = format!(
        "{}needle-zeta found here{}",
        "é".repeat(700),
        "ü".repeat(700)
    );
    for i in 0..6 {
        stored(&st, "Bash", &format!("dump {i}"), &log(700, &[(3, &line)]));
    }
    for max in [300u64, 700, 1200, 4000, 12288] {
        let mut req = request("needle-zeta");
        req.max_bytes = Some(max);
        let answer = search(&st, &req).unwrap();
        assert!(answer.len() as u64 <= max, "{max}: {}", answer.len());
    }
    let answer = search(&st, &request("needle-zeta")).unwrap();
    let shown = answer.lines().find(|l| l.starts_with("   3: ")).unwrap();
    assert!(shown.contains("needle-zeta found here"), "{shown}");
    assert!(
        shown.starts_with("   3: …") && shown.ends_with('…'),
        "{shown}"
    );
}
