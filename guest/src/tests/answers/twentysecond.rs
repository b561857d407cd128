//! A TWENTY-SECOND HELD-OUT SET of issue 30, written by someone who had
//! not read the answer code and never run against it while being
//! written: eight outputs of tools no other set uses, each with a
//! question in a user's words and the answer its generator planted.
//! Written before being measured, and measured unread at 4a782dd.
//! Measure it, never tune on it.
//!
//! One fact: Exim's `mainlog` of an office mail server over a day (when
//! mail to a law firm, Kanzlei Hofmann, first failed to go through and
//! what its server answered, among its later deferrals of the same mail,
//! an earlier bounce from a builder named Hofmann, a colleague named
//! Hofmann mailing all day, greylisting, a dead domain's retry timeout
//! and thousands of refused logins and spam), `vegeta encode` of a load
//! test of a staging API (the slowest request and its latency, among an
//! always-slow export endpoint, a burst of 503s and refused connections),
//! `pidstat -u -d -h 60` of a database server at night (the process that
//! wrote the fastest and its rate, among a dump reading faster, a
//! walsender reading, cancelled writes larger than any write and a
//! backend waiting on the disk), Prowler's JSON findings of an AWS
//! account (the security group that leaves Remote Desktop open to the
//! internet and its region, among bastions open for SSH, a database open
//! on 3306, an `rdp-gateway` group that passes and root without MFA).
//! Every item: `varnishlog` of a shop's cache overnight (the pages
//! visitors got a 503 for, among fetches that failed and were retried,
//! failed background fetches hidden by grace, 404s), `argo get -o yaml`
//! of a nightly warehouse build (the models whose task failed for good,
//! among tasks retried after an OOM kill that then passed and tasks
//! omitted below a failure), SonarQube's `api/issues/search` of a Java
//! backend (the files with an open SQL injection, among one marked a
//! false positive, one fixed, an unclosed `PreparedStatement` and an
//! XXE), the Microsoft Graph sign-in log through `az rest` (the users who
//! got in with legacy authentication, among a password spray over IMAP,
//! ActiveSync blocked by Conditional Access and modern Outlook).
//!
//! The jq program of the JSON-lines output (vegeta) reads the records as
//! one array (`.[]`), as the fourth set's do; every expected jq result
//! was checked with the real jq (`jq -s` for that one).

use std::collections::BTreeSet;

use serde_json::{Map, Value, json};

use super::super::heldout::{DAY, clock, datetime, h, hex, iso, letters, uuid};
use super::{Case, jq_string, named_elsewhere, pick, pretty, whole};

pub(super) fn cases() -> Vec<Case> {
    vec![
        exim_first_failure(),
        vegeta_slowest_request(),
        pidstat_fastest_writer(),
        prowler_rdp_open(),
        varnish_pages_503(),
        argo_failed_models(),
        sonarqube_sql_injection(),
        signins_legacy_auth(),
    ]
}

const GIVEN: [&str; 40] = [
    "Anna",
    "Jonas",
    "Lena",
    "Felix",
    "Marie",
    "Lukas",
    "Sophie",
    "Paul",
    "Laura",
    "Tim",
    "Julia",
    "Niklas",
    "Sarah",
    "David",
    "Katharina",
    "Jan",
    "Lisa",
    "Tobias",
    "Hannah",
    "Florian",
    "Miriam",
    "Stefan",
    "Carina",
    "Markus",
    "Eva",
    "Daniel",
    "Nina",
    "Sebastian",
    "Clara",
    "Thomas",
    "Helena",
    "Moritz",
    "Petra",
    "Oliver",
    "Vanessa",
    "Ralf",
    "Ines",
    "Jürgen",
    "Sabine",
    "Kai",
];

const SURNAMES: [&str; 48] = [
    "Berger",
    "Krause",
    "Wagner",
    "Schulz",
    "Neumann",
    "Schwarz",
    "Zimmermann",
    "Braun",
    "Krüger",
    "Lange",
    "Werner",
    "Lehmann",
    "Köhler",
    "Maier",
    "Frank",
    "Albrecht",
    "Vogel",
    "Seidel",
    "Jung",
    "Busch",
    "Kuhn",
    "Brandt",
    "Roth",
    "Winkler",
    "Lorenz",
    "Haas",
    "Sommer",
    "Graf",
    "Dietrich",
    "Engel",
    "Pohl",
    "Kraus",
    "Ludwig",
    "Böhm",
    "Simon",
    "Franke",
    "Arnold",
    "Beck",
    "Thiel",
    "Voigt",
    "Ernst",
    "Kaiser",
    "Ziegler",
    "Otto",
    "Götz",
    "Pietsch",
    "Hartung",
    "Fuchs",
];

/// `Jürgen` as a mail address writes it: `juergen`.
fn ascii_lower(s: &str) -> String {
    s.to_lowercase()
        .replace('ä', "ae")
        .replace('ö', "oe")
        .replace('ü', "ue")
        .replace('ß', "ss")
}

/// `n` staff, unique: (given name, surname, `j.berger`), fixed by `salt`.
fn people(n: usize, salt: u64) -> Vec<(&'static str, &'static str, String)> {
    let mut out: Vec<(&str, &str, String)> = Vec::new();
    let mut k = 0;
    while out.len() < n {
        let g = pick(&GIVEN, k, salt);
        let s = pick(&SURNAMES, k, salt + 1);
        k += 1;
        let login = format!(
            "{}.{}",
            ascii_lower(&g[..g.chars().next().unwrap().len_utf8()]),
            ascii_lower(s)
        );
        if !out.iter().any(|p| p.2 == login) {
            out.push((g, s, login));
        }
    }
    out
}

/// Lines stamped with a time, written out in time order (lines of one
/// time keep the order they were added in).
struct Timeline(Vec<(u64, usize, String)>);

impl Timeline {
    fn add(&mut self, t: u64, line: String) {
        let n = self.0.len();
        self.0.push((t, n, line));
    }

    fn text(mut self) -> String {
        self.0.sort_unstable_by_key(|l| (l.0, l.1));
        let mut out = String::new();
        for (_, _, l) in self.0 {
            out.push_str(&l);
            out.push('\n');
        }
        out
    }
}

// ---------------------------------------------------------------- Exim

/// `n` in Exim's base 62, `width` digits.
fn base62(mut n: u64, width: usize) -> String {
    const D: &[u8] = b"0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
    let mut s = vec![b'0'; width];
    for k in (0..width).rev() {
        s[k] = D[(n % 62) as usize];
        n /= 62;
    }
    String::from_utf8(s).unwrap()
}

/// A mail domain outside: its MX host and address, and how its server
/// confirms a message (0: Postfix, 1: Microsoft 365, 2: Google, 3:
/// United Internet).
struct Mx {
    domain: &'static str,
    host: &'static str,
    ip: &'static str,
    kind: u8,
}

const MXS: [Mx; 22] = [
    Mx {
        domain: "gmail.com",
        host: "gmail-smtp-in.l.google.com",
        ip: "142.250.102.27",
        kind: 2,
    },
    Mx {
        domain: "web.de",
        host: "mx-ha03.web.de",
        ip: "212.227.17.26",
        kind: 3,
    },
    Mx {
        domain: "gmx.de",
        host: "mx00.emig.gmx.net",
        ip: "212.227.15.9",
        kind: 3,
    },
    Mx {
        domain: "t-online.de",
        host: "mx00.t-online.de",
        ip: "194.25.134.8",
        kind: 0,
    },
    Mx {
        domain: "sport-mueller.de",
        host: "sportmueller-de.mail.protection.outlook.com",
        ip: "52.101.68.14",
        kind: 1,
    },
    Mx {
        domain: "bergwelt-reisen.at",
        host: "bergwelt-reisen-at.mail.protection.outlook.com",
        ip: "52.101.73.2",
        kind: 1,
    },
    Mx {
        domain: "outdoor-logistik.de",
        host: "mail.outdoor-logistik.de",
        ip: "91.198.44.17",
        kind: 0,
    },
    Mx {
        domain: "textilwerk-plauen.de",
        host: "mx1.textilwerk-plauen.de",
        ip: "185.26.156.90",
        kind: 0,
    },
    Mx {
        domain: "dhl.com",
        host: "dhl-com.mail.protection.outlook.com",
        ip: "52.101.42.8",
        kind: 1,
    },
    Mx {
        domain: "steuerberatung-lang.de",
        host: "mx01.kasserver.com",
        ip: "85.13.163.91",
        kind: 0,
    },
    Mx {
        domain: "alpinverlag.de",
        host: "mxext1.mailbox.org",
        ip: "80.241.60.215",
        kind: 0,
    },
    Mx {
        domain: "stadtwerke-leipzig.de",
        host: "mx1.stadtwerke-leipzig.de",
        ip: "194.59.26.3",
        kind: 0,
    },
    Mx {
        domain: "vaude-partner.com",
        host: "vaude-partner-com.mail.protection.outlook.com",
        ip: "52.101.68.30",
        kind: 1,
    },
    Mx {
        domain: "sparkasse-leipzig.de",
        host: "mx03.sparkasse-leipzig.de",
        ip: "193.28.122.11",
        kind: 0,
    },
    Mx {
        domain: "kanzlei-hofmann.de",
        host: "mx01.kanzlei-hofmann.de",
        ip: "212.227.81.44",
        kind: 0,
    },
    Mx {
        domain: "hofmann-bau.de",
        host: "mail.hofmann-bau.de",
        ip: "81.169.145.97",
        kind: 0,
    },
    Mx {
        domain: "druckerei-weiss.de",
        host: "mail.druckerei-weiss.de",
        ip: "178.254.10.58",
        kind: 0,
    },
    Mx {
        domain: "messe-friedrichshafen.de",
        host: "messe-fn-de.mail.protection.outlook.com",
        ip: "52.101.73.41",
        kind: 1,
    },
    Mx {
        domain: "globetrotter-b2b.de",
        host: "mx2.globetrotter-b2b.de",
        ip: "217.160.0.122",
        kind: 0,
    },
    Mx {
        domain: "yahoo.de",
        host: "mx-eu.mail.am0.yahoodns.net",
        ip: "188.125.72.73",
        kind: 0,
    },
    Mx {
        domain: "icloud.com",
        host: "mx01.mail.icloud.com",
        ip: "17.57.154.33",
        kind: 0,
    },
    Mx {
        domain: "altkunde-schmitt.de",
        host: "mx.altkunde-schmitt.de",
        ip: "85.13.128.204",
        kind: 0,
    },
];

const MAIL_SUBJECTS: [&str; 24] = [
    "Re: Angebot Winterkollektion",
    "AW: Lieferung KW 49",
    "Rechnung 2026-11-{n}",
    "Re: Termin nächste Woche",
    "Bestellung {n} – Rückfrage",
    "WG: Messestand ISPO",
    "Re: Reklamation Schlafsack",
    "Protokoll Jour fixe",
    "Preisliste 2027",
    "Re: Retoure {n}",
    "Lieferschein {n}",
    "AW: Zahlungserinnerung",
    "Re: Vertragsentwurf",
    "Unterlagen für die Prüfung",
    "Re: Frage zur Gutschrift",
    "Katalogfotos final",
    "Re: Versandkosten Österreich",
    "Einladung Partnertag",
    "AW: Muster Zeltstoff",
    "Re: Inventur Dezember",
    "Reisekostenabrechnung November",
    "Re: Kündigung Mietvertrag Lager",
    "Newsletter-Freigabe",
    "Re: Ihre Anfrage {n}",
];

/// The log of one Exim 4.96 day, its message ids and connections made
/// from the times they happen at.
struct Exim {
    log: Timeline,
    /// Seconds since the epoch of the log's midnight (local time).
    base: u64,
    pid: u64,
    /// The second only the planted line is logged at.
    reserved: u64,
}

impl Exim {
    fn stamp(&self, t: u64) -> String {
        let s = datetime(self.base + t);
        format!("{} {}", &s[..10], &s[11..])
    }

    fn line(&mut self, t: u64, text: String) {
        let t = if t == self.reserved && !text.contains("Insufficient") {
            t + 1
        } else {
            t
        };
        let l = format!("{} {text}", self.stamp(t));
        self.log.add(t, l);
    }

    /// A message id for a message received at `t` (local seconds).
    fn id(&mut self, t: u64, k: usize) -> String {
        self.pid += 1 + h(k, 5101) % 40;
        format!(
            "{}-{}-{}",
            base62(self.base + t - 3_600, 6),
            base62(self.pid, 6),
            base62(h(k, 5102) % 3_844, 2)
        )
    }

    /// How a server of `kind` confirms a message.
    fn confirm(kind: u8, k: usize, size: u64, t: u64) -> String {
        match kind {
            1 => format!(
                "250 2.6.0 <{}@nordwind.de> [InternalId={}, Hostname=FR{}P281MB{:04}.DEUP281.PROD.OUTLOOK.COM] {size} bytes in 0.{:03}, {}.{:03} KB/sec Queued mail for delivery",
                hex(k, 5103, 16),
                10_000_000_000_000 + h(k, 5104) % 90_000_000_000_000,
                2 + h(k, 5105) % 4,
                h(k, 5106) % 9_999,
                80 + h(k, 5107) % 800,
                50 + h(k, 5108) % 400,
                h(k, 5109) % 1_000
            ),
            2 => format!(
                "250 2.0.0 OK  {} {}{}.{} - gsmtp",
                DAY - 86_400 + t - 3_600,
                letters(k, 5110, 1),
                h(k, 5111) % 1_000_000_000,
                letters(k, 5112, 3)
            ),
            3 => format!(
                "250 Requested mail action okay, completed: id=1M{}-1t{}-00{}",
                letters(k, 5113, 4).to_uppercase(),
                letters(k, 5114, 8),
                letters(k, 5115, 4)
            ),
            _ => format!(
                "250 2.0.0 Ok: queued as 4Z{}",
                hex(k, 5116, 10).to_uppercase()
            ),
        }
    }
}

/// TLS as Exim logs it.
fn exim_tls(k: usize) -> &'static str {
    if h(k, 5117).is_multiple_of(5) {
        "TLS1.2:ECDHE-RSA-AES256-GCM-SHA384:256"
    } else {
        "TLS1.3:TLS_AES_256_GCM_SHA384:256"
    }
}

