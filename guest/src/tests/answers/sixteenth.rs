//! A SIXTEENTH HELD-OUT SET of issue 30, written by someone who had not
//! read the answer code and never run against it while being written:
//! eight outputs of tools no other set uses, each with a question in a
//! user's words and the answer its generator planted. Written before
//! being measured, and measured unread at 28d7cb6 and at f8bf279 (1, 1
//! and 2 of 8); its misses were read the stop after, for their classes.
//!
//! One fact: a JVM's G1 garbage-collector log (`-Xlog:gc*`) over a
//! working day (the longest stop-the-world pause and when it came, a
//! mixed collection, among a full collection forced by `System.gc()`,
//! young collections that ran out of to-space, GCLocker warnings and
//! concurrent mark cycles that run longer than any pause but stop
//! nothing), `make -k -j8` of a C agent (the binary that could not be
//! linked and the symbol it lacked, among hundreds of compiler warnings,
//! deprecation warnings of a look-alike OpenSSL function, `-Werror=…`
//! flags on every command, linker warnings and files named for errors),
//! `mysqlbinlog -vv` of a shop's afternoon (where the table was dropped,
//! its position and time, among a report job that drops a look-alike
//! table every hour, expired rows deleted from the same table and an
//! incident event), `az monitor activity-log list` over three days (who
//! deleted the production key vault and when, among a colleague's
//! attempt refused by a lock, a staging vault deleted by a pipeline and
//! the same vault's routine updates).
//! Every item: `keytool -list -v` of a Java truststore (the aliases whose
//! certificates have run out, one of them the day before, among a
//! certificate due in three days, one not valid yet and an alias named
//! for expiry), Prometheus' `/api/v1/targets` through `jq .` (the targets
//! that cannot be scraped, among targets not scraped yet, slow scrapes
//! just under their timeout, dropped failed pods and probe URLs named for
//! downloads), `npm ls --all --json` of a storefront (the packages that
//! depend on the deprecated `request` themselves, among its forks and
//! look-alikes, the packages below it and invalid, missing and extraneous
//! packages), `aws ec2 describe-images --owners self` (the images anyone
//! can launch, among images named and tagged for the public website,
//! failed and deprecated images).
//!
//! Every expected jq result was checked with the real jq.

use std::collections::BTreeSet;

use serde_json::{Map, Value, json};

use super::super::heldout::{DAY, civil, clock, datetime, h, hex, range, uuid};
use super::{Case, jq_string, named_elsewhere, pick, pretty};

pub(super) fn cases() -> Vec<Case> {
    vec![
        gc_log_longest_pause(),
        make_link_failure(),
        binlog_dropped_table(),
        activity_log_vault_deleted(),
        truststore_expired(),
        prometheus_targets_down(),
        npm_ls_request_users(),
        ec2_public_images(),
    ]
}

/// `[2026-11-27T14:22:07.318+0100][30127.318s]`: the time and uptime
/// decorations of a JVM started at 06:00:00 CET, `ms` after its start.
fn jvm_stamp(ms: u64) -> String {
    let s = DAY + 6 * 3600 + ms / 1000;
    format!(
        "[{}.{:03}+0100][{}.{:03}s]",
        datetime(s),
        ms % 1000,
        ms / 1000,
        ms % 1000
    )
}

/// `2874.613ms` of `us` microseconds.
fn millis_text(us: u64) -> String {
    format!("{}.{:03}ms", us / 1000, us % 1000)
}

/// One young (or mixed) pause of G1 as `-Xlog:gc*` prints it.
struct Young<'a> {
    n: u64,
    start: u64,
    kind: &'a str,
    cause: &'a str,
    /// Microseconds.
    pause: u64,
    eden: (u64, u64),
    survivor: (u64, u64),
    old: (u64, u64),
    humongous: (u64, u64),
    to_space_exhausted: bool,
}

fn gc_line(out: &mut String, ms: u64, level: &str, tags: &str, msg: &str) {
    out.push_str(&format!("{}[{level}][{tags:<12}] {msg}\n", jvm_stamp(ms)));
}

fn young_pause(out: &mut String, y: &Young) -> u64 {
    let n = y.n;
    let end = y.start + y.pause / 1000;
    let head = format!("Pause Young ({}) ({})", y.kind, y.cause);
    gc_line(out, y.start, "info", "gc,start", &format!("GC({n}) {head}"));
    gc_line(
        out,
        y.start,
        "info",
        "gc,task",
        &format!("GC({n}) Using 8 workers of 8 for evacuation"),
    );
    let p = y.pause / 100; // tenths of a millisecond
    let pre = 1 + h(n as usize, 8110) % 4;
    let merge = 2 + h(n as usize, 8111) % 6;
    let post = if y.to_space_exhausted {
        p * 7 / 10
    } else {
        p / 12 + 3
    };
    let other = 2 + h(n as usize, 8112) % 7;
    let evac = p.saturating_sub(pre + merge + post + other).max(1);
    if y.to_space_exhausted {
        gc_line(
            out,
            end,
            "info",
            "gc",
            &format!("GC({n}) To-space exhausted"),
        );
    }
    for (name, v) in [
        ("Pre Evacuate Collection Set", pre),
        ("Merge Heap Roots", merge),
        ("Evacuate Collection Set", evac),
        ("Post Evacuate Collection Set", post),
        ("Other", other),
    ] {
        gc_line(
            out,
            end,
            "info",
            "gc,phases",
            &format!("GC({n})   {name}: {}.{}ms", v / 10, v % 10),
        );
    }
    gc_line(
        out,
        end,
        "info",
        "gc,heap",
        &format!(
            "GC({n}) Eden regions: {}->{}({})",
            y.eden.0,
            y.eden.1,
            y.eden.0.max(500) + h(n as usize, 8113) % 40
        ),
    );
    gc_line(
        out,
        end,
        "info",
        "gc,heap",
        &format!(
            "GC({n}) Survivor regions: {}->{}({})",
            y.survivor.0, y.survivor.1, 77
        ),
    );
    gc_line(
        out,
        end,
        "info",
        "gc,heap",
        &format!("GC({n}) Old regions: {}->{}", y.old.0, y.old.1),
    );
    gc_line(
        out,
        end,
        "info",
        "gc,heap",
        &format!("GC({n}) Archive regions: 2->2"),
    );
    gc_line(
        out,
        end,
        "info",
        "gc,heap",
        &format!(
            "GC({n}) Humongous regions: {}->{}",
            y.humongous.0, y.humongous.1
        ),
    );
    let meta = 181_000 + n * 3;
    gc_line(
        out,
        end,
        "info",
        "gc,metaspace",
        &format!(
            "GC({n}) Metaspace: {meta}K({}K)->{meta}K({}K) NonClass: {}K({}K)->{}K({}K) Class: {}K({}K)->{}K({}K)",
            meta + 2048,
            meta + 2048,
            meta - 22_300,
            meta - 21_000,
            meta - 22_300,
            meta - 21_000,
            22_300,
            23_040,
            22_300,
            23_040
        ),
    );
    let before = 2 * (y.eden.0 + y.survivor.0 + y.old.0 + y.humongous.0 + 2);
    let after = 2 * (y.eden.1 + y.survivor.1 + y.old.1 + y.humongous.1 + 2);
    gc_line(
        out,
        end,
        "info",
        "gc",
        &format!(
            "GC({n}) {head} {before}M->{after}M(4096M) {}",
            millis_text(y.pause)
        ),
    );
    let real = y.pause / 10_000;
    let user = real * 8 - h(n as usize, 8114) % (real * 2 + 1);
    gc_line(
        out,
        end,
        "info",
        "gc,cpu",
        &format!(
            "GC({n}) User={}.{:02}s Sys={}.{:02}s Real={}.{:02}s",
            user / 100,
            user % 100,
            0,
            h(n as usize, 8115) % 3,
            real / 100,
            real % 100
        ),
    );
    end
}

/// The unified log of a checkout service's JVM (JDK 17, G1, 4 GB heap,
/// `-Xlog:gc*:file=gc.log:time,uptime,level,tags`) from 06:00 over a
/// working day: young pauses of 8–60 ms every minute or two, concurrent
/// mark cycles whose marking runs up to seven seconds alongside the
/// application, mixed pauses after them, GCLocker warnings, two young
/// pauses that ran out of to-space (about 0.9 s) and a full collection
/// forced by `System.gc()` (1.9 s). One mixed pause, at 14:22, stopped
/// the application for 2.87 s, the longest.
fn gc_log_longest_pause() -> Case {
    let mut out = String::new();
    for (ms, msg) in [
        (7, "Using G1"),
        (8, "Version: 17.0.13+11-LTS (release)"),
        (8, "CPUs: 8 total, 8 available"),
        (8, "Memory: 15734M"),
        (8, "Large Page Support: Disabled"),
        (8, "NUMA Support: Disabled"),
        (8, "Compressed Oops: Enabled (Zero based)"),
        (8, "Heap Region Size: 2M"),
        (8, "Heap Min Capacity: 4G"),
        (8, "Heap Initial Capacity: 4G"),
        (8, "Heap Max Capacity: 4G"),
        (8, "Pre-touch: Disabled"),
        (8, "Parallel Workers: 8"),
        (8, "Concurrent Workers: 2"),
        (8, "Concurrent Refinement Workers: 8"),
        (8, "Periodic GC: Disabled"),
    ] {
        let tags = if msg == "Using G1" { "gc" } else { "gc,init" };
        gc_line(&mut out, ms, "info", tags, msg);
    }
    gc_line(
        &mut out,
        12,
        "info",
        "gc,metaspace",
        "CDS archive(s) mapped at: [0x0000000800000000-0x0000000800bd5000-0x0000000800bd5000), size 12406784, SharedBaseAddress: 0x0000000800000000, ArchiveRelocationMode: 1.",
    );
    gc_line(
        &mut out,
        12,
        "info",
        "gc,metaspace",
        "Compressed class space mapped at: 0x0000000801000000-0x0000000841000000, reserved size: 1073741824",
    );
    gc_line(
        &mut out,
        12,
        "info",
        "gc,metaspace",
        "Narrow klass base: 0x0000000800000000, Narrow klass shift: 0, Narrow klass range: 0x100000000",
    );
    // 14:22:04.711 CET: 8 h 22 min 4.711 s after the start.
    let planted_at = (8 * 3600 + 22 * 60 + 4) * 1000 + 711;
    let planted_pause = 2_874_613u64;
    let full_at = (5 * 3600 + 31 * 60 + 17) * 1000 + 204;
    let failures_at = [
        (3 * 3600 + 40 * 60 + 9) * 1000 + 488,
        (9 * 3600 + 12 * 60 + 51) * 1000 + 36,
    ];
    let (mut planted, mut full_done, mut failures_done) = (false, false, 0usize);
    let mut t = 2_000u64;
    let mut n = 0u64;
    let mut old = 480u64;
    let mut mixed_left = 0u64;
    let mut cycles = 0usize;
    while out.len() < 640_000 || !planted {
        let i = n as usize;
        t += range(i, 8101, 55_000, 140_000);
        let survivor = (10 + h(i, 8102) % 8, 10 + h(i, 8103) % 8);
        let humongous = (2 + h(i, 8104) % 6, 1 + h(i, 8105) % 3);
        let eden = 470 + h(i, 8106) % 120;
        if !planted && t + 90_000 >= planted_at {
            t = planted_at;
            let to = old.saturating_sub(140);
            let end = young_pause(
                &mut out,
                &Young {
                    n,
                    start: t,
                    kind: "Mixed",
                    cause: "G1 Evacuation Pause",
                    pause: planted_pause,
                    eden: (eden, 0),
                    survivor,
                    old: (old, to),
                    humongous,
                    to_space_exhausted: false,
                },
            );
            old = to;
            mixed_left = 0;
            planted = true;
            n += 1;
            t = end;
            continue;
        }
        if !full_done && t >= full_at {
            full_done = true;
            gc_line(
                &mut out,
                t,
                "info",
                "gc,start",
                &format!("GC({n}) Pause Full (System.gc())"),
            );
            gc_line(
                &mut out,
                t,
                "info",
                "gc,task",
                &format!("GC({n}) Using 8 workers of 8 for full compaction"),
            );
            let mut at = t;
            for (phase, ms) in [
                ("Phase 1: Mark live objects", 811_312u64),
                ("Phase 2: Prepare for compaction", 201_407),
                ("Phase 3: Adjust pointers", 402_118),
                ("Phase 4: Compact heap", 488_934),
            ] {
                gc_line(
                    &mut out,
                    at,
                    "info",
                    "gc,phases,start",
                    &format!("GC({n}) {phase}"),
                );
                at += ms / 1000;
                gc_line(
                    &mut out,
                    at,
                    "info",
                    "gc,phases",
                    &format!("GC({n}) {phase} {}", millis_text(ms)),
                );
            }
            let end = t + 1912;
            for line in [
                format!("GC({n}) Eden regions: {eden}->0({})", eden + 21),
                format!("GC({n}) Survivor regions: {}->0(77)", survivor.0),
                format!("GC({n}) Old regions: {old}->701"),
                "Archive regions: 2->2".to_string(),
                format!("GC({n}) Humongous regions: {}->0", humongous.0),
            ] {
                let line = if line.starts_with("GC(") {
                    line
                } else {
                    format!("GC({n}) {line}")
                };
                gc_line(&mut out, end, "info", "gc,heap", &line);
            }
            gc_line(
                &mut out,
                end,
                "info",
                "gc",
                &format!(
                    "GC({n}) Pause Full (System.gc()) {}M->1406M(4096M) {}",
                    2 * (eden + survivor.0 + old + humongous.0 + 2),
                    millis_text(1_912_330)
                ),
            );
            gc_line(
                &mut out,
                end,
                "info",
                "gc,cpu",
                &format!("GC({n}) User=13.12s Sys=0.22s Real=1.91s"),
            );
            old = 701;
            n += 1;
            t = end;
            continue;
        }
        let failing = failures_done < failures_at.len() && t >= failures_at[failures_done];
        if failing {
            failures_done += 1;
            let pause = 850_000 + h(i, 8107) % 110_000;
            let to = (old + 260).min(1700);
            let end = young_pause(
                &mut out,
                &Young {
                    n,
                    start: t,
                    kind: "Normal",
                    cause: "G1 Evacuation Pause",
                    pause,
                    eden: (eden, 0),
                    survivor: (survivor.0, 0),
                    old: (old, to),
                    humongous,
                    to_space_exhausted: true,
                },
            );
            old = to;
            n += 1;
            t = end;
            continue;
        }
        if h(i, 8108).is_multiple_of(23) {
            gc_line(
                &mut out,
                t.saturating_sub(400),
                "warning",
                "gc,alloc",
                &format!(
                    "http-nio-8080-exec-{} Retried waiting for GCLocker too often allocating {} words",
                    range(i, 8109, 1, 200),
                    range(i, 8116, 256, 4096)
                ),
            );
        }
        if mixed_left > 0 {
            let to = old.saturating_sub(range(i, 8117, 50, 110)).max(420);
            let pause = range(i, 8118, 25_000, 140_000);
            let end = young_pause(
                &mut out,
                &Young {
                    n,
                    start: t,
                    kind: "Mixed",
                    cause: "G1 Evacuation Pause",
                    pause,
                    eden: (eden / 2, 0),
                    survivor,
                    old: (old, to),
                    humongous,
                    to_space_exhausted: false,
                },
            );
            old = to;
            mixed_left -= 1;
            n += 1;
            t = end;
            continue;
        }
        let grow = range(i, 8119, 3, 14);
        if old * 2 > 1840 {
            // Concurrent start, then a concurrent mark cycle.
            let pause = range(i, 8120, 18_000, 45_000);
            let end = young_pause(
                &mut out,
                &Young {
                    n,
                    start: t,
                    kind: "Concurrent Start",
                    cause: "G1 Humongous Allocation",
                    pause,
                    eden: (eden, 0),
                    survivor,
                    old: (old, old + grow),
                    humongous,
                    to_space_exhausted: false,
                },
            );
            old += grow;
            n += 1;
            let c = n;
            let mut at = end + 1;
            let mark = |out: &mut String, at: &mut u64, what: &str, us: u64| {
                gc_line(out, *at, "info", "gc,marking", &format!("GC({c}) {what}"));
                *at += us / 1000;
                gc_line(
                    out,
                    *at,
                    "info",
                    "gc,marking",
                    &format!("GC({c}) {what} {}", millis_text(us)),
                );
            };
            gc_line(
                &mut out,
                at,
                "info",
                "gc",
                &format!("GC({c}) Concurrent Mark Cycle"),
            );
            let cycle_start = at;
            mark(
                &mut out,
                &mut at,
                "Concurrent Clear Claimed Marks",
                40 + h(i, 8121) % 60,
            );
            mark(
                &mut out,
                &mut at,
                "Concurrent Scan Root Regions",
                range(i, 8122, 2_000, 9_000),
            );
            gc_line(
                &mut out,
                at,
                "info",
                "gc,marking",
                &format!("GC({c}) Concurrent Mark"),
            );
            let mark_start = at;
            gc_line(
                &mut out,
                at,
                "info",
                "gc,task",
                &format!("GC({c}) Using 2 workers of 2 for marking"),
            );
            let from_roots = if cycles % 5 == 2 {
                range(i, 8123, 3_900_000, 6_200_000)
            } else {
                range(i, 8123, 280_000, 1_400_000)
            };
            mark(&mut out, &mut at, "Concurrent Mark From Roots", from_roots);
            mark(
                &mut out,
                &mut at,
                "Concurrent Preclean",
                range(i, 8124, 200, 900),
            );
            let remark = range(i, 8125, 6_000, 38_000);
            gc_line(
                &mut out,
                at,
                "info",
                "gc,start",
                &format!("GC({c}) Pause Remark"),
            );
            at += remark / 1000;
            let live = 2 * (old + 60);
            gc_line(
                &mut out,
                at,
                "info",
                "gc",
                &format!(
                    "GC({c}) Pause Remark {}M->{}M(4096M) {}",
                    live + 40,
                    live + 22,
                    millis_text(remark)
                ),
            );
            gc_line(
                &mut out,
                at,
                "info",
                "gc,cpu",
                &format!(
                    "GC({c}) User=0.{:02}s Sys=0.00s Real=0.0{}s",
                    4 + h(i, 8126) % 20,
                    1 + remark / 20_000
                ),
            );
            gc_line(
                &mut out,
                at,
                "info",
                "gc,marking",
                &format!(
                    "GC({c}) Concurrent Mark {}",
                    millis_text((at - mark_start) * 1000 + h(i, 8127) % 1000)
                ),
            );
            mark(
                &mut out,
                &mut at,
                "Concurrent Rebuild Remembered Sets and Scrub Regions",
                range(i, 8128, 90_000, 420_000),
            );
            let cleanup = range(i, 8129, 300, 1_800);
            gc_line(
                &mut out,
                at,
                "info",
                "gc,start",
                &format!("GC({c}) Pause Cleanup"),
            );
            gc_line(
                &mut out,
                at,
                "info",
                "gc",
                &format!(
                    "GC({c}) Pause Cleanup {}M->{}M(4096M) {}",
                    live + 60,
                    live + 60,
                    millis_text(cleanup)
                ),
            );
            gc_line(
                &mut out,
                at,
                "info",
                "gc,cpu",
                &format!("GC({c}) User=0.00s Sys=0.00s Real=0.00s"),
            );
            mark(
                &mut out,
                &mut at,
                "Concurrent Cleanup for Next Mark",
                range(i, 8130, 3_000, 14_000),
            );
            gc_line(
                &mut out,
                at,
                "info",
                "gc",
                &format!(
                    "GC({c}) Concurrent Mark Cycle {}",
                    millis_text((at - cycle_start) * 1000 + h(i, 8131) % 1000)
                ),
            );
            cycles += 1;
            n += 1;
            // Prepare Mixed, then the mixed pauses.
            t = at + range(i, 8132, 20_000, 50_000);
            let end = young_pause(
                &mut out,
                &Young {
                    n,
                    start: t,
                    kind: "Prepare Mixed",
                    cause: "G1 Evacuation Pause",
                    pause: range(i, 8133, 12_000, 40_000),
                    eden: (eden, 0),
                    survivor,
                    old: (old, old + 2),
                    humongous,
                    to_space_exhausted: false,
                },
            );
            old += 2;
            mixed_left = range(i, 8134, 4, 7);
            n += 1;
            t = end;
            continue;
        }
        let pause = range(i, 8135, 8_000, 60_000);
        let end = young_pause(
            &mut out,
            &Young {
                n,
                start: t,
                kind: "Normal",
                cause: "G1 Evacuation Pause",
                pause,
                eden: (eden, 0),
                survivor,
                old: (old, old + grow),
                humongous,
                to_space_exhausted: false,
            },
        );
        old += grow;
        n += 1;
        t = end;
    }
    assert!(
        full_done && failures_done == 2,
        "{full_done} {failures_done}"
    );
    assert_eq!(out.matches("2874.613ms").count(), 1);
    assert_eq!(out.matches("2026-11-27T14:22:").count(), 15);
    assert!(out.len() < 1_000_000, "{}", out.len());
    Case::fact(
        "JVM G1 gc log, the longest stop-the-world pause",
        out,
        "Customers say the checkout service froze for a few seconds at some point today. Going by this garbage-collection log, what was the single longest time the JVM stopped the application, and when did it happen?",
        &["2874.613ms", "2026-11-27T14:22"],
    )
}

