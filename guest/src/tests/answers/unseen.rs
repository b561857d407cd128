//! THE HELD-OUT SET of issue 30: do not tune the answer code on these
//! outputs. Read them, run them, report their figures — but a rule written
//! because one of these cases missed makes this set's figure meaningless.
//! Tune on [`tuning`]; this set says whether the tuning generalizes. It
//! was written with the tuning set, before any answer code changed, in
//! the same classes (a rare line under a repeated template, a record whose
//! name is lines away, a value that stands out, "every …" questions,
//! numbers and words the output does not use) but other tools.
//!
//! Its four misses after the first changes (a record found but not named:
//! the name past a JSON line's cut, or behind other names in the record)
//! were read for their class, which was then fixed with tuning cases of
//! its own written first (Jira, EBS volumes, an audit log). Its figure
//! since is of outputs looked at; [`fresh`] is the set nobody looked at.
//!
//! One fact: `top -b` (the highest load average), a GitHub issues page
//! (the issue labelled security), `nvidia-smi --query-gpu --format=csv`
//! (the GPU that overheated), `dmesg -T` (why a disk went read-only, under
//! thousands of corrected PCIe errors), `ss -tanp` (the connection stuck
//! connecting), a CloudTrail log (who deleted the bucket), `bazel test`
//! (the slowest target), `docker events` as JSON lines (the container
//! killed for memory).
//! Every item: `grype -o json` (packages with a critical finding), `dotnet
//! test` (failed tests), Elasticsearch `_cat/indices` (red indices), Caddy
//! JSON access logs (URLs slower than 2 s), `aws ec2 describe-instances`
//! (instances not running), `lsof` (deleted log files still open),
//! `dbt run` (models that failed), `nmap -sV` (hosts with telnet open).
//!
//! [`tuning`]: super::tuning
//! [`fresh`]: super::fresh

use serde_json::json;

use super::super::heldout::{h, hms};
use super::super::questions::lines_until;
use super::{Case, jq_string, pick, pretty};

pub(super) fn cases() -> Vec<Case> {
    vec![
        top_load(),
        github_security_issue(),
        nvidia_overheat(),
        dmesg_read_only(),
        ss_syn_sent(),
        cloudtrail_delete_bucket(),
        bazel_slowest(),
        docker_events_oom(),
        grype_critical(),
        dotnet_test_failures(),
        es_red_indices(),
        caddy_slow_urls(),
        ec2_not_running(),
        lsof_deleted_logs(),
        dbt_failed_models(),
        nmap_telnet(),
    ]
}

/// `top -b -d 5 -n 44` on a database host: 44 screens of ~120 processes;
/// the 1-minute load average is 1–4 but for one screen at 38.71 (decaying
/// after it).
fn top_load() -> Case {
    let cmds = [
        "postgres",
        "java",
        "node",
        "nginx",
        "redis-server",
        "containerd",
        "kubelet",
        "sshd",
        "systemd-journal",
        "python3",
        "pgbouncer",
        "node_exporter",
    ];
    let users = ["postgres", "app", "root", "www-data", "redis"];
    let mut out = String::new();
    let mut spike_at = String::new();
    let spike = 31;
    for it in 0..44 {
        let secs = 10 * 3600 + 41 * 60 + 7 + it * 5;
        let clock = format!("{:02}:{:02}:{:02}", secs / 3600, secs / 60 % 60, secs % 60);
        let load1 = if it >= spike {
            38.71 * 0.92f64.powi((it - spike) as i32)
        } else {
            1.0 + (h(it, 1) % 300) as f64 / 100.0
        };
        if it == spike {
            spike_at = format!("top - {clock}");
        }
        let load5 = if it >= spike { 21.04 } else { 1.3 };
        let load15 = if it >= spike { 9.87 } else { 1.2 };
        out.push_str(&format!(
            "top - {clock} up 12 days,  3:02,  2 users,  load average: {load1:.2}, {load5:.2}, {load15:.2}\n"
        ));
        out.push_str(&format!(
            "Tasks: 121 total,   {} running, {} sleeping,   0 stopped,   0 zombie\n",
            1 + it % 3,
            120 - it % 3
        ));
        out.push_str(&format!(
            "%Cpu(s): {:>4.1} us,  1.0 sy,  0.0 ni, {:>4.1} id,  0.2 wa,  0.0 hi,  0.1 si,  0.0 st \n",
            3.0 + (h(it, 2) % 90) as f64 / 10.0,
            85.0 - (h(it, 2) % 90) as f64 / 10.0
        ));
        out.push_str("MiB Mem :  64221.5 total,   2210.4 free,  40312.7 used,  21698.4 buff/cache     \nMiB Swap:   8192.0 total,   8190.2 free,      1.8 used.  23120.1 avail Mem \n\n");
        out.push_str(
            "    PID USER      PR  NI    VIRT    RES    SHR S  %CPU  %MEM     TIME+ COMMAND\n",
        );
        for p in 0..121 {
            let k = it * 1000 + p;
            let pid = 1 + p * 37;
            let cpu = if p < 8 {
                (h(k, 3) % 400) as f64 / 10.0
            } else {
                0.0
            };
            out.push_str(&format!(
                "{pid:>7} {:<8}  20   0 {:>7} {:>6} {:>6} {} {cpu:>5.1} {:>5.1} {:>6}:{:02}.{:02} {}\n",
                users[p % 5],
                100_000 + h(p, 4) % 9_000_000,
                10_000 + h(p, 5) % 900_000,
                5_000 + h(p, 6) % 90_000,
                if cpu > 0.0 { 'R' } else { 'S' },
                (h(p, 7) % 80) as f64 / 10.0,
                h(p, 8) % 900,
                h(k, 9) % 60,
                h(k, 10) % 100,
                cmds[p % 12]
            ));
        }
        out.push('\n');
    }
    Case::fact(
        "top -b, one spike of the load average",
        out,
        "What was the highest load average during the capture, and when?",
        &["38.71", spike_at.as_str()],
    )
}