/// Exim 4.96's `mainlog` of `mail.nordwind.de`, the mail server of an
/// outdoor retailer's office (Debian, Dovecot over LMTP, `+subject
/// +received_recipients +tls_peerdn`), for Thursday 26 Nov 2026: staff
/// sending through submission and webmail, mail coming in, spam refused
/// by the RBL, thousands of refused logins of a credential-stuffing run,
/// queue runs every 30 minutes, greylisting by some receivers that
/// passes at the next run, a customer's dead domain whose last message
/// times out of its retries at 16:40 and bounces, a bounce from
/// `hofmann-bau.de` at 10:21 (user unknown) and a colleague,
/// `m.hofmann`, mailing all day. Kanzlei Hofmann (`kanzlei-hofmann.de`)
/// takes mail in the morning; at 13:52:07 its server first answers
/// `452 4.3.1 Insufficient system storage`, and every message to it is
/// deferred from then to midnight, retried at every queue run.
fn exim_first_failure() -> Case {
    let base = DAY - 86_400;
    let first_fail = 13 * 3_600 + 52 * 60 + 7;
    let mut ex = Exim {
        log: Timeline(Vec::new()),
        base,
        pid: 3_100_000,
        reserved: first_fail,
    };
    let staff = people(70, 5120);
    let mut logins: Vec<String> = staff.iter().map(|p| p.2.clone()).collect();
    logins[17] = "m.hofmann".into();
    let mut k = 0usize;
    // Messages stuck for Kanzlei Hofmann: (since, id, recipient, sender,
    // size).
    let mut stuck: Vec<(u64, String, String, String, u64)> = Vec::new();
    // Messages greylisted, delivered at the next queue run: (time, id,
    // recipient, mx index, size).
    let mut greylisted: Vec<(u64, String, String, usize, u64)> = Vec::new();
    let hofmann = MXS
        .iter()
        .position(|m| m.domain == "kanzlei-hofmann.de")
        .unwrap();
    let bau = MXS
        .iter()
        .position(|m| m.domain == "hofmann-bau.de")
        .unwrap();
    let dead = MXS
        .iter()
        .position(|m| m.domain == "altkunde-schmitt.de")
        .unwrap();
    let hofmann_people = [
        "r.hofmann",
        "s.hofmann",
        "kanzlei",
        "j.lindner",
        "a.petersen",
    ];
    // Outbound mail: staff to customers and suppliers.
    let mut outbound: Vec<(u64, usize, usize)> = Vec::new();
    for n in 0..400usize {
        let hour = [
            7, 7, 8, 8, 8, 9, 9, 9, 10, 10, 10, 11, 11, 11, 12, 13, 13, 14, 14, 14, 15, 15, 15, 16,
            16, 17, 17, 18, 19, 21, 6, 22,
        ][(h(n, 5121) % 32) as usize];
        let t = hour * 3_600 + h(n, 5122) % 3_600;
        let mut m = (h(n, 5123) % MXS.len() as u64) as usize;
        if m == hofmann || m == bau || m == dead {
            m = (m + 1 + n % 3) % MXS.len();
            if m == hofmann || m == bau || m == dead {
                m = 0;
            }
        }
        outbound.push((t, m, n));
    }
    // Kanzlei Hofmann: mail in the morning goes through, then it fails.
    for (j, t) in [
        8 * 3_600 + 14 * 60 + 51,
        9 * 3_600 + 2 * 60 + 33,
        10 * 3_600 + 40 * 60 + 12,
        11 * 3_600 + 27 * 60 + 5,
        12 * 3_600 + 8 * 60 + 49,
        13 * 3_600 + 11 * 60 + 40,
        first_fail - 1,
        14 * 3_600 + 31 * 60 + 18,
        15 * 3_600 + 12 * 60 + 2,
        16 * 3_600 + 5 * 60 + 44,
        16 * 3_600 + 49 * 60 + 30,
    ]
    .into_iter()
    .enumerate()
    {
        outbound.push((t, hofmann, 10_000 + j));
    }
    outbound.push((10 * 3_600 + 21 * 60 + 3, bau, 20_000));
    outbound.push((15 * 3_600 + 2 * 60 + 54, bau, 20_001));
    outbound.sort_unstable();
    for &(t, m, n) in &outbound {
        k += 1;
        let mx = &MXS[m];
        let sender = if m == hofmann || m == bau {
            logins[[3, 17, 22, 40][n % 4]].clone()
        } else {
            logins[(h(n, 5124) % logins.len() as u64) as usize].clone()
        };
        let from = format!("{sender}@nordwind.de");
        let local = if m == hofmann {
            hofmann_people[n % hofmann_people.len()].to_string()
        } else if m == bau && n == 20_000 {
            // Mistyped: the builder's address has one f.
            "a.hoffmann".to_string()
        } else if m == bau {
            "a.hofmann".to_string()
        } else {
            let p = &staff[(h(n, 5125) % staff.len() as u64) as usize];
            format!(
                "{}.{}",
                ascii_lower(p.0),
                ascii_lower(pick(&SURNAMES, n, 5126))
            )
        };
        let rcpt = format!("{local}@{}", mx.domain);
        let id = ex.id(t, k);
        let size = 2_400 + h(n, 5128) % 180_000;
        let subject =
            pick(&MAIL_SUBJECTS, n, 5129).replace("{n}", &(40_000 + n % 9_000).to_string());
        let msgid = format!("{}@nordwind.de", hex(n, 5130, 24));
        let webmail = h(n, 5131).is_multiple_of(4);
        let (hpart, proto, auth) = if webmail {
            (
                format!(
                    "H=localhost (webmail.nordwind.de) [127.0.0.1]:{}",
                    40_000 + h(n, 5132) % 20_000
                ),
                "esmtpa",
                format!("A=dovecot_login:{from}"),
            )
        } else {
            (
                format!(
                    "H=(NB-{:04}) [10.1.{}.{}]:{}",
                    100 + h(n, 5133) % 300,
                    4 + h(n, 5134) % 3,
                    10 + h(n, 5135) % 200,
                    50_000 + h(n, 5136) % 15_000
                ),
                "esmtpsa",
                format!("A=dovecot_plain:{from}"),
            )
        };
        let x = if webmail {
            String::new()
        } else {
            format!(" X={} CV=no", exim_tls(k))
        };
        ex.line(
            t,
            format!(
                "{id} <= {from} {hpart} P={proto}{x} {auth} S={size} id={msgid} T=\"{subject}\" for {rcpt}"
            ),
        );
        let td = t + 1 + h(n, 5137) % 2;
        if m == hofmann && t >= first_fail - 1 {
            // Deferred, the first time with the server's answer, later
            // with "retry time not reached" until the next queue run.
            if t == first_fail - 1 {
                ex.line(
                    first_fail,
                    format!(
                        "{id} == {rcpt} R=dnslookup T=remote_smtp defer (-45) H={} [{}]: SMTP error from remote mail server after pipelined MAIL FROM:<{from}> SIZE={size}: 452 4.3.1 Insufficient system storage",
                        mx.host, mx.ip
                    ),
                );
            } else {
                ex.line(
                    td,
                    format!(
                        "{id} == {rcpt} R=dnslookup T=remote_smtp defer (-53): retry time not reached for any host for 'kanzlei-hofmann.de'"
                    ),
                );
            }
            stuck.push((t, id, rcpt, from, size));
            continue;
        }
        if m == bau && n == 20_000 {
            ex.line(
                td,
                format!(
                    "{id} ** {rcpt} R=dnslookup T=remote_smtp H={} [{}] X={} CV=yes DN=\"CN={}\": SMTP error from remote mail server after RCPT TO:<{rcpt}>: 550 5.1.1 <{rcpt}>: Recipient address rejected: User unknown in virtual mailbox table",
                    mx.host, mx.ip, exim_tls(k), mx.host
                ),
            );
            k += 1;
            let bid = ex.id(td, k);
            ex.line(
                td,
                format!(
                    "{bid} <= <> R={id} U=Debian-exim P=local S={} T=\"Mail delivery failed: returning message to sender\" for {from}",
                    size + 1_840
                ),
            );
            ex.line(
                td,
                format!(
                    "{bid} => {sender} <{from}> R=dovecot_user T=dovecot_lmtp C=\"250 2.0.0 <{from}> {} Saved\"",
                    lmtp_id(k)
                ),
            );
            ex.line(td, format!("{bid} Completed"));
            ex.line(td, format!("{id} Completed"));
            continue;
        }
        let grey = mx.kind == 0 && m != hofmann && m != bau && h(n, 5138).is_multiple_of(9);
        if grey {
            ex.line(
                td,
                format!(
                    "{id} == {rcpt} R=dnslookup T=remote_smtp defer (-44) H={} [{}]: SMTP error from remote mail server after RCPT TO:<{rcpt}>: 450 4.2.0 <{rcpt}>: Recipient address rejected: Greylisted, see https://postgrey.schweikert.ch/help/{}.html",
                    mx.host, mx.ip, mx.domain
                ),
            );
            greylisted.push((t, id, rcpt, m, size));
            continue;
        }
        let cc = if h(n, 5139).is_multiple_of(6) {
            let q = logins[(h(n, 5140) % logins.len() as u64) as usize].clone();
            Some(q)
        } else {
            None
        };
        ex.line(
            td,
            format!(
                "{id} => {rcpt} R=dnslookup T=remote_smtp H={} [{}] X={} CV=yes DN=\"CN={}\" C=\"{}\"",
                mx.host,
                mx.ip,
                exim_tls(k + 1),
                mx.host,
                Exim::confirm(mx.kind, k, size, td)
            ),
        );
        if let Some(q) = cc {
            ex.line(
                td,
                format!(
                    "{id} => {q} <{q}@nordwind.de> R=dovecot_user T=dovecot_lmtp C=\"250 2.0.0 <{q}@nordwind.de> {} Saved\"",
                    lmtp_id(k + 7)
                ),
            );
        }
        ex.line(td, format!("{id} Completed"));
    }
    // Inbound mail.
    let senders_in = [
        (
            "newsletter@news.globetrotter.de",
            "mta-112.news.globetrotter.de",
            "185.41.28.112",
        ),
        (
            "noreply@dhl.com",
            "mail-fr2deu01on2102.outbound.protection.outlook.com",
            "52.100.12.102",
        ),
        (
            "rechnung@telekom.de",
            "mailout21.telekom.de",
            "194.25.225.21",
        ),
        (
            "info@sport-mueller.de",
            "mail-db8eur05on2110.outbound.protection.outlook.com",
            "52.100.23.110",
        ),
        (
            "einkauf@bergwelt-reisen.at",
            "mail-vi1eur04on2072.outbound.protection.outlook.com",
            "52.100.19.72",
        ),
        (
            "service@outdoor-logistik.de",
            "mail.outdoor-logistik.de",
            "91.198.44.17",
        ),
        (
            "buchhaltung@textilwerk-plauen.de",
            "mx1.textilwerk-plauen.de",
            "185.26.156.90",
        ),
        (
            "jira@nordwind.atlassian.net",
            "mail-us-west-2.atlassian.net",
            "13.52.5.96",
        ),
        (
            "notifications@github.com",
            "out-21.smtp.github.com",
            "192.30.252.204",
        ),
        (
            "kanzlei@kanzlei-hofmann.de",
            "mx01.kanzlei-hofmann.de",
            "212.227.81.44",
        ),
        (
            "office@steuerberatung-lang.de",
            "dd38212.kasserver.com",
            "85.13.163.91",
        ),
        (
            "verkauf@druckerei-weiss.de",
            "mail.druckerei-weiss.de",
            "178.254.10.58",
        ),
        (
            "a.hofmann@hofmann-bau.de",
            "mail.hofmann-bau.de",
            "81.169.145.97",
        ),
    ];
    for n in 0..480usize {
        k += 1;
        // Kanzlei Hofmann's own mail stops when its disk fills.
        let mut s = (h(n, 5142) % senders_in.len() as u64) as usize;
        // Notifications come at any hour, people's mail in office hours.
        let t = if [0, 1, 7, 8].contains(&s) {
            (h(n, 5141) % 86_000) + 200
        } else {
            6 * 3_600 + 40 * 60 + h(n, 5141) % (12 * 3_600)
        };
        if s == 9 && t >= first_fail - 600 {
            s = 5;
        }
        let (from, host, ip) = senders_in[s];
        let id = ex.id(t, k);
        let to = &logins[(h(n, 5143) % logins.len() as u64) as usize];
        let size = 3_100 + h(n, 5144) % 420_000;
        let subject = pick(&MAIL_SUBJECTS, n, 5145).replace("{n}", &(70_000 + n).to_string());
        ex.line(
            t,
            format!(
                "{id} <= {from} H={host} [{ip}]:{} P=esmtps X={} CV=no S={size} id={}@{} T=\"{subject}\" for {to}@nordwind.de",
                30_000 + h(n, 5146) % 30_000,
                exim_tls(k),
                hex(n, 5147, 20),
                host.split_once('.').map_or(host, |x| x.1)
            ),
        );
        ex.line(
            t,
            format!(
                "{id} => {to} <{to}@nordwind.de> R=dovecot_user T=dovecot_lmtp C=\"250 2.0.0 <{to}@nordwind.de> {} Saved\"",
                lmtp_id(k)
            ),
        );
        ex.line(t, format!("{id} Completed"));
    }
    // Spam refused by the RBL, relaying refused, protocol errors.
    let spam_helos = [
        "User",
        "ylmf-pc",
        "WIN-CLJ1B0GQ6JP",
        "localhost",
        "mail.example.com",
        "hkcsrv",
    ];
    for n in 0..700usize {
        let t = h(n, 5150) % 86_390;
        let ip = format!(
            "{}.{}.{}.{}",
            [45, 185, 91, 194, 141, 103, 5, 212, 77, 178][(h(n, 5151) % 10) as usize],
            h(n, 5152) % 256,
            h(n, 5153) % 256,
            1 + h(n, 5154) % 254
        );
        let port = 1_024 + h(n, 5155) % 64_000;
        let helo = pick(&spam_helos, n, 5156);
        let to = &logins[(h(n, 5157) % logins.len() as u64) as usize];
        let text = match h(n, 5158) % 10 {
            0..=3 => format!(
                "H=({helo}) [{ip}]:{port} F=<{}@{}> rejected RCPT <{to}@nordwind.de>: JunkMail rejected - ({helo}) [{ip}]:{port} is in an RBL: https://www.spamhaus.org/query/ip/{ip}",
                letters(n, 5159, 7),
                ["qq.com", "mail.ru", "outlook.com", "163.com", "yandex.ru"]
                    [(h(n, 5160) % 5) as usize]
            ),
            4 => format!(
                "H=({helo}) [{ip}]:{port} F=<{}@nordwind.de> rejected RCPT <{}@{}>: relay not permitted",
                to,
                letters(n, 5161, 6),
                ["gmail.com", "hotmail.com", "aol.com"][(h(n, 5162) % 3) as usize]
            ),
            5 => format!(
                "no MAIL in SMTP connection from ({helo}) [{ip}]:{port} D={}s C=EHLO,STARTTLS,EHLO,AUTH",
                1 + h(n, 5163) % 30
            ),
            6 => format!(
                "TLS error on connection from ({helo}) [{ip}]:{port} (SSL_accept): error:0A000102:SSL routines::unsupported protocol"
            ),
            7 => format!(
                "unexpected disconnection while reading SMTP command from ({helo}) [{ip}]:{port} D={}s",
                h(n, 5164) % 20
            ),
            _ => format!(
                "SMTP call from ({helo}) [{ip}]:{port} dropped: too many syntax or protocol errors (last command was \"AUTH LOGIN\", C=EHLO,AUTH)"
            ),
        };
        ex.line(t, text);
    }
    // A credential-stuffing run against submission, all day long.
    let guesses = [
        "admin",
        "info",
        "test",
        "office",
        "postmaster",
        "webmaster",
        "buchhaltung",
        "scanner",
    ];
    for n in 0..850usize {
        let t = h(n, 5170) % 86_390;
        let ip = format!(
            "{}.{}.{}.{}",
            [141, 80, 193, 45, 87][(h(n, 5171) % 5) as usize],
            h(n, 5172) % 256,
            h(n, 5173) % 256,
            1 + h(n, 5174) % 254
        );
        let set_id = if h(n, 5175).is_multiple_of(3) {
            format!(
                "{}@nordwind.de",
                logins[(h(n, 5176) % logins.len() as u64) as usize]
            )
        } else {
            format!("{}@nordwind.de", pick(&guesses, n, 5177))
        };
        ex.line(
            t,
            format!(
                "dovecot_login authenticator failed for (User) [{ip}]:{}: 535 Incorrect authentication data (set_id={set_id})",
                1_024 + h(n, 5178) % 64_000
            ),
        );
    }
    // Queue runs every 30 minutes: greylisted mail goes through, the dead
    // domain times out, Kanzlei Hofmann's mail is deferred again.
    let dead_mx = &MXS[dead];
    let dead_id = format!(
        "{}-{}-3k",
        base62(base - 4 * 86_400 + 37_214, 6),
        base62(2_977_331, 6)
    );
    for run in 0..48u64 {
        let t = run * 1_800 + 7 + h(run as usize, 5181) % 40;
        let pid = 3_400_000 + run * 2_311;
        ex.line(t, format!("Start queue run: pid={pid}"));
        let mut tt = t + 1;
        for g in greylisted.iter().filter(|g| g.0 < t && g.0 + 1_800 >= t) {
            let mx = &MXS[g.3];
            k += 1;
            ex.line(
                tt,
                format!(
                    "{} => {} R=dnslookup T=remote_smtp H={} [{}] X={} CV=yes DN=\"CN={}\" C=\"{}\" QT={}m{}s",
                    g.1,
                    g.2,
                    mx.host,
                    mx.ip,
                    exim_tls(k),
                    mx.host,
                    Exim::confirm(mx.kind, k, g.4, tt),
                    (t - g.0) / 60,
                    (t - g.0) % 60
                ),
            );
            ex.line(
                tt,
                format!(
                    "{} Completed QT={}m{}s",
                    g.1,
                    (t - g.0) / 60,
                    (t - g.0) % 60
                ),
            );
            tt += 1;
        }
        if t < 16 * 3_600 + 40 * 60 {
            ex.line(
                tt + 20,
                format!("H={} [{}] Connection timed out", dead_mx.host, dead_mx.ip),
            );
            ex.line(
                tt + 20,
                format!(
                    "{dead_id} == info@altkunde-schmitt.de R=dnslookup T=remote_smtp defer (110): Connection timed out"
                ),
            );
        } else if run == 34 {
            ex.line(
                tt + 20,
                format!(
                    "{dead_id} ** info@altkunde-schmitt.de R=dnslookup T=remote_smtp: retry timeout exceeded"
                ),
            );
            k += 1;
            let bid = ex.id(tt + 20, k);
            ex.line(
                tt + 20,
                format!(
                    "{bid} <= <> R={dead_id} U=Debian-exim P=local S=4122 T=\"Mail delivery failed: returning message to sender\" for l.brandt@nordwind.de"
                ),
            );
            ex.line(
                tt + 20,
                format!(
                    "{bid} => l.brandt <l.brandt@nordwind.de> R=dovecot_user T=dovecot_lmtp C=\"250 2.0.0 <l.brandt@nordwind.de> {} Saved\"",
                    lmtp_id(k)
                ),
            );
            ex.line(tt + 20, format!("{bid} Completed"));
            ex.line(tt + 20, format!("{dead_id} Completed"));
        }
        tt += 21;
        // Only the mail already stuck when the run starts.
        for (since, id, rcpt, from, size) in &stuck {
            let mx = &MXS[hofmann];
            if *since >= t {
                continue;
            }
            ex.line(
                tt,
                format!(
                    "{id} == {rcpt} R=dnslookup T=remote_smtp defer (-45) H={} [{}]: SMTP error from remote mail server after pipelined MAIL FROM:<{from}> SIZE={size}: 452 4.3.1 Insufficient system storage",
                    mx.host, mx.ip
                ),
            );
            tt += 1;
        }
        ex.line(tt + 2, format!("End queue run: pid={pid}"));
    }
    let out = ex.log.text();
    let first = format!("2026-11-26 {}", clock(first_fail));
    let fails: Vec<&str> = out
        .lines()
        .filter(|l| l.contains("Insufficient system storage"))
        .collect();
    assert!(fails.len() > 40, "{}", fails.len());
    assert!(fails[0].starts_with(&first), "{}", fails[0]);
    assert_eq!(out.lines().filter(|l| l.starts_with(&first)).count(), 1);
    assert!(out.len() < 1_000_000, "{}", out.len());
    Case::fact(
        "Exim mainlog of an office mail server, when mail to a law firm first failed",
        out,
        "Our emails to Kanzlei Hofmann, our law firm, stopped going through yesterday. When did the first one fail, and what did their mail server say?",
        &[&first, "452 4.3.1 Insufficient system storage"],
    )
}

/// A Dovecot LMTP session id as its `Saved` reply writes it.
fn lmtp_id(k: usize) -> String {
    let chars: Vec<char> = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"
        .chars()
        .collect();
    (0..22)
        .map(|j| chars[(h(k * 23 + j, 5190) % 64) as usize])
        .collect()
}

// -------------------------------------------------------------- vegeta

/// `bytes` in standard base64, padded, as Go's `encoding/json` writes a
/// `[]byte`.
fn base64(bytes: &[u8]) -> String {
    const A: &[u8] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let mut out = String::new();
    for c in bytes.chunks(3) {
        let n = (u32::from(c[0]) << 16)
            | (u32::from(*c.get(1).unwrap_or(&0)) << 8)
            | u32::from(*c.get(2).unwrap_or(&0));
        for j in 0..4 {
            if j <= c.len() {
                out.push(A[((n >> (18 - 6 * j)) & 63) as usize] as char);
            } else {
                out.push('=');
            }
        }
    }
    out
}

/// `2026-11-26T22:00:00.200413775+01:00`: a time in Central European
/// Time as Go's `time.RFC3339Nano` writes it (trailing zeros dropped).
fn rfc3339_nano_cet(ns: u64) -> String {
    let s = datetime(ns / 1_000_000_000 + 3_600);
    let frac = ns % 1_000_000_000;
    if frac == 0 {
        format!("{s}+01:00")
    } else {
        let f = format!("{frac:09}");
        format!("{s}.{}+01:00", f.trim_end_matches('0'))
    }
}

/// `Thu, 26 Nov 2026 21:00:00 GMT`: an HTTP date.
fn http_date(t: u64) -> String {
    let days = ["Thu", "Fri", "Sat", "Sun", "Mon", "Tue", "Wed"];
    let (y, m, d) = super::super::heldout::civil(t / 86_400);
    format!(
        "{}, {d:02} {} {y} {} GMT",
        days[((t / 86_400) % 7) as usize],
        [
            "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"
        ][m as usize - 1],
        clock(t % 86_400)
    )
}