/// Warnings waiting for the command they come after: (that command's
/// number, the warning).
type Pending = Vec<(usize, String)>;

/// Prints a command, queues its warning and prints the warnings due.
type Emit<'a> = dyn FnMut(&mut String, String, Option<String>, &mut Pending) + 'a;

/// A warning gcc prints for a file, with the source line and caret.
fn gcc_warning(file: &str, func: &str, i: usize, openssl: bool) -> String {
    let line = range(i, 8201, 30, 900);
    let col = range(i, 8202, 5, 30);
    let pad = " ".repeat(col as usize - 1);
    let src_no = format!("{line:>5}");
    let (msg, src, caret) = if openssl {
        (
            "‘SHA256_Final’ is deprecated: Since OpenSSL 3.0 [-Wdeprecated-declarations]"
                .to_string(),
            "SHA256_Final(out, &ctx->sha);".to_string(),
            "^~~~~~~~~~~~".to_string(),
        )
    } else {
        match h(i, 8203) % 6 {
            0 => (
                "comparison of integer expressions of different signedness: ‘int’ and ‘size_t’ {aka ‘long unsigned int’} [-Wsign-compare]".to_string(),
                "for (i = 0; i < len; i++) {".to_string(),
                "^".to_string(),
            ),
            1 => (
                "unused variable ‘err’ [-Wunused-variable]".to_string(),
                "int err = 0;".to_string(),
                "^~~".to_string(),
            ),
            2 => (
                "‘err’ may be used uninitialized [-Wmaybe-uninitialized]".to_string(),
                "return err;".to_string(),
                "^~~".to_string(),
            ),
            3 => (
                "this statement may fall through [-Wimplicit-fallthrough=]".to_string(),
                "state = ST_ERROR;".to_string(),
                "~~~~~~^~~~~~~~~~".to_string(),
            ),
            4 => (
                "‘%s’ directive output may be truncated writing up to 255 bytes into a region of size 64 [-Wformat-truncation=]".to_string(),
                "snprintf(buf, sizeof(buf), \"%s\", name);".to_string(),
                "^~".to_string(),
            ),
            _ => (
                "passing argument 2 of ‘nw_log_error’ discards ‘const’ qualifier from pointer target type [-Wdiscarded-qualifiers]".to_string(),
                "nw_log_error(ctx->log, msg);".to_string(),
                "^~~".to_string(),
            ),
        }
    };
    let mut w = format!(
        "{file}: In function ‘{func}’:\n{file}:{line}:{col}: warning: {msg}\n{src_no} | {pad}{src}\n      | {pad}{caret}\n"
    );
    if openssl {
        w.push_str(&format!(
            "In file included from {file}:12:\n/usr/include/openssl/sha.h:76:27: note: declared here\n   76 | OSSL_DEPRECATEDIN_3_0 int SHA256_Final(unsigned char *md, SHA256_CTX *c);\n      |                           ^~~~~~~~~~~~\n"
        ));
    }
    w
}

/// `make -k -j8` of a C monitoring agent in CI (full commands, GCC 13,
/// binutils 2.42): some 730 objects of its libraries, plugins, generated
/// protobuf code, vendored zstd and tests, nearly 200 warnings (some
/// about variables named `err` and `ST_ERROR`, OpenSSL 3's deprecation of
/// `SHA256_Final` in the TLS and crypto code, `src/core/error.c`),
/// `-Werror=…` on every command, linker warnings about an executable
/// stack. `build/bin/nw-uploader` cannot be linked: its command lacks
/// `-lnwcrypto`, so `nw_sha256_final` is undefined; `make` keeps going
/// and builds the rest.
fn make_link_failure() -> Case {
    let cflags = "-std=gnu11 -O2 -g -pipe -Wall -Wextra -Wno-unused-parameter -Werror=implicit-function-declaration -Werror=format-security -fstack-protector-strong -D_FORTIFY_SOURCE=2 -fPIC -Iinclude -Isrc -Ithird_party/cjson -Ithird_party/zstd/lib -DHAVE_CONFIG_H -DNW_VERSION=\\\"4.7.0\\\" -MMD -MP";
    let libs: Vec<(&str, Vec<String>)> = vec![
        (
            "core",
            [
                "arena",
                "buffer",
                "clock",
                "config",
                "error",
                "hashmap",
                "list",
                "log",
                "ringbuf",
                "strbuf",
                "thread_pool",
                "timer",
                "uuid",
                "vec",
                "env",
                "signal",
                "path",
                "fsutil",
                "json_writer",
                "rate_limit",
            ]
            .iter()
            .map(|s| s.to_string())
            .collect(),
        ),
        (
            "crypto",
            ["sha256", "hmac", "base64", "digest_openssl", "random"]
                .iter()
                .map(|s| s.to_string())
                .collect(),
        ),
        (
            "tls",
            [
                "context",
                "session_cache",
                "ticket_keys",
                "verify",
                "alpn",
                "ocsp",
            ]
            .iter()
            .map(|s| s.to_string())
            .collect(),
        ),
        (
            "net",
            [
                "http_client",
                "http_parser",
                "dns",
                "socket",
                "tcp_pool",
                "url",
                "proxy",
                "backoff",
                "websocket",
                "resolver_cache",
            ]
            .iter()
            .map(|s| s.to_string())
            .collect(),
        ),
        (
            "store",
            [
                "wal",
                "segment",
                "index",
                "compaction",
                "snapshot",
                "checkpoint",
            ]
            .iter()
            .map(|s| s.to_string())
            .collect(),
        ),
        (
            "proto",
            (0..150)
                .map(|k| {
                    format!(
                        "gen/{}_{}.pb-c",
                        [
                            "metric", "series", "label", "sample", "batch", "event", "span",
                            "resource", "scope", "log",
                        ][k % 10],
                        [
                            "v1",
                            "v2",
                            "v3",
                            "request",
                            "response",
                            "envelope",
                            "ack",
                            "header",
                            "summary",
                            "histogram",
                            "gauge",
                            "counter",
                            "exemplar",
                            "status",
                            "config"
                        ][k / 10]
                    )
                })
                .collect(),
        ),
    ];
    let plugins = [
        "apache",
        "nginx",
        "mysql",
        "postgres",
        "redis",
        "memcached",
        "kafka",
        "rabbitmq",
        "docker",
        "cgroups",
        "cpu",
        "disk",
        "diskio",
        "net",
        "netstat",
        "procstat",
        "system",
        "mem",
        "swap",
        "kernel",
        "interrupts",
        "sensors",
        "smart",
        "ipmi",
        "snmp",
        "ping",
        "http_response",
        "dns_query",
        "x509_cert",
        "nvidia_smi",
        "zfs",
        "ceph",
        "consul",
        "elasticsearch",
        "haproxy",
        "jolokia",
        "kubernetes",
        "mongodb",
        "nats",
        "nsq",
        "openldap",
        "phpfpm",
        "postfix",
        "powerdns",
        "riak",
        "solr",
        "tomcat",
        "unbound",
        "varnish",
        "zookeeper",
        "fail2ban",
        "chrony",
        "conntrack",
        "ethtool",
        "iptables",
        "lvm",
        "mdstat",
        "nfsclient",
        "nstat",
        "wireless",
        "systemd_units",
        "temp",
        "filestat",
        "logparser",
        "tail",
        "exec",
        "statsd",
        "syslog",
        "socket_listener",
        "prometheus",
        "opentelemetry",
        "amqp_consumer",
        "mqtt_consumer",
    ];
    let later: Vec<(&str, Vec<String>)> = vec![(
        "plugins",
        plugins
            .iter()
            .flat_map(|p| {
                ["collect", "parse", "config", "emit", "metrics"]
                    .iter()
                    .map(move |f| format!("{p}/{f}"))
            })
            .collect(),
    )];
    let zstd: Vec<String> = [
        "common/debug",
        "common/entropy_common",
        "common/error_private",
        "common/fse_decompress",
        "common/pool",
        "common/threading",
        "common/xxhash",
        "common/zstd_common",
        "compress/fse_compress",
        "compress/hist",
        "compress/huf_compress",
        "compress/zstd_compress",
        "compress/zstd_compress_literals",
        "compress/zstd_compress_sequences",
        "compress/zstd_compress_superblock",
        "compress/zstd_double_fast",
        "compress/zstd_fast",
        "compress/zstd_lazy",
        "compress/zstd_ldm",
        "compress/zstd_opt",
        "compress/zstdmt_compress",
        "decompress/huf_decompress",
        "decompress/zstd_ddict",
        "decompress/zstd_decompress",
        "decompress/zstd_decompress_block",
    ]
    .iter()
    .map(|s| s.to_string())
    .collect();
    let mut out = String::from(
        "make -k -j8 all\nmkdir -p build/obj/core build/obj/crypto build/obj/tls build/obj/net build/obj/store build/obj/proto/gen build/obj/uploader build/obj/cli build/obj/compat build/obj/tests build/lib build/bin\n",
    );
    out.push_str("mkdir -p");
    for p in &plugins {
        out.push_str(&format!(" build/obj/plugins/{p}"));
    }
    out.push_str(" build/obj/zstd/common build/obj/zstd/compress build/obj/zstd/decompress\n");
    // Warnings come a few commands after their file's command (-j8).
    let mut pending: Pending = Vec::new();
    let mut seq = 0usize;
    let mut emit =
        |out: &mut String, cmd: String, warning: Option<String>, pending: &mut Pending| {
            out.push_str(&cmd);
            out.push('\n');
            seq += 1;
            if let Some(w) = warning {
                pending.push((seq + 1 + h(seq, 8204) as usize % 6, w));
            }
            let (due, rest): (Vec<_>, Vec<_>) = pending.drain(..).partition(|(d, _)| *d <= seq);
            *pending = rest;
            for (_, w) in due {
                out.push_str(&w);
            }
        };
    let flush = |out: &mut String, pending: &mut Pending| {
        for (_, w) in pending.drain(..) {
            out.push_str(&w);
        }
    };
    let compile = |src: &str, obj: &str| format!("gcc {cflags} -c {src} -o {obj}");
    let mut file_no = 0usize;
    let mut build_lib = |out: &mut String,
                         pending: &mut Pending,
                         emit: &mut Emit,
                         name: &str,
                         files: &[String],
                         src_dir: &str,
                         obj_dir: &str| {
        let mut objs = Vec::new();
        for f in files {
            file_no += 1;
            let src = format!("{src_dir}/{f}.c");
            let obj = format!("{obj_dir}/{f}.o");
            let openssl = (name == "crypto" && f == "digest_openssl")
                || (name == "tls" && (f == "session_cache" || f == "context"));
            let stem = f.rsplit('/').next().unwrap().replace(['.', '-'], "_");
            let func = format!(
                "{}_{}",
                stem,
                [
                    "init", "read", "write", "flush", "parse", "close", "emit", "reset"
                ][(h(file_no, 8205) % 8) as usize]
            );
            let warn = if openssl || h(file_no, 8206).is_multiple_of(4) || f == "error" {
                Some(gcc_warning(&src, &func, file_no, openssl))
            } else {
                None
            };
            emit(out, compile(&src, &obj), warn, pending);
            objs.push(obj);
        }
        emit(
            out,
            format!("ar rcs build/lib/libnw{name}.a {}", objs.join(" ")),
            None,
            pending,
        );
    };
    for (name, files) in &libs {
        build_lib(
            &mut out,
            &mut pending,
            &mut emit,
            name,
            files,
            &format!("src/{name}"),
            &format!("build/obj/{name}"),
        );
    }
    flush(&mut out, &mut pending);
    // The uploader: compiled, then its link fails.
    for f in ["main", "batch", "retry"] {
        emit(
            &mut out,
            compile(
                &format!("src/uploader/{f}.c"),
                &format!("build/obj/uploader/{f}.o"),
            ),
            None,
            &mut pending,
        );
    }
    flush(&mut out, &mut pending);
    out.push_str("gcc -o build/bin/nw-uploader build/obj/uploader/main.o build/obj/uploader/batch.o build/obj/uploader/retry.o -Lbuild/lib -lnwtls -lnwnet -lnwcore -lssl -lcrypto -lpthread -lm\n");
    // Other objects keep compiling while the linker runs.
    for f in ["arena", "buffer"] {
        out.push_str(&compile(
            &format!("src/compat/{f}_compat.c"),
            &format!("build/obj/compat/{f}_compat.o"),
        ));
        out.push('\n');
    }
    out.push_str(
        "/usr/bin/ld: build/lib/libnwtls.a(session_cache.o): in function `session_cache_key':\n\
         /home/ci/builds/nwagent/src/tls/session_cache.c:88:(.text+0x1a4): undefined reference to `nw_sha256_final'\n\
         /usr/bin/ld: /home/ci/builds/nwagent/src/tls/session_cache.c:97:(.text+0x1f0): undefined reference to `nw_sha256_final'\n\
         /usr/bin/ld: build/lib/libnwtls.a(ticket_keys.o): in function `ticket_keys_rotate':\n\
         /home/ci/builds/nwagent/src/tls/ticket_keys.c:142:(.text+0x388): undefined reference to `nw_sha256_final'\n\
         collect2: error: ld returned 1 exit status\n\
         make: *** [Makefile:131: build/bin/nw-uploader] Error 1\n",
    );
    for (name, files) in &later {
        let (src_dir, obj_dir) = (format!("src/{name}"), format!("build/obj/{name}"));
        build_lib(
            &mut out,
            &mut pending,
            &mut emit,
            name,
            files,
            &src_dir,
            &obj_dir,
        );
    }
    build_lib(
        &mut out,
        &mut pending,
        &mut emit,
        "zstd",
        &zstd,
        "third_party/zstd/lib",
        "build/obj/zstd",
    );
    let compat = ["memrchr", "strlcpy", "reallocarray", "getentropy"];
    for f in compat {
        emit(
            &mut out,
            compile(
                &format!("src/compat/{f}.c"),
                &format!("build/obj/compat/{f}.o"),
            ),
            None,
            &mut pending,
        );
    }
    for f in ["main", "args", "daemon", "reload", "status"] {
        emit(
            &mut out,
            compile(&format!("src/cli/{f}.c"), &format!("build/obj/cli/{f}.o")),
            None,
            &mut pending,
        );
    }
    flush(&mut out, &mut pending);
    let stack_warning = "/usr/bin/ld: warning: build/obj/compat/memrchr.o: missing .note.GNU-stack section implies executable stack\n/usr/bin/ld: NOTE: This behaviour is deprecated and will be removed in a future version of the linker\n";
    out.push_str("gcc -o build/bin/nwagent build/obj/cli/main.o build/obj/cli/args.o build/obj/cli/daemon.o build/obj/cli/reload.o build/obj/cli/status.o build/obj/compat/memrchr.o build/obj/compat/strlcpy.o build/obj/compat/reallocarray.o build/obj/compat/getentropy.o -Lbuild/lib -lnwplugins -lnwproto -lnwstore -lnwtls -lnwnet -lnwcrypto -lnwcore -lnwzstd -lssl -lcrypto -lpthread -lm -ldl\n");
    out.push_str(stack_warning);
    // The tests: one object and one binary each.
    let mut tests = Vec::new();
    for (name, files) in libs
        .iter()
        .chain(later.iter())
        .filter(|(n, _)| *n != "proto")
    {
        for f in files.iter().take(if *name == "plugins" { 90 } else { 12 }) {
            tests.push(format!("{name}_{}", f.replace('/', "_")));
        }
    }
    emit(
        &mut out,
        compile("tests/harness.c", "build/obj/tests/harness.o"),
        None,
        &mut pending,
    );
    for t in &tests {
        emit(
            &mut out,
            compile(
                &format!("tests/test_{t}.c"),
                &format!("build/obj/tests/test_{t}.o"),
            ),
            None,
            &mut pending,
        );
    }
    flush(&mut out, &mut pending);
    for (k, t) in tests.iter().enumerate() {
        out.push_str(&format!(
            "gcc -o build/tests/test_{t} build/obj/tests/test_{t}.o build/obj/tests/harness.o build/obj/compat/memrchr.o -Lbuild/lib -lnwplugins -lnwproto -lnwstore -lnwtls -lnwnet -lnwcrypto -lnwcore -lnwzstd -lssl -lcrypto -lpthread -lm -ldl\n"
        ));
        if k % 9 == 0 {
            out.push_str(stack_warning);
        }
    }
    out.push_str("make: Target 'all' not remade because of errors.\n");
    assert_eq!(out.matches("nw-uploader").count(), 2);
    assert_eq!(out.matches("nw_sha256_final").count(), 3);
    assert!(out.len() < 1_000_000, "{}", out.len());
    Case::fact(
        "make -k -j8 of a C agent, the binary that could not be linked",
        out,
        "Last night's CI build of our monitoring agent went red. What actually stopped it: which program couldn't be built, and what was it missing?",
        &["nw-uploader", "nw_sha256_final"],
    )
}