/// `gh api repos/acme/shop/issues?per_page=100`: 100 issues (indented
/// JSON, as the API sends it); one is labelled `security`; the label is
/// a level below the items, ~40 lines from the issue's number and title;
/// a few bodies say "not a security issue".
fn github_security_issue() -> Case {
    let labels = [
        ("bug", "d73a4a", "Something isn't working"),
        ("enhancement", "a2eeef", "New feature or request"),
        (
            "documentation",
            "0075ca",
            "Improvements or additions to documentation",
        ),
        ("performance", "fbca04", "Slow paths and resource use"),
        ("needs-triage", "ededed", "Not looked at yet"),
        (
            "dependencies",
            "0366d6",
            "Pull requests that update a dependency file",
        ),
    ];
    let titles = [
        "Checkout button stays disabled after coupon is removed",
        "Search results flicker when typing fast",
        "Add CSV export for order history",
        "Product images are not lazy-loaded on mobile",
        "Typo in the returns policy page",
        "Bump axios from 1.7.7 to 1.7.9",
        "Cart total is off by one cent with three items",
        "Dark mode: contrast of secondary buttons too low",
    ];
    let logins = [
        "mhernandez",
        "k-obi",
        "lea-w",
        "tanaka-r",
        "dpetrov",
        "samiraq",
    ];
    let mut issues = Vec::new();
    for i in 0..100 {
        let number = if i == 58 { 4087 } else { 4200 - i as u64 };
        let security = i == 58;
        let title = if security {
            "Session cookie is sent without the Secure flag behind the load balancer".to_string()
        } else {
            format!("{} ({})", titles[i % 8], 4200 - i)
        };
        let body = if security {
            "When the app runs behind the ALB, `req.secure` is false, so the session cookie is set without `Secure`. Any plain-HTTP request leaks it.\n\nSteps: log in over https, then load http://shop.example.com/robots.txt and watch the Cookie header.".to_string()
        } else if i % 23 == 5 {
            "Not a security issue as far as I can tell, but the error page shows a stack trace in production.".to_string()
        } else {
            format!(
                "### Describe the bug\n\nSeen on {} with version 2026.11.{}.\n\n### Steps to reproduce\n\n1. Open the shop\n2. {}\n3. See the result\n\n### Expected behaviour\n\nIt works.\n\n### Actual behaviour\n\nIt does not.\n\n### Environment\n\n- OS: [e.g. macOS 15.1]\n- Browser: [e.g. Chrome 131]\n- Account type: [guest / member]\n\n### Console output\n\n```\n[shop] GET /api/cart 200 41ms\n[shop] render CartSummary took 212ms (budget 100ms)\n[shop] GET /api/cart/totals 200 38ms\n```\n\n### Additional context\n\n_No response_",
                pick(
                    &["Chrome 131", "Firefox 133", "Safari 18.1", "Edge 131"],
                    i,
                    1
                ),
                1 + i % 23,
                titles[(i + 3) % 8]
            )
        };
        let mut ls = vec![];
        if security {
            ls.push(json!({"id": 7_400_000_001u64, "node_id": "LA_kwDOKx1c4s8AAAABuTxyAQ", "url": "https://api.github.com/repos/acme/shop/labels/security", "name": "security", "color": "b60205", "default": false, "description": "Security-relevant problem"}));
        }
        for l in 0..(1 + h(i, 2) % 2) as usize {
            let (name, color, desc) = labels[(i + l * 3) % 6];
            ls.push(json!({"id": 7_400_000_010u64 + (i + l * 3) as u64 % 6, "node_id": format!("LA_kwDOKx1c4s8AAAABuTx{:03}", (i + l * 3) % 6), "url": format!("https://api.github.com/repos/acme/shop/labels/{}", name.replace(' ', "%20")), "name": name, "color": color, "default": name == "bug", "description": desc}));
        }
        let login = logins[i % 6];
        let uid = 1_000_000 + (i % 6) as u64 * 7919;
        let url = format!("https://api.github.com/repos/acme/shop/issues/{number}");
        issues.push(json!({
            "url": url,
            "repository_url": "https://api.github.com/repos/acme/shop",
            "labels_url": format!("{url}/labels{{/name}}"),
            "comments_url": format!("{url}/comments"),
            "events_url": format!("{url}/events"),
            "html_url": format!("https://github.com/acme/shop/issues/{number}"),
            "id": 2_600_000_000u64 + number * 13,
            "node_id": format!("I_kwDOKx1c4s6{:08x}", h(i, 3) as u32),
            "number": number,
            "title": title,
            "user": {
                "login": login, "id": uid, "node_id": format!("MDQ6VXNlcj{uid}"),
                "avatar_url": format!("https://avatars.githubusercontent.com/u/{uid}?v=4"),
                "gravatar_id": "", "url": format!("https://api.github.com/users/{login}"),
                "html_url": format!("https://github.com/{login}"),
                "followers_url": format!("https://api.github.com/users/{login}/followers"),
                "following_url": format!("https://api.github.com/users/{login}/following{{/other_user}}"),
                "gists_url": format!("https://api.github.com/users/{login}/gists{{/gist_id}}"),
                "starred_url": format!("https://api.github.com/users/{login}/starred{{/owner}}{{/repo}}"),
                "subscriptions_url": format!("https://api.github.com/users/{login}/subscriptions"),
                "organizations_url": format!("https://api.github.com/users/{login}/orgs"),
                "repos_url": format!("https://api.github.com/users/{login}/repos"),
                "events_url": format!("https://api.github.com/users/{login}/events{{/privacy}}"),
                "received_events_url": format!("https://api.github.com/users/{login}/received_events"),
                "type": "User", "user_view_type": "public", "site_admin": false
            },
            "labels": ls,
            "state": "open",
            "locked": false,
            "assignee": null,
            "assignees": [],
            "milestone": null,
            "comments": h(i, 4) % 12,
            "created_at": format!("2026-11-{:02}T{:02}:{:02}:{:02}Z", 1 + i % 22, h(i, 5) % 24, h(i, 6) % 60, h(i, 7) % 60),
            "updated_at": format!("2026-11-22T{:02}:{:02}:{:02}Z", h(i, 8) % 24, h(i, 9) % 60, h(i, 10) % 60),
            "closed_at": null,
            "author_association": "MEMBER",
            "type": null,
            "active_lock_reason": null,
            "sub_issues_summary": {"total": 0, "completed": 0, "percent_completed": 0},
            "body": body,
            "closed_by": null,
            "reactions": {"url": format!("{url}/reactions"), "total_count": h(i, 11) % 4, "+1": h(i, 11) % 4, "-1": 0, "laugh": 0, "hooray": 0, "confused": 0, "heart": 0, "rocket": 0, "eyes": 0},
            "timeline_url": format!("{url}/timeline"),
            "performed_via_github_app": null,
            "state_reason": null
        }));
    }
    let output = pretty(&json!(issues), b"  ") + "\n";
    Case::fact(
        "GitHub issues JSON, one labelled security",
        output,
        "Which issue is tagged as a security problem, and what is it about?",
        &[
            "4087",
            "Session cookie is sent without the Secure flag behind the load balancer",
        ],
    )
    .with_jq(
        ".[] | select(any(.labels[]; .name == \"security\")) | .number",
        vec!["4087".to_string()],
    )
}

/// `nvidia-smi --query-gpu=… --format=csv -l 1` on an 8-GPU node for ten
/// minutes: temperatures 52–79 °C but one sample at 94; utilization at
/// 100 % is common (not the answer).
fn nvidia_overheat() -> Case {
    let mut out = String::from(
        "timestamp, index, name, temperature.gpu, utilization.gpu [%], memory.used [MiB], power.draw [W]\n",
    );
    let mut fact = String::new();
    for s in 0..600 {
        let secs = 10 * 3600 + 40 * 60 + s;
        for g in 0..8 {
            let k = s * 8 + g;
            let ts = format!(
                "2026/11/23 {:02}:{:02}:{:02}.{:03}",
                secs / 3600,
                secs / 60 % 60,
                secs % 60,
                h(s, 1) % 1000
            );
            let temp = if s == 431 && g == 5 {
                94
            } else {
                52 + h(k, 2) % 28
            };
            let util = if h(k, 3).is_multiple_of(3) {
                100
            } else {
                60 + h(k, 4) % 40
            };
            let row = format!(
                "{ts}, {g}, NVIDIA H100 80GB HBM3, {temp}, {util} %, {} MiB, {}.{:02} W",
                40_000 + h(k, 5) % 40_000,
                250 + h(k, 6) % 450,
                h(k, 7) % 100
            );
            if temp == 94 {
                fact = format!("{ts}, {g}, NVIDIA H100 80GB HBM3, 94,");
            }
            out.push_str(&row);
            out.push('\n');
        }
    }
    Case::fact(
        "nvidia-smi CSV, one GPU overheats",
        out,
        "Did any GPU overheat? Which one and when?",
        &[fact.as_str()],
    )
}

/// `dmesg -T` of a storage host: corrected PCIe errors (four lines each)
/// repeat thousands of times; once, the data disk's writes fail and ext4
/// remounts it read-only.
fn dmesg_read_only() -> Case {
    let stamp = |i: usize| {
        let s = 10 * 3600 + i as u64 * 3 + h(i, 1) % 3;
        format!(
            "[Mon Nov 23 {:02}:{:02}:{:02} 2026]",
            s / 3600,
            s / 60 % 60,
            s % 60
        )
    };
    let line = |i: usize| {
        let t = stamp(i);
        match h(i, 2) % 7 {
            0..=3 => format!(
                "{t} pcieport 0000:00:1c.4: AER: Corrected error received: 0000:03:00.0\n{t} nvme 0000:03:00.0: PCIe Bus Error: severity=Corrected, type=Physical Layer, (Receiver ID)\n{t} nvme 0000:03:00.0:   device [144d:a80a] error status/mask=00000001/0000e000\n{t} nvme 0000:03:00.0:    [ 0] RxErr                  (First)"
            ),
            4 => format!(
                "{t} [UFW BLOCK] IN=eth0 OUT= MAC=52:54:00:12:34:56:52:54:00:ab:cd:ef:08:00 SRC=203.0.113.{} DST=10.0.1.5 LEN=44 TOS=0x00 PREC=0x00 TTL=241 ID={} PROTO=TCP SPT={} DPT={} WINDOW=1024 RES=0x00 SYN URGP=0",
                h(i, 3) % 250,
                h(i, 4) % 65_000,
                1024 + h(i, 5) % 60_000,
                pick(&["22", "23", "3389", "5900", "8080"], i, 6)
            ),
            5 => format!(
                "{t} audit: type=1400 audit({}.{:03}:{}): apparmor=\"DENIED\" operation=\"open\" class=\"file\" profile=\"snap.lxd.daemon\" name=\"/proc/{}/mountinfo\" pid={} comm=\"lxd\" requested_mask=\"r\" denied_mask=\"r\" fsuid=0 ouid=0",
                1_763_892_000 + i * 3,
                h(i, 7) % 1000,
                200 + i,
                1000 + h(i, 8) % 9000,
                1000 + h(i, 8) % 9000
            ),
            _ => format!(
                "{t} usb 1-{}: new high-speed USB device number {} using xhci_hcd",
                1 + h(i, 9) % 4,
                2 + h(i, 10) % 60
            ),
        }
    };
    let mut lines = lines_until(420_000, line);
    let at = lines.len() * 60 / 100;
    let t = stamp(at);
    lines.insert(at, format!(
        "{t} nvme nvme1: I/O 412 QID 7 timeout, aborting\n{t} nvme nvme1: Abort status: 0x0\n{t} nvme nvme1: I/O 412 QID 7 timeout, reset controller\n{t} nvme1n1: I/O Cmd(0x1) @ LBA 1923841024, 256 blocks, I/O Error (sct 0x3 / sc 0x71)\n{t} I/O error, dev nvme1n1, sector 1923841024 op 0x1:(WRITE) flags 0x8800 phys_seg 32 prio class 2\n{t} Buffer I/O error on dev nvme1n1p1, logical block 240480128, lost async page write\n{t} EXT4-fs error (device nvme1n1p1): ext4_journal_check_start:83: comm kworker/u64:2: Detected aborted journal\n{t} EXT4-fs (nvme1n1p1): Remounting filesystem read-only"
    ));
    Case::fact(
        "dmesg -T, a disk remounted read-only",
        lines.join("\n") + "\n",
        "Why did the data disk go read-only?",
        &["Remounting filesystem read-only", "I/O error, dev nvme1n1"],
    )
}