/// `vegeta attack -name=checkout-baseline -rate=5/s -duration=200s
/// -targets=staging.http | vegeta encode --to json` against the staging
/// API of a shop at 22:00 (vegeta 12.12): 1,000 results in the order
/// they came back, fourteen targets in turn, bodies kept. Most answer in
/// 10–180 ms, the checkout quote in up to 1.4 s, the sales export always
/// in 1.8–4.6 s; around request 700 the gateway answers 503 to a burst
/// and refuses three connections. One request, a POST to the cart (seq
/// 563), takes 6.93 s: the slowest.
fn vegeta_slowest_request() -> Case {
    let api = "https://api.staging.nordwind.de";
    // (method, path, request body, response body)
    let targets: [(&str, &str, &str, &str); 14] = [
        (
            "GET",
            "/v2/products/NW-10442",
            "",
            "{\"sku\":\"NW-10442\",\"name\":\"Kuppelzelt Nordkap 3\",\"price\":\"349.00\",\"currency\":\"EUR\",\"variants\":3}",
        ),
        (
            "GET",
            "/v2/stock/NW-10442",
            "",
            "{\"sku\":\"NW-10442\",\"available\":{n},\"warehouse\":\"DE-LEJ\"}",
        ),
        (
            "GET",
            "/v2/search/suggest?q=zelt",
            "",
            "{\"q\":\"zelt\",\"suggestions\":[\"zelt 2 personen\",\"zeltheringe\",\"zeltunterlage\"]}",
        ),
        (
            "POST",
            "/v2/cart/items",
            "{\"cartId\":\"c-7f3a19\",\"sku\":\"NW-20817\",\"qty\":1}",
            "{\"cartId\":\"c-7f3a19\",\"items\":{n},\"total\":\"129.90\"}",
        ),
        (
            "GET",
            "/v2/cart?cartId=c-7f3a19",
            "",
            "{\"cartId\":\"c-7f3a19\",\"items\":{n},\"total\":\"129.90\",\"currency\":\"EUR\"}",
        ),
        (
            "GET",
            "/v2/prices?skus=NW-10442,NW-20817,NW-31190",
            "",
            "{\"NW-10442\":\"349.00\",\"NW-20817\":\"129.90\",\"NW-31190\":\"54.95\"}",
        ),
        (
            "POST",
            "/v2/checkout/quote",
            "{\"cartId\":\"c-7f3a19\",\"country\":\"DE\",\"zip\":\"04109\",\"shipping\":\"standard\"}",
            "{\"subtotal\":\"129.90\",\"shipping\":\"4.95\",\"tax\":\"21.53\",\"total\":\"134.85\"}",
        ),
        (
            "GET",
            "/v2/customers/me",
            "",
            "{\"id\":\"cus_{n}\",\"tier\":\"gold\",\"newsletter\":true}",
        ),
        (
            "GET",
            "/v2/stock/NW-20817",
            "",
            "{\"sku\":\"NW-20817\",\"available\":{n},\"warehouse\":\"DE-LEJ\"}",
        ),
        (
            "GET",
            "/v2/orders?limit=5",
            "",
            "{\"orders\":[],\"next\":null}",
        ),
        (
            "POST",
            "/v2/reports/exports",
            "{\"report\":\"sales\",\"month\":\"2026-10\",\"format\":\"csv\"}",
            "{\"exportId\":\"exp_{n}\",\"status\":\"queued\"}",
        ),
        (
            "GET",
            "/v2/search/suggest?q=schlafsack",
            "",
            "{\"q\":\"schlafsack\",\"suggestions\":[\"schlafsack daune\",\"schlafsack kinder\"]}",
        ),
        (
            "GET",
            "/v2/shipping/options?zip=04109",
            "",
            "{\"options\":[\"standard\",\"express\",\"pickup\"]}",
        ),
        ("GET", "/v2/health", "", "{\"status\":\"ok\"}"),
    ];
    let start_ns = (DAY - 86_400 + 21 * 3_600) * 1_000_000_000;
    let slowest = 563usize;
    let mut results: Vec<(u64, Value)> = Vec::new();
    let mut latencies = Vec::new();
    for seq in 0..1_000usize {
        let (method, path, req, resp) = targets[seq % targets.len()];
        let url = format!("{api}{path}");
        let ts = start_ns + seq as u64 * 200_000_000 + h(seq, 5201) % 900_000;
        let burst = (700..=726).contains(&seq) && !h(seq, 5202).is_multiple_of(4);
        let refused = [708usize, 713, 719].contains(&seq);
        let latency = if seq == slowest {
            6_931_442_170
        } else if refused {
            400_000 + h(seq, 5203) % 900_000
        } else if burst {
            2_000_000 + h(seq, 5204) % 7_000_000
        } else if path.starts_with("/v2/reports") {
            1_800_000_000 + h(seq, 5205) % 2_800_000_000
        } else if path.starts_with("/v2/checkout") {
            300_000_000 + h(seq, 5206) % 1_100_000_000
        } else {
            8_000_000 + h(seq, 5207) % 172_000_000
        };
        latencies.push(latency);
        let done = ts + latency;
        let date = http_date(done / 1_000_000_000);
        let (code, error, body, headers) = if refused {
            (
                0,
                format!(
                    "{} \"{url}\": dial tcp 10.30.2.15:443: connect: connection refused",
                    if method == "GET" { "Get" } else { "Post" }
                ),
                Value::Null,
                Value::Null,
            )
        } else if burst {
            let b = "<html><body><h1>503 Service Unavailable</h1>\nNo server is available to handle this request.\n</body></html>\n";
            (
                503,
                "503 Service Unavailable".to_string(),
                json!(base64(b.as_bytes())),
                json!({
                    "Cache-Control": ["no-cache"],
                    "Content-Length": [b.len().to_string()],
                    "Content-Type": ["text/html"],
                    "Date": [date]
                }),
            )
        } else {
            let b = resp.replace("{n}", &(1 + h(seq, 5208) % 40).to_string());
            let code = if method == "POST" && !path.contains("quote") {
                201
            } else {
                200
            };
            (
                code,
                String::new(),
                json!(base64(b.as_bytes())),
                json!({
                    "Content-Length": [b.len().to_string()],
                    "Content-Type": ["application/json; charset=utf-8"],
                    "Date": [date],
                    "Server": ["nginx"],
                    "Vary": ["Accept-Encoding"],
                    "X-Request-Id": [uuid(seq, 5209)]
                }),
            )
        };
        let bytes_in = body.as_str().map_or(0, |b| {
            (b.len() / 4 * 3) as u64 - b.matches('=').count() as u64
        });
        results.push((
            done,
            json!({
                "attack": "checkout-baseline",
                "seq": seq,
                "code": code,
                "timestamp": rfc3339_nano_cet(ts),
                "latency": latency,
                "bytes_out": req.len(),
                "bytes_in": bytes_in,
                "error": error,
                "body": body,
                "method": method,
                "url": url,
                "headers": headers
            }),
        ));
    }
    results.sort_by_key(|r| r.0);
    let out: String = results.iter().map(|r| r.1.to_string() + "\n").collect();
    let max = *latencies.iter().max().unwrap();
    assert_eq!(max, latencies[slowest]);
    let second = latencies.iter().filter(|&&l| l != max).max().unwrap();
    assert!(*second < 4_700_000_000);
    let url = format!("{api}{}", targets[slowest % targets.len()].1);
    assert_eq!(whole(&out, "6931442170"), 1);
    assert!((350_000..1_000_000).contains(&out.len()), "{}", out.len());
    Case::fact(
        "vegeta encode of a staging load test, the slowest request",
        out,
        "We load-tested the staging API with vegeta last night. Which single request took the longest, and how long did it take?",
        &[&url, "6931442170"],
    )
    .with_jq(
        "max_by(.latency) | .seq, .url, .latency",
        vec![slowest.to_string(), jq_string(&url), "6931442170".to_string()],
    )
}

// ------------------------------------------------------------- pidstat

