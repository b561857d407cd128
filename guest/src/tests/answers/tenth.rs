//! A TENTH HELD-OUT SET of issue 30, written by someone who had not read
//! the answer code and never run against it while being written: eight
//! outputs of tools no other set uses, each with a question in a user's
//! words and the answer its generator planted. Measure it, never tune on
//! it.
//!
//! One fact: Postfix's `/var/log/mail.log` on a shop's outgoing mail
//! server (the one message the receiving side refused for good, its
//! recipient and the reason that server gave, among greylisting, rate
//! limits, full mailboxes and timeouts that were only deferred, inbound
//! spam rejected with `550 5.1.1 … User unknown`, and newsletter senders
//! named `bounces+…`), `ipmitool sel elist` over the BMCs of a rack row
//! (the server whose power supply failed overnight and stays failed, and
//! which supply, among a PDU maintenance night of AC lost and restored,
//! a blip the same night that recovered in seconds and a neighbour's
//! supply failed and replaced a month ago), `aws cloudwatch
//! describe-alarms` (the one alarm in `ALARM`, and the database it
//! watches, among alarms that recovered, alarms without data, and
//! descriptions that say what happens "in ALARM"), `syft -o json` of a
//! service's container image (the version of `log4j-core` and the jar it
//! is nested in, among `log4j-api`, `log4j-to-slf4j`, `log4j-over-slf4j`
//! and log4j 1.x).
//! Every item: `rabbitmqctl list_queues` of a multi-tenant vhost (the
//! queues with a backlog and no consumer, among dead-letter queues with
//! messages, busy queues with slow consumers and idle queues with no
//! consumer), `cppcheck --xml` of a C code base (the files with a memory
//! leak, among resource leaks, double frees, memory allocated and never
//! used and files named for leaks), Zeek's `conn.log` as JSON lines (the
//! internal hosts that sent over a gigabyte to the internet in one
//! connection, among big downloads, backups to an internal server, an
//! outsider's upload to our SFTP server and uploads just under a
//! gigabyte), `aws route53 list-resource-record-sets` (the names still
//! pointing at a decommissioned server's address, one of them among two
//! values, among neighbouring addresses, an SPF record naming it and a
//! name that says `old-web`).
//!
//! The jq program of the JSON-lines output (Zeek) reads the records as
//! one array (`.[]`), as the fourth set's do; every expected result was
//! checked with the real jq (`jq -s` for that one).

use std::collections::BTreeSet;

use serde_json::{Value, json};

use super::super::heldout::{DAY, clock, h, hex, letters, range};
use super::{Case, jq_string, named_elsewhere, pick, pretty};

pub(super) fn cases() -> Vec<Case> {
    vec![
        postfix_refused_mail(),
        ipmi_dead_power_supply(),
        cloudwatch_alarm_on(),
        syft_log4j_core(),
        rabbitmq_unconsumed(),
        cppcheck_memory_leaks(),
        zeek_big_uploads(),
        route53_old_server(),
    ]
}

/// A message Postfix deferred, to retry.
#[derive(Clone)]
struct Deferred {
    /// The iteration it is retried at.
    due: usize,
    qid: String,
    from: String,
    size: u64,
    rcpt: String,
    /// Its recipient's domain.
    k: usize,
    /// When it was first tried, seconds after midnight.
    first: u64,
    /// Whether every retry is deferred too.
    stays: bool,
}

/// Postfix's `/var/log/mail.log` (3.7, rsyslog) on the mail server of a
/// bike shop, `velo-nord.de`, over a Friday: order confirmations picked
/// up from the shop (uid 33), newsletters submitted by the mailer host
/// with VERP senders `bounces+…@news.velo-nord.de`, each delivered by
/// `postfix/smtp` with TLS lines, `status=sent`. Deferrals of every kind
/// (greylisting at one customer, Gmail's and Yahoo's rate limits, a full
/// mailbox, a host that times out all day), retried later. Inbound
/// sessions through postscreen: spam rejected with `550 5.1.1 …: User
/// unknown in virtual mailbox table`, relay attempts, DNSBL hits, SASL
/// guesses. Once, Microsoft 365 refuses an order confirmation to
/// `m.weber@kanzlei-weber.de` (`550 5.1.10 RESOLVER.ADR.RecipientNotFound`,
/// `status=bounced`) and Postfix returns it to the shop; colleagues at
/// the same firm get theirs.
fn postfix_refused_mail() -> Case {
    // (domain, MX host, its address)
    let domains: [(&str, &str, &str); 12] = [
        ("gmail.com", "gmail-smtp-in.l.google.com", "142.250.102.27"),
        ("web.de", "mx-ha03.web.de", "212.227.15.41"),
        ("gmx.de", "mx01.emig.gmx.net", "212.227.17.5"),
        ("t-online.de", "mx00.t-online.de", "194.25.134.8"),
        (
            "outlook.com",
            "outlook-com.olc.protection.outlook.com",
            "52.101.68.17",
        ),
        ("yahoo.com", "mta7.am0.yahoodns.net", "67.195.204.72"),
        ("icloud.com", "mx01.mail.icloud.com", "17.57.154.33"),
        ("posteo.de", "mx01.posteo.de", "185.67.36.61"),
        ("freenet.de", "mx.freenet.de", "195.4.92.217"),
        ("bauer-gmbh.de", "mail.bauer-gmbh.de", "81.169.145.97"),
        (
            "hansen-logistik.de",
            "mail.hansen-logistik.de",
            "91.198.12.40",
        ),
        (
            "kanzlei-weber.de",
            "kanzleiweber-de01i.mail.protection.outlook.com",
            "52.101.73.4",
        ),
    ];
    // Weights of the recipients' domains.
    let weights: [u64; 12] = [30, 18, 14, 12, 6, 3, 4, 2, 3, 3, 2, 3];
    let locals = [
        "anna.schulz",
        "jonas.k",
        "lena.hoffmann",
        "max.bauer",
        "sophie1987",
        "paul.richter",
        "mia.wolf",
        "felix.neumann",
        "laura.s",
        "tim.braun",
        "julia.koch",
        "k.schmidt",
        "t.mueller",
        "info",
        "einkauf",
        "buchhaltung",
        "frank.zimmer",
        "nina.krueger",
        "radsport.jens",
        "h.krause",
    ];
    let weber = ["j.weber", "sekretariat", "h.krause", "a.yilmaz"];
    let spammers = [
        ("185.220.101.47", "unknown"),
        ("45.148.10.92", "unknown"),
        ("193.32.162.18", "vps-193-32-162-18.hosted-by.example"),
        ("80.94.95.115", "unknown"),
        ("141.98.11.60", "unknown"),
        ("91.92.251.103", "mail.bestprice-deals.top"),
        ("209.85.218.44", "mail-ej1-f44.google.com"),
        ("217.72.192.77", "mout.kundenserver.de"),
    ];
    let mut out = String::new();
    let mut pending: Vec<Deferred> = Vec::new();
    let mut t: u64 = 14;
    let mut i = 0usize;
    let mut planted = false;
    while out.len() < 640_000 {
        t += 12 + h(i, 1001) % 40;
        let at = t;
        let ts = move |d: u64| format!("Nov 27 {} mx1 postfix/", clock(at + d));
        let smtp_pid = 20_000 + h(i, 1002) % 9_000;
        // Retries of deferred messages now due.
        let due: Vec<Deferred> = pending.iter().filter(|p| p.due <= i).cloned().collect();
        pending.retain(|p| p.due > i);
        for Deferred {
            qid,
            from,
            size,
            rcpt,
            k,
            first,
            stays,
            ..
        } in due
        {
            let (_, mx, ip) = domains[k];
            let delay = t.saturating_sub(first);
            out.push_str(&format!(
                "{}qmgr[1187]: {qid}: from=<{from}>, size={size}, nrcpt=1 (queue active)\n",
                ts(0)
            ));
            if stays {
                let reason = if domains[k].0 == "t-online.de" {
                    format!(
                        "host {mx}[{ip}] said: 452 4.2.2 <{rcpt}>: Mailbox full, try again later (in reply to RCPT TO command)"
                    )
                } else {
                    format!("connect to {mx}[{ip}]:25: Connection timed out")
                };
                let dsn = if reason.contains("452") {
                    "4.2.2"
                } else {
                    "4.4.1"
                };
                let relay = if reason.contains("452") {
                    format!("{mx}[{ip}]:25")
                } else {
                    "none".to_string()
                };
                out.push_str(&format!(
                    "{}smtp[{smtp_pid}]: {qid}: to=<{rcpt}>, relay={relay}, delay={delay}, delays={}/0.02/30/0, dsn={dsn}, status=deferred ({reason})\n",
                    ts(1),
                    delay.saturating_sub(30)
                ));
                pending.push(Deferred {
                    due: i + 90,
                    qid,
                    from,
                    size,
                    rcpt,
                    k,
                    first,
                    stays: true,
                });
            } else {
                out.push_str(&format!(
                    "{}smtp[{smtp_pid}]: {qid}: to=<{rcpt}>, relay={mx}[{ip}]:25, delay={delay}, delays={}/0.01/0.31/0.44, dsn=2.0.0, status=sent (250 2.0.0 Ok: queued as {})\n{}qmgr[1187]: {qid}: removed\n",
                    ts(1),
                    delay.saturating_sub(1),
                    hex(i, 1003, 11).to_uppercase(),
                    ts(1)
                ));
            }
        }
        let roll = h(i, 1004) % 100;
        if i == 430 {
            // The order confirmation Microsoft 365 refuses.
            planted = true;
            let qid = "4F1C3A2B07";
            let nqid = "4F1C3A2E91";
            let rcpt = "m.weber@kanzlei-weber.de";
            let (_, mx, ip) = domains[11];
            out.push_str(&format!(
                "{}pickup[1183]: {qid}: uid=33 from=<orders@velo-nord.de>\n\
                 {}cleanup[{}]: {qid}: message-id=<20261127{}.{}@velo-nord.de>\n\
                 {}qmgr[1187]: {qid}: from=<orders@velo-nord.de>, size=48211, nrcpt=1 (queue active)\n\
                 {}smtp[{smtp_pid}]: Trusted TLS connection established to {mx}[{ip}]:25: TLSv1.2 with cipher ECDHE-RSA-AES256-GCM-SHA384 (256/256 bits)\n\
                 {}smtp[{smtp_pid}]: {qid}: to=<{rcpt}>, relay={mx}[{ip}]:25, delay=1.4, delays=0.07/0.01/0.62/0.7, dsn=5.1.10, status=bounced (host {mx}[{ip}] said: 550 5.1.10 RESOLVER.ADR.RecipientNotFound; Recipient {rcpt} not found by SMTP address lookup (in reply to end of DATA command))\n\
                 {}cleanup[{}]: {nqid}: message-id=<20261127{}.{nqid}@mx1.velo-nord.de>\n\
                 {}bounce[21877]: {qid}: sender non-delivery notification: {nqid}\n\
                 {}qmgr[1187]: {nqid}: from=<>, size=52714, nrcpt=1 (queue active)\n\
                 {}qmgr[1187]: {qid}: removed\n\
                 {}lmtp[21880]: {nqid}: to=<orders@velo-nord.de>, relay=mail.velo-nord.de[private/dovecot-lmtp], delay=0.05, delays=0/0.01/0/0.04, dsn=2.0.0, status=sent (250 2.0.0 <orders@velo-nord.de> hT2kNfGKR2f9DQAAq3q3Ag Saved)\n\
                 {}qmgr[1187]: {nqid}: removed\n",
                ts(0),
                ts(0),
                18_000 + h(i, 1005) % 900,
                clock(at).replace(':', ""),
                qid,
                ts(0),
                ts(1),
                ts(2),
                ts(2),
                18_000 + h(i, 1006) % 900,
                clock(at + 2).replace(':', ""),
                ts(2),
                ts(2),
                ts(2),
                ts(2),
                ts(2),
            ));
            i += 1;
            continue;
        }
        if roll < 58 {
            // An outgoing message.
            let total: u64 = weights.iter().sum();
            let mut w = h(i, 1007) % total;
            let mut k = 0;
            while w >= weights[k] {
                w -= weights[k];
                k += 1;
            }
            let (dom, mx, ip) = domains[k];
            let local = if dom == "kanzlei-weber.de" {
                pick(&weber, i, 1008)
            } else {
                pick(&locals, i, 1009)
            };
            let rcpt = format!("{local}@{dom}");
            let qid = hex(i, 1010, 10).to_uppercase();
            let news = h(i, 1011) % 10 < 4;
            let (from, size) = if news {
                (
                    format!("bounces+{}@news.velo-nord.de", hex(i, 1012, 8)),
                    range(i, 1013, 38_000, 96_000),
                )
            } else if h(i, 1014).is_multiple_of(5) {
                (
                    "noreply@velo-nord.de".to_string(),
                    range(i, 1015, 4_000, 9_000),
                )
            } else {
                (
                    "orders@velo-nord.de".to_string(),
                    range(i, 1016, 12_000, 61_000),
                )
            };
            if news {
                out.push_str(&format!(
                    "{}smtpd[{}]: {qid}: client=mailer.int.velo-nord.de[10.0.3.20], sasl_method=PLAIN, sasl_username=newsletter\n",
                    ts(0),
                    14_000 + h(i, 1017) % 900
                ));
            } else {
                out.push_str(&format!(
                    "{}pickup[1183]: {qid}: uid=33 from=<{from}>\n",
                    ts(0)
                ));
            }
            out.push_str(&format!(
                "{}cleanup[{}]: {qid}: message-id=<{}.{}@velo-nord.de>\n{}qmgr[1187]: {qid}: from=<{from}>, size={size}, nrcpt=1 (queue active)\n",
                ts(0),
                18_000 + h(i, 1018) % 900,
                hex(i, 1019, 16),
                letters(i, 1020, 6),
                ts(0)
            ));
            if h(i, 1021).is_multiple_of(2) {
                out.push_str(&format!(
                    "{}smtp[{smtp_pid}]: Trusted TLS connection established to {mx}[{ip}]:25: TLSv1.3 with cipher TLS_AES_256_GCM_SHA384 (256/256 bits) key-exchange X25519 server-signature ECDSA (P-256) server-digest SHA256\n",
                    ts(1)
                ));
            }
            let r = h(i, 1022) % 100;
            let deferral = match dom {
                "bauer-gmbh.de" if r < 70 => Some((
                    "4.7.1",
                    format!(
                        "host {mx}[{ip}] said: 450 4.7.1 <{rcpt}>: Recipient address rejected: Greylisted, see http://postgrey.schweikert.ch/help/{dom}.html (in reply to RCPT TO command)"
                    ),
                    false,
                )),
                "hansen-logistik.de" => Some((
                    "4.4.1",
                    format!("connect to {mx}[{ip}]:25: Connection timed out"),
                    true,
                )),
                "yahoo.com" if r < 25 => Some((
                    "4.7.0",
                    format!(
                        "host {mx}[{ip}] said: 421 4.7.0 [TSS04] Messages from 203.0.113.25 temporarily deferred due to unexpected volume or user complaints - 4.16.55.1; see https://postmaster.yahooinc.com/error-codes (in reply to MAIL FROM command)"
                    ),
                    false,
                )),
                "gmail.com" if r < 4 => Some((
                    "4.7.28",
                    format!(
                        "host {mx}[{ip}] said: 421-4.7.28 Gmail has detected an unusual rate of unsolicited mail originating from your IP address. To protect our users from spam, mail sent from your IP address has been temporarily rate limited. For more information, go to 421 4.7.28 https://support.google.com/mail/?p=UnsolicitedRateLimitError to review our Bulk Email Senders Guidelines. {}si{}.{} - gsmtp (in reply to end of DATA command)",
                        letters(i, 1023, 6),
                        h(i, 1024) % 90_000_000,
                        100 + h(i, 1025) % 800
                    ),
                    false,
                )),
                "t-online.de" if r < 5 => Some((
                    "4.2.2",
                    format!(
                        "host {mx}[{ip}] said: 452 4.2.2 <{rcpt}>: Mailbox full, try again later (in reply to RCPT TO command)"
                    ),
                    true,
                )),
                _ => None,
            };
            let d1 = range(i, 1026, 1, 9);
            let d2 = range(i, 1027, 10, 90);
            let d3 = range(i, 1028, 10, 99);
            if let Some((dsn, reason, stays)) = deferral {
                let relay = if reason.starts_with("connect to") {
                    "none".to_string()
                } else {
                    format!("{mx}[{ip}]:25")
                };
                out.push_str(&format!(
                    "{}smtp[{smtp_pid}]: {qid}: to=<{rcpt}>, relay={relay}, delay={}.{d1}, delays=0.0{d1}/0.01/0.{d2}/0.{d3}, dsn={dsn}, status=deferred ({reason})\n",
                    ts(1),
                    if relay == "none" { 30 } else { 1 }
                ));
                pending.push(Deferred {
                    due: i + 6 + (h(i, 1029) % 12) as usize,
                    qid,
                    from,
                    size,
                    rcpt,
                    k,
                    first: at,
                    stays,
                });
            } else {
                let mid = format!("{}.{}@velo-nord.de", hex(i, 1019, 16), letters(i, 1020, 6));
                let reply = match dom {
                    "gmail.com" => format!(
                        "250 2.0.0 OK  {} {}si{}.{} - gsmtp",
                        DAY + at,
                        letters(i, 1030, 6),
                        h(i, 1031) % 90_000_000,
                        100 + h(i, 1032) % 800
                    ),
                    "web.de" | "gmx.de" => format!(
                        "250 Requested mail action okay, completed: id=1M{}-1u{}",
                        letters(i, 1033, 8),
                        letters(i, 1034, 8)
                    ),
                    "t-online.de" => "250 2.0.0 Message accepted.".to_string(),
                    "outlook.com" | "kanzlei-weber.de" => format!(
                        "250 2.6.0 <{mid}> [InternalId={}, Hostname=AM9PR03MB{}.eurprd03.prod.outlook.com] Queued mail for delivery",
                        h(i, 1035) % 90_000_000_000_000,
                        1000 + h(i, 1036) % 9000
                    ),
                    "yahoo.com" => "250 ok dirdel".to_string(),
                    _ => format!(
                        "250 2.0.0 Ok: queued as {}",
                        hex(i, 1037, 11).to_uppercase()
                    ),
                };
                out.push_str(&format!(
                    "{}smtp[{smtp_pid}]: {qid}: to=<{rcpt}>, relay={mx}[{ip}]:25, delay={}.{d1}, delays=0.0{d1}/0.01/0.{d2}/0.{d3}, dsn=2.0.0, status=sent ({reply})\n{}qmgr[1187]: {qid}: removed\n",
                    ts(1),
                    h(i, 1038) % 3,
                    ts(1)
                ));
            }
        } else if roll < 92 {
            // An inbound session through postscreen.
            let (ip, name) = spammers[(h(i, 1039) % spammers.len() as u64) as usize];
            let (ip, name) = if h(i, 1040).is_multiple_of(3) {
                (
                    format!(
                        "{}.{}.{}.{}",
                        20 + h(i, 1041) % 200,
                        h(i, 1042) % 256,
                        h(i, 1043) % 256,
                        1 + h(i, 1044) % 254
                    ),
                    "unknown",
                )
            } else {
                (ip.to_string(), name)
            };
            let port = 30_000 + h(i, 1045) % 30_000;
            let pid = 14_000 + h(i, 1046) % 900;
            out.push_str(&format!(
                "{}postscreen[812]: CONNECT from [{ip}]:{port} to [203.0.113.25]:25\n",
                ts(0)
            ));
            let r = h(i, 1047) % 100;
            if r < 15 {
                out.push_str(&format!(
                    "{}dnsblog[{}]: addr {ip} listed by domain zen.spamhaus.org as 127.0.0.{}\n{}postscreen[812]: DNSBL rank 3 for [{ip}]:{port}\n{}postscreen[812]: NOQUEUE: reject: RCPT from [{ip}]:{port}: 550 5.7.1 Service unavailable; client [{ip}] blocked using zen.spamhaus.org; from=<{}@{}>, to=<info@velo-nord.de>, proto=ESMTP, helo=<{}>\n{}postscreen[812]: DISCONNECT [{ip}]:{port}\n",
                    ts(0),
                    16_000 + h(i, 1048) % 900,
                    pick(&["2", "3", "4", "9", "11"], i, 1049),
                    ts(1),
                    ts(2),
                    letters(i, 1050, 7),
                    pick(&["mailer.example.top", "promo-mail.xyz", "gmail.com", "outlook.com"], i, 1051),
                    pick(&["User", "ylmf-pc", "WIN-CLJ1B0GQ6JP", "mail.example.com"], i, 1052),
                    ts(2)
                ));
                i += 1;
                continue;
            }
            out.push_str(&format!(
                "{}postscreen[812]: PASS {} [{ip}]:{port}\n{}smtpd[{pid}]: connect from {name}[{ip}]\n",
                ts(0),
                if h(i, 1053).is_multiple_of(2) {
                    "OLD"
                } else {
                    "NEW"
                },
                ts(0)
            ));
            let tos = [
                "kontakt",
                "jobs",
                "admin",
                "webmaster",
                "service",
                "shop",
                "rechnung",
            ];
            let (summary, body) = if r < 45 {
                let to = pick(&tos, i, 1054);
                (
                    "ehlo=1 mail=1 rcpt=0/1 quit=1 commands=3/4",
                    format!(
                        "NOQUEUE: reject: RCPT from {name}[{ip}]: 550 5.1.1 <{to}@velo-nord.de>: Recipient address rejected: User unknown in virtual mailbox table; from=<{}@{}> to=<{to}@velo-nord.de> proto=ESMTP helo=<{}>",
                        letters(i, 1055, 6),
                        pick(
                            &["gmail.com", "web.de", "sales-leads.top", "yandex.ru"],
                            i,
                            1056
                        ),
                        pick(
                            &["User", "localhost", "[127.0.0.1]", "mail.example.com"],
                            i,
                            1057
                        )
                    ),
                )
            } else if r < 60 {
                (
                    "ehlo=1 mail=1 rcpt=0/1 rset=1 quit=1 commands=4/5",
                    format!(
                        "NOQUEUE: reject: RCPT from {name}[{ip}]: 554 5.7.1 <{}@{}>: Relay access denied; from=<{}@velo-nord.de> to=<{}@{}> proto=ESMTP helo=<{}>",
                        letters(i, 1058, 8),
                        pick(
                            &["gmail.com", "hotmail.com", "yahoo.co.jp", "qq.com"],
                            i,
                            1059
                        ),
                        pick(&["info", "admin", "test"], i, 1060),
                        letters(i, 1058, 8),
                        pick(
                            &["gmail.com", "hotmail.com", "yahoo.co.jp", "qq.com"],
                            i,
                            1059
                        ),
                        pick(&["User", "WIN-CLJ1B0GQ6JP"], i, 1061)
                    ),
                )
            } else if r < 72 {
                (
                    "ehlo=1 auth=0/1 quit=1 commands=2/3",
                    format!(
                        "warning: {name}[{ip}]: SASL LOGIN authentication failed: UGFzc3dvcmQ6"
                    ),
                )
            } else {
                // Mail for the shop, delivered to its mailboxes.
                let qid = hex(i, 1062, 10).to_uppercase();
                let to = pick(&["info", "service", "rechnung", "einkauf"], i, 1063);
                (
                    "ehlo=1 starttls=1 mail=1 rcpt=1 data=1 quit=1 commands=6",
                    format!(
                        "{qid}: client={name}[{ip}]\n{}cleanup[{}]: {qid}: message-id=<{}@{}>\n{}qmgr[1187]: {qid}: from=<{}@{}>, size={}, nrcpt=1 (queue active)\n{}lmtp[{}]: {qid}: to=<{to}@velo-nord.de>, relay=mail.velo-nord.de[private/dovecot-lmtp], delay=0.{}, delays=0.1/0.01/0/0.03, dsn=2.0.0, status=sent (250 2.0.0 <{to}@velo-nord.de> {} Saved)\n{}qmgr[1187]: {qid}: removed",
                        ts(1),
                        18_000 + h(i, 1064) % 900,
                        hex(i, 1065, 20),
                        pick(
                            &["mail.gmail.com", "shimano-dealer.eu", "dhl.de", "paypal.de"],
                            i,
                            1066
                        ),
                        ts(1),
                        letters(i, 1067, 7),
                        pick(
                            &["gmail.com", "shimano-dealer.eu", "dhl.de", "paypal.de"],
                            i,
                            1066
                        ),
                        range(i, 1068, 3_000, 240_000),
                        ts(1),
                        21_000 + h(i, 1069) % 900,
                        range(i, 1070, 12, 99),
                        letters(i, 1071, 22),
                        ts(1)
                    ),
                )
            };
            out.push_str(&format!("{}smtpd[{pid}]: {body}\n", ts(1)));
            if summary.starts_with("ehlo=1 auth") {
                out.push_str(&format!(
                    "{}smtpd[{pid}]: lost connection after AUTH from {name}[{ip}]\n",
                    ts(2)
                ));
            }
            out.push_str(&format!(
                "{}smtpd[{pid}]: disconnect from {name}[{ip}] {summary}\n",
                ts(2)
            ));
        } else if roll < 95 {
            out.push_str(&format!(
                "{}anvil[1242]: statistics: max connection rate {}/60s for (smtp:{}.{}.{}.{}) at Nov 27 {}\n{}anvil[1242]: statistics: max connection count {} for (smtp:{}.{}.{}.{}) at Nov 27 {}\n",
                ts(0),
                1 + h(i, 1072) % 9,
                80 + h(i, 1073) % 120,
                h(i, 1074) % 256,
                h(i, 1075) % 256,
                1 + h(i, 1076) % 254,
                clock(at.saturating_sub(300)),
                ts(0),
                1 + h(i, 1077) % 4,
                80 + h(i, 1073) % 120,
                h(i, 1074) % 256,
                h(i, 1075) % 256,
                1 + h(i, 1076) % 254,
                clock(at.saturating_sub(200)),
            ));
        } else {
            out.push_str(&format!(
                "{}scache[{}]: statistics: start interval Nov 27 {}\n{}scache[{}]: statistics: domain lookup hits={} miss={} success={}%\n{}scache[{}]: statistics: address lookup hits={} miss={} success={}%\n{}scache[{}]: statistics: max simultaneous domains=1 addresses=1 connection=1\n",
                ts(0),
                19_000 + h(i, 1078) % 900,
                clock(at.saturating_sub(180)),
                ts(0),
                19_000 + h(i, 1078) % 900,
                h(i, 1079) % 6,
                1 + h(i, 1080) % 4,
                h(i, 1081) % 80,
                ts(0),
                19_000 + h(i, 1078) % 900,
                h(i, 1082) % 6,
                1 + h(i, 1083) % 4,
                h(i, 1084) % 80,
                ts(0),
                19_000 + h(i, 1078) % 900,
            ));
        }
        i += 1;
    }
    assert!(planted && i > 800, "{i} events");
    Case::fact(
        "Postfix mail.log, the mail refused for good",
        out,
        "Did any of the emails we sent out get turned down for good by the other side's mail server, not just delayed? Who was it addressed to, and what reason did their server give?",
        &["m.weber@kanzlei-weber.de", "RecipientNotFound"],
    )
}