/// `ss -tanp` on an app server: thousands of established and TIME-WAIT
/// connections, some CLOSE-WAIT, one in SYN-SENT to a Redis host.
fn ss_syn_sent() -> Case {
    let mut out = String::from(
        "State     Recv-Q Send-Q        Local Address:Port           Peer Address:Port Process\n",
    );
    let row = |state: &str, rq: u64, sq: u64, local: String, peer: String, proc: String| {
        format!("{state:<9} {rq:<6} {sq:<6} {local:>24} {peer:>27} {proc}\n")
    };
    out.push_str(&row(
        "LISTEN",
        0,
        511,
        "0.0.0.0:443".into(),
        "0.0.0.0:*".into(),
        "users:((\"nginx\",pid=1821,fd=6),(\"nginx\",pid=1820,fd=6))".into(),
    ));
    out.push_str(&row(
        "LISTEN",
        0,
        4096,
        "127.0.0.1:8000".into(),
        "0.0.0.0:*".into(),
        "users:((\"gunicorn\",pid=2210,fd=5))".into(),
    ));
    let planted = 3712;
    for i in 0..5200 {
        let line = if i == planted {
            row(
                "SYN-SENT",
                0,
                1,
                "10.0.1.5:41822".into(),
                "10.20.3.14:6379".into(),
                "users:((\"celery\",pid=4127,fd=23))".into(),
            )
        } else {
            match h(i, 1) % 10 {
                0..=3 => row(
                    "ESTAB",
                    0,
                    0,
                    "10.0.1.5:443".into(),
                    format!(
                        "{}.{}.{}.{}:{}",
                        [198, 203, 192, 100][(h(i, 2) % 4) as usize],
                        h(i, 3) % 255,
                        h(i, 4) % 255,
                        1 + h(i, 5) % 254,
                        1024 + h(i, 6) % 64_000
                    ),
                    format!(
                        "users:((\"nginx\",pid={},fd={}))",
                        1821 + h(i, 7) % 4,
                        10 + h(i, 8) % 900
                    ),
                ),
                4 | 5 => row(
                    "ESTAB",
                    0,
                    0,
                    format!("10.0.1.5:{}", 32_768 + h(i, 9) % 28_000),
                    format!(
                        "10.20.{}.{}:{}",
                        h(i, 10) % 4,
                        10 + h(i, 11) % 20,
                        pick(&["5432", "6379", "9200"], i, 12)
                    ),
                    format!(
                        "users:((\"{}\",pid={},fd={}))",
                        pick(&["gunicorn", "celery"], i, 13),
                        2210 + h(i, 14) % 16,
                        10 + h(i, 15) % 200
                    ),
                ),
                6..=8 => row(
                    "TIME-WAIT",
                    0,
                    0,
                    "10.0.1.5:443".into(),
                    format!(
                        "198.51.{}.{}:{}",
                        h(i, 16) % 255,
                        1 + h(i, 17) % 254,
                        1024 + h(i, 18) % 64_000
                    ),
                    String::new(),
                ),
                _ if h(i, 19).is_multiple_of(6) => row(
                    "CLOSE-WAIT",
                    1 + h(i, 20) % 900,
                    0,
                    format!("10.0.1.5:{}", 32_768 + h(i, 21) % 28_000),
                    format!("10.20.2.{}:9200", 10 + h(i, 22) % 20),
                    format!(
                        "users:((\"gunicorn\",pid={},fd={}))",
                        2210 + h(i, 23) % 16,
                        10 + h(i, 24) % 200
                    ),
                ),
                _ => row(
                    "ESTAB",
                    0,
                    0,
                    "127.0.0.1:8000".into(),
                    format!("127.0.0.1:{}", 40_000 + h(i, 25) % 20_000),
                    format!(
                        "users:((\"gunicorn\",pid={},fd={}))",
                        2210 + h(i, 26) % 16,
                        10 + h(i, 27) % 200
                    ),
                ),
            }
        };
        out.push_str(&line);
    }
    Case::fact(
        "ss -tanp, one connection in SYN-SENT",
        out,
        "Is any connection stuck trying to connect? To where?",
        &["SYN-SENT", "10.20.3.14:6379"],
    )
}

/// A CloudTrail log file (`{"Records": […]}`, one line): 1,000 API
/// calls, many denied (`AccessDenied`: a decoy); one `DeleteBucket`, its
/// caller's name ~8 lines above it in the re-indented view.
fn cloudtrail_delete_bucket() -> Case {
    let people = ["j.okafor", "m.lindqvist", "a.sato", "r.mehta", "deploy-bot"];
    let calls = [
        ("s3.amazonaws.com", "GetObject"),
        ("s3.amazonaws.com", "PutObject"),
        ("s3.amazonaws.com", "ListBucket"),
        ("ec2.amazonaws.com", "DescribeInstances"),
        ("sts.amazonaws.com", "AssumeRole"),
        ("iam.amazonaws.com", "GetRole"),
        ("kms.amazonaws.com", "Decrypt"),
    ];
    let mut records = Vec::new();
    for i in 0..850 {
        let planted = i == 612;
        let who = if planted { "j.okafor" } else { people[i % 5] };
        let (source, name) = if planted {
            ("s3.amazonaws.com", "DeleteBucket")
        } else {
            calls[(h(i, 1) % 7) as usize]
        };
        let denied = !planted && h(i, 2).is_multiple_of(5);
        let bucket = if planted {
            "acme-invoices-archive".to_string()
        } else {
            format!(
                "acme-{}",
                pick(&["assets", "exports", "logs", "backups"], i, 3)
            )
        };
        let params = match source {
            "s3.amazonaws.com" if name == "ListBucket" || planted => {
                json!({"bucketName": bucket, "Host": format!("{bucket}.s3.eu-west-1.amazonaws.com")})
            }
            "s3.amazonaws.com" => {
                json!({"bucketName": bucket, "Host": format!("{bucket}.s3.eu-west-1.amazonaws.com"), "key": format!("2026/11/{:02}/{:08x}.json", 1 + i % 23, h(i, 4) as u32)})
            }
            "ec2.amazonaws.com" => json!({"instancesSet": {}, "filterSet": {}}),
            "sts.amazonaws.com" => {
                json!({"roleArn": "arn:aws:iam::412233445566:role/ci-deployer", "roleSessionName": format!("{who}-{}", i)})
            }
            "iam.amazonaws.com" => json!({"roleName": "ci-deployer"}),
            _ => json!({"encryptionAlgorithm": "SYMMETRIC_DEFAULT"}),
        };
        // The CLI names its command in its user agent; the SDKs do not.
        let command = match name {
            "GetObject" | "PutObject" => "s3.cp",
            "ListBucket" => "s3.ls",
            "DeleteBucket" => "s3api.delete-bucket",
            "DescribeInstances" => "ec2.describe-instances",
            "AssumeRole" => "sts.assume-role",
            "GetRole" => "iam.get-role",
            _ => "kms.decrypt",
        };
        let user_agent = if planted || h(i, 7).is_multiple_of(3) {
            format!(
                "aws-cli/2.22.4 md/awscrt#0.23.4 ua/2.1 os/linux#6.8.0 md/arch#x86_64 lang/python#3.12.6 command/{command}"
            )
        } else {
            pick(
                &[
                    "Boto3/1.35.66 md/Botocore#1.35.66 ua/2.0 os/linux#6.8.0 lang#python/3.12.6",
                    "aws-sdk-go-v2/1.32.5 os/linux lang/go#1.23.3",
                ],
                i,
                7,
            )
            .to_string()
        };
        let mut r = json!({
            "eventVersion": "1.09",
            "userIdentity": {
                "type": "IAMUser",
                "principalId": format!("AIDA{:016X}", h(i % 5, 5)),
                "arn": format!("arn:aws:iam::412233445566:user/{who}"),
                "accountId": "412233445566",
                "accessKeyId": format!("AKIA{:016X}", h(i % 5, 6)),
                "userName": who
            },
            "eventTime": format!("2026-11-23T{}Z", &hms(i, 4000)[..8]),
            "eventSource": source,
            "eventName": name,
            "awsRegion": "eu-west-1",
            "sourceIPAddress": format!("198.51.100.{}", 10 + i % 5),
            "userAgent": user_agent,
            "requestParameters": params,
            "responseElements": null,
            "requestID": format!("{:016X}", h(i, 8)),
            "eventID": format!("{:08x}-{:04x}-{:04x}-{:04x}-{:012x}", h(i, 9) as u32, h(i, 10) as u16, h(i, 11) as u16, h(i, 12) as u16, h(i, 13) % (1 << 48)),
            "readOnly": name.starts_with("Get") || name.starts_with("List") || name.starts_with("Describe"),
            "eventType": "AwsApiCall",
            "managementEvent": true,
            "recipientAccountId": "412233445566",
            "eventCategory": "Management",
            "tlsDetails": {"tlsVersion": "TLSv1.3", "cipherSuite": "TLS_AES_128_GCM_SHA256", "clientProvidedHostHeader": if source == "s3.amazonaws.com" { format!("{bucket}.s3.eu-west-1.amazonaws.com") } else { source.replace(".amazonaws.com", ".eu-west-1.amazonaws.com") }}
        });
        if denied {
            let obj = r.as_object_mut().unwrap();
            obj.insert("errorCode".into(), json!("AccessDenied"));
            obj.insert("errorMessage".into(), json!(format!("User: arn:aws:iam::412233445566:user/{who} is not authorized to perform: {}:{name} because no identity-based policy allows the {}:{name} action", source.split('.').next().unwrap(), source.split('.').next().unwrap())));
        }
        records.push(r);
    }
    let output = json!({ "Records": records }).to_string();
    Case::fact(
        "CloudTrail JSON, who deleted a bucket",
        output,
        "Who deleted the S3 bucket?",
        &["DeleteBucket", "j.okafor"],
    )
    .with_jq(
        ".Records[] | select(.eventName == \"DeleteBucket\") | .userIdentity.userName",
        vec![jq_string("j.okafor")],
    )
}