/// A task `pidstat` reports every minute: uid, pid, command.
type Task = (u32, u32, &'static str);

/// `pidstat -u -d -h 60` on `db-app-03` (16 CPUs, PostgreSQL 16) from
/// 02:00 to 05:00 at night, one report a minute with the header before
/// each: postgres backends, the checkpointer every five minutes, the WAL
/// writer, autovacuum, `pg_dump | gzip` from 02:30 (reading up to
/// 402,118 kB/s once), `pg_basebackup` to the backup disk from 03:35
/// to 04:10 (writing up to 287,104.31 kB/s once, at 03:52, the fastest
/// write of the night) with its walsender reading, `rsync` of the dumps
/// to the NAS, a backend whose temporary files are dropped (kB_ccwr/s of
/// 310,442.00) and an autovacuum worker waiting on the disk (iodelay
/// 1,842).
fn pidstat_fastest_writer() -> Case {
    let t0 = DAY + 3_600; // 02:00 CET, 01:00 UTC
    let minutes = 180u64;
    let peak_min = 112u64; // 03:52
    let mut out =
        String::from("Linux 6.1.0-27-amd64 (db-app-03) \t11/27/2026 \t_x86_64_\t(16 CPU)\n");
    let steady: [Task; 9] = [
        (0, 1, "systemd"),
        (0, 389, "systemd-journal"),
        (0, 512, "jbd2/dm-0-8"),
        (106, 1_843, "postgres"),
        (106, 1_844, "postgres"),
        (106, 1_845, "postgres"),
        (65_534, 1_201, "node_exporter"),
        (106, 1_930, "postgres_export"),
        (0, 1_012, "chronyd"),
    ];
    let mut max_write = (0.0f64, String::new());
    let mut max_read = 0.0f64;
    for m in 0..minutes {
        let t = t0 + 60 + m * 60;
        out.push_str(
            "\n# Time        UID       PID    %usr %system  %guest   %wait    %CPU   CPU   kB_rd/s   kB_wr/s kB_ccwr/s iodelay  Command\n",
        );
        let mut rows: Vec<(u32, u32, String, [f64; 7], u64)> = Vec::new();
        let i = m as usize;
        for (j, &(uid, pid, cmd)) in steady.iter().enumerate() {
            let k = i * 31 + j;
            let (usr, sys, rd, wr) = match pid {
                1_843 => {
                    // The checkpointer: a burst every five minutes.
                    let burst = m % 5 == 2;
                    (
                        0.0,
                        if burst { 1.2 } else { 0.05 },
                        0.0,
                        if burst {
                            8_000.0 + (h(k, 5301) % 60_000) as f64 / 3.0
                        } else {
                            (h(k, 5302) % 400) as f64 / 5.0
                        },
                    )
                }
                1_844 => (0.02, 0.1, 0.0, 40.0 + (h(k, 5303) % 90_000) as f64 / 100.0),
                1_845 => (0.0, 0.02, 0.0, 0.0),
                512 => (0.0, 0.05, 0.0, 12.0 + (h(k, 5304) % 90_000) as f64 / 100.0),
                389 => (0.03, 0.05, 0.0, 4.0 + (h(k, 5305) % 8_000) as f64 / 100.0),
                1_201 => ((h(k, 5306) % 200) as f64 / 100.0, 0.4, 0.0, 0.0),
                1_930 => ((h(k, 5307) % 90) as f64 / 100.0, 0.1, 0.0, 0.0),
                1_012 => (0.0, 0.02, 0.0, 0.0),
                _ => (0.02, 0.02, 0.0, 0.0),
            };
            if (pid == 1 && !m.is_multiple_of(7)) || (pid == 1_012 && !m.is_multiple_of(11)) {
                continue;
            }
            rows.push((
                uid,
                pid,
                cmd.to_string(),
                [usr, sys, 0.0, rd, wr, 0.0, 0.0],
                0,
            ));
        }
        // Client backends of the night's jobs and the app.
        for b in 0..(4 + h(i, 5310) % 6) {
            let k = i * 17 + b as usize;
            let pid = 90_000 + (h(k, 5311) % 12_000) as u32;
            let usr = (h(k, 5312) % 4_000) as f64 / 100.0;
            let rd = if h(k, 5313).is_multiple_of(3) {
                (h(k, 5314) % 2_000_000) as f64 / 100.0
            } else {
                0.0
            };
            let wr = (h(k, 5315) % 30_000) as f64 / 100.0;
            let mut cc = 0.0;
            if m == 64 && b == 0 {
                cc = 310_442.0;
            }
            rows.push((
                106,
                pid,
                "postgres".into(),
                [usr, usr / 6.0, 0.0, rd, wr, cc, 0.0],
                h(k, 5316) % 30,
            ));
        }
        // Autovacuum workers, now and then.
        if !h(i, 5320).is_multiple_of(3) {
            let pid = 70_000 + (i as u32 / 9) * 37;
            let rd = 2_000.0 + (h(i, 5321) % 1_800_000) as f64 / 100.0;
            let wr = 100.0 + (h(i, 5322) % 500_000) as f64 / 100.0;
            let delay = if m == 131 { 1_842 } else { h(i, 5323) % 120 };
            rows.push((
                106,
                pid,
                "postgres".into(),
                [3.0, 1.5, 0.0, rd, wr, 0.0, 0.0],
                delay,
            ));
        }
        // pg_dump | gzip, 02:30 to 03:25.
        if (30..85).contains(&m) {
            let rd = if m == 61 {
                402_118.0
            } else {
                40_000.0 + (h(i, 5330) % 12_000_000) as f64 / 100.0
            };
            rows.push((
                106,
                84_211,
                "pg_dump".into(),
                [
                    18.0 + (h(i, 5331) % 2_000) as f64 / 100.0,
                    9.0,
                    0.0,
                    rd,
                    0.0,
                    0.0,
                    0.0,
                ],
                h(i, 5332) % 60,
            ));
            rows.push((
                106,
                84_212,
                "gzip".into(),
                [
                    93.0 + (h(i, 5333) % 600) as f64 / 100.0,
                    2.1,
                    0.0,
                    0.0,
                    8_000.0 + (h(i, 5334) % 1_200_000) as f64 / 100.0,
                    0.0,
                    0.0,
                ],
                0,
            ));
        }
        // pg_basebackup to the backup disk, 03:35 to 04:10, with its
        // walsender.
        if (95..130).contains(&m) {
            let wr = if m == peak_min {
                287_104.31
            } else {
                150_000.0 + (h(i, 5340) % 11_000_000) as f64 / 100.0
            };
            rows.push((
                106,
                85_530,
                "pg_basebackup".into(),
                [
                    6.0 + (h(i, 5341) % 600) as f64 / 100.0,
                    11.0,
                    0.0,
                    0.0,
                    wr,
                    0.0,
                    0.0,
                ],
                h(i, 5342) % 40,
            ));
            rows.push((
                106,
                85_531,
                "postgres".into(),
                [
                    4.0,
                    14.0,
                    0.0,
                    150_000.0 + (h(i, 5343) % 11_500_000) as f64 / 100.0,
                    0.0,
                    0.0,
                    0.0,
                ],
                h(i, 5344) % 80,
            ));
        }
        // rsync of the dumps to the NAS, 04:15 to 04:40.
        if (135..160).contains(&m) {
            rows.push((
                0,
                86_102,
                "rsync".into(),
                [
                    7.0,
                    12.0,
                    0.0,
                    20_000.0 + (h(i, 5350) % 4_000_000) as f64 / 100.0,
                    0.0,
                    0.0,
                    0.0,
                ],
                h(i, 5351) % 20,
            ));
            rows.push((
                0,
                86_104,
                "ssh".into(),
                [9.0, 3.0, 0.0, 0.0, 0.0, 0.0, 0.0],
                0,
            ));
        }
        // Odd tasks: cron, an admin's shell, kworkers.
        if h(i, 5360).is_multiple_of(4) {
            rows.push((
                0,
                200 + (h(i, 5361) % 300) as u32,
                "kworker/u32:2-events_unbound".into(),
                [0.0, 0.2, 0.0, 0.0, 0.0, 0.0, 0.0],
                0,
            ));
        }
        if m.is_multiple_of(15) {
            rows.push((
                0,
                86_900 + m as u32,
                "cron".into(),
                [0.0, 0.02, 0.0, 0.0, 0.0, 0.0, 0.0],
                0,
            ));
            rows.push((
                0,
                86_901 + m as u32,
                "check_pg_repl".into(),
                [1.2, 0.4, 0.0, 12.0, 0.0, 0.0, 0.0],
                0,
            ));
        }
        rows.sort_by_key(|r| r.1);
        for (uid, pid, cmd, v, delay) in rows {
            let [usr, sys, _, rd, wr, cc, _] = v;
            let round = |x: f64| (x * 100.0).round() / 100.0;
            let (usr, sys, rd, wr, cc) = (round(usr), round(sys), round(rd), round(wr), round(cc));
            let wait = if usr + sys > 5.0 {
                round((h(pid as usize + i, 5370) % 300) as f64 / 100.0)
            } else {
                0.0
            };
            let cpu = (h(pid as usize * 7 + i, 5371) % 16) as u32;
            out.push_str(&format!(
                "{t:>10} {uid:>6} {pid:>9} {usr:>7.2} {sys:>7.2} {:>7.2} {wait:>7.2} {:>7.2} {cpu:>5} {rd:>9.2} {wr:>9.2} {cc:>9.2} {delay:>7}  {cmd}\n",
                0.0,
                round(usr + sys)
            ));
            if wr > max_write.0 {
                max_write = (wr, cmd.clone());
            }
            max_read = max_read.max(rd).max(cc);
        }
    }
    assert_eq!(max_write.1, "pg_basebackup");
    assert_eq!(format!("{:.2}", max_write.0), "287104.31");
    assert!(max_read > max_write.0);
    assert_eq!(whole(&out, "287104.31"), 1);
    assert!((350_000..1_000_000).contains(&out.len()), "{}", out.len());
    Case::fact(
        "pidstat -u -d -h of a database server at night, the fastest writer",
        out,
        "Between 2 and 5 last night the database server's disk was being hammered. Which process was writing to disk the fastest at any one moment, and how fast was it writing?",
        &["pg_basebackup", "287104.31"],
    )
}

// ------------------------------------------------------------- Prowler

/// A Prowler check: id, title, sub-service, severity, resource type,
/// risk, CIS control, and what PASS and FAIL say of a resource
/// (`{r}` its name and id).
struct Check {
    id: &'static str,
    title: &'static str,
    sub: &'static str,
    severity: &'static str,
    resource: &'static str,
    risk: &'static str,
    cis: &'static str,
    pass: &'static str,
    fail: &'static str,
}

const SG_CHECKS: [Check; 6] = [
    Check {
        id: "ec2_securitygroup_allow_ingress_from_internet_to_any_port",
        title: "Ensure no security groups allow ingress from 0.0.0.0/0 or ::/0 to any port.",
        sub: "securitygroup",
        severity: "high",
        resource: "AwsEc2SecurityGroup",
        risk: "The security group allows all traffic from the Internet to every port, exposing any service on the instances behind it.",
        cis: "5.2",
        pass: "Security group {r} does not have all ports open to the Internet.",
        fail: "Security group {r} has all ports open to the Internet.",
    },
    Check {
        id: "ec2_securitygroup_allow_ingress_from_internet_to_tcp_port_22",
        title: "Ensure no security groups allow ingress from 0.0.0.0/0 or ::/0 to SSH port 22.",
        sub: "securitygroup",
        severity: "high",
        resource: "AwsEc2SecurityGroup",
        risk: "If Security groups are not properly configured the attack surface is increased.",
        cis: "5.2",
        pass: "Security group {r} does not have SSH port 22 open to the Internet.",
        fail: "Security group {r} has SSH port 22 open to the Internet.",
    },
    Check {
        id: "ec2_securitygroup_allow_ingress_from_internet_to_tcp_port_3389",
        title: "Ensure no security groups allow ingress from 0.0.0.0/0 or ::/0 to port 3389.",
        sub: "securitygroup",
        severity: "high",
        resource: "AwsEc2SecurityGroup",
        risk: "If Security groups are not properly configured the attack surface is increased.",
        cis: "5.3",
        pass: "Security group {r} does not have Microsoft RDP port 3389 open to the Internet.",
        fail: "Security group {r} has Microsoft RDP port 3389 open to the Internet.",
    },
    Check {
        id: "ec2_securitygroup_allow_ingress_from_internet_to_tcp_port_mysql_3306",
        title: "Ensure no security groups allow ingress from 0.0.0.0/0 or ::/0 to MySQL port 3306.",
        sub: "securitygroup",
        severity: "high",
        resource: "AwsEc2SecurityGroup",
        risk: "If Security groups are not properly configured the attack surface is increased.",
        cis: "",
        pass: "Security group {r} does not have MySQL port 3306 open to the Internet.",
        fail: "Security group {r} has MySQL port 3306 open to the Internet.",
    },
    Check {
        id: "ec2_securitygroup_default_restrict_traffic",
        title: "Ensure the default security group of every VPC restricts all traffic.",
        sub: "securitygroup",
        severity: "high",
        resource: "AwsEc2SecurityGroup",
        risk: "Even having a perimeter firewall, having security groups open allows any user or malware with vpc access to scan for well known and sensitive ports and gain access to instance.",
        cis: "5.4",
        pass: "Default Security Group {r} rules do not allow traffic.",
        fail: "Default Security Group {r} rules allow traffic.",
    },
    Check {
        id: "ec2_securitygroup_not_used",
        title: "Ensure there are no Security Groups not being used.",
        sub: "securitygroup",
        severity: "low",
        resource: "AwsEc2SecurityGroup",
        risk: "Having clear definition and scope for Security Groups creates a better administration environment.",
        cis: "",
        pass: "Security group {r} it is being used.",
        fail: "Security group {r} it is not being used.",
    },
];

/// One Prowler finding as its `-M json` output writes it.
#[allow(clippy::too_many_arguments)]
fn prowler_finding(
    c: &Check,
    service: &str,
    account: &str,
    region: &str,
    id: &str,
    arn: &str,
    tags: Value,
    fail: bool,
    r: &str,
) -> Value {
    let mut compliance = Map::new();
    if !c.cis.is_empty() {
        compliance.insert("CIS-1.5".into(), json!([c.cis]));
        compliance.insert("CIS-2.0".into(), json!([c.cis]));
    }
    compliance.insert(
        "AWS-Foundational-Security-Best-Practices".into(),
        json!([service]),
    );
    compliance.insert(
        "ENS-RD2022".into(),
        json!([format!("mp.com.4.aws.{}.1", service)]),
    );
    let (url, advice) = match c.id.split('_').next().unwrap() {
        "accessanalyzer" => (
            "https://docs.aws.amazon.com/IAM/latest/UserGuide/what-is-access-analyzer.html",
            "Enable IAM Access Analyzer for all accounts, create analyzer and take action over it is recommendations (IAM Access Analyzer is available at no additional cost).",
        ),
        "cloudtrail" => (
            "https://docs.aws.amazon.com/awscloudtrail/latest/userguide/receive-cloudtrail-log-files-from-multiple-regions.html",
            "Ensure Logging is set to ON on all regions (even if they are not being used at the moment.",
        ),
        "iam" => (
            "https://docs.aws.amazon.com/IAM/latest/UserGuide/id_credentials_mfa.html",
            "Enable MFA for users account. MFA is a simple best practice that adds an extra layer of protection on top of your user name and password.",
        ),
        "s3" => (
            "https://docs.aws.amazon.com/AmazonS3/latest/userguide/access-control-block-public-access.html",
            "You can enable block public access settings only for access points, buckets and AWS accounts.",
        ),
        _ if c.sub.is_empty() => (
            "https://docs.aws.amazon.com/AWSEC2/latest/UserGuide/EBSEncryption.html",
            "Enable Encryption. Use a CMK where possible. It will provide additional management and privacy benefits.",
        ),
        _ => (
            "https://docs.aws.amazon.com/vpc/latest/userguide/VPC_SecurityGroups.html",
            "Use a Zero Trust approach. Narrow ingress traffic as much as possible. Consider north-south as well as east-west traffic.",
        ),
    };
    json!({
        "AssessmentStartTime": "2026-11-27T06:00:14.512937",
        "FindingUniqueId": format!("prowler-aws-{}-{account}-{region}-{id}", c.id),
        "Provider": "aws",
        "CheckID": c.id,
        "CheckTitle": c.title,
        "CheckType": ["Infrastructure Security"],
        "ServiceName": service,
        "SubServiceName": c.sub,
        "Status": if fail { "FAIL" } else { "PASS" },
        "StatusExtended": (if fail { c.fail } else { c.pass }).replace("{r}", r),
        "Severity": c.severity,
        "ResourceType": c.resource,
        "ResourceDetails": "",
        "Description": c.title,
        "Risk": c.risk,
        "RelatedUrl": url,
        "Remediation": {
            "Code": {
                "NativeIaC": "",
                "Terraform": format!("https://docs.bridgecrew.io/docs/networking_{}#terraform", 1 + h(c.id.len(), 5401) % 9),
                "CLI": "",
                "Other": ""
            },
            "Recommendation": {
                "Text": advice,
                "Url": url
            }
        },
        "Compliance": compliance,
        "Categories": [],
        "DependsOn": [],
        "RelatedTo": [],
        "Notes": "",
        "Profile": null,
        "AccountId": account,
        "OrganizationsInfo": null,
        "Region": region,
        "ResourceId": id,
        "ResourceArn": arn,
        "ResourceTags": tags
    })
}

/// Prowler 3.11's `-M json` findings of an AWS account (`418273650912`,
/// the production account of a retailer) run at 06:00 over every
/// region: Access Analyzer, EBS default encryption and every security
/// group (six checks each; 17 regions' default groups, a production and
/// a staging VPC in Frankfurt, a DR VPC in Ireland, a few groups in
/// Virginia), IAM users' MFA and root's, S3 buckets. Bastions in
/// Frankfurt and Ireland leave SSH open, a legacy MySQL group 3306,
/// root has no MFA; `rdp-gateway` in Frankfurt lets in only the office,
/// and passes. One group, `legacy-terminal-srv` in Ireland, leaves
/// Remote Desktop (3389) open to the internet.
fn prowler_rdp_open() -> Case {
    let acct = "418273650912";
    let regions = [
        "ap-northeast-1",
        "ap-northeast-2",
        "ap-northeast-3",
        "ap-south-1",
        "ap-southeast-1",
        "ap-southeast-2",
        "ca-central-1",
        "eu-central-1",
        "eu-north-1",
        "eu-west-1",
        "eu-west-2",
        "eu-west-3",
        "sa-east-1",
        "us-east-1",
        "us-east-2",
        "us-west-1",
        "us-west-2",
    ];
    // (region, name, open ports: 22, 3389, 3306, all; used)
    let mut sgs: Vec<(&str, String, [bool; 4], bool)> = Vec::new();
    for r in regions {
        sgs.push((
            r,
            "default".into(),
            [false; 4],
            r == "eu-central-1" || r == "eu-west-1",
        ));
    }
    sgs.push(("eu-central-1", "default".into(), [false; 4], true));
    let frankfurt = [
        "alb-public-web",
        "alb-internal-api",
        "bastion-ssh",
        "eks-cluster-sg-prod-7f2a91c3",
        "eks-node-prod",
        "eks-node-staging",
        "eks-cluster-sg-staging-19bd44e0",
        "rds-postgres-prod",
        "rds-postgres-staging",
        "rds-mysql-legacy",
        "elasticache-redis-prod",
        "rdp-gateway",
        "client-vpn-endpoint",
        "lambda-egress",
        "k8s-elb-a3f0c9e41b7d24c6",
        "efs-mount-targets",
        "jenkins-agents",
        "monitoring-prometheus",
        "opensearch-logs",
        "msk-kafka-prod",
        "nat-instance-old",
        "sftp-partner-upload",
        "launch-wizard-3",
        "vpce-interface-endpoints",
        "batch-compute",
        "grafana-public",
    ];
    for n in frankfurt {
        let open = [n == "bastion-ssh", false, n == "rds-mysql-legacy", false];
        sgs.push((
            "eu-central-1",
            n.to_string(),
            open,
            n != "launch-wizard-3" && n != "nat-instance-old",
        ));
    }
    for n in [
        "dr-bastion",
        "dr-app",
        "dr-db",
        "legacy-terminal-srv",
        "dr-alb",
    ] {
        let open = [n == "dr-bastion", n == "legacy-terminal-srv", false, false];
        sgs.push(("eu-west-1", n.to_string(), open, true));
    }
    for n in ["cloudfront-origin", "ses-inbound-lambda", "launch-wizard-1"] {
        sgs.push((
            "us-east-1",
            n.to_string(),
            [false; 4],
            n != "launch-wizard-1",
        ));
    }
    let ids: Vec<String> = (0..sgs.len())
        .map(|i| format!("sg-0{}", hex(i, 5402, 16)))
        .collect();
    let mut findings: Vec<Value> = Vec::new();
    let checks_before = [
        (
            "accessanalyzer_enabled",
            "accessanalyzer",
            "Check if IAM Access Analyzer is enabled",
            "low",
        ),
        (
            "cloudtrail_multi_region_enabled",
            "cloudtrail",
            "Ensure CloudTrail is enabled in all regions",
            "high",
        ),
        (
            "ec2_ebs_default_encryption",
            "ec2",
            "Check if EBS Default Encryption is activated.",
            "medium",
        ),
    ];
    for (cid, svc, title, sev) in checks_before {
        for r in regions {
            let (fail, text) = match cid {
                "accessanalyzer_enabled" => (
                    r != "eu-central-1",
                    if r == "eu-central-1" {
                        "IAM Access Analyzer org-analyzer is enabled.".to_string()
                    } else {
                        format!("IAM Access Analyzer in account {acct} is not enabled.")
                    },
                ),
                "cloudtrail_multi_region_enabled" => (
                    false,
                    "Trail org-trail-main is multiregion and it is logging.".to_string(),
                ),
                _ => (
                    r == "us-east-1",
                    if r == "us-east-1" {
                        "EBS Default Encryption is not activated.".to_string()
                    } else {
                        "EBS Default Encryption is activated.".to_string()
                    },
                ),
            };
            let c = Check {
                id: cid,
                title,
                sub: "",
                severity: sev,
                resource: "Other",
                risk: "Missing a detective or preventive control weakens the account's baseline.",
                cis: "",
                pass: "",
                fail: "",
            };
            let mut f = prowler_finding(
                &c,
                svc,
                acct,
                r,
                acct,
                &format!("arn:aws:iam::{acct}:root"),
                json!([]),
                fail,
                "",
            );
            f["StatusExtended"] = json!(text);
            findings.push(f);
        }
    }
    let mut planted = String::new();
    for c in &SG_CHECKS {
        for (i, (region, name, open, used)) in sgs.iter().enumerate() {
            let default = name == "default";
            if (c.id.ends_with("default_restrict_traffic")) != default {
                continue;
            }
            let id = &ids[i];
            let fail = match c.id {
                x if x.ends_with("any_port") => open[3],
                x if x.ends_with("_22") => open[0],
                x if x.ends_with("_3389") => open[1],
                x if x.ends_with("_3306") => open[2],
                x if x.ends_with("not_used") => !used,
                _ => {
                    *region == "us-east-1"
                        || (*region == "eu-central-1" && h(i, 5403).is_multiple_of(2))
                }
            };
            if fail && c.id.ends_with("_3389") {
                planted = id.clone();
            }
            let r = if default {
                format!("({id})")
            } else {
                format!("{name} ({id})")
            };
            let tags = if default {
                json!([])
            } else {
                json!([{"Key": "Name", "Value": name}, {"Key": "team", "Value": pick(&["platform", "data", "shop", "it-ops"], i, 5404)}])
            };
            findings.push(prowler_finding(
                c,
                "ec2",
                acct,
                region,
                id,
                &format!("arn:aws:ec2:{region}:{acct}:security-group/{id}"),
                tags,
                fail,
                &r,
            ));
        }
    }
    // IAM users' console MFA, root's MFA, S3 buckets' public access.
    let staff = people(26, 5405);
    for (i, p) in staff.iter().enumerate() {
        let c = Check {
            id: "iam_user_mfa_enabled_console_access",
            title: "Ensure multi-factor authentication (MFA) is enabled for all IAM users that have a console password.",
            sub: "",
            severity: "high",
            resource: "AwsIamUser",
            risk: "Password-only sign-in lets anyone with the password into the console.",
            cis: "1.10",
            pass: "User {r} has Console Password enabled and MFA enabled.",
            fail: "User {r} has Console Password enabled but MFA disabled.",
        };
        let user = p.2.clone();
        findings.push(prowler_finding(
            &c,
            "iam",
            acct,
            "eu-central-1",
            &user,
            &format!("arn:aws:iam::{acct}:user/{user}"),
            json!([]),
            i == 9,
            &user,
        ));
    }
    let root = Check {
        id: "iam_root_mfa_enabled",
        title: "Ensure MFA is enabled for the root account",
        sub: "",
        severity: "critical",
        resource: "AwsIamUser",
        risk: "The root account is the most privileged user in an AWS account. MFA adds an extra layer of protection on top of a user name and password.",
        cis: "1.5",
        pass: "MFA is enabled for root account.",
        fail: "MFA is not enabled for root account.",
    };
    findings.push(prowler_finding(
        &root,
        "iam",
        acct,
        "eu-central-1",
        "<root_account>",
        &format!("arn:aws:iam::{acct}:root"),
        json!([]),
        true,
        "",
    ));
    for (i, b) in [
        "nordwind-prod-assets",
        "nordwind-prod-backups",
        "nordwind-cloudtrail-logs",
        "nordwind-athena-results",
        "nordwind-dr-backups",
        "nordwind-static-website",
        "nordwind-invoices-archive",
        "nordwind-terraform-state",
        "nordwind-data-lake-raw",
        "nordwind-data-lake-curated",
        "nordwind-partner-exchange",
        "cf-templates-1x8k2j9q-eu-central-1",
    ]
    .into_iter()
    .enumerate()
    {
        let c = Check {
            id: "s3_bucket_public_access",
            title: "Ensure there are no S3 buckets open to Everyone or Any AWS user.",
            sub: "",
            severity: "critical",
            resource: "AwsS3Bucket",
            risk: "Even if you enable all possible bucket ACL options available in the Amazon S3 console the ACL alone does not allow everyone to download objects from your bucket.",
            cis: "2.1.5",
            pass: "S3 Bucket {r} is not public.",
            fail: "S3 Bucket {r} has public access due to bucket policy.",
        };
        findings.push(prowler_finding(
            &c,
            "s3",
            acct,
            if i == 4 { "eu-west-1" } else { "eu-central-1" },
            b,
            &format!("arn:aws:s3:::{b}"),
            json!([]),
            b == "nordwind-static-website",
            b,
        ));
    }
    let out = pretty(&Value::Array(findings), b"    ") + "\n";
    assert_eq!(
        planted,
        ids[sgs
            .iter()
            .position(|s| s.1 == "legacy-terminal-srv")
            .unwrap()]
    );
    let fails = out.matches("has Microsoft RDP port 3389 open").count();
    assert_eq!(fails, 1);
    assert!((350_000..1_000_000).contains(&out.len()), "{}", out.len());
    Case::fact(
        "Prowler JSON findings of an AWS account, Remote Desktop open to the internet",
        out,
        "This morning's Prowler scan of our production AWS account: which security group leaves Remote Desktop open to the whole internet, and in which region is it?",
        &[&planted, "eu-west-1"],
    )
    .with_jq(
        ".[] | select(.CheckID == \"ec2_securitygroup_allow_ingress_from_internet_to_tcp_port_3389\" and .Status == \"FAIL\") | .ResourceId, .Region",
        vec![jq_string(&planted), jq_string("eu-west-1")],
    )
}

// ----------------------------------------------------------- varnishlog

/// What became of one client request in the Varnish case.
#[derive(Clone, Copy, PartialEq)]
enum Fate {
    /// Served from the cache.
    Hit,
    /// Served from the cache, revalidated: 304.
    NotModified,
    /// Fetched and cached: 200 (or 404).
    Miss(u16),
    /// Passed to the backend (carts, checkout, accounts).
    Pass,
    /// The first fetch failed, the retry got it: 200.
    Retried,
    /// Stale and delivered from grace; the background fetch failed.
    GraceFailed,
    /// Both fetches failed: the visitor got a 503.
    Failed { pass: bool },
}

/// `varnishlog` output under construction: transactions as `-g vxid`
/// prints them, in the order they end.
struct Vsl {
    out: String,
    vxid: u64,
}

impl Vsl {
    fn head(&mut self, kind: &str, vxid: u64) {
        self.out
            .push_str(&format!("*   << {kind:<8} >> {vxid:<10}\n"));
    }

    fn tag(&mut self, tag: &str, value: &str) {
        self.out.push_str(&format!("-   {tag:<14} {value}\n"));
    }

    fn stamp(&mut self, label: &str, t: f64, start: f64, last: &mut f64) {
        let v = format!("{label}: {t:.6} {:.6} {:.6}", t - start, t - *last);
        self.tag("Timestamp", &v);
        *last = t;
    }

    fn next(&mut self) -> u64 {
        self.vxid += 1;
        self.vxid
    }

    /// A backend request: `why` is `fetch`, `pass`, `bgfetch` or `retry`
    /// (of `parent`); `ok` the backend's status, or `None` when it could
    /// not be reached; `retry` the vxid of the retry it links to.
    #[allow(clippy::too_many_arguments)]
    fn bereq(
        &mut self,
        vxid: u64,
        parent: u64,
        why: &str,
        url: &str,
        t: f64,
        ok: Option<(u16, u64, &str)>,
        retry: Option<u64>,
        k: usize,
    ) -> f64 {
        self.head("BeReq", vxid);
        self.tag("Begin", &format!("bereq {parent} {why}"));
        self.tag("VCL_use", "boot");
        let mut last = t;
        self.stamp("Start", t, t, &mut last);
        self.tag(
            "BereqMethod",
            if url.starts_with("/checkout") {
                "POST"
            } else {
                "GET"
            },
        );
        self.tag("BereqURL", url);
        self.tag("BereqProtocol", "HTTP/1.1");
        self.tag("BereqHeader", "Host: www.nordwind-outdoor.de");
        self.tag("BereqHeader", "X-Forwarded-Proto: https");
        self.tag("BereqHeader", "Accept-Encoding: gzip");
        self.tag("BereqHeader", &format!("X-Varnish: {vxid}"));
        self.tag("VCL_call", "BACKEND_FETCH");
        self.tag("VCL_return", "fetch");
        let app = 1 + h(k, 5501) % 2;
        self.stamp("Fetch", t + 0.000_012, t, &mut last);
        let Some((status, len, ctype)) = ok else {
            let wait = if h(k, 5502).is_multiple_of(2) {
                0.000_9
            } else {
                3.5
            };
            if wait < 1.0 {
                self.tag(
                    "FetchError",
                    &format!("backend shop_app_{app}: fail errno 111 (Connection refused)"),
                );
            } else {
                self.tag(
                    "FetchError",
                    &format!("backend shop_app_{app}: fail errno 110 (Connection timed out)"),
                );
            }
            let tb = t + wait;
            self.stamp("Beresp", tb, t, &mut last);
            self.stamp("Error", tb + 0.000_004, t, &mut last);
            self.tag("BerespProtocol", "HTTP/1.1");
            self.tag("BerespStatus", "503");
            self.tag("BerespReason", "Service Unavailable");
            self.tag("BerespReason", "Backend fetch failed");
            self.tag("BerespHeader", &format!("Date: {}", http_date(tb as u64)));
            self.tag("BerespHeader", "Server: Varnish");
            self.tag("VCL_call", "BACKEND_ERROR");
            self.tag("BerespHeader", "Content-Type: text/html; charset=utf-8");
            self.tag("BerespHeader", "Retry-After: 5");
            if let Some(r) = retry {
                self.tag("VCL_return", "retry");
                self.stamp("Retry", tb + 0.000_02, t, &mut last);
                self.tag("Link", &format!("bereq {r} retry"));
            } else {
                self.tag("VCL_return", "deliver");
                self.tag("Storage", "malloc Transient");
                self.tag("Length", "282");
                self.tag("BereqAcct", "0 0 0 0 0 0");
            }
            self.tag("End", "");
            self.out.push('\n');
            return tb + 0.000_05;
        };
        let fd = 20 + h(k, 5503) % 80;
        self.tag(
            "BackendOpen",
            &format!(
                "{fd} shop_app_{app} 10.0.4.{} 8080 10.0.3.5 {} {}",
                10 + app,
                32_000 + h(k, 5504) % 30_000,
                if h(k, 5505).is_multiple_of(3) {
                    "connect"
                } else {
                    "reuse"
                }
            ),
        );
        let took = 0.012 + (h(k, 5506) % 400) as f64 / 1_000.0;
        self.stamp("Bereq", t + 0.000_2, t, &mut last);
        self.stamp("Beresp", t + took, t, &mut last);
        self.tag("BerespProtocol", "HTTP/1.1");
        self.tag("BerespStatus", &status.to_string());
        self.tag(
            "BerespReason",
            if status == 200 { "OK" } else { "Not Found" },
        );
        self.tag("BerespHeader", "Server: nginx");
        self.tag(
            "BerespHeader",
            &format!("Date: {}", http_date((t + took) as u64)),
        );
        self.tag("BerespHeader", &format!("Content-Type: {ctype}"));
        self.tag("BerespHeader", "Transfer-Encoding: chunked");
        self.tag("BerespHeader", "Connection: keep-alive");
        if why == "pass" {
            self.tag(
                "BerespHeader",
                "Cache-Control: no-store, no-cache, must-revalidate",
            );
        } else {
            self.tag(
                "BerespHeader",
                "Cache-Control: public, max-age=3600, s-maxage=86400",
            );
        }
        self.tag("BerespHeader", "Content-Encoding: gzip");
        self.tag("BerespHeader", "Vary: Accept-Encoding");
        self.tag(
            "TTL",
            &format!(
                "RFC {} 10 0 {} 86400 86400 0 0 0 cacheable",
                if why == "pass" { -1 } else { 86_400 },
                t as u64
            ),
        );
        self.tag("VCL_call", "BACKEND_RESPONSE");
        if why == "pass" {
            self.tag("TTL", "VCL 120 21600 0 1795741200 uncacheable");
        } else {
            self.tag("TTL", &format!("VCL 86400 21600 0 {} cacheable", t as u64));
        }
        self.tag("VCL_return", "deliver");
        self.stamp("Process", t + took + 0.000_03, t, &mut last);
        self.tag("Filters", "");
        self.tag(
            "Storage",
            if why == "pass" {
                "malloc Transient"
            } else {
                "malloc s0"
            },
        );
        self.tag("Fetch_Body", "2 chunked stream");
        self.tag("BackendClose", &format!("{fd} shop_app_{app} recycle"));
        let done = t + took + 0.001 + (h(k, 5507) % 30) as f64 / 1_000.0;
        self.stamp("BerespBody", done, t, &mut last);
        self.tag("Length", &len.to_string());
        self.tag(
            "BereqAcct",
            &format!(
                "{} 0 {} {} {} {}",
                410 + k % 90,
                410 + k % 90,
                330 + k % 40,
                len,
                len + 330 + (k % 40) as u64
            ),
        );
        self.tag("End", "");
        self.out.push('\n');
        done
    }
}

/// `varnishlog` (Varnish 7.4, `-g vxid`) in front of an outdoor shop's
/// two app servers from 03:05 to 03:45 at night: assets and pages from
/// the cache, misses fetched, carts, checkout and accounts passed,
/// 304s and 404s. From 03:18 to 03:29 the app servers refuse or time
/// out: some fetches fail and their retry succeeds, stale pages are
/// delivered from grace while their background fetch fails, and six
/// pages (two of them passed: the checkout's shipping step and the order
/// history) fail twice and the visitor gets Varnish's 503.
fn varnish_pages_503() -> Case {
    let cats = [
        (
            "wanderschuhe/herren",
            ["alpin-gtx-mid", "trail-pro-low", "bergsteiger-classic"],
        ),
        (
            "wanderschuhe/damen",
            [
                "trailrunner-kiesel",
                "alpin-gtx-mid-w",
                "wanderstiefel-lena",
            ],
        ),
        (
            "zelte",
            [
                "tunnelzelt-fjord-2",
                "ultralight-solo-1",
                "familienzelt-see-6",
            ],
        ),
        (
            "schlafsaecke",
            [
                "kunstfaser-sommer-5",
                "mumienschlafsack-tundra",
                "deckenschlafsack-camp",
            ],
        ),
        (
            "rucksaecke",
            [
                "daypack-stadt-22",
                "tourenrucksack-gipfel-35",
                "kinderrucksack-fuchs",
            ],
        ),
        (
            "jacken/herren",
            [
                "softshell-wind-pro",
                "daunenjacke-frost",
                "regenjacke-basic",
            ],
        ),
        (
            "kocher",
            ["gaskocher-mini", "spirituskocher-set", "topfset-titan"],
        ),
        (
            "isomatten",
            [
                "selbstaufblasend-comfort",
                "schaummatte-light",
                "luftmatte-xl",
            ],
        ),
    ];
    let products: Vec<String> = (0..220)
        .map(|i| {
            let (c, names) = cats[i % cats.len()];
            format!(
                "/{c}/{}-{}",
                names[(i / cats.len()) % 3],
                1_000 + h(i, 5510) % 8_999
            )
        })
        .collect();
    let pass_urls = [
        "/warenkorb",
        "/checkout/adresse",
        "/checkout/zahlung",
        "/konto",
        "/konto/wunschliste",
        "/api/v1/cart",
    ];
    let assets = [
        "/static/css/main.4f1c9a2e.css",
        "/static/js/app.81b2d7f0.js",
        "/static/js/vendor.3c9e1a44.js",
        "/static/fonts/inter-var.woff2",
        "/favicon.ico",
        "/static/img/logo.svg",
    ];
    let answers = [
        ("/zelte/kuppelzelt-nordkap-3-2208", false),
        ("/checkout/versand", true),
        ("/rucksaecke/trekkingrucksack-fjell-65-3391", false),
        ("/konto/bestellungen", true),
        ("/schlafsaecke/daunenschlafsack-polar-minus-15-1174", false),
        ("/jacken/damen/hardshell-sturmfrei-5520", false),
    ];
    let retried = [
        "/zelte/tunnelzelt-fjord-2-4471",
        "/kocher/gaskocher-mini-6120",
        "/isomatten/luftmatte-xl-2934",
        "/wanderschuhe/herren/trail-pro-low-7713",
        "/rucksaecke/daypack-stadt-22-5087",
        "/checkout/zahlung",
        "/jacken/herren/regenjacke-basic-3318",
        "/zelte/familienzelt-see-6-9041",
    ];
    let grace = [
        "/wanderschuhe/damen/trailrunner-kiesel-8812",
        "/schlafsaecke/kunstfaser-sommer-5-2650",
        "/zelte",
        "/rucksaecke",
        "/jacken/herren/softshell-wind-pro-1409",
        "/",
        "/isomatten/schaummatte-light-6302",
    ];
    let agents = [
        "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36",
        "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1",
        "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15",
        "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
        "Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0",
        "Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)",
    ];
    let t0 = (DAY + 2 * 3_600 + 5 * 60) as f64; // 03:05 CET
    let span = 40.0 * 60.0;
    let (w0, w1) = (t0 + 13.0 * 60.0, t0 + 24.0 * 60.0);
    let sessions = 120usize;
    // Special requests, each given to one session in the window: (url,
    // fate).
    let mut special: Vec<(usize, &str, Fate)> = Vec::new();
    let in_window: Vec<usize> = (0..sessions)
        .filter(|&s| {
            let t = t0 + span * s as f64 / sessions as f64;
            t > w0 && t < w1
        })
        .collect();
    let mut slot = 0;
    let mut take = |n: usize| -> usize {
        slot += 1;
        in_window[(slot * 7 + n) % in_window.len()]
    };
    for (n, (u, p)) in answers.iter().enumerate() {
        special.push((take(n), u, Fate::Failed { pass: *p }));
    }
    for (n, u) in retried.iter().enumerate() {
        special.push((take(n + 10), u, Fate::Retried));
    }
    for (n, u) in grace.iter().enumerate() {
        special.push((take(n + 20), u, Fate::GraceFailed));
    }
    let mut v = Vsl {
        out: String::new(),
        vxid: 2_818_048,
    };
    for s in 0..sessions {
        let st = t0 + span * s as f64 / sessions as f64 + (h(s, 5520) % 4_000) as f64 / 1_000.0;
        let sess = v.next();
        let client = format!(
            "{}.{}.{}.{}",
            [93, 87, 217, 79, 46, 62, 188, 91][(h(s, 5521) % 8) as usize],
            h(s, 5522) % 256,
            h(s, 5523) % 256,
            1 + h(s, 5524) % 254
        );
        let lb = format!("10.0.3.{}", 21 + s % 2);
        let port = 30_000 + h(s, 5525) % 35_000;
        let ua = pick(&agents, s, 5526);
        let in_fail = st > w0 && st < w1;
        let mut reqs: Vec<(String, Fate)> = Vec::new();
        for (_, u, f) in special.iter().filter(|x| x.0 == s) {
            reqs.push((u.to_string(), *f));
        }
        let n = 1 + h(s, 5527) % 4;
        for r in 0..n {
            let k = s * 8 + r as usize;
            let roll = h(k, 5528) % 100;
            let (url, fate) = if roll < 34 {
                (pick(&assets, k, 5529).to_string(), Fate::Hit)
            } else if roll < 56 {
                (products[(h(k, 5530) % 220) as usize].clone(), Fate::Hit)
            } else if roll < 61 {
                (
                    products[(h(k, 5531) % 220) as usize].clone(),
                    Fate::NotModified,
                )
            } else if roll < 72 && !in_fail {
                (
                    products[(h(k, 5532) % 220) as usize].clone(),
                    Fate::Miss(200),
                )
            } else if roll < 75 && !in_fail {
                (format!("/{}", letters(k, 5533, 9)), Fate::Miss(404))
            } else if roll < 88 && !in_fail {
                (pick(&pass_urls, k, 5534).to_string(), Fate::Pass)
            } else {
                (products[(h(k, 5535) % 220) as usize].clone(), Fate::Hit)
            };
            reqs.push((url, fate));
        }
        let mut t = st + 0.000_3;
        let mut req_ids = Vec::new();
        for (r, (url, fate)) in reqs.iter().enumerate() {
            let k = s * 8 + r;
            let req = v.next();
            req_ids.push(req);
            let pass = matches!(fate, Fate::Pass | Fate::Failed { pass: true })
                || (*fate == Fate::Retried && url.starts_with("/checkout"));
            // The backend requests come first: they end first.
            let mut resp_at = t + 0.000_1;
            let mut bereq = None;
            match *fate {
                Fate::Miss(code) => {
                    let b = v.next();
                    bereq = Some(b);
                    let ctype = "text/html; charset=UTF-8";
                    resp_at = v.bereq(
                        b,
                        req,
                        "fetch",
                        url,
                        t + 0.000_08,
                        Some((code, 9_000 + h(k, 5540) % 60_000, ctype)),
                        None,
                        k,
                    );
                }
                Fate::Pass => {
                    let b = v.next();
                    bereq = Some(b);
                    let ctype = if url.starts_with("/api") {
                        "application/json"
                    } else {
                        "text/html; charset=UTF-8"
                    };
                    resp_at = v.bereq(
                        b,
                        req,
                        "pass",
                        url,
                        t + 0.000_08,
                        Some((200, 800 + h(k, 5541) % 30_000, ctype)),
                        None,
                        k,
                    );
                }
                Fate::Retried => {
                    let b = v.next();
                    let b2 = v.next();
                    bereq = Some(b);
                    let why = if pass { "pass" } else { "fetch" };
                    let tr = v.bereq(b, req, why, url, t + 0.000_08, None, Some(b2), k);
                    resp_at = v.bereq(
                        b2,
                        b,
                        "retry",
                        url,
                        tr,
                        Some((200, 9_000 + h(k, 5542) % 60_000, "text/html; charset=UTF-8")),
                        None,
                        k + 1,
                    );
                }
                Fate::Failed { pass } => {
                    let b = v.next();
                    let b2 = v.next();
                    bereq = Some(b);
                    let why = if pass { "pass" } else { "fetch" };
                    let tr = v.bereq(b, req, why, url, t + 0.000_08, None, Some(b2), k);
                    resp_at = v.bereq(b2, b, "retry", url, tr, None, None, k + 1);
                }
                _ => {}
            }
            let status: u16 = match *fate {
                Fate::NotModified => 304,
                Fate::Miss(c) => c,
                Fate::Failed { .. } => 503,
                _ => 200,
            };
            let stale = *fate == Fate::GraceFailed;
            v.head("Request", req);
            v.tag("Begin", &format!("req {sess} rxreq"));
            let mut last = t;
            v.stamp("Start", t, t, &mut last);
            v.stamp("Req", t, t, &mut last);
            v.tag("VCL_use", "boot");
            v.tag("ReqStart", &format!("{lb} {port} a0"));
            v.tag(
                "ReqMethod",
                if url.starts_with("/checkout") && pass {
                    "POST"
                } else {
                    "GET"
                },
            );
            v.tag("ReqURL", url);
            v.tag("ReqProtocol", "HTTP/1.1");
            v.tag("ReqHeader", "Host: www.nordwind-outdoor.de");
            v.tag("ReqHeader", &format!("User-Agent: {ua}"));
            v.tag(
                "ReqHeader",
                "Accept: text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8",
            );
            v.tag("ReqHeader", "Accept-Language: de-DE,de;q=0.9,en;q=0.8");
            v.tag("ReqHeader", "Accept-Encoding: gzip, deflate, br");
            if pass {
                v.tag(
                    "ReqHeader",
                    &format!("Cookie: sw-states=cart; session-={}", hex(k, 5545, 26)),
                );
            }
            if *fate == Fate::NotModified {
                v.tag(
                    "ReqHeader",
                    &format!("If-None-Match: W/\"{}\"", hex(k, 5546, 12)),
                );
            }
            v.tag("ReqHeader", &format!("X-Forwarded-For: {client}"));
            v.tag("ReqHeader", "X-Forwarded-Proto: https");
            v.tag("VCL_call", "RECV");
            v.tag("ReqUnset", &format!("X-Forwarded-For: {client}"));
            v.tag("ReqHeader", &format!("X-Forwarded-For: {client}, {lb}"));
            v.tag("VCL_return", if pass { "pass" } else { "hash" });
            v.tag("ReqUnset", "Accept-Encoding: gzip, deflate, br");
            v.tag("ReqHeader", "Accept-Encoding: gzip");
            v.tag("VCL_call", "HASH");
            v.tag("VCL_return", "lookup");
            let obj = 2_700_000 + h(k, 5547) % 110_000;
            match *fate {
                Fate::Hit | Fate::NotModified => {
                    v.tag(
                        "Hit",
                        &format!(
                            "{obj} {:.6} 21600.000000 0.000000",
                            1_000.0 + (h(k, 5548) % 85_000_000) as f64 / 1_000.0
                        ),
                    );
                    v.tag("VCL_call", "HIT");
                    v.tag("VCL_return", "deliver");
                }
                Fate::GraceFailed => {
                    v.tag(
                        "Hit",
                        &format!(
                            "{obj} -{:.6} 21600.000000 0.000000",
                            30.0 + (h(k, 5549) % 900_000) as f64 / 1_000.0
                        ),
                    );
                    v.tag("VCL_call", "HIT");
                    v.tag("VCL_return", "deliver");
                    v.tag("Link", &format!("bereq {} bgfetch", req + 1));
                }
                _ if pass => {
                    v.tag("VCL_call", "PASS");
                    v.tag("VCL_return", "fetch");
                    v.tag("Link", &format!("bereq {} pass", bereq.unwrap()));
                }
                _ => {
                    v.tag("VCL_call", "MISS");
                    v.tag("VCL_return", "fetch");
                    v.tag("Link", &format!("bereq {} fetch", bereq.unwrap()));
                }
            }
            if bereq.is_some() {
                v.stamp("Fetch", resp_at, t, &mut last);
            }
            let (reason, len, ctype) = match status {
                304 => ("Not Modified", 0, "text/html; charset=UTF-8"),
                404 => ("Not Found", 4_120, "text/html; charset=UTF-8"),
                503 => ("Backend fetch failed", 282, "text/html; charset=utf-8"),
                _ => (
                    "OK",
                    if url.starts_with("/static") || url.starts_with("/favicon") {
                        2_000 + h(k, 5550) % 180_000
                    } else {
                        9_000 + h(k, 5551) % 60_000
                    },
                    if url.ends_with(".css") {
                        "text/css"
                    } else if url.ends_with(".js") {
                        "application/javascript"
                    } else if url.ends_with(".woff2") {
                        "font/woff2"
                    } else if url.ends_with(".svg") {
                        "image/svg+xml"
                    } else if url.ends_with(".ico") {
                        "image/x-icon"
                    } else if url.starts_with("/api") {
                        "application/json"
                    } else {
                        "text/html; charset=UTF-8"
                    },
                ),
            };
            v.tag("RespProtocol", "HTTP/1.1");
            v.tag("RespStatus", &status.to_string());
            v.tag("RespReason", reason);
            v.tag(
                "RespHeader",
                &format!("Date: {}", http_date(resp_at as u64)),
            );
            if status == 503 {
                v.tag("RespHeader", "Server: Varnish");
                v.tag("RespHeader", "Content-Type: text/html; charset=utf-8");
                v.tag("RespHeader", "Retry-After: 5");
                v.tag("RespHeader", &format!("X-Varnish: {req}"));
                v.tag("RespHeader", "Age: 0");
            } else {
                v.tag("RespHeader", "Server: nginx");
                v.tag("RespHeader", &format!("Content-Type: {ctype}"));
                if status != 304 {
                    v.tag("RespHeader", "Content-Encoding: gzip");
                }
                v.tag("RespHeader", "Vary: Accept-Encoding");
                match *fate {
                    Fate::Hit | Fate::NotModified | Fate::GraceFailed => {
                        v.tag("RespHeader", &format!("X-Varnish: {req} {obj}"));
                        v.tag(
                            "RespHeader",
                            &format!(
                                "Age: {}",
                                if stale {
                                    86_430 + h(k, 5552) % 900
                                } else {
                                    h(k, 5553) % 86_000
                                }
                            ),
                        );
                    }
                    _ => {
                        v.tag("RespHeader", &format!("X-Varnish: {req}"));
                        v.tag("RespHeader", "Age: 0");
                    }
                }
            }
            v.tag("RespHeader", "Via: 1.1 varnish (Varnish/7.4)");
            v.tag("VCL_call", "DELIVER");
            v.tag("VCL_return", "deliver");
            let tp = resp_at + 0.000_04;
            v.stamp("Process", tp, t, &mut last);
            v.tag("Filters", "");
            if status != 304 {
                v.tag("RespHeader", "Accept-Ranges: bytes");
                v.tag("RespHeader", &format!("Content-Length: {len}"));
            }
            v.tag("RespHeader", "Connection: keep-alive");
            let te = tp + 0.000_05 + (h(k, 5554) % 200) as f64 / 1_000_000.0;
            v.stamp("Resp", te, t, &mut last);
            v.tag(
                "ReqAcct",
                &format!(
                    "{} 0 {} {} {len} {}",
                    480 + k % 120,
                    480 + k % 120,
                    380 + k % 30,
                    len + 380 + (k % 30) as u64
                ),
            );
            v.tag("End", "");
            v.out.push('\n');
            if stale {
                // The background fetch ends after the stale delivery.
                let b = v.next();
                v.bereq(b, req, "bgfetch", url, te + 0.000_2, None, None, k);
            }
            t = te + 0.05 + (h(k, 5555) % 3_000) as f64 / 1_000.0;
        }
        v.head("Session", sess);
        v.tag("Begin", "sess 0 HTTP/1");
        v.tag(
            "SessOpen",
            &format!("{lb} {port} a0 10.0.3.5 80 {st:.6} {}", 20 + s % 30),
        );
        for r in req_ids {
            v.tag("Link", &format!("req {r} rxreq"));
        }
        v.tag("SessClose", &format!("RX_TIMEOUT {:.3}", t + 5.0 - st));
        v.tag("End", "");
        v.out.push('\n');
        v.vxid += h(s, 5560) % 3;
    }
    let out = v.out;
    let items: Vec<String> = answers.iter().map(|a| a.0.to_string()).collect();
    let mut all_urls: Vec<String> = products.clone();
    all_urls.extend(pass_urls.iter().map(|s| s.to_string()));
    all_urls.extend(retried.iter().chain(grace.iter()).map(|s| s.to_string()));
    for it in &items {
        assert!(!named_elsewhere(it, &all_urls), "{it}");
        assert!(!named_elsewhere(it, &items), "{it}");
        // ReqURL and two BereqURLs: the failing request only.
        assert_eq!(whole(&out, it), 3, "{it}");
    }
    assert_eq!(out.matches("RespStatus     503").count(), 6);
    assert!((350_000..1_000_000).contains(&out.len()), "{}", out.len());
    Case::items(
        "varnishlog of a shop's cache overnight, pages visitors got a 503 for",
        out,
        "Our app servers were flaky overnight. Which pages on the shop did visitors actually end up getting a 503 error for? List every URL.",
        items,
    )
}

// ---------------------------------------------------------------- Argo

/// Whether yaml.v2 would read the plain scalar `s` as something other
/// than a string (a number, a bool, null, a timestamp).
fn yaml_resolves(s: &str) -> bool {
    let lower = s.to_ascii_lowercase();
    let words = [
        "true", "false", "yes", "no", "on", "off", "y", "n", "null", "~",
    ];
    let b = s.as_bytes();
    let timestamp =
        b.len() >= 10 && b[..4].iter().all(u8::is_ascii_digit) && b[4] == b'-' && b[7] == b'-';
    words.contains(&lower.as_str()) || s.parse::<f64>().is_ok() || s.starts_with("0x") || timestamp
}

/// A string as sigs.k8s.io/yaml (yaml.v2) writes it: plain when it can
/// be, double-quoted when plain would read as another type, else
/// single-quoted.
fn yaml_str(s: &str) -> String {
    let first = s.chars().next();
    let special_start = matches!(
        first,
        Some(
            ',' | '['
                | ']'
                | '{'
                | '}'
                | '#'
                | '&'
                | '*'
                | '!'
                | '|'
                | '>'
                | '\''
                | '"'
                | '%'
                | '@'
                | '`'
                | ' '
        )
    ) || s == "-"
        || s.starts_with("- ")
        || s.starts_with("? ")
        || s.starts_with(": ");
    if s.is_empty() || yaml_resolves(s) {
        format!("\"{s}\"")
    } else if special_start
        || s.ends_with(' ')
        || s.ends_with(':')
        || s.contains(": ")
        || s.contains(" #")
    {
        format!("'{}'", s.replace('\'', "''"))
    } else {
        s.to_string()
    }
}

fn yaml_inline(v: &Value) -> String {
    match v {
        Value::Object(_) => "{}".into(),
        Value::Array(_) => "[]".into(),
        Value::String(s) => yaml_str(s),
        Value::Null => "null".into(),
        other => other.to_string(),
    }
}

fn yaml_entry(k: &str, v: &Value, ind: usize, out: &mut String) {
    out.push_str(&yaml_str(k));
    out.push(':');
    match v {
        Value::Object(m) if !m.is_empty() => {
            out.push('\n');
            yaml_block(v, ind + 2, out);
        }
        Value::Array(a) if !a.is_empty() => {
            out.push('\n');
            yaml_block(v, ind, out);
        }
        _ => {
            out.push(' ');
            out.push_str(&yaml_inline(v));
            out.push('\n');
        }
    }
}

/// A map or a list as `kubectl`-style YAML (keys sorted, lists not
/// indented under their key), its lines at `ind`.
fn yaml_block(v: &Value, ind: usize, out: &mut String) {
    let pad = " ".repeat(ind);
    match v {
        Value::Object(m) => {
            let mut keys: Vec<&String> = m.keys().collect();
            keys.sort();
            for k in keys {
                out.push_str(&pad);
                yaml_entry(k, &m[k], ind, out);
            }
        }
        Value::Array(a) => {
            for x in a {
                out.push_str(&pad);
                out.push_str("- ");
                match x {
                    Value::Object(m) if !m.is_empty() => {
                        let mut keys: Vec<&String> = m.keys().collect();
                        keys.sort();
                        for (j, k) in keys.into_iter().enumerate() {
                            if j > 0 {
                                out.push_str(&pad);
                                out.push_str("  ");
                            }
                            yaml_entry(k, &m[k], ind + 2, out);
                        }
                    }
                    _ => {
                        out.push_str(&yaml_inline(x));
                        out.push('\n');
                    }
                }
            }
        }
        _ => unreachable!("a block is a map or a list"),
    }
}

/// The template a task of the Argo case runs: `dbt-run` but for the
/// few set-up tasks.
fn argo_template(task: &str) -> &'static str {
    match task {
        "dbt-deps" => "dbt-deps",
        "dbt-seed" => "dbt-seed",
        "source-freshness" => "dbt-source-freshness",
        "publish-docs" => "dbt-docs",
        _ => "dbt-run",
    }
}