/// One event of a binary log: its length, what its header line says
/// after the CRC, and the lines `mysqlbinlog -vv` prints under it.
struct BinlogEvent {
    len: u64,
    head: String,
    body: String,
}

/// ` 9:12:03` of `s` seconds after midnight, as `mysqlbinlog` prints a
/// time (the hour padded with a space).
fn binlog_clock(s: u64) -> String {
    format!("{:>2}:{:02}:{:02}", s / 3600, s / 60 % 60, s % 60)
}

/// A column of a row image: `###   @2=88123 /* INT meta=0 nullable=0 is_null=0 */`.
fn col(n: usize, value: &str, ty: &str, meta: u64, nullable: bool) -> String {
    format!(
        "###   @{n}={value} /* {ty} meta={meta} nullable={} is_null={} */\n",
        u8::from(nullable),
        u8::from(value == "NULL")
    )
}

/// The transaction's events after its GTID event, written at `pos`; the
/// GTID event first, with the transaction's length.
#[allow(clippy::too_many_arguments)]
fn binlog_tx(
    out: &mut String,
    pos: &mut u64,
    s: u64,
    micros: u64,
    seq: u64,
    rbr: bool,
    events: Vec<BinlogEvent>,
) -> Vec<u64> {
    let epoch = DAY + s - 3600;
    let us = epoch * 1_000_000 + micros;
    let when = format!("2026-11-27 {}.{micros:06} CET", clock(s));
    let gtid_len = 79;
    let total: u64 = gtid_len + events.iter().map(|e| e.len).sum::<u64>();
    let mut gtid_body = String::new();
    if rbr {
        gtid_body.push_str("/*!50718 SET TRANSACTION ISOLATION LEVEL READ COMMITTED*//*!*/;\n");
    }
    gtid_body.push_str(&format!(
        "# original_commit_timestamp={us} ({when})\n# immediate_commit_timestamp={us} ({when})\n/*!80001 SET @@session.original_commit_timestamp={us}*//*!*/;\n/*!80014 SET @@session.original_server_version=80036*//*!*/;\n/*!80014 SET @@session.immediate_server_version=80036*//*!*/;\nSET @@SESSION.GTID_NEXT= '3e11fa47-71ca-11e1-9e33-c80aa9429562:{}'/*!*/;\n",
        seq + 88_231
    ));
    let gtid = BinlogEvent {
        len: gtid_len,
        head: format!(
            "GTID\tlast_committed={}\tsequence_number={seq}\trbr_only={}\toriginal_committed_timestamp={us}\timmediate_commit_timestamp={us}\ttransaction_length={total}",
            seq - 1 - h(seq as usize, 8301) % 2,
            if rbr { "yes" } else { "no" }
        ),
        body: gtid_body,
    };
    let mut starts = Vec::new();
    for (k, e) in std::iter::once(gtid).chain(events).enumerate() {
        starts.push(*pos);
        let end = *pos + e.len;
        out.push_str(&format!(
            "# at {}\n#261127 {} server id 1  end_log_pos {end} CRC32 0x{} \t{}\n{}",
            *pos,
            binlog_clock(s),
            hex(seq as usize * 8 + k, 8302, 8),
            e.head,
            e.body
        ));
        *pos = end;
    }
    starts
}

/// `mysqlbinlog -vv --base64-output=decode-rows --start-datetime="2026-11-27
/// 11:00:00" binlog.000412` of a shop's primary (MySQL 8.0, row-based,
/// GTIDs): orders with their items, stock updates, coupons redeemed,
/// sessions expiring, expired coupons deleted at noon, an incident event
/// at 11:40, and an hourly report job that builds
/// `reporting.coupon_usage_daily_new`, swaps it in and drops
/// `coupon_usage_daily_old`. At 14:02:51 someone dropped `shop`.`coupons`;
/// no coupon is redeemed after it.
fn binlog_dropped_table() -> Case {
    let mut out = String::from(
        "# The proper term is pseudo_replica_mode, but we use this compatibility alias\n# to make the statement usable on server versions 8.0.24 and older.\n/*!50530 SET @@SESSION.PSEUDO_SLAVE_MODE=1*/;\n/*!50003 SET @OLD_COMPLETION_TYPE=@@COMPLETION_TYPE,COMPLETION_TYPE=0*/;\nDELIMITER /*!*/;\n# at 4\n#261127  0:00:02 server id 1  end_log_pos 126 CRC32 0x6a1f3b27 \tStart: binlog v 4, server v 8.0.36 created 261127  0:00:02\n",
    );
    let mut pos = 41_877_203u64;
    let mut seq = 412_000u64;
    let mut xid = 7_710_000u64;
    let mut s = 11 * 3600u64;
    let planted_s = 14 * 3600 + 2 * 60 + 51;
    let mut planted_pos = None;
    let mut first_query = true;
    let mut next_report = 11 * 3600 + 15 * 60;
    let mut next_cleanup = [12 * 3600u64, 16 * 3600];
    let mut incident = false;
    let mut order_id = 1_289_341u64;
    let mut item_id = 4_402_117u64;
    let mut report_table = 301u64;
    let skus = [
        "NW-TSH-0142-M",
        "NW-TSH-0142-L",
        "NW-HOD-0077-S",
        "NW-JKT-0310-M",
        "NW-SNK-1204-42",
        "NW-SNK-1204-44",
        "NW-CAP-0051",
        "NW-BAG-0920",
        "NW-SCK-0003-3P",
        "NW-BLT-0118-95",
    ];
    let coupons = [
        (17u64, "WELCOME10", 10u64),
        (23, "BLACKFRIDAY26", 25),
        (31, "NEWSLETTER15", 15),
        (42, "FREESHIP", 0),
        (57, "VIP20", 20),
    ];
    let query = |thread: u64, x: Option<u64>, len: u64, body: String| BinlogEvent {
        len,
        head: format!(
            "Query\tthread_id={thread}\texec_time=0\terror_code=0{}",
            x.map(|x| format!("\tXid = {x}")).unwrap_or_default()
        ),
        body,
    };
    let session_sets = "SET @@session.pseudo_thread_id=THREAD/*!*/;\nSET @@session.foreign_key_checks=1, @@session.sql_auto_is_null=0, @@session.unique_checks=1, @@session.autocommit=1/*!*/;\nSET @@session.sql_mode=1168113696/*!*/;\nSET @@session.auto_increment_increment=1, @@session.auto_increment_offset=1/*!*/;\n/*!\\C utf8mb4 *//*!*/;\nSET @@session.character_set_client=255,@@session.collation_connection=255,@@session.collation_server=255/*!*/;\nSET @@session.lc_time_names=0/*!*/;\nSET @@session.collation_database=DEFAULT/*!*/;\n/*!80011 SET @@session.default_collation_for_utf8mb4=255*//*!*/;\n/*!80013 SET @@session.sql_require_primary_key=0*//*!*/;\n";
    while out.len() < 660_000 || planted_pos.is_none() {
        let i = seq as usize;
        s += range(i, 8303, 60, 160);
        let micros = h(i, 8304) % 1_000_000;
        if planted_pos.is_none() && s + 15 >= planted_s {
            s = planted_s;
            seq += 1;
            xid += 1;
            let body = format!(
                "use `shop`/*!*/;\nSET TIMESTAMP={}/*!*/;\nDROP TABLE `coupons` /* generated by server */\n/*!*/;\n",
                DAY + s - 3600
            );
            let starts = binlog_tx(
                &mut out,
                &mut pos,
                s,
                418_220,
                seq,
                false,
                vec![query(91_127, Some(xid), 131, body)],
            );
            planted_pos = Some(starts[1]);
            s += 12;
            continue;
        }
        let epoch = DAY + s - 3600;
        seq += 1;
        xid += 1;
        let thread = 88_000 + h(i, 8305) % 900;
        let begin = |first: &mut bool| {
            let mut b = format!("SET TIMESTAMP={epoch}/*!*/;\n");
            if *first {
                b.push_str(&session_sets.replace("THREAD", &thread.to_string()));
                *first = false;
            }
            b.push_str("BEGIN\n/*!*/;\n");
            query(thread, None, 81 + h(i, 8306) % 12, b)
        };
        let table_map = |db: &str, table: &str, id: u64| BinlogEvent {
            len: 60 + table.len() as u64,
            head: format!("Table_map: `{db}`.`{table}` mapped to number {id}"),
            body: "# has_generated_invisible_primary_key=0\n".to_string(),
        };
        let xid_event = |x: u64| BinlogEvent {
            len: 31,
            head: format!("Xid = {x}"),
            body: "COMMIT/*!*/;\n".to_string(),
        };
        if s >= next_report {
            next_report += 3600;
            report_table += 1;
            let ddl = |x: u64, stmt: &str| {
                query(
                    thread,
                    Some(x),
                    90 + stmt.len() as u64,
                    format!("use `reporting`/*!*/;\nSET TIMESTAMP={epoch}/*!*/;\n{stmt}\n/*!*/;\n"),
                )
            };
            binlog_tx(
                &mut out,
                &mut pos,
                s,
                micros,
                seq,
                false,
                vec![ddl(
                    xid,
                    "CREATE TABLE `coupon_usage_daily_new` LIKE `coupon_usage_daily`",
                )],
            );
            seq += 1;
            xid += 1;
            let mut rows = String::from("### INSERT INTO `reporting`.`coupon_usage_daily_new`\n");
            for (k, (cid, code, _)) in coupons.iter().enumerate() {
                if k > 0 {
                    rows.push_str("### INSERT INTO `reporting`.`coupon_usage_daily_new`\n");
                }
                rows.push_str("### SET\n");
                rows.push_str(&col(1, "'2026-11-27'", "DATE", 0, false));
                rows.push_str(&col(2, &cid.to_string(), "INT", 0, false));
                rows.push_str(&col(3, &format!("'{code}'"), "VARSTRING(128)", 128, false));
                rows.push_str(&col(
                    4,
                    &range(i + k, 8307, 3, 400).to_string(),
                    "INT",
                    0,
                    false,
                ));
            }
            binlog_tx(
                &mut out,
                &mut pos,
                s + 1,
                micros,
                seq,
                true,
                vec![
                    begin(&mut first_query),
                    table_map("reporting", "coupon_usage_daily_new", report_table),
                    BinlogEvent {
                        len: 40 + rows.len() as u64 / 4,
                        head: format!("Write_rows: table id {report_table} flags: STMT_END_F"),
                        body: rows,
                    },
                    xid_event(xid),
                ],
            );
            seq += 1;
            xid += 1;
            binlog_tx(
                &mut out,
                &mut pos,
                s + 1,
                micros,
                seq,
                false,
                vec![ddl(
                    xid,
                    "RENAME TABLE `coupon_usage_daily` TO `coupon_usage_daily_old`, `coupon_usage_daily_new` TO `coupon_usage_daily`",
                )],
            );
            seq += 1;
            xid += 1;
            binlog_tx(
                &mut out,
                &mut pos,
                s + 1,
                micros,
                seq,
                false,
                vec![ddl(
                    xid,
                    "DROP TABLE IF EXISTS `coupon_usage_daily_old` /* generated by server */",
                )],
            );
            s += 2;
            continue;
        }
        if !incident && s >= 11 * 3600 + 40 * 60 {
            incident = true;
            out.push_str(&format!(
                "# at {pos}\n#261127 {} server id 1  end_log_pos {} CRC32 0x{} \n# Incident: LOST_EVENTS\nRELOAD DATABASE; # Shall generate syntax error\n",
                binlog_clock(s),
                pos + 49,
                hex(i, 8308, 8)
            ));
            pos += 49;
            seq -= 1;
            xid -= 1;
            continue;
        }
        if next_cleanup.iter().any(|&c| c <= s && c + 600 > s) && planted_pos.is_none() {
            next_cleanup.iter_mut().for_each(|c| {
                if *c <= s {
                    *c = u64::MAX / 2;
                }
            });
            let mut rows = String::new();
            for k in 0..range(i, 8309, 3, 8) {
                rows.push_str("### DELETE FROM `shop`.`coupons`\n### WHERE\n");
                rows.push_str(&col(
                    1,
                    &(100 + k * 7 + h(i, 8310) % 5).to_string(),
                    "INT",
                    0,
                    false,
                ));
                rows.push_str(&col(
                    2,
                    &format!("'AUTUMN{}'", 10 + k),
                    "VARSTRING(128)",
                    128,
                    false,
                ));
                rows.push_str(&col(3, "10", "TINYINT", 0, false));
                rows.push_str(&col(4, "'2026-11-26 23:59:59'", "DATETIME(0)", 0, false));
                rows.push_str(&col(
                    5,
                    &range(i + k as usize, 8311, 0, 90).to_string(),
                    "INT",
                    0,
                    false,
                ));
                rows.push_str(&col(6, "500", "INT", 0, false));
            }
            binlog_tx(
                &mut out,
                &mut pos,
                s,
                micros,
                seq,
                true,
                vec![
                    begin(&mut first_query),
                    table_map("shop", "coupons", 115),
                    BinlogEvent {
                        len: 40 + rows.len() as u64 / 4,
                        head: "Delete_rows: table id 115 flags: STMT_END_F".to_string(),
                        body: rows,
                    },
                    xid_event(xid),
                ],
            );
            continue;
        }
        if h(i, 8312).is_multiple_of(5) {
            // Expired sessions.
            let mut rows = String::new();
            for k in 0..range(i, 8313, 2, 6) {
                rows.push_str("### DELETE FROM `shop`.`sessions`\n### WHERE\n");
                rows.push_str(&col(
                    1,
                    &format!("'{}'", hex(i * 10 + k as usize, 8314, 40)),
                    "VARSTRING(256)",
                    256,
                    false,
                ));
                rows.push_str(&col(
                    2,
                    &range(i + k as usize, 8315, 10_000, 99_999).to_string(),
                    "INT",
                    0,
                    true,
                ));
                rows.push_str(&col(
                    3,
                    &(epoch - range(i + k as usize, 8316, 60, 7200)).to_string(),
                    "TIMESTAMP(0)",
                    0,
                    false,
                ));
            }
            binlog_tx(
                &mut out,
                &mut pos,
                s,
                micros,
                seq,
                true,
                vec![
                    begin(&mut first_query),
                    table_map("shop", "sessions", 116),
                    BinlogEvent {
                        len: 40 + rows.len() as u64 / 4,
                        head: "Delete_rows: table id 116 flags: STMT_END_F".to_string(),
                        body: rows,
                    },
                    xid_event(xid),
                ],
            );
            continue;
        }
        // An order: the order, its items, the stock, maybe a coupon.
        order_id += 1;
        let coupon = if planted_pos.is_none() && h(i, 8317).is_multiple_of(4) {
            Some(coupons[(h(i, 8318) % coupons.len() as u64) as usize])
        } else {
            None
        };
        let mut o = String::from("### INSERT INTO `shop`.`orders`\n### SET\n");
        o.push_str(&col(1, &order_id.to_string(), "LONGINT", 0, false));
        o.push_str(&col(
            2,
            &range(i, 8319, 10_000, 99_999).to_string(),
            "INT",
            0,
            false,
        ));
        o.push_str(&col(3, "'paid'", "VARSTRING(80)", 80, false));
        o.push_str(&col(
            4,
            &format!("{}.{:02}", range(i, 8320, 9, 480), h(i, 8321) % 100),
            "DECIMAL(10,2)",
            2562,
            false,
        ));
        o.push_str(&col(5, "'EUR'", "STRING(12)", 65036, false));
        o.push_str(&col(6, &epoch.to_string(), "TIMESTAMP(0)", 0, false));
        o.push_str(&col(
            7,
            &coupon.map_or("NULL".to_string(), |c| c.0.to_string()),
            "INT",
            0,
            true,
        ));
        let n_items = range(i, 8322, 1, 3);
        let mut it = String::new();
        let mut st = String::new();
        for k in 0..n_items {
            item_id += 1;
            let sku = skus[(h(i * 5 + k as usize, 8323) % skus.len() as u64) as usize];
            let qty = range(i * 5 + k as usize, 8324, 1, 3);
            it.push_str("### INSERT INTO `shop`.`order_items`\n### SET\n");
            it.push_str(&col(1, &item_id.to_string(), "LONGINT", 0, false));
            it.push_str(&col(2, &order_id.to_string(), "LONGINT", 0, false));
            it.push_str(&col(3, &format!("'{sku}'"), "VARSTRING(256)", 256, false));
            it.push_str(&col(4, &qty.to_string(), "INT", 0, false));
            it.push_str(&col(
                5,
                &format!(
                    "{}.{:02}",
                    range(i * 5 + k as usize, 8325, 9, 160),
                    h(i, 8326) % 100
                ),
                "DECIMAL(10,2)",
                2562,
                false,
            ));
            let before = range(i * 5 + k as usize, 8327, 4, 900);
            let wh = if h(i + k as usize, 8328).is_multiple_of(3) {
                "'HAM-2'"
            } else {
                "'BER-1'"
            };
            st.push_str("### UPDATE `shop`.`stock`\n### WHERE\n");
            st.push_str(&col(1, &format!("'{sku}'"), "VARSTRING(256)", 256, false));
            st.push_str(&col(2, wh, "STRING(16)", 65040, false));
            st.push_str(&col(3, &before.to_string(), "INT", 0, false));
            st.push_str(&col(
                4,
                &(epoch - range(i, 8329, 60, 9000)).to_string(),
                "TIMESTAMP(0)",
                0,
                false,
            ));
            st.push_str("### SET\n");
            st.push_str(&col(1, &format!("'{sku}'"), "VARSTRING(256)", 256, false));
            st.push_str(&col(2, wh, "STRING(16)", 65040, false));
            st.push_str(&col(3, &(before - qty).to_string(), "INT", 0, false));
            st.push_str(&col(4, &epoch.to_string(), "TIMESTAMP(0)", 0, false));
        }
        let mut events = vec![
            begin(&mut first_query),
            table_map("shop", "orders", 112),
            BinlogEvent {
                len: 40 + o.len() as u64 / 4,
                head: "Write_rows: table id 112 flags: STMT_END_F".to_string(),
                body: o,
            },
            table_map("shop", "order_items", 113),
            BinlogEvent {
                len: 40 + it.len() as u64 / 4,
                head: "Write_rows: table id 113 flags: STMT_END_F".to_string(),
                body: it,
            },
            table_map("shop", "stock", 114),
            BinlogEvent {
                len: 40 + st.len() as u64 / 4,
                head: "Update_rows: table id 114 flags: STMT_END_F".to_string(),
                body: st,
            },
        ];
        if let Some((cid, code, pct)) = coupon {
            let used = range(i, 8330, 10, 4000);
            let mut c = String::from("### UPDATE `shop`.`coupons`\n### WHERE\n");
            for (k, v) in [used, used + 1].iter().enumerate() {
                if k == 1 {
                    c.push_str("### SET\n");
                }
                c.push_str(&col(1, &cid.to_string(), "INT", 0, false));
                c.push_str(&col(2, &format!("'{code}'"), "VARSTRING(128)", 128, false));
                c.push_str(&col(3, &pct.to_string(), "TINYINT", 0, false));
                c.push_str(&col(4, "'2026-12-31 23:59:59'", "DATETIME(0)", 0, false));
                c.push_str(&col(5, &v.to_string(), "INT", 0, false));
                c.push_str(&col(6, "100000", "INT", 0, false));
            }
            events.push(table_map("shop", "coupons", 115));
            events.push(BinlogEvent {
                len: 40 + c.len() as u64 / 4,
                head: "Update_rows: table id 115 flags: STMT_END_F".to_string(),
                body: c,
            });
        }
        events.push(xid_event(xid));
        binlog_tx(&mut out, &mut pos, s, micros, seq, true, events);
    }
    out.push_str("SET @@SESSION.GTID_NEXT= 'AUTOMATIC' /* added by mysqlbinlog */ /*!*/;\nDELIMITER ;\n# End of log file\n/*!50003 SET COMPLETION_TYPE=@OLD_COMPLETION_TYPE*/;\n/*!50530 SET @@SESSION.PSEUDO_SLAVE_MODE=0*/;\n");
    let at = planted_pos.unwrap().to_string();
    assert_eq!(out.matches("DROP TABLE `coupons`").count(), 1);
    assert_eq!(out.matches("14:02:51").count(), 4);
    assert!(out.len() < 1_000_000, "{}", out.len());
    Case::fact(
        "mysqlbinlog -vv, where the table was dropped",
        out,
        "Someone wiped out our coupons table this afternoon. I want to replay the binary log up to just before that happened: where in this dump does it happen (position and time)?",
        &[&at, "14:02:51"],
    )
}