/// A server's event log: seconds since 1 Oct, the pre-init counter (or
/// none), sensor, event, direction and reading.
type Sel = Vec<(u64, Option<u64>, String, String, String)>;

/// `mm/dd/yyyy` of `d` days after 1 Oct 2026.
fn us_date(d: u64) -> String {
    if d < 31 {
        format!("10/{:02}/2026", d + 1)
    } else {
        format!("11/{:02}/2026", d - 30)
    }
}

/// `for h in $(cat bmcs); do echo "== $h"; ipmitool -I lanplus -H $h -U
/// ADMIN -E sel elist; done` over the 56 servers of racks r10–r17 (app,
/// db, storage, KVM, GPU and CI servers) on the morning of 27 Nov: each
/// server's event log since it was cleared early in October, as ipmitool
/// prints it (`id | date | time | sensor | event | direction`, readings of
/// threshold sensors). Boots, correctable ECC, CPUs running warm and fans
/// dipping, each deasserted again; one BMC not answering. On 14 Nov the
/// PDU of racks r12–r14 was serviced: every server there lost AC on PS2
/// and got it back twenty minutes later. At 00:52 on 27 Nov the KVM hosts
/// of r15 lost AC on PS1 for 22 seconds. `stor-r14-02`'s PS1 failed on 19
/// Oct and was replaced two days later. At 02:41 on 27 Nov
/// `stor-r14-03`'s PS2 reports `Failure detected`, its redundancy is lost,
/// and nothing deasserts it.
fn ipmi_dead_power_supply() -> Case {
    let kinds = ["app", "app", "db", "stor", "stor", "kvm", "gpu", "ci"];
    let mut out = String::new();
    let night: u64 = 57 * 86_400;
    let end = night + 6 * 3600 + 50 * 60;
    for (r, kind) in kinds.iter().enumerate() {
        let rack = 10 + r as u64;
        for n in 1..=7u64 {
            let host = format!("{kind}-r{rack}-{n:02}");
            let hi = (rack * 10 + n) as usize;
            out.push_str(&format!("== {host}.bmc.dc1.velo-nord.de\n"));
            if host == "ci-r17-06" {
                out.push_str(
                    "Error: Unable to establish IPMI v2 / RMCP+ session\nUnable to get SEL Info\n",
                );
                continue;
            }
            let mut ev: Sel = Vec::new();
            let cleared = 86_400 * (1 + h(hi, 1101) % 4) + h(hi, 1102) % 86_400;
            ev.push((
                cleared,
                None,
                "Event Logging Disabled #0x72".into(),
                "Log area reset/cleared".into(),
                "Asserted".into(),
            ));
            let count = 45 + h(hi, 1103) % 60;
            for k in 0..count {
                let j = hi * 1000 + k as usize;
                let at = cleared + 600 + (end - cleared - 1200) * k / count + h(j, 1104) % 9_000;
                if at >= end {
                    continue;
                }
                match h(j, 1105) % 20 {
                    0..=2 => {
                        // A reboot: clock sync before and after init, the
                        // OS booting.
                        let pre = 9 + h(j, 1106) % 20;
                        ev.push((
                            at,
                            None,
                            "System Event #0x83".into(),
                            "OEM System boot event".into(),
                            "Asserted".into(),
                        ));
                        ev.push((
                            at + 1,
                            Some(pre),
                            "System Event #0x83".into(),
                            "Timestamp Clock Sync".into(),
                            "Asserted".into(),
                        ));
                        ev.push((
                            at + 2,
                            None,
                            "System Event #0x83".into(),
                            "Timestamp Clock Sync".into(),
                            "Asserted".into(),
                        ));
                        ev.push((
                            at + 95 + h(j, 1107) % 60,
                            None,
                            "OS Boot #0x6f".into(),
                            "C: boot completed".into(),
                            "Asserted".into(),
                        ));
                    }
                    3..=7 => {
                        let dimm = format!(
                            "{}{}",
                            pick(&["A", "B", "C", "D", "E", "F"], j, 1108),
                            1 + h(j, 1109) % 2
                        );
                        ev.push((
                            at,
                            None,
                            "Memory #0x87".into(),
                            format!("Correctable ECC (@DIMM{dimm}(CPU{}))", 1 + h(j, 1110) % 2),
                            "Asserted".into(),
                        ));
                    }
                    8..=10 => {
                        let cpu = 1 + h(j, 1111) % 2;
                        let reading = 86 + h(j, 1112) % 4;
                        ev.push((
                            at,
                            None,
                            format!("Temperature CPU{cpu} Temp"),
                            "Upper Non-critical going high".into(),
                            format!("Asserted | Reading {reading} > Threshold 85 degrees C"),
                        ));
                        ev.push((
                            at + 60 + h(j, 1113) % 900,
                            None,
                            format!("Temperature CPU{cpu} Temp"),
                            "Upper Non-critical going high".into(),
                            "Deasserted | Reading 81 < Threshold 85 degrees C".into(),
                        ));
                    }
                    11..=13 => {
                        let fan = 1 + h(j, 1114) % 6;
                        ev.push((
                            at,
                            None,
                            format!("Fan FAN{fan}"),
                            "Lower Critical going low".into(),
                            format!(
                                "Asserted | Reading {} < Threshold 420 RPM",
                                h(j, 1115) % 3 * 140
                            ),
                        ));
                        ev.push((
                            at + 2 + h(j, 1116) % 20,
                            None,
                            format!("Fan FAN{fan}"),
                            "Lower Critical going low".into(),
                            format!(
                                "Deasserted | Reading {} > Threshold 420 RPM",
                                5_600 + h(j, 1117) % 30 * 70
                            ),
                        ));
                    }
                    14 | 15 => ev.push((
                        at,
                        None,
                        "Critical Interrupt #0x1b".into(),
                        "Bus Correctable error".into(),
                        "Asserted".into(),
                    )),
                    16 => ev.push((
                        at,
                        None,
                        format!("Drive Slot / Bay Disk{}", h(j, 1118) % 12),
                        "Drive Present ()".into(),
                        "Asserted".into(),
                    )),
                    17 => ev.push((
                        at,
                        None,
                        "Watchdog2 #0xca".into(),
                        "Timer interrupt ()".into(),
                        "Asserted".into(),
                    )),
                    18 => ev.push((
                        at,
                        None,
                        "Power Unit #0x01".into(),
                        "Power off/down".into(),
                        "Asserted".into(),
                    )),
                    _ => ev.push((
                        at,
                        None,
                        "Session Audit #0xff".into(),
                        format!("Session Activated , User ID: {}", 2 + h(j, 1119) % 3),
                        "Asserted".into(),
                    )),
                }
            }
            let psu = |ev: &mut Sel, at: u64, unit: &str, event: &str, dir: &str| {
                ev.push((
                    at,
                    None,
                    format!("Power Supply {unit} Status"),
                    event.to_string(),
                    dir.to_string(),
                ));
            };
            let redundancy = |ev: &mut Sel, at: u64, event: &str| {
                ev.push((
                    at,
                    None,
                    "Power Unit PS Redundancy".into(),
                    event.to_string(),
                    "Asserted".into(),
                ));
            };
            // The PDU service night of racks r12–r14.
            if (12..=14).contains(&rack) {
                let at = 44 * 86_400 + 22 * 3600 + 10 * 60 + n * 7;
                psu(&mut ev, at, "PS2", "Power Supply AC lost", "Asserted");
                redundancy(&mut ev, at + 1, "Redundancy Lost");
                psu(
                    &mut ev,
                    at + 1_204 + n,
                    "PS2",
                    "Power Supply AC lost",
                    "Deasserted",
                );
                redundancy(&mut ev, at + 1_205 + n, "Fully Redundant");
            }
            // A blip on the KVM hosts' feed last night.
            if rack == 15 {
                let at = night + 3_160 + n;
                psu(&mut ev, at, "PS1", "Power Supply AC lost", "Asserted");
                redundancy(&mut ev, at + 1, "Redundancy Lost");
                psu(
                    &mut ev,
                    at + 22,
                    "PS1",
                    "Power Supply AC lost",
                    "Deasserted",
                );
                redundancy(&mut ev, at + 23, "Fully Redundant");
            }
            if host == "stor-r14-02" {
                let at = 18 * 86_400 + 14 * 3600 + 1_337;
                psu(&mut ev, at, "PS1", "Failure detected ()", "Asserted");
                redundancy(&mut ev, at + 1, "Redundancy Lost");
                let at = 20 * 86_400 + 10 * 3600 + 412;
                psu(&mut ev, at, "PS1", "Presence detected ()", "Deasserted");
                psu(&mut ev, at + 184, "PS1", "Presence detected ()", "Asserted");
                psu(
                    &mut ev,
                    at + 185,
                    "PS1",
                    "Failure detected ()",
                    "Deasserted",
                );
                redundancy(&mut ev, at + 186, "Fully Redundant");
            }
            if host == "stor-r14-03" {
                let at = night + 2 * 3600 + 41 * 60 + 17;
                psu(&mut ev, at, "PS2", "Failure detected ()", "Asserted");
                redundancy(&mut ev, at + 1, "Redundancy Lost");
            }
            ev.sort_by_key(|e| e.0);
            let first_id = 1 + h(hi, 1120) % 3;
            for (k, (at, pre, sensor, event, dir)) in ev.iter().enumerate() {
                let id = format!("{:>4x}", first_id + k as u64);
                let when = match pre {
                    Some(c) => format!("Pre-Init  |{c:010}|"),
                    None => format!("{} | {} |", us_date(at / 86_400), clock(at % 86_400)),
                };
                out.push_str(&format!("{id} | {when} {sensor} | {event} | {dir}\n"));
            }
        }
    }
    Case::fact(
        "ipmitool sel elist, the dead power supply",
        out,
        "Overnight one of our servers lost a power supply and it hasn't come back. Which server is it, and which of its power supplies died?",
        &["stor-r14-03", "PS2"],
    )
}