/// `argo get dwh-nightly-1795741200 -n data -o yaml` the morning after
/// (Argo Workflows 3.5): the nightly dbt build of a data warehouse as a
/// DAG, one task a model (`dbt run --select <model>`, retried twice),
/// with the Workflow's spec and every node. Fourteen models' first pod
/// is OOM-killed and the retry passes; five models fail all three tries
/// (database errors and a deadline), and the models below them are
/// omitted; the exit handler posts to Slack.
fn argo_failed_models() -> Case {
    let wf = "dwh-nightly-1795741200";
    let staging = [
        "stg-shop-orders",
        "stg-shop-order-items",
        "stg-shop-customers",
        "stg-shop-products",
        "stg-shop-payments",
        "stg-shop-refunds",
        "stg-shop-shipments",
        "stg-shop-carts",
        "stg-shop-coupons",
        "stg-shop-reviews",
        "stg-erp-invoices",
        "stg-erp-invoice-lines",
        "stg-erp-suppliers",
        "stg-erp-purchase-orders",
        "stg-erp-stock-movements",
        "stg-erp-warehouses",
        "stg-crm-accounts",
        "stg-crm-contacts",
        "stg-crm-tickets",
        "stg-crm-campaigns",
        "stg-ads-google-spend",
        "stg-ads-meta-spend",
        "stg-mail-newsletter-events",
        "stg-web-sessions",
        "stg-web-pageviews",
        "stg-web-events",
        "stg-returns-portal-returns",
        "stg-pos-receipts",
        "stg-pos-stores",
        "stg-hr-headcount",
    ];
    let entities = [
        "orders",
        "order-lines",
        "customers",
        "products",
        "payments",
        "refunds",
        "shipments",
        "invoices",
        "stock",
        "suppliers",
        "tickets",
        "sessions",
        "campaigns",
        "carts",
        "returns",
        "coupons",
        "reviews",
        "stores",
        "pageviews",
        "ad-spend",
    ];
    let mut tasks: Vec<(String, Vec<String>)> = vec![
        ("dbt-deps".into(), vec![]),
        ("dbt-seed".into(), vec!["dbt-deps".into()]),
        ("source-freshness".into(), vec!["dbt-deps".into()]),
    ];
    for s in staging {
        tasks.push((s.into(), vec!["dbt-seed".into(), "source-freshness".into()]));
    }
    let mut ints = Vec::new();
    for (i, e) in entities.iter().enumerate() {
        for (j, suffix) in [
            "enriched",
            "deduplicated",
            "unioned",
            "scd2",
            "with-fx-rates",
        ]
        .iter()
        .enumerate()
        {
            if !h(i * 5 + j, 5601).is_multiple_of(5) && (j < 3 || h(i, 5602).is_multiple_of(2)) {
                let name = format!("int-{e}-{suffix}");
                let deps: Vec<String> = (0..1 + h(i * 5 + j, 5603) % 3)
                    .map(|d| {
                        staging[(h(i * 5 + j + d as usize, 5604) % staging.len() as u64) as usize]
                            .to_string()
                    })
                    .collect::<BTreeSet<_>>()
                    .into_iter()
                    .collect();
                tasks.push((name.clone(), deps));
                ints.push(name);
            }
        }
    }
    for (i, e) in entities.iter().enumerate() {
        for (j, grain) in ["daily", "weekly", "monthly", "by-country", "by-channel"]
            .iter()
            .enumerate()
        {
            if !h(i * 5 + j, 5605).is_multiple_of(3) {
                let name = format!("fct-{e}-{grain}");
                let deps: Vec<String> = (0..1 + h(i * 5 + j, 5606) % 3)
                    .map(|d| {
                        ints[(h(i * 5 + j + d as usize, 5607) % ints.len() as u64) as usize].clone()
                    })
                    .collect::<BTreeSet<_>>()
                    .into_iter()
                    .collect();
                tasks.push((name, deps));
            }
        }
        if i % 2 == 0 {
            tasks.push((
                format!("dim-{e}-current"),
                vec![ints[(h(i, 5608) % ints.len() as u64) as usize].clone()],
            ));
        }
    }
    for (i, r) in [
        "finance-margin",
        "sales-kpis",
        "marketing-roas",
        "ops-fulfilment",
        "cx-nps",
        "exec-board",
    ]
    .iter()
    .enumerate()
    {
        let deps: Vec<String> = (0..3)
            .map(|d| {
                tasks[40 + (h(i * 3 + d, 5609) % (tasks.len() as u64 - 41)) as usize]
                    .0
                    .clone()
            })
            .collect::<BTreeSet<_>>()
            .into_iter()
            .collect();
        tasks.push((format!("rpt-{r}"), deps));
    }
    tasks.push(("publish-docs".into(), vec!["dbt-deps".into()]));
    let names: Vec<String> = tasks.iter().map(|t| t.0.clone()).collect();
    // Five models fail for good, fourteen are OOM-killed once.
    let fit = |n: &String| {
        !named_elsewhere(n, &names) && (n.starts_with("int-") || n.starts_with("fct-"))
    };
    let candidates: Vec<&String> = names.iter().filter(|n| fit(n)).collect();
    let items: Vec<String> = [7usize, 19, 33, 46, 58]
        .iter()
        .map(|&k| candidates[k * candidates.len() / 64].clone())
        .collect();
    let oom: Vec<String> = (0..14)
        .map(|k| names[30 + (k * 11 + 3) % (names.len() - 32)].clone())
        .filter(|n| !items.contains(n))
        .collect();
    let node_id = |name: &str| -> String {
        let mut x = 0u64;
        for b in name.bytes() {
            x = (x ^ u64::from(b)).wrapping_mul(0x100_0000_01b3);
        }
        format!("{wf}-{}", 1_000_000_000 + x % 3_294_967_295)
    };
    let start = DAY + 3_600 + 4; // 01:00:04 UTC
    let mut finished: std::collections::BTreeMap<String, (u64, &str)> = Default::default();
    let mut nodes = Map::new();
    let root_id = wf.to_string();
    let host = |k: usize| {
        format!(
            "ip-10-40-{}-{}.eu-central-1.compute.internal",
            [12, 13, 14, 28, 29][(h(k, 5610) % 5) as usize],
            10 + h(k, 5611) % 240
        )
    };
    let mut progress = (0usize, 0usize);
    let mut total_cpu = 0u64;
    let mut total_mem = 0u64;
    let mut first_failed_retry = String::new();
    let model_of = |t: &str| t.replace('-', "_");
    let mut pods_of_deps: std::collections::BTreeMap<String, String> = Default::default();
    for (k, (name, deps)) in tasks.iter().enumerate() {
        let id = node_id(&format!("{wf}.{name}"));
        let dep_state: Vec<(u64, &str)> = deps.iter().map(|d| finished[d]).collect();
        let ready = dep_state.iter().map(|d| d.0).max().unwrap_or(start);
        let omitted = dep_state.iter().any(|d| d.1 != "Succeeded");
        let template = argo_template(name);
        let inputs = if template == "dbt-run" {
            json!({"parameters": [{"name": "model", "value": model_of(name)}, {"name": "run-date", "value": "2026-11-26"}]})
        } else {
            json!({})
        };
        let base = json!({
            "boundaryID": root_id,
            "displayName": name,
            "id": id,
            "name": format!("{wf}.{name}"),
            "templateName": template,
            "templateScope": format!("local/{wf}"),
        });
        if omitted {
            let mut n = base.clone();
            n["type"] = json!("Skipped");
            n["phase"] = json!("Omitted");
            n["message"] = json!("omitted: depends condition not met");
            n["startedAt"] = json!(iso(ready));
            n["finishedAt"] = json!(iso(ready));
            if template == "dbt-run" {
                n["inputs"] = inputs;
            }
            nodes.insert(id.clone(), n);
            finished.insert(name.clone(), (ready, "Omitted"));
            continue;
        }
        let tries = if items.contains(name) {
            3
        } else if oom.contains(name) {
            2
        } else {
            1
        };
        let mut t = ready + 3 + h(k, 5612) % 20;
        let t_start = t;
        let mut pod_ids = Vec::new();
        let mut cpu_sum = 0;
        let mut mem_sum = 0;
        // Only `dbt run` has a retry strategy, and so a Retry node.
        let wrapped = template == "dbt-run";
        for a in 0..tries {
            let pname = if wrapped {
                format!("{wf}.{name}({a})")
            } else {
                format!("{wf}.{name}")
            };
            let pid = node_id(&pname);
            let failed = items.contains(name) || (oom.contains(name) && a == 0);
            let took = if failed && oom.contains(name) {
                40 + h(k * 3 + a, 5613) % 300
            } else if failed && name == &items[2] {
                1_800
            } else {
                25 + h(k * 3 + a, 5614) % 400
            };
            let (phase, message, exit) = if !failed {
                ("Succeeded", None, "0")
            } else if oom.contains(name) {
                ("Failed", Some("OOMKilled (exit code 137)"), "137")
            } else if name == &items[2] {
                (
                    "Failed",
                    Some("Pod was active on the node longer than the specified deadline"),
                    "143",
                )
            } else {
                ("Failed", Some("Error (exit code 1)"), "1")
            };
            let cpu = took / 2 + h(k * 3 + a, 5615) % 60;
            let mem = took * 30 + h(k * 3 + a, 5616) % 9_000;
            cpu_sum += cpu;
            mem_sum += mem;
            let mut n = base.clone();
            if wrapped {
                n["displayName"] = json!(format!("{name}({a})"));
                n["nodeFlag"] = json!({"retried": true});
            }
            n["id"] = json!(pid);
            n["name"] = json!(pname);
            n["type"] = json!("Pod");
            n["phase"] = json!(phase);
            n["startedAt"] = json!(iso(t));
            n["finishedAt"] = json!(iso(t + took));
            n["hostNodeName"] = json!(host(k * 3 + a));
            n["inputs"] = inputs.clone();
            n["outputs"] = json!({
                "artifacts": [{"name": "main-logs", "s3": {"key": format!("{wf}/{wf}-{template}-{}/main.log", &pid[wf.len() + 1..])}}],
                "exitCode": exit
            });
            n["progress"] = json!(if failed { "0/1" } else { "1/1" });
            n["resourcesDuration"] = json!({"cpu": cpu, "memory": mem});
            if let Some(m) = message {
                n["message"] = json!(m);
            }
            nodes.insert(pid.clone(), n);
            pod_ids.push(pid);
            t += took + 6 + h(k, 5617) % 10;
        }
        let ok = !items.contains(name);
        let end = t - 6;
        pods_of_deps.insert(name.clone(), pod_ids.last().unwrap().clone());
        progress.1 += 1;
        progress.0 += usize::from(ok);
        total_cpu += cpu_sum;
        total_mem += mem_sum;
        finished.insert(name.clone(), (end, if ok { "Succeeded" } else { "Failed" }));
        if !wrapped {
            continue;
        }
        let mut n = base.clone();
        n["type"] = json!("Retry");
        n["phase"] = json!(if ok { "Succeeded" } else { "Failed" });
        n["children"] = json!(pod_ids);
        n["startedAt"] = json!(iso(t_start));
        n["finishedAt"] = json!(iso(end));
        n["progress"] = json!(if ok { "1/1" } else { "0/1" });
        n["resourcesDuration"] = json!({"cpu": cpu_sum, "memory": mem_sum});
        if template == "dbt-run" {
            n["inputs"] = inputs;
        }
        n["outputs"] =
            json!({"exitCode": if ok { "0" } else if name == &items[2] { "143" } else { "1" }});
        if !ok {
            n["message"] = json!("No more retries left");
            if first_failed_retry.is_empty() {
                first_failed_retry = id.clone();
            }
        }
        nodes.insert(id.clone(), n);
    }
    // Each task's last pod names the tasks that depend on it.
    for (name, deps) in &tasks {
        let id = node_id(&format!("{wf}.{name}"));
        for d in deps {
            if let Some(p) = pods_of_deps.get(d) {
                let node = nodes.get_mut(p).unwrap();
                let children = node
                    .as_object_mut()
                    .unwrap()
                    .entry("children")
                    .or_insert_with(|| json!([]));
                children.as_array_mut().unwrap().push(json!(id));
            }
        }
    }
    let end = finished.values().map(|f| f.0).max().unwrap();
    let roots: Vec<Value> = vec![json!(node_id(&format!("{wf}.dbt-deps")))];
    nodes.insert(
        root_id.clone(),
        json!({
            "children": roots,
            "displayName": wf,
            "finishedAt": iso(end),
            "id": root_id,
            "name": wf,
            "outboundNodes": [node_id(&format!("{wf}.publish-docs"))],
            "phase": "Failed",
            "progress": format!("{}/{}", progress.0, progress.1),
            "resourcesDuration": {"cpu": total_cpu, "memory": total_mem},
            "startedAt": iso(start),
            "templateName": "build",
            "templateScope": format!("local/{wf}"),
            "type": "DAG"
        }),
    );
    let exit_id = node_id(&format!("{wf}.onExit"));
    nodes.insert(
        exit_id.clone(),
        json!({
            "displayName": format!("{wf}.onExit"),
            "finishedAt": iso(end + 14),
            "hostNodeName": host(9_999),
            "id": exit_id,
            "name": format!("{wf}.onExit"),
            "outputs": {"exitCode": "0"},
            "phase": "Succeeded",
            "progress": "1/1",
            "resourcesDuration": {"cpu": 1, "memory": 12},
            "startedAt": iso(end + 5),
            "templateName": "notify-slack",
            "templateScope": format!("local/{wf}"),
            "type": "Pod"
        }),
    );
    let dag_tasks: Vec<Value> = tasks
        .iter()
        .map(|(name, deps)| {
            let template = argo_template(name);
            let mut t = json!({"name": name, "template": template});
            if template == "dbt-run" {
                t["arguments"] =
                    json!({"parameters": [{"name": "model", "value": model_of(name)}]});
            }
            if !deps.is_empty() {
                t["depends"] = json!(deps.join(" && "));
            }
            t
        })
        .collect();
    let dbt_container = |args: Vec<&str>, mem: &str| {
        json!({
            "args": args,
            "command": ["dbt"],
            "env": [
                {"name": "DBT_PROFILES_DIR", "value": "/dbt/profiles"},
                {"name": "DBT_TARGET", "value": "prod"},
                {"name": "SNOWFLAKE_PASSWORD", "valueFrom": {"secretKeyRef": {"key": "password", "name": "dbt-snowflake"}}}
            ],
            "image": "registry.nordwind.de/data/dbt-runner:1.8.7",
            "name": "",
            "resources": {"limits": {"memory": mem}, "requests": {"cpu": "500m", "memory": "1Gi"}}
        })
    };
    let templates = json!([
        {"dag": {"tasks": dag_tasks}, "inputs": {}, "metadata": {}, "name": "build", "outputs": {}},
        {"container": dbt_container(vec!["deps"], "1Gi"), "inputs": {}, "metadata": {}, "name": "dbt-deps", "outputs": {}},
        {"container": dbt_container(vec!["seed", "--full-refresh"], "1Gi"), "inputs": {}, "metadata": {}, "name": "dbt-seed", "outputs": {}},
        {"container": dbt_container(vec!["source", "freshness"], "1Gi"), "inputs": {}, "metadata": {}, "name": "dbt-source-freshness", "outputs": {}},
        {
            "activeDeadlineSeconds": 1800,
            "container": dbt_container(vec!["run", "--select", "{{inputs.parameters.model}}", "--vars", "{run_date: {{workflow.parameters.run-date}}}"], "4Gi"),
            "inputs": {"parameters": [{"name": "model"}, {"name": "run-date", "value": "{{workflow.parameters.run-date}}"}]},
            "metadata": {},
            "name": "dbt-run",
            "outputs": {},
            "retryStrategy": {"limit": 2, "retryPolicy": "Always"}
        },
        {"container": dbt_container(vec!["docs", "generate"], "2Gi"), "inputs": {}, "metadata": {}, "name": "dbt-docs", "outputs": {}},
        {
            "container": {
                "args": ["-c", "curl -sf -X POST -H 'Content-Type: application/json' -d \"{\\\"text\\\": \\\"dwh-nightly {{workflow.status}}: {{workflow.failures}}\\\"}\" $SLACK_WEBHOOK"],
                "command": ["sh"],
                "env": [{"name": "SLACK_WEBHOOK", "valueFrom": {"secretKeyRef": {"key": "url", "name": "slack-data-alerts"}}}],
                "image": "curlimages/curl:8.10.1",
                "name": "",
                "resources": {}
            },
            "inputs": {},
            "metadata": {},
            "name": "notify-slack",
            "outputs": {}
        }
    ]);
    let doc = json!({
        "apiVersion": "argoproj.io/v1alpha1",
        "kind": "Workflow",
        "metadata": {
            "annotations": {
                "workflows.argoproj.io/pod-name-format": "v2",
                "workflows.argoproj.io/scheduled-time": "2026-11-27T01:00:00Z"
            },
            "creationTimestamp": "2026-11-27T01:00:00Z",
            "generation": 412,
            "labels": {
                "workflows.argoproj.io/completed": "true",
                "workflows.argoproj.io/cron-workflow": "dwh-nightly",
                "workflows.argoproj.io/phase": "Failed",
                "workflows.argoproj.io/workflow-archiving-status": "Archived"
            },
            "name": wf,
            "namespace": "data",
            "ownerReferences": [{
                "apiVersion": "argoproj.io/v1alpha1",
                "blockOwnerDeletion": true,
                "controller": true,
                "kind": "CronWorkflow",
                "name": "dwh-nightly",
                "uid": uuid(1, 5620)
            }],
            "resourceVersion": "318822417",
            "uid": uuid(2, 5620)
        },
        "spec": {
            "activeDeadlineSeconds": 21600,
            "arguments": {"parameters": [{"name": "run-date", "value": "2026-11-26"}]},
            "entrypoint": "build",
            "onExit": "notify-slack",
            "parallelism": 8,
            "podGC": {"strategy": "OnWorkflowSuccess"},
            "serviceAccountName": "argo-dwh",
            "templates": templates,
            "ttlStrategy": {"secondsAfterCompletion": 604800}
        },
        "status": {
            "artifactGCStatus": {"notSpecified": true},
            "artifactRepositoryRef": {
                "artifactRepository": {"archiveLogs": true, "s3": {"bucket": "nordwind-argo-artifacts", "endpoint": "s3.amazonaws.com", "keyFormat": "{{workflow.name}}/{{pod.name}}", "region": "eu-central-1", "useSDKCreds": true}},
                "configMap": "artifact-repositories",
                "key": "default-v1",
                "namespace": "data"
            },
            "conditions": [{"status": "False", "type": "PodRunning"}, {"status": "True", "type": "Completed"}],
            "finishedAt": iso(end + 15),
            "message": format!("child '{first_failed_retry}' failed"),
            "nodes": nodes,
            "phase": "Failed",
            "progress": format!("{}/{}", progress.0, progress.1),
            "resourcesDuration": {"cpu": total_cpu, "memory": total_mem},
            "startedAt": iso(start - 4)
        }
    });
    let mut out = String::new();
    yaml_block(&doc, 0, &mut out);
    let omitted = out.matches("phase: Omitted").count();
    assert!(omitted >= 5, "{omitted}");
    assert_eq!(out.matches("message: No more retries left").count(), 5);
    assert!(out.matches("OOMKilled").count() >= 8);
    for it in &items {
        assert!(!named_elsewhere(it, &names), "{it}");
    }
    assert!((350_000..1_000_000).contains(&out.len()), "{}", out.len());
    Case::items(
        "argo get -o yaml of a nightly dbt build, models that failed for good",
        out,
        "Last night's warehouse build on Argo failed. Which dbt models actually broke, even after their retries? Give me every one.",
        items,
    )
}