/// `bazel test //...`: the summary line of 5,200 test targets, sorted by
/// label, all under 10 s but one at 412.7 s; one FLAKY target is a decoy.
fn bazel_slowest() -> Case {
    let areas = ["services", "libs", "tools", "platform"];
    let comps = [
        "orders", "payments", "search", "catalog", "auth", "ledger", "shipping", "media", "email",
        "pricing",
    ];
    let subs = [
        "internal/api",
        "internal/store",
        "internal/cache",
        "cmd/server",
        "pkg/client",
        "internal/jobs",
        "internal/model",
    ];
    let mut targets: Vec<(String, String)> = Vec::new();
    for i in 0..5200 {
        let label = format!(
            "//{}/{}/{}:{}_{}_test",
            areas[i % 4],
            comps[i / 4 % 10],
            subs[i / 40 % 7],
            pick(
                &["unit", "handler", "store", "codec", "model", "client"],
                i,
                1
            ),
            i
        );
        let secs = 1 + h(i, 2) % 99;
        let status = if h(i, 3).is_multiple_of(3) {
            format!("(cached) PASSED in {}.{}s", secs / 10, secs % 10)
        } else {
            format!("PASSED in {}.{}s", secs / 10, secs % 10)
        };
        targets.push((label, status));
    }
    targets.push((
        "//services/search/indexer:reindex_integration_test".into(),
        "PASSED in 412.7s".into(),
    ));
    targets.push((
        "//services/payments/ledger:ledger_test".into(),
        "FLAKY, failed in 1 out of 2 in 3.1s".into(),
    ));
    targets.sort();
    let mut out = String::from(
        "INFO: Invocation ID: 5c1e7a2b-0d3f-4e8a-9b6c-1f2e3d4c5b6a\nINFO: Analyzed 5202 targets (812 packages loaded, 41220 targets configured).\nINFO: Found 5202 test targets...\nINFO: Elapsed time: 812.334s, Critical Path: 431.02s\nINFO: 24012 processes: 9120 disk cache hit, 8012 internal, 6880 linux-sandbox.\nINFO: Build completed successfully, 24012 total actions\n",
    );
    for (label, status) in &targets {
        out.push_str(&format!("{label:<86}{status}\n"));
        if status.starts_with("FLAKY") {
            out.push_str("  /home/ci/.cache/bazel/_bazel_ci/8f1e2d3c4b5a69788796a5b4c3d2e1f0/execroot/_main/bazel-out/k8-fastbuild/testlogs/services/payments/ledger/ledger_test/test_attempts/attempt_1.log\n");
        }
    }
    out.push_str("\nExecuted 3468 out of 5202 tests: 5202 tests pass.\nThere were tests whose specified size is too big. Use the --test_verbose_timeout_warnings command line option to see which ones these are.\n");
    Case::fact(
        "bazel test, the slowest target",
        out,
        "Which test target is the slowest?",
        &[
            "//services/search/indexer:reindex_integration_test",
            "412.7s",
        ],
    )
}

/// `docker events --format '{{json .}}'`: JSON lines of container,
/// network and image events (different keys), attributes a level down;
/// one container is killed by the OOM killer; restarts (kill, die 137)
/// are a decoy.
fn docker_events_oom() -> Case {
    let services = [
        "web",
        "api",
        "worker",
        "report-renderer",
        "scheduler",
        "redis",
    ];
    let mut out = String::new();
    let mut t = 1_763_894_467u64;
    for i in 0..1300 {
        t += 1 + h(i, 1) % 4;
        let nano = t * 1_000_000_000 + h(i, 2) % 1_000_000_000;
        let svc = services[(h(i, 3) % 6) as usize];
        let n = 1 + h(i, 4) % 3;
        let name = format!("shop-{svc}-{n}");
        let image = format!("acme/{svc}:3.2");
        let cid = format!(
            "{:016x}{:016x}{:016x}{:016x}",
            h(svc.len() * 10 + n as usize, 5),
            h(n as usize, 6),
            h(svc.len(), 7),
            h(n as usize + 9, 8)
        );
        let attrs = |extra: &str| {
            format!(
                "{{\"com.docker.compose.config-hash\":\"{:016x}{:016x}\",\"com.docker.compose.container-number\":\"{n}\",\"com.docker.compose.project\":\"shop\",\"com.docker.compose.service\":\"{svc}\",\"com.docker.compose.version\":\"2.30.3\"{extra},\"image\":\"{image}\",\"name\":\"{name}\"}}",
                h(i % 6, 9),
                h(i % 6, 10)
            )
        };
        let container = |action: &str, extra: &str| {
            format!(
                "{{\"status\":\"{action}\",\"id\":\"{cid}\",\"from\":\"{image}\",\"Type\":\"container\",\"Action\":\"{action}\",\"Actor\":{{\"ID\":\"{cid}\",\"Attributes\":{}}},\"scope\":\"local\",\"time\":{t},\"timeNano\":{nano}}}\n",
                attrs(extra)
            )
        };
        if i == 911 {
            let name = "shop-report-renderer-2";
            let cid = "9c1f4e2a7b3d5f6e8a0b1c2d3e4f5a6b7c8d9e0f1a2b3c4d5e6f7a8b9c0d1e2f";
            let a = format!(
                "{{\"com.docker.compose.project\":\"shop\",\"com.docker.compose.service\":\"report-renderer\",\"image\":\"acme/report-renderer:3.2\",\"name\":\"{name}\"}}"
            );
            out.push_str(&format!("{{\"status\":\"oom\",\"id\":\"{cid}\",\"from\":\"acme/report-renderer:3.2\",\"Type\":\"container\",\"Action\":\"oom\",\"Actor\":{{\"ID\":\"{cid}\",\"Attributes\":{a}}},\"scope\":\"local\",\"time\":{t},\"timeNano\":{nano}}}\n"));
            out.push_str(&format!("{{\"status\":\"die\",\"id\":\"{cid}\",\"from\":\"acme/report-renderer:3.2\",\"Type\":\"container\",\"Action\":\"die\",\"Actor\":{{\"ID\":\"{cid}\",\"Attributes\":{}}},\"scope\":\"local\",\"time\":{t},\"timeNano\":{}}}\n", a.replace("\"image\"", "\"exitCode\":\"137\",\"image\""), nano + 41_220_113));
            continue;
        }
        match h(i, 11) % 12 {
            0 | 1 => out.push_str(&container(
                "exec_start: /bin/sh -c curl -fsS localhost:8080/healthz",
                ",\"execID\":\"5e1f\"",
            )),
            2..=5 => out.push_str(&container("health_status: healthy", "")),
            6 => {
                out.push_str(&container("kill", ",\"signal\":\"15\""));
                out.push_str(&container("kill", ",\"signal\":\"9\""));
                out.push_str(&container("die", ",\"exitCode\":\"137\",\"execDuration\":\"3601\""));
            }
            7 => out.push_str(&format!(
                "{{\"Type\":\"network\",\"Action\":\"{}\",\"Actor\":{{\"ID\":\"{:016x}{:016x}\",\"Attributes\":{{\"container\":\"{cid}\",\"name\":\"shop_default\",\"type\":\"bridge\"}}}},\"scope\":\"local\",\"time\":{t},\"timeNano\":{nano}}}\n",
                pick(&["connect", "disconnect"], i, 12),
                h(1, 13),
                h(2, 14)
            )),
            8 => out.push_str(&format!(
                "{{\"status\":\"pull\",\"id\":\"{image}\",\"Type\":\"image\",\"Action\":\"pull\",\"Actor\":{{\"ID\":\"{image}\",\"Attributes\":{{\"name\":\"acme/{svc}\"}}}},\"scope\":\"local\",\"time\":{t},\"timeNano\":{nano}}}\n"
            )),
            9 => out.push_str(&container("health_status: unhealthy", "")),
            _ => {
                out.push_str(&container("start", ""));
            }
        }
    }
    Case::fact(
        "docker events JSON lines, one OOM kill",
        out,
        "Which container ran out of memory?",
        &["\"oom\"", "shop-report-renderer-2"],
    )
    .with_jq(
        ".[] | select(.Action == \"oom\") | .Actor.Attributes.name",
        vec![jq_string("shop-report-renderer-2")],
    )
}

