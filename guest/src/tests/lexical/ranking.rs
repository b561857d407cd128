//! The order of a lexical answer's windows: the best first, so the line
//! that answers is not behind weaker matches that come earlier in the
//! output, nor behind lines saying the opposite with the same words.

use super::answer;

#[test]
fn the_best_window_comes_first_whatever_its_place() {
    let mut out = String::new();
    for i in 0..2000u32 {
        let line = match i {
            300 => "worker-3 lost its connection to the queue, retrying".to_string(),
            1700 => "worker-7 lost its connection to the queue: broker quota exceeded, giving up"
                .to_string(),
            _ => format!(
                "request {i} served in {} ms by worker-{}",
                i * 7 % 300,
                i % 9
            ),
        };
        out.push_str(&format!(
            "2026-11-27T03:{:02}:{:02}Z {line}\n",
            i / 60 % 60,
            i % 60
        ));
    }
    let body = answer(
        &out,
        "Why did a worker give up on its queue connection? Quota?",
    );
    let best = body
        .find("broker quota exceeded")
        .expect("the best window is shown");
    let weaker = body.find("retrying").expect("a weaker window is shown too");
    assert!(best < weaker, "{body}");
    assert!(
        body.contains("The best-matching lines, best first:"),
        "{body}"
    );
}

/// Kinds of lines holding as many of the question's words: the one
/// holding them as the question's phrase ("a new user": `New user
/// added`) comes before a rarer one holding them apart.
#[test]
fn a_kind_holding_the_question_s_phrase_comes_first() {
    let mut out = String::new();
    for i in 0..3000u32 {
        let line = match i {
            700 | 1400 | 2100 | 2600 | 2900 => format!(
                "{{\"rule\":{{\"description\":\"New user added to the system.\"}},\"agent\":{{\"name\":\"host-{i}\"}}}}"
            ),
            900 | 1900 => format!(
                "{{\"rule\":{{\"description\":\"File added.\"}},\"agent\":{{\"name\":\"host-{i}\"}},\"path\":\"/home/user/reports/new\"}}"
            ),
            _ => format!(
                "{{\"rule\":{{\"description\":\"Web request served.\"}},\"agent\":{{\"name\":\"web-{}\"}}}}",
                i % 9
            ),
        };
        out.push_str(&line);
        out.push('\n');
    }
    let body = answer(
        &out,
        "Which servers got a new user? I need every one of them.",
    );
    let phrase = body
        .find("lines with \"new user\"]")
        .expect("the phrase's kind is listed");
    let apart = body
        .find("lines with \"user reports\"]")
        .expect("the other kind is listed");
    assert!(phrase < apart, "{body}");
    for i in [700, 1400, 2100, 2600, 2900] {
        assert!(body.contains(&format!("host-{i}")), "{i}: {body}");
    }
}

/// A scanner's findings, as Prowler prints them: one security group has
/// Remote Desktop open, a hundred say with the same words that theirs has
/// not (and name production, which the one does not).
fn scan_findings() -> String {
    let mut out = String::from("[\n");
    for i in 0..120u32 {
        let (name, status, says) = match i {
            77 => ("legacy-terminal-srv", "FAIL", "has"),
            _ => ("api-prod", "PASS", "does not have"),
        };
        out.push_str(&format!(
            "  {{\n    \"CheckID\": \"ec2_securitygroup_allow_ingress_from_internet_to_tcp_port_3389\",\n    \"Status\": \"{status}\",\n    \"StatusExtended\": \"Security group {name}-{i} (sg-{i:08x}) {says} Microsoft RDP port 3389 open to the Internet.\",\n    \"Region\": \"eu-west-{}\"\n  }},\n",
            i % 3 + 1
        ));
    }
    out.push_str("]\n");
    out
}

#[test]
fn a_line_saying_the_opposite_with_the_same_words_is_no_match() {
    let out = scan_findings();
    let q = "Which security group in production leaves Remote Desktop open to the whole internet, \
             and in which region?";
    let body = answer(&out, q);
    let first = body.split("\n[lines ").nth(1).unwrap_or("");
    let first = first.split("\n\n").next().unwrap_or("");
    assert!(
        first.contains("Security group legacy-terminal-srv-77 (sg-0000004d) has Microsoft RDP"),
        "{body}"
    );
    // Asked for a negative state, a line saying "not" may be the answer.
    let body = answer(&out, "Where is Remote Desktop not open to the internet?");
    let first = body.split("\n[lines ").nth(1).unwrap_or("");
    assert!(first.contains("does not have Microsoft RDP"), "{body}");
}

#[test]
fn a_shown_request_brings_its_failing_reply() {
    // A packet capture's mail dialogues: the relay refuses each recipient a
    // few lines after the `RCPT TO` the question's words match.
    let mut out = String::new();
    let mut n = 0u32;
    let mut line = |out: &mut String, text: &str| {
        n += 1;
        out.push_str(&format!(
            "{n:>5} {:>10}.{:06}    10.40.2.13 → 10.40.0.25    {text}\n",
            n / 10,
            n * 7919 % 1_000_000
        ));
    };
    for i in 0..60u32 {
        for k in 0..40u32 {
            line(
                &mut out,
                &format!("TCP 66 {} → 6379 [ACK] Seq={k} Win=502 Len=0", 40000 + i),
            );
        }
        for text in [
            "SMTP 121 S: 220 relay01.corp.lan ESMTP Postfix".to_string(),
            "SMTP 89 C: EHLO app-03.corp.lan".to_string(),
            "SMTP 248 S: 250-relay01.corp.lan | PIPELINING | SIZE 52428800".to_string(),
            "SMTP 122 C: MAIL FROM:<orders@shop.example> SIZE=18375".to_string(),
            "SMTP 80 S: 250 2.1.0 Ok".to_string(),
            format!("SMTP 102 C: RCPT TO:<kunde{i}@gmx.de>"),
            format!("SMTP 128 S: 554 5.7.1 <kunde{i}@gmx.de>: Relay access denied"),
            "SMTP 72 C: QUIT".to_string(),
            "SMTP 81 S: 221 2.0.0 Bye".to_string(),
        ] {
            line(&mut out, &text);
        }
    }
    let body = answer(
        &out,
        "Customers aren't getting their order e-mails. What does our mail server say back \
         when app-03 tries to hand it one?",
    );
    assert!(body.contains("Relay access denied"), "{body}");
}