// ----------------------------------------------------------- SonarQube

/// A SonarQube rule: key, type, severity, clean-code attribute and its
/// category, effort, and its message (`{x}` a detail).
type SonarRule = (
    &'static str,
    &'static str,
    &'static str,
    &'static str,
    &'static str,
    &'static str,
    &'static str,
);

const SONAR_RULES: [SonarRule; 14] = [
    (
        "java:S1192",
        "CODE_SMELL",
        "CRITICAL",
        "DISTINCT",
        "ADAPTABLE",
        "10min",
        "Define a constant instead of duplicating this literal \"{x}\" 4 times.",
    ),
    (
        "java:S3776",
        "CODE_SMELL",
        "CRITICAL",
        "FOCUSED",
        "ADAPTABLE",
        "13min",
        "Refactor this method to reduce its Cognitive Complexity from {n} to the 15 allowed.",
    ),
    (
        "java:S1172",
        "CODE_SMELL",
        "MAJOR",
        "CLEAR",
        "INTENTIONAL",
        "5min",
        "Remove this unused method parameter \"{x}\".",
    ),
    (
        "java:S125",
        "CODE_SMELL",
        "MAJOR",
        "CLEAR",
        "INTENTIONAL",
        "5min",
        "This block of commented-out lines of code should be removed.",
    ),
    (
        "java:S1135",
        "CODE_SMELL",
        "INFO",
        "COMPLETE",
        "INTENTIONAL",
        "0min",
        "Complete the task associated to this TODO comment.",
    ),
    (
        "java:S112",
        "CODE_SMELL",
        "MAJOR",
        "COMPLETE",
        "INTENTIONAL",
        "20min",
        "Define and throw a dedicated exception instead of using a generic one.",
    ),
    (
        "java:S1481",
        "CODE_SMELL",
        "MINOR",
        "CLEAR",
        "INTENTIONAL",
        "5min",
        "Remove this unused \"{x}\" local variable.",
    ),
    (
        "java:S6212",
        "CODE_SMELL",
        "MINOR",
        "CLEAR",
        "INTENTIONAL",
        "2min",
        "Declare this local variable with \"var\" instead.",
    ),
    (
        "java:S1874",
        "CODE_SMELL",
        "MINOR",
        "CONVENTIONAL",
        "CONSISTENT",
        "15min",
        "Remove this use of \"{x}\"; it is deprecated.",
    ),
    (
        "java:S2142",
        "BUG",
        "MAJOR",
        "COMPLETE",
        "INTENTIONAL",
        "15min",
        "Either re-interrupt this method or rethrow the \"InterruptedException\" that can be caught here.",
    ),
    (
        "java:S2259",
        "BUG",
        "MAJOR",
        "LOGICAL",
        "INTENTIONAL",
        "10min",
        "A \"NullPointerException\" could be thrown; \"{x}\" is nullable here.",
    ),
    (
        "java:S1068",
        "CODE_SMELL",
        "MAJOR",
        "CLEAR",
        "INTENTIONAL",
        "5min",
        "Remove this unused \"{x}\" private field.",
    ),
    (
        "javasecurity:S5145",
        "VULNERABILITY",
        "MINOR",
        "COMPLETE",
        "INTENTIONAL",
        "30min",
        "Change this code to not log user-controlled data.",
    ),
    (
        "java:S6437",
        "VULNERABILITY",
        "BLOCKER",
        "TRUSTWORTHY",
        "RESPONSIBLE",
        "1h",
        "Revoke and change this password, as it is compromised.",
    ),
];