/// `grype registry.acme.io/shop/worker:2026.11 -o json` (one-space indent,
/// as grype writes it): 330 matches; seven Critical, on five packages; the
/// package's name is ~40 lines below the severity.
fn grype_critical() -> Case {
    let plain = [
        "libc6",
        "zlib1g",
        "libxml2",
        "perl-base",
        "tar",
        "login",
        "passwd",
        "libsystemd0",
        "libgnutls30",
        "libsqlite3-0",
        "bash",
        "coreutils",
        "ncurses-base",
        "libtinfo6",
    ];
    let critical = [
        (21usize, "libexpat1"),
        (64, "libaom3"),
        (65, "libaom3"),
        (140, "libcurl4"),
        (199, "libde265-0"),
        (251, "libkrb5-3"),
        (302, "libcurl4"),
    ];
    let mut matches = Vec::new();
    for m in 0..330 {
        let crit = critical.iter().find(|(c, _)| *c == m);
        let pkg = crit.map_or(plain[(h(m, 1) % 14) as usize], |(_, p)| p);
        let severity = if crit.is_some() {
            "Critical"
        } else {
            ["Negligible", "Low", "Medium", "High", "Low", "Unknown"][(h(m, 2) % 6) as usize]
        };
        let id = format!("CVE-20{}-{}", 22 + h(m, 3) % 4, 20_000 + m * 53);
        let ver = format!(
            "{}.{}.{}-{}",
            1 + h(m, 4) % 3,
            h(m, 5) % 20,
            h(m, 6) % 10,
            1 + h(m, 7) % 4
        );
        let fixed = format!(
            "{}.{}.{}-{}+deb12u1",
            1 + h(m, 4) % 3,
            h(m, 5) % 20,
            h(m, 6) % 10,
            1 + h(m, 7) % 4
        );
        let score = match severity {
            "Critical" => 9.8,
            "High" => 7.5,
            "Medium" => 5.5,
            _ => 3.3,
        };
        let desc = format!(
            "In {pkg} before {fixed}, a crafted input can trigger an out-of-bounds read in the parser, leading to a crash or information disclosure."
        );
        let vuln = json!({
            "id": id,
            "dataSource": format!("https://security-tracker.debian.org/tracker/{id}"),
            "namespace": "debian:distro:debian:12",
            "severity": severity,
            "urls": [],
            "cvss": [],
            "fix": {"versions": [fixed], "state": "fixed"},
            "advisories": []
        });
        let related = json!([{
            "id": id,
            "dataSource": format!("https://nvd.nist.gov/vuln/detail/{id}"),
            "namespace": "nvd:cpe",
            "severity": severity,
            "urls": [format!("https://www.openwall.com/lists/oss-security/2024/0{}/1{}/1", 1 + m % 9, m % 10)],
            "description": desc,
            "cvss": [{"source": "nvd@nist.gov", "type": "Primary", "version": "3.1", "vector": "CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H", "metrics": {"baseScore": score, "exploitabilityScore": 3.9, "impactScore": 5.9}, "vendorMetadata": {}}]
        }]);
        matches.push(json!({
            "vulnerability": vuln,
            "relatedVulnerabilities": related,
            "matchDetails": [{
                "type": "exact-indirect-match",
                "matcher": "dpkg-matcher",
                "searchedBy": {"distro": {"type": "debian", "version": "12"}, "namespace": "debian:distro:debian:12", "package": {"name": pkg, "version": ver}},
                "found": {"versionConstraint": format!("< {fixed} (deb)"), "vulnerabilityID": id}
            }],
            "artifact": {
                "id": format!("{:016x}", h(m, 8)),
                "name": pkg,
                "version": ver,
                "type": "deb",
                "locations": [{"path": format!("/usr/share/doc/{pkg}/copyright"), "layerID": format!("sha256:{:016x}{:016x}", h(m % 7, 9), h(m % 7, 10))}],
                "language": "",
                "licenses": ["GPL-2.0-or-later"],
                "cpes": [format!("cpe:2.3:a:{pkg}:{pkg}:{ver}:*:*:*:*:*:*:*")],
                "purl": format!("pkg:deb/debian/{pkg}@{ver}?arch=amd64&distro=debian-12"),
                "upstreams": []
            }
        }));
    }
    let doc = json!({
        "matches": matches,
        "source": {"type": "image", "target": {"userInput": "registry.acme.io/shop/worker:2026.11", "imageID": "sha256:1f2e3d4c5b6a79881f2e3d4c5b6a79881f2e3d4c5b6a79881f2e3d4c5b6a7988", "manifestDigest": "sha256:8a7b6c5d4e3f20118a7b6c5d4e3f20118a7b6c5d4e3f20118a7b6c5d4e3f2011", "mediaType": "application/vnd.docker.distribution.manifest.v2+json", "tags": ["registry.acme.io/shop/worker:2026.11"], "imageSize": 312_442_880, "os": "linux", "architecture": "amd64"}},
        "distro": {"name": "debian", "version": "12", "idLike": []},
        "descriptor": {"name": "grype", "version": "0.84.0", "db": {"built": "2026-11-23T01:31:02Z", "schemaVersion": 5}, "timestamp": "2026-11-23T10:41:07.512238913Z"}
    });
    let output = pretty(&doc, b" ") + "\n";
    let mut names: Vec<String> = critical.iter().map(|(_, p)| p.to_string()).collect();
    names.sort();
    names.dedup();
    let expected = names.iter().map(|n| jq_string(n)).collect();
    Case::items(
        "grype JSON, critical findings on five packages",
        output,
        "Which packages have a critical vulnerability?",
        names,
    )
    .with_jq(
        "[.matches[] | select(.vulnerability.severity == \"Critical\") | .artifact.name] | unique | .[]",
        expected,
    )
}

/// `dotnet test` (console logger, normal verbosity): 4,500 tests, four
/// failures with their messages and traces; passing tests named
/// `Failed_payment_…` and `Error_…` are a decoy; the summary only counts.
fn dotnet_test_failures() -> Case {
    let classes = [
        "OrderTotalsTests",
        "RefundTests",
        "PaymentTests",
        "CouponTests",
        "ShippingQuoteTests",
        "InventoryTests",
        "CustomerTests",
        "InvoiceTests",
    ];
    let verbs = [
        "Computes",
        "Rejects",
        "Accepts",
        "Rounds",
        "Retries",
        "Maps",
        "Validates",
        "Persists",
    ];
    let objs = [
        "total_for_three_lines",
        "negative_amounts",
        "expired_coupon",
        "partial_refund",
        "Failed_payment_is_retried",
        "Error_response_has_problem_details",
        "duplicate_order",
        "unknown_currency",
    ];
    let name = |t: usize| {
        let obj = objs[t / 64 % 8];
        if obj.starts_with("Failed") || obj.starts_with("Error") {
            format!("Acme.Orders.Tests.{}.{obj}_{}", classes[t % 8], t)
        } else {
            format!(
                "Acme.Orders.Tests.{}.{}_{obj}_{}",
                classes[t % 8],
                verbs[t / 8 % 8],
                t
            )
        }
    };
    let failing = [
        (
            611usize,
            "Assert.Equal() Failure: Values differ\nExpected: 400\nActual:   200",
        ),
        (
            1777,
            "System.InvalidOperationException : Sequence contains no elements",
        ),
        (
            2950,
            "Assert.True() Failure\nExpected: True\nActual:   False",
        ),
        (
            4011,
            "System.TimeoutException : The operation has timed out after 00:00:05",
        ),
    ];
    let mut out = String::from(
        "  Determining projects to restore...\n  All projects are up-to-date for restore.\n  Acme.Orders -> /src/Orders/bin/Release/net8.0/Acme.Orders.dll\n  Acme.Orders.Tests -> /src/tests/Orders.Tests/bin/Release/net8.0/Acme.Orders.Tests.dll\nTest run for /src/tests/Orders.Tests/bin/Release/net8.0/Acme.Orders.Tests.dll (.NETCoreApp,Version=v8.0)\nVSTest version 17.11.1 (x64)\n\nStarting test execution, please wait...\nA total of 1 test files matched the specified pattern.\n",
    );
    let mut skipped = 0;
    for t in 0..4500 {
        let n = name(t);
        if let Some((_, msg)) = failing.iter().find(|(f, _)| *f == t) {
            let class = n.split('.').nth(3).unwrap();
            out.push_str(&format!(
                "  Failed {n} [{} ms]\n  Error Message:\n   {msg}\n  Stack Trace:\n     at {n}() in /src/tests/Orders.Tests/{class}.cs:line {}\n   at System.RuntimeMethodHandle.InvokeMethod(Object target, Void** arguments, Signature sig, Boolean isConstructor)\n   at System.Reflection.MethodBaseInvoker.InvokeWithNoArgs(Object obj, BindingFlags invokeAttr)\n",
                10 + h(t, 1) % 90,
                20 + h(t, 2) % 200
            ));
        } else if h(t, 3).is_multiple_of(250) {
            skipped += 1;
            out.push_str(&format!("  Skipped {n} [1 ms]\n"));
        } else {
            out.push_str(&format!("  Passed {n} [{} ms]\n", h(t, 4) % 40));
        }
    }
    out.push_str(&format!(
        "\nFailed!  - Failed:     4, Passed:  {}, Skipped:    {skipped}, Total:  4500, Duration: 2 m 3 s - Acme.Orders.Tests.dll (net8.0)\n",
        4500 - 4 - skipped
    ));
    Case::items(
        "dotnet test, four failures",
        out,
        "Which tests failed?",
        failing.iter().map(|(t, _)| name(*t)).collect(),
    )
}