/// One CloudWatch metric alarm as Terraform or a person made it.
struct AlarmSpec {
    name: String,
    description: String,
    namespace: &'static str,
    metric: &'static str,
    statistic: &'static str,
    dimensions: Vec<(&'static str, String)>,
    period: u64,
    evaluations: u64,
    threshold: f64,
    operator: &'static str,
    topic: &'static str,
}

/// `2026-MM-DDTHH:MM:SS.mmm000+00:00`, as the AWS CLI prints a time.
fn aws_time(month: u64, day: u64, s: u64, ms: u64) -> String {
    format!("2026-{month:02}-{day:02}T{}.{ms:03}000+00:00", clock(s))
}

/// The alarm `spec` in `state` (`ALARM`, `OK`, `INSUFFICIENT_DATA`), its
/// recent datapoints `values`; `recovered`: an OK that was an ALARM this
/// morning.
fn alarm(i: usize, spec: &AlarmSpec, state: &str, values: &[f64], recovered: bool) -> Value {
    let account = "481516234200";
    let region = "eu-central-1";
    let (cmp, not_cmp) = match spec.operator {
        "LessThanThreshold" => ("less than", "not less than"),
        "GreaterThanOrEqualToThreshold" => {
            ("greater than or equal to", "not greater than or equal to")
        }
        _ => ("greater than", "not greater than"),
    };
    // When the state last changed: this morning for alarms and recoveries,
    // days ago for the rest.
    let (day, s) = if state == "ALARM" || recovered {
        (27, 6 * 3600 + h(i, 1201) % 10_000)
    } else {
        (1 + h(i, 1202) % 26, h(i, 1203) % 86_400)
    };
    let s = s.max(3 * 3600);
    // The reason is of the state change: its query then, its datapoints
    // just before.
    let query_s = s;
    let dp = |k: u64| {
        let at = query_s - 120 - k * spec.period;
        (
            format!("{day:02}/11/26 {}", clock(at - at % 60)),
            format!("2026-11-{day:02}T{}.000+0000", clock(at - at % 60)),
        )
    };
    let thr = format!("{:.1}", spec.threshold);
    let list = |n: usize| -> String {
        (0..n)
            .map(|k| format!("{:.1} ({})", values[k], dp(k as u64).0))
            .collect::<Vec<_>>()
            .join(", ")
    };
    let reason = match state {
        "ALARM" => format!(
            "Threshold Crossed: {n} out of the last {n} datapoints [{}] were {cmp} the threshold ({thr}) (minimum {n} datapoints for OK -> ALARM transition).",
            list(values.len()),
            n = values.len()
        ),
        "INSUFFICIENT_DATA" => "Insufficient Data: 1 datapoint was unknown.".to_string(),
        _ if recovered => format!(
            "Threshold Crossed: 1 out of the last {} datapoints [{}] was {not_cmp} the threshold ({thr}) (minimum 1 datapoint for ALARM -> OK transition).",
            spec.evaluations,
            list(1)
        ),
        _ => format!(
            "Threshold Crossed: 1 datapoint [{}] was {not_cmp} the threshold ({thr}).",
            list(1)
        ),
    };
    let recent: Vec<Value> = if state == "INSUFFICIENT_DATA" {
        Vec::new()
    } else {
        values.iter().map(|v| json!(v)).collect()
    };
    let evaluated: Vec<Value> = if state == "INSUFFICIENT_DATA" {
        vec![json!({"timestamp": dp(0).1})]
    } else {
        (0..values.len())
            .map(|k| json!({"timestamp": dp(k as u64).1, "sampleCount": 5.0, "value": values[k]}))
            .collect()
    };
    let reason_data = json!({
        "version": "1.0",
        "queryDate": format!("2026-11-{day:02}T{}.{:03}+0000", clock(query_s), h(i, 1205) % 1000),
        "startDate": dp(values.len().max(1) as u64 - 1).1,
        "statistic": spec.statistic,
        "period": spec.period,
        "recentDatapoints": recent,
        "threshold": spec.threshold,
        "evaluatedDatapoints": evaluated
    })
    .to_string();
    let topic = format!("arn:aws:sns:{region}:{account}:{}", spec.topic);
    let mut a = serde_json::Map::new();
    let mut put = |k: &str, v: Value| {
        a.insert(k.to_string(), v);
    };
    put("AlarmName", json!(spec.name));
    put(
        "AlarmArn",
        json!(format!(
            "arn:aws:cloudwatch:{region}:{account}:alarm:{}",
            spec.name
        )),
    );
    if !spec.description.is_empty() {
        put("AlarmDescription", json!(spec.description));
    }
    put(
        "AlarmConfigurationUpdatedTimestamp",
        json!(aws_time(
            1 + h(i, 1206) % 10,
            1 + h(i, 1207) % 28,
            h(i, 1208) % 86_400,
            h(i, 1209) % 1000
        )),
    );
    put("ActionsEnabled", json!(true));
    put(
        "OKActions",
        if h(i, 1210).is_multiple_of(2) {
            json!([topic])
        } else {
            json!([])
        },
    );
    put("AlarmActions", json!([topic]));
    put("InsufficientDataActions", json!([]));
    put("StateValue", json!(state));
    put("StateReason", json!(reason));
    put("StateReasonData", json!(reason_data));
    put(
        "StateUpdatedTimestamp",
        json!(aws_time(11, day, s, h(i, 1211) % 1000)),
    );
    put("MetricName", json!(spec.metric));
    put("Namespace", json!(spec.namespace));
    put("Statistic", json!(spec.statistic));
    put(
        "Dimensions",
        Value::Array(
            (spec.dimensions.iter())
                .map(|(n, v)| json!({"Name": n, "Value": v}))
                .collect(),
        ),
    );
    put("Period", json!(spec.period));
    put("EvaluationPeriods", json!(spec.evaluations));
    if spec.evaluations > 1 {
        put("DatapointsToAlarm", json!(spec.evaluations));
    }
    put("Threshold", json!(spec.threshold));
    put("ComparisonOperator", json!(spec.operator));
    put(
        "TreatMissingData",
        json!(
            if spec.namespace == "AWS/SQS" || spec.namespace == "AWS/Lambda" {
                "notBreaching"
            } else {
                "missing"
            }
        ),
    );
    put(
        "StateTransitionedTimestamp",
        json!(aws_time(11, day, s, h(i, 1211) % 1000)),
    );
    Value::Object(a)
}

/// `aws cloudwatch describe-alarms --region eu-central-1` (AWS CLI 2, its
/// JSON, four-space indents, alarms by name) of a shop's production
/// account: some 450 alarms Terraform made for EC2 instances, RDS
/// databases, load balancers, SQS queues, Lambda functions and DynamoDB
/// tables, and a few named by people (`ledger: replica lag (P1)`). About
/// one in eleven has no data; the rest are `OK`, some of them since an
/// `ALARM` this morning (their reasons name the threshold crossed and the
/// `ALARM -> OK` transition); descriptions say they page "while in
/// ALARM". One alarm is in `ALARM`: `ledger: replica disk almost full
/// (P1)`, the free storage of `ledger-prod-replica-2` under 10 GiB.
fn cloudwatch_alarm_on() -> Case {
    let ec2: Vec<String> = (0..64)
        .map(|k| format!("i-0{}", hex(k, 1220, 16)))
        .collect();
    let dbs = [
        "orders-prod",
        "orders-prod-replica-1",
        "ledger-prod",
        "ledger-prod-replica-1",
        "ledger-prod-replica-2",
        "catalog-prod",
        "catalog-prod-replica-1",
        "auth-prod",
        "analytics-prod",
        "reporting-prod",
        "inventory-prod",
        "inventory-prod-replica-1",
        "loyalty-prod",
        "search-meta-prod",
        "billing-prod",
        "billing-prod-replica-1",
    ];
    let services = [
        "checkout",
        "catalog",
        "search",
        "account",
        "cart",
        "payments",
        "ledger",
        "images",
        "admin",
        "partner-api",
        "webhooks",
        "graphql",
        "auth",
        "recommend",
        "stock",
        "shipping",
        "returns",
        "cms",
        "loyalty",
        "reviews",
    ];
    let queues = [
        "orders-created",
        "payments-captured",
        "payments-settlement",
        "stock-sync",
        "mail-transactional",
        "invoices-render",
        "webhooks-outbound",
        "search-reindex",
        "loyalty-accrual",
        "returns-inbound",
        "images-resize",
        "shipping-labels",
    ];
    let functions = [
        "image-thumbnailer",
        "invoice-pdf",
        "sitemap-builder",
        "stripe-webhook",
        "paypal-ipn",
        "feed-export-google",
        "feed-export-idealo",
        "newsletter-unsubscribe",
        "price-watch",
        "abandoned-cart-mailer",
        "geo-ip-lookup",
        "report-nightly",
        "cognito-pre-signup",
        "cognito-post-confirm",
        "log-shipper",
        "backup-verify",
        "tax-rates-sync",
        "slack-notifier",
    ];
    let tables = [
        "sessions",
        "carts",
        "rate-limits",
        "feature-flags",
        "idempotency-keys",
        "price-cache",
        "wishlists",
        "stock-reservations",
        "webhook-deliveries",
        "search-suggest",
    ];
    let mut specs: Vec<AlarmSpec> = Vec::new();
    let tf = |what: &str| format!("Managed by Terraform. {what}");
    let page = |what: &str, metric: &str| {
        format!(
            "{what} Pages on-call via PagerDuty while in ALARM. Runbook: https://wiki.velo-nord.de/runbooks/{}",
            metric.to_lowercase()
        )
    };
    for id in &ec2 {
        specs.push(AlarmSpec {
            name: format!("ec2-{id}-cpu-high"),
            description: tf(&format!("CPU above 85% for 15 minutes on {id}.")),
            namespace: "AWS/EC2",
            metric: "CPUUtilization",
            statistic: "Average",
            dimensions: vec![("InstanceId", id.clone())],
            period: 300,
            evaluations: 3,
            threshold: 85.0,
            operator: "GreaterThanThreshold",
            topic: "ops-alerts",
        });
        specs.push(AlarmSpec {
            name: format!("ec2-{id}-status-check-failed"),
            description: tf("Instance or system status check failing."),
            namespace: "AWS/EC2",
            metric: "StatusCheckFailed",
            statistic: "Maximum",
            dimensions: vec![("InstanceId", id.clone())],
            period: 60,
            evaluations: 2,
            threshold: 1.0,
            operator: "GreaterThanOrEqualToThreshold",
            topic: "ops-alerts",
        });
        specs.push(AlarmSpec {
            name: format!("cwagent-{id}-disk-root"),
            description: tf("Root volume above 85% used."),
            namespace: "CWAgent",
            metric: "disk_used_percent",
            statistic: "Average",
            dimensions: vec![
                ("InstanceId", id.clone()),
                ("path", "/".into()),
                ("device", "nvme0n1p1".into()),
                ("fstype", "xfs".into()),
            ],
            period: 300,
            evaluations: 1,
            threshold: 85.0,
            operator: "GreaterThanThreshold",
            topic: "ops-alerts",
        });
    }
    for db in dbs {
        let replica = db.contains("replica");
        specs.push(AlarmSpec {
            name: format!("rds-{db}-cpu-high"),
            description: tf(&format!("CPU of {db} above 80%.")),
            namespace: "AWS/RDS",
            metric: "CPUUtilization",
            statistic: "Average",
            dimensions: vec![("DBInstanceIdentifier", db.to_string())],
            period: 300,
            evaluations: 3,
            threshold: 80.0,
            operator: "GreaterThanThreshold",
            topic: "ops-alerts",
        });
        if db != "ledger-prod-replica-2" {
            specs.push(AlarmSpec {
                name: format!("rds-{db}-free-storage-low"),
                description: tf(&format!("Less than 10 GiB of storage left on {db}.")),
                namespace: "AWS/RDS",
                metric: "FreeStorageSpace",
                statistic: "Minimum",
                dimensions: vec![("DBInstanceIdentifier", db.to_string())],
                period: 300,
                evaluations: 3,
                threshold: 10_737_418_240.0,
                operator: "LessThanThreshold",
                topic: "ops-alerts",
            });
        }
        specs.push(AlarmSpec {
            name: format!("rds-{db}-freeable-memory-low"),
            description: tf("Freeable memory under 1 GiB."),
            namespace: "AWS/RDS",
            metric: "FreeableMemory",
            statistic: "Average",
            dimensions: vec![("DBInstanceIdentifier", db.to_string())],
            period: 300,
            evaluations: 3,
            threshold: 1_073_741_824.0,
            operator: "LessThanThreshold",
            topic: "ops-alerts",
        });
        specs.push(AlarmSpec {
            name: format!("rds-{db}-connections-high"),
            description: tf("More than 900 connections."),
            namespace: "AWS/RDS",
            metric: "DatabaseConnections",
            statistic: "Maximum",
            dimensions: vec![("DBInstanceIdentifier", db.to_string())],
            period: 60,
            evaluations: 5,
            threshold: 900.0,
            operator: "GreaterThanThreshold",
            topic: "ops-alerts",
        });
        if replica {
            specs.push(AlarmSpec {
                name: format!("rds-{db}-replica-lag-high"),
                description: tf("Replica more than 60 s behind its primary."),
                namespace: "AWS/RDS",
                metric: "ReplicaLag",
                statistic: "Maximum",
                dimensions: vec![("DBInstanceIdentifier", db.to_string())],
                period: 60,
                evaluations: 5,
                threshold: 60.0,
                operator: "GreaterThanThreshold",
                topic: "ops-alerts",
            });
        }
    }
    for (k, svc) in services.iter().enumerate() {
        let lb = format!("app/{svc}-prod-alb/{}", hex(k, 1221, 16));
        let tg = format!("targetgroup/{svc}-prod/{}", hex(k, 1222, 16));
        specs.push(AlarmSpec {
            name: format!("alb-{svc}-5xx-high"),
            description: tf(&format!("More than 50 target 5xx a minute on {svc}.")),
            namespace: "AWS/ApplicationELB",
            metric: "HTTPCode_Target_5XX_Count",
            statistic: "Sum",
            dimensions: vec![("LoadBalancer", lb.clone()), ("TargetGroup", tg.clone())],
            period: 60,
            evaluations: 3,
            threshold: 50.0,
            operator: "GreaterThanThreshold",
            topic: "ops-alerts",
        });
        specs.push(AlarmSpec {
            name: format!("alb-{svc}-unhealthy-hosts"),
            description: tf("At least one target unhealthy."),
            namespace: "AWS/ApplicationELB",
            metric: "UnHealthyHostCount",
            statistic: "Maximum",
            dimensions: vec![("LoadBalancer", lb.clone()), ("TargetGroup", tg.clone())],
            period: 60,
            evaluations: 3,
            threshold: 1.0,
            operator: "GreaterThanOrEqualToThreshold",
            topic: "ops-alerts",
        });
        specs.push(AlarmSpec {
            name: format!("alb-{svc}-latency-high"),
            description: tf("Average target response time above 1.5 s."),
            namespace: "AWS/ApplicationELB",
            metric: "TargetResponseTime",
            statistic: "Average",
            dimensions: vec![("LoadBalancer", lb), ("TargetGroup", tg)],
            period: 300,
            evaluations: 2,
            threshold: 1.5,
            operator: "GreaterThanThreshold",
            topic: "ops-alerts",
        });
    }
    for q in queues {
        specs.push(AlarmSpec {
            name: format!("sqs-{q}-oldest-message-age"),
            description: tf("Oldest message waiting more than 15 minutes."),
            namespace: "AWS/SQS",
            metric: "ApproximateAgeOfOldestMessage",
            statistic: "Maximum",
            dimensions: vec![("QueueName", q.to_string())],
            period: 300,
            evaluations: 1,
            threshold: 900.0,
            operator: "GreaterThanThreshold",
            topic: "ops-alerts",
        });
        specs.push(AlarmSpec {
            name: format!("sqs-{q}-dlq-not-empty"),
            description: tf("Messages in the dead-letter queue."),
            namespace: "AWS/SQS",
            metric: "ApproximateNumberOfMessagesVisible",
            statistic: "Maximum",
            dimensions: vec![("QueueName", format!("{q}-dlq"))],
            period: 300,
            evaluations: 1,
            threshold: 0.0,
            operator: "GreaterThanThreshold",
            topic: "dev-notifications",
        });
    }
    for f in functions {
        specs.push(AlarmSpec {
            name: format!("lambda-{f}-errors"),
            description: tf("More than 5 errors in 5 minutes."),
            namespace: "AWS/Lambda",
            metric: "Errors",
            statistic: "Sum",
            dimensions: vec![("FunctionName", f.to_string())],
            period: 300,
            evaluations: 1,
            threshold: 5.0,
            operator: "GreaterThanThreshold",
            topic: "dev-notifications",
        });
        specs.push(AlarmSpec {
            name: format!("lambda-{f}-throttles"),
            description: tf("Invocations throttled."),
            namespace: "AWS/Lambda",
            metric: "Throttles",
            statistic: "Sum",
            dimensions: vec![("FunctionName", f.to_string())],
            period: 300,
            evaluations: 1,
            threshold: 0.0,
            operator: "GreaterThanThreshold",
            topic: "dev-notifications",
        });
    }
    for t in tables {
        for (op, what) in [("read", "Read"), ("write", "Write")] {
            specs.push(AlarmSpec {
                name: format!("dynamodb-{t}-{op}-throttled"),
                description: tf(&format!("{what} requests throttled on {t}.")),
                namespace: "AWS/DynamoDB",
                metric: if op == "read" {
                    "ReadThrottleEvents"
                } else {
                    "WriteThrottleEvents"
                },
                statistic: "Sum",
                dimensions: vec![("TableName", t.to_string())],
                period: 60,
                evaluations: 2,
                threshold: 0.0,
                operator: "GreaterThanThreshold",
                topic: "ops-alerts",
            });
        }
    }
    // Named by people, for the pager.
    let human: [(&str, &str, &str, &str, &str, f64, &str); 6] = [
        (
            "checkout: 5xx burst (P1)",
            "Checkout is failing for customers.",
            "AWS/ApplicationELB",
            "HTTPCode_Target_5XX_Count",
            "checkout",
            200.0,
            "GreaterThanThreshold",
        ),
        (
            "ledger: replica lag (P1)",
            "The ledger read replica is falling behind; reports read stale balances.",
            "AWS/RDS",
            "ReplicaLag",
            "ledger-prod-replica-2",
            300.0,
            "GreaterThanThreshold",
        ),
        (
            "ledger: disk almost full (P2)",
            "Free storage on the ledger primary below 10 GiB.",
            "AWS/RDS",
            "FreeStorageSpace",
            "ledger-prod",
            10_737_418_240.0,
            "LessThanThreshold",
        ),
        (
            "ledger: replica disk almost full (P1)",
            "Free storage on the ledger read replica below 10 GiB. When it runs out the replica stops replicating.",
            "AWS/RDS",
            "FreeStorageSpace",
            "ledger-prod-replica-2",
            10_737_418_240.0,
            "LessThanThreshold",
        ),
        (
            "payments: settlement queue stuck (P2)",
            "Settlement messages waiting more than an hour.",
            "AWS/SQS",
            "ApproximateAgeOfOldestMessage",
            "payments-settlement",
            3600.0,
            "GreaterThanThreshold",
        ),
        (
            "search: indexer lagging (P3)",
            "Reindex queue older than 30 minutes.",
            "AWS/SQS",
            "ApproximateAgeOfOldestMessage",
            "search-reindex",
            1800.0,
            "GreaterThanThreshold",
        ),
    ];
    for (name, what, ns, metric, res, thr, op) in human {
        let dim = match ns {
            "AWS/RDS" => ("DBInstanceIdentifier", res.to_string()),
            "AWS/SQS" => ("QueueName", res.to_string()),
            _ => (
                "LoadBalancer",
                format!("app/{res}-prod-alb/{}", hex(0, 1221, 16)),
            ),
        };
        specs.push(AlarmSpec {
            name: name.to_string(),
            description: page(what, metric),
            namespace: ns,
            metric,
            statistic: if ns == "AWS/ApplicationELB" {
                "Sum"
            } else {
                "Maximum"
            },
            dimensions: vec![dim],
            period: 300,
            evaluations: 3,
            threshold: thr,
            operator: op,
            topic: "pagerduty-p1",
        });
    }
    specs.sort_by(|a, b| a.name.cmp(&b.name));
    let planted = "ledger: replica disk almost full (P1)";
    let mut alarms: Vec<Value> = Vec::new();
    for (i, spec) in specs.iter().enumerate() {
        // A value on the quiet side of the threshold.
        let quiet = |k: u64| -> f64 {
            let r = (h(i * 8 + k as usize, 1230) % 1000) as f64 / 1000.0;
            let v = match spec.operator {
                "LessThanThreshold" => spec.threshold * (1.4 + 3.0 * r),
                _ if spec.threshold == 0.0 => 0.0,
                _ => spec.threshold * (0.05 + 0.7 * r),
            };
            (v * 10.0).round() / 10.0
        };
        let (state, values, recovered) = if spec.name == planted {
            (
                "ALARM",
                vec![8_203_091_968.0, 8_268_709_888.0, 8_334_327_808.0],
                false,
            )
        } else {
            let roll = h(i, 1231) % 100;
            if (roll < 9 && !spec.name.contains(": ")) || spec.name.starts_with("payments:") {
                ("INSUFFICIENT_DATA", vec![], false)
            } else {
                let recovered = roll >= 82
                    || spec.name.starts_with("checkout:")
                    || spec.name.starts_with("ledger: disk");
                ("OK", vec![quiet(0), quiet(1), quiet(2)], recovered)
            }
        };
        alarms.push(alarm(i, spec, state, &values, recovered));
    }
    let doc = json!({"MetricAlarms": alarms, "CompositeAlarms": []});
    Case::fact(
        "CloudWatch describe-alarms, the alarm that is on",
        pretty(&doc, b"    ") + "\n",
        "Has any of our CloudWatch alarms gone off and is still going off right now? Which alarm is it, and which database or server is it watching?",
        &["ledger: replica disk almost full (P1)", "ledger-prod-replica-2"],
    )
    .with_jq(
        ".MetricAlarms[] | select(.StateValue == \"ALARM\") | .AlarmName, .Dimensions[].Value",
        vec![
            jq_string("ledger: replica disk almost full (P1)"),
            jq_string("ledger-prod-replica-2"),
        ],
    )
}

/// One Java archive as syft catalogues it: `outer` the file in the image,
/// `inner` the path of a nested jar in it (or none).
fn java_artifact(
    k: usize,
    layer: &str,
    outer: &str,
    inner: Option<&str>,
    gav: (&str, &str, &str),
) -> Value {
    let (group, name, version) = gav;
    let vendor = group.split('.').nth(1).unwrap_or(group).to_lowercase();
    let virtual_path = match inner {
        Some(dir) => format!("{outer}:{dir}/{name}-{version}.jar"),
        None => outer.to_string(),
    };
    let creator = pick(
        &[
            "Maven JAR Plugin 3.3.0",
            "Apache Maven Bundle Plugin 5.1.8",
            "Gradle 8.2.1",
            "Apache Maven 3.8.6",
            "bnd",
        ],
        k,
        1301,
    );
    let licenses = if h(k, 1302).is_multiple_of(3) {
        json!([])
    } else {
        json!([{"value": "Apache-2.0", "spdxExpression": "Apache-2.0", "type": "declared", "urls": [], "locations": []}])
    };
    json!({
        "id": hex(k, 1303, 16),
        "name": name,
        "version": version,
        "type": "java-archive",
        "foundBy": "java-archive-cataloger",
        "locations": [{
            "path": outer,
            "layerID": layer,
            "accessPath": outer,
            "annotations": {"evidence": "primary"}
        }],
        "licenses": licenses,
        "language": "java",
        "cpes": [
            {"cpe": format!("cpe:2.3:a:{vendor}:{name}:{version}:*:*:*:*:*:*:*"), "source": "syft-generated"},
            {"cpe": format!("cpe:2.3:a:{name}:{name}:{version}:*:*:*:*:*:*:*"), "source": "syft-generated"}
        ],
        "purl": format!("pkg:maven/{group}/{name}@{version}"),
        "metadataType": "java-archive",
        "metadata": {
            "virtualPath": virtual_path,
            "manifest": {"main": [
                {"key": "Manifest-Version", "value": "1.0"},
                {"key": "Created-By", "value": creator},
                {"key": "Build-Jdk-Spec", "value": pick(&["1.8", "11", "17"], k, 1304)},
                {"key": "Implementation-Title", "value": name},
                {"key": "Implementation-Version", "value": version},
                {"key": "Automatic-Module-Name", "value": format!("{group}.{}", name.replace('-', "."))}
            ]},
            "pomProperties": {
                "path": format!("META-INF/maven/{group}/{name}/pom.properties"),
                "name": "",
                "groupId": group,
                "artifactId": name,
                "version": version
            },
            "digest": [{"algorithm": "sha1", "value": hex(k, 1305, 40)}]
        }
    })
}

/// `syft registry.velo-nord.de/billing/billing-service:4.12.0 -o json`
/// (syft 1.4, its JSON with one-space indents): the Debian 12 packages of
/// the base image (each with its files), the Spring Boot service's jar and
/// the 140 jars nested in it (`log4j-api` and `log4j-to-slf4j` 2.20.0,
/// which route log4j's API to logback), an invoice plugin with its own
/// libraries, and an old reporting tool with log4j 1.2.17 and
/// `log4j-over-slf4j`. Debian's `fontconfig` is version 2.14.1-4. The
/// plugin bundles `log4j-core` 2.14.1 (and its `log4j-api` 2.14.1).
fn syft_log4j_core() -> Case {
    let debs: [(&str, &str); 111] = [
        ("adduser", "3.134"),
        ("apt", "2.6.1"),
        ("base-files", "12.4+deb12u5"),
        ("base-passwd", "3.6.1"),
        ("bash", "5.2.15-2+b2"),
        ("bsdutils", "1:2.38.1-5+b1"),
        ("ca-certificates", "20230311"),
        ("coreutils", "9.1-1"),
        ("curl", "7.88.1-10+deb12u5"),
        ("dash", "0.5.12-2"),
        ("debconf", "1.5.82"),
        ("debian-archive-keyring", "2023.3+deb12u1"),
        ("debianutils", "5.7-0.5~deb12u1"),
        ("diffutils", "1:3.8-4"),
        ("dpkg", "1.21.22"),
        ("e2fsprogs", "1.47.0-2"),
        ("findutils", "4.9.0-4"),
        ("fontconfig-config", "2.14.1-4"),
        ("fonts-dejavu-core", "2.37-6"),
        ("gcc-12-base", "12.2.0-14"),
        ("gpgv", "2.2.40-1.1"),
        ("grep", "3.8-5"),
        ("gzip", "1.12-1"),
        ("hostname", "3.23+nmu1"),
        ("init-system-helpers", "1.65.2"),
        ("java-common", "0.75+exp1"),
        ("libacl1", "2.3.1-3"),
        ("libapt-pkg6.0", "2.6.1"),
        ("libasound2", "1.2.8-1+b1"),
        ("libattr1", "1:2.5.1-4"),
        ("libaudit-common", "1:3.0.9-1"),
        ("libaudit1", "1:3.0.9-1"),
        ("libblkid1", "2.38.1-5+b1"),
        ("libbrotli1", "1.0.9-2+b6"),
        ("libbz2-1.0", "1.0.8-5+b1"),
        ("libc-bin", "2.36-9+deb12u4"),
        ("libc6", "2.36-9+deb12u4"),
        ("libcap-ng0", "0.8.3-1+b3"),
        ("libcap2", "1:2.66-4"),
        ("libcom-err2", "1.47.0-2"),
        ("libcrypt1", "1:4.4.33-2"),
        ("libcurl4", "7.88.1-10+deb12u5"),
        ("libdb5.3", "5.3.28+dfsg2-1"),
        ("libdebconfclient0", "0.270"),
        ("libexpat1", "2.5.0-1"),
        ("libext2fs2", "1.47.0-2"),
        ("libffi8", "3.4.4-1"),
        ("libfontconfig1", "2.14.1-4"),
        ("libfreetype6", "2.12.1+dfsg-5"),
        ("libgcc-s1", "12.2.0-14"),
        ("libgcrypt20", "1.10.1-3"),
        ("libgmp10", "2:6.2.1+dfsg1-1.1"),
        ("libgnutls30", "3.7.9-2+deb12u2"),
        ("libgpg-error0", "1.46-1"),
        ("libgssapi-krb5-2", "1.20.1-2+deb12u1"),
        ("libhogweed6", "3.8.1-2"),
        ("libidn2-0", "2.3.3-1+b1"),
        ("libjpeg62-turbo", "1:2.1.5-2"),
        ("libk5crypto3", "1.20.1-2+deb12u1"),
        ("libkeyutils1", "1.6.3-2"),
        ("libkrb5-3", "1.20.1-2+deb12u1"),
        ("libkrb5support0", "1.20.1-2+deb12u1"),
        ("liblcms2-2", "2.14-2"),
        ("libldap-2.5-0", "2.5.13+dfsg-5"),
        ("liblz4-1", "1.9.4-1"),
        ("liblzma5", "5.4.1-0.2"),
        ("libmd0", "1.0.4-2"),
        ("libmount1", "2.38.1-5+b1"),
        ("libncursesw6", "6.4-4"),
        ("libnettle8", "3.8.1-2"),
        ("libnghttp2-14", "1.52.0-1+deb12u1"),
        ("libnsl2", "1.3.0-2"),
        ("libp11-kit0", "0.24.1-2"),
        ("libpam-modules", "1.5.2-6+deb12u1"),
        ("libpam-modules-bin", "1.5.2-6+deb12u1"),
        ("libpam-runtime", "1.5.2-6+deb12u1"),
        ("libpam0g", "1.5.2-6+deb12u1"),
        ("libpcre2-8-0", "10.42-1"),
        ("libpcsclite1", "1.9.9-2"),
        ("libpng16-16", "1.6.39-2"),
        ("libpsl5", "0.21.2-1"),
        ("librtmp1", "2.4+20151223.gitfa8646d.1-2+b2"),
        ("libsasl2-2", "2.1.28+dfsg-10"),
        ("libsasl2-modules-db", "2.1.28+dfsg-10"),
        ("libseccomp2", "2.5.4-1+b3"),
        ("libselinux1", "3.4-1+b6"),
        ("libsemanage-common", "3.4-1"),
        ("libsemanage2", "3.4-1+b5"),
        ("libsepol2", "3.4-2.1"),
        ("libsmartcols1", "2.38.1-5+b1"),
        ("libsqlite3-0", "3.40.1-2"),
        ("libss2", "1.47.0-2"),
        ("libssh2-1", "1.10.0-3+b1"),
        ("libssl3", "3.0.11-1~deb12u2"),
        ("libstdc++6", "12.2.0-14"),
        ("libsystemd0", "252.22-1~deb12u1"),
        ("libtasn1-6", "4.19.0-2"),
        ("libtinfo6", "6.4-4"),
        ("libudev1", "252.22-1~deb12u1"),
        ("libunistring2", "1.0-2"),
        ("libuuid1", "2.38.1-5+b1"),
        ("libxxhash0", "0.8.1-1"),
        ("libzstd1", "1.5.4+dfsg2-5"),
        ("login", "1:4.13+dfsg1-1+b1"),
        ("mawk", "1.3.4.20200120-3.1"),
        ("mount", "2.38.1-5+b1"),
        ("ncurses-base", "6.4-4"),
        ("openjdk-17-jre-headless", "17.0.10+7-1~deb12u1"),
        ("openssl", "3.0.11-1~deb12u2"),
        ("perl-base", "5.36.0-7+deb12u1"),
        ("zlib1g", "1:1.2.13.dfsg-1"),
    ];
    let boot: Vec<(&str, &str, &str)> = {
        let mut v: Vec<(&str, &str, &str)> = Vec::new();
        for a in [
            "spring-boot",
            "spring-boot-autoconfigure",
            "spring-boot-actuator",
            "spring-boot-actuator-autoconfigure",
            "spring-boot-jarmode-layertools",
        ] {
            v.push(("org.springframework.boot", a, "3.1.5"));
        }
        for a in [
            "spring-core",
            "spring-beans",
            "spring-context",
            "spring-aop",
            "spring-expression",
            "spring-web",
            "spring-webmvc",
            "spring-jdbc",
            "spring-tx",
            "spring-orm",
            "spring-jcl",
            "spring-messaging",
        ] {
            v.push(("org.springframework", a, "6.0.13"));
        }
        v.push(("org.springframework.data", "spring-data-jpa", "3.1.5"));
        v.push(("org.springframework.data", "spring-data-commons", "3.1.5"));
        for a in [
            "spring-security-core",
            "spring-security-web",
            "spring-security-config",
            "spring-security-crypto",
            "spring-security-oauth2-resource-server",
            "spring-security-oauth2-jose",
            "spring-security-oauth2-core",
        ] {
            v.push(("org.springframework.security", a, "6.1.5"));
        }
        v.push(("com.fasterxml.jackson.core", "jackson-databind", "2.15.3"));
        v.push(("com.fasterxml.jackson.core", "jackson-core", "2.15.3"));
        v.push((
            "com.fasterxml.jackson.core",
            "jackson-annotations",
            "2.15.3",
        ));
        v.push((
            "com.fasterxml.jackson.datatype",
            "jackson-datatype-jsr310",
            "2.15.3",
        ));
        v.push((
            "com.fasterxml.jackson.datatype",
            "jackson-datatype-jdk8",
            "2.15.3",
        ));
        v.push((
            "com.fasterxml.jackson.module",
            "jackson-module-parameter-names",
            "2.15.3",
        ));
        for a in [
            "tomcat-embed-core",
            "tomcat-embed-el",
            "tomcat-embed-websocket",
        ] {
            v.push(("org.apache.tomcat.embed", a, "10.1.15"));
        }
        v.extend([
            ("org.hibernate.orm", "hibernate-core", "6.2.13.Final"),
            (
                "org.hibernate.validator",
                "hibernate-validator",
                "8.0.1.Final",
            ),
            (
                "org.hibernate.common",
                "hibernate-commons-annotations",
                "6.0.6.Final",
            ),
            ("com.zaxxer", "HikariCP", "5.0.1"),
            ("org.postgresql", "postgresql", "42.6.0"),
            ("org.flywaydb", "flyway-core", "9.16.3"),
            ("io.micrometer", "micrometer-core", "1.11.5"),
            ("io.micrometer", "micrometer-commons", "1.11.5"),
            ("io.micrometer", "micrometer-observation", "1.11.5"),
            ("io.micrometer", "micrometer-registry-prometheus", "1.11.5"),
            ("io.prometheus", "simpleclient", "0.16.0"),
            ("io.prometheus", "simpleclient_common", "0.16.0"),
            ("ch.qos.logback", "logback-classic", "1.4.11"),
            ("ch.qos.logback", "logback-core", "1.4.11"),
            ("org.slf4j", "slf4j-api", "2.0.9"),
            ("org.slf4j", "jul-to-slf4j", "2.0.9"),
            ("org.apache.logging.log4j", "log4j-api", "2.20.0"),
            ("org.apache.logging.log4j", "log4j-to-slf4j", "2.20.0"),
            ("org.yaml", "snakeyaml", "1.33"),
            ("jakarta.annotation", "jakarta.annotation-api", "2.1.1"),
            ("jakarta.persistence", "jakarta.persistence-api", "3.1.0"),
            ("jakarta.transaction", "jakarta.transaction-api", "2.0.1"),
            ("jakarta.validation", "jakarta.validation-api", "3.0.2"),
            ("jakarta.xml.bind", "jakarta.xml.bind-api", "4.0.1"),
            ("jakarta.activation", "jakarta.activation-api", "2.1.2"),
            ("net.bytebuddy", "byte-buddy", "1.14.9"),
            ("org.antlr", "antlr4-runtime", "4.10.1"),
            ("org.jboss.logging", "jboss-logging", "3.5.3.Final"),
            ("com.fasterxml", "classmate", "1.5.1"),
            ("io.smallrye", "jandex", "3.0.5"),
            ("org.apache.commons", "commons-lang3", "3.12.0"),
            ("commons-codec", "commons-codec", "1.15"),
            ("commons-io", "commons-io", "2.13.0"),
            ("org.apache.commons", "commons-text", "1.10.0"),
            ("com.google.guava", "guava", "32.1.3-jre"),
            ("com.google.guava", "failureaccess", "1.0.1"),
            ("com.google.code.findbugs", "jsr305", "3.0.2"),
            ("org.checkerframework", "checker-qual", "3.37.0"),
            ("com.google.errorprone", "error_prone_annotations", "2.21.1"),
            ("com.google.j2objc", "j2objc-annotations", "2.8"),
            ("io.projectreactor", "reactor-core", "3.5.11"),
            ("org.reactivestreams", "reactive-streams", "1.0.4"),
            ("org.apache.kafka", "kafka-clients", "3.4.1"),
            ("org.lz4", "lz4-java", "1.8.0"),
            ("org.xerial.snappy", "snappy-java", "1.1.10.5"),
            ("com.github.luben", "zstd-jni", "1.5.5-1"),
            ("org.springframework.kafka", "spring-kafka", "3.0.12"),
            ("org.springframework.retry", "spring-retry", "2.0.4"),
            ("org.apache.httpcomponents", "httpclient", "4.5.14"),
            ("org.apache.httpcomponents", "httpcore", "4.4.16"),
            ("io.jsonwebtoken", "jjwt-api", "0.11.5"),
            ("io.jsonwebtoken", "jjwt-impl", "0.11.5"),
            ("io.jsonwebtoken", "jjwt-jackson", "0.11.5"),
            ("org.bouncycastle", "bcprov-jdk18on", "1.76"),
            ("org.bouncycastle", "bcpkix-jdk18on", "1.76"),
            ("org.bouncycastle", "bcutil-jdk18on", "1.76"),
            ("com.github.ben-manes.caffeine", "caffeine", "3.1.8"),
            ("io.opentelemetry", "opentelemetry-api", "1.31.0"),
            ("io.opentelemetry", "opentelemetry-context", "1.31.0"),
            ("org.mapstruct", "mapstruct", "1.5.5.Final"),
            ("org.openapitools", "jackson-databind-nullable", "0.2.6"),
            (
                "io.swagger.core.v3",
                "swagger-annotations-jakarta",
                "2.2.15",
            ),
            (
                "org.springdoc",
                "springdoc-openapi-starter-webmvc-api",
                "2.2.0",
            ),
            ("com.nimbusds", "nimbus-jose-jwt", "9.31"),
            ("net.minidev", "json-smart", "2.4.11"),
            ("net.minidev", "accessors-smart", "2.4.11"),
            ("org.ow2.asm", "asm", "9.5"),
            ("org.aspectj", "aspectjweaver", "1.9.20"),
            ("org.hdrhistogram", "HdrHistogram", "2.1.12"),
            ("org.latencyutils", "LatencyUtils", "2.0.3"),
            ("org.glassfish.jaxb", "jaxb-runtime", "4.0.3"),
            ("org.glassfish.jaxb", "jaxb-core", "4.0.3"),
            ("org.glassfish.jaxb", "txw2", "4.0.3"),
            ("com.sun.istack", "istack-commons-runtime", "4.1.2"),
            ("org.eclipse.angus", "angus-activation", "2.0.1"),
            ("com.ibm.icu", "icu4j", "72.1"),
        ]);
        for a in [
            "netty-buffer",
            "netty-codec",
            "netty-codec-http",
            "netty-codec-http2",
            "netty-common",
            "netty-handler",
            "netty-resolver",
            "netty-transport",
            "netty-transport-native-unix-common",
            "netty-transport-classes-epoll",
        ] {
            v.push(("io.netty", a, "4.1.100.Final"));
        }
        for a in [
            "s3",
            "sts",
            "auth",
            "regions",
            "sdk-core",
            "aws-core",
            "apache-client",
            "netty-nio-client",
            "utils",
            "profiles",
            "protocol-core",
            "aws-xml-protocol",
            "aws-query-protocol",
            "arns",
            "metrics-spi",
            "json-utils",
            "endpoints-spi",
            "http-auth-spi",
            "http-auth",
            "http-auth-aws",
            "identity-spi",
            "checksums",
            "checksums-spi",
            "crt-core",
            "annotations",
            "http-client-spi",
            "third-party-jackson-core",
        ] {
            v.push(("software.amazon.awssdk", a, "2.21.10"));
        }
        v
    };
    let plugin: [(&str, &str, &str); 6] = [
        ("org.apache.pdfbox", "pdfbox", "2.0.24"),
        ("org.apache.pdfbox", "fontbox", "2.0.24"),
        ("commons-logging", "commons-logging", "1.2"),
        ("org.apache.logging.log4j", "log4j-api", "2.14.1"),
        ("org.apache.logging.log4j", "log4j-core", "2.14.1"),
        ("com.github.librepdf", "openpdf", "1.3.26"),
    ];
    let legacy: [(&str, &str, &str); 10] = [
        ("log4j", "log4j", "1.2.17"),
        ("org.slf4j", "log4j-over-slf4j", "1.7.36"),
        ("org.slf4j", "slf4j-api", "1.7.36"),
        ("commons-collections", "commons-collections", "3.2.2"),
        ("commons-beanutils", "commons-beanutils", "1.9.4"),
        ("commons-digester", "commons-digester", "2.1"),
        ("net.sf.jasperreports", "jasperreports", "6.20.0"),
        ("com.lowagie", "itext", "2.1.7"),
        ("org.jfree", "jfreechart", "1.0.19"),
        ("org.jfree", "jcommon", "1.0.23"),
    ];
    let layers: Vec<String> = (0..6)
        .map(|k| format!("sha256:{}", hex(k, 1310, 64)))
        .collect();
    let mut artifacts: Vec<Value> = Vec::new();
    let mut relationships: Vec<Value> = Vec::new();
    let mut k = 0usize;
    for (name, version) in debs {
        k += 1;
        let copyright = format!("/usr/share/doc/{name}/copyright");
        let md5sums = format!("/var/lib/dpkg/info/{name}.md5sums");
        let lic = pick(
            &[
                "GPL-2.0-only",
                "GPL-2.0-or-later",
                "LGPL-2.1-or-later",
                "MIT",
                "BSD-3-Clause",
                "Apache-2.0",
            ],
            k,
            1311,
        );
        let dirs = [
            "/usr/lib/x86_64-linux-gnu",
            "/usr/bin",
            "/usr/share/doc",
            "/usr/share/man/man1",
            "/usr/sbin",
            "/usr/share/locale/de/LC_MESSAGES",
        ];
        let files: Vec<Value> = (0..(3 + h(k, 1312) % 10) as usize)
            .map(|f| {
                let dir = pick(&dirs, k * 31 + f, 1313);
                let file = match dir {
                    "/usr/lib/x86_64-linux-gnu" => format!(
                        "{}.so.{}",
                        name.trim_end_matches(char::is_numeric),
                        1 + f % 3
                    ),
                    "/usr/share/doc" => format!("{name}/changelog.Debian.gz"),
                    "/usr/share/man/man1" => format!("{}{f}.1.gz", name.trim_start_matches("lib")),
                    "/usr/share/locale/de/LC_MESSAGES" => format!("{name}.mo"),
                    _ => format!(
                        "{}{}",
                        name.trim_start_matches("lib"),
                        if f == 0 {
                            String::new()
                        } else {
                            format!("-{f}")
                        }
                    ),
                };
                json!({
                    "path": format!("{dir}/{file}"),
                    "digest": {"algorithm": "md5", "value": hex(k * 31 + f, 1314, 32)},
                    "isConfigFile": false
                })
            })
            .collect();
        let depends: Vec<String> = (0..(h(k, 1315) % 4) as usize)
            .map(|d| {
                let (dep, _) = debs[(h(k * 7 + d, 1316) % debs.len() as u64) as usize];
                format!(
                    "{dep} (>= {})",
                    pick(&["2.34", "1.1.1", "3.0.0", "2.2.1"], k + d, 1317)
                )
            })
            .collect();
        artifacts.push(json!({
            "id": hex(k, 1318, 16),
            "name": name,
            "version": version,
            "type": "deb",
            "foundBy": "dpkg-db-cataloger",
            "locations": [
                {"path": "/var/lib/dpkg/status", "layerID": layers[0], "accessPath": "/var/lib/dpkg/status", "annotations": {"evidence": "primary"}},
                {"path": md5sums, "layerID": layers[0], "accessPath": md5sums, "annotations": {"evidence": "supporting"}},
                {"path": copyright, "layerID": layers[0], "accessPath": copyright, "annotations": {"evidence": "supporting"}}
            ],
            "licenses": [{"value": lic, "spdxExpression": lic, "type": "declared", "urls": [], "locations": [{"path": copyright, "layerID": layers[0], "accessPath": copyright, "annotations": {"evidence": "supporting"}}]}],
            "language": "",
            "cpes": [{"cpe": format!("cpe:2.3:a:{name}:{name}:{}:*:*:*:*:*:*:*", version.replace(':', "\\:")), "source": "syft-generated"}],
            "purl": format!("pkg:deb/debian/{name}@{}?arch=amd64&distro=debian-12", version.replace(':', "%3A")),
            "metadataType": "dpkg-db-entry",
            "metadata": {
                "package": name,
                "source": "",
                "version": version,
                "sourceVersion": "",
                "architecture": if name.starts_with("ca-") || name.starts_with("fonts-") || name == "tzdata" || (name.ends_with("-base") && name != "gcc-12-base") { "all" } else { "amd64" },
                "maintainer": pick(&["Debian QA Group <packages@qa.debian.org>", "Debian Install System Team <debian-boot@lists.debian.org>", "GNU Libc Maintainers <debian-glibc@lists.debian.org>", "Debian OpenSSL Team <pkg-openssl-devel@alioth-lists.debian.net>", "Debian Java Maintainers <pkg-java-maintainers@lists.alioth.debian.org>"], k, 1319),
                "installedSize": 40 + h(k, 1320) % 9_000,
                "depends": depends,
                "files": files
            }
        }));
    }
    let app = "/opt/billing/billing-service.jar";
    k += 1;
    let app_id = hex(k, 1303, 16);
    artifacts.push(java_artifact(
        k,
        &layers[4],
        app,
        None,
        ("de.velo-nord.billing", "billing-service", "4.12.0"),
    ));
    for gav in &boot {
        k += 1;
        relationships
            .push(json!({"parent": app_id, "child": hex(k, 1303, 16), "type": "contains"}));
        artifacts.push(java_artifact(
            k,
            &layers[4],
            app,
            Some("BOOT-INF/lib"),
            *gav,
        ));
    }
    let plug = "/opt/billing/plugins/invoice-pdf-plugin-1.3.0.jar";
    k += 1;
    let plug_id = hex(k, 1303, 16);
    artifacts.push(java_artifact(
        k,
        &layers[5],
        plug,
        None,
        ("de.velo-nord.billing", "invoice-pdf-plugin", "1.3.0"),
    ));
    for gav in &plugin {
        k += 1;
        relationships
            .push(json!({"parent": plug_id, "child": hex(k, 1303, 16), "type": "contains"}));
        artifacts.push(java_artifact(k, &layers[5], plug, Some("lib"), *gav));
    }
    for gav in &legacy {
        k += 1;
        let path = format!("/opt/legacy-reports/lib/{}-{}.jar", gav.1, gav.2);
        artifacts.push(java_artifact(k, &layers[3], &path, None, *gav));
    }
    // syft orders the packages by name, then version.
    artifacts.sort_by(|a, b| {
        (a["name"].as_str(), a["version"].as_str())
            .cmp(&(b["name"].as_str(), b["version"].as_str()))
    });
    let cores: Vec<&Value> = artifacts
        .iter()
        .filter(|a| a["name"] == "log4j-core")
        .collect();
    assert_eq!(cores.len(), 1);
    let doc = json!({
        "artifacts": artifacts,
        "artifactRelationships": relationships,
        "source": {
            "id": format!("sha256:{}", hex(1, 1321, 64)),
            "name": "registry.velo-nord.de/billing/billing-service",
            "version": format!("sha256:{}", hex(2, 1321, 64)),
            "type": "image",
            "metadata": {
                "userInput": "registry.velo-nord.de/billing/billing-service:4.12.0",
                "imageID": format!("sha256:{}", hex(3, 1321, 64)),
                "manifestDigest": format!("sha256:{}", hex(2, 1321, 64)),
                "mediaType": "application/vnd.oci.image.manifest.v1+json",
                "tags": ["registry.velo-nord.de/billing/billing-service:4.12.0"],
                "imageSize": 412_331_877,
                "layers": layers.iter().enumerate().map(|(n, l)| json!({
                    "mediaType": "application/vnd.oci.image.layer.v1.tar+gzip",
                    "digest": l,
                    "size": 1_200_000 + h(n, 1322) % 190_000_000
                })).collect::<Vec<_>>(),
                "repoDigests": [format!("registry.velo-nord.de/billing/billing-service@sha256:{}", hex(2, 1321, 64))],
                "architecture": "amd64",
                "os": "linux"
            }
        },
        "distro": {
            "prettyName": "Debian GNU/Linux 12 (bookworm)",
            "name": "Debian GNU/Linux",
            "id": "debian",
            "version": "12 (bookworm)",
            "versionID": "12",
            "versionCodename": "bookworm",
            "homeURL": "https://www.debian.org/",
            "supportURL": "https://www.debian.org/support",
            "bugReportURL": "https://bugs.debian.org/"
        },
        "descriptor": {
            "name": "syft",
            "version": "1.4.1",
            "configuration": {
                "catalogers": {"requested": {"default": ["image", "file"]}, "used": ["dpkg-db-cataloger", "java-archive-cataloger", "java-gradle-lockfile-cataloger", "java-pom-cataloger", "graalvm-native-image-cataloger"]},
                "package": {"search-unindexed-archives": false, "search-indexed-archives": true, "exclude-binary-overlap-by-ownership": true},
                "search": {"scope": "squashed"}
            }
        },
        "schema": {
            "version": "16.0.11",
            "url": "https://raw.githubusercontent.com/anchore/syft/main/schema/json/schema-16.0.11.json"
        }
    });
    Case::fact(
        "syft SBOM of an image, the log4j-core inside",
        pretty(&doc, b" ") + "\n",
        "Security wants to know whether this container image ships log4j-core anywhere. Does it? Which version, and which file inside the image is it bundled in?",
        &[
            "log4j-core@2.14.1",
            "/opt/billing/plugins/invoice-pdf-plugin-1.3.0.jar:lib/log4j-core-2.14.1.jar",
        ],
    )
    .with_jq(
        ".artifacts[] | select(.name == \"log4j-core\") | .version, .metadata.virtualPath",
        vec![
            jq_string("2.14.1"),
            jq_string("/opt/billing/plugins/invoice-pdf-plugin-1.3.0.jar:lib/log4j-core-2.14.1.jar"),
        ],
    )
}

/// `rabbitmqctl list_queues -p shop name type messages_ready
/// messages_unacknowledged consumers memory state` (RabbitMQ 3.12, its
/// tab-separated table, queues in no order) of a shop platform's vhost:
/// eight queues for each of 850 merchants (orders and payments with their
/// dead-letter queues, stock sync, webhooks, catalogue imports, daily
/// reports), the platform's own queues (some with dead-letter queues) and a few hundred exclusive reply
/// queues. Merchants who left have no consumers and empty queues; some
/// dead-letter queues hold messages nobody reads; transactional mail and
/// some catalogue imports have a backlog their consumers work through.
/// Six queues other than dead-letter queues hold messages and have no
/// consumer at all.
fn rabbitmq_unconsumed() -> Case {
    let planted: [(&str, u64); 6] = [
        ("merchant.1412.webhooks.outbound", 48_213),
        ("billing.invoice.render", 1_207),
        ("merchant.1187.stock.sync", 930),
        ("search.reindex.bulk", 15_882),
        ("merchant.1750.webhooks.outbound", 311),
        ("loyalty.points.accrual", 77_024),
    ];
    // (name, type, ready, unacked, consumers)
    let mut rows: Vec<(String, &str, u64, u64, u64)> = Vec::new();
    let kinds = [
        ("orders.created", "quorum"),
        ("orders.created.dlq", "classic"),
        ("payments.captured", "quorum"),
        ("payments.captured.dlq", "classic"),
        ("stock.sync", "classic"),
        ("webhooks.outbound", "quorum"),
        ("catalog.import", "classic"),
        ("reports.daily", "classic"),
    ];
    for m in 1001..=1850usize {
        let gone = h(m, 1401) % 100 < 14;
        for (q, kind) in kinds {
            let name = format!("merchant.{m}.{q}");
            let j = m * 8 + q.len();
            if let Some(p) = planted.iter().find(|p| p.0 == name) {
                rows.push((name, kind, p.1, 0, 0));
                continue;
            }
            let row = if q.ends_with(".dlq") {
                let msgs = if h(j, 1402) % 100 < 6 {
                    range(j, 1403, 1, 900)
                } else {
                    0
                };
                (0, msgs, 0)
            } else if gone {
                (0, 0, 0)
            } else if q == "catalog.import" {
                if h(j, 1404) % 100 < 4 {
                    (1, range(j, 1405, 800, 21_000), range(j, 1406, 1, 50))
                } else {
                    (h(j, 1407) % 2, 0, 0)
                }
            } else if q == "reports.daily" {
                (1, 0, 0)
            } else {
                let busy = h(j, 1408) % 100 < 10;
                (
                    2 + h(j, 1409) % 3,
                    if busy { range(j, 1410, 1, 40) } else { 0 },
                    if busy { range(j, 1411, 1, 20) } else { 0 },
                )
            };
            rows.push((name, kind, row.1, row.2, row.0));
        }
    }
    let platform: [(&str, &str, u64, u64, u64); 19] = [
        ("mail.transactional", "quorum", 23_118, 200, 4),
        ("mail.transactional.dlq", "classic", 12_011, 0, 0),
        ("mail.newsletter", "quorum", 0, 0, 6),
        ("billing.payouts", "quorum", 0, 0, 2),
        ("billing.payouts.dlq", "classic", 44, 0, 0),
        ("search.reindex", "quorum", 2_140, 64, 8),
        ("search.reindex.dlq", "classic", 0, 0, 0),
        ("loyalty.points.expiry", "classic", 0, 0, 1),
        ("audit.events", "quorum", 0, 12, 3),
        ("audit.events.dlq", "classic", 0, 0, 0),
        ("images.resize", "quorum", 412, 16, 12),
        ("images.resize.dlq", "classic", 3, 0, 0),
        ("shipping.labels", "quorum", 0, 0, 2),
        ("shipping.tracking.poll", "classic", 0, 0, 1),
        ("feeds.export.google", "classic", 0, 0, 1),
        ("feeds.export.idealo", "classic", 0, 0, 0),
        ("unconsumed.events.archive", "classic", 0, 0, 1),
        ("scheduler.delayed", "classic", 18_400, 0, 1),
        ("healthcheck.ping", "classic", 0, 0, 0),
    ];
    for (n, kind, ready, unacked, consumers) in platform {
        rows.push((n.to_string(), kind, ready, unacked, consumers));
    }
    for (n, ready) in planted {
        if !n.starts_with("merchant.") {
            rows.push((n.to_string(), "quorum", ready, 0, 0));
        }
    }
    for k in 0..420 {
        let id: String = (0..22)
            .map(|c| {
                let a = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
                a[(h(k * 32 + c, 1412) % 64) as usize] as char
            })
            .collect();
        rows.push((format!("amq.gen-{id}"), "classic", 0, 0, 1));
    }
    // The broker lists them in no order.
    let mut order: Vec<usize> = (0..rows.len()).collect();
    order.sort_by_key(|&r| h(r, 1413));
    let mut out = String::from(
        "Timeout: 60.0 seconds ...\nListing queues for vhost shop ...\nname\ttype\tmessages_ready\tmessages_unacknowledged\tconsumers\tmemory\tstate\n",
    );
    for r in order {
        let (name, kind, ready, unacked, consumers) = &rows[r];
        let memory = match *kind {
            "quorum" => 140_000 + h(r, 1414) % 90_000 + ready * 3,
            _ => 14_000 + h(r, 1415) % 40_000 + ready / 2,
        };
        out.push_str(&format!(
            "{name}\t{kind}\t{ready}\t{unacked}\t{consumers}\t{memory}\trunning\n"
        ));
    }
    let items: Vec<String> = planted.iter().map(|p| p.0.to_string()).collect();
    // The answer is exactly the queues with messages, no consumer, and not
    // a dead-letter queue; no other queue's name shows one of them.
    let names: Vec<String> = rows.iter().map(|r| r.0.clone()).collect();
    for r in &rows {
        let found = r.4 == 0 && r.2 + r.3 > 0 && !r.0.ends_with(".dlq");
        assert_eq!(found, items.contains(&r.0), "{}", r.0);
    }
    for s in &items {
        assert!(!named_elsewhere(s, &names), "{s}");
    }
    Case::items(
        "rabbitmqctl list_queues, backlogs nobody consumes",
        out,
        "Which of our RabbitMQ queues have messages piling up with nothing reading from them? Leave out the dead-letter queues, nobody reads those anyway. List every one.",
        items,
    )
}

/// XML-escaped as cppcheck writes attribute values.
fn xml_escape(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
        .replace('\'', "&apos;")
        .replace('\n', "&#10;")
}

/// `cppcheck --enable=all --inconclusive --xml --xml-version=2 -j 2 src lib
/// tests 2> cppcheck.xml` (cppcheck 2.13) of a C HTTP cache daemon, some
/// 190 files: some 750 findings, most of them style (scopes to reduce, pointers to
/// const, unread variables, conditions always true, shadowed variables,
/// unused functions and struct members), warnings (redundant NULL checks,
/// printf argument types), uninitialised variables, and near misses of a
/// memory leak: resource leaks of files and sockets, a double free, a use
/// after free, memory allocated and never used, and files named
/// `leakcheck.c` and `test_memleak.c` with style findings only. Six files
/// have a `memleak` error.
fn cppcheck_memory_leaks() -> Case {
    let dirs: [(&str, &[&str]); 12] = [
        (
            "src/core",
            &[
                "main", "config", "worker", "signal", "daemon", "event", "timer", "log", "pidfile",
                "limits", "stats", "shutdown",
            ],
        ),
        (
            "src/net",
            &[
                "conn",
                "listener",
                "ring",
                "socket",
                "resolver",
                "proxy_proto",
                "keepalive",
                "backoff",
                "addr",
                "epoll",
                "accept",
                "tcp_info",
            ],
        ),
        (
            "src/http",
            &[
                "parser", "chunked", "headers", "router", "request", "response", "cookie", "range",
                "etag", "vary", "gzip", "status", "uri", "date",
            ],
        ),
        (
            "src/tls",
            &[
                "context",
                "ocsp",
                "sni",
                "alpn",
                "session_ticket",
                "cert_reload",
                "verify",
                "ciphers",
            ],
        ),
        (
            "src/util",
            &[
                "strbuf",
                "hash",
                "list",
                "rbtree",
                "mempool",
                "leakcheck",
                "base64",
                "utf8",
                "time_fmt",
                "crc32",
                "siphash",
                "arena",
            ],
        ),
        (
            "src/storage",
            &[
                "index",
                "wal",
                "btree",
                "page",
                "compact",
                "snapshot",
                "blob",
                "manifest",
                "fsync",
                "checksum",
                "mmap_file",
            ],
        ),
        (
            "src/cache",
            &[
                "lru",
                "evict",
                "admission",
                "ttl",
                "purge",
                "stale",
                "warmup",
                "shard",
                "key",
            ],
        ),
        (
            "src/auth",
            &[
                "token",
                "acl",
                "session",
                "hmac",
                "basic",
                "jwt",
                "ratelimit",
            ],
        ),
        (
            "src/metrics",
            &[
                "counter",
                "histogram",
                "exporter",
                "gauge",
                "labels",
                "statsd",
            ],
        ),
        (
            "src/cli",
            &["args", "repl", "admin_cmd", "completion", "output", "color"],
        ),
        (
            "lib/yajl",
            &[
                "yajl",
                "yajl_alloc",
                "yajl_buf",
                "yajl_encode",
                "yajl_gen",
                "yajl_lex",
                "yajl_parser",
                "yajl_tree",
            ],
        ),
        (
            "tests/unit",
            &[
                "test_parser",
                "test_chunked",
                "test_lru",
                "test_memleak",
                "test_wal",
                "test_router",
                "test_strbuf",
                "test_token",
                "runner",
            ],
        ),
    ];
    let leaks: [(&str, &str); 6] = [
        ("src/http/chunked.c", "trailer"),
        ("src/tls/ocsp.c", "der"),
        ("src/storage/snapshot.c", "tmp_path"),
        ("src/cache/evict.c", "victims"),
        ("src/cli/repl.c", "line"),
        ("src/util/strbuf.c", "grown"),
    ];
    let near: [(&str, &str, &str, &str, u64); 8] = [
        (
            "src/core/config.c",
            "resourceLeak",
            "Resource leak: fp",
            "fp",
            775,
        ),
        (
            "src/storage/wal.c",
            "resourceLeak",
            "Resource leak: fd",
            "fd",
            775,
        ),
        (
            "src/metrics/exporter.c",
            "resourceLeak",
            "Resource leak: sock",
            "sock",
            775,
        ),
        (
            "src/cli/args.c",
            "resourceLeak",
            "Resource leak: f",
            "f",
            775,
        ),
        (
            "src/net/ring.c",
            "doubleFree",
            "Memory pointed to by 'slot' is freed twice.",
            "slot",
            415,
        ),
        (
            "src/auth/session.c",
            "deallocuse",
            "Dereferencing 'sess' after it is deallocated / released",
            "sess",
            416,
        ),
        (
            "src/util/mempool.c",
            "unusedAllocatedMemory",
            "Variable 'scratch' is allocated memory that is never used.",
            "scratch",
            563,
        ),
        (
            "src/core/worker.c",
            "unusedAllocatedMemory",
            "Variable 'spare' is allocated memory that is never used.",
            "spare",
            563,
        ),
    ];
    let vars = [
        "n", "i", "len", "rc", "buf", "p", "ctx", "req", "node", "key", "off", "flags", "tmp",
        "res", "cur", "entry", "hdr", "s", "fd", "count",
    ];
    let scope_verbose = "The scope of the variable '{v}' can be reduced. Warning: Be careful when fixing this message, especially when there are inner loops. Here is an example where cppcheck will write that the scope for 'i' can be reduced:\nvoid f(int x)\n{\n    int i = 0;\n    if (x) {\n        // it's safe to move 'int i = 0;' here\n        for (int n = 0; n < 10; ++n) {\n            // it is possible but not safe to move 'int i = 0;' here\n            do_something(&i);\n        }\n    }\n}\nWhen you see this message it is always safe to reduce the variable scope 1 level.";
    let mut files: Vec<String> = Vec::new();
    for (dir, stems) in dirs {
        for s in stems {
            files.push(format!("{dir}/{s}.c"));
            if !dir.starts_with("tests") && !h(files.len(), 1501).is_multiple_of(3) {
                files.push(format!("{dir}/{s}.h"));
            }
        }
    }
    // cppcheck -j 2 finishes files in no particular order.
    files.sort_by_key(|f| {
        h(
            f.len() * 131 + f.bytes().map(|b| b as usize).sum::<usize>(),
            1502,
        )
    });
    let mut out = String::from(
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<results version=\"2\">\n    <cppcheck version=\"2.13.0\"/>\n    <errors>\n",
    );
    let error = |out: &mut String,
                 id: &str,
                 sev: &str,
                 msg: &str,
                 verbose: &str,
                 cwe: u64,
                 file: &str,
                 locs: &[(u64, u64, &str)],
                 symbol: Option<&str>| {
        let cwe = if cwe == 0 {
            String::new()
        } else {
            format!(" cwe=\"{cwe}\"")
        };
        out.push_str(&format!(
            "        <error id=\"{id}\" severity=\"{sev}\" msg=\"{}\" verbose=\"{}\"{cwe} file0=\"{file}\">\n",
            xml_escape(msg),
            xml_escape(verbose)
        ));
        for (line, col, info) in locs {
            let info = if info.is_empty() {
                String::new()
            } else {
                format!(" info=\"{}\"", xml_escape(info))
            };
            out.push_str(&format!(
                "            <location file=\"{file}\" line=\"{line}\" column=\"{col}\"{info}/>\n"
            ));
        }
        if let Some(s) = symbol {
            out.push_str(&format!("            <symbol>{s}</symbol>\n"));
        }
        out.push_str("        </error>\n");
    };
    let mut e = 0usize;
    for file in &files {
        let header = file.ends_with(".h");
        let n = if header {
            1 + h(e, 1503) % 3
        } else {
            2 + h(e, 1504) % 8
        };
        let mut found: Vec<(u64, usize)> = (0..n as usize)
            .map(|k| (range(e + k, 1505, 12, 1_900), e + k))
            .collect();
        found.sort_unstable();
        for (line, j) in found {
            let v = pick(&vars, j, 1506);
            let col = 1 + h(j, 1507) % 40;
            let func = format!(
                "{}_{}",
                file.rsplit('/')
                    .next()
                    .unwrap()
                    .trim_end_matches(".c")
                    .trim_end_matches(".h"),
                pick(
                    &[
                        "dump",
                        "reset",
                        "debug_print",
                        "free_all",
                        "clone",
                        "compare",
                        "stats"
                    ],
                    j,
                    1508
                )
            );
            match h(j, 1509) % 100 {
                0..=19 => {
                    let m = format!("The scope of the variable '{v}' can be reduced.");
                    error(
                        &mut out,
                        "variableScope",
                        "style",
                        &m,
                        &scope_verbose.replace("{v}", v),
                        398,
                        file,
                        &[(line, col, "")],
                        Some(v),
                    );
                }
                20..=33 => {
                    let m = format!("Variable '{v}' can be declared as pointer to const");
                    error(
                        &mut out,
                        "constVariablePointer",
                        "style",
                        &m,
                        &m,
                        398,
                        file,
                        &[(line, col, "")],
                        Some(v),
                    );
                }
                34..=45 => {
                    let m = format!("Parameter '{v}' can be declared as pointer to const");
                    error(
                        &mut out,
                        "constParameterPointer",
                        "style",
                        &m,
                        &m,
                        398,
                        file,
                        &[(line, col, "")],
                        Some(v),
                    );
                }
                46..=55 => {
                    let m = format!("Variable '{v}' is assigned a value that is never used.");
                    error(
                        &mut out,
                        "unreadVariable",
                        "style",
                        &m,
                        &m,
                        563,
                        file,
                        &[(line, col, "")],
                        Some(v),
                    );
                }
                56..=62 => {
                    let m = format!("Condition '{v}>0' is always true");
                    error(
                        &mut out,
                        "knownConditionTrueFalse",
                        "style",
                        &m,
                        &m,
                        571,
                        file,
                        &[
                            (line, col, &m),
                            (
                                line.saturating_sub(4),
                                9,
                                &format!("Assuming that condition '{v}==0' is not redundant"),
                            ),
                        ],
                        Some(v),
                    );
                }
                63..=69 => {
                    let m = format!("Local variable '{v}' shadows outer variable");
                    error(
                        &mut out,
                        "shadowVariable",
                        "style",
                        &m,
                        &m,
                        398,
                        file,
                        &[
                            (line.saturating_sub(30), 9, "Shadowed declaration"),
                            (line, 13, "Shadow variable"),
                        ],
                        Some(v),
                    );
                }
                70..=76 => {
                    let m = format!("The function '{func}' is never used.");
                    error(
                        &mut out,
                        "unusedFunction",
                        "style",
                        &m,
                        &m,
                        561,
                        file,
                        &[(line, 0, "")],
                        Some(&func),
                    );
                }
                77..=81 => {
                    let s = file
                        .rsplit('/')
                        .next()
                        .unwrap()
                        .trim_end_matches(".c")
                        .trim_end_matches(".h");
                    let m = format!("struct member '{s}_state::{v}' is never used.");
                    error(
                        &mut out,
                        "unusedStructMember",
                        "style",
                        &m,
                        &m,
                        563,
                        file,
                        &[(line, col, "")],
                        Some(&format!("{s}_state::{v}")),
                    );
                }
                82..=87 => {
                    let m = format!(
                        "Either the condition '{v}!=NULL' is redundant or there is possible null pointer dereference: {v}."
                    );
                    error(
                        &mut out,
                        "nullPointerRedundantCheck",
                        "warning",
                        &m,
                        &m,
                        476,
                        file,
                        &[
                            (line, col, "Null pointer dereference"),
                            (
                                line + 3,
                                11,
                                &format!("Assuming that condition '{v}!=NULL' is not redundant"),
                            ),
                        ],
                        Some(v),
                    );
                }
                88..=92 => {
                    let m = "%zu in format string (no. 2) requires 'size_t' but the argument type is 'signed int'.";
                    error(
                        &mut out,
                        "invalidPrintfArgType_uint",
                        "warning",
                        m,
                        m,
                        686,
                        file,
                        &[(line, col, "")],
                        None,
                    );
                }
                93..=97 => {
                    let m = format!(
                        "Variable '{v}' is reassigned a value before the old one has been used."
                    );
                    error(
                        &mut out,
                        "redundantAssignment",
                        "style",
                        &m,
                        &m,
                        563,
                        file,
                        &[
                            (line.saturating_sub(2), col, &format!("{v} is assigned")),
                            (line, col, &format!("{v} is overwritten")),
                        ],
                        Some(v),
                    );
                }
                _ => {
                    let m = format!("Uninitialized variable: {v}");
                    error(
                        &mut out,
                        "uninitvar",
                        "error",
                        &m,
                        &m,
                        457,
                        file,
                        &[(line, col, "")],
                        Some(v),
                    );
                }
            }
        }
        if let Some((_, v)) = leaks.iter().find(|l| l.0 == file) {
            let m = format!("Memory leak: {v}");
            error(
                &mut out,
                "memleak",
                "error",
                &m,
                &m,
                401,
                file,
                &[(range(e, 1510, 200, 900), 5, "")],
                Some(v),
            );
        }
        if let Some((_, id, m, v, cwe)) = near.iter().find(|l| l.0 == file) {
            error(
                &mut out,
                id,
                "error",
                m,
                m,
                *cwe,
                file,
                &[(range(e, 1511, 100, 700), 9, "")],
                Some(v),
            );
        }
        e += n as usize;
    }
    out.push_str("        <error id=\"checkersReport\" severity=\"information\" msg=\"Active checkers: 106/592 (use --checkers-report=&lt;filename&gt; to see details)\" verbose=\"Active checkers: 106/592 (use --checkers-report=&lt;filename&gt; to see details)\"/>\n    </errors>\n</results>\n");
    let items: Vec<String> = leaks.iter().map(|l| l.0.to_string()).collect();
    for s in &items {
        assert!(files.contains(s) && !named_elsewhere(s, &files), "{s}");
    }
    Case::items(
        "cppcheck XML, files that leak memory",
        out,
        "The static analysis ran over our C code. Which source files does it say are leaking memory? I need every one of them.",
        items,
    )
}

/// A Zeek connection uid: `C` and 17 base-62 characters.
fn zeek_uid(i: usize) -> String {
    let a = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
    let mut s = String::from("C");
    for c in 0..17 {
        s.push(a[(h(i * 17 + c, 1601) % 62) as usize] as char);
    }
    s
}

/// Zeek's `conn.log` as JSON lines (Zeek 6, `LogAscii::use_json=T`) of an
/// office network, 10.20.0.0/16, over a working day: DNS to the internal
/// resolvers, TLS and HTTP to the internet, NTP, SMB and LDAP to internal
/// servers, scans that are rejected or never answered, outsiders reaching
/// the SFTP server and the VPN. Big flows: downloads of several gigabytes
/// (`resp_bytes`), nightly backups of tens of gigabytes to the internal
/// backup server, an outsider uploading 3 GB to our SFTP server, and
/// uploads to the internet of 880–960 MB. Five internal hosts each send
/// more than a gigabyte to an address on the internet in one connection.
fn zeek_big_uploads() -> Case {
    let planted: [(usize, &str, &str, u16, u64); 5] = [
        (210, "10.20.3.41", "45.86.200.17", 443, 1_873_220_114),
        (590, "10.20.7.112", "185.246.188.74", 443, 4_102_998_630),
        (880, "10.20.5.9", "149.154.167.99", 443, 1_240_551_907),
        (1_190, "10.20.1.230", "52.219.170.57", 443, 6_830_114_208),
        (1_530, "10.20.8.66", "104.21.56.2", 22, 2_016_003_771),
    ];
    let mut out = String::new();
    let mut ts = (DAY + 7 * 3600) as f64;
    let mut i = 0usize;
    let external = |i: usize, salt: u64| {
        format!(
            "{}.{}.{}",
            pick(
                &[
                    "142.250", "151.101", "104.18", "13.107", "52.95", "34.120", "185.199",
                    "20.190", "17.253", "91.198"
                ],
                i,
                salt
            ),
            h(i, salt + 1) % 256,
            1 + h(i, salt + 2) % 254
        )
    };
    while out.len() < 700_000 {
        ts += (h(i, 1602) % 30_000) as f64 / 1000.0;
        let internal = format!("10.20.{}.{}", h(i, 1603) % 10, 10 + h(i, 1604) % 240);
        let sport = 49_152 + h(i, 1605) % 16_000;
        // (orig, resp, resp port, proto, service, duration, orig bytes,
        // resp bytes, state, local orig, local resp, history)
        let roll = h(i, 1606) % 100;
        let plant = planted.iter().find(|p| p.0 == i);
        let (orig, resp, rport, proto, service, dur, ob, rb, state, lo, lr, hist) =
            if let Some(p) = plant {
                (
                    p.1.to_string(),
                    p.2.to_string(),
                    p.3,
                    "tcp",
                    Some(if p.3 == 22 { "ssh" } else { "ssl" }),
                    Some(p.4 as f64 / range(i, 1607, 6_000_000, 22_000_000) as f64),
                    p.4,
                    range(i, 1608, 90_000, 3_000_000),
                    "SF",
                    true,
                    false,
                    "ShADadFf",
                )
            } else if [400, 1_000, 1_400].contains(&i) {
                let ob = [912_004_118u64, 958_331_902, 884_120_555]
                    [[400, 1_000, 1_400].iter().position(|&x| x == i).unwrap()];
                (
                    internal,
                    external(i, 1609),
                    443,
                    "tcp",
                    Some("ssl"),
                    Some(ob as f64 / 9_000_000.0),
                    ob,
                    range(i, 1610, 60_000, 900_000),
                    "SF",
                    true,
                    false,
                    "ShADadFf",
                )
            } else if [150, 700, 1_100, 1_650].contains(&i) {
                (
                    internal,
                    external(i, 1611),
                    443,
                    "tcp",
                    Some("ssl"),
                    Some(range(i, 1612, 200, 900) as f64 + 0.4137),
                    range(i, 1613, 400_000, 9_000_000),
                    range(i, 1614, 2_100_000_000, 8_800_000_000),
                    "SF",
                    true,
                    false,
                    "ShADadFf",
                )
            } else if [300, 960, 1_300, 1_700].contains(&i) {
                (
                    internal,
                    "10.20.9.5".to_string(),
                    873,
                    "tcp",
                    None,
                    Some(range(i, 1615, 1_800, 7_000) as f64 + 0.2201),
                    range(i, 1616, 21_000_000_000, 78_000_000_000),
                    range(i, 1617, 2_000_000, 40_000_000),
                    "SF",
                    true,
                    true,
                    "ShADadFf",
                )
            } else if [500, 1_250].contains(&i) {
                (
                    "203.0.113.77".to_string(),
                    "10.20.0.25".to_string(),
                    22,
                    "tcp",
                    Some("ssh"),
                    Some(1_412.881_2),
                    3_311_002_917,
                    4_180_221,
                    "SF",
                    false,
                    true,
                    "ShADadFf",
                )
            } else if roll < 34 {
                let resolver = if h(i, 1618).is_multiple_of(2) {
                    "10.20.0.2"
                } else {
                    "10.20.0.3"
                };
                (
                    internal,
                    resolver.to_string(),
                    53,
                    "udp",
                    Some("dns"),
                    Some((h(i, 1619) % 90_000) as f64 / 1_000_000.0 + 0.0001),
                    30 + h(i, 1620) % 40,
                    46 + h(i, 1621) % 200,
                    "SF",
                    true,
                    true,
                    "Dd",
                )
            } else if roll < 68 {
                let ok = h(i, 1622) % 10;
                let state = match ok {
                    0 => "RSTO",
                    1 => "S1",
                    2 => "SH",
                    _ => "SF",
                };
                let hist = match state {
                    "RSTO" => "ShADadR",
                    "S1" => "ShADad",
                    "SH" => "ShAFf",
                    _ => "ShADadFf",
                };
                (
                    internal,
                    external(i, 1623),
                    443,
                    "tcp",
                    Some("ssl"),
                    Some((h(i, 1624) % 300_000_000) as f64 / 1_000_000.0),
                    range(i, 1625, 500, 90_000),
                    range(i, 1626, 2_000, 4_000_000),
                    state,
                    true,
                    false,
                    hist,
                )
            } else if roll < 74 {
                (
                    internal,
                    external(i, 1627),
                    80,
                    "tcp",
                    Some("http"),
                    Some((h(i, 1628) % 9_000_000) as f64 / 1_000_000.0),
                    range(i, 1629, 300, 4_000),
                    range(i, 1630, 400, 900_000),
                    "SF",
                    true,
                    false,
                    "ShADadFf",
                )
            } else if roll < 78 {
                (
                    internal,
                    pick(
                        &["162.159.200.1", "162.159.200.123", "185.125.190.57"],
                        i,
                        1631,
                    )
                    .to_string(),
                    123,
                    "udp",
                    Some("ntp"),
                    Some(0.0121),
                    48,
                    48,
                    "SF",
                    true,
                    false,
                    "Dd",
                )
            } else if roll < 85 {
                (
                    internal,
                    pick(&["10.20.9.4", "10.20.9.5", "10.20.9.6"], i, 1632).to_string(),
                    445,
                    "tcp",
                    Some("smb"),
                    Some((h(i, 1633) % 600_000_000) as f64 / 1_000_000.0),
                    range(i, 1634, 2_000, 40_000_000),
                    range(i, 1635, 2_000, 90_000_000),
                    "SF",
                    true,
                    true,
                    "ShADadFf",
                )
            } else if roll < 89 {
                (
                    internal,
                    "10.20.0.10".to_string(),
                    pick(&["389", "88", "636"], i, 1636).parse().unwrap(),
                    "tcp",
                    Some(pick(&["ldap", "krb_tcp", "ssl"], i, 1637)),
                    Some((h(i, 1638) % 2_000_000) as f64 / 1_000_000.0),
                    range(i, 1639, 200, 9_000),
                    range(i, 1640, 300, 30_000),
                    "SF",
                    true,
                    true,
                    "ShADadFf",
                )
            } else if roll < 95 {
                let scanner = external(i, 1641);
                let state = if h(i, 1642).is_multiple_of(2) {
                    "REJ"
                } else {
                    "S0"
                };
                (
                    scanner,
                    format!("10.20.0.{}", 20 + h(i, 1643) % 20),
                    pick(&["23", "3389", "445", "8080", "5900", "22"], i, 1644)
                        .parse()
                        .unwrap(),
                    "tcp",
                    None,
                    None,
                    0,
                    0,
                    state,
                    false,
                    true,
                    if state == "REJ" { "Sr" } else { "S" },
                )
            } else {
                let vpn = h(i, 1645).is_multiple_of(2);
                (
                    external(i, 1646),
                    if vpn { "10.20.0.30" } else { "10.20.0.25" }.to_string(),
                    if vpn { 443 } else { 22 },
                    "tcp",
                    Some(if vpn { "ssl" } else { "ssh" }),
                    Some((h(i, 1647) % 3_600_000_000) as f64 / 1_000_000.0),
                    range(i, 1648, 4_000, 90_000_000),
                    range(i, 1649, 4_000, 400_000_000),
                    "SF",
                    false,
                    true,
                    "ShADadFf",
                )
            };
        let (opk, rpk) = if proto == "udp" {
            (1, 1)
        } else {
            (
                ob / 1_400 + 2 + h(i, 1650) % 8,
                rb / 1_400 + 2 + h(i, 1651) % 8,
            )
        };
        let mut r = serde_json::Map::new();
        let mut put = |k: &str, v: Value| {
            r.insert(k.to_string(), v);
        };
        put("ts", json!((ts * 1e6).round() / 1e6));
        put("uid", json!(zeek_uid(i)));
        put("id.orig_h", json!(orig));
        put(
            "id.orig_p",
            json!(if proto == "udp" && rport == 123 {
                123
            } else {
                sport
            }),
        );
        put("id.resp_h", json!(resp));
        put("id.resp_p", json!(rport));
        put("proto", json!(proto));
        if let Some(s) = service {
            put("service", json!(s));
        }
        if let Some(d) = dur {
            put("duration", json!((d * 1e6).round() / 1e6));
        }
        put("orig_bytes", json!(ob));
        put("resp_bytes", json!(rb));
        put("conn_state", json!(state));
        put("local_orig", json!(lo));
        put("local_resp", json!(lr));
        put("missed_bytes", json!(0));
        put("history", json!(hist));
        put(
            "orig_pkts",
            json!(if state == "S0" || state == "REJ" {
                1 + h(i, 1652) % 2
            } else {
                opk
            }),
        );
        put(
            "orig_ip_bytes",
            json!(if state == "S0" || state == "REJ" {
                44 + h(i, 1652) % 2 * 44
            } else {
                ob + opk * 52
            }),
        );
        put(
            "resp_pkts",
            json!(if state == "S0" {
                0
            } else if state == "REJ" {
                1
            } else {
                rpk
            }),
        );
        put(
            "resp_ip_bytes",
            json!(if state == "S0" {
                0
            } else if state == "REJ" {
                40
            } else {
                rb + rpk * 52
            }),
        );
        out.push_str(&Value::Object(r).to_string());
        out.push('\n');
        i += 1;
    }
    assert!(i > 1_750, "{i} connections");
    let set: BTreeSet<String> = planted.iter().map(|p| p.1.to_string()).collect();
    let expected = set.iter().map(|s| jq_string(s)).collect();
    Case::items(
        "Zeek conn.log JSON, hosts that sent over a gigabyte out",
        out,
        "Did any of our own machines push more than a gigabyte out to the internet in a single connection? List every internal host that did.",
        planted.iter().map(|p| p.1.to_string()).collect(),
    )
    .with_jq(
        "[.[] | select(.local_orig and (.local_resp | not) and .orig_bytes > 1000000000) | .[\"id.orig_h\"]] | unique | .[]",
        expected,
    )
}

/// `aws route53 list-resource-record-sets --hosted-zone-id Z0…` (AWS CLI
/// 2, four-space indents) of a retailer's public zone `acme-retail.com.`,
/// in Route 53's order (by name, its labels reversed, then type): the apex
/// (aliases to CloudFront, MX, NS, SOA, TXT with an SPF record that names
/// the old server's address, CAA), some sixty service names (aliases to
/// load balancers, CNAMEs to SaaS, A records to addresses near the old
/// server's: .2, .24, .230, .231, and `old-web` pointing elsewhere), 1,100
/// stores with a kiosk CNAME each, ACM validation CNAMEs and DKIM keys.
/// Six names still point at 198.51.100.23, one of them with a second
/// address.
fn route53_old_server() -> Case {
    let zone = "acme-retail.com.";
    let old = "198.51.100.23";
    let planted: [(&str, &[&str]); 6] = [
        ("b2b-portal", &[old]),
        ("promo-summer-2022", &[old]),
        ("shop-legacy", &[old]),
        ("partners", &[old, "198.51.100.24"]),
        ("wholesale", &[old]),
        ("outlet-archive", &[old]),
    ];
    let mut recs: Vec<(String, &str, Value)> = Vec::new();
    let rr = |values: &[String], ttl: u64| -> Value {
        json!({"TTL": ttl, "ResourceRecords": values.iter().map(|v| json!({"Value": v})).collect::<Vec<_>>()})
    };
    let alias = |zone_id: &str, dns: String| -> Value {
        json!({"AliasTarget": {"HostedZoneId": zone_id, "DNSName": dns, "EvaluateTargetHealth": false}})
    };
    let cf = format!("d{}.cloudfront.net.", letters(1, 1701, 13));
    recs.push((zone.into(), "A", alias("Z2FDTNDATAQYW2", cf.clone())));
    recs.push((zone.into(), "AAAA", alias("Z2FDTNDATAQYW2", cf)));
    recs.push((
        zone.into(),
        "CAA",
        rr(
            &[
                "0 issue \"amazon.com\"".into(),
                "0 issue \"letsencrypt.org\"".into(),
                "0 iodef \"mailto:security@acme-retail.com\"".into(),
            ],
            3600,
        ),
    ));
    recs.push((
        zone.into(),
        "MX",
        rr(
            &[
                "1 aspmx.l.google.com.".into(),
                "5 alt1.aspmx.l.google.com.".into(),
                "5 alt2.aspmx.l.google.com.".into(),
                "10 alt3.aspmx.l.google.com.".into(),
                "10 alt4.aspmx.l.google.com.".into(),
            ],
            3600,
        ),
    ));
    recs.push((
        zone.into(),
        "NS",
        rr(
            &[
                "ns-1536.awsdns-00.co.uk.".into(),
                "ns-0.awsdns-00.com.".into(),
                "ns-1024.awsdns-00.org.".into(),
                "ns-512.awsdns-00.net.".into(),
            ],
            172_800,
        ),
    ));
    recs.push((
        zone.into(),
        "SOA",
        rr(
            &[
                "ns-1536.awsdns-00.co.uk. awsdns-hostmaster.amazon.com. 1 7200 900 1209600 86400"
                    .into(),
            ],
            900,
        ),
    ));
    recs.push((zone.into(), "TXT", rr(&[
        "\"v=spf1 ip4:198.51.100.23 ip4:198.51.100.24 include:_spf.google.com include:amazonses.com ~all\"".into(),
        format!("\"google-site-verification={}\"", letters(2, 1702, 43)),
        format!("\"MS=ms{}\"", h(3, 1703) % 100_000_000),
        format!("\"atlassian-domain-verification={}\"", letters(4, 1704, 40)),
    ], 300)));
    let services: [(&str, &str); 58] = [
        ("www", "cname:cloudfront"),
        ("api", "alias:alb"),
        ("api-staging", "alias:alb"),
        ("auth", "alias:alb"),
        ("checkout", "alias:alb"),
        ("cdn", "cname:cloudfront"),
        ("img", "cname:cloudfront"),
        ("static", "cname:cloudfront"),
        ("assets", "cname:cloudfront"),
        ("shop", "alias:alb"),
        ("m", "cname:cloudfront"),
        ("admin", "alias:alb"),
        ("graphql", "alias:alb"),
        ("search", "alias:alb"),
        ("vpn", "a:81.173.44.10"),
        ("vpn2", "a:81.173.44.11"),
        ("mail", "cname:ghs.googlehosted.com."),
        ("calendar", "cname:ghs.googlehosted.com."),
        ("status", "cname:stats.pingdom.com."),
        ("docs", "cname:acme-retail.gitbook.io."),
        ("careers", "cname:custom.greenhouse.io."),
        ("blog", "cname:acme-retail.ghost.io."),
        ("help", "cname:acme-retail.zendesk.com."),
        ("links", "cname:custom.bitly.com."),
        ("go", "cname:custom.bitly.com."),
        ("email", "cname:sendgrid.net."),
        ("track", "cname:sendgrid.net."),
        ("news", "cname:acme-retail.mcsv.net."),
        ("legacy-api", "a:198.51.100.230"),
        ("old-web", "a:203.0.113.80"),
        ("intranet", "a:198.51.100.2"),
        ("ftp", "a:198.51.100.231"),
        ("sftp", "a:198.51.100.24"),
        ("edi", "a:198.51.100.24"),
        ("monitor", "a:203.0.113.81"),
        ("grafana", "alias:alb"),
        ("jenkins", "a:203.0.113.82"),
        ("git", "a:203.0.113.83"),
        ("registry", "alias:alb"),
        ("sso", "cname:acme-retail.okta.com."),
        ("login", "cname:acme-retail.okta.com."),
        ("pay", "alias:alb"),
        ("giftcards", "alias:alb"),
        ("loyalty", "alias:alb"),
        ("returns", "alias:alb"),
        ("tracking", "alias:alb"),
        ("feeds", "cname:cloudfront"),
        ("sitemap", "cname:cloudfront"),
        ("media", "cname:cloudfront"),
        ("video", "cname:cloudfront"),
        ("stores", "alias:alb"),
        ("locator", "alias:alb"),
        ("partners-api", "alias:alb"),
        ("affiliates", "alias:alb"),
        ("press", "cname:acme-retail.prezly.com."),
        ("investors", "cname:acme-retail.q4web.com."),
        ("jobs", "cname:custom.greenhouse.io."),
        ("events", "a:198.51.100.123"),
    ];
    let mut acm_names: Vec<String> = Vec::new();
    for (k, (name, target)) in services.iter().enumerate() {
        let fqdn = format!("{name}.{zone}");
        let value = match target.split_once(':').unwrap() {
            ("alias", _) => alias(
                "Z215JYRZR1TBD5",
                format!(
                    "dualstack.{name}-prod-{}.eu-central-1.elb.amazonaws.com.",
                    h(k, 1705) % 2_000_000_000
                ),
            ),
            ("cname", "cloudfront") => {
                rr(&[format!("d{}.cloudfront.net.", letters(k, 1706, 13))], 300)
            }
            ("cname", t) => rr(&[t.to_string()], 3600),
            (_, ip) => rr(&[ip.to_string()], 300),
        };
        let kind = if target.starts_with("cname") {
            "CNAME"
        } else {
            "A"
        };
        recs.push((fqdn.clone(), kind, value));
        if target.starts_with("alias") || target.contains("cloudfront") {
            acm_names.push(fqdn);
        }
    }
    for (name, values) in planted {
        let v: Vec<String> = values.iter().map(|s| s.to_string()).collect();
        recs.push((format!("{name}.{zone}"), "A", rr(&v, 300)));
    }
    for s in 1..=1_100u64 {
        let k = s as usize;
        let store = format!("s{s:04}.stores.{zone}");
        recs.push((
            store.clone(),
            "A",
            rr(
                &[format!(
                    "{}.{}.{}.{}",
                    pick(&["81", "87", "91", "93", "94", "95"], k, 1707),
                    h(k, 1708) % 256,
                    h(k, 1709) % 256,
                    1 + h(k, 1710) % 254
                )],
                300,
            ),
        ));
        recs.push((
            format!("kiosk.{store}"),
            "CNAME",
            rr(&[format!("kiosk-{s:04}.eu.kiosk-cloud.net.")], 300),
        ));
    }
    acm_names.push(format!("stores.{zone}"));
    for (k, n) in acm_names.iter().enumerate() {
        recs.push((
            format!("_{}.{n}", hex(k, 1711, 32)),
            "CNAME",
            rr(
                &[format!(
                    "_{}.{}.acm-validations.aws.",
                    hex(k, 1712, 32),
                    letters(k, 1713, 10)
                )],
                300,
            ),
        ));
    }
    recs.push((
        format!("_dmarc.{zone}"),
        "TXT",
        rr(
            &["\"v=DMARC1; p=quarantine; rua=mailto:dmarc@acme-retail.com; pct=100\"".into()],
            300,
        ),
    ));
    recs.push((
        format!("google._domainkey.{zone}"),
        "TXT",
        rr(
            &[format!(
                "\"v=DKIM1; k=rsa; p=MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEA{}\" \"{}IDAQAB\"",
                letters(5, 1714, 200),
                letters(6, 1715, 150)
            )],
            3600,
        ),
    ));
    for k in 0..3 {
        let t = hex(k, 1716, 32);
        recs.push((
            format!("{t}._domainkey.{zone}"),
            "CNAME",
            rr(&[format!("{t}.dkim.amazonses.com.")], 1800),
        ));
    }
    recs.push((
        format!("s1._domainkey.{zone}"),
        "CNAME",
        rr(&["s1.domainkey.u1234567.wl.sendgrid.net.".into()], 3600),
    ));
    recs.push((
        format!("_sip._tls.{zone}"),
        "SRV",
        rr(&["100 1 443 sipdir.online.lync.com.".into()], 3600),
    ));
    recs.push((
        format!("_sipfederationtls._tcp.{zone}"),
        "SRV",
        rr(&["100 1 5061 sipfed.online.lync.com.".into()], 3600),
    ));
    // Route 53's order: the name's labels reversed, then the type.
    let key = |n: &str| -> Vec<String> {
        n.trim_end_matches('.')
            .split('.')
            .rev()
            .map(str::to_string)
            .collect()
    };
    recs.sort_by(|a, b| key(&a.0).cmp(&key(&b.0)).then(a.1.cmp(b.1)));
    let sets: Vec<Value> = recs
        .iter()
        .map(|(name, kind, v)| {
            let mut m = serde_json::Map::new();
            m.insert("Name".into(), json!(name));
            m.insert("Type".into(), json!(kind));
            for (k, x) in v.as_object().unwrap() {
                m.insert(k.clone(), x.clone());
            }
            Value::Object(m)
        })
        .collect();
    let items: Vec<String> = planted
        .iter()
        .map(|p| format!("{}.acme-retail.com", p.0))
        .collect();
    let names: Vec<String> = recs
        .iter()
        .map(|r| r.0.trim_end_matches('.').to_string())
        .collect();
    for s in &items {
        assert!(!named_elsewhere(s, &names), "{s}");
    }
    let expected = (recs.iter())
        .filter(|r| {
            r.2["ResourceRecords"]
                .as_array()
                .is_some_and(|a| a.iter().any(|v| v["Value"] == old))
        })
        .map(|r| jq_string(&r.0))
        .collect();
    Case::items(
        "Route 53 record sets, names still on the old server",
        pretty(&json!({"ResourceRecordSets": sets}), b"    ") + "\n",
        "We switched off the old web server at 198.51.100.23 last week. Which hostnames in our DNS zone still point at it? I need all of them.",
        items,
    )
    .with_jq(
        ".ResourceRecordSets[] | select(.ResourceRecords[]?.Value == \"198.51.100.23\") | .Name",
        expected,
    )
}