/// A planted issue of the SonarQube case: file, rule, status, resolution,
/// tags, and whether it has a taint flow.
type Planted<'a> = (
    &'a str,
    &'a SonarRule,
    &'a str,
    Option<&'a str>,
    &'a [&'a str],
    bool,
);

/// One issue of SonarQube 10.6's `api/issues/search`.
#[allow(clippy::too_many_arguments)]
fn sonar_issue(
    project: &str,
    path: &str,
    rule: &SonarRule,
    line: u64,
    k: usize,
    status: &str,
    resolution: Option<&str>,
    message: &str,
    author: &str,
    flows: Value,
    tags: &[&str],
) -> Value {
    let (key, kind, severity, attr, category, effort, _) = *rule;
    let quality = match kind {
        "BUG" => "RELIABILITY",
        "VULNERABILITY" => "SECURITY",
        _ => "MAINTAINABILITY",
    };
    let impact = match severity {
        "BLOCKER" | "CRITICAL" => "HIGH",
        "MAJOR" => "MEDIUM",
        _ => "LOW",
    };
    let created = DAY - 86_400 * (3 + h(k, 5701) % 200) + h(k, 5702) % 86_400;
    let updated = created + h(k, 5703) % (DAY - created);
    let stamp = |t: u64| format!("{}+0000", datetime(t));
    let mut v = Map::new();
    v.insert(
        "key".into(),
        json!(format!(
            "AZ{}",
            base62(h(k, 5704), 11) + &base62(h(k, 5705), 7)
        )),
    );
    v.insert("rule".into(), json!(key));
    v.insert("severity".into(), json!(severity));
    v.insert("component".into(), json!(format!("{project}:{path}")));
    v.insert("project".into(), json!(project));
    v.insert("line".into(), json!(line));
    v.insert("hash".into(), json!(hex(k, 5706, 32)));
    let start = 4 + h(k, 5707) % 30;
    v.insert(
        "textRange".into(),
        json!({"startLine": line, "endLine": line, "startOffset": start, "endOffset": start + 8 + h(k, 5708) % 50}),
    );
    v.insert("flows".into(), flows);
    if let Some(r) = resolution {
        v.insert("resolution".into(), json!(r));
    }
    v.insert("status".into(), json!(status));
    v.insert("message".into(), json!(message));
    v.insert("effort".into(), json!(effort));
    v.insert("debt".into(), json!(effort));
    v.insert("author".into(), json!(author));
    v.insert("tags".into(), json!(tags));
    v.insert("creationDate".into(), json!(stamp(created)));
    v.insert("updateDate".into(), json!(stamp(updated)));
    if resolution.is_some() {
        v.insert("closeDate".into(), json!(stamp(updated)));
    }
    v.insert("type".into(), json!(kind));
    v.insert(
        "scope".into(),
        json!(if path.starts_with("src/test") {
            "TEST"
        } else {
            "MAIN"
        }),
    );
    v.insert("quickFixAvailable".into(), json!(false));
    v.insert("messageFormattings".into(), json!([]));
    v.insert("codeVariants".into(), json!([]));
    v.insert("cleanCodeAttribute".into(), json!(attr));
    v.insert("cleanCodeAttributeCategory".into(), json!(category));
    v.insert(
        "impacts".into(),
        json!([{"softwareQuality": quality, "severity": impact}]),
    );
    let issue_status = match (status, resolution) {
        (_, Some("FALSE-POSITIVE")) => "FALSE_POSITIVE",
        (_, Some("FIXED")) => "FIXED",
        ("CONFIRMED", _) => "CONFIRMED",
        _ => "OPEN",
    };
    v.insert("issueStatus".into(), json!(issue_status));
    v.insert("prioritizedRule".into(), json!(false));
    Value::Object(v)
}

/// `curl -su $SONAR_TOKEN: 'https://sonar.nordwind.de/api/issues/search?
/// componentKeys=nordwind_shop-backend&ps=500'` (SonarQube 10.6
/// Developer Edition, its first page of 1,312 issues, sorted by file
/// and line) of a Spring shop backend: duplicated literals, complex
/// methods, unused parameters, TODOs, possible null dereferences, log
/// injection, a hard-coded password, an XXE and weak TLS, a JDBC
/// `PreparedStatement` never closed, and SQL built from a request's data
/// (`javasecurity:S3649`, its taint flow from the controller) in five
/// files still open (one confirmed), one file marked a false positive
/// and one fixed.
fn sonarqube_sql_injection() -> Case {
    let project = "nordwind_shop-backend";
    let root = "src/main/java/de/nordwind/shop";
    let packages = [
        ("order", ["Order", "OrderLine", "Checkout", "OrderStatus"]),
        ("customer", ["Customer", "Address", "Loyalty", "Consent"]),
        ("catalog", ["Product", "Category", "Variant", "PriceList"]),
        ("search", ["Facet", "Suggest", "Synonym", "SearchIndex"]),
        ("payment", ["Payment", "Refund", "Klarna", "PaypalWebhook"]),
        ("shipping", ["Shipment", "Carrier", "Parcel", "DhlLabel"]),
        (
            "inventory",
            ["Stock", "Warehouse", "Reservation", "Replenishment"],
        ),
        (
            "report",
            ["SalesReport", "MarginReport", "ExportJob", "Dashboard"],
        ),
        (
            "admin",
            ["AdminUser", "AuditTrail", "FeatureToggle", "CustomerImport"],
        ),
        ("notification", ["Mail", "Sms", "PushToken", "Newsletter"]),
    ];
    let suffixes = [
        "Controller",
        "Service",
        "Repository",
        "Mapper",
        "Dto",
        "Validator",
        "Config",
        "Client",
    ];
    let answers = [
        "search/ProductSearchDao.java",
        "admin/CustomerExportController.java",
        "report/SalesReportQueryRepository.java",
        "order/OrderFilterDao.java",
        "inventory/StockLookupService.java",
    ];
    let decoys = [
        "report/ReportQueryBuilder.java",
        "order/LegacyOrderDao.java",
        "inventory/JdbcStockRepository.java",
        "admin/XmlImportService.java",
        "shipping/DhlClient.java",
        "common/DataSourceConfig.java",
    ];
    let mut files: Vec<String> = Vec::new();
    for (i, (pkg, entities)) in packages.iter().enumerate() {
        for (j, e) in entities.iter().enumerate() {
            for (s, suffix) in suffixes.iter().enumerate() {
                if h(i * 64 + j * 8 + s, 5710) % 5 < 2 {
                    files.push(format!("{pkg}/{e}{suffix}.java"));
                }
            }
        }
    }
    let sources = [
        "search/SuggestController.java",
        "admin/AdminUserController.java",
        "report/DashboardController.java",
        "order/OrderController.java",
        "inventory/StockController.java",
        "report/ExportJobController.java",
        "order/CheckoutController.java",
    ];
    files.extend(
        answers
            .iter()
            .chain(&decoys)
            .chain(&sources)
            .map(|s| s.to_string()),
    );
    files.sort();
    files.dedup();
    let authors: Vec<String> = people(14, 5711)
        .iter()
        .map(|p| format!("{}@nordwind.de", p.2))
        .collect();
    let details = [
        "order_id",
        "customerId",
        "status",
        "ctx",
        "locale",
        "tmp",
        "result",
        "EUR",
        "application/json",
        "getRawStatusCode",
        "tenant",
    ];
    let mut issues: Vec<(String, u64, Value)> = Vec::new();
    let mut k = 0usize;
    for (fi, f) in files.iter().enumerate() {
        let path = format!("{root}/{f}");
        let n = 1 + h(fi, 5712) % 6;
        for j in 0..n {
            k += 1;
            let rule = &SONAR_RULES[(h(k, 5713) % 12) as usize];
            let x = pick(&details, k, 5714);
            let msg = rule
                .6
                .replace("{x}", x)
                .replace("{n}", &(16 + h(k, 5715) % 30).to_string());
            let line = 12 + h(fi * 16 + j as usize, 5716) % 400;
            let status = if h(k, 5717).is_multiple_of(11) {
                "CONFIRMED"
            } else {
                "OPEN"
            };
            let tags: &[&str] = match rule.0 {
                "java:S1192" => &["design"],
                "java:S3776" => &["brain-overload"],
                "java:S125" | "java:S1172" | "java:S1481" | "java:S1068" => &["unused"],
                "java:S1135" => &["cwe"],
                "java:S2259" => &["cert", "cwe"],
                "java:S2142" => &["multi-threading"],
                _ => &[],
            };
            let author = &authors[(h(fi, 5718) % authors.len() as u64) as usize];
            issues.push((
                path.clone(),
                line,
                sonar_issue(
                    project,
                    &path,
                    rule,
                    line,
                    k,
                    status,
                    None,
                    &msg,
                    author,
                    json!([]),
                    tags,
                ),
            ));
        }
        if f.ends_with("Controller.java") && h(fi, 5719).is_multiple_of(3) {
            k += 1;
            let rule = &SONAR_RULES[12];
            let line = 40 + h(fi, 5720) % 200;
            issues.push((
                path.clone(),
                line,
                sonar_issue(
                    project,
                    &path,
                    rule,
                    line,
                    k,
                    "OPEN",
                    None,
                    rule.6,
                    &authors[0],
                    json!([]),
                    &["cwe", "denial-of-service", "owasp-a9"],
                ),
            ));
        }
    }
    // The planted vulnerabilities and bugs: (file, rule, status,
    // resolution, tags, taint).
    let sqli = (
        "javasecurity:S3649",
        "VULNERABILITY",
        "BLOCKER",
        "COMPLETE",
        "INTENTIONAL",
        "30min",
        "Change this code to not construct SQL queries directly from user-controlled data.",
    );
    let xxe = (
        "java:S2755",
        "VULNERABILITY",
        "BLOCKER",
        "COMPLETE",
        "INTENTIONAL",
        "15min",
        "Disable access to external entities in XML parsing.",
    );
    let tls = (
        "java:S4423",
        "VULNERABILITY",
        "CRITICAL",
        "TRUSTWORTHY",
        "RESPONSIBLE",
        "2min",
        "Change this code to use a stronger protocol.",
    );
    let leak = (
        "java:S2095",
        "BUG",
        "BLOCKER",
        "COMPLETE",
        "INTENTIONAL",
        "5min",
        "Use try-with-resources or close this \"PreparedStatement\" in a \"finally\" clause.",
    );
    let planted: Vec<Planted> = vec![
        (
            answers[0],
            &sqli,
            "OPEN",
            None,
            &["cwe", "owasp-a3", "sans-top25"],
            true,
        ),
        (
            answers[1],
            &sqli,
            "OPEN",
            None,
            &["cwe", "owasp-a3", "sans-top25"],
            true,
        ),
        (
            answers[2],
            &sqli,
            "CONFIRMED",
            None,
            &["cwe", "owasp-a3", "sans-top25"],
            true,
        ),
        (
            answers[3],
            &sqli,
            "OPEN",
            None,
            &["cwe", "owasp-a3", "sans-top25"],
            true,
        ),
        (
            answers[4],
            &sqli,
            "OPEN",
            None,
            &["cwe", "owasp-a3", "sans-top25"],
            true,
        ),
        (
            decoys[0],
            &sqli,
            "RESOLVED",
            Some("FALSE-POSITIVE"),
            &["cwe", "owasp-a3", "sans-top25"],
            true,
        ),
        (
            decoys[1],
            &sqli,
            "CLOSED",
            Some("FIXED"),
            &["cwe", "owasp-a3", "sans-top25"],
            true,
        ),
        (
            decoys[2],
            &leak,
            "OPEN",
            None,
            &["cert", "cwe", "denial-of-service", "leak"],
            false,
        ),
        (
            decoys[3],
            &xxe,
            "OPEN",
            None,
            &["cwe", "owasp-a4", "symbolic-execution"],
            false,
        ),
        (
            decoys[4],
            &tls,
            "OPEN",
            None,
            &["cwe", "owasp-a3", "privacy"],
            false,
        ),
        (decoys[5], &SONAR_RULES[13], "OPEN", None, &["cwe"], false),
    ];
    for (n, (f, rule, status, resolution, tags, taint)) in planted.into_iter().enumerate() {
        k += 1;
        let path = format!("{root}/{f}");
        let line = 60 + h(n, 5721) % 150;
        let flows = if taint {
            let controller = format!("{project}:{root}/{}", sources[n]);
            let loc = |c: &str, l: u64, msg: &str| json!({"component": c, "textRange": {"startLine": l, "endLine": l, "startOffset": 8, "endOffset": 60}, "msg": msg});
            json!([{"locations": [
                loc(&format!("{project}:{path}"), line, "Sink: this invocation is not safe; a malicious value can be used as argument"),
                loc(&format!("{project}:{path}"), line - 3, "This concatenation can propagate malicious content to the newly created string"),
                loc(&format!("{project}:{path}"), line - 9, "This parameter receives malicious content"),
                loc(&controller, 44 + n as u64 * 7, "This invocation can propagate malicious content to its return value"),
                loc(&controller, 38 + n as u64 * 7, "Source: a user can craft an HTTP request with malicious content")
            ]}])
        } else {
            json!([])
        };
        issues.push((
            path.clone(),
            line,
            sonar_issue(
                project,
                &path,
                rule,
                line,
                k,
                status,
                resolution,
                rule.6,
                &authors[n % authors.len()],
                flows,
                tags,
            ),
        ));
    }
    issues.sort_by(|a, b| (&a.0, a.1).cmp(&(&b.0, b.1)));
    assert!(issues.len() <= 500, "{}", issues.len());
    let components: Vec<Value> = std::iter::once(json!({"key": project, "enabled": true, "qualifier": "TRK", "name": "shop-backend", "longName": "shop-backend"}))
        .chain(files.iter().map(|f| {
            let name = f.rsplit('/').next().unwrap();
            json!({"key": format!("{project}:{root}/{f}"), "enabled": true, "qualifier": "FIL", "name": name, "longName": format!("{root}/{f}"), "path": format!("{root}/{f}")})
        }))
        .collect();
    let effort: u64 = issues.len() as u64 * 11;
    let doc = json!({
        "total": 1312,
        "p": 1,
        "ps": 500,
        "paging": {"pageIndex": 1, "pageSize": 500, "total": 1312},
        "effortTotal": effort,
        "debtTotal": effort,
        "issues": issues.into_iter().map(|i| i.2).collect::<Vec<_>>(),
        "components": components,
        "facets": []
    });
    let out = doc.to_string() + "\n";
    let items: Vec<String> = answers
        .iter()
        .map(|a| a.rsplit('/').next().unwrap().to_string())
        .collect();
    let names: Vec<String> = files
        .iter()
        .map(|f| f.rsplit('/').next().unwrap().to_string())
        .collect();
    for it in &items {
        assert!(!named_elsewhere(it, &names), "{it}");
    }
    let mut expected: Vec<String> = answers
        .iter()
        .map(|a| jq_string(&format!("{project}:{root}/{a}")))
        .collect();
    expected.sort();
    assert!((350_000..1_000_000).contains(&out.len()), "{}", out.len());
    Case::items(
        "SonarQube api/issues/search of a Java backend, files with open SQL injection",
        out,
        "Which files in our shop backend still have an open SQL injection problem according to Sonar? I need every one of them.",
        items,
    )
    .with_jq(
        "[.issues[] | select(.rule == \"javasecurity:S3649\" and .resolution == null) | .component] | unique | .[]",
        expected,
    )
}