/// `curl 'es:9200/_cat/indices?v&s=index'`: 4,000 daily log indices,
/// yellow ones (a replica unassigned) and four red ones (a primary
/// missing: no counts).
fn es_red_indices() -> Case {
    let svcs = [
        "shop-api", "shop-web", "payments", "search", "worker", "gateway", "auth", "mailer",
        "ledger", "media", "cron",
    ];
    let red = [411usize, 1502, 2288, 3107];
    let mut rows: Vec<[String; 11]> = Vec::new();
    let mut items = Vec::new();
    for i in 0..4000 {
        let (mut m, mut d) = (0, i / 11);
        let months = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
        while d >= months[m] {
            d -= months[m];
            m += 1;
        }
        let index = format!("logs-{}-2025.{:02}.{:02}", svcs[i % 11], m + 1, d + 1);
        let uuid: String = (0..22)
            .map(|k| {
                let a = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-";
                a[(h(i * 31 + k, 1) % 64) as usize] as char
            })
            .collect();
        if red.contains(&i) {
            items.push(index.clone());
            rows.push([
                "red".into(),
                "open".into(),
                index,
                uuid,
                "1".into(),
                "1".into(),
                String::new(),
                String::new(),
                String::new(),
                String::new(),
                String::new(),
            ]);
            continue;
        }
        let health = if h(i, 2).is_multiple_of(40) {
            "yellow"
        } else {
            "green"
        };
        let docs = 10_000 + h(i, 3) % 9_000_000;
        let size_mb = docs as f64 * 0.00061;
        let fmt = |mb: f64| {
            if mb >= 1024.0 {
                format!("{:.1}gb", mb / 1024.0)
            } else {
                format!("{mb:.1}mb")
            }
        };
        rows.push([
            health.into(),
            "open".into(),
            index,
            uuid,
            "1".into(),
            "1".into(),
            docs.to_string(),
            (h(i, 4) % 500).to_string(),
            fmt(size_mb * 2.0),
            fmt(size_mb),
            fmt(size_mb),
        ]);
    }
    let header = [
        "health",
        "status",
        "index",
        "uuid",
        "pri",
        "rep",
        "docs.count",
        "docs.deleted",
        "store.size",
        "pri.store.size",
        "dataset.size",
    ];
    let widths: Vec<usize> = (0..11)
        .map(|c| {
            (rows.iter().map(|r| r[c].len()))
                .chain([header[c].len()])
                .max()
                .unwrap()
        })
        .collect();
    let render = |cells: Vec<&str>| {
        let mut l = String::new();
        for (c, cell) in cells.iter().enumerate() {
            if c > 0 {
                l.push(' ');
            }
            // _cat pads text columns on the right, numbers on the left.
            if c >= 4 {
                l.push_str(&format!("{cell:>w$}", w = widths[c]));
            } else {
                l.push_str(&format!("{cell:<w$}", w = widths[c]));
            }
        }
        l.trim_end().to_string() + "\n"
    };
    let mut out = render(header.to_vec());
    for r in &rows {
        out.push_str(&render(r.iter().map(String::as_str).collect()));
    }
    Case::items(
        "Elasticsearch _cat/indices, four red",
        out,
        "Which indices are red?",
        items,
    )
}

/// Caddy's JSON access log: JSON lines of three kinds (access, proxy
/// errors, TLS maintenance), the request a level down; five requests took
/// longer than 2 s, one took 1.998 s (not more); 250 proxy errors are a
/// decoy.
fn caddy_slow_urls() -> Case {
    let slow = [
        (97usize, "/api/reports/export?month=2026-10", 2.41),
        (301, "/api/search?q=lamp&sort=price", 7.88),
        (512, "/api/orders/88213/invoice.pdf", 3.02),
        (733, "/api/admin/reindex", 12.5),
        (880, "/api/account/delete-request", 2.09),
    ];
    let uris = [
        "/api/products?page={n}",
        "/api/products/{n}",
        "/api/cart",
        "/static/app.{n}.js",
        "/api/reviews?product={n}",
        "/",
    ];
    let mut out = String::from(
        "{\"level\":\"info\",\"ts\":1763894400.1220412,\"logger\":\"tls.cache.maintenance\",\"msg\":\"started background certificate maintenance\",\"cache\":\"0xc0003b2a80\"}\n",
    );
    let mut ts = 1_763_894_400.5f64;
    for i in 0..1000 {
        ts += (1 + h(i, 1) % 900) as f64 / 1000.0;
        let planted = slow.iter().find(|(s, _, _)| *s == i);
        let uri = planted.map_or_else(
            || pick(&uris, i, 2).replace("{n}", &(1 + h(i, 3) % 400).to_string()),
            |(_, u, _)| u.to_string(),
        );
        let ip = format!("203.0.113.{}", 1 + h(i, 4) % 254);
        let request = format!(
            "{{\"remote_ip\":\"{ip}\",\"remote_port\":\"{}\",\"client_ip\":\"{ip}\",\"proto\":\"HTTP/2.0\",\"method\":\"{}\",\"host\":\"shop.example.com\",\"uri\":{},\"headers\":{{\"User-Agent\":[\"{}\"],\"Accept\":[\"*/*\"],\"Accept-Encoding\":[\"gzip, deflate, br, zstd\"]}},\"tls\":{{\"resumed\":false,\"version\":772,\"cipher_suite\":4865,\"proto\":\"h2\",\"server_name\":\"shop.example.com\"}}}}",
            1024 + h(i, 5) % 64_000,
            if uri.starts_with("/api/cart") {
                "POST"
            } else {
                "GET"
            },
            jq_string(&uri),
            pick(
                &[
                    "Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0",
                    "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1",
                    "curl/8.5.0"
                ],
                i,
                6
            )
        );
        let error = planted.is_none() && h(i, 7).is_multiple_of(5);
        if error {
            out.push_str(&format!(
                "{{\"level\":\"error\",\"ts\":{ts:.7},\"logger\":\"http.log.error.log0\",\"msg\":\"dial tcp 10.0.3.9:8080: connect: connection refused\",\"request\":{request},\"duration\":0.00{},\"status\":502,\"err_id\":\"{:09x}\",\"err_trace\":\"reverseproxy.statusError (reverseproxy.go:1373)\"}}\n",
                100 + h(i, 8) % 900,
                h(i, 9) % 0xf_ffff_ffff
            ));
            continue;
        }
        let duration = match planted {
            Some((_, _, d)) => format!("{d}"),
            None if i == 640 => "1.998".to_string(),
            None => format!("0.{:06}", 1000 + h(i, 10) % 900_000),
        };
        out.push_str(&format!(
            "{{\"level\":\"info\",\"ts\":{ts:.7},\"logger\":\"http.log.access.log0\",\"msg\":\"handled request\",\"request\":{request},\"bytes_read\":0,\"user_id\":\"\",\"duration\":{duration},\"size\":{},\"status\":200,\"resp_headers\":{{\"Server\":[\"Caddy\"],\"Content-Type\":[\"application/json\"]}}}}\n",
            200 + h(i, 11) % 90_000
        ));
        if i % 400 == 399 {
            out.push_str(&format!("{{\"level\":\"info\",\"ts\":{ts:.7},\"logger\":\"tls.cache.maintenance\",\"msg\":\"certificate expires soon; queuing for renewal\",\"identifiers\":[\"shop.example.com\"],\"remaining\":2591999.51}}\n"));
            out.push_str(&format!("{{\"level\":\"info\",\"ts\":{ts:.7},\"logger\":\"tls.renew\",\"msg\":\"certificate renewed successfully\",\"identifier\":\"shop.example.com\"}}\n"));
        }
    }
    let items: Vec<String> = slow.iter().map(|(_, u, _)| u.to_string()).collect();
    let expected = items.iter().map(|u| jq_string(u)).collect();
    Case::items(
        "Caddy JSON logs, five requests over 2 s",
        out,
        "Which URLs took longer than 2 seconds to serve?",
        items,
    )
    .with_jq(
        ".[] | select(.msg == \"handled request\" and .duration > 2) | .request.uri",
        expected,
    )
}