/// Who made a request in the Azure case: a person (UPN, given name,
/// surname) or a service principal (its name, for the claims' app id).
#[derive(Clone, Copy)]
enum AzCaller {
    User(&'static str, &'static str, &'static str),
    App(&'static str),
}

/// `2026-11-26T16:41:09.4511235Z` of `s` seconds since the epoch and
/// a seven-digit fraction.
fn az_time(s: u64, frac: u64) -> String {
    format!("{}.{frac:07}Z", datetime(s))
}

/// One event of `az monitor activity-log list` (as the CLI prints the
/// REST API's records).
#[allow(clippy::too_many_arguments)]
fn az_event(
    i: usize,
    s: u64,
    caller: AzCaller,
    op: &str,
    op_label: &str,
    resource_id: &str,
    status: &str,
    begin: bool,
    correlation: &str,
    failure: Option<(&str, &str)>,
) -> Value {
    let tenant = "5b2c8f0e-7a41-4c3e-9d6b-2e8f1a0c4d57";
    let sub = "a81f3c22-6d0e-4b9f-8e27-5c1d9b0a3f64";
    let parts: Vec<&str> = resource_id.split('/').collect();
    let rg = parts.get(4).copied().unwrap_or("");
    let provider = parts.get(6).copied().unwrap_or("Microsoft.Resources");
    let rtype = if parts.len() > 8 {
        format!("{provider}/{}", parts[7])
    } else {
        "Microsoft.Resources/resourceGroups".to_string()
    };
    let frac = h(i, 8401) % 10_000_000;
    let t = az_time(s, frac);
    let iat = s - range(i, 8402, 300, 3000);
    let event_id = uuid(i, 8403);
    let (caller_text, claims, ip) = match caller {
        AzCaller::User(upn, given, family) => {
            let ip = format!(
                "80.{}.{}.{}",
                150 + h(upn.len(), 8404) % 20,
                range(upn.len(), 8405, 1, 250),
                range(upn.len(), 8406, 1, 250)
            );
            let oid = uuid(upn.len() * 31 + given.len(), 8407);
            (
                upn.to_string(),
                json!({
                    "aud": "https://management.core.windows.net/",
                    "iss": format!("https://sts.windows.net/{tenant}/"),
                    "iat": iat.to_string(),
                    "nbf": iat.to_string(),
                    "exp": (iat + 4_500).to_string(),
                    "http://schemas.microsoft.com/claims/authnclassreference": "1",
                    "aio": format!("AVQAq/8Y{}", hex(i, 8408, 60)),
                    "http://schemas.microsoft.com/claims/authnmethodsreferences": "pwd,mfa",
                    "appid": "c44b4083-3bb0-49c1-b47d-974e53cbdf3c",
                    "appidacr": "2",
                    "http://schemas.xmlsoap.org/ws/2005/05/identity/claims/surname": family,
                    "http://schemas.xmlsoap.org/ws/2005/05/identity/claims/givenname": given,
                    "ipaddr": ip,
                    "name": format!("{given} {family}"),
                    "http://schemas.microsoft.com/identity/claims/objectidentifier": oid,
                    "puid": format!("1003200{}", hex(upn.len(), 8409, 9).to_uppercase()),
                    "rh": format!("1.AR8A{}.", hex(i, 8410, 40)),
                    "http://schemas.microsoft.com/identity/claims/scope": "user_impersonation",
                    "http://schemas.xmlsoap.org/ws/2005/05/identity/claims/nameidentifier": hex(upn.len(), 8411, 43),
                    "http://schemas.microsoft.com/identity/claims/tenantid": tenant,
                    "http://schemas.xmlsoap.org/ws/2005/05/identity/claims/name": upn,
                    "http://schemas.xmlsoap.org/ws/2005/05/identity/claims/upn": upn,
                    "uti": hex(i, 8412, 22),
                    "ver": "1.0",
                    "xms_tcdt": "1478112345"
                }),
                ip,
            )
        }
        AzCaller::App(name) => {
            let oid = uuid(name.len() * 17 + name.as_bytes()[0] as usize, 8413);
            let appid = uuid(name.len() * 19 + name.as_bytes()[1] as usize, 8414);
            let ip = format!(
                "20.{}.{}.{}",
                50 + name.len(),
                range(name.len(), 8415, 1, 250),
                range(i, 8416, 1, 250)
            );
            (
                oid.clone(),
                json!({
                    "aud": "https://management.core.windows.net/",
                    "iss": format!("https://sts.windows.net/{tenant}/"),
                    "iat": iat.to_string(),
                    "nbf": iat.to_string(),
                    "exp": (iat + 86_400).to_string(),
                    "aio": format!("E2dgYHi{}", hex(i, 8417, 36)),
                    "appid": appid,
                    "appidacr": "1",
                    "http://schemas.microsoft.com/identity/claims/identityprovider": format!("https://sts.windows.net/{tenant}/"),
                    "idtyp": "app",
                    "http://schemas.microsoft.com/identity/claims/objectidentifier": oid,
                    "rh": format!("1.AR8A{}.", hex(i, 8418, 40)),
                    "http://schemas.xmlsoap.org/ws/2005/05/identity/claims/nameidentifier": oid,
                    "http://schemas.microsoft.com/identity/claims/tenantid": tenant,
                    "uti": hex(i, 8419, 22),
                    "ver": "1.0",
                    "xms_tcdt": "1478112345"
                }),
                ip,
            )
        }
    };
    let method = if op.ends_with("/delete") {
        "DELETE"
    } else if op.ends_with("/action") {
        "POST"
    } else {
        "PUT"
    };
    let mut props = Map::new();
    props.insert("eventCategory".into(), json!("Administrative"));
    props.insert("entity".into(), json!(resource_id));
    props.insert("message".into(), json!(op));
    props.insert(
        "hierarchy".into(),
        json!(format!("{tenant}/mg-nordwind/mg-nordwind-prod/{sub}")),
    );
    if !begin {
        let code = match (failure, method) {
            (Some(_), _) => "Conflict",
            (None, "PUT") => "Created",
            _ => "OK",
        };
        props.insert("statusCode".into(), json!(code));
        props.insert("serviceRequestId".into(), json!(uuid(i, 8420)));
        if let Some((code, message)) = failure {
            props.insert(
                "statusMessage".into(),
                json!(json!({"error": {"code": code, "message": message}}).to_string()),
            );
        }
    }
    let level = if failure.is_some() {
        "Error"
    } else {
        "Informational"
    };
    let sub_status = match (begin, failure) {
        (true, _) => json!({"localizedValue": "", "value": ""}),
        (false, Some(_)) => {
            json!({"localizedValue": "Conflict (HTTP Status Code: 409)", "value": "Conflict"})
        }
        (false, None) if method == "PUT" => {
            json!({"localizedValue": "Created (HTTP Status Code: 201)", "value": "Created"})
        }
        (false, None) => json!({"localizedValue": "OK (HTTP Status Code: 200)", "value": "OK"}),
    };
    json!({
        "authorization": {"action": op, "scope": resource_id},
        "caller": caller_text,
        "category": {"localizedValue": "Administrative", "value": "Administrative"},
        "claims": claims,
        "correlationId": correlation,
        "description": "",
        "eventDataId": event_id,
        "eventName": if begin { json!({"localizedValue": "Begin request", "value": "BeginRequest"}) } else { json!({"localizedValue": "End request", "value": "EndRequest"}) },
        "eventTimestamp": t,
        "httpRequest": {"clientIpAddress": ip, "clientRequestId": uuid(i, 8421), "method": method},
        "id": format!("{resource_id}/events/{event_id}/ticks/{}", 621_355_968_000_000_000u64 + s * 10_000_000 + frac),
        "level": level,
        "operationId": correlation,
        "operationName": {"localizedValue": op_label, "value": op},
        "properties": Value::Object(props),
        "resourceGroupName": rg,
        "resourceId": resource_id,
        "resourceProviderName": {"localizedValue": provider, "value": provider},
        "resourceType": {"localizedValue": rtype, "value": rtype},
        "status": {"localizedValue": status, "value": status},
        "subStatus": sub_status,
        "submissionTimestamp": az_time(s + range(i, 8422, 40, 170), h(i, 8423) % 10_000_000),
        "subscriptionId": sub,
        "tenantId": tenant
    })
}

/// `az monitor activity-log list --offset 3d -o json` of a shop's
/// production subscription (newest first): VMs started and deallocated
/// by automation, snapshots made and deleted by backups, storage keys
/// listed, deployments by the pipeline, Terraform updating key vaults
/// (the payments vault too), network interfaces cleaned up. On the 25th
/// the pipeline deleted `kv-payments-staging`; on the 26th at 15:02
/// `t.hoffmann@nordwind.de` tried to delete `kv-payments-prod` and a
/// lock refused it; at 16:38 `m.brandt@nordwind.de` removed the lock and
/// at 16:41 deleted the vault.
fn activity_log_vault_deleted() -> Case {
    let sub = "a81f3c22-6d0e-4b9f-8e27-5c1d9b0a3f64";
    let rid = |rg: &str, provider_type: &str, name: &str| {
        format!("/subscriptions/{sub}/resourceGroups/{rg}/providers/{provider_type}/{name}")
    };
    let users = [
        AzCaller::User("j.keller@nordwind.de", "Jana", "Keller"),
        AzCaller::User("t.hoffmann@nordwind.de", "Tobias", "Hoffmann"),
        AzCaller::User("s.yilmaz@nordwind.de", "Selin", "Yilmaz"),
        AzCaller::User("m.brandt@nordwind.de", "Maren", "Brandt"),
        AzCaller::User("p.nowak@nordwind.de", "Piotr", "Nowak"),
    ];
    let automation = AzCaller::App("aa-nordwind-vm-schedules");
    let backup = AzCaller::App("sp-backup-snapshots");
    let pipeline = AzCaller::App("sp-azure-devops-deploy");
    let terraform = AzCaller::App("sp-terraform-platform");
    let aks = AzCaller::App("aks-shop-prod-agentpool");
    let vms = [
        "vm-erp-app01",
        "vm-erp-app02",
        "vm-reporting01",
        "vm-jumphost01",
        "vm-ftp-edi01",
        "vm-build-agent03",
        "vm-build-agent04",
    ];
    let vaults = [
        ("rg-payments-prod", "kv-payments-prod"),
        ("rg-shop-prod", "kv-shop-prod"),
        ("rg-erp-prod", "kv-erp-prod"),
        ("rg-platform-prod", "kv-platform-certs"),
    ];
    let storage = [
        "stshopprodassets",
        "sterpexports",
        "stlogsarchive01",
        "stpaymentsrecon",
    ];
    let webapps = [
        "app-shop-frontend-prod",
        "app-shop-api-prod",
        "app-payments-webhooks-prod",
        "func-order-export-prod",
    ];
    let mut events: Vec<(u64, Value)> = Vec::new();
    let start = DAY - 2 * 86_400;
    let end = DAY + 9 * 3600;
    let quiet = (DAY - 86_400 + 16 * 3600 + 35 * 60)..(DAY - 86_400 + 16 * 3600 + 44 * 60);
    let mut s = start + 300;
    let mut i = 0usize;
    while s < end {
        i += 1;
        s += range(i, 8424, 1_000, 3_200);
        if quiet.contains(&s) || quiet.contains(&(s + 200)) {
            continue;
        }
        let corr = uuid(i, 8425);
        let kind = h(i, 8426) % 100;
        let pair = |events: &mut Vec<(u64, Value)>, caller, op: &str, label: &str, id: &str| {
            events.push((
                s,
                az_event(
                    i * 2,
                    s,
                    caller,
                    op,
                    label,
                    id,
                    "Started",
                    true,
                    &corr,
                    None,
                ),
            ));
            let d = range(i, 8427, 2, 90);
            events.push((
                s + d,
                az_event(
                    i * 2 + 1,
                    s + d,
                    caller,
                    op,
                    label,
                    id,
                    "Succeeded",
                    false,
                    &corr,
                    None,
                ),
            ));
        };
        if kind < 22 {
            let vm = pick(&vms, i, 8428);
            let (op, label) = if h(i, 8429).is_multiple_of(2) {
                (
                    "Microsoft.Compute/virtualMachines/start/action",
                    "Start Virtual Machine",
                )
            } else {
                (
                    "Microsoft.Compute/virtualMachines/deallocate/action",
                    "Deallocate Virtual Machine",
                )
            };
            pair(
                &mut events,
                automation,
                op,
                label,
                &rid("rg-erp-prod", "Microsoft.Compute/virtualMachines", vm),
            );
        } else if kind < 40 {
            let vm = pick(&vms, i, 8430);
            let snap = format!("snap-{vm}-osdisk-{}", hex(i, 8431, 8));
            let (op, label) = if h(i, 8432).is_multiple_of(3) {
                ("Microsoft.Compute/snapshots/delete", "Delete Snapshot")
            } else {
                (
                    "Microsoft.Compute/snapshots/write",
                    "Create or Update Snapshot",
                )
            };
            pair(
                &mut events,
                backup,
                op,
                label,
                &rid("rg-backup-prod", "Microsoft.Compute/snapshots", &snap),
            );
        } else if kind < 60 {
            let who = if h(i, 8433).is_multiple_of(3) {
                users[(h(i, 8434) % users.len() as u64) as usize]
            } else {
                pipeline
            };
            let st = pick(&storage, i, 8435);
            let rg = if st.contains("payments") {
                "rg-payments-prod"
            } else {
                "rg-shop-prod"
            };
            events.push((
                s,
                az_event(
                    i * 2,
                    s,
                    who,
                    "Microsoft.Storage/storageAccounts/listKeys/action",
                    "List Storage Account Keys",
                    &rid(rg, "Microsoft.Storage/storageAccounts", st),
                    "Succeeded",
                    false,
                    &corr,
                    None,
                ),
            ));
        } else if kind < 72 {
            let app = pick(&webapps, i, 8436);
            let rg = if app.contains("payments") {
                "rg-payments-prod"
            } else {
                "rg-shop-prod"
            };
            pair(
                &mut events,
                pipeline,
                "Microsoft.Resources/deployments/write",
                "Create Deployment",
                &format!(
                    "/subscriptions/{sub}/resourceGroups/{rg}/providers/Microsoft.Resources/deployments/{app}-{}",
                    range(i, 8437, 1000, 9999)
                ),
            );
            if h(i, 8438).is_multiple_of(2) {
                pair(
                    &mut events,
                    pipeline,
                    "Microsoft.Web/sites/restart/action",
                    "Restart Web App",
                    &rid(rg, "Microsoft.Web/sites", app),
                );
            }
        } else if kind < 84 {
            let (rg, kv) = vaults[(h(i, 8439) % vaults.len() as u64) as usize];
            pair(
                &mut events,
                terraform,
                "Microsoft.KeyVault/vaults/write",
                "Update Key Vault",
                &rid(rg, "Microsoft.KeyVault/vaults", kv),
            );
        } else if kind < 94 {
            let nic = format!(
                "aks-nodepool1-{}-nic-{}",
                range(i, 8440, 10_000_000, 99_999_999),
                range(i, 8441, 0, 40)
            );
            pair(
                &mut events,
                aks,
                "Microsoft.Network/networkInterfaces/delete",
                "Delete Network Interface",
                &rid(
                    "mc_rg-shop-prod_aks-shop-prod_westeurope",
                    "Microsoft.Network/networkInterfaces",
                    &nic,
                ),
            );
        } else {
            let who = users[(h(i, 8442) % users.len() as u64) as usize];
            pair(
                &mut events,
                who,
                "Microsoft.Authorization/roleAssignments/write",
                "Create role assignment",
                &format!(
                    "/subscriptions/{sub}/resourceGroups/rg-shop-prod/providers/Microsoft.Authorization/roleAssignments/{}",
                    uuid(i, 8443)
                ),
            );
        }
    }
    // The planted story.
    let staging = DAY - 2 * 86_400 + 11 * 3600 + 20 * 60 + 14;
    let corr = uuid(9001, 8444);
    let kv_staging = rid(
        "rg-payments-staging",
        "Microsoft.KeyVault/vaults",
        "kv-payments-staging",
    );
    events.push((
        staging,
        az_event(
            90_001,
            staging,
            pipeline,
            "Microsoft.KeyVault/vaults/delete",
            "Delete Key Vault",
            &kv_staging,
            "Started",
            true,
            &corr,
            None,
        ),
    ));
    events.push((
        staging + 3,
        az_event(
            90_002,
            staging + 3,
            pipeline,
            "Microsoft.KeyVault/vaults/delete",
            "Delete Key Vault",
            &kv_staging,
            "Succeeded",
            false,
            &corr,
            None,
        ),
    ));
    let kv_prod = rid(
        "rg-payments-prod",
        "Microsoft.KeyVault/vaults",
        "kv-payments-prod",
    );
    let refused = DAY - 86_400 + 15 * 3600 + 2 * 60 + 37;
    let corr = uuid(9002, 8444);
    let lock_msg = format!(
        "The scope '{kv_prod}' cannot perform delete operation because following scope(s) are locked: '/subscriptions/{sub}/resourceGroups/rg-payments-prod'. Please remove the lock and try again."
    );
    events.push((
        refused,
        az_event(
            90_003,
            refused,
            users[1],
            "Microsoft.KeyVault/vaults/delete",
            "Delete Key Vault",
            &kv_prod,
            "Started",
            true,
            &corr,
            None,
        ),
    ));
    events.push((
        refused + 1,
        az_event(
            90_004,
            refused + 1,
            users[1],
            "Microsoft.KeyVault/vaults/delete",
            "Delete Key Vault",
            &kv_prod,
            "Failed",
            false,
            &corr,
            Some(("ScopeLocked", &lock_msg)),
        ),
    ));
    let unlock = DAY - 86_400 + 16 * 3600 + 38 * 60 + 12;
    let corr = uuid(9003, 8444);
    let lock_id = format!(
        "/subscriptions/{sub}/resourceGroups/rg-payments-prod/providers/Microsoft.Authorization/locks/do-not-delete"
    );
    events.push((
        unlock,
        az_event(
            90_005,
            unlock,
            users[3],
            "Microsoft.Authorization/locks/delete",
            "Delete management locks",
            &lock_id,
            "Succeeded",
            false,
            &corr,
            None,
        ),
    ));
    let deleted = DAY - 86_400 + 16 * 3600 + 41 * 60 + 7;
    let corr = uuid(9004, 8444);
    events.push((
        deleted,
        az_event(
            90_006,
            deleted,
            users[3],
            "Microsoft.KeyVault/vaults/delete",
            "Delete Key Vault",
            &kv_prod,
            "Started",
            true,
            &corr,
            None,
        ),
    ));
    events.push((
        deleted + 2,
        az_event(
            90_007,
            deleted + 2,
            users[3],
            "Microsoft.KeyVault/vaults/delete",
            "Delete Key Vault",
            &kv_prod,
            "Succeeded",
            false,
            &corr,
            None,
        ),
    ));
    events.sort_by_key(|(t, _)| std::cmp::Reverse(*t));
    let list: Vec<Value> = events.into_iter().map(|(_, v)| v).collect();
    let out = pretty(&Value::Array(list), b"  ") + "\n";
    assert!(out.matches("2026-11-26T16:41").count() >= 2);
    assert!(out.len() < 1_000_000, "{}", out.len());
    Case::fact(
        "az monitor activity-log list, who deleted the production key vault",
        out,
        "Our production payments key vault has vanished from the Azure portal. Who got rid of it, and at what time?",
        &["m.brandt@nordwind.de", "2026-11-26T16:41"],
    )
    .with_jq(
        ".[] | select(.operationName.value == \"Microsoft.KeyVault/vaults/delete\" and .status.value == \"Succeeded\" and .resourceGroupName == \"rg-payments-prod\") | .caller",
        vec![jq_string("m.brandt@nordwind.de")],
    )
}

const MONTHS: [&str; 12] = [
    "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
];

/// `Fri Mar 13 09:12:00 UTC 2026`: a time as Java's `Date` prints it.
fn java_date(s: u64) -> String {
    let days = s / 86_400;
    let (y, m, d) = civil(days);
    let wd = ["Thu", "Fri", "Sat", "Sun", "Mon", "Tue", "Wed"][(days % 7) as usize];
    format!(
        "{wd} {} {d:02} {} UTC {y}",
        MONTHS[m as usize - 1],
        clock(s % 86_400)
    )
}

/// Seconds since the epoch of `y-m-d` at `secs` after midnight.
fn epoch_of(y: u64, m: u64, d: u64, secs: u64) -> u64 {
    let y = if m <= 2 { y - 1 } else { y };
    let era = y / 400;
    let yoe = y - era * 400;
    let doy = (153 * ((m + 9) % 12) + 2) / 5 + d - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    (era * 146_097 + doe - 719_468) * 86_400 + secs
}

/// keytool's hex dump of a key identifier: 16 bytes a line, then ASCII.
fn key_id_dump(i: usize, salt: u64) -> String {
    let bytes: Vec<u8> = (0..20).map(|k| (h(i * 29 + k, salt) % 256) as u8).collect();
    let mut out = String::new();
    for (row, chunk) in bytes.chunks(16).enumerate() {
        let mut hexs = String::new();
        for (k, b) in chunk.iter().enumerate() {
            if k == 8 {
                hexs.push_str("  ");
            }
            hexs.push_str(&format!("{b:02X} "));
        }
        let ascii: String = chunk
            .iter()
            .map(|&b| {
                if (0x20..0x7f).contains(&b) {
                    b as char
                } else {
                    '.'
                }
            })
            .collect();
        out.push_str(&format!("{:04X}: {hexs:<51}{ascii}\n", row * 16));
    }
    out
}

/// One entry of `keytool -list -v`.
struct TrustEntry {
    alias: String,
    created: u64,
    owner: String,
    issuer: String,
    from: u64,
    until: u64,
    ca: bool,
    ec: bool,
    dns: Option<String>,
}

fn trust_entry(i: usize, e: &TrustEntry) -> String {
    let (y, m, d) = civil(e.created / 86_400);
    let fp = |n: usize, salt: u64| -> String {
        (0..n)
            .map(|k| format!("{:02X}", h(i * 41 + k, salt) % 256))
            .collect::<Vec<_>>()
            .join(":")
    };
    let mut out = format!(
        "Alias name: {}\nCreation date: {} {d}, {y}\nEntry type: trustedCertEntry\n\nOwner: {}\nIssuer: {}\nSerial number: {}\nValid from: {} until: {}\nCertificate fingerprints:\n\t SHA1: {}\n\t SHA256: {}\nSignature algorithm name: {}\nSubject Public Key Algorithm: {}\nVersion: 3\n\nExtensions: \n\n",
        e.alias,
        MONTHS[m as usize - 1],
        e.owner,
        e.issuer,
        hex(i, 8501, 16 + (h(i, 8502) % 20) as usize).trim_start_matches('0'),
        java_date(e.from),
        java_date(e.until),
        fp(20, 8503),
        fp(32, 8504),
        if e.ec {
            "SHA384withECDSA"
        } else {
            "SHA256withRSA"
        },
        if e.ec {
            "384-bit EC (secp384r1) key"
        } else if e.ca {
            "4096-bit RSA key"
        } else {
            "2048-bit RSA key"
        },
    );
    let mut ext = Vec::new();
    if !e.ca || e.owner != e.issuer {
        ext.push(format!(
            "ObjectId: 2.5.29.35 Criticality=false\nAuthorityKeyIdentifier [\nKeyIdentifier [\n{}]\n]\n",
            key_id_dump(i, 8505)
        ));
    }
    if e.ca {
        ext.push("ObjectId: 2.5.29.19 Criticality=true\nBasicConstraints:[\n  CA:true\n  PathLen: no limit\n]\n".to_string());
        ext.push(
            "ObjectId: 2.5.29.15 Criticality=true\nKeyUsage [\n  Key_CertSign\n  Crl_Sign\n]\n"
                .to_string(),
        );
    } else {
        ext.push("ObjectId: 2.5.29.19 Criticality=false\nBasicConstraints:[\n  CA:false\n  PathLen: undefined\n]\n".to_string());
        ext.push("ObjectId: 2.5.29.37 Criticality=false\nExtendedKeyUsages [\n  serverAuth\n  clientAuth\n]\n".to_string());
        ext.push("ObjectId: 2.5.29.15 Criticality=true\nKeyUsage [\n  DigitalSignature\n  Key_Encipherment\n]\n".to_string());
    }
    if let Some(dns) = &e.dns {
        ext.push(format!(
            "ObjectId: 2.5.29.17 Criticality=false\nSubjectAlternativeName [\n  DNSName: {dns}\n]\n"
        ));
    }
    ext.push(format!(
        "ObjectId: 2.5.29.14 Criticality=false\nSubjectKeyIdentifier [\nKeyIdentifier [\n{}]\n]\n",
        key_id_dump(i, 8506)
    ));
    for (k, x) in ext.iter().enumerate() {
        out.push_str(&format!("#{}: {x}\n", k + 1));
    }
    out.push_str("\n\n*******************************************\n*******************************************\n\n\n");
    out
}

/// `keytool -list -v -keystore truststore.p12` of a shop's Java
/// truststore (run in a container, so in UTC): the JDK's public roots,
/// the company's own CAs, some 190 internal service certificates pinned
/// for mTLS and certificates of partners. Six have run out by 27
/// November 2026, one of them the day before; one runs out in three
/// days, one is valid only from next week, and one alias is named for
/// expiry checks.
fn truststore_expired() -> Case {
    let roots: [(&str, &str); 36] = [
        (
            "actalisauthenticationrootca [jdk]",
            "CN=Actalis Authentication Root CA, O=Actalis S.p.A./03358520967, L=Milan, C=IT",
        ),
        ("amazonrootca1 [jdk]", "CN=Amazon Root CA 1, O=Amazon, C=US"),
        ("amazonrootca2 [jdk]", "CN=Amazon Root CA 2, O=Amazon, C=US"),
        ("amazonrootca3 [jdk]", "CN=Amazon Root CA 3, O=Amazon, C=US"),
        ("amazonrootca4 [jdk]", "CN=Amazon Root CA 4, O=Amazon, C=US"),
        (
            "buypassclass2ca [jdk]",
            "CN=Buypass Class 2 Root CA, O=Buypass AS-983163327, C=NO",
        ),
        (
            "buypassclass3ca [jdk]",
            "CN=Buypass Class 3 Root CA, O=Buypass AS-983163327, C=NO",
        ),
        (
            "certumtrustednetworkca2 [jdk]",
            "CN=Certum Trusted Network CA 2, OU=Certum Certification Authority, O=Unizeto Technologies S.A., C=PL",
        ),
        (
            "comodorsaca [jdk]",
            "CN=COMODO RSA Certification Authority, O=COMODO CA Limited, L=Salford, ST=Greater Manchester, C=GB",
        ),
        (
            "digicertassuredidrootca [jdk]",
            "CN=DigiCert Assured ID Root CA, OU=www.digicert.com, O=DigiCert Inc, C=US",
        ),
        (
            "digicertglobalrootca [jdk]",
            "CN=DigiCert Global Root CA, OU=www.digicert.com, O=DigiCert Inc, C=US",
        ),
        (
            "digicertglobalrootg2 [jdk]",
            "CN=DigiCert Global Root G2, OU=www.digicert.com, O=DigiCert Inc, C=US",
        ),
        (
            "digicertglobalrootg3 [jdk]",
            "CN=DigiCert Global Root G3, OU=www.digicert.com, O=DigiCert Inc, C=US",
        ),
        (
            "digicerttrustedrootg4 [jdk]",
            "CN=DigiCert Trusted Root G4, OU=www.digicert.com, O=DigiCert Inc, C=US",
        ),
        (
            "emsignrootcag1 [jdk]",
            "CN=emSign Root CA - G1, O=eMudhra Technologies Limited, OU=emSign PKI, C=IN",
        ),
        (
            "entrustrootcag2 [jdk]",
            "CN=Entrust Root Certification Authority - G2, OU=\"(c) 2009 Entrust, Inc. - for authorized use only\", OU=See www.entrust.net/legal-terms, O=\"Entrust, Inc.\", C=US",
        ),
        (
            "globalsigneccrootcar5 [jdk]",
            "CN=GlobalSign, O=GlobalSign, OU=GlobalSign ECC Root CA - R5",
        ),
        (
            "globalsignr3ca [jdk]",
            "CN=GlobalSign, O=GlobalSign, OU=GlobalSign Root CA - R3",
        ),
        (
            "globalsignrootcar6 [jdk]",
            "CN=GlobalSign, O=GlobalSign, OU=GlobalSign Root CA - R6",
        ),
        (
            "godaddyrootg2ca [jdk]",
            "CN=Go Daddy Root Certificate Authority - G2, O=\"GoDaddy.com, Inc.\", L=Scottsdale, ST=Arizona, C=US",
        ),
        (
            "haricarootca2015 [jdk]",
            "CN=Hellenic Academic and Research Institutions RootCA 2015, O=Hellenic Academic and Research Institutions Cert. Authority, L=Athens, C=GR",
        ),
        (
            "letsencryptisrgx1 [jdk]",
            "CN=ISRG Root X1, O=Internet Security Research Group, C=US",
        ),
        (
            "letsencryptisrgx2 [jdk]",
            "CN=ISRG Root X2, O=Internet Security Research Group, C=US",
        ),
        (
            "microsoftecc2017 [jdk]",
            "CN=Microsoft ECC Root Certificate Authority 2017, O=Microsoft Corporation, C=US",
        ),
        (
            "microsoftrsa2017 [jdk]",
            "CN=Microsoft RSA Root Certificate Authority 2017, O=Microsoft Corporation, C=US",
        ),
        (
            "quovadisrootca2g3 [jdk]",
            "CN=QuoVadis Root CA 2 G3, O=QuoVadis Limited, C=BM",
        ),
        (
            "quovadisrootca3g3 [jdk]",
            "CN=QuoVadis Root CA 3 G3, O=QuoVadis Limited, C=BM",
        ),
        (
            "sslrootrsaca [jdk]",
            "CN=SSL.com Root Certification Authority RSA, O=SSL Corporation, L=Houston, ST=Texas, C=US",
        ),
        (
            "starfieldrootg2ca [jdk]",
            "CN=Starfield Root Certificate Authority - G2, O=\"Starfield Technologies, Inc.\", L=Scottsdale, ST=Arizona, C=US",
        ),
        (
            "swisssigngoldg2ca [jdk]",
            "CN=SwissSign Gold CA - G2, O=SwissSign AG, C=CH",
        ),
        (
            "teliarootcav2 [jdk]",
            "CN=Telia Root CA v2, O=Telia Finland Oyj, C=FI",
        ),
        (
            "telisecglobalrootclass2ca [jdk]",
            "CN=T-TeleSec GlobalRoot Class 2, OU=T-Systems Trust Center, O=T-Systems Enterprise Services GmbH, C=DE",
        ),
        (
            "ttelesecglobalrootclass3ca [jdk]",
            "CN=T-TeleSec GlobalRoot Class 3, OU=T-Systems Trust Center, O=T-Systems Enterprise Services GmbH, C=DE",
        ),
        (
            "usertrusteccca [jdk]",
            "CN=USERTrust ECC Certification Authority, O=The USERTRUST Network, L=Jersey City, ST=New Jersey, C=US",
        ),
        (
            "usertrustrsaca [jdk]",
            "CN=USERTrust RSA Certification Authority, O=The USERTRUST Network, L=Jersey City, ST=New Jersey, C=US",
        ),
        (
            "certignarootca [jdk]",
            "CN=Certigna Root CA, OU=0002 48146308100036, O=Dhimyotis, C=FR",
        ),
    ];
    let today = DAY;
    let nordwind_root = "CN=Nordwind Root CA 2021, O=Nordwind Handels GmbH, C=DE";
    let issuing = [
        "CN=Nordwind Issuing CA 01, O=Nordwind Handels GmbH, C=DE",
        "CN=Nordwind Issuing CA 02, O=Nordwind Handels GmbH, C=DE",
    ];
    let mut entries: Vec<TrustEntry> = Vec::new();
    for (k, (alias, owner)) in roots.iter().enumerate() {
        let from_y = 2006 + h(k, 8507) % 16;
        let from = epoch_of(
            from_y,
            1 + h(k, 8508) % 12,
            1 + h(k, 8509) % 28,
            range(k, 8510, 0, 86_399),
        );
        let until = from + (20 + h(k, 8511) % 20) * 365 * 86_400;
        entries.push(TrustEntry {
            alias: alias.to_string(),
            created: epoch_of(2026, 10, 15, 0),
            owner: owner.to_string(),
            issuer: owner.to_string(),
            from,
            until: until.max(today + 800 * 86_400),
            ca: true,
            ec: owner.contains("ECC") || owner.contains("X2") || owner.contains("G3"),
            dns: None,
        });
    }
    entries.push(TrustEntry {
        alias: "nordwind-root-ca-2021".into(),
        created: epoch_of(2021, 3, 2, 0),
        owner: nordwind_root.into(),
        issuer: nordwind_root.into(),
        from: epoch_of(2021, 3, 1, 36_000),
        until: epoch_of(2041, 3, 1, 36_000),
        ca: true,
        ec: false,
        dns: None,
    });
    for (k, iss) in issuing.iter().enumerate() {
        entries.push(TrustEntry {
            alias: format!("nordwind-issuing-ca-0{}", k + 1),
            created: epoch_of(2021 + 2 * k as u64, 3, 4, 0),
            owner: iss.to_string(),
            issuer: nordwind_root.into(),
            from: epoch_of(2021 + 2 * k as u64, 3, 3, 40_000),
            until: epoch_of(2031 + 2 * k as u64, 3, 3, 40_000),
            ca: true,
            ec: false,
            dns: None,
        });
    }
    let teams = [
        "orders", "billing", "catalog", "search", "identity", "shipping", "reports", "media",
        "notify", "pricing", "cart", "loyalty", "returns", "stock", "payments", "erp",
    ];
    let roles = [
        "api",
        "worker",
        "grpc",
        "gateway",
        "admin",
        "consumer",
        "scheduler",
        "webhook",
        "exporter",
        "indexer",
        "sync",
        "backend",
    ];
    let mut seen = BTreeSet::new();
    let mut k = 0usize;
    while entries.len() < 235 {
        k += 1;
        let team = pick(&teams, k, 8512);
        let role = pick(&roles, k, 8513);
        let env = ["prod", "staging", "qa"][(h(k, 8514) % 3) as usize];
        let alias = format!("svc-{team}-{role}-{env}");
        if !seen.insert(alias.clone()) {
            continue;
        }
        let host = format!("{team}-{role}.{env}.nordwind.internal");
        let from = today - range(k, 8515, 5, 360) * 86_400 + range(k, 8516, 0, 86_399);
        entries.push(TrustEntry {
            alias,
            created: from + range(k, 8517, 3600, 5 * 86_400),
            owner: format!("CN={host}, OU=Platform, O=Nordwind Handels GmbH, L=Hamburg, C=DE"),
            issuer: issuing[(h(k, 8518) % 2) as usize].to_string(),
            from,
            until: from + 397 * 86_400,
            ca: false,
            ec: h(k, 8519).is_multiple_of(5),
            dns: Some(host),
        });
    }
    // Partners, legacy systems, and the planted ones.
    let partner = |alias: &str, owner: &str, issuer: &str, from: u64, until: u64| TrustEntry {
        alias: alias.to_string(),
        created: (from + 2 * 86_400).min(DAY - 86_400),
        owner: owner.to_string(),
        issuer: issuer.to_string(),
        from,
        until,
        ca: false,
        ec: false,
        dns: owner
            .split(", ")
            .next()
            .and_then(|cn| cn.strip_prefix("CN="))
            .filter(|cn| cn.contains('.'))
            .map(str::to_string),
    };
    let expired = [
        (
            "edi-gateway-rheinfracht",
            "CN=edi.rheinfracht-logistik.de, O=Rheinfracht Logistik GmbH, L=Duisburg, C=DE",
            "CN=GEANT OV RSA CA 4, O=GEANT Vereniging, C=NL",
            epoch_of(2024, 3, 14, 0),
            epoch_of(2025, 3, 14, 86_399),
        ),
        (
            "sap-pi-legacy",
            "CN=sappi01.nordwind.local, OU=SAP Basis, O=Nordwind Handels GmbH, C=DE",
            issuing[0],
            epoch_of(2022, 1, 31, 30_000),
            epoch_of(2024, 1, 31, 30_000),
        ),
        (
            "ldaps-dc01",
            "CN=dc01.corp.nordwind.local, O=Nordwind Handels GmbH, C=DE",
            issuing[0],
            epoch_of(2025, 11, 26, 41_000),
            epoch_of(2026, 11, 26, 41_000),
        ),
        (
            "swift-alliance-lite",
            "CN=alliance-lite2.nordwind.local, OU=Treasury, O=Nordwind Handels GmbH, C=DE",
            issuing[1],
            epoch_of(2024, 8, 2, 50_000),
            epoch_of(2026, 8, 2, 50_000),
        ),
        (
            "payone-callback-signer",
            "CN=callback-signer.payone.com, O=PAYONE GmbH, L=Frankfurt am Main, C=DE",
            "CN=Sectigo RSA Organization Validation Secure Server CA, O=Sectigo Limited, L=Salford, ST=Greater Manchester, C=GB",
            epoch_of(2024, 6, 30, 0),
            epoch_of(2025, 6, 30, 86_399),
        ),
        (
            "hsm-mgmt-console",
            "CN=hsm01-mgmt.nordwind.local, OU=Security, O=Nordwind Handels GmbH, C=DE",
            "CN=hsm01-mgmt.nordwind.local, OU=Security, O=Nordwind Handels GmbH, C=DE",
            epoch_of(2023, 10, 11, 25_000),
            epoch_of(2026, 10, 11, 25_000),
        ),
    ];
    let others = [
        (
            "expiry-watchdog",
            "CN=expiry-watchdog.nordwind.internal, OU=Platform, O=Nordwind Handels GmbH, C=DE",
            issuing[1],
            epoch_of(2026, 4, 2, 3_600),
            epoch_of(2027, 5, 4, 3_600),
        ),
        (
            "svc-search-indexer-prod-old",
            "CN=search-indexer.prod.nordwind.internal, OU=Platform, O=Nordwind Handels GmbH, L=Hamburg, C=DE",
            issuing[0],
            epoch_of(2025, 10, 29, 46_000),
            epoch_of(2026, 11, 30, 46_000),
        ),
        (
            "klarna-webhooks-2027",
            "CN=webhooks.klarna.com, O=Klarna Bank AB, L=Stockholm, C=SE",
            "CN=DigiCert Global G2 TLS RSA SHA256 2020 CA1, O=DigiCert Inc, C=US",
            epoch_of(2026, 12, 4, 0),
            epoch_of(2027, 12, 3, 86_399),
        ),
        (
            "dhl-parcel-api",
            "CN=api-eu.dhl.com, O=Deutsche Post AG, L=Bonn, C=DE",
            "CN=D-TRUST Server CA 2-2 2016, O=D-Trust GmbH, C=DE",
            epoch_of(2026, 2, 17, 0),
            epoch_of(2027, 2, 17, 86_399),
        ),
        (
            "datev-connect",
            "CN=login.datev.de, O=DATEV eG, L=Nuernberg, C=DE",
            "CN=D-TRUST Server CA 2-2 2016, O=D-Trust GmbH, C=DE",
            epoch_of(2026, 5, 20, 0),
            epoch_of(2027, 5, 20, 86_399),
        ),
    ];
    let mut tail: Vec<TrustEntry> = expired
        .iter()
        .chain(others.iter())
        .map(|(a, o, iss, f, u)| partner(a, o, iss, *f, *u))
        .collect();
    // Spread the partners through the listing (PKCS12 lists in hash order).
    let mut all = Vec::new();
    let step = entries.len() / tail.len();
    for (k, e) in entries.into_iter().enumerate() {
        all.push(e);
        if k % step == step / 2 && !tail.is_empty() {
            all.push(tail.remove((h(k, 8520) % tail.len() as u64) as usize));
        }
    }
    all.extend(tail);
    let items: Vec<String> = all
        .iter()
        .filter(|e| e.until < today)
        .map(|e| e.alias.clone())
        .collect();
    assert_eq!(items.len(), 6, "{items:?}");
    let aliases: Vec<String> = all.iter().map(|e| e.alias.clone()).collect();
    for s in &items {
        assert!(!named_elsewhere(s, &aliases), "{s}");
    }
    let mut out = format!(
        "Keystore type: PKCS12\nKeystore provider: SUN\n\nYour keystore contains {} entries\n\n",
        all.len()
    );
    for (k, e) in all.iter().enumerate() {
        out.push_str(&trust_entry(k, e));
    }
    assert!(out.len() < 1_000_000, "{}", out.len());
    Case::items(
        "keytool -list -v of a Java truststore, certificates that ran out",
        out,
        "It's 27 November 2026 today. Which certificates in our Java truststore have already run out? Give me every alias so we can replace them.",
        items,
    )
}

/// `curl -s http://prometheus:9090/api/v1/targets | jq .` of a shop's
/// Prometheus (v2.53): node exporters of 130 hosts, the kubelets'
/// cAdvisor endpoints, some 110 annotated pods, Postgres, Redis and
/// Kafka exporters and blackbox probes (URLs among them named for
/// downloads), three new pods not scraped yet, scrapes just under their
/// timeout, pods not ready that still answer, and dropped targets of
/// pods that failed or finished. Six targets are down.
fn prometheus_targets_down() -> Case {
    let now = DAY + 9 * 3600 + 14 * 60 + 3;
    let mut active: Vec<Value> = Vec::new();
    let mut items: Vec<String> = Vec::new();
    let mut instances: Vec<String> = Vec::new();
    let last_scrape = |i: usize, salt: u64| {
        format!(
            "{}.{:09}Z",
            datetime(now - h(i, salt) % 30),
            h(i, salt + 1) % 1_000_000_000
        )
    };
    let duration = |i: usize, salt: u64, lo: u64, hi: u64| -> f64 {
        range(i, salt, lo, hi) as f64 / 1_000_000_000.0
    };
    // (labels, discovered, scrape_url, down error, slow, unknown)
    struct T {
        discovered: Value,
        labels: Value,
        pool: &'static str,
        url: String,
        interval: &'static str,
        timeout: &'static str,
        down: Option<String>,
        slow: bool,
        unknown: bool,
    }
    let mut targets: Vec<T> = Vec::new();
    // Node exporters.
    let mut node_ips = BTreeSet::new();
    let roles = ["db", "app", "cache", "storage", "lb", "ci", "backup"];
    let mut k = 0usize;
    while node_ips.len() < 130 {
        k += 1;
        let ip = format!("10.42.{}.{}", range(k, 8601, 1, 16), range(k, 8602, 10, 60));
        if !node_ips.insert(ip.clone()) {
            continue;
        }
        let n = node_ips.len();
        let addr = format!("{ip}:9100");
        let rack = format!("r{:02}", range(k, 8603, 1, 24));
        let role = pick(&roles, k, 8604);
        let down = match n {
            37 => Some(format!(
                "Get \"http://{addr}/metrics\": dial tcp {addr}: connect: connection refused"
            )),
            101 => Some(format!(
                "Get \"http://{addr}/metrics\": dial tcp {addr}: connect: no route to host"
            )),
            _ => None,
        };
        targets.push(T {
            discovered: json!({
                "__address__": addr,
                "__meta_filepath": "/etc/prometheus/targets/nodes-fra1.yml",
                "__metrics_path__": "/metrics",
                "__scheme__": "http",
                "__scrape_interval__": "30s",
                "__scrape_timeout__": "10s",
                "datacenter": "fra1",
                "job": "node-exporter",
                "rack": rack,
                "role": role
            }),
            labels: json!({"datacenter": "fra1", "instance": addr, "job": "node-exporter", "rack": rack, "role": role}),
            pool: "node-exporter",
            url: format!("http://{addr}/metrics"),
            interval: "30s",
            timeout: "10s",
            down,
            slow: h(k, 8605).is_multiple_of(40),
            unknown: false,
        });
    }
    // Kubelets' cAdvisor.
    for n in 1..=48usize {
        let node = format!("k8s-worker-{n:03}");
        let addr = format!("10.40.0.{}:10250", 10 + n);
        let itype = ["m6i.2xlarge", "m6i.4xlarge", "r6i.2xlarge"][n % 3];
        targets.push(T {
            discovered: json!({
                "__address__": addr,
                "__meta_kubernetes_node_address_Hostname": node,
                "__meta_kubernetes_node_address_InternalIP": addr.trim_end_matches(":10250"),
                "__meta_kubernetes_node_label_beta_kubernetes_io_arch": "amd64",
                "__meta_kubernetes_node_label_kubernetes_io_hostname": node,
                "__meta_kubernetes_node_label_node_kubernetes_io_instance_type": itype,
                "__meta_kubernetes_node_label_topology_kubernetes_io_zone": format!("eu-central-1{}", ["a", "b", "c"][n % 3]),
                "__meta_kubernetes_node_labelpresent_kubernetes_io_hostname": "true",
                "__meta_kubernetes_node_name": node,
                "__meta_kubernetes_node_provider_id": format!("aws:///eu-central-1{}/i-0{}", ["a", "b", "c"][n % 3], hex(n, 8606, 16)),
                "__metrics_path__": "/metrics/cadvisor",
                "__scheme__": "https",
                "__scrape_interval__": "30s",
                "__scrape_timeout__": "10s",
                "job": "kubelet-cadvisor"
            }),
            labels: json!({"instance": node, "job": "kubelet-cadvisor", "node": node, "zone": format!("eu-central-1{}", ["a", "b", "c"][n % 3])}),
            pool: "kubelet-cadvisor",
            url: format!("https://{addr}/metrics/cadvisor"),
            interval: "30s",
            timeout: "10s",
            down: None,
            slow: n % 17 == 5,
            unknown: false,
        });
    }
    // Annotated pods.
    let apps = [
        ("shop", "checkout-api", 8080u64),
        ("shop", "cart-api", 8080),
        ("shop", "catalog-api", 8080),
        ("shop", "storefront-ssr", 3000),
        ("search", "search-api", 9090),
        ("search", "indexer", 9102),
        ("payments", "payments-gateway", 8080),
        ("payments", "fraud-scorer", 8000),
        ("identity", "auth-server", 9000),
        ("ops", "order-export", 9102),
        ("ops", "feed-builder", 8000),
        ("media", "image-proxy", 8080),
    ];
    let mut pod_ips = BTreeSet::new();
    let mut k = 0usize;
    let mut pods = 0usize;
    while pods < 110 {
        k += 1;
        let ip = format!("10.44.{}.{}", range(k, 8607, 0, 15), range(k, 8608, 2, 250));
        if !pod_ips.insert(ip.clone()) {
            continue;
        }
        pods += 1;
        let (ns, app, port) = apps[(h(k, 8609) % apps.len() as u64) as usize];
        let hash = hex(k % 17 + app.len(), 8610, 10);
        let pod = format!("{app}-{hash}-{}", hex(k, 8611, 5));
        let node = format!("k8s-worker-{:03}", range(k, 8612, 1, 48));
        let addr = format!("{ip}:{port}");
        let down = (pods == 58)
            .then(|| format!("Get \"http://{addr}/metrics\": context deadline exceeded"));
        let ready = if h(k, 8613).is_multiple_of(9) {
            "false"
        } else {
            "true"
        };
        targets.push(T {
            discovered: json!({
                "__address__": addr,
                "__meta_kubernetes_namespace": ns,
                "__meta_kubernetes_pod_annotation_prometheus_io_path": "/metrics",
                "__meta_kubernetes_pod_annotation_prometheus_io_port": port.to_string(),
                "__meta_kubernetes_pod_annotation_prometheus_io_scrape": "true",
                "__meta_kubernetes_pod_annotationpresent_prometheus_io_path": "true",
                "__meta_kubernetes_pod_annotationpresent_prometheus_io_port": "true",
                "__meta_kubernetes_pod_annotationpresent_prometheus_io_scrape": "true",
                "__meta_kubernetes_pod_container_id": format!("containerd://{}", hex(k, 8614, 64)),
                "__meta_kubernetes_pod_container_image": format!("registry.nordwind.internal/{ns}/{app}:2026.11.{}", range(k % 17, 8615, 1, 26)),
                "__meta_kubernetes_pod_container_init": "false",
                "__meta_kubernetes_pod_container_name": app,
                "__meta_kubernetes_pod_container_port_name": "metrics",
                "__meta_kubernetes_pod_container_port_number": port.to_string(),
                "__meta_kubernetes_pod_container_port_protocol": "TCP",
                "__meta_kubernetes_pod_controller_kind": "ReplicaSet",
                "__meta_kubernetes_pod_controller_name": format!("{app}-{hash}"),
                "__meta_kubernetes_pod_host_ip": format!("10.40.0.{}", 10 + range(k, 8612, 1, 48)),
                "__meta_kubernetes_pod_ip": ip,
                "__meta_kubernetes_pod_label_app_kubernetes_io_name": app,
                "__meta_kubernetes_pod_label_pod_template_hash": hash,
                "__meta_kubernetes_pod_labelpresent_app_kubernetes_io_name": "true",
                "__meta_kubernetes_pod_labelpresent_pod_template_hash": "true",
                "__meta_kubernetes_pod_name": pod,
                "__meta_kubernetes_pod_node_name": node,
                "__meta_kubernetes_pod_phase": "Running",
                "__meta_kubernetes_pod_ready": ready,
                "__meta_kubernetes_pod_uid": uuid(k, 8616),
                "__metrics_path__": "/metrics",
                "__scheme__": "http",
                "__scrape_interval__": "30s",
                "__scrape_timeout__": "10s",
                "job": "kubernetes-pods"
            }),
            labels: json!({"app": app, "instance": addr, "job": "kubernetes-pods", "namespace": ns, "node": node, "pod": pod}),
            pool: "kubernetes-pods",
            url: format!("http://{addr}/metrics"),
            interval: "30s",
            timeout: "10s",
            down,
            slow: h(k, 8617).is_multiple_of(25),
            unknown: pods == 21 || pods == 77 || pods == 103,
        });
    }
    // Exporters.
    for (pool, port, base, count, down_at, cluster) in [
        (
            "postgres-exporter",
            9187u64,
            "10.42.20",
            12usize,
            4usize,
            "pg-shop",
        ),
        ("redis-exporter", 9121, "10.42.21", 10, 2, "redis-sessions"),
        ("kafka-jmx", 7071, "10.42.30", 9, 6, "kafka-events"),
    ] {
        for n in 1..=count {
            let addr = format!("{base}.{}:{port}", 3 + n);
            let down = (n == down_at).then(|| match pool {
                "postgres-exporter" => {
                    "server returned HTTP status 500 Internal Server Error".to_string()
                }
                "redis-exporter" => format!("Get \"http://{addr}/metrics\": EOF"),
                _ => format!("Get \"http://{addr}/metrics\": dial tcp {addr}: i/o timeout"),
            });
            targets.push(T {
                discovered: json!({
                    "__address__": addr,
                    "__meta_filepath": format!("/etc/prometheus/targets/{pool}.yml"),
                    "__metrics_path__": "/metrics",
                    "__scheme__": "http",
                    "__scrape_interval__": "60s",
                    "__scrape_timeout__": "15s",
                    "cluster": cluster,
                    "job": pool
                }),
                labels: json!({"cluster": cluster, "instance": addr, "job": pool}),
                pool: match pool {
                    "postgres-exporter" => "postgres-exporter",
                    "redis-exporter" => "redis-exporter",
                    _ => "kafka-jmx",
                },
                url: format!("http://{addr}/metrics"),
                interval: "60s",
                timeout: "15s",
                down,
                slow: false,
                unknown: false,
            });
        }
    }
    // Blackbox probes.
    let urls = [
        "https://www.nordwind.de/",
        "https://www.nordwind.de/checkout",
        "https://www.nordwind.de/cart",
        "https://api.nordwind.de/v1/health",
        "https://api.nordwind.de/v1/downloads/health",
        "https://cdn.nordwind.de/downloads/catalog-2026.pdf",
        "https://auth.nordwind.de/realms/shop/.well-known/openid-configuration",
        "https://status.nordwind.de/",
        "https://partner.nordwind.de/login",
        "https://b2b.nordwind.de/api/ping",
        "https://www.nordwind.at/",
        "https://www.nordwind.ch/",
        "https://www.nordwind.nl/",
        "https://www.nordwind.fr/",
        "https://images.nordwind.de/healthz",
        "https://search.nordwind.de/healthz",
    ];
    for (n, url) in urls.iter().enumerate() {
        let enc = url.replace(':', "%3A").replace('/', "%2F");
        targets.push(T {
            discovered: json!({
                "__address__": url,
                "__meta_filepath": "/etc/prometheus/targets/probes.yml",
                "__metrics_path__": "/probe",
                "__param_module": "http_2xx",
                "__scheme__": "http",
                "__scrape_interval__": "30s",
                "__scrape_timeout__": "10s",
                "job": "blackbox-http"
            }),
            labels: json!({"instance": url, "job": "blackbox-http"}),
            pool: "blackbox-http",
            url: format!(
                "http://blackbox-exporter.monitoring.svc:9115/probe?module=http_2xx&target={enc}"
            ),
            interval: "30s",
            timeout: "10s",
            down: None,
            slow: n == 5,
            unknown: false,
        });
    }
    for (i, t) in targets.iter().enumerate() {
        let instance = t.labels["instance"].as_str().unwrap().to_string();
        instances.push(instance.clone());
        let (health, last, dur, err) = if t.unknown {
            (
                "unknown",
                "0001-01-01T00:00:00Z".to_string(),
                0.0,
                String::new(),
            )
        } else if let Some(e) = &t.down {
            items.push(instance);
            let dur = if e.contains("deadline") || e.contains("i/o timeout") {
                (if t.timeout == "15s" { 15.0 } else { 10.0 })
                    + duration(i, 8618, 100_000, 2_000_000)
            } else {
                duration(i, 8618, 300_000, 40_000_000)
            };
            ("down", last_scrape(i, 8619), dur, e.clone())
        } else if t.slow {
            (
                "up",
                last_scrape(i, 8619),
                duration(i, 8620, 9_400_000_000, 9_950_000_000),
                String::new(),
            )
        } else {
            (
                "up",
                last_scrape(i, 8619),
                duration(i, 8621, 2_000_000, 480_000_000),
                String::new(),
            )
        };
        active.push(json!({
            "discoveredLabels": t.discovered,
            "labels": t.labels,
            "scrapePool": t.pool,
            "scrapeUrl": t.url,
            "globalUrl": t.url.replace("blackbox-exporter.monitoring.svc", "blackbox-exporter.monitoring.svc.cluster.local"),
            "lastError": err,
            "lastScrape": last,
            "lastScrapeDuration": dur,
            "health": health,
            "scrapeInterval": t.interval,
            "scrapeTimeout": t.timeout
        }));
    }
    // Dropped: pods that finished or failed, and containers without metrics.
    let mut dropped = Vec::new();
    let jobs = [
        "nightly-export",
        "sitemap-build",
        "price-import",
        "db-migrate",
        "cache-warmup",
    ];
    for k in 0..140usize {
        let job = pick(&jobs, k, 8622);
        let phase = if h(k, 8623).is_multiple_of(4) {
            "Failed"
        } else {
            "Succeeded"
        };
        let pod = format!(
            "{job}-2958{}-{}",
            range(k, 8624, 10_000, 99_999),
            hex(k, 8625, 5)
        );
        dropped.push(json!({
            "discoveredLabels": {
                "__address__": format!("10.45.{}.{}:9102", range(k, 8626, 0, 15), range(k, 8627, 2, 250)),
                "__meta_kubernetes_namespace": "batch",
                "__meta_kubernetes_pod_annotation_prometheus_io_scrape": "true",
                "__meta_kubernetes_pod_annotationpresent_prometheus_io_scrape": "true",
                "__meta_kubernetes_pod_container_init": "false",
                "__meta_kubernetes_pod_container_name": job,
                "__meta_kubernetes_pod_container_port_number": "9102",
                "__meta_kubernetes_pod_controller_kind": "Job",
                "__meta_kubernetes_pod_controller_name": pod.rsplit_once('-').unwrap().0,
                "__meta_kubernetes_pod_name": pod,
                "__meta_kubernetes_pod_node_name": format!("k8s-worker-{:03}", range(k, 8628, 1, 48)),
                "__meta_kubernetes_pod_phase": phase,
                "__meta_kubernetes_pod_ready": "false",
                "__meta_kubernetes_pod_uid": uuid(k, 8629),
                "__metrics_path__": "/metrics",
                "__scheme__": "http",
                "__scrape_interval__": "30s",
                "__scrape_timeout__": "10s",
                "job": "kubernetes-pods"
            }
        }));
    }
    let out = pretty(
        &json!({
            "status": "success",
            "data": {
                "activeTargets": active,
                "droppedTargets": dropped,
                "droppedTargetCounts": {
                    "blackbox-http": 0,
                    "kafka-jmx": 0,
                    "kubelet-cadvisor": 0,
                    "kubernetes-pods": 140,
                    "node-exporter": 0,
                    "postgres-exporter": 0,
                    "redis-exporter": 0
                }
            }
        }),
        b"  ",
    ) + "\n";
    assert_eq!(items.len(), 6);
    for s in &items {
        assert!(!named_elsewhere(s, &instances), "{s}");
    }
    assert!(out.len() < 1_000_000, "{}", out.len());
    let expected = items.iter().map(|s| jq_string(s)).collect();
    Case::items(
        "Prometheus /api/v1/targets, the targets that cannot be scraped",
        out,
        "Which of the endpoints Prometheus is supposed to collect metrics from can't be reached at the moment? List every one of them, address and port.",
        items,
    )
    .with_jq(
        ".data.activeTargets[] | select(.health == \"down\") | .labels.instance",
        expected,
    )
}

/// The packages of the npm case with the dependencies they declare.
fn npm_special() -> Vec<(&'static str, &'static str, Vec<&'static str>)> {
    vec![
        (
            "node-sass",
            "4.14.1",
            vec![
                "async-foreach",
                "chalk",
                "cross-spawn",
                "gaze",
                "get-stdin",
                "glob",
                "in-publish",
                "lodash",
                "meow",
                "mkdirp",
                "nan",
                "node-gyp",
                "npmlog",
                "sass-graph",
                "stdout-stream",
                "true-case-path",
            ],
        ),
        (
            "node-gyp",
            "3.8.0",
            vec![
                "fstream",
                "glob",
                "graceful-fs",
                "mkdirp",
                "nopt",
                "npmlog",
                "osenv",
                "request",
                "rimraf",
                "semver",
                "tar",
                "which",
            ],
        ),
        (
            "coveralls",
            "3.1.1",
            vec!["js-yaml", "lcov-parse", "log-driver", "minimist", "request"],
        ),
        (
            "protractor",
            "7.0.0",
            vec![
                "@types/q",
                "@types/selenium-webdriver",
                "blocking-proxy",
                "browserstack",
                "chalk",
                "glob",
                "jasmine",
                "jasminewd2",
                "q",
                "saucelabs",
                "selenium-webdriver",
                "source-map-support",
                "webdriver-js-extender",
                "webdriver-manager",
                "yargs",
            ],
        ),
        (
            "webdriver-manager",
            "12.1.9",
            vec![
                "adm-zip", "chalk", "del", "glob", "ini", "minimist", "q", "request", "rimraf",
                "semver", "xml2js",
            ],
        ),
        (
            "@nordwind/notify-client",
            "2.3.0",
            vec!["axios", "slack-node", "nodemailer"],
        ),
        ("slack-node", "0.2.0", vec!["request"]),
        (
            "@nordwind/legacy-erp-client",
            "1.4.2",
            vec!["request", "xml2js", "lodash", "moment"],
        ),
        (
            "request",
            "2.88.2",
            vec![
                "aws-sign2",
                "aws4",
                "caseless",
                "combined-stream",
                "extend",
                "forever-agent",
                "form-data",
                "har-validator",
                "http-signature",
                "is-typedarray",
                "isstream",
                "json-stringify-safe",
                "mime-types",
                "oauth-sign",
                "performance-now",
                "qs",
                "safe-buffer",
                "tough-cookie",
                "tunnel-agent",
                "uuid",
            ],
        ),
        (
            "cypress",
            "13.15.2",
            vec![
                "@cypress/request",
                "@cypress/xvfb",
                "arch",
                "blob-util",
                "bluebird",
                "cachedir",
                "chalk",
                "check-more-types",
                "cli-table3",
                "commander",
                "debug",
                "execa",
                "extract-zip",
                "fs-extra",
                "getos",
                "lodash",
                "request-progress",
                "semver",
                "tmp",
                "yauzl",
            ],
        ),
        (
            "@cypress/request",
            "3.0.6",
            vec![
                "aws-sign2",
                "aws4",
                "caseless",
                "combined-stream",
                "extend",
                "forever-agent",
                "form-data",
                "http-signature",
                "is-typedarray",
                "isstream",
                "json-stringify-safe",
                "mime-types",
                "performance-now",
                "qs",
                "safe-buffer",
                "tough-cookie",
                "tunnel-agent",
                "uuid",
            ],
        ),
        ("request-progress", "3.0.0", vec!["throttleit"]),
        (
            "newman",
            "6.2.1",
            vec![
                "postman-request",
                "postman-collection",
                "postman-runtime",
                "async",
                "chardet",
                "cli-progress",
                "cli-table3",
                "colors",
                "commander",
                "csv-parse",
                "filesize",
                "liquid-json",
                "lodash",
                "mkdirp",
                "pretty-ms",
                "semver",
                "serialised-error",
                "word-wrap",
                "xmlbuilder",
            ],
        ),
        (
            "postman-request",
            "2.88.1-postman.40",
            vec![
                "@postman/form-data",
                "@postman/tough-cookie",
                "@postman/tunnel-agent",
                "aws-sign2",
                "aws4",
                "brotli",
                "caseless",
                "combined-stream",
                "extend",
                "forever-agent",
                "http-signature",
                "is-typedarray",
                "isstream",
                "json-stringify-safe",
                "mime-types",
                "oauth-sign",
                "qs",
                "safe-buffer",
                "stream-length",
                "uuid",
            ],
        ),
        (
            "@google-cloud/storage",
            "7.14.0",
            vec![
                "@google-cloud/paginator",
                "@google-cloud/projectify",
                "@google-cloud/promisify",
                "abort-controller",
                "async-retry",
                "duplexify",
                "fast-xml-parser",
                "gaxios",
                "google-auth-library",
                "html-entities",
                "mime",
                "p-limit",
                "retry-request",
                "teeny-request",
                "uuid",
            ],
        ),
        (
            "teeny-request",
            "9.0.0",
            vec![
                "http-proxy-agent",
                "https-proxy-agent",
                "node-fetch",
                "stream-events",
                "uuid",
            ],
        ),
        (
            "retry-request",
            "7.0.2",
            vec!["@types/request", "extend", "teeny-request"],
        ),
        ("request-ip", "3.3.0", vec![]),
    ]
}

/// The generic packages of the npm case, in an order whose later ones
/// are the leaves.
fn npm_pool() -> Vec<String> {
    let mut pool: Vec<String> = Vec::new();
    let mut add = |s: String| {
        if !pool.contains(&s) {
            pool.push(s);
        }
    };
    for s in [
        "react",
        "react-dom",
        "express",
        "axios",
        "webpack",
        "webpack-cli",
        "typescript",
        "jest",
        "eslint",
        "prettier",
        "vite",
        "rollup",
        "esbuild",
        "sass",
        "postcss",
        "redux",
        "react-redux",
        "@reduxjs/toolkit",
        "react-router",
        "react-router-dom",
        "i18next",
        "react-i18next",
        "date-fns",
        "dayjs",
        "zod",
        "classnames",
        "clsx",
        "immer",
        "husky",
        "lint-staged",
        "dotenv",
        "ws",
        "fsevents",
        "@sentry/browser",
        "@sentry/node",
        "moment",
        "nodemailer",
        "xml2js",
        "uuid",
        "lodash",
        "chalk",
        "commander",
        "yargs",
        "glob",
        "rimraf",
        "mkdirp",
        "semver",
        "debug",
        "qs",
        "body-parser",
        "cookie-parser",
        "helmet",
        "cors",
        "compression",
        "morgan",
        "winston",
        "pino",
        "pino-pretty",
        "ioredis",
        "pg",
        "mysql2",
        "knex",
        "sequelize",
        "mongoose",
        "graphql",
        "@apollo/client",
        "apollo-server-express",
        "jsonwebtoken",
        "passport",
        "passport-jwt",
        "bcryptjs",
        "multer",
        "sharp",
        "handlebars",
        "mjml",
        "stripe",
        "@aws-sdk/client-s3",
        "@aws-sdk/client-sqs",
        "@aws-sdk/client-ses",
        "@aws-sdk/client-dynamodb",
        "@aws-sdk/client-secrets-manager",
        "terser",
        "terser-webpack-plugin",
        "babel-loader",
        "css-loader",
        "style-loader",
        "mini-css-extract-plugin",
        "html-webpack-plugin",
        "copy-webpack-plugin",
        "webpack-dev-server",
        "ts-jest",
        "ts-node",
        "@testing-library/react",
        "@testing-library/jest-dom",
        "@testing-library/user-event",
        "msw",
        "storybook",
        "@storybook/react",
        "@playwright/test",
    ] {
        add(s.to_string());
    }
    for s in [
        "ui-kit",
        "ui-button",
        "ui-modal",
        "ui-table",
        "design-tokens",
        "i18n",
        "analytics",
        "feature-flags",
        "checkout-sdk",
        "search-client",
        "auth-client",
        "logger",
        "config",
        "api-client",
        "icons",
    ] {
        add(format!("@nordwind/{s}"));
    }
    for s in [
        "core",
        "preset-env",
        "preset-react",
        "preset-typescript",
        "runtime",
        "parser",
        "traverse",
        "types",
        "generator",
        "template",
        "code-frame",
        "helper-plugin-utils",
        "helper-module-imports",
        "helper-module-transforms",
        "helper-compilation-targets",
        "helper-create-class-features-plugin",
        "helper-replace-supers",
        "helper-split-export-declaration",
        "helper-validator-identifier",
        "helper-validator-option",
        "helpers",
        "highlight",
        "compat-data",
    ] {
        add(format!("@babel/{s}"));
    }
    for s in [
        "arrow-functions",
        "async-to-generator",
        "block-scoping",
        "classes",
        "computed-properties",
        "destructuring",
        "dotall-regex",
        "duplicate-keys",
        "exponentiation-operator",
        "for-of",
        "function-name",
        "literals",
        "member-expression-literals",
        "modules-amd",
        "modules-commonjs",
        "modules-systemjs",
        "modules-umd",
        "new-target",
        "object-super",
        "parameters",
        "property-literals",
        "regenerator",
        "reserved-words",
        "shorthand-properties",
        "spread",
        "sticky-regex",
        "template-literals",
        "typeof-symbol",
        "unicode-escapes",
        "unicode-regex",
        "react-jsx",
        "react-display-name",
        "typescript",
    ] {
        add(format!("@babel/plugin-transform-{s}"));
    }
    for s in [
        "core",
        "environment",
        "expect",
        "fake-timers",
        "globals",
        "reporters",
        "schemas",
        "source-map",
        "test-result",
        "test-sequencer",
        "transform",
        "types",
        "console",
    ] {
        add(format!("@jest/{s}"));
    }
    for s in [
        "types",
        "smithy-client",
        "middleware-stack",
        "protocol-http",
        "util-utf8",
        "util-base64",
        "node-http-handler",
        "fetch-http-handler",
        "signature-v4",
        "config-resolver",
        "url-parser",
        "util-retry",
        "middleware-retry",
        "hash-node",
        "property-provider",
        "credential-provider-imds",
        "shared-ini-file-loader",
        "util-middleware",
        "util-stream",
        "core",
    ] {
        add(format!("@smithy/{s}"));
    }
    for s in [
        "value-parser",
        "selector-parser",
        "modules-scope",
        "modules-values",
        "modules-extract-imports",
        "modules-local-by-default",
        "loader",
        "import",
        "nested",
        "custom-properties",
        "discard-comments",
        "merge-rules",
        "minify-selectors",
        "normalize-url",
        "colormin",
        "convert-values",
        "svgo",
        "unique-selectors",
        "reduce-initial",
        "calc",
    ] {
        add(format!("postcss-{s}"));
    }
    for s in [
        "react",
        "react-hooks",
        "import",
        "jsx-a11y",
        "jest",
        "prettier",
        "testing-library",
        "promise",
        "n",
        "unicorn",
    ] {
        add(format!("eslint-plugin-{s}"));
    }
    for s in [
        "node",
        "react",
        "react-dom",
        "estree",
        "json-schema",
        "istanbul-lib-coverage",
        "istanbul-reports",
        "yargs",
        "yargs-parser",
        "stack-utils",
        "prop-types",
        "scheduler",
        "babel__core",
        "babel__traverse",
        "graceful-fs",
        "jest",
        "eslint",
        "ms",
        "debug",
        "http-cache-semantics",
        "express",
        "express-serve-static-core",
        "body-parser",
        "range-parser",
        "send",
        "serve-static",
        "mime",
        "connect",
    ] {
        add(format!("@types/{s}"));
    }
    for s in [
        "jest-cli",
        "jest-config",
        "jest-runtime",
        "jest-snapshot",
        "jest-util",
        "jest-worker",
        "jest-resolve",
        "jest-haste-map",
        "jest-message-util",
        "jest-diff",
        "pretty-format",
        "webpack-sources",
        "enhanced-resolve",
        "tapable",
        "watchpack",
        "schema-utils",
        "ajv",
        "ajv-keywords",
        "ajv-formats",
        "acorn",
        "acorn-walk",
        "browserslist",
        "caniuse-lite",
        "electron-to-chromium",
        "node-releases",
        "update-browserslist-db",
        "cross-spawn",
        "which",
        "isexe",
        "path-key",
        "shebang-command",
        "shebang-regex",
        "micromatch",
        "braces",
        "fill-range",
        "to-regex-range",
        "is-number",
        "picomatch",
        "chokidar",
        "anymatch",
        "normalize-path",
        "glob-parent",
        "is-glob",
        "is-extglob",
        "readdirp",
        "binary-extensions",
        "is-binary-path",
        "follow-redirects",
        "form-data",
        "asynckit",
        "combined-stream",
        "delayed-stream",
        "proxy-from-env",
        "cliui",
        "y18n",
        "get-caller-file",
        "require-directory",
        "string-width",
        "strip-ansi",
        "ansi-regex",
        "wrap-ansi",
        "emoji-regex",
        "is-fullwidth-code-point",
        "yargs-parser",
        "minimatch",
        "brace-expansion",
        "balanced-match",
        "concat-map",
        "once",
        "wrappy",
        "inflight",
        "inherits",
        "fs.realpath",
        "path-is-absolute",
        "graceful-fs",
        "readable-stream",
        "string_decoder",
        "safe-buffer",
        "util-deprecate",
        "core-util-is",
        "isarray",
        "process-nextick-args",
        "yallist",
        "lru-cache",
        "side-channel",
        "object-inspect",
        "get-intrinsic",
        "has-symbols",
        "function-bind",
        "hasown",
        "es-errors",
        "call-bind",
        "define-data-property",
        "gopd",
        "es-define-property",
        "set-function-length",
        "cookie",
        "cookie-signature",
        "encodeurl",
        "escape-html",
        "etag",
        "finalhandler",
        "fresh",
        "http-errors",
        "merge-descriptors",
        "methods",
        "on-finished",
        "parseurl",
        "path-to-regexp",
        "proxy-addr",
        "range-parser",
        "send",
        "serve-static",
        "statuses",
        "type-is",
        "utils-merge",
        "vary",
        "accepts",
        "negotiator",
        "mime",
        "mime-db",
        "mime-types",
        "depd",
        "destroy",
        "ee-first",
        "toidentifier",
        "setprototypeof",
        "scheduler",
        "loose-envify",
        "js-tokens",
        "prop-types",
        "react-is",
        "object-assign",
        "fast-deep-equal",
        "json-schema-traverse",
        "uri-js",
        "punycode",
        "picocolors",
        "nanoid",
        "source-map",
        "source-map-js",
        "tslib",
        "whatwg-url",
        "tr46",
        "webidl-conversions",
        "agent-base",
        "https-proxy-agent",
        "http-proxy-agent",
        "socks-proxy-agent",
        "socks",
        "ip-address",
        "smart-buffer",
        "tar",
        "chownr",
        "fs-minipass",
        "minipass",
        "minizlib",
        "node-fetch",
        "ansi-styles",
        "supports-color",
        "has-flag",
        "color-convert",
        "color-name",
        "escape-string-regexp",
        "minimist",
        "ms",
        "fast-glob",
        "merge2",
        "@nodelib/fs.walk",
        "@nodelib/fs.scandir",
        "@nodelib/fs.stat",
        "run-parallel",
        "queue-microtask",
        "reusify",
        "fastq",
        "ignore",
        "globby",
        "slash",
        "dir-glob",
        "path-type",
        "semver-compare",
        "signal-exit",
        "execa",
        "get-stream",
        "human-signals",
        "is-stream",
        "merge-stream",
        "npm-run-path",
        "onetime",
        "mimic-fn",
        "strip-final-newline",
        "tmp",
        "os-tmpdir",
        "bluebird",
        "async",
        "colors",
        "cli-table3",
        "throttleit",
        "extend",
        "aws4",
        "aws-sign2",
        "caseless",
        "forever-agent",
        "har-validator",
        "har-schema",
        "http-signature",
        "is-typedarray",
        "isstream",
        "json-stringify-safe",
        "oauth-sign",
        "performance-now",
        "tough-cookie",
        "psl",
        "tunnel-agent",
        "sshpk",
        "jsprim",
        "assert-plus",
        "nan",
        "npmlog",
        "gauge",
        "are-we-there-yet",
        "console-control-strings",
        "set-blocking",
        "osenv",
        "nopt",
        "abbrev",
        "fstream",
        "js-yaml",
        "argparse",
        "sprintf-js",
        "lcov-parse",
        "log-driver",
        "q",
        "adm-zip",
        "del",
        "ini",
        "xmlbuilder",
        "sax",
        "gaxios",
        "google-auth-library",
        "gcp-metadata",
        "gtoken",
        "jws",
        "jwa",
        "ecdsa-sig-formatter",
        "buffer-equal-constant-time",
        "base64-js",
        "bignumber.js",
        "json-bigint",
        "duplexify",
        "end-of-stream",
        "stream-shift",
        "fast-xml-parser",
        "strnum",
        "html-entities",
        "p-limit",
        "yocto-queue",
        "abort-controller",
        "event-target-shim",
        "async-retry",
        "retry",
        "stream-events",
        "stubs",
    ] {
        add(s.to_string());
    }
    let special: Vec<&str> = npm_special().iter().map(|s| s.0).collect();
    pool.retain(|p| !special.contains(&p.as_str()));
    pool
}

/// The `resolved` URL of a package of the npm case.
fn npm_resolved(name: &str, version: &str) -> String {
    let base = name.rsplit('/').next().unwrap();
    if name.starts_with("@nordwind/") {
        format!("https://npm.nordwind.internal/{name}/-/{base}-{version}.tgz")
    } else {
        format!("https://registry.npmjs.org/{name}/-/{base}-{version}.tgz")
    }
}

/// `npm ls --all --json` (npm 10) of a shop's storefront: some 180
/// packages it installs itself and their whole tree, repeated packages
/// listed again without their dependencies. The deprecated `request` is
/// a dependency of five packages: `node-gyp` (under `node-sass`),
/// `coveralls`, `webdriver-manager` (under `protractor`), `slack-node`
/// (under `@nordwind/notify-client`) and `@nordwind/legacy-erp-client`.
/// Its forks `@cypress/request` and `postman-request`, `request-progress`,
/// `request-ip`, `teeny-request`, `retry-request` and `@types/request`
/// are other packages; `webpack` is invalid, a peer of `ui-kit` missing
/// and `fsevents` extraneous, so npm ends with `ELSPROBLEMS`.
fn npm_ls_request_users() -> Case {
    use std::collections::BTreeMap;
    let special = npm_special();
    let pool = npm_pool();
    let mut deps: BTreeMap<String, (String, Vec<String>)> = BTreeMap::new();
    let n = pool.len();
    for (k, name) in pool.iter().enumerate() {
        let version = format!(
            "{}.{}.{}",
            1 + h(k, 8701) % 9,
            h(k, 8702) % 21,
            h(k, 8703) % 16
        );
        let count = if k + 60 < n { h(k, 8704) % 9 } else { 0 };
        let mut ds = Vec::new();
        for c in 0..count {
            let lo = (k + 1).max(n / 4);
            let j = lo + (h(k * 8 + c as usize, 8705) % (n - lo) as u64) as usize;
            if j != k && !ds.contains(&pool[j]) {
                ds.push(pool[j].clone());
            }
        }
        deps.insert(name.clone(), (version, ds));
    }
    for (name, version, ds) in &special {
        deps.insert(
            name.to_string(),
            (
                version.to_string(),
                ds.iter().map(|s| s.to_string()).collect(),
            ),
        );
    }
    let mut roots: Vec<String> = pool
        .iter()
        .enumerate()
        .filter(|(k, _)| *k < 100 || (*k < n / 3 && h(*k, 8706).is_multiple_of(3)))
        .map(|(_, p)| p.clone())
        .collect();
    for s in [
        "node-sass",
        "coveralls",
        "protractor",
        "@nordwind/notify-client",
        "@nordwind/legacy-erp-client",
        "cypress",
        "newman",
        "@google-cloud/storage",
        "request-ip",
        "@nordwind/ui-kit",
        "webpack",
        "fsevents",
    ] {
        roots.push(s.to_string());
    }
    roots.sort();
    roots.dedup();
    let mut seen: BTreeSet<String> = BTreeSet::new();
    fn render(
        name: &str,
        deps: &BTreeMap<String, (String, Vec<String>)>,
        seen: &mut BTreeSet<String>,
        depth: usize,
    ) -> Value {
        let (version, ds) = deps.get(name).cloned().unwrap_or_else(|| {
            let k = name.bytes().map(|b| b as usize).sum::<usize>();
            (format!("{}.{}.{}", 1 + k % 7, k % 13, k % 5), Vec::new())
        });
        let mut node = Map::new();
        node.insert("version".into(), json!(version));
        node.insert("resolved".into(), json!(npm_resolved(name, &version)));
        node.insert("overridden".into(), json!(false));
        let fresh = seen.insert(name.to_string());
        if fresh && !ds.is_empty() && depth < 8 {
            let mut sorted = ds.clone();
            sorted.sort();
            let mut children = Map::new();
            for d in &sorted {
                children.insert(d.clone(), render(d, deps, seen, depth + 1));
            }
            node.insert("dependencies".into(), Value::Object(children));
        }
        Value::Object(node)
    }
    let mut top = Map::new();
    for r in &roots {
        top.insert(r.clone(), render(r, &deps, &mut seen, 1));
    }
    let root_dir = "/home/ci/nordwind-storefront/node_modules";
    let webpack_version = deps["webpack"].0.clone();
    let problems = [
        format!("invalid: webpack@{webpack_version} {root_dir}/webpack"),
        "missing: @types/react@^18.3.0, required by @nordwind/ui-kit@3.2.1".to_string(),
        format!("extraneous: fsevents@2.3.3 {root_dir}/fsevents"),
    ];
    if let Some(Value::Object(w)) = top.get_mut("webpack") {
        w.insert("invalid".into(), json!("\"^5.96.0\" from the root project"));
        w.insert("problems".into(), json!([problems[0]]));
    }
    if let Some(Value::Object(u)) = top.get_mut("@nordwind/ui-kit") {
        u.insert("version".into(), json!("3.2.1"));
        u.insert(
            "resolved".into(),
            json!(npm_resolved("@nordwind/ui-kit", "3.2.1")),
        );
        let mut ds = match u.remove("dependencies") {
            Some(Value::Object(m)) => m,
            _ => Map::new(),
        };
        ds.insert(
            "@types/react".into(),
            json!({"required": "^18.3.0", "missing": true, "problems": [problems[1]]}),
        );
        u.insert("dependencies".into(), Value::Object(ds));
    }
    top.insert(
        "fsevents".into(),
        json!({"version": "2.3.3", "resolved": npm_resolved("fsevents", "2.3.3"), "extraneous": true, "overridden": false, "problems": [problems[2]]}),
    );
    let mut sorted: Vec<(String, Value)> = top.into_iter().collect();
    sorted.sort_by(|a, b| a.0.cmp(&b.0));
    let top: Map<String, Value> = sorted.into_iter().collect();
    let doc = json!({
        "version": "4.12.0",
        "name": "nordwind-storefront",
        "problems": problems,
        "dependencies": top,
        "error": {
            "code": "ELSPROBLEMS",
            "summary": problems.join("\n"),
            "detail": ""
        }
    });
    let out = pretty(&doc, b"  ") + "\n";
    let mut items: Vec<String> = [
        "node-gyp",
        "coveralls",
        "webdriver-manager",
        "slack-node",
        "@nordwind/legacy-erp-client",
    ]
    .iter()
    .map(|s| s.to_string())
    .collect();
    let mut names: Vec<String> = deps.keys().cloned().collect();
    names.extend(
        special
            .iter()
            .flat_map(|s| s.2.iter().map(|d| d.to_string())),
    );
    for s in &items {
        assert!(!named_elsewhere(s, &names), "{s}");
        assert!(out.contains(&format!("\"{s}\": {{")), "{s}");
    }
    assert!(out.len() < 1_000_000, "{}", out.len());
    items.sort();
    let expected = items.iter().map(|s| jq_string(s)).collect();
    Case::items(
        "npm ls --all --json, the packages that depend on request",
        out,
        "npm keeps nagging that the old `request` library is deprecated. Which packages in our dependency tree pull it in themselves? I need all of them so I know what to upgrade.",
        items,
    )
    .with_jq(
        "[paths(type == \"object\" and has(\"dependencies\") and (.dependencies | has(\"request\"))) | .[-1]] | unique[]",
        expected,
    )
}

/// `aws ec2 describe-images --owners self` (AWS CLI v2, four-space
/// indent) of a shop's build account: some 300 images Packer built over
/// two years (base images, EKS nodes, Windows IIS servers, GitLab
/// runners, a public website's frontend), some deprecated, a few that
/// failed to register, tags that name the public website. Six images
/// are public.
fn ec2_public_images() -> Case {
    let account = "481516234200";
    let families = [
        (
            "nw-base-al2023",
            "Amazon Linux 2023 base image with CIS hardening",
            "Linux/UNIX",
            false,
        ),
        (
            "nw-eks-node-1.31",
            "EKS 1.31 worker node (containerd, SSM agent)",
            "Linux/UNIX",
            false,
        ),
        (
            "nw-eks-node-1.30",
            "EKS 1.30 worker node (containerd, SSM agent)",
            "Linux/UNIX",
            false,
        ),
        (
            "nw-win2022-iis",
            "Windows Server 2022 with IIS 10 for the ERP web tier",
            "Windows",
            true,
        ),
        (
            "nw-gitlab-runner",
            "GitLab runner with Docker and buildx",
            "Linux/UNIX",
            false,
        ),
        (
            "public-web-frontend",
            "Frontend for www.nordwind.de (nginx, static build)",
            "Linux/UNIX",
            false,
        ),
        (
            "nw-bastion",
            "SSH bastion with session recording",
            "Linux/UNIX",
            false,
        ),
        (
            "nw-postgres16",
            "PostgreSQL 16 with pgBackRest",
            "Linux/UNIX",
            false,
        ),
        (
            "nw-ubuntu2404-base",
            "Ubuntu 24.04 LTS base image",
            "Linux/UNIX",
            false,
        ),
        (
            "nw-jenkins-agent",
            "Legacy Jenkins agent (JDK 17, Maven)",
            "Linux/UNIX",
            false,
        ),
    ];
    let planted = [23usize, 71, 118, 164, 209, 262];
    let mut images = Vec::new();
    let mut items = Vec::new();
    let mut ids = Vec::new();
    for k in 0..300usize {
        let i = k + 1;
        let (fam, desc, platform, windows) =
            families[(h(i, 8801) % families.len() as u64) as usize];
        let created = DAY - range(i, 8802, 86_400, 720 * 86_400);
        let (y, m, d) = civil(created / 86_400);
        let name = format!("{fam}-{y}.{m:02}.{d:02}-{}", created);
        let id = format!("ami-0{}", hex(i, 8803, 16));
        ids.push(id.clone());
        let public = planted.contains(&k);
        if public {
            items.push(id.clone());
        }
        let failed = h(i, 8804).is_multiple_of(37) && !public;
        let deprecated = !failed && created < DAY - 365 * 86_400 && h(i, 8805).is_multiple_of(3);
        let snap = format!("snap-0{}", hex(i, 8806, 16));
        let arch = if !windows && h(i, 8807).is_multiple_of(4) {
            "arm64"
        } else {
            "x86_64"
        };
        let (root, devices) = if windows {
            (
                "/dev/sda1",
                vec![
                    json!({"DeviceName": "/dev/sda1", "Ebs": {"DeleteOnTermination": true, "SnapshotId": snap, "VolumeSize": 60, "VolumeType": "gp3", "Encrypted": true}}),
                    json!({"DeviceName": "xvdca", "VirtualName": "ephemeral0"}),
                ],
            )
        } else {
            (
                "/dev/xvda",
                vec![
                    json!({"DeviceName": "/dev/xvda", "Ebs": {"DeleteOnTermination": true, "Iops": 3000, "SnapshotId": snap, "VolumeSize": ([8, 20, 30, 50][(h(i, 8808) % 4) as usize]), "VolumeType": "gp3", "Throughput": 125, "Encrypted": (!fam.starts_with("public"))}}),
                ],
            )
        };
        let mut img = Map::new();
        img.insert(
            "PlatformDetails".into(),
            json!(if windows { "Windows" } else { platform }),
        );
        img.insert(
            "UsageOperation".into(),
            json!(if windows {
                "RunInstances:0002"
            } else {
                "RunInstances"
            }),
        );
        img.insert("BlockDeviceMappings".into(), json!(devices));
        img.insert("Description".into(), json!(desc));
        img.insert("EnaSupport".into(), json!(true));
        img.insert("Hypervisor".into(), json!("xen"));
        if windows {
            img.insert("Platform".into(), json!("windows"));
        }
        img.insert("Name".into(), json!(name));
        img.insert("RootDeviceName".into(), json!(root));
        img.insert("RootDeviceType".into(), json!("ebs"));
        img.insert("SriovNetSupport".into(), json!("simple"));
        img.insert("VirtualizationType".into(), json!("hvm"));
        img.insert(
            "BootMode".into(),
            json!(if arch == "arm64" {
                "uefi"
            } else {
                "uefi-preferred"
            }),
        );
        if deprecated {
            let t = created + 365 * 86_400;
            img.insert(
                "DeprecationTime".into(),
                json!(format!("{}.000Z", datetime(t))),
            );
        }
        img.insert(
            "SourceInstanceId".into(),
            json!(format!("i-0{}", hex(i, 8809, 16))),
        );
        img.insert("DeregistrationProtection".into(), json!("disabled"));
        img.insert("ImageId".into(), json!(id));
        img.insert("ImageLocation".into(), json!(format!("{account}/{name}")));
        img.insert(
            "State".into(),
            json!(if failed { "failed" } else { "available" }),
        );
        if failed {
            img.insert(
                "StateReason".into(),
                json!({"Code": "Client.InvalidSnapshot.NotFound", "Message": format!("Client.InvalidSnapshot.NotFound: The snapshot '{snap}' does not exist.")}),
            );
        }
        img.insert("OwnerId".into(), json!(account));
        img.insert(
            "CreationDate".into(),
            json!(format!("{}.000Z", datetime(created))),
        );
        img.insert("Public".into(), json!(public));
        img.insert("Architecture".into(), json!(arch));
        img.insert("ImageType".into(), json!("machine"));
        let mut tags = vec![
            json!({"Key": "Name", "Value": fam}),
            json!({"Key": "team", "Value": if fam.contains("web") { "web" } else { "platform" }}),
            json!({"Key": "built-by", "Value": "packer"}),
            json!({"Key": "git-sha", "Value": hex(i, 8810, 12)}),
        ];
        if fam.starts_with("public") || h(i, 8811).is_multiple_of(9) {
            tags.push(json!({"Key": "audience", "Value": "public-website"}));
        }
        img.insert("Tags".into(), json!(tags));
        images.push((created, Value::Object(img)));
    }
    // The CLI lists images in the API's order, not by date.
    let list: Vec<Value> = images.into_iter().map(|(_, v)| v).collect();
    let out = pretty(&json!({"Images": list}), b"    ") + "\n";
    assert_eq!(out.matches("\"Public\": true").count(), 6);
    for s in &items {
        assert!(!named_elsewhere(s, &ids), "{s}");
    }
    assert!(out.len() < 1_000_000, "{}", out.len());
    let expected = items.iter().map(|s| jq_string(s)).collect();
    Case::items(
        "aws ec2 describe-images --owners self, images anyone can launch",
        out,
        "Did any of our own machine images end up shared with the whole world? I need the ID of every one that any AWS account could launch.",
        items,
    )
    .with_jq(".Images[] | select(.Public == true) | .ImageId", expected)
}