// ------------------------------------------------------ Graph sign-ins

/// `v` with every object's keys sorted, as Python's `json.dumps(…,
/// sort_keys=True)` (and so the Azure CLI) writes them.
fn sort_keys(v: Value) -> Value {
    match v {
        Value::Object(m) => {
            let mut pairs: Vec<(String, Value)> = m.into_iter().collect();
            pairs.sort_by(|a, b| a.0.cmp(&b.0));
            Value::Object(pairs.into_iter().map(|(k, v)| (k, sort_keys(v))).collect())
        }
        Value::Array(a) => Value::Array(a.into_iter().map(sort_keys).collect()),
        other => other,
    }
}

/// A Conditional Access policy's entry in a sign-in: name, grant, id
/// salt.
fn ca_policy(name: &str, grant: &str, n: usize, result: &str) -> Value {
    json!({
        "displayName": name,
        "enforcedGrantControls": if result == "notApplied" || result == "reportOnlyNotApplied" { json!([]) } else { json!([grant]) },
        "enforcedSessionControls": [],
        "id": uuid(n, 5801),
        "result": result
    })
}

/// `az rest --method get --url "https://graph.microsoft.com/v1.0/
/// auditLogs/signIns?$filter=createdDateTime ge 2026-11-26T00:00:00Z and
/// createdDateTime lt 2026-11-27T00:00:00Z&$top=340"` (the Azure CLI's
/// JSON: keys sorted, two spaces) for an outdoor retailer's tenant:
/// the day's sign-ins, newest first. Staff sign in to Outlook, Teams,
/// OneDrive, the Office portal and the Azure portal with MFA; some
/// mistype, are asked for MFA or for "stay signed in"; a password spray
/// over IMAP and SMTP from abroad fails by the dozen, one account is
/// locked; Exchange ActiveSync is blocked by Conditional Access. The
/// policy blocking legacy authentication is in report-only mode, so five
/// people get in with IMAP, POP or authenticated SMTP.
fn signins_legacy_auth() -> Case {
    let staff = people(120, 5810);
    let upn = |p: &(&str, &str, String)| format!("{}@nordwind.de", p.2);
    let legacy_users: [(usize, &str, usize); 5] = [
        (14, "IMAP4", 3),
        (37, "IMAP4", 1),
        (58, "POP3", 4),
        (71, "Authenticated SMTP", 2),
        (96, "Authenticated SMTP", 1),
    ];
    let apps = [
        (
            "Microsoft Teams",
            "1fec8e78-bce4-4aaf-ab1b-5451cc387264",
            "Microsoft Teams Services",
            "cc15fd57-2c6c-4117-a88c-83b1d56b4bbe",
            "Mobile Apps and Desktop clients",
        ),
        (
            "Microsoft Office",
            "d3590ed6-52b3-4102-aeff-aad2292ab01c",
            "Office 365 Exchange Online",
            "00000002-0000-0ff1-ce00-000000000000",
            "Mobile Apps and Desktop clients",
        ),
        (
            "OfficeHome",
            "4765445b-32c6-49b0-83e6-1d93765276ca",
            "OfficeHome",
            "4765445b-32c6-49b0-83e6-1d93765276ca",
            "Browser",
        ),
        (
            "Office 365 Exchange Online",
            "00000002-0000-0ff1-ce00-000000000000",
            "Office 365 Exchange Online",
            "00000002-0000-0ff1-ce00-000000000000",
            "Browser",
        ),
        (
            "OneDrive SyncEngine",
            "ab9b8c07-8f02-4f72-87fa-80105867a763",
            "Office 365 SharePoint Online",
            "00000003-0000-0ff1-ce00-000000000000",
            "Mobile Apps and Desktop clients",
        ),
        (
            "Outlook Mobile",
            "27922004-5251-4030-b22d-91ecd9a37ea4",
            "Office 365 Exchange Online",
            "00000002-0000-0ff1-ce00-000000000000",
            "Mobile Apps and Desktop clients",
        ),
        (
            "Azure Portal",
            "c44b4083-3bb0-49c1-b47d-974e53cbdf3c",
            "Windows Azure Service Management API",
            "797f4846-ba00-4fd7-ba43-dac1f8f63013",
            "Browser",
        ),
        (
            "Microsoft Edge",
            "ecd6b820-32c2-49b6-98a6-444530e5a77a",
            "Microsoft Graph",
            "00000003-0000-0000-c000-000000000000",
            "Browser",
        ),
    ];
    // (city, state, country, latitude, longitude, first two octets)
    let home = [
        ("Leipzig", "Sachsen", "DE", 51.3397, 12.3731, "91.64"),
        ("Leipzig", "Sachsen", "DE", 51.3397, 12.3731, "91.64"),
        ("Leipzig", "Sachsen", "DE", 51.3397, 12.3731, "91.64"),
        (
            "Halle (Saale)",
            "Sachsen-Anhalt",
            "DE",
            51.4969,
            11.9688,
            "95.90",
        ),
        ("Dresden", "Sachsen", "DE", 51.0504, 13.7373, "87.138"),
        ("Markkleeberg", "Sachsen", "DE", 51.2776, 12.3727, "79.214"),
        ("Berlin", "Berlin", "DE", 52.5200, 13.4050, "77.183"),
        ("München", "Bayern", "DE", 48.1374, 11.5755, "46.114"),
    ];
    let abroad = [
        ("Moscow", "Moscow", "RU", 55.7522, 37.6156, "45.141"),
        (
            "Ho Chi Minh City",
            "Ho Chi Minh",
            "VN",
            10.8230,
            106.6296,
            "103.21",
        ),
        ("São Paulo", "Sao Paulo", "BR", -23.5475, -46.6361, "177.54"),
        ("Lagos", "Lagos", "NG", 6.4541, 3.3947, "102.89"),
        (
            "Amsterdam",
            "Noord-Holland",
            "NL",
            52.3740,
            4.8897,
            "185.220",
        ),
        ("Ashburn", "Virginia", "US", 39.0438, -77.4874, "34.201"),
    ];
    let mut records: Vec<(u64, Value)> = Vec::new();
    let day0 = DAY - 86_400;
    let mut k = 0usize;
    let mut push = |t: u64,
                    user: &(&str, &str, String),
                    app: (&str, &str, &str, &str),
                    client: &str,
                    loc: (&str, &str, &str, f64, f64, &str),
                    status: (u64, &str, &str),
                    device: Value,
                    policies: Vec<Value>,
                    records: &mut Vec<(u64, Value)>| {
        k += 1;
        let ca = if policies.iter().any(|p| p["result"] == "failure") {
            "failure"
        } else if policies.iter().any(|p| p["result"] == "success") {
            "success"
        } else {
            "notApplied"
        };
        records.push((
            t,
            json!({
                "appDisplayName": app.0,
                "appId": app.1,
                "appliedConditionalAccessPolicies": policies,
                "clientAppUsed": client,
                "conditionalAccessStatus": ca,
                "correlationId": uuid(k, 5811),
                "createdDateTime": format!("{}Z", datetime(t)),
                "deviceDetail": device,
                "id": uuid(k, 5812),
                "ipAddress": format!("{}.{}.{}", loc.5, h(k, 5813) % 256, 1 + h(k, 5814) % 254),
                "isInteractive": client != "Mobile Apps and Desktop clients" || h(k, 5815).is_multiple_of(3),
                "location": {
                    "city": loc.0,
                    "countryOrRegion": loc.2,
                    "geoCoordinates": {"altitude": null, "latitude": loc.3, "longitude": loc.4},
                    "state": loc.1
                },
                "resourceDisplayName": app.2,
                "resourceId": app.3,
                "riskDetail": "none",
                "riskEventTypes": [],
                "riskEventTypes_v2": [],
                "riskLevelAggregated": "none",
                "riskLevelDuringSignIn": if loc.2 == "DE" { "none" } else { "medium" },
                "riskState": if loc.2 == "DE" { "none" } else { "atRisk" },
                "status": {"additionalDetails": status.2, "errorCode": status.0, "failureReason": status.1},
                "userDisplayName": format!("{} {}", user.0, user.1),
                "userId": uuid(staff.iter().position(|p| p.2 == user.2).unwrap_or(999), 5816),
                "userPrincipalName": format!("{}@nordwind.de", user.2)
            }),
        ));
    };
    let modern_policies = |mfa: &str| {
        vec![
            ca_policy("CA001 - Require MFA for all users", "Mfa", 1, mfa),
            ca_policy(
                "CA002 - Block legacy authentication",
                "Block",
                2,
                "reportOnlyNotApplied",
            ),
            ca_policy(
                "CA004 - Block Exchange ActiveSync",
                "Block",
                4,
                "notApplied",
            ),
        ]
    };
    let legacy_policies = |eas: &str| {
        vec![
            ca_policy("CA001 - Require MFA for all users", "Mfa", 1, "notApplied"),
            ca_policy(
                "CA002 - Block legacy authentication",
                "Block",
                2,
                "reportOnlyFailure",
            ),
            ca_policy("CA004 - Block Exchange ActiveSync", "Block", 4, eas),
        ]
    };
    let exo = (apps[3].0, apps[3].1, apps[3].2, apps[3].3);
    let no_device = json!({"browser": "", "deviceId": "", "displayName": "", "isCompliant": false, "isManaged": false, "operatingSystem": "", "trustType": ""});
    for n in 0..255usize {
        let user = &staff[(h(n, 5820) % staff.len() as u64) as usize];
        let app = apps[(h(n, 5821) % apps.len() as u64) as usize];
        let t = day0 + 5 * 3_600 + h(n, 5822) % (14 * 3_600);
        let loc = home[(h(n, 5823) % home.len() as u64) as usize];
        let roll = h(n, 5824) % 20;
        let status = match roll {
            0 => (
                50_126,
                "Error validating credentials due to invalid username or password.",
                "The user didn't enter the right credentials. It's expected to see some number of these errors in your logs due to users making mistakes.",
            ),
            1 => (
                50_074,
                "Strong Authentication is required.",
                "The user is required to complete MFA.",
            ),
            2 => (
                50_140,
                "This error occurred due to 'Keep me signed in' interrupt when the user was signing in.",
                "This is an expected part of the login flow, where a user is asked if they want to remain signed into this browser.",
            ),
            3 => (
                500_121,
                "Authentication failed during strong authentication request.",
                "The user didn't complete the MFA prompt.",
            ),
            _ => (
                0,
                "Other.",
                if h(n, 5825).is_multiple_of(2) {
                    "MFA requirement satisfied by claim in the token"
                } else {
                    "MFA completed in Azure AD"
                },
            ),
        };
        let (browser, os) = if app.4 == "Browser" {
            (
                [
                    "Edge 131.0.0",
                    "Chrome 131.0.0",
                    "Firefox 133.0",
                    "Safari 18.1",
                ][(h(n, 5826) % 4) as usize],
                ["Windows10", "Windows10", "MacOs", "Windows10"][(h(n, 5826) % 4) as usize],
            )
        } else if app.0 == "Outlook Mobile" {
            ("", ["Ios 18.1", "Android 15"][(h(n, 5827) % 2) as usize])
        } else {
            ("Rich Client 5.2.6.0", "Windows10")
        };
        let managed = app.4 != "Browser" && app.0 != "Outlook Mobile";
        let device = json!({
            "browser": browser,
            "deviceId": if managed { uuid(n, 5828) } else { String::new() },
            "displayName": if managed { format!("NB-{:04}", 100 + h(n, 5829) % 300) } else { String::new() },
            "isCompliant": managed,
            "isManaged": managed,
            "operatingSystem": os,
            "trustType": if managed { "Azure AD joined" } else { "" }
        });
        let mfa = if status.0 == 0 {
            "success"
        } else if status.0 == 50_126 {
            "notApplied"
        } else {
            "failure"
        };
        push(
            t,
            user,
            (app.0, app.1, app.2, app.3),
            app.4,
            loc,
            status,
            device,
            modern_policies(mfa),
            &mut records,
        );
    }
    // The password spray: IMAP and SMTP from abroad, all day.
    for n in 0..58usize {
        let user = &staff[(h(n, 5830) % staff.len() as u64) as usize];
        let t = day0 + h(n, 5831) % 86_000;
        let loc = abroad[(h(n, 5832) % abroad.len() as u64) as usize];
        let client = ["IMAP4", "Authenticated SMTP", "IMAP4", "POP3"][(h(n, 5833) % 4) as usize];
        let status = if n == 31 {
            (
                50_053,
                "Account is locked because user tried to sign in too many times with an incorrect user ID or password.",
                "The account is locked: too many sign-ins with a wrong password.",
            )
        } else {
            (
                50_126,
                "Error validating credentials due to invalid username or password.",
                "The user didn't enter the right credentials. It's expected to see some number of these errors in your logs due to users making mistakes.",
            )
        };
        push(
            t,
            user,
            exo,
            client,
            loc,
            status,
            no_device.clone(),
            legacy_policies("notApplied"),
            &mut records,
        );
    }
    // Exchange ActiveSync on old phones, blocked.
    for n in 0..14usize {
        let user = &staff[(h(n, 5840) % staff.len() as u64) as usize];
        let t = day0 + 6 * 3_600 + h(n, 5841) % (13 * 3_600);
        let loc = home[(h(n, 5842) % home.len() as u64) as usize];
        let device = json!({"browser": "", "deviceId": "", "displayName": "", "isCompliant": false, "isManaged": false, "operatingSystem": "Android 9", "trustType": ""});
        push(
            t,
            user,
            exo,
            "Exchange ActiveSync",
            loc,
            (
                53_003,
                "Access has been blocked by Conditional Access policies. The access policy does not allow token issuance.",
                "Due to a configuration rule in place by your admin, this request was blocked.",
            ),
            device,
            legacy_policies("failure"),
            &mut records,
        );
    }
    // The five who get in with legacy authentication.
    let mut items = Vec::new();
    for (j, &(who, client, times)) in legacy_users.iter().enumerate() {
        let user = &staff[who];
        items.push(upn(user));
        for r in 0..times {
            let t = day0 + 6 * 3_600 + h(j * 10 + r, 5850) % (14 * 3_600);
            let loc = home[(h(j, 5851) % home.len() as u64) as usize];
            push(
                t,
                user,
                exo,
                client,
                loc,
                (0, "Other.", ""),
                no_device.clone(),
                legacy_policies("notApplied"),
                &mut records,
            );
        }
    }
    records.sort_by_key(|r| std::cmp::Reverse(r.0));
    let value: Vec<Value> = records.into_iter().map(|r| sort_keys(r.1)).collect();
    let doc = sort_keys(json!({
        "@odata.context": "https://graph.microsoft.com/v1.0/$metadata#auditLogs/signIns",
        "@odata.nextLink": format!("https://graph.microsoft.com/v1.0/auditLogs/signIns?$filter=createdDateTime+ge+2026-11-26T00%3a00%3a00Z+and+createdDateTime+lt+2026-11-27T00%3a00%3a00Z&$top=340&$skiptoken={}", hex(1, 5860, 64)),
        "value": value
    }));
    let out = pretty(&doc, b"  ") + "\n";
    let upns: Vec<String> = staff.iter().map(upn).collect();
    for it in &items {
        assert!(!named_elsewhere(it, &upns), "{it}");
    }
    let mut expected: Vec<String> = items.iter().map(|s| jq_string(s)).collect();
    expected.sort();
    expected.dedup();
    assert_eq!(expected.len(), 5);
    assert!((350_000..1_000_000).contains(&out.len()), "{}", out.len());
    Case::items(
        "az rest Graph sign-in log, users who got in with legacy authentication",
        out,
        "Which of our users successfully signed in yesterday using legacy authentication, like old mail apps that only send a password? I need every one of them.",
        items,
    )
    .with_jq(
        "[.value[] | select((.clientAppUsed == \"IMAP4\" or .clientAppUsed == \"POP3\" or .clientAppUsed == \"Authenticated SMTP\") and .status.errorCode == 0) | .userPrincipalName] | unique | .[]",
        expected,
    )
}