/// `aws ec2 describe-instances` (the CLI's JSON, 4-space indent): 140
/// instances in reservations; five are stopped, stopping or terminated;
/// the id is ~25 lines above the state.
fn ec2_not_running() -> Case {
    let not_running = [
        (17usize, 80, "stopped"),
        (58, 80, "stopped"),
        (96, 64, "stopping"),
        (123, 48, "terminated"),
        (131, 80, "stopped"),
    ];
    let types = ["m6i.large", "c6i.xlarge", "r6i.2xlarge", "t3.medium"];
    let roles = ["web", "api", "worker", "db-replica", "bastion", "batch"];
    let mut reservations = Vec::new();
    let mut ids = Vec::new();
    let mut i = 0;
    let mut r = 0;
    while i < 140 {
        let count = 1 + h(r, 1) % 3;
        let mut instances = Vec::new();
        for _ in 0..count {
            if i >= 140 {
                break;
            }
            let id = format!("i-0{:016x}", h(i, 2));
            let (code, state) = match not_running.iter().find(|(n, _, _)| *n == i) {
                Some((_, c, s)) => {
                    ids.push(id.clone());
                    (*c, *s)
                }
                None => (16, "running"),
            };
            let ip = format!("10.0.{}.{}", h(i, 3) % 16, 4 + h(i, 4) % 250);
            let az = format!("eu-west-1{}", pick(&["a", "b", "c"], i, 5));
            let subnet = format!("subnet-0{:016x}", h(i % 3, 6));
            let eni = format!("eni-0{:016x}", h(i, 7));
            let role = roles[i % 6];
            let reason = if state == "running" {
                String::new()
            } else {
                format!("User initiated (2026-11-2{} 09:12:44 GMT)", i % 3)
            };
            instances.push(json!({
                "AmiLaunchIndex": 0,
                "ImageId": format!("ami-0{:016x}", h(i % 4, 8)),
                "InstanceId": id,
                "InstanceType": types[i % 4],
                "KeyName": "ops-2026",
                "LaunchTime": format!("2026-{:02}-{:02}T{:02}:{:02}:00+00:00", 1 + i % 11, 1 + i % 28, h(i, 9) % 24, h(i, 10) % 60),
                "Monitoring": {"State": "disabled"},
                "Placement": {"AvailabilityZone": az, "GroupName": "", "Tenancy": "default"},
                "PrivateDnsName": format!("ip-{}.eu-west-1.compute.internal", ip.replace('.', "-")),
                "PrivateIpAddress": ip,
                "ProductCodes": [],
                "PublicDnsName": "",
                "State": {"Code": code, "Name": state},
                "StateTransitionReason": reason,
                "SubnetId": subnet,
                "VpcId": "vpc-0a1b2c3d4e5f60718",
                "Architecture": "x86_64",
                "BlockDeviceMappings": [{"DeviceName": "/dev/xvda", "Ebs": {"AttachTime": "2026-01-04T09:00:00+00:00", "DeleteOnTermination": true, "Status": "attached", "VolumeId": format!("vol-0{:016x}", h(i, 11))}}],
                "ClientToken": format!("terraform-{:026x}", h(i, 12) as u128 * 7919),
                "EbsOptimized": true,
                "EnaSupport": true,
                "Hypervisor": "xen",
                "NetworkInterfaces": [{
                    "Attachment": {"AttachTime": "2026-01-04T09:00:00+00:00", "AttachmentId": format!("eni-attach-0{:016x}", h(i, 13)), "DeleteOnTermination": true, "DeviceIndex": 0, "Status": "attached", "NetworkCardIndex": 0},
                    "Description": "",
                    "Groups": [{"GroupName": format!("{role}-sg"), "GroupId": format!("sg-0{:016x}", h(i % 6, 14))}],
                    "Ipv6Addresses": [],
                    "MacAddress": format!("06:{:02x}:{:02x}:{:02x}:{:02x}:{:02x}", h(i, 15) % 256, h(i, 16) % 256, h(i, 17) % 256, h(i, 18) % 256, h(i, 19) % 256),
                    "NetworkInterfaceId": eni,
                    "OwnerId": "412233445566",
                    "PrivateIpAddress": ip,
                    "PrivateIpAddresses": [{"Primary": true, "PrivateIpAddress": ip}],
                    "SourceDestCheck": true,
                    "Status": "in-use",
                    "SubnetId": subnet,
                    "VpcId": "vpc-0a1b2c3d4e5f60718",
                    "InterfaceType": "interface"
                }],
                "RootDeviceName": "/dev/xvda",
                "RootDeviceType": "ebs",
                "SecurityGroups": [{"GroupName": format!("{role}-sg"), "GroupId": format!("sg-0{:016x}", h(i % 6, 14))}],
                "SourceDestCheck": true,
                "Tags": [{"Key": "Name", "Value": format!("{role}-{i:03}")}, {"Key": "env", "Value": "prod"}, {"Key": "team", "Value": pick(&["shop", "data", "platform"], i, 20)}],
                "VirtualizationType": "hvm",
                "CpuOptions": {"CoreCount": 2, "ThreadsPerCore": 2},
                "CapacityReservationSpecification": {"CapacityReservationPreference": "open"},
                "HibernationOptions": {"Configured": false},
                "MetadataOptions": {"State": "applied", "HttpTokens": "required", "HttpPutResponseHopLimit": 2, "HttpEndpoint": "enabled", "HttpProtocolIpv6": "disabled", "InstanceMetadataTags": "disabled"},
                "EnclaveOptions": {"Enabled": false},
                "PlatformDetails": "Linux/UNIX",
                "UsageOperation": "RunInstances",
                "UsageOperationUpdateTime": "2026-01-04T09:00:00+00:00",
                "PrivateDnsNameOptions": {"HostnameType": "ip-name", "EnableResourceNameDnsARecord": false, "EnableResourceNameDnsAAAARecord": false},
                "MaintenanceOptions": {"AutoRecovery": "default"},
                "CurrentInstanceBootMode": "legacy-bios"
            }));
            i += 1;
        }
        reservations.push(json!({
            "Groups": [],
            "Instances": instances,
            "OwnerId": "412233445566",
            "ReservationId": format!("r-0{:016x}", h(r, 21))
        }));
        r += 1;
    }
    let output = pretty(&json!({ "Reservations": reservations }), b"    ") + "\n";
    let expected = ids.iter().map(|id| jq_string(id)).collect();
    Case::items(
        "aws ec2 describe-instances, five not running",
        output,
        "How many instances aren't running, and which are they?",
        ids,
    )
    .with_jq(
        ".Reservations[].Instances[] | select(.State.Name != \"running\") | .InstanceId",
        expected,
    )
}

/// `sudo lsof -nP` on a host whose disk is full: thousands of open files,
/// 1,300 anonymous `memfd:` mappings marked `(deleted)` (normal), and four
/// large deleted log files still held open.
fn lsof_deleted_logs() -> Case {
    let held = [
        (
            1211usize,
            "java",
            41822,
            "app",
            "12w",
            4_194_304_000u64,
            "/var/log/acme/api.log.1",
        ),
        (
            2650,
            "nginx",
            1821,
            "www-data",
            "5w",
            2_811_232_113,
            "/var/log/nginx/access.log.2",
        ),
        (
            3902,
            "dockerd",
            911,
            "root",
            "88w",
            9_663_676_416,
            "/var/lib/docker/containers/7c1e2f3a4b5c/7c1e2f3a4b5c-json.log",
        ),
        (
            5120,
            "node",
            2231,
            "app",
            "23w",
            1_288_490_188,
            "/srv/app/shared/logs/worker.log",
        ),
    ];
    let procs = [
        ("java", 41822u64, "app"),
        ("node", 2231, "app"),
        ("nginx", 1821, "www-data"),
        ("postgres", 1822, "postgres"),
        ("dockerd", 911, "root"),
        ("containerd", 874, "root"),
        ("chrome", 5120, "app"),
    ];
    let mut out = String::from(
        "COMMAND     PID     USER   FD      TYPE             DEVICE    SIZE/OFF       NODE NAME\n",
    );
    for i in 0..6200 {
        let line = if let Some((_, cmd, pid, user, fd, size, path)) =
            held.iter().find(|(k, ..)| *k == i)
        {
            format!(
                "{cmd:<9} {pid:>7} {user:>8} {fd:>5}      REG              259,1 {size:>11} {:>10} {path} (deleted)",
                1_300_000 + i
            )
        } else {
            let (cmd, pid, user) = procs[(h(i, 1) % 7) as usize];
            match h(i, 2) % 9 {
                0 | 1 => format!(
                    "{cmd:<9} {pid:>7} {user:>8}   DEL      REG                0,1             {:>10} /memfd:{} (deleted)",
                    1000 + h(i, 3) % 90_000,
                    pick(
                        &[
                            "java_heap",
                            "libuv-worker",
                            "v8-code-space",
                            "pulseaudio",
                            "wayland-shm"
                        ],
                        i,
                        4
                    )
                ),
                2 | 3 => format!(
                    "{cmd:<9} {pid:>7} {user:>8}  mem       REG              259,1 {:>11} {:>10} /usr/lib/x86_64-linux-gnu/{}",
                    40_000 + h(i, 5) % 4_000_000,
                    1_100_000 + h(i, 6) % 900_000,
                    pick(
                        &[
                            "libc.so.6",
                            "libssl.so.3",
                            "libcrypto.so.3",
                            "libz.so.1.3",
                            "libstdc++.so.6.0.33",
                            "libpthread.so.0"
                        ],
                        i,
                        7
                    )
                ),
                4 | 5 => format!(
                    "{cmd:<9} {pid:>7} {user:>8} {:>4}u     IPv4 {:>18}         0t0        TCP 10.0.1.5:{}->10.20.{}.{}:{} (ESTABLISHED)",
                    10 + h(i, 8) % 900,
                    100_000 + h(i, 9) % 900_000,
                    32_768 + h(i, 10) % 28_000,
                    h(i, 11) % 4,
                    10 + h(i, 12) % 20,
                    pick(&["5432", "6379", "9200"], i, 13)
                ),
                6 => format!(
                    "{cmd:<9} {pid:>7} {user:>8} {:>4}r     FIFO               0,14         0t0 {:>10} pipe",
                    3 + h(i, 14) % 60,
                    40_000 + h(i, 15) % 90_000
                ),
                _ => format!(
                    "{cmd:<9} {pid:>7} {user:>8} {:>4}r      REG              259,1 {:>11} {:>10} /srv/app/releases/20261123_0912/{}/{}.js",
                    20 + h(i, 16) % 400,
                    1000 + h(i, 17) % 400_000,
                    1_200_000 + h(i, 18) % 800_000,
                    pick(
                        &["dist", "node_modules/express/lib", "node_modules/pg/lib"],
                        i,
                        19
                    ),
                    pick(&["index", "router", "client", "query", "pool"], i, 20)
                ),
            }
        };
        out.push_str(&line);
        out.push('\n');
    }
    Case::items(
        "lsof, four deleted logs still open",
        out,
        "Which deleted log files are still held open and taking up disk space?",
        held.iter().map(|(.., p)| p.to_string()).collect(),
    )
}

/// `dbt run` over 1,800 models: four fail (ERROR lines mid-run, details at
/// the end), sixteen downstream models are skipped (a decoy: skipped, not
/// failed).
fn dbt_failed_models() -> Case {
    let layers = ["stg", "int", "fct", "dim", "mart"];
    let topics = [
        "orders",
        "payments",
        "refunds",
        "customers",
        "inventory",
        "sessions",
        "shipments",
        "invoices",
        "coupons",
        "reviews",
    ];
    let model = |m: usize| {
        format!(
            "{}_{}_{}",
            layers[m % 5],
            topics[m / 5 % 10],
            pick(
                &["daily", "hourly", "snapshot", "v2", "enriched", "clean"],
                m,
                1
            )
        ) + &format!("_{m}")
    };
    let failing = [
        (
            231usize,
            "column \"amount_cents\" does not exist\n  LINE 12:     amount_cents / 100.0 as amount,\n               ^",
        ),
        (
            688,
            "relation \"raw.refund_events\" does not exist\n  LINE 4:   from raw.refund_events\n               ^",
        ),
        (1204, "division by zero"),
        (
            1555,
            "duplicate key value violates unique constraint \"mart_customer_pk\"\n  DETAIL:  Key (customer_id)=(88213) already exists.",
        ),
    ];
    let skipped: Vec<usize> = (0..16).map(|k| 300 + k * 97).collect();
    let total = 1800;
    let mut out = String::from(
        "09:59:51  Running with dbt=1.8.7\n09:59:52  Registered adapter: postgres=1.8.2\n09:59:53  [WARNING]: Configuration paths exist in your dbt_project.yml file which do not apply to any resources.\nThere are 1 unused configuration paths:\n- models.acme.legacy\n09:59:53  Found 1800 models, 2412 data tests, 62 sources, 918 macros\n09:59:53  \n09:59:54  Concurrency: 8 threads (target='prod')\n09:59:54  \n",
    );
    let dots = |s: &str| {
        let pad = 76usize.saturating_sub(s.len()).max(3);
        format!("{s} {}", ".".repeat(pad))
    };
    for m in 0..total {
        let t = &hms(m, 1000)[..8];
        let mat = if m.is_multiple_of(6) { "view" } else { "table" };
        let name = model(m);
        out.push_str(&format!(
            "{t}  {} [RUN]\n",
            dots(&format!(
                "{} of {total} START sql {mat} model analytics.{name}",
                m + 1
            ))
        ));
        let line = if failing.iter().any(|(f, _)| *f == m) {
            format!(
                "{} [ERROR in {}.{:02}s]",
                dots(&format!(
                    "{} of {total} ERROR creating sql {mat} model analytics.{name}",
                    m + 1
                )),
                1 + h(m, 2) % 9,
                h(m, 3) % 100
            )
        } else if skipped.contains(&m) {
            format!(
                "{} [SKIP]",
                dots(&format!(
                    "{} of {total} SKIP relation analytics.{name}",
                    m + 1
                ))
            )
        } else if mat == "view" {
            format!(
                "{} [CREATE VIEW in {}.{:02}s]",
                dots(&format!(
                    "{} of {total} OK created sql view model analytics.{name}",
                    m + 1
                )),
                h(m, 4) % 2,
                h(m, 5) % 100
            )
        } else {
            format!(
                "{} [SELECT {} in {}.{:02}s]",
                dots(&format!(
                    "{} of {total} OK created sql table model analytics.{name}",
                    m + 1
                )),
                h(m, 6) % 9_000_000,
                1 + h(m, 7) % 30,
                h(m, 8) % 100
            )
        };
        out.push_str(&format!("{t}  {line}\n"));
    }
    let end = &hms(total + 1, 1000)[..8];
    out.push_str(&format!("{end}  \n{end}  Finished running 1500 table models, 300 view models in 0 hours 30 minutes and 0.33 seconds (1800.33s).\n{end}  \n{end}  Completed with 4 errors, 0 partial successes, and 0 warnings:\n{end}  \n"));
    for (m, msg) in &failing {
        let name = model(*m);
        let dir = match &name[..3] {
            "stg" => "staging",
            "int" => "intermediate",
            _ => "marts",
        };
        out.push_str(&format!(
            "{end}    Database Error in model {name} (models/{dir}/{name}.sql)\n  {msg}\n  compiled code at target/run/acme/models/{dir}/{name}.sql\n{end}  \n"
        ));
    }
    out.push_str(&format!(
        "{end}  Done. PASS={} WARN=0 ERROR=4 SKIP=16 TOTAL={total}\n",
        total - 4 - 16
    ));
    Case::items(
        "dbt run, four models fail",
        out,
        "Which models failed?",
        failing.iter().map(|(m, _)| model(*m)).collect(),
    )
}

/// `nmap -sV 10.20.0.0/20`: 1,500 hosts up; four have telnet open (the
/// host's name is 3–6 lines above the port), six have it filtered (a
/// decoy: not open).
fn nmap_telnet() -> Case {
    let kinds = [
        (
            "web",
            vec![
                (
                    "22/tcp",
                    "open",
                    "ssh",
                    "OpenSSH 9.6p1 Ubuntu 3ubuntu13.5 (Ubuntu Linux; protocol 2.0)",
                ),
                ("80/tcp", "open", "http", "nginx 1.24.0 (Ubuntu)"),
                ("443/tcp", "open", "ssl/http", "nginx 1.24.0 (Ubuntu)"),
            ],
        ),
        (
            "db",
            vec![
                (
                    "22/tcp",
                    "open",
                    "ssh",
                    "OpenSSH 9.6p1 Ubuntu 3ubuntu13.5 (Ubuntu Linux; protocol 2.0)",
                ),
                (
                    "5432/tcp",
                    "open",
                    "postgresql",
                    "PostgreSQL DB 16.4 - 16.6",
                ),
            ],
        ),
        (
            "cache",
            vec![
                (
                    "22/tcp",
                    "open",
                    "ssh",
                    "OpenSSH 9.2p1 Debian 2+deb12u3 (protocol 2.0)",
                ),
                ("6379/tcp", "open", "redis", "Redis key-value store 7.4.1"),
            ],
        ),
        (
            "printer",
            vec![
                ("80/tcp", "open", "http", "HP LaserJet http config"),
                ("515/tcp", "open", "printer", ""),
                ("9100/tcp", "open", "jetdirect?", ""),
            ],
        ),
        (
            "cam",
            vec![
                ("80/tcp", "open", "http", "lighttpd 1.4.59"),
                ("554/tcp", "open", "rtsp", ""),
            ],
        ),
    ];
    let telnet = [
        (233usize, "Linux telnetd"),
        (671, "BusyBox telnetd"),
        (1040, "Cisco router telnetd"),
        (1388, "Linux telnetd"),
    ];
    let filtered = [90usize, 400, 555, 800, 1111, 1450];
    let mut out =
        String::from("Starting Nmap 7.94SVN ( https://nmap.org ) at 2026-11-23 10:41 UTC\n");
    let mut items = Vec::new();
    for i in 0..1500 {
        let (kind, ports) = &kinds[(h(i, 1) % 5) as usize];
        let name = format!("{kind}-{:03}.corp.example", i);
        let ip = format!("10.20.{}.{}", i / 250, 1 + i % 250);
        out.push_str(&format!(
            "Nmap scan report for {name} ({ip})\nHost is up (0.00{:03}s latency).\nNot shown: {} closed tcp ports (reset)\nPORT     STATE    SERVICE    VERSION\n",
            100 + h(i, 2) % 900,
            1000 - ports.len() - 1
        ));
        let mut rows: Vec<(String, &str, &str, &str)> = ports
            .iter()
            .map(|(p, s, v, d)| (p.to_string(), *s, *v, *d))
            .collect();
        if let Some((_, d)) = telnet.iter().find(|(t, _)| *t == i) {
            rows.push(("23/tcp".into(), "open", "telnet", d));
            items.push(name.clone());
        } else if filtered.contains(&i) {
            rows.push(("23/tcp".into(), "filtered", "telnet", ""));
        }
        rows.sort_by_key(|r| r.0.split('/').next().unwrap().parse::<u32>().unwrap());
        for (p, s, v, d) in rows {
            out.push_str(format!("{p:<8} {s:<8} {v:<10} {d}").trim_end());
            out.push('\n');
        }
        out.push_str(&format!(
            "MAC Address: 52:54:00:{:02X}:{:02X}:{:02X} (QEMU virtual NIC)\n",
            h(i, 3) % 256,
            h(i, 4) % 256,
            h(i, 5) % 256
        ));
        if *kind != "printer" && *kind != "cam" {
            out.push_str("Service Info: OS: Linux; CPE: cpe:/o:linux:linux_kernel\n");
        }
        out.push('\n');
    }
    out.push_str("Service detection performed. Please report any incorrect results at https://nmap.org/submit/ .\nNmap done: 4096 IP addresses (1500 hosts up) scanned in 812.33 seconds\n");
    Case::items(
        "nmap -sV, four hosts with telnet open",
        out,
        "Which hosts have telnet open?",
        items,
    )
}
