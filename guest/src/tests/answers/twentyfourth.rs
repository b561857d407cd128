//! A TWENTY-FOURTH HELD-OUT SET of issue 30, written by someone who had
//! not read the answer code and never run against it while being
//! written: eight outputs of tools no other set uses, each with a
//! question in a user's words and the answer its generator planted.
//! Written before being measured, and measured unread at 808774c.
//! Measure it, never tune on it.
//!
//! One fact: `aws autoscaling describe-scaling-activities` of a shop's
//! account over three and a half days (what kept the checkout servers
//! from launching at last night's peak and when it began: the account's
//! vCPU limit, among spot groups with no spot capacity or too low a
//! price, a staging group whose image was gone, a zone out of capacity
//! and health-check replacements), `tshark -r` of a capture on an
//! application server (what the mail relay answers when the shop sends
//! an order confirmation, among a recommendation endpoint's 500s, a
//! standby database resetting every connection, retransmissions and
//! names the resolver's search domain does not know),
//! `SHOW ENGINE INNODB STATUS\G` of a shop's database (the connection
//! the last deadlock rolled back and its user, among a foreign key
//! error, a transaction of the same user waiting for a lock now and
//! thousands of sessions), Kong's `file-log` of a customer API overnight
//! (which API consumer pulled the whole customer list and from where,
//! among the BI exporter's nightly delta, a partner the ACL refused the
//! same export twice, rate limits and the partner's own usual address).
//! Every item: `ctest --output-on-failure` of a C++ project's nightly
//! run (the tests killed for running too long, among failures whose
//! messages say "timed out", a segmentation fault, disabled tests and
//! passing tests named for timeouts), `brakeman -f json` of a Rails
//! application (the files that build shell commands from request data,
//! among the same warnings reviewed and ignored, code execution through
//! `constantize`, file access and dangerous sends), Twilio's Messages
//! API of a day of appointment reminders (the numbers whose reminders
//! the carrier filtered as spam, among unreachable handsets, landlines,
//! unknown numbers, unsubscribed patients and replies), `kafka-topics
//! --describe` of a cluster two brokers of which are down (the topics
//! with a partition no broker leads, among hundreds of partitions short
//! of replicas, `__consumer_offsets` and topics named for dead letters
//! and offline orders).
//!
//! The jq program of the JSON-lines output (Kong) reads the records as
//! one array (`.[]`), as the fourth set's do; every expected jq result
//! was checked with the real jq (`jq -s` for that one).

use serde_json::{Map, Value, json};

use super::super::heldout::{DAY, civil, clock, h, hex, letters, uuid};
use super::{Case, jq_string, named_elsewhere, pick, pretty, whole};

pub(super) fn cases() -> Vec<Case> {
    vec![
        asg_checkout_launch_failure(),
        tshark_mail_relay_answer(),
        innodb_deadlock_victim(),
        kong_customer_export(),
        ctest_timeouts(),
        brakeman_command_injection(),
        twilio_filtered_reminders(),
        kafka_leaderless_topics(),
    ]
}

const WEEKDAYS: [&str; 7] = ["Thu", "Fri", "Sat", "Sun", "Mon", "Tue", "Wed"];

const MONTHS: [&str; 12] = [
    "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
];

/// `2026-11-27` of `t` seconds since the epoch.
fn ymd(t: u64) -> String {
    let (y, m, d) = civil(t / 86_400);
    format!("{y}-{m:02}-{d:02}")
}

/// `2026-11-27 10:12:44`
fn ymd_hms(t: u64) -> String {
    format!("{} {}", ymd(t), clock(t % 86_400))
}

/// `2026-11-26T18:51:49Z`
fn iso_z(t: u64) -> String {
    format!("{}T{}Z", ymd(t), clock(t % 86_400))
}

/// `2026-11-26T18:52:07.411000+00:00` (or without the fraction when it
/// is zero): a time of `ms` milliseconds as the AWS CLI v2 prints it.
fn aws_time(ms: u64) -> String {
    let t = ms / 1000;
    if ms.is_multiple_of(1000) {
        format!("{}T{}+00:00", ymd(t), clock(t % 86_400))
    } else {
        format!("{}T{}.{:03}000+00:00", ymd(t), clock(t % 86_400), ms % 1000)
    }
}

/// `Thu, 26 Nov 2026 18:01:24 +0000`: RFC 2822, as Twilio's API dates.
fn rfc2822(t: u64) -> String {
    let days = t / 86_400;
    let (y, m, d) = civil(days);
    format!(
        "{}, {d:02} {} {y} {} +0000",
        WEEKDAYS[(days % 7) as usize],
        MONTHS[(m - 1) as usize],
        clock(t % 86_400)
    )
}

// ------------------------------------------- aws autoscaling activities

/// An Auto Scaling group: name, instance type, usual size, whether a
/// target-tracking policy scales it with load, whether it runs on spot.
type Asg = (&'static str, &'static str, u64, bool, bool);

const ASGS: [Asg; 14] = [
    ("shop-web-prod", "m6i.xlarge", 6, true, false),
    ("shop-checkout-prod", "c6i.2xlarge", 4, true, false),
    ("shop-search-prod", "r6i.xlarge", 3, true, false),
    ("shop-api-prod", "m6i.large", 6, true, false),
    ("shop-worker-prod", "m6i.large", 4, true, false),
    ("shop-imgproxy-prod", "c6i.large", 2, true, false),
    (
        "eks-general-m6i-20241014093212-2cc8f0e1-1b2c-4d3e-9a8b-7f6e5d4c3b2a",
        "m6i.2xlarge",
        10,
        true,
        false,
    ),
    (
        "eks-memory-r6i-20241014093212-5ac9d2e4-77f0-4b1a-8c3d-0e9f8a7b6c5d",
        "r6i.4xlarge",
        5,
        true,
        false,
    ),
    (
        "eks-spot-c6i-20241014093212-9e1d7c3b-4a2f-4e6d-b5c8-1f0a2b3c4d5e",
        "c6i.2xlarge",
        6,
        true,
        true,
    ),
    ("batch-spot-prod", "c6i.4xlarge", 0, false, true),
    ("shop-web-staging", "t3.large", 2, false, false),
    ("gitlab-runner-autoscale", "m6i.xlarge", 2, true, true),
    ("vpn-gw-prod", "t3.small", 2, false, false),
    ("kafka-connect-prod", "m6i.xlarge", 3, false, false),
];

const AZS: [&str; 3] = ["eu-central-1a", "eu-central-1b", "eu-central-1c"];

const SUBNETS: [&str; 3] = [
    "subnet-0c4f1e2d3a5b6c7d8",
    "subnet-07a9b3e1f2c4d5a6b",
    "subnet-0e2d8c1b7a6f5e4d3",
];

/// One entry of `describe-scaling-activities`, as the AWS CLI prints it.
#[allow(clippy::too_many_arguments)]
fn asg_activity(
    g: usize,
    k: usize,
    start_ms: u64,
    end_ms: u64,
    description: &str,
    cause: &str,
    failure: Option<(&str, &str)>,
    az: usize,
) -> Value {
    let name = ASGS[g].0;
    let mut a = Map::new();
    a.insert("ActivityId".into(), json!(uuid(k, 7001)));
    a.insert("AutoScalingGroupName".into(), json!(name));
    a.insert("Description".into(), json!(description));
    a.insert("Cause".into(), json!(cause));
    a.insert("StartTime".into(), json!(aws_time(start_ms)));
    a.insert("EndTime".into(), json!(aws_time(end_ms)));
    match failure {
        Some((code, message)) => {
            a.insert("StatusCode".into(), json!(code));
            a.insert("StatusMessage".into(), json!(message));
        }
        None => {
            a.insert("StatusCode".into(), json!("Successful"));
        }
    }
    a.insert("Progress".into(), json!(100));
    a.insert(
        "Details".into(),
        json!(format!(
            "{{\"Subnet ID\":\"{}\",\"Availability Zone\":\"{}\"}}",
            SUBNETS[az], AZS[az]
        )),
    );
    a.insert(
        "AutoScalingGroupARN".into(),
        json!(format!(
            "arn:aws:autoscaling:eu-central-1:384217650912:autoScalingGroup:{}:autoScalingGroupName/{name}",
            uuid(g, 7002)
        )),
    );
    Value::Object(a)
}

/// `aws autoscaling describe-scaling-activities --region eu-central-1`
/// (every group, the CLI paging through all of them) of Velohaus
/// Lindner's shop account from Tuesday morning to Friday 09:00, newest
/// first: target tracking scaling the groups out in the morning and at
/// the evening peak and in again at night, health-check replacements,
/// an instance refresh, a batch group started and stopped by scheduled
/// actions every night. On Thursday at 18:51:49 the checkout group's
/// alarm asked for four more servers and none could start: the
/// account's on-demand vCPU limit of 256 was reached (ten failed
/// launches until 20:58). Decoys: the EKS spot group and the batch group
/// without spot capacity or under the spot price (and starting later),
/// a staging group whose image was deleted, the search group short of
/// capacity in one zone.
fn asg_checkout_launch_failure() -> Case {
    let t0 = DAY - 3 * 86_400; // Tue 24 Nov 00:00 UTC
    let end = DAY + 9 * 3_600;
    let mut acts: Vec<(u64, Value)> = Vec::new();
    let mut k = 0usize;
    let vcpu = "You have requested more vCPU capacity than your current vCPU limit of 256 allows for the instance bucket that the specified instance type belongs to. Please visit http://aws.amazon.com/contact-us/ec2-request to request an adjustment to this limit. Launching EC2 instance failed.";
    let mut checkout_failures: Vec<u64> = Vec::new();
    // Launch `n` instances (or fail to) after a cause at `t` (seconds).
    #[allow(clippy::too_many_arguments)]
    fn launches(
        acts: &mut Vec<(u64, Value)>,
        k: &mut usize,
        g: usize,
        t: u64,
        head: &str,
        from: u64,
        to: u64,
        failure: Option<&str>,
    ) -> Vec<u64> {
        let mut starts = Vec::new();
        for j in 0..(to - from) {
            *k += 1;
            let start = (t + 14 + j * 2 + h(*k, 7010) % 3) * 1000 + h(*k, 7011) % 1000;
            let az = ((h(*k, 7012) + j) % 3) as usize;
            let cause = format!(
                "{head}At {} an instance was started in response to a difference between desired and actual capacity, increasing the capacity from {from} to {to}.",
                iso_z(start / 1000 - 2)
            );
            let v = match failure {
                None => {
                    let end = start + 30_000 + h(*k, 7013) % 60_000;
                    let end = end - end % 1000;
                    asg_activity(
                        g,
                        *k,
                        start,
                        end,
                        &format!("Launching a new EC2 instance: i-0{}", hex(*k, 7003, 16)),
                        &cause,
                        None,
                        az,
                    )
                }
                Some(msg) => asg_activity(
                    g,
                    *k,
                    start,
                    start - start % 1000,
                    &format!("Launching a new EC2 instance.  Status Reason: {msg}"),
                    &cause,
                    Some(("Failed", msg)),
                    az,
                ),
            };
            starts.push(start);
            acts.push((start, v));
        }
        starts
    }
    // Terminate `n` instances after a cause at `t`.
    fn terminations(
        acts: &mut Vec<(u64, Value)>,
        k: &mut usize,
        g: usize,
        t: u64,
        head: &str,
        from: u64,
        to: u64,
    ) {
        for j in 0..(from - to) {
            *k += 1;
            let id = format!("i-0{}", hex(*k + 50_000, 7003, 16));
            let start = (t + 9 + j * 3 + h(*k, 7014) % 4) * 1000 + h(*k, 7015) % 1000;
            let end = start + 60_000 + h(*k, 7016) % 240_000;
            let end = end - end % 1000;
            let cause = format!(
                "{head}At {} an instance was taken out of service in response to a difference between desired and actual capacity, shrinking the capacity from {from} to {to}.  At {} instance {id} was selected for termination.",
                iso_z(start / 1000 - 3),
                iso_z(start / 1000 - 2)
            );
            acts.push((
                start,
                asg_activity(
                    g,
                    *k,
                    start,
                    end,
                    &format!("Terminating EC2 instance: {id}"),
                    &cause,
                    None,
                    (h(*k, 7017) % 3) as usize,
                ),
            ));
        }
    }
    let alarm = |g: usize, high: bool, t: u64, from: u64, to: u64| -> String {
        let name = ASGS[g].0;
        let short = name.split('-').take(2).collect::<Vec<_>>().join("-");
        format!(
            "At {} a monitor alarm TargetTracking-{name}-Alarm{}-{} in state ALARM triggered policy {short}-cpu-target changing the desired capacity from {from} to {to}.  ",
            iso_z(t),
            if high { "High" } else { "Low" },
            uuid(g * 2 + usize::from(high), 7018)
        )
    };
    for (g, &(_, _, base, scales, spot)) in ASGS.iter().enumerate() {
        if !scales {
            continue;
        }
        for d in 0..4u64 {
            let day = t0 + d * 86_400;
            let q = g * 8 + d as usize;
            // Morning: out, then a little in before noon.
            let m_out = 1 + h(q, 7020) % 3;
            let tm = day + 6 * 3_600 + 30 * 60 + h(q, 7021) % 5_400;
            if tm < end {
                let head = alarm(g, true, tm, base, base + m_out);
                launches(&mut acts, &mut k, g, tm, &head, base, base + m_out, None);
            }
            let tn = day + 10 * 3_600 + h(q, 7022) % 7_200;
            if d < 3 {
                let head = alarm(g, false, tn, base + m_out, base);
                terminations(&mut acts, &mut k, g, tn, &head, base + m_out, base);
            }
            if d == 3 {
                continue;
            }
            // Evening peak: out, then in at night.
            let e_out = 2 + h(q, 7023) % 3;
            let te = day + 17 * 3_600 + h(q, 7024) % 6_000;
            let tl = day + 21 * 3_600 + 30 * 60 + h(q, 7025) % 5_400;
            if g == 1 && d == 2 {
                // Thursday: the checkout group cannot grow.
                let te = day + 18 * 3_600 + 51 * 60 + 49;
                let head = alarm(g, true, te, 4, 8);
                let first = launches(&mut acts, &mut k, g, te, &head, 4, 8, Some(vcpu));
                checkout_failures.extend(first);
                for (r, back) in [118u64, 394, 912, 1_893, 3_790, 7_630].iter().enumerate() {
                    k += 1;
                    let start = (te + back) * 1000 + h(r, 7026) % 1000;
                    let cause = format!(
                        "At {} an instance was started in response to a difference between desired and actual capacity, increasing the capacity from 4 to 8.",
                        iso_z(te + back - 2)
                    );
                    acts.push((
                        start,
                        asg_activity(
                            g,
                            k,
                            start,
                            start - start % 1000,
                            &format!("Launching a new EC2 instance.  Status Reason: {vcpu}"),
                            &cause,
                            Some(("Failed", vcpu)),
                            r % 3,
                        ),
                    ));
                    checkout_failures.push(start);
                }
                continue;
            }
            let from = base;
            let head = alarm(g, true, te, from, from + e_out);
            if spot && g == 8 && d == 1 {
                // No spot capacity for a while, then it comes.
                let msg = "Could not launch Spot Instances. InsufficientInstanceCapacity - There is no Spot capacity available that matches your request. Launching EC2 instance failed.";
                launches(
                    &mut acts,
                    &mut k,
                    g,
                    te,
                    &head,
                    from,
                    from + e_out,
                    Some(msg),
                );
                launches(
                    &mut acts,
                    &mut k,
                    g,
                    te + 1_260,
                    "",
                    from,
                    from + e_out,
                    None,
                );
            } else if g == 2 && d == 0 {
                let msg = "We currently do not have sufficient r6i.xlarge capacity in the Availability Zone you requested (eu-central-1c). Our system will be working on provisioning additional capacity. You can currently get r6i.xlarge capacity by not specifying an Availability Zone in your request or choosing eu-central-1a, eu-central-1b. Launching EC2 instance failed.";
                launches(&mut acts, &mut k, g, te, &head, from, from + 1, Some(msg));
                launches(&mut acts, &mut k, g, te + 95, "", from, from + e_out, None);
            } else {
                launches(&mut acts, &mut k, g, te, &head, from, from + e_out, None);
            }
            let head = alarm(g, false, tl, from + e_out, from);
            terminations(&mut acts, &mut k, g, tl, &head, from + e_out, from);
        }
        // Now and then an instance fails its health check and is replaced.
        for r in 0..(1 + h(g, 7027) % 3) {
            let t = t0 + h(g * 4 + r as usize, 7028) % (end - t0 - 3_600);
            k += 1;
            let id = format!("i-0{}", hex(k + 90_000, 7003, 16));
            let start = t * 1000 + h(k, 7029) % 1000;
            let cause = format!(
                "At {} an instance was taken out of service in response to {}",
                iso_z(t - 4),
                if g < 6 {
                    "an ELB system health check failure."
                } else {
                    "an EC2 health check indicating it has been terminated or stopped."
                }
            );
            let stop = start + 90_000 + h(k, 7030) % 200_000;
            acts.push((
                start,
                asg_activity(
                    g,
                    k,
                    start,
                    stop - stop % 1000,
                    &format!("Terminating EC2 instance: {id}"),
                    &cause,
                    None,
                    (h(k, 7031) % 3) as usize,
                ),
            ));
            launches(&mut acts, &mut k, g, t + 40, "", base - 1, base, None);
        }
    }
    // The web group's instance refresh on Wednesday.
    for j in 0..6u64 {
        let t = t0 + 86_400 + 14 * 3_600 + 5 * 60 + j * 420;
        k += 1;
        let id = format!("i-0{}", hex(k + 120_000, 7003, 16));
        let start = t * 1000 + h(k, 7032) % 1000;
        let cause = format!(
            "At {} an instance was taken out of service in response to an instance refresh.  At {} instance {id} was selected for termination.",
            iso_z(t - 3),
            iso_z(t - 2)
        );
        let stop = start + 120_000 + h(k, 7033) % 60_000;
        acts.push((
            start,
            asg_activity(
                0,
                k,
                start,
                stop - stop % 1000,
                &format!("Terminating EC2 instance: {id}"),
                &cause,
                None,
                (j % 3) as usize,
            ),
        ));
        launches(&mut acts, &mut k, 0, t + 150, "", 5, 6, None);
    }
    // The batch group: scheduled out at 01:00, in at 05:00.
    for d in 0..4u64 {
        let day = t0 + d * 86_400;
        let t = day + 3_600;
        let head = format!(
            "At {} a scheduled action update of AutoScalingGroup constraints to min: 0, max: 24, desired: 12 changing the desired capacity from 0 to 12.  ",
            iso_z(t)
        );
        if d == 3 {
            let msg = "Could not launch Spot Instances. SpotMaxPriceTooLow - Your Spot request price of 0.25 is lower than the minimum required Spot request fulfillment price of 0.2712. Launching EC2 instance failed.";
            launches(&mut acts, &mut k, 9, t, &head, 0, 4, Some(msg));
            launches(&mut acts, &mut k, 9, t + 2_700, "", 0, 12, None);
        } else {
            launches(&mut acts, &mut k, 9, t, &head, 0, 12, None);
        }
        let t = day + 5 * 3_600;
        let head = format!(
            "At {} a scheduled action update of AutoScalingGroup constraints to min: 0, max: 24, desired: 0 changing the desired capacity from 12 to 0.  ",
            iso_z(t)
        );
        terminations(&mut acts, &mut k, 9, t, &head, 12, 0);
    }
    // Staging: a deploy pointed at a deleted image on Tuesday morning.
    let t = t0 + 9 * 3_600 + 14 * 60 + 2;
    let head = format!(
        "At {} a user request update of AutoScalingGroup constraints to min: 2, max: 4, desired: 2 changing the desired capacity from 0 to 2.  ",
        iso_z(t)
    );
    let msg =
        "The image id '[ami-0f3c2b1a9d8e7f6a5]' does not exist. Launching EC2 instance failed.";
    launches(&mut acts, &mut k, 10, t, &head, 0, 2, Some(msg));
    launches(&mut acts, &mut k, 10, t + 300, "", 0, 2, Some(msg));
    launches(&mut acts, &mut k, 10, t + 2_100, "", 0, 2, None);
    acts.retain(|a| a.0 / 1000 < end);
    acts.sort_by_key(|a| std::cmp::Reverse(a.0));
    let doc = json!({ "Activities": acts.iter().map(|a| a.1.clone()).collect::<Vec<_>>() });
    let out = pretty(&doc, b"    ") + "\n";
    checkout_failures.sort_unstable();
    let first = aws_time(checkout_failures[0]);
    assert_eq!(checkout_failures.len(), 10);
    assert_eq!(whole(&out, &first), 1);
    assert_eq!(out.matches("vCPU limit of 256").count(), 20);
    let expected: Vec<String> = vec![jq_string(&first), jq_string(vcpu)];
    assert!((350_000..1_000_000).contains(&out.len()), "{}", out.len());
    Case::fact(
        "aws autoscaling describe-scaling-activities, why the checkout servers could not launch",
        out,
        "At last night's evening peak our checkout servers didn't scale out and the shop crawled. What stopped the new servers from starting, and when did it first happen?",
        &["vCPU limit of 256", &first],
    )
    .with_jq(
        "[.Activities[] | select(.AutoScalingGroupName == \"shop-checkout-prod\" and .StatusCode == \"Failed\")] | last | .StartTime, .StatusMessage",
        expected,
    )
}

// ----------------------------------------------------------------- tshark

/// One TCP connection as tshark follows it: addresses, ports, relative
/// sequence numbers and the two ends' timestamp clocks.
struct Conn {
    client: &'static str,
    server: &'static str,
    cport: u64,
    sport: u64,
    cseq: u64,
    sseq: u64,
    ts: u64,
}

impl Conn {
    fn new(client: &'static str, server: &'static str, cport: u64, sport: u64, ts: u64) -> Conn {
        Conn {
            client,
            server,
            cport,
            sport,
            cseq: 1,
            sseq: 1,
            ts,
        }
    }

    /// A segment of `len` bytes one way: (source, destination, TCP info).
    fn seg(&mut self, c2s: bool, flags: &str, len: u64, t_us: u64) -> (String, String, String) {
        let tsv = self.ts + t_us / 1000;
        let (src, dst, sp, dp, seq, ack, win) = if c2s {
            (
                self.client,
                self.server,
                self.cport,
                self.sport,
                self.cseq,
                self.sseq,
                502,
            )
        } else {
            (
                self.server,
                self.client,
                self.sport,
                self.cport,
                self.sseq,
                self.cseq,
                509,
            )
        };
        let info = format!(
            "{sp} → {dp} [{flags}] Seq={seq} Ack={ack} Win={win} Len={len} TSval={tsv} TSecr={}",
            tsv.saturating_sub(1 + t_us % 3)
        );
        if c2s {
            self.cseq += len;
        } else {
            self.sseq += len;
        }
        (src.to_string(), dst.to_string(), info)
    }
}

/// Packets of a capture, written out in time order as `tshark -r`
/// prints them: number, seconds since the first, source → destination,
/// protocol, frame length, info.
struct Capture(Vec<(u64, usize, String, String, &'static str, u64, String)>);

impl Capture {
    fn add(
        &mut self,
        t: u64,
        src: String,
        dst: String,
        proto: &'static str,
        len: u64,
        info: String,
    ) {
        let n = self.0.len();
        self.0.push((t, n, src, dst, proto, len, info));
    }

    /// A TCP segment whose info is TCP's own.
    fn tcp(&mut self, t: u64, c: &mut Conn, c2s: bool, flags: &str, len: u64) {
        let (s, d, info) = c.seg(c2s, flags, len, t);
        self.add(t, s, d, "TCP", len + 66, info);
    }

    /// A segment a dissector names: its info is the protocol's.
    fn app(
        &mut self,
        t: u64,
        c: &mut Conn,
        c2s: bool,
        proto: &'static str,
        len: u64,
        info: String,
    ) {
        let (s, d, _) = c.seg(c2s, "PSH, ACK", len, t);
        self.add(t, s, d, proto, len + 66, info);
    }

    fn handshake(&mut self, t: u64, c: &Conn) {
        let ts = c.ts + t / 1000;
        self.add(
            t,
            c.client.into(),
            c.server.into(),
            "TCP",
            74,
            format!(
                "{} → {} [SYN] Seq=0 Win=64240 Len=0 MSS=1460 SACK_PERM TSval={ts} TSecr=0 WS=128",
                c.cport, c.sport
            ),
        );
        self.add(
            t + 180,
            c.server.into(),
            c.client.into(),
            "TCP",
            74,
            format!(
                "{} → {} [SYN, ACK] Seq=0 Ack=1 Win=65160 Len=0 MSS=1460 SACK_PERM TSval={} TSecr={ts} WS=128",
                c.sport,
                c.cport,
                ts + 3_000_017
            ),
        );
        self.add(
            t + 230,
            c.client.into(),
            c.server.into(),
            "TCP",
            66,
            format!(
                "{} → {} [ACK] Seq=1 Ack=1 Win=502 Len=0 TSval={ts} TSecr={}",
                c.cport,
                c.sport,
                ts + 3_000_017
            ),
        );
    }

    fn text(mut self) -> String {
        self.0.sort_by_key(|p| (p.0, p.1));
        let t0 = self.0[0].0;
        let mut out = String::new();
        for (n, (t, _, src, dst, proto, len, info)) in self.0.into_iter().enumerate() {
            let rel = t - t0;
            let time = format!("{}.{:06}", rel / 1_000_000, rel % 1_000_000);
            out.push_str(&format!(
                "{:>5} {time:>10} {src:>13} → {dst:<13} {proto} {len} {info}\n",
                n + 1
            ));
        }
        out
    }
}

const SHOP_PATHS: [&str; 14] = [
    "/api/products/{sku}",
    "/api/products/{sku}/availability",
    "/api/cart",
    "/api/cart/items",
    "/api/categories/e-bikes?page={n}",
    "/api/categories/trekkingraeder?page={n}",
    "/api/categories/zubehoer/helme?page={n}",
    "/api/search?q=ergon+griffe",
    "/api/customer/orders",
    "/api/stores/{n}/stock?sku={sku}",
    "/api/recommendations?sku={sku}",
    "/api/shipping/quote?zip=04109",
    "/api/session",
    "/api/wishlist",
];

const MAIL_NAMES: [&str; 24] = [
    "anna.schulz",
    "tobias.krueger",
    "katrin.wolf",
    "m.hoffmann",
    "stefan.lange",
    "julia.neumann",
    "f.zimmermann",
    "sabine.braun",
    "jens.hartmann",
    "lena.koch",
    "uwe.schaefer",
    "nadine.vogel",
    "r.lehmann",
    "petra.frank",
    "dirk.schubert",
    "melanie.roth",
    "andreas.beck",
    "c.lorenz",
    "sven.kaiser",
    "birgit.fuchs",
    "marco.sommer",
    "tanja.haas",
    "kai.engel",
    "ines.jung",
];

const MAIL_DOMAINS: [&str; 6] = [
    "gmx.de",
    "web.de",
    "gmail.com",
    "t-online.de",
    "posteo.de",
    "outlook.de",
];

/// `tshark -r app03-1014.pcapng` of twelve minutes on `app-03`
/// (10.40.2.13), one of Velohaus Lindner's shop application servers,
/// taken after order confirmations stopped arriving: the load
/// balancers' requests and their answers, the database pool's PGSQL
/// messages, Redis, Elasticsearch, the payment provider over TLS, DNS,
/// ARP. Every order hands its confirmation to the relay
/// `relay01.corp.lan` over SMTP and the relay refuses the recipient:
/// `554 5.7.1 <…>: Relay access denied`. Decoys: recommendations failing
/// with 500 for two minutes, the standby database resetting the health
/// checker's every connection, retransmissions to Redis, and a
/// decommissioned error collector's name the resolver does not know.
fn tshark_mail_relay_answer() -> Case {
    const APP: &str = "10.40.2.13";
    const LBS: [&str; 2] = ["10.40.0.10", "10.40.0.11"];
    const DB: &str = "10.40.3.20";
    const STANDBY: &str = "10.40.3.21";
    const REDIS: &str = "10.40.3.30";
    const DNS: &str = "10.40.0.2";
    const RELAY: &str = "10.40.0.25";
    const PAY: &str = "185.199.46.10";
    const SEARCH: &str = "10.40.3.41";
    let base = 7_000_000_000u64; // µs: where the capture starts
    let span = 720_000_000u64;
    let mut cap = Capture(Vec::new());
    let mut lb: Vec<Conn> = (0..8)
        .map(|i| Conn::new(LBS[i % 2], APP, 40_000 + h(i, 7101) % 20_000, 8080, 0))
        .collect();
    let mut pool: Vec<Conn> = (0..10)
        .map(|i| Conn::new(APP, DB, 41_000 + h(i, 7102) % 20_000, 5432, 91_000_000))
        .collect();
    let mut redis: Vec<Conn> = (0..4)
        .map(|i| Conn::new(APP, REDIS, 42_000 + h(i, 7103) % 20_000, 6379, 91_000_000))
        .collect();
    let mut es: Vec<Conn> = (0..2)
        .map(|i| Conn::new(APP, SEARCH, 43_000 + h(i, 7104) % 20_000, 9200, 91_000_000))
        .collect();
    for c in lb
        .iter_mut()
        .chain(pool.iter_mut())
        .chain(redis.iter_mut())
        .chain(es.iter_mut())
    {
        c.cseq = 1 + h(c.cport as usize, 7105) % 900_000;
        c.sseq = 1 + h(c.cport as usize, 7106) % 9_000_000;
    }
    let mut dns_id = 0usize;
    let mut ephemeral = 50_000u64;
    let skus = [
        "VH-2291-BLK-M",
        "VH-1180-GRN-L",
        "VH-4410",
        "VH-0932-S",
        "VH-7720-RED-XL",
        "VH-3305",
    ];
    // Ordinary requests.
    let requests = 540usize;
    let mut redis_retrans = 0;
    for r in 0..requests {
        let t = base + (r as u64) * (span / requests as u64) + h(r, 7110) % 900_000;
        let c = (h(r, 7111) % 8) as usize;
        let path = pick(&SHOP_PATHS, r, 7112)
            .replace("{sku}", pick(&skus, r, 7113))
            .replace("{n}", &(1 + h(r, 7114) % 9).to_string());
        let method = if path == "/api/cart/items" && h(r, 7115).is_multiple_of(2) {
            "POST"
        } else {
            "GET"
        };
        let info = if method == "POST" {
            format!("POST {path} HTTP/1.1  (application/json)")
        } else {
            format!("GET {path} HTTP/1.1 ")
        };
        let mut at = t;
        cap.app(at, &mut lb[c], true, "HTTP", 380 + h(r, 7116) % 420, info);
        // Session from Redis.
        let rc = (h(r, 7117) % 4) as usize;
        at += 310 + h(r, 7118) % 200;
        cap.tcp(at, &mut redis[rc], true, "PSH, ACK", 44 + h(r, 7119) % 50);
        if h(r, 7120).is_multiple_of(97) {
            redis_retrans += 1;
            let orig = cap.0[cap.0.len() - 1].clone();
            cap.add(
                at + 208_000,
                orig.2,
                orig.3,
                "TCP",
                orig.5,
                format!("[TCP Retransmission] {}", orig.6),
            );
            at += 208_000;
        }
        at += 240 + h(r, 7121) % 300;
        cap.tcp(at, &mut redis[rc], false, "PSH, ACK", 20 + h(r, 7122) % 800);
        // Queries.
        for q in 0..(h(r, 7123) % 4) {
            let pc = (h(r * 4 + q as usize, 7124) % 10) as usize;
            at += 150 + h(r * 4 + q as usize, 7125) % 300;
            cap.app(
                at,
                &mut pool[pc],
                true,
                "PGSQL",
                180 + h(r * 4 + q as usize, 7126) % 400,
                ">P/B/D/E/S".into(),
            );
            at += 400 + h(r * 4 + q as usize, 7127) % 4_000;
            cap.app(
                at,
                &mut pool[pc],
                false,
                "PGSQL",
                140 + h(r * 4 + q as usize, 7128) % 1_300,
                "<1/2/T/D/C/Z".into(),
            );
        }
        if path.starts_with("/api/search") || h(r, 7129).is_multiple_of(9) {
            let ec = r % 2;
            at += 200;
            cap.app(
                at,
                &mut es[ec],
                true,
                "HTTP",
                420 + h(r, 7130) % 200,
                "POST /products/_search?typed_keys=true HTTP/1.1  (application/json)".into(),
            );
            at += 3_000 + h(r, 7131) % 9_000;
            cap.app(
                at,
                &mut es[ec],
                false,
                "HTTP",
                900 + h(r, 7132) % 500,
                "HTTP/1.1 200 OK  (application/json)".into(),
            );
        }
        // The answer.
        at += 300 + h(r, 7133) % 2_000;
        let failing = path.starts_with("/api/recommendations")
            && (base + 301_000_000..base + 423_000_000).contains(&t);
        let size = 300 + h(r, 7134) % 4_000;
        if size > 1_448 {
            cap.tcp(at, &mut lb[c], false, "ACK", 1_448);
            let last = cap.0.len() - 1;
            cap.0[last]
                .6
                .push_str(" [TCP segment of a reassembled PDU]");
            at += 20;
        }
        let status = if failing {
            "HTTP/1.1 500 Internal Server Error  (application/json)"
        } else if method == "POST" {
            "HTTP/1.1 201 Created  (application/json)"
        } else {
            "HTTP/1.1 200 OK  (application/json)"
        };
        cap.app(
            at,
            &mut lb[c],
            false,
            "HTTP",
            size % 1_448 + 120,
            status.into(),
        );
        cap.tcp(at + 700 + h(r, 7135) % 30_000, &mut lb[c], true, "ACK", 0);
        if h(r, 7136).is_multiple_of(3) {
            cap.tcp(at + 40_000, &mut redis[rc], true, "ACK", 0);
        }
    }
    // Orders: payment over TLS, rows written, the confirmation mailed.
    let orders = 34usize;
    let mut recipients = Vec::new();
    for o in 0..orders {
        let t = base + 9_000_000 + (o as u64) * (span / orders as u64) + h(o, 7140) % 6_000_000;
        let c = (h(o, 7141) % 8) as usize;
        let mut at = t;
        cap.app(
            at,
            &mut lb[c],
            true,
            "HTTP",
            1_120 + h(o, 7142) % 300,
            "POST /api/checkout/complete HTTP/1.1  (application/json)".into(),
        );
        if o % 6 == 0 {
            dns_id += 1;
            let id = format!("0x{}", hex(dns_id, 7143, 4));
            ephemeral += 1 + h(o, 7144) % 40;
            at += 200;
            cap.add(
                at,
                APP.into(),
                DNS.into(),
                "DNS",
                73,
                format!("Standard query {id} A api.payhub.eu"),
            );
            at += 900;
            cap.add(
                at,
                DNS.into(),
                APP.into(),
                "DNS",
                89,
                format!("Standard query response {id} A api.payhub.eu A {PAY}"),
            );
        }
        ephemeral += 1 + h(o, 7145) % 40;
        let mut tls = Conn::new(APP, PAY, ephemeral, 443, 91_000_000);
        at += 300;
        cap.handshake(at, &tls);
        at += 18_600;
        cap.app(
            at,
            &mut tls,
            true,
            "TLSv1.3",
            517,
            "Client Hello (SNI=api.payhub.eu)".into(),
        );
        at += 19_400;
        cap.app(
            at,
            &mut tls,
            false,
            "TLSv1.3",
            1_448,
            "Server Hello, Change Cipher Spec, Application Data".into(),
        );
        at += 60;
        cap.tcp(at, &mut tls, true, "ACK", 0);
        cap.app(
            at + 40,
            &mut tls,
            false,
            "TLSv1.3",
            1_112,
            "Application Data, Application Data, Application Data".into(),
        );
        at += 900;
        cap.app(
            at,
            &mut tls,
            true,
            "TLSv1.3",
            64,
            "Change Cipher Spec, Application Data".into(),
        );
        cap.app(
            at + 120,
            &mut tls,
            true,
            "TLSv1.3",
            612 + h(o, 7146) % 200,
            "Application Data".into(),
        );
        at += 180_000 + h(o, 7147) % 400_000;
        cap.app(
            at,
            &mut tls,
            false,
            "TLSv1.3",
            381,
            "Application Data, Application Data".into(),
        );
        cap.app(
            at + 1_900,
            &mut tls,
            false,
            "TLSv1.3",
            702 + h(o, 7148) % 300,
            "Application Data".into(),
        );
        at += 2_400;
        cap.tcp(at, &mut tls, true, "ACK", 0);
        at += 300;
        cap.app(at, &mut tls, true, "TLSv1.3", 90, "Application Data".into());
        cap.tcp(at + 200, &mut tls, true, "FIN, ACK", 0);
        cap.tcp(at + 19_300, &mut tls, false, "FIN, ACK", 0);
        cap.tcp(at + 19_360, &mut tls, true, "ACK", 0);
        for q in 0..5usize {
            let pc = (h(o * 8 + q, 7149) % 10) as usize;
            at += 600;
            cap.app(
                at,
                &mut pool[pc],
                true,
                "PGSQL",
                240 + h(o * 8 + q, 7150) % 500,
                ">P/B/D/E/S".into(),
            );
            at += 1_800 + h(o * 8 + q, 7151) % 3_000;
            cap.app(
                at,
                &mut pool[pc],
                false,
                "PGSQL",
                120 + h(o * 8 + q, 7152) % 200,
                "<1/2/n/C/Z".into(),
            );
        }
        // The confirmation mail.
        if o % 5 == 0 {
            dns_id += 1;
            let id = format!("0x{}", hex(dns_id, 7143, 4));
            at += 300;
            cap.add(
                at,
                APP.into(),
                DNS.into(),
                "DNS",
                76,
                format!("Standard query {id} A relay01.corp.lan"),
            );
            cap.add(
                at + 700,
                DNS.into(),
                APP.into(),
                "DNS",
                92,
                format!("Standard query response {id} A relay01.corp.lan A {RELAY}"),
            );
            dns_id += 1;
            let id = format!("0x{}", hex(dns_id, 7143, 4));
            cap.add(
                at + 40,
                APP.into(),
                DNS.into(),
                "DNS",
                76,
                format!("Standard query {id} AAAA relay01.corp.lan"),
            );
            cap.add(
                at + 760,
                DNS.into(),
                APP.into(),
                "DNS",
                131,
                format!("Standard query response {id} AAAA relay01.corp.lan SOA ns1.corp.lan"),
            );
            at += 900;
        }
        ephemeral += 1 + h(o, 7153) % 40;
        let mut smtp = Conn::new(APP, RELAY, ephemeral, 25, 91_000_000);
        at += 400;
        cap.handshake(at, &smtp);
        at += 3_100;
        cap.app(
            at,
            &mut smtp,
            false,
            "SMTP",
            55,
            "S: 220 relay01.corp.lan ESMTP Postfix (Debian/GNU)".into(),
        );
        at += 90;
        cap.tcp(at, &mut smtp, true, "ACK", 0);
        at += 200;
        cap.app(
            at,
            &mut smtp,
            true,
            "SMTP",
            23,
            "C: EHLO app-03.corp.lan".into(),
        );
        at += 410;
        cap.app(at, &mut smtp, false, "SMTP", 182, "S: 250-relay01.corp.lan | PIPELINING | SIZE 52428800 | VRFY | ETRN | STARTTLS | ENHANCEDSTATUSCODES | 8BITMIME | DSN | SMTPUTF8 | CHUNKING".into());
        at += 300;
        let size = 14_000 + h(o, 7154) % 9_000;
        cap.app(
            at,
            &mut smtp,
            true,
            "SMTP",
            56,
            format!("C: MAIL FROM:<bestellung@velohaus-lindner.de> SIZE={size}"),
        );
        at += 380;
        cap.app(at, &mut smtp, false, "SMTP", 14, "S: 250 2.1.0 Ok".into());
        let rcpt = format!(
            "{}{}@{}",
            pick(&MAIL_NAMES, o, 7155),
            if h(o, 7156).is_multiple_of(2) {
                (60 + h(o, 7157) % 30).to_string()
            } else {
                String::new()
            },
            pick(&MAIL_DOMAINS, o, 7158)
        );
        at += 200;
        cap.app(
            at,
            &mut smtp,
            true,
            "SMTP",
            14 + rcpt.len() as u64,
            format!("C: RCPT TO:<{rcpt}>"),
        );
        at += 2_100;
        cap.app(
            at,
            &mut smtp,
            false,
            "SMTP",
            40 + rcpt.len() as u64,
            format!("S: 554 5.7.1 <{rcpt}>: Relay access denied"),
        );
        at += 260;
        cap.app(at, &mut smtp, true, "SMTP", 6, "C: QUIT".into());
        at += 350;
        cap.app(at, &mut smtp, false, "SMTP", 15, "S: 221 2.0.0 Bye".into());
        cap.tcp(at + 20, &mut smtp, false, "FIN, ACK", 0);
        cap.tcp(at + 300, &mut smtp, true, "FIN, ACK", 0);
        cap.tcp(at + 420, &mut smtp, false, "ACK", 0);
        recipients.push(rcpt);
        at += 1_200;
        cap.app(
            at,
            &mut lb[c],
            false,
            "HTTP",
            611,
            "HTTP/1.1 200 OK  (application/json)".into(),
        );
        cap.tcp(at + 900, &mut lb[c], true, "ACK", 0);
    }
    // The health checker tries the standby, which refuses.
    for i in 0..72u64 {
        let t = base + 4_000_000 + i * 10_000_000 + h(i as usize, 7160) % 3_000;
        ephemeral += 1 + h(i as usize, 7161) % 40;
        let ts = 91_000_000 + t / 1000;
        cap.add(
            t,
            APP.into(),
            STANDBY.into(),
            "TCP",
            74,
            format!("{ephemeral} → 5432 [SYN] Seq=0 Win=64240 Len=0 MSS=1460 SACK_PERM TSval={ts} TSecr=0 WS=128"),
        );
        cap.add(
            t + 240,
            STANDBY.into(),
            APP.into(),
            "TCP",
            60,
            format!("5432 → {ephemeral} [RST, ACK] Seq=1 Ack=1 Win=0 Len=0"),
        );
    }
    // The old error collector's name, looked up every half minute.
    for i in 0..24u64 {
        let t = base + 11_000_000 + i * 30_000_000 + h(i as usize, 7162) % 9_000;
        for (j, ty) in ["A", "AAAA"].iter().enumerate() {
            dns_id += 1;
            let id = format!("0x{}", hex(dns_id, 7143, 4));
            cap.add(
                t + j as u64 * 50,
                APP.into(),
                DNS.into(),
                "DNS",
                79,
                format!("Standard query {id} {ty} sentry-old.corp.lan"),
            );
            cap.add(
                t + 800 + j as u64 * 50,
                DNS.into(),
                APP.into(),
                "DNS",
                134,
                format!("Standard query response {id} No such name {ty} sentry-old.corp.lan SOA ns1.corp.lan"),
            );
        }
    }
    // ARP now and then.
    for i in 0..12u64 {
        let t = base + 30_000_000 + i * 60_000_000 + h(i as usize, 7163) % 5_000;
        cap.add(
            t,
            "VMware_8a:41:0c".into(),
            "Broadcast".into(),
            "ARP",
            42,
            "Who has 10.40.2.1? Tell 10.40.2.13".into(),
        );
        cap.add(
            t + 310,
            "JuniperN_2f:9e:01".into(),
            "VMware_8a:41:0c".into(),
            "ARP",
            60,
            "10.40.2.1 is at 3c:8c:93:2f:9e:01".into(),
        );
    }
    let out = cap.text();
    assert!(redis_retrans > 3, "{redis_retrans}");
    assert_eq!(out.matches("Relay access denied").count(), orders);
    assert_eq!(whole(&out, "554 5.7.1"), orders);
    assert!((350_000..1_000_000).contains(&out.len()), "{}", out.len());
    Case::fact(
        "tshark -r of an application server, what the mail relay answers",
        out,
        "Since this morning customers aren't getting their order confirmation e-mails. I took a packet capture on app-03: what does our mail server say back when the app tries to hand it a confirmation?",
        &["554 5.7.1", "Relay access denied"],
    )
}

// ------------------------------------------- SHOW ENGINE INNODB STATUS

/// The lines InnoDB prints for a physical record of `stock_levels` (id,
/// trx id, roll pointer, sku, warehouse, on hand, reserved, updated,
/// version), fixed by `k`.
fn stock_record(k: usize, id: u64, sku: &str, warehouse: u64) -> String {
    let sku_hex: String = sku.bytes().map(|b| format!("{b:02x}")).collect();
    let on_hand = 3 + h(k, 7201) % 90;
    let reserved = h(k, 7202) % 12;
    let mut s = format!(
        "Record lock, heap no {} PHYSICAL RECORD: n_fields 9; compact format; info bits 0\n",
        2 + h(k, 7203) % 180
    );
    s.push_str(&format!(
        " 0: len 4; hex {:08x}; asc   {};;\n",
        0x8000_0000u64 + id,
        ascii_of(id)
    ));
    s.push_str(&format!(
        " 1: len 6; hex 0000{}; asc       ;;\n",
        hex(k, 7204, 8)
    ));
    s.push_str(&format!(
        " 2: len 7; hex 01000{}; asc        ;;\n",
        hex(k, 7205, 9)
    ));
    s.push_str(&format!(
        " 3: len {}; hex {sku_hex}; asc {sku};;\n",
        sku.len()
    ));
    s.push_str(&format!(
        " 4: len 4; hex {:08x}; asc     ;;\n",
        0x8000_0000u64 + warehouse
    ));
    s.push_str(&format!(
        " 5: len 4; hex {:08x}; asc     ;;\n",
        0x8000_0000u64 + on_hand
    ));
    s.push_str(&format!(
        " 6: len 4; hex {:08x}; asc     ;;\n",
        0x8000_0000u64 + reserved
    ));
    s.push_str(&format!(
        " 7: len 5; hex 99b8{}; asc      ;;\n",
        hex(k, 7206, 6)
    ));
    s.push_str(&format!(
        " 8: len 4; hex {:08x}; asc     ;;\n",
        0x8000_0000u64 + 1 + h(k, 7207) % 40
    ));
    s
}

/// The printable bytes of an id's low two bytes, as `asc` shows them.
fn ascii_of(id: u64) -> String {
    [(id >> 8) & 0xff, id & 0xff]
        .iter()
        .map(|&b| {
            if (0x20..0x7f).contains(&b) {
                b as u8 as char
            } else {
                ' '
            }
        })
        .collect()
}

const SKUS: [&str; 16] = [
    "VH-2291-BLK-M",
    "VH-1180-GRN-L",
    "VH-4410-BLU-S",
    "VH-0932-SLV-M",
    "VH-7720-RED-XL",
    "VH-3305-BLK-L",
    "VH-5512-WHT-M",
    "VH-6621-GRY-S",
    "VH-8840-BLK-XL",
    "VH-9012-ORG-M",
    "VH-1044-BLU-L",
    "VH-2210-GRN-M",
    "VH-3318-BLK-S",
    "VH-4477-RED-M",
    "VH-5590-SLV-L",
    "VH-6603-WHT-XL",
];

/// `mysql -e 'SHOW ENGINE INNODB STATUS\G'` on `db-shop-01`, a MySQL 8.0
/// server with some 4,400 connections, at 10:12:44: the monitor's every
/// section, the transaction list with every session. The latest
/// deadlock, at 09:41:17, was between checkout (`shop_app`, thread
/// 91827) and the warehouse sync (`warehouse_sync`, thread 91844)
/// updating two rows of `stock_levels` in opposite orders; InnoDB rolled
/// back transaction (2), the warehouse sync's. Decoys: the latest
/// foreign key error (an order item whose order is gone), another
/// warehouse-sync transaction waiting 14 seconds for a lock right now,
/// and that user's other sessions.
fn innodb_deadlock_victim() -> Case {
    let now = DAY + 10 * 3_600 + 12 * 60 + 44;
    let mut o = String::new();
    o.push_str("*************************** 1. row ***************************\n  Type: InnoDB\n  Name: \nStatus: \n=====================================\n");
    o.push_str(&format!(
        "{} 139872160716544 INNODB MONITOR OUTPUT\n",
        ymd_hms(now)
    ));
    o.push_str("=====================================\nPer second averages calculated from the last 41 seconds\n-----------------\nBACKGROUND THREAD\n-----------------\nsrv_master_thread loops: 412877 srv_active, 0 srv_shutdown, 1290331 srv_idle\nsrv_master_thread log flush and writes: 0\n----------\nSEMAPHORES\n----------\nOS WAIT ARRAY INFO: reservation count 2718831\nOS WAIT ARRAY INFO: signal count 2611093\nRW-shared spins 0, rounds 0, OS waits 0\nRW-excl spins 0, rounds 0, OS waits 0\nRW-sx spins 0, rounds 0, OS waits 0\nSpin rounds per wait: 0.00 RW-shared, 0.00 RW-excl, 0.00 RW-sx\n");
    // The latest foreign key error.
    let fk = DAY + 8 * 3_600 + 2 * 60 + 31;
    o.push_str("------------------------\nLATEST FOREIGN KEY ERROR\n------------------------\n");
    o.push_str(&format!("{} 139872161773312 Transaction:\n", ymd_hms(fk)));
    o.push_str("TRANSACTION 48199102, ACTIVE 0 sec inserting\nmysql tables in use 1, locked 1\n4 lock struct(s), heap size 1128, 2 row lock(s), undo log entries 1\nMySQL thread id 90211, OS thread handle 139871885526784, query id 771822011 10.20.4.44 shop_app update\nINSERT INTO order_items (order_id, sku, qty, price_cents) VALUES (99120771, 'VH-8840-BLK-XL', 1, 4999)\nForeign key constraint fails for table `shop`.`order_items`:\n,\n  CONSTRAINT `fk_order_items_order` FOREIGN KEY (`order_id`) REFERENCES `orders` (`id`) ON DELETE CASCADE\nTrying to add in child table, in index fk_order_items_order tuple:\nDATA TUPLE: 2 fields;\n 0: len 4; hex 85e87b43; asc   {C;;\n 1: len 8; hex 8000000002b1f6a1; asc         ;;\n\nBut in parent table `shop`.`orders`, in index PRIMARY,\nthe closest match we can find is record:\nPHYSICAL RECORD: n_fields 14; compact format; info bits 0\n 0: len 4; hex 85e87b44; asc   {D;;\n 1: len 6; hex 000002dfa3c1; asc       ;;\n 2: len 7; hex 82000001230110; asc     #  ;;\n 3: len 4; hex 8001b2f3; asc     ;;\n 4: len 5; hex 99b8f3a0c2; asc      ;;\n 5: len 7; hex 70656e64696e67; asc pending;;\n 6: len 4; hex 80001387; asc     ;;\n 7: len 3; hex 455552; asc EUR;;\n 8: SQL NULL;\n 9: len 5; hex 99b8f3a0c2; asc      ;;\n 10: len 5; hex 99b8f3a0c4; asc      ;;\n 11: len 4; hex 80000001; asc     ;;\n 12: len 2; hex 6465; asc de;;\n 13: len 4; hex 80000000; asc     ;;\n\n");
    // The latest deadlock.
    let dl = DAY + 9 * 3_600 + 41 * 60 + 17;
    let (a, b) = (SKUS[0], SKUS[5]);
    o.push_str("------------------------\nLATEST DETECTED DEADLOCK\n------------------------\n");
    o.push_str(&format!("{} 140187213526784\n", ymd_hms(dl)));
    o.push_str("*** (1) TRANSACTION:\nTRANSACTION 48213377, ACTIVE 1 sec starting index read\nmysql tables in use 1, locked 1\nLOCK WAIT 4 lock struct(s), heap size 1128, 3 row lock(s), undo log entries 2\nMySQL thread id 91827, OS thread handle 140186945087232, query id 772391842 10.20.4.31 shop_app updating\n");
    o.push_str(&format!("UPDATE stock_levels SET reserved = reserved + 1, updated_at = NOW() WHERE sku = '{b}' AND warehouse_id = 3\n\n"));
    o.push_str("*** (1) HOLDS THE LOCK(S):\nRECORD LOCKS space id 1841 page no 912 n bits 240 index PRIMARY of table `shop`.`stock_levels` trx id 48213377 lock_mode X locks rec but not gap\n");
    o.push_str(&stock_record(1, 14_871, a, 3));
    o.push_str("\n\n*** (1) WAITING FOR THIS LOCK TO BE GRANTED:\nRECORD LOCKS space id 1841 page no 913 n bits 232 index PRIMARY of table `shop`.`stock_levels` trx id 48213377 lock_mode X locks rec but not gap waiting\n");
    o.push_str(&stock_record(2, 14_990, b, 3));
    o.push_str("\n\n*** (2) TRANSACTION:\nTRANSACTION 48213379, ACTIVE 0 sec starting index read\nmysql tables in use 1, locked 1\nLOCK WAIT 3 lock struct(s), heap size 1128, 2 row lock(s), undo log entries 1\nMySQL thread id 91844, OS thread handle 140186943981312, query id 772391850 10.20.4.57 warehouse_sync updating\n");
    o.push_str(&format!("UPDATE stock_levels SET on_hand = on_hand - 2, reserved = reserved - 2, updated_at = NOW() WHERE sku = '{a}' AND warehouse_id = 3\n\n"));
    o.push_str("*** (2) HOLDS THE LOCK(S):\nRECORD LOCKS space id 1841 page no 913 n bits 232 index PRIMARY of table `shop`.`stock_levels` trx id 48213379 lock_mode X locks rec but not gap\n");
    o.push_str(&stock_record(2, 14_990, b, 3));
    o.push_str("\n\n*** (2) WAITING FOR THIS LOCK TO BE GRANTED:\nRECORD LOCKS space id 1841 page no 912 n bits 240 index PRIMARY of table `shop`.`stock_levels` trx id 48213379 lock_mode X locks rec but not gap waiting\n");
    o.push_str(&stock_record(1, 14_871, a, 3));
    o.push_str("\n*** WE ROLL BACK TRANSACTION (2)\n");
    // Transactions.
    o.push_str("------------\nTRANSACTIONS\n------------\nTrx id counter 48231907\nPurge done for trx's n:o < 48231880 undo n:o < 0 state: running but idle\nHistory list length 1873\nLIST OF TRANSACTIONS FOR EACH SESSION:\n");
    let sessions = 4_400usize;
    let mut used: Vec<u64> = vec![91_844, 91_827, 90_211];
    let mut trx = 48_231_904u64;
    let mut idle = 421_347_818_121_216u64;
    let mut wsync = 0;
    for s in 0..sessions {
        let active = h(s, 7210).is_multiple_of(33) || s == 1_877;
        if !active {
            o.push_str(&format!("---TRANSACTION {idle}, not started\n0 lock struct(s), heap size 1128, 0 row lock(s)\n"));
            idle += 808 + h(s, 7211) % 4 * 16;
            continue;
        }
        let mut thread;
        loop {
            thread = 88_000 + h(s + used.len() * 7_919, 7212) % 4_500;
            if !used.contains(&thread) {
                break;
            }
            used.push(0);
        }
        used.push(thread);
        let user_roll = h(s, 7213) % 20;
        let (user, ip) = if s == 1_877 || user_roll == 0 {
            wsync += 1;
            ("warehouse_sync", "10.20.4.57")
        } else if user_roll == 1 {
            ("reporting", "10.20.6.12")
        } else if user_roll == 2 {
            ("erp_bridge", "10.20.5.8")
        } else {
            (
                "shop_app",
                ["10.20.4.31", "10.20.4.32", "10.20.4.33", "10.20.4.34"][(h(s, 7214) % 4) as usize],
            )
        };
        trx -= 1 + h(s, 7215) % 9;
        let handle = 139_871_000_000_000u64 + h(s, 7216) % 999_999_999;
        let query = 772_510_000u64 + h(s, 7217) % 9_000;
        let sku = pick(&SKUS, s, 7218);
        if s == 1_877 {
            o.push_str(&format!("---TRANSACTION {trx}, ACTIVE 14 sec starting index read\nmysql tables in use 1, locked 1\nLOCK WAIT 2 lock struct(s), heap size 1128, 1 row lock(s)\nMySQL thread id {thread}, OS thread handle {handle}, query id {query} {ip} {user} updating\n"));
            o.push_str(&format!("UPDATE stock_levels SET on_hand = on_hand + 24, updated_at = NOW() WHERE sku = '{sku}' AND warehouse_id = 1\n"));
            o.push_str(&format!("------- TRX HAS BEEN WAITING 14 SEC FOR THIS LOCK TO BE GRANTED:\nRECORD LOCKS space id 1841 page no 407 n bits 224 index PRIMARY of table `shop`.`stock_levels` trx id {trx} lock_mode X locks rec but not gap waiting\n"));
            o.push_str(&stock_record(s, 6_211, sku, 1));
            o.push_str("\n------------------\n");
            continue;
        }
        let secs = h(s, 7219) % 3;
        match h(s, 7220) % 4 {
            0 => {
                o.push_str(&format!("---TRANSACTION {trx}, ACTIVE {secs} sec\n2 lock struct(s), heap size 1128, 1 row lock(s), undo log entries 1\nMySQL thread id {thread}, OS thread handle {handle}, query id {query} {ip} {user}\n"));
                o.push_str(&format!(
                    "Trx read view will not see trx with id >= {trx}, sees < 48231880\n"
                ));
            }
            1 => {
                o.push_str(&format!("---TRANSACTION {trx}, ACTIVE {secs} sec fetching rows\nmysql tables in use 2, locked 0\n{} lock struct(s), heap size 1128, {} row lock(s)\nMySQL thread id {thread}, OS thread handle {handle}, query id {query} {ip} {user} executing\n", 3 + h(s, 7221) % 9, 10 + h(s, 7222) % 300));
                let q = match user {
                    "reporting" => "SELECT o.id, o.created_at, o.total_cents, c.email FROM orders o JOIN customers c ON c.id = o.customer_id WHERE o.created_at >= '2026-11-26' AND o.status = 'paid'".to_string(),
                    "erp_bridge" => format!("SELECT id, sku, qty, price_cents FROM order_items WHERE order_id IN (SELECT id FROM orders WHERE exported_at IS NULL AND created_at < '{}') LIMIT 500", ymd_hms(now - 600)),
                    "warehouse_sync" => format!("SELECT sku, warehouse_id, on_hand FROM stock_levels WHERE warehouse_id = {} AND updated_at < NOW() - INTERVAL 5 MINUTE", 1 + h(s, 7223) % 4),
                    _ => format!("SELECT p.id, p.sku, p.name, s.on_hand, s.reserved FROM products p JOIN stock_levels s ON s.sku = p.sku WHERE p.sku = '{sku}'"),
                };
                o.push_str(&q);
                o.push('\n');
                o.push_str(&format!(
                    "Trx read view will not see trx with id >= {trx}, sees < 48231880\n"
                ));
            }
            2 => {
                o.push_str(&format!("---TRANSACTION {trx}, ACTIVE {secs} sec inserting\nmysql tables in use 1, locked 1\n3 lock struct(s), heap size 1128, 1 row lock(s), undo log entries {}\nMySQL thread id {thread}, OS thread handle {handle}, query id {query} {ip} {user} update\n", 1 + h(s, 7224) % 6));
                o.push_str(&format!("INSERT INTO order_items (order_id, sku, qty, price_cents) VALUES ({}, '{sku}', {}, {})\n", 99_121_000 + h(s, 7225) % 9_000, 1 + h(s, 7226) % 3, 999 + h(s, 7227) % 300_000));
            }
            _ => {
                o.push_str(&format!("---TRANSACTION {trx}, ACTIVE {secs} sec\n4 lock struct(s), heap size 1128, 2 row lock(s), undo log entries 2\nMySQL thread id {thread}, OS thread handle {handle}, query id {query} {ip} {user}\n"));
            }
        }
    }
    o.push_str("--------\nFILE I/O\n--------\n");
    for (i, what) in [
        "insert buffer thread",
        "log thread",
        "read thread",
        "read thread",
        "read thread",
        "read thread",
        "write thread",
        "write thread",
        "write thread",
        "write thread",
    ]
    .iter()
    .enumerate()
    {
        o.push_str(&format!(
            "I/O thread {i} state: waiting for completed aio requests ({what})\n"
        ));
    }
    o.push_str("Pending normal aio reads: [0, 0, 0, 0] , aio writes: [0, 0, 0, 0] ,\n ibuf aio reads:\nPending flushes (fsync) log: 0; buffer pool: 0\n1239910 OS file reads, 9127781 OS file writes, 3118277 OS fsyncs\n0.00 reads/s, 0 avg bytes/read, 42.29 writes/s, 18.02 fsyncs/s\n-------------------------------------\nINSERT BUFFER AND ADAPTIVE HASH INDEX\n-------------------------------------\nIbuf: size 1, free list len 0, seg size 2, 0 merges\nmerged operations:\n insert 0, delete mark 0, delete 0\ndiscarded operations:\n insert 0, delete mark 0, delete 0\n");
    for i in 0..8 {
        o.push_str(&format!(
            "Hash table size 4425293, node heap has {} buffer(s)\n",
            40 + h(i, 7230) % 900
        ));
    }
    o.push_str("9218.44 hash searches/s, 4712.08 non-hash searches/s\n---\nLOG\n---\nLog sequence number          91827733120\nLog buffer assigned up to    91827733120\nLog buffer completed up to   91827733120\nLog written up to            91827733120\nLog flushed up to            91827733120\nAdded dirty pages up to      91827733120\nPages flushed up to          91820014472\nLast checkpoint at           91820014472\nLog minimum file id is       27811\nLog maximum file id is       27814\n412877 log i/o's done, 10.24 log i/o's/second\n----------------------\nBUFFER POOL AND MEMORY\n----------------------\nTotal large memory allocated 0\nDictionary memory allocated 2811092\nBuffer pool size   1572480\nFree buffers       8192\nDatabase pages     1556417\nOld database pages 574373\nModified db pages  2877\nPending reads      0\nPending writes: LRU 0, flush list 0, single page 0\nPages made young 2771190, not young 912233101\n0.00 youngs/s, 0.00 non-youngs/s\nPages read 1239910, created 88213, written 4418291\n0.00 reads/s, 0.12 creates/s, 10.88 writes/s\nBuffer pool hit rate 1000 / 1000, young-making rate 0 / 1000 not 0 / 1000\nPages read ahead 0.00/s, evicted without access 0.00/s, Random read ahead 0.00/s\nLRU len: 1556417, unzip_LRU len: 0\nI/O sum[5216]:cur[0], unzip sum[0]:cur[0]\n----------------------\nINDIVIDUAL BUFFER POOL INFO\n----------------------\n");
    for i in 0..8 {
        let q = 100 + i;
        o.push_str(&format!("---BUFFER POOL {i}\nBuffer pool size   196560\nFree buffers       1024\nDatabase pages     {}\nOld database pages {}\nModified db pages  {}\nPending reads      0\nPending writes: LRU 0, flush list 0, single page 0\nPages made young {}, not young {}\n0.00 youngs/s, 0.00 non-youngs/s\nPages read {}, created {}, written {}\n0.00 reads/s, 0.00 creates/s, {}.{:02} writes/s\nBuffer pool hit rate 1000 / 1000, young-making rate 0 / 1000 not 0 / 1000\nPages read ahead 0.00/s, evicted without access 0.00/s, Random read ahead 0.00/s\nLRU len: {}, unzip_LRU len: 0\nI/O sum[652]:cur[0], unzip sum[0]:cur[0]\n",
            194_500 + h(q, 7231) % 1_000,
            71_700 + h(q, 7232) % 400,
            300 + h(q, 7233) % 120,
            346_000 + h(q, 7234) % 2_000,
            114_000_000 + h(q, 7235) % 100_000,
            154_000 + h(q, 7236) % 2_000,
            11_000 + h(q, 7237) % 500,
            552_000 + h(q, 7238) % 3_000,
            1 + h(q, 7239) % 2,
            h(q, 7240) % 100,
            194_500 + h(q, 7231) % 1_000,
        ));
    }
    o.push_str("--------------\nROW OPERATIONS\n--------------\n0 queries inside InnoDB, 0 queries in queue\n12 read views open inside InnoDB\nProcess ID=1771, Main thread ID=139871953700608 , state=sleeping\nNumber of rows inserted 99218123, updated 211877312, deleted 1882011, read 91882733012\n2.12 inserts/s, 41.09 updates/s, 0.00 deletes/s, 18227.31 reads/s\nNumber of system rows inserted 1182, updated 4412, deleted 1177, read 2221391\n0.00 inserts/s, 0.00 updates/s, 0.00 deletes/s, 0.00 reads/s\n----------------------------\nEND OF INNODB MONITOR OUTPUT\n============================\n\n");
    let out = o;
    assert!(wsync >= 5, "{wsync}");
    assert_eq!(whole(&out, "91844"), 1);
    assert_eq!(out.matches("WE ROLL BACK").count(), 1);
    assert!((350_000..1_000_000).contains(&out.len()), "{}", out.len());
    Case::fact(
        "SHOW ENGINE INNODB STATUS of a shop database, the connection the deadlock rolled back",
        out,
        "We had a deadlock on the shop database this morning and MySQL rolled one side of it back. Which connection lost (its connection id), and which database user was it running as?",
        &["91844", "warehouse_sync"],
    )
}

// ------------------------------------------------------- Kong file-log

/// A Kong consumer: username, its usual client address, user agent.
type KongConsumer = (&'static str, &'static str, &'static str);

const KONG_CONSUMERS: [KongConsumer; 11] = [
    (
        "shop-web",
        "10.60.2.14",
        "node-fetch/1.0 (+https://github.com/bitinn/node-fetch)",
    ),
    (
        "shop-app-ios",
        "10.60.2.21",
        "VelohausApp/5.12.0 (iPhone; iOS 18.1.1)",
    ),
    (
        "shop-app-android",
        "10.60.2.22",
        "VelohausApp/5.12.0 (Android 14)",
    ),
    (
        "support-portal",
        "10.60.3.9",
        "Zammad/6.4 (+https://zammad.org)",
    ),
    (
        "erp-connector",
        "10.60.5.8",
        "Apache-HttpClient/4.5.14 (Java/17.0.9)",
    ),
    ("bi-exporter", "10.60.4.17", "python-requests/2.32.3"),
    ("marketing-sync", "34.89.201.77", "Go-http-client/2.0"),
    ("partner-velo-express", "18.197.44.120", "okhttp/4.12.0"),
    ("partner-radhaus-nord", "88.99.142.31", "axios/1.7.7"),
    (
        "partner-zweirad-koch",
        "91.241.19.84",
        "python-requests/2.31.0",
    ),
    (
        "partner-bikeshare-muc",
        "52.29.180.5",
        "Java-http-client/21.0.2",
    ),
];

/// One request as Kong's `file-log` plugin writes it: a JSON object a
/// line, keys in the serializer's order, every `/` escaped as lua-cjson
/// escapes it.
#[allow(clippy::too_many_arguments)]
fn kong_entry(
    k: usize,
    started_ms: u64,
    consumer: usize,
    ip: &str,
    method: &str,
    path: &str,
    query: &[(&str, &str)],
    status: u64,
    size: u64,
    content_type: &str,
    proxy_ms: Option<u64>,
) -> Value {
    let (username, _, ua) = KONG_CONSUMERS[consumer];
    let qs: String = query
        .iter()
        .map(|(a, b)| format!("{a}={b}"))
        .collect::<Vec<_>>()
        .join("&");
    let full = if qs.is_empty() {
        path.to_string()
    } else {
        format!("{path}?{qs}")
    };
    let consumer_id = uuid(consumer, 7301);
    let kong_ms = 1 + h(k, 7302) % 3;
    let request_id = hex(k, 7303, 32);
    let mut resp_headers = Map::new();
    resp_headers.insert("content-type".into(), json!(content_type));
    resp_headers.insert(
        "date".into(),
        json!(format!("{} GMT", &rfc2822(started_ms / 1000)[..25])),
    );
    resp_headers.insert("connection".into(), json!("keep-alive"));
    resp_headers.insert("x-kong-request-id".into(), json!(request_id));
    let source = match proxy_ms {
        Some(p) => {
            resp_headers.insert("x-kong-upstream-latency".into(), json!(p.to_string()));
            resp_headers.insert("x-kong-proxy-latency".into(), json!(kong_ms.to_string()));
            resp_headers.insert("via".into(), json!("1.1 kong/3.8.0.0"));
            resp_headers.insert("server".into(), json!("Kestrel"));
            "upstream"
        }
        None => {
            resp_headers.insert("x-kong-response-latency".into(), json!(kong_ms.to_string()));
            resp_headers.insert("server".into(), json!("kong/3.8.0.0"));
            "kong"
        }
    };
    if status == 429 {
        resp_headers.insert("retry-after".into(), json!("37"));
        resp_headers.insert("ratelimit-limit".into(), json!("600"));
        resp_headers.insert("ratelimit-remaining".into(), json!("0"));
    }
    if content_type.starts_with("text/csv") {
        resp_headers.insert(
            "content-disposition".into(),
            json!(format!(
                "attachment; filename=\"customers-{}.csv\"",
                ymd(started_ms / 1000).replace('-', "")
            )),
        );
    } else {
        resp_headers.insert("content-length".into(), json!((size - 420).to_string()));
    }
    let accept = if content_type.starts_with("text/csv") {
        "text/csv"
    } else {
        "application/json"
    };
    let consumer_created = 1_731_590_000u64 + consumer as u64 * 86_411;
    let upstream_status = proxy_ms.map_or(String::new(), |_| status.to_string());
    let request_size = 180 + h(k, 7305) % 300;
    let proxy_latency = proxy_ms.map_or(-1i64, |p| p as i64);
    let request_latency = proxy_ms.unwrap_or(0) + kong_ms;
    let mut qmap = Map::new();
    for (a, b) in query {
        qmap.insert(a.to_string(), json!(b));
    }
    let mut e = json!({
        "response": {"size": size, "headers": resp_headers, "status": status},
        "route": {
            "updated_at": 1_762_431_112u64,
            "tags": [],
            "response_buffering": true,
            "path_handling": "v0",
            "protocols": ["https"],
            "service": {"id": "6f1c2a3b-8d4e-4f5a-9b6c-7d8e9f0a1b2c"},
            "https_redirect_status_code": 426,
            "regex_priority": 0,
            "name": "customer-api-v1",
            "id": "0b7e4d2c-1a3f-4e5d-8c6b-9a0f1e2d3c4b",
            "strip_path": false,
            "preserve_host": false,
            "request_buffering": true,
            "ws_id": "a2f5c0e1-3b4d-4c6e-9f8a-1b2c3d4e5f60",
            "paths": ["/v1/customers"],
            "created_at": 1_731_584_402u64
        },
        "workspace": "a2f5c0e1-3b4d-4c6e-9f8a-1b2c3d4e5f60",
        "workspace_name": "default",
        "upstream_uri": full,
        "request": {
            "id": request_id,
            "headers": {
                "host": "api.velohaus-lindner.de",
                "user-agent": ua,
                "accept": accept,
                "authorization": "REDACTED",
                "x-consumer-id": consumer_id,
                "x-consumer-username": username,
                "x-credential-identifier": uuid(consumer, 7304),
                "x-forwarded-for": ip,
                "x-forwarded-proto": "https"
            },
            "uri": path,
            "size": request_size,
            "method": method,
            "querystring": qmap,
            "url": format!("https://api.velohaus-lindner.de:443{full}")
        },
        "tries": [],
        "client_ip": ip,
        "latencies": {
            "request": request_latency,
            "proxy": proxy_latency,
            "kong": kong_ms,
            "receive": 0
        },
        "service": {
            "write_timeout": 60000,
            "read_timeout": 120000,
            "updated_at": 1_762_431_090u64,
            "host": "customer-api.shop.svc.cluster.local",
            "name": "customer-api",
            "id": "6f1c2a3b-8d4e-4f5a-9b6c-7d8e9f0a1b2c",
            "port": 8080,
            "enabled": true,
            "created_at": 1_731_584_377u64,
            "protocol": "http",
            "ws_id": "a2f5c0e1-3b4d-4c6e-9f8a-1b2c3d4e5f60",
            "connect_timeout": 60000,
            "retries": 5,
            "path": "/"
        },
        "consumer": {
            "username": username,
            "custom_id": null,
            "created_at": consumer_created,
            "id": consumer_id,
            "tags": null,
            "updated_at": consumer_created,
            "type": 0
        },
        "authenticated_entity": {"id": uuid(consumer, 7304)},
        "upstream_status": upstream_status,
        "source": source,
        "started_at": started_ms
    });
    if proxy_ms.is_some() {
        let start = started_ms + kong_ms;
        e["tries"] = json!([{
            "balancer_start": start,
            "balancer_start_ns": start * 1_000_000 + h(k, 7306) % 1_000_000,
            "ip": format!("10.244.{}.{}", 1 + h(k, 7307) % 3, 10 + h(k, 7308) % 200),
            "balancer_latency": 0,
            "port": 8080,
            "balancer_latency_ns": 21_000 + h(k, 7309) % 9_000
        }]);
    }
    e
}

/// Kong Gateway's `file-log` on the `customer-api` service of Velohaus
/// Lindner, midnight to 06:00 UTC, one JSON object a line: the shop, its
/// apps, support, the ERP and partners reading and updating customers.
/// At 02:14:37 `partner-zweirad-koch`, which otherwise calls from
/// 91.241.19.84 and only looks customers up, downloaded
/// `/v1/customers/export?scope=all&format=csv` from 185.107.56.211: 212
/// MB. Decoys: the BI exporter's nightly delta export (`updated_since`),
/// `partner-velo-express` refused the same full export twice by the ACL
/// (403), partners rate limited (429), 404s for unknown customers.
fn kong_customer_export() -> Case {
    let t0 = DAY * 1000;
    let span = 6 * 3_600 * 1000u64;
    let mut entries: Vec<(u64, Value)> = Vec::new();
    let n = 230usize;
    for i in 0..n {
        let ms = t0 + h(i, 7310) % span;
        let c = match h(i, 7311) % 20 {
            0..=5 => 0,
            6..=8 => 1,
            9..=10 => 2,
            11 => 3,
            12..=13 => 4,
            14 => 6,
            15 => 7,
            16 => 8,
            17 => 9,
            _ => 10,
        };
        let ip = KONG_CONSUMERS[c].1;
        let cust = format!("cus_{}", letters(i, 7312, 14));
        let kind = h(i, 7313) % 10;
        let (method, path, query): (&str, String, Vec<(&str, String)>) = match kind {
            0..=3 => ("GET", format!("/v1/customers/{cust}"), vec![]),
            4..=5 => (
                "GET",
                format!("/v1/customers/{cust}/orders"),
                vec![("limit", "20".into())],
            ),
            6 => (
                "GET",
                "/v1/customers/search".into(),
                vec![(
                    "email",
                    format!(
                        "{}%40{}",
                        pick(&MAIL_NAMES, i, 7314),
                        pick(&MAIL_DOMAINS, i, 7315)
                    ),
                )],
            ),
            7 => ("PATCH", format!("/v1/customers/{cust}"), vec![]),
            8 => ("GET", format!("/v1/customers/{cust}/addresses"), vec![]),
            _ => ("POST", "/v1/customers".into(), vec![]),
        };
        let (status, size, proxy) = if kind <= 3 && h(i, 7316).is_multiple_of(11) {
            (404, 612, Some(8 + h(i, 7317) % 30))
        } else if kind == 9 {
            (201, 1_611 + h(i, 7318) % 400, Some(40 + h(i, 7319) % 90))
        } else {
            (200, 1_020 + h(i, 7320) % 4_000, Some(9 + h(i, 7321) % 140))
        };
        let q: Vec<(&str, &str)> = query.iter().map(|(a, b)| (*a, b.as_str())).collect();
        entries.push((
            ms,
            kong_entry(
                i,
                ms,
                c,
                ip,
                method,
                &path,
                &q,
                status,
                size,
                "application/json; charset=utf-8",
                proxy,
            ),
        ));
    }
    let mut k = n;
    // Rate limits: a partner's burst at 03:40.
    for j in 0..14u64 {
        k += 1;
        let ms = t0 + (3 * 3_600 + 40 * 60) * 1000 + j * 410 + h(k, 7322) % 300;
        let path = format!("/v1/customers/cus_{}", letters(k, 7312, 14));
        entries.push((
            ms,
            kong_entry(
                k,
                ms,
                8,
                KONG_CONSUMERS[8].1,
                "GET",
                &path,
                &[],
                429,
                466,
                "application/json; charset=utf-8",
                None,
            ),
        ));
    }
    // The BI exporter's nightly delta.
    k += 1;
    let ms = t0 + (3_600 + 30 * 60) * 1000 + 211;
    entries.push((
        ms,
        kong_entry(
            k,
            ms,
            5,
            KONG_CONSUMERS[5].1,
            "GET",
            "/v1/customers/export",
            &[("updated_since", "2026-11-26T01:30:00Z"), ("format", "csv")],
            200,
            3_318_207,
            "text/csv; charset=utf-8",
            Some(6_412),
        ),
    ));
    // A partner refused the full export by the ACL, twice.
    for (j, off) in [52 * 60 + 3u64, 53 * 60 + 40].iter().enumerate() {
        k += 1;
        let ms = t0 + off * 1000 + 118 + j as u64;
        entries.push((
            ms,
            kong_entry(
                k,
                ms,
                7,
                KONG_CONSUMERS[7].1,
                "GET",
                "/v1/customers/export",
                &[("scope", "all"), ("format", "csv")],
                403,
                553,
                "application/json; charset=utf-8",
                None,
            ),
        ));
    }
    // The full export.
    k += 1;
    let ms = t0 + (2 * 3_600 + 14 * 60 + 37) * 1000 + 402;
    let thief = "185.107.56.211";
    entries.push((
        ms,
        kong_entry(
            k,
            ms,
            9,
            thief,
            "GET",
            "/v1/customers/export",
            &[("scope", "all"), ("format", "csv")],
            200,
            212_448_913,
            "text/csv; charset=utf-8",
            Some(48_211),
        ),
    ));
    entries.sort_by_key(|e| e.0);
    let values: Vec<Value> = entries.into_iter().map(|e| e.1).collect();
    let mut out = String::new();
    for v in &values {
        out.push_str(&v.to_string().replace('/', "\\/"));
        out.push('\n');
    }
    let expected: Vec<String> = (values.iter())
        .filter(|v| {
            v["request"]["uri"] == "/v1/customers/export"
                && v["request"]["querystring"]["scope"] == "all"
                && v["response"]["status"] == 200
        })
        .flat_map(|v| {
            [
                jq_string(v["consumer"]["username"].as_str().unwrap()),
                jq_string(v["client_ip"].as_str().unwrap()),
            ]
        })
        .collect();
    assert_eq!(expected.len(), 2);
    assert_eq!(whole(&out, thief), 2);
    assert!((350_000..1_000_000).contains(&out.len()), "{}", out.len());
    Case::fact(
        "Kong file-log of a customer API overnight, who pulled the whole customer list",
        out,
        "Someone downloaded our entire customer list through the API gateway overnight. Which API client was it, and from what IP address did it come?",
        &["partner-zweirad-koch", thief],
    )
    .with_jq(
        ".[] | select(.request.uri == \"/v1/customers/export\" and .request.querystring.scope == \"all\" and .response.status == 200) | .consumer.username, .client_ip",
        expected,
    )
}

// ------------------------------------------------------------------ ctest

const GT_VERBS: [&str; 20] = [
    "Parses",
    "Rejects",
    "Handles",
    "Returns",
    "Computes",
    "Preserves",
    "Merges",
    "Splits",
    "Serializes",
    "RoundTrips",
    "Caches",
    "Evicts",
    "Reorders",
    "Converges",
    "Interpolates",
    "Clamps",
    "Validates",
    "Streams",
    "Flushes",
    "Resizes",
];

const GT_OBJECTS: [&str; 16] = [
    "EmptyInput",
    "LargeMesh",
    "UnicodePath",
    "NegativeTolerance",
    "SparseRows",
    "ZeroLengthEdge",
    "NestedConfig",
    "DuplicateKeys",
    "MissingField",
    "TinyBuffer",
    "HugeFile",
    "NanValues",
    "SingleElement",
    "BoundaryNodes",
    "MixedUnits",
    "DeepHierarchy",
];

const GT_SUFFIXES: [&str; 6] = [
    "",
    "WithDefaults",
    "InParallel",
    "AfterReset",
    "OnBigEndian",
    "WithCustomAllocator",
];

const GT_SUITES: [(&str, &str, bool); 40] = [
    ("GeometryTest", "geometry/geometry_test.cpp", false),
    ("MeshIoTest", "io/mesh_io_test.cpp", false),
    ("SolverTest", "solver/solver_test.cpp", false),
    ("SparseMatrixTest", "linalg/sparse_matrix_test.cpp", false),
    ("DenseMatrixTest", "linalg/dense_matrix_test.cpp", false),
    ("ThreadPoolTest", "runtime/thread_pool_test.cpp", false),
    ("HttpClientTest", "net/http_client_test.cpp", true),
    ("RpcChannelTest", "net/rpc_channel_test.cpp", true),
    ("CacheTest", "runtime/cache_test.cpp", false),
    ("SerializerTest", "io/serializer_test.cpp", false),
    ("ConfigParserTest", "config/config_parser_test.cpp", false),
    ("RasterTest", "raster/raster_test.cpp", false),
    ("TileIndexTest", "raster/tile_index_test.cpp", false),
    ("ProjectionTest", "geo/projection_test.cpp", false),
    ("DatumTest", "geo/datum_test.cpp", false),
    ("QuadTreeTest", "index/quad_tree_test.cpp", false),
    ("RTreeTest", "index/r_tree_test.cpp", false),
    ("KdTreeTest", "index/kd_tree_test.cpp", false),
    ("TriangulatorTest", "geometry/triangulator_test.cpp", false),
    ("SimplifierTest", "geometry/simplifier_test.cpp", false),
    ("BooleanOpsTest", "geometry/boolean_ops_test.cpp", false),
    ("UnitsTest", "core/units_test.cpp", false),
    ("StringUtilTest", "core/string_util_test.cpp", false),
    ("PathTest", "core/path_test.cpp", false),
    ("LoggerTest", "core/logger_test.cpp", false),
    ("AllocatorTest", "core/allocator_test.cpp", false),
    ("JsonReaderTest", "io/json_reader_test.cpp", false),
    ("CsvReaderTest", "io/csv_reader_test.cpp", false),
    ("ShapefileTest", "io/shapefile_test.cpp", false),
    ("GeoPackageTest", "io/geopackage_test.cpp", true),
    ("StreamDecoderTest", "io/stream_decoder_test.cpp", false),
    ("CompressionTest", "io/compression_test.cpp", false),
    ("JobQueueTest", "runtime/job_queue_test.cpp", false),
    (
        "JobQueueIntegrationTest",
        "runtime/job_queue_integration_test.cpp",
        true,
    ),
    ("SchedulerTest", "runtime/scheduler_test.cpp", false),
    ("TileServerTest", "server/tile_server_test.cpp", true),
    ("AuthTokenTest", "server/auth_token_test.cpp", false),
    (
        "RenderPipelineTest",
        "render/render_pipeline_test.cpp",
        false,
    ),
    ("ColorRampTest", "render/color_ramp_test.cpp", false),
    ("LabelPlacerTest", "render/label_placer_test.cpp", false),
];

/// How a test ends in the planted run.
#[derive(Clone, Copy, PartialEq)]
enum Ending {
    Passed,
    Failed,
    Timeout,
    SegFault,
    Disabled,
}

/// The gtest header a discovered test prints when run alone.
fn gtest_head(name: &str) -> String {
    let suite = name.split('.').next().unwrap_or(name);
    format!(
        "Running main() from /usr/src/googletest/googletest/src/gtest_main.cc\nNote: Google Test filter = {name}\n[==========] Running 1 test from 1 test suite.\n[----------] Global test environment set-up.\n[----------] 1 test from {suite}\n[ RUN      ] {name}\n"
    )
}

/// `ctest --output-on-failure -j16 --timeout 300` of `velox`, a C++
/// geodata library with some 2,600 GoogleTest cases discovered one test
/// each, the nightly CI run: the tests started and finished sixteen at a
/// time, the output of each that did not pass. Five hung and were killed
/// at the 300 s timeout (`***Timeout`). Decoys: seven failures (one an
/// RPC deadline test whose failure says it "timed out", one a cache test
/// whose wait "timed out"), a segmentation fault, a disabled test, and
/// passing tests named for timeouts.
fn ctest_timeouts() -> Case {
    let mut names: Vec<(String, usize)> = Vec::new();
    for (si, &(suite, _, _)) in GT_SUITES.iter().enumerate() {
        let count = 52 + h(si, 7401) % 26;
        let mut k = 0usize;
        let mut made = 0;
        while made < count {
            let v = pick(&GT_VERBS, si * 1_000 + k, 7402);
            let o = pick(&GT_OBJECTS, si * 1_000 + k, 7403);
            let s = pick(&GT_SUFFIXES, si * 1_000 + k, 7404);
            k += 1;
            let name = format!("{suite}.{v}{o}{s}");
            if names.iter().any(|n| n.0 == name) {
                continue;
            }
            names.push((name, si));
            made += 1;
        }
        if si % 7 == 3 {
            for p in 0..4 {
                names.push((format!("Formats/{suite}.RoundTripsEveryFormat/{p}"), si));
            }
        }
    }
    let timeouts = [
        "HttpClientTest.ReconnectsAfterServerRestart",
        "ThreadPoolTest.ShutdownDrainsPendingTasks",
        "MeshIoTest.ReadsCompressedStlFromPipe",
        "Formats/StreamDecoderTest.DecodesChunkedInput/2",
        "JobQueueIntegrationTest.ResumesAfterBrokerFailover",
    ];
    let failures = [
        (
            "SolverTest.ConvergesOnStiffSystem",
            "solver/solver_test.cpp:212: Failure\nExpected: (residual) < (1e-8), actual: 3.2174e-06 vs 1e-08",
        ),
        (
            "GeometryTest.IntersectsCoplanarTriangles",
            "geometry/geometry_test.cpp:884: Failure\nExpected equality of these values:\n  hits.size()\n    Which is: 0\n  2",
        ),
        (
            "RpcChannelTest.DeadlineExceededIsReported",
            "net/rpc_channel_test.cpp:143: Failure\nExpected equality of these values:\n  status.code()\n    Which is: UNAVAILABLE\n  StatusCode::kDeadlineExceeded\n    Which is: DEADLINE_EXCEEDED\nrequest timed out after 500 ms but was reported as a connection failure",
        ),
        (
            "ConfigParserTest.RejectsDuplicateKeysInNestedTables",
            "config/config_parser_test.cpp:377: Failure\nExpected: parser.parse(input) throws an exception of type velox::config::ParseError.\n  Actual: it throws nothing.",
        ),
        (
            "CacheTest.WaitsForInflightLoadBeforeEviction",
            "runtime/cache_test.cpp:519: Failure\nValue of: loaded.wait_for(std::chrono::seconds(2)) == std::future_status::ready\n  Actual: false\nExpected: true\nwait for the in-flight load timed out after 2 s",
        ),
        (
            "ProjectionTest.TransformsUtm32ToWebMercator",
            "geo/projection_test.cpp:96: Failure\nThe difference between p.x and 1113194.9079327357 is 0.041, which exceeds 1e-3, where\np.x evaluates to 1113194.9489327357,\n1113194.9079327357 evaluates to 1113194.9079327357, and\n1e-3 evaluates to 0.001.",
        ),
        (
            "GeoPackageTest.WritesSpatialIndexForEmptyLayer",
            "io/geopackage_test.cpp:260: Failure\nValue of: db.has_table(\"rtree_roads_geom\")\n  Actual: false\nExpected: true",
        ),
    ];
    let segfault = "SparseMatrixTest.MultipliesEmptyMatrixByVector";
    let disabled = "GeometryTest.DISABLED_HandlesDegenerateMesh";
    let timeout_named = [
        "HttpClientTest.TimeoutIsHonouredForSlowHeaders",
        "ThreadPoolTest.WaitForReturnsFalseOnTimeout",
        "JobQueueTest.RetriesJobAfterTimeout",
    ];
    for (i, n) in timeouts
        .iter()
        .chain(failures.iter().map(|f| &f.0))
        .chain([segfault, disabled].iter())
        .chain(timeout_named.iter())
        .enumerate()
    {
        let suite = n.split('.').next().unwrap().trim_start_matches("Formats/");
        let si = GT_SUITES.iter().position(|s| s.0 == suite).unwrap();
        // Put it among its suite's tests.
        let at = names.iter().position(|x| x.1 == si).unwrap() + 3 + i % 17;
        names.insert(at, (n.to_string(), si));
    }
    let total = names.len();
    let w = total.to_string().len();
    // Run them sixteen at a time.
    let mut slots = [0u64; 16];
    let mut events: Vec<(u64, usize, bool)> = Vec::new(); // (ms, test, done)
    let mut took = vec![0u64; total];
    let mut ending = vec![Ending::Passed; total];
    for (t, (name, si)) in names.iter().enumerate() {
        let slot = (0..16).min_by_key(|&s| (slots[s], s)).unwrap();
        let start = slots[slot] + 3 + h(t, 7405) % 9;
        let e = if timeouts.contains(&name.as_str()) {
            Ending::Timeout
        } else if failures.iter().any(|f| f.0 == name) {
            Ending::Failed
        } else if name == segfault {
            Ending::SegFault
        } else if name == disabled {
            Ending::Disabled
        } else {
            Ending::Passed
        };
        let ms = match e {
            Ending::Timeout => 300_010 + h(t, 7406) % 20,
            Ending::Disabled => 0,
            Ending::SegFault => 180 + h(t, 7407) % 80,
            _ if GT_SUITES[*si].2 => 800 + h(t, 7408) % 9_000,
            _ => {
                4 + h(t, 7409)
                    % (if h(t, 7410).is_multiple_of(9) {
                        3_000
                    } else {
                        240
                    })
            }
        };
        took[t] = ms;
        ending[t] = e;
        events.push((start, t, false));
        events.push((start + ms, t, true));
        slots[slot] = start + ms;
    }
    events.sort_by_key(|e| (e.0, e.2, e.1));
    let mut out = String::from("Test project /builds/velox/velox/build\n");
    let mut done = 0usize;
    let dots = |name: &str| ".".repeat(68usize.saturating_sub(name.len()).max(3));
    for (_, t, finished) in &events {
        let name = &names[*t].0;
        if !finished {
            out.push_str(&format!(
                "{}Start {:>w$}: {name}\n",
                " ".repeat(4 + w),
                t + 1
            ));
            continue;
        }
        done += 1;
        let secs = took[*t] as f64 / 1000.0;
        let status = match ending[*t] {
            Ending::Passed => format!("   Passed {secs:>7.2} sec"),
            Ending::Failed => format!("***Failed {secs:>7.2} sec"),
            Ending::Timeout => format!("***Timeout {secs:.2} sec"),
            Ending::SegFault => format!("***Exception: SegFault {secs:>5.2} sec"),
            Ending::Disabled => "***Not Run (Disabled)   0.00 sec".to_string(),
        };
        out.push_str(&format!(
            "{done:>w$}/{total} Test {:>w1$}: {name} {}{status}\n",
            format!("#{}", t + 1),
            dots(name),
            w1 = w + 1
        ));
        match ending[*t] {
            Ending::Failed => {
                let (_, msg) = failures.iter().find(|f| f.0 == name).unwrap();
                out.push_str(&gtest_head(name));
                out.push_str(&format!("/builds/velox/velox/tests/{msg}\n"));
                let suite = name.split('.').next().unwrap();
                out.push_str(&format!(
                    "[  FAILED  ] {name} ({} ms)\n[----------] 1 test from {suite} ({} ms total)\n\n[----------] Global test environment tear-down\n[==========] 1 test from 1 test suite ran. ({} ms total)\n[  PASSED  ] 0 tests.\n[  FAILED  ] 1 test, listed below:\n[  FAILED  ] {name}\n\n 1 FAILED TEST\n\n",
                    took[*t].saturating_sub(2),
                    took[*t].saturating_sub(2),
                    took[*t].saturating_sub(1)
                ));
            }
            Ending::Timeout => {
                out.push_str(&gtest_head(name));
                let lines = 2 + h(*t, 7411) % 4;
                for l in 0..lines {
                    let ms = 412 + l * 1_130 + h(*t * 8 + l as usize, 7412) % 700;
                    out.push_str(&format!(
                        "[2026-11-27 02:{:02}:{:02}.{:03}] [velox] [info] {}\n",
                        14 + (*t as u64 % 30),
                        ms / 1000 % 60,
                        ms % 1000,
                        match l {
                            0 => "test fixture ready, listening on 127.0.0.1:0",
                            1 => "waiting for worker to acknowledge shutdown",
                            2 => "retrying in 250 ms",
                            _ => "still waiting",
                        }
                    ));
                }
                out.push('\n');
            }
            Ending::SegFault => {
                out.push_str(&gtest_head(name));
                out.push('\n');
            }
            _ => {}
        }
    }
    let failed: Vec<usize> = (0..total)
        .filter(|&t| !matches!(ending[t], Ending::Passed | Ending::Disabled))
        .collect();
    let run = total - 1;
    out.push_str(&format!(
        "\n{}% tests passed, {} tests failed out of {run}\n\nLabel Time Summary:\nintegration    = {:>8.2} sec*proc ({} tests)\nunit           = {:>8.2} sec*proc ({} tests)\n\nTotal Test time (real) = {:.2} sec\n\nThe following tests did not run:\n",
        (run - failed.len()) * 100 / run,
        failed.len(),
        (0..total).filter(|&t| GT_SUITES[names[t].1].2).map(|t| took[t]).sum::<u64>() as f64 / 1000.0,
        (0..total).filter(|&t| GT_SUITES[names[t].1].2).count(),
        (0..total).filter(|&t| !GT_SUITES[names[t].1].2).map(|t| took[t]).sum::<u64>() as f64 / 1000.0,
        (0..total).filter(|&t| !GT_SUITES[names[t].1].2).count(),
        *slots.iter().max().unwrap() as f64 / 1000.0 + 0.41,
    ));
    let di = names.iter().position(|n| n.0 == disabled).unwrap();
    out.push_str(&format!(
        "\t{:>4} - {disabled} (Disabled)\nThe following tests FAILED:\n",
        di + 1
    ));
    for t in &failed {
        let what = match ending[*t] {
            Ending::Timeout => "Timeout",
            Ending::SegFault => "SEGFAULT",
            _ => "Failed",
        };
        out.push_str(&format!("\t{:>4} - {} ({what})\n", t + 1, names[*t].0));
    }
    out.push_str("Errors while running CTest\nOutput from these tests are in: /builds/velox/velox/build/Testing/Temporary/LastTest.log\nUse \"--rerun-failed --output-on-failure\" to re-run the failed cases verbosely.\n");
    let all: Vec<String> = names.iter().map(|n| n.0.clone()).collect();
    let items: Vec<String> = timeouts.iter().map(|s| s.to_string()).collect();
    for it in &items {
        assert!(!named_elsewhere(it, &all), "{it}");
        assert_eq!(all.iter().filter(|n| *n == it).count(), 1, "{it}");
    }
    assert_eq!(out.matches("***Timeout").count(), 5);
    assert!((350_000..1_000_000).contains(&out.len()), "{}", out.len());
    Case::items(
        "ctest --output-on-failure of a nightly run, tests killed for running too long",
        out,
        "In last night's CI test run, which tests hung and had to be killed because they ran too long? Give me all of them.",
        items,
    )
}

// --------------------------------------------------------------- brakeman

/// A brakeman check: warning type, code, check name, message, link
/// slug, CWE ids, and where it is found (controller, model, template,
/// lib).
type BrakemanCheck = (
    &'static str,
    u64,
    &'static str,
    &'static str,
    &'static str,
    &'static [u64],
    &'static str,
);

const BRAKEMAN_CHECKS: [BrakemanCheck; 12] = [
    (
        "Cross-Site Scripting",
        2,
        "CrossSiteScripting",
        "Unescaped model attribute",
        "cross_site_scripting",
        &[79],
        "template",
    ),
    (
        "Cross-Site Scripting",
        4,
        "CrossSiteScripting",
        "Unescaped parameter value",
        "cross_site_scripting",
        &[79],
        "template",
    ),
    (
        "SQL Injection",
        0,
        "SQL",
        "Possible SQL injection",
        "sql_injection",
        &[89],
        "model",
    ),
    (
        "Mass Assignment",
        105,
        "PermitAttributes",
        "Potentially dangerous key allowed for mass assignment",
        "mass_assignment",
        &[915],
        "controller",
    ),
    (
        "Redirect",
        18,
        "Redirect",
        "Possible unprotected redirect",
        "redirect",
        &[601],
        "controller",
    ),
    (
        "Dynamic Render Path",
        15,
        "Render",
        "Render path contains parameter value",
        "dynamic_render_path",
        &[22],
        "controller",
    ),
    (
        "Unscoped Find",
        82,
        "UnscopedFind",
        "Unscoped call to `Invoice#find`",
        "unscoped_find",
        &[285],
        "controller",
    ),
    (
        "Weak Hash",
        90,
        "WeakHash",
        "Weak hashing algorithm used: MD5",
        "weak_hash",
        &[328],
        "lib",
    ),
    (
        "Denial of Service",
        76,
        "RegexDoS",
        "Model attribute used in regular expression",
        "denial_of_service",
        &[20, 185],
        "model",
    ),
    (
        "File Access",
        16,
        "FileAccess",
        "Model attribute used in file name",
        "file_access",
        &[22],
        "lib",
    ),
    (
        "Format Validation",
        30,
        "ValidationRegex",
        "Insufficient validation for `zip` using `/^\\d{5}$/`. Use `\\A` and `\\z` as anchors",
        "format_validation",
        &[777],
        "model",
    ),
    (
        "Cross-Site Request Forgery",
        116,
        "ForgerySetting",
        "`protect_from_forgery` should be configured with `with: :exception`",
        "cross-site_request_forgery",
        &[352],
        "controller",
    ),
];

const RAILS_AREAS: [&str; 28] = [
    "orders",
    "invoices",
    "customers",
    "products",
    "variants",
    "carts",
    "checkouts",
    "payments",
    "refunds",
    "shipments",
    "returns",
    "vouchers",
    "newsletters",
    "reviews",
    "wishlists",
    "stores",
    "suppliers",
    "purchase_orders",
    "stock_movements",
    "price_lists",
    "reports",
    "exports",
    "imports",
    "media_files",
    "pages",
    "users",
    "roles",
    "audit_entries",
];

/// A brakeman warning as `brakeman -f json` prints it (`JSON.pretty_generate`).
#[allow(clippy::too_many_arguments)]
fn brakeman_warning(
    k: usize,
    (ty, code, check, message, slug, cwe, _): BrakemanCheck,
    file: &str,
    line: u64,
    snippet: &str,
    location: Value,
    user_input: Option<&str>,
    confidence: &str,
    note: Option<&str>,
) -> Value {
    let mut w = Map::new();
    w.insert("warning_type".into(), json!(ty));
    w.insert("warning_code".into(), json!(code));
    w.insert("fingerprint".into(), json!(hex(k, 7501, 64)));
    w.insert("check_name".into(), json!(check));
    w.insert("message".into(), json!(message));
    w.insert("file".into(), json!(file));
    w.insert("line".into(), json!(line));
    w.insert(
        "link".into(),
        json!(format!(
            "https://brakemanscanner.org/docs/warning_types/{slug}/"
        )),
    );
    w.insert("code".into(), json!(snippet));
    w.insert("render_path".into(), Value::Null);
    w.insert("location".into(), location);
    w.insert("user_input".into(), json!(user_input));
    w.insert("confidence".into(), json!(confidence));
    w.insert("cwe_id".into(), json!(cwe));
    if let Some(n) = note {
        w.insert("note".into(), json!(n));
    }
    Value::Object(w)
}

/// The files that build shell commands from request parameters.
const PLANTED_CI: [&str; 5] = [
    "app/controllers/admin/media_files_controller.rb",
    "app/controllers/exports_controller.rb",
    "app/controllers/admin/reports_controller.rb",
    "app/controllers/shipments_controller.rb",
    "app/controllers/admin/imports_controller.rb",
];

/// `CamelCase` of a `snake_case` name.
fn camel(s: &str) -> String {
    s.split('_')
        .map(|w| {
            let mut c = w.chars();
            c.next().map_or(String::new(), |f| {
                f.to_ascii_uppercase().to_string() + c.as_str()
            })
        })
        .collect()
}

/// `brakeman -f json` of `kundenportal`, a Rails 6.1 shop back office
/// of a bicycle retailer that grew for ten years: some 800 warnings —
/// unescaped output in templates, SQL built from strings, mass
/// assignment, redirects, render paths, weak hashes. Five places build a
/// shell command from request parameters (Command Injection, `system`,
/// backticks, `Open3`, `IO.popen`, `exec`); two more were reviewed and
/// are in `ignored_warnings` with a note. Decoys: `constantize` on a
/// parameter (Remote Code Execution), `send` with a parameter (Dangerous
/// Send), files read by a parameter (File Access), and command injection
/// from a model attribute in a rake task ignored too.
fn brakeman_command_injection() -> Case {
    let mut warnings: Vec<Value> = Vec::new();
    let mut k = 0usize;
    let mut files: Vec<String> = Vec::new();
    for i in 0..790usize {
        let c = BRAKEMAN_CHECKS[(h(i, 7510) % 12) as usize];
        let area = pick(&RAILS_AREAS, i, 7511);
        let admin = h(i, 7512).is_multiple_of(3);
        let ns = if admin { "admin/" } else { "" };
        let class_ns = if admin { "Admin::" } else { "" };
        let singular = area.trim_end_matches('s');
        let action = pick(
            &[
                "index",
                "show",
                "new",
                "create",
                "edit",
                "update",
                "destroy",
                "search",
                "export",
                "bulk_update",
            ],
            i,
            7513,
        );
        let (file, location, snippet, input) = match c.6 {
            "template" => {
                let attr = pick(
                    &[
                        "name",
                        "description",
                        "notes",
                        "title",
                        "comment",
                        "address_line",
                        "body_html",
                    ],
                    i,
                    7514,
                );
                (
                    format!("app/views/{ns}{area}/{action}.html.erb"),
                    json!({"type": "template", "template": format!("{ns}{area}/{action}")}),
                    if c.1 == 4 {
                        format!("params[:{attr}]")
                    } else {
                        format!("{}.find(params[:id]).{attr}", camel(singular))
                    },
                    if c.1 == 4 {
                        Some(format!("params[:{attr}]"))
                    } else {
                        None
                    },
                )
            }
            "model" => (
                format!("app/models/{singular}.rb"),
                json!({"type": "method", "class": camel(singular), "method": pick(&["search", "filter_by", "by_status", "sorted", "for_export"], i, 7515)}),
                if c.1 == 0 {
                    format!(
                        "where(\"{} LIKE '%#{{term}}%'\")",
                        pick(&["name", "email", "reference", "sku"], i, 7516)
                    )
                } else {
                    format!("{}.find(id).pattern", camel(singular))
                },
                None,
            ),
            "lib" => (
                format!(
                    "lib/{}/{}.rb",
                    pick(&["legacy", "integrations", "tasks_support"], i, 7517),
                    singular
                ),
                json!({"type": "method", "class": camel(singular) + "Helper", "method": "checksum"}),
                "Digest::MD5.hexdigest(token)".to_string(),
                None,
            ),
            _ => (
                format!("app/controllers/{ns}{area}_controller.rb"),
                json!({"type": "method", "class": format!("{class_ns}{}Controller", camel(area)), "method": action}),
                match c.1 {
                    105 => format!("params.require(:{singular}).permit(:name, :role_id, :admin)"),
                    18 => "redirect_to(params[:return_to])".to_string(),
                    15 => "render(action => params[:view])".to_string(),
                    82 => "Invoice.find(params[:id])".to_string(),
                    _ => "protect_from_forgery".to_string(),
                },
                match c.1 {
                    105 => Some(":admin".to_string()),
                    18 => Some("params[:return_to]".to_string()),
                    15 => Some("params[:view]".to_string()),
                    82 => Some("params[:id]".to_string()),
                    _ => None,
                },
            ),
        };
        if PLANTED_CI.contains(&file.as_str()) {
            continue;
        }
        let confidence = pick(&["High", "Medium", "Weak", "Medium"], i, 7518);
        k += 1;
        files.push(file.clone());
        warnings.push(brakeman_warning(
            k,
            c,
            &file,
            3 + h(i, 7519) % 300,
            &snippet,
            location,
            input.as_deref(),
            confidence,
            None,
        ));
    }
    // Command injection: planted.
    let ci: BrakemanCheck = (
        "Command Injection",
        14,
        "Execute",
        "Possible command injection",
        "command_injection",
        &[77],
        "",
    );
    let planted = [
        (
            PLANTED_CI[0],
            "Admin::MediaFilesController",
            "convert",
            "system(\"convert #{params[:path]} -resize 800x800 #{Rails.root}/public/thumbs/#{params[:name]}.jpg\")",
            "params[:path]",
            88,
        ),
        (
            PLANTED_CI[1],
            "ExportsController",
            "create",
            "`zip -r /tmp/export-#{params[:batch]}.zip #{Rails.root}/storage/exports/#{params[:batch]}`",
            "params[:batch]",
            41,
        ),
        (
            PLANTED_CI[2],
            "Admin::ReportsController",
            "pdf",
            "Open3.capture2(\"wkhtmltopdf --page-size A4 #{params[:url]} -\")",
            "params[:url]",
            126,
        ),
        (
            PLANTED_CI[3],
            "ShipmentsController",
            "label",
            "IO.popen(\"lpr -P #{params[:printer]} /tmp/labels/#{@shipment.id}.pdf\")",
            "params[:printer]",
            203,
        ),
        (
            PLANTED_CI[4],
            "Admin::ImportsController",
            "upload",
            "exec(\"bin/import --supplier #{params[:supplier]} --file #{params[:file].path}\")",
            "params[:supplier]",
            57,
        ),
    ];
    for (j, (file, class, method, snippet, input, line)) in planted.iter().enumerate() {
        k += 1;
        let at = (h(j, 7520) % warnings.len() as u64) as usize;
        warnings.insert(
            at,
            brakeman_warning(
                k,
                ci,
                file,
                *line,
                snippet,
                json!({"type": "method", "class": class, "method": method}),
                Some(input),
                "High",
                None,
            ),
        );
    }
    // Decoys: code execution, dangerous send, file access by parameter.
    let decoys = [
        (
            (
                "Remote Code Execution",
                24,
                "UnsafeReflection",
                "Unsafe reflection method `constantize` called with parameter value",
                "remote_code_execution",
                &[470u64][..],
                "",
            ),
            "app/controllers/admin/exports_controller.rb",
            "Admin::ExportsController",
            "create",
            "params[:exporter].constantize",
            "params[:exporter]",
        ),
        (
            (
                "Dangerous Send",
                23,
                "Send",
                "User controlled method execution",
                "dangerous_send",
                &[77u64][..],
                "",
            ),
            "app/controllers/reports_controller.rb",
            "ReportsController",
            "run",
            "Report.send(params[:report_type])",
            "params[:report_type]",
        ),
        (
            (
                "File Access",
                16,
                "FileAccess",
                "Parameter value used in file name",
                "file_access",
                &[22u64][..],
                "",
            ),
            "app/controllers/media_files_controller.rb",
            "MediaFilesController",
            "download",
            "send_file(Rails.root.join(\"storage\", params[:path]))",
            "params[:path]",
        ),
        (
            (
                "File Access",
                16,
                "FileAccess",
                "Parameter value used in file name",
                "file_access",
                &[22u64][..],
                "",
            ),
            "app/controllers/imports_controller.rb",
            "ImportsController",
            "preview",
            "File.read(\"/srv/imports/#{params[:file]}\")",
            "params[:file]",
        ),
    ];
    for (j, (c, file, class, method, snippet, input)) in decoys.iter().enumerate() {
        k += 1;
        let at = (h(j, 7521) % warnings.len() as u64) as usize;
        warnings.insert(
            at,
            brakeman_warning(
                k,
                *c,
                file,
                30 + h(j, 7522) % 200,
                snippet,
                json!({"type": "method", "class": class, "method": method}),
                Some(input),
                "High",
                None,
            ),
        );
    }
    let mut ignored = Vec::new();
    for (j, (file, class, method, snippet, input, note)) in [
        ("app/controllers/admin/backups_controller.rb", "Admin::BackupsController", "create", "system(\"pg_dump --table #{params[:table]} kundenportal > /backups/#{params[:table]}.sql\")", Some("params[:table]"), "Reviewed 2024-03-11: table is checked against an allow-list in a before_action."),
        ("app/controllers/admin/ssh_keys_controller.rb", "Admin::SshKeysController", "fingerprint", "`ssh-keygen -lf #{params[:key_file]}`", Some("params[:key_file]"), "Reviewed 2023-09-02: only reachable for superadmins, key_file comes from a select of stored keys."),
        ("lib/tasks/cleanup.rake", "", "", "system(\"rm -rf #{Setting.tmp_dir}/*\")", None, "Setting is not user input."),
    ]
    .iter()
    .enumerate()
    {
        k += 1;
        let location = if class.is_empty() {
            json!({"type": "template", "template": "cleanup"})
        } else {
            json!({"type": "method", "class": class, "method": method})
        };
        ignored.push(brakeman_warning(
            k,
            ci,
            file,
            20 + h(j, 7523) % 100,
            snippet,
            location,
            *input,
            if input.is_some() { "High" } else { "Medium" },
            Some(note),
        ));
    }
    let doc = json!({
        "scan_info": {
            "app_path": "/builds/kundenportal",
            "rails_version": "6.1.7.10",
            "security_warnings": warnings.len(),
            "start_time": "2026-11-27 04:12:08 +0000",
            "end_time": "2026-11-27 04:13:51 +0000",
            "duration": 103.412118204,
            "checks_performed": [
                "BasicAuth", "BasicAuthTimingAttack", "CSRFTokenForgeryCVE", "ContentTag", "CookieSerialization",
                "CreateWith", "CrossSiteScripting", "DefaultRoutes", "Deserialize", "DetailedExceptions",
                "DigestDoS", "DynamicFinders", "EOLRails", "EOLRuby", "EscapeFunction", "Evaluation",
                "Execute", "FileAccess", "FileDisclosure", "FilterSkipping", "ForgerySetting",
                "HeaderDoS", "I18nXSS", "JRubyXML", "JSONEncoding", "JSONEntityEscape", "JSONParsing",
                "LinkTo", "LinkToHref", "MailTo", "MassAssignment", "MimeTypeDoS", "ModelAttrAccessible",
                "ModelAttributes", "ModelSerialize", "NestedAttributes", "NestedAttributesBypass",
                "NumberToCurrency", "PageCachingCVE", "Pathname", "PermitAttributes", "QuoteTableName",
                "Ransack", "Redirect", "RegexDoS", "Render", "RenderDoS", "RenderInline", "ResponseSplitting",
                "RouteDoS", "SQL", "SQLCVEs", "SSLVerify", "SafeBufferManipulation", "SanitizeConfigCve",
                "SanitizeMethods", "SelectTag", "SelectVulnerability", "Send", "SendFile", "SessionManipulation",
                "SessionSettings", "SimpleFormat", "SingleQuotes", "SkipBeforeFilter", "SprocketsPathTraversal",
                "StripTags", "SymbolDoSCVE", "TemplateInjection", "TranslateBug", "UnsafeReflection",
                "UnsafeReflectionMethods", "ValidationRegex", "VerbConfusion", "WeakHash", "WeakRSAKey",
                "WithoutProtection", "XMLDoS", "YAMLParsing"
            ],
            "number_of_controllers": 96,
            "number_of_models": 141,
            "number_of_templates": 612,
            "ruby_version": "3.1.6",
            "brakeman_version": "6.2.2"
        },
        "warnings": warnings,
        "ignored_warnings": ignored,
        "errors": [],
        "obsolete": []
    });
    let out = pretty(&doc, b"  ") + "\n";
    let items: Vec<String> = planted.iter().map(|p| p.0.to_string()).collect();
    let mut all_files = files.clone();
    all_files.extend(decoys.iter().map(|d| d.1.to_string()));
    all_files.extend(items.iter().cloned());
    for it in &items {
        assert!(!named_elsewhere(it, &all_files), "{it}");
        assert_eq!(all_files.iter().filter(|f| *f == it).count(), 1, "{it}");
    }
    let expected: Vec<String> = (doc["warnings"].as_array().unwrap().iter())
        .filter(|w| w["warning_type"] == "Command Injection")
        .map(|w| jq_string(w["file"].as_str().unwrap()))
        .collect();
    assert_eq!(expected.len(), 5);
    assert!((350_000..1_000_000).contains(&out.len()), "{}", out.len());
    Case::items(
        "brakeman -f json of a Rails back office, files that build shell commands from request data",
        out,
        "According to the brakeman scan of our Rails back office, which files run shell commands built from what users send in? Leave out the ones we already reviewed and marked as ignored, but list every other one.",
        items,
    )
    .with_jq(
        ".warnings[] | select(.warning_type == \"Command Injection\") | .file",
        expected,
    )
}

// ----------------------------------------------------------------- Twilio

const PRAXEN: [(&str, &str); 4] = [
    ("Leipzig-Gohlis", "0341 2258140"),
    ("Leipzig-Connewitz", "0341 3019277"),
    ("Markkleeberg", "034297 41820"),
    ("Taucha", "034298 68113"),
];

const REPLIES: [&str; 8] = [
    "JA",
    "Ja",
    "ja danke",
    "JA, bis morgen",
    "Ich komme ca. 10 Min später",
    "Kann leider nicht, bitte um neuen Termin",
    "STOP",
    "Wer ist da?",
];

/// One message of Twilio's Messages resource, its keys as the API
/// returns them.
#[allow(clippy::too_many_arguments)]
fn twilio_message(
    k: usize,
    account: &str,
    created: u64,
    inbound: bool,
    from: &str,
    to: &str,
    body: &str,
    status: &str,
    error: Option<u64>,
    segments: u64,
) -> Value {
    let sid = format!("SM{}", hex(k, 7601, 32));
    let base = format!("/2010-04-01/Accounts/{account}/Messages/{sid}");
    let sent = created + 1;
    let updated = match status {
        "delivered" | "undelivered" => sent + 2 + h(k, 7602) % 30,
        "failed" => created,
        _ => sent,
    };
    let price = match status {
        "failed" => Value::Null,
        _ if inbound => json!("-0.00750"),
        _ => json!(format!("-{:.5}", 0.0825 * segments as f64)),
    };
    json!({
        "account_sid": account,
        "api_version": "2010-04-01",
        "body": body,
        "date_created": rfc2822(created),
        "date_sent": if status == "failed" { Value::Null } else { json!(rfc2822(sent)) },
        "date_updated": rfc2822(updated),
        "direction": if inbound { "inbound" } else { "outbound-api" },
        "error_code": error,
        "error_message": null,
        "from": from,
        "messaging_service_sid": if inbound { Value::Null } else { json!("MG4d9f1c2b7a8e3d5f6c0b1a2e9d8c7f6a") },
        "num_media": "0",
        "num_segments": segments.to_string(),
        "price": price,
        "price_unit": "USD",
        "sid": sid,
        "status": status,
        "subresource_uris": {
            "media": format!("{base}/Media.json"),
            "feedback": format!("{base}/Feedback.json")
        },
        "to": to,
        "uri": format!("{base}.json")
    })
}

/// Twilio's Messages API (`curl …/Messages.json?DateSent>=2026-11-26&
/// PageSize=1000 | jq .`) for a group of dental practices: a day of
/// appointment reminders for the next day, newest first, and patients'
/// replies. Most are delivered; some undelivered for unreachable
/// handsets (30003), unknown numbers (30005), landlines (30006), an
/// unknown error (30008); some failed for unsubscribed patients (21610)
/// or numbers that are no mobile numbers (21614). Six reminders the
/// carrier filtered as spam (30007): those patients' numbers are the
/// answer. The API gives only the code; `error_message` is null.
fn twilio_filtered_reminders() -> Case {
    let account = format!("AC{}", hex(1, 7610, 32));
    let ours = "+4915735998877";
    let t0 = DAY - 86_400 + 8 * 3_600;
    let mut numbers: Vec<String> = Vec::new();
    let mut k = 0usize;
    while numbers.len() < 500 {
        let prefix = pick(
            &[
                "151", "152", "157", "159", "160", "162", "163", "170", "171", "172", "173", "174",
                "175", "176", "177", "178", "179",
            ],
            k,
            7611,
        );
        let n = format!("+49{prefix}{:08}", h(k, 7612) % 100_000_000);
        k += 1;
        if !numbers.contains(&n) {
            numbers.push(n);
        }
    }
    let filtered: Vec<usize> = vec![37, 112, 205, 318, 402, 489];
    let mut msgs: Vec<(u64, Value)> = Vec::new();
    let mut k = 0usize;
    for (p, number) in numbers.iter().enumerate() {
        let created = t0 + (p as u64) * 70 + h(p, 7613) % 60;
        let (ort, phone) = PRAXEN[(h(p, 7614) % 4) as usize];
        let hour = 8 + h(p, 7615) % 10;
        let minute = [0, 15, 30, 45][(h(p, 7616) % 4) as usize];
        let doctor = pick(
            &["Dr. Brandt", "Dr. Seidel", "Dr. Nowak", "ZÄ Kühne"],
            p,
            7617,
        );
        let body = format!(
            "Erinnerung: Ihr Termin bei {doctor} (Zahnarztpraxis {ort}) ist morgen, Fr 27.11., um {hour:02}:{minute:02} Uhr. Bitte antworten Sie mit JA zur Bestätigung oder rufen Sie uns zur Absage an: {phone}. Antworten Sie STOP, um keine Erinnerungen mehr zu erhalten."
        );
        let roll = h(p, 7618) % 100;
        let (status, error) = if filtered.contains(&p) {
            ("undelivered", Some(30_007))
        } else if roll < 3 {
            ("undelivered", Some(30_003))
        } else if roll < 5 {
            ("undelivered", Some(30_005))
        } else if roll < 7 {
            ("undelivered", Some(30_006))
        } else if roll == 7 {
            ("undelivered", Some(30_008))
        } else if roll == 8 {
            ("failed", Some(21_610))
        } else if roll == 9 {
            ("failed", Some(21_614))
        } else if p >= 492 {
            ("sent", None)
        } else {
            ("delivered", None)
        };
        k += 1;
        msgs.push((
            created,
            twilio_message(
                k, &account, created, false, ours, number, &body, status, error, 2,
            ),
        ));
        if status == "delivered" && h(p, 7619).is_multiple_of(6) {
            let at = created + 120 + h(p, 7620) % 5_400;
            k += 1;
            let reply = pick(&REPLIES, p, 7621);
            msgs.push((
                at,
                twilio_message(
                    k, &account, at, true, number, ours, reply, "received", None, 1,
                ),
            ));
        }
    }
    msgs.sort_by_key(|m| std::cmp::Reverse(m.0));
    let values: Vec<Value> = msgs.into_iter().map(|m| m.1).collect();
    let page = format!(
        "/2010-04-01/Accounts/{account}/Messages.json?DateSent%3E=2026-11-26&PageSize=1000"
    );
    let doc = json!({
        "end": values.len() - 1,
        "first_page_uri": format!("{page}&Page=0"),
        "messages": values,
        "next_page_uri": null,
        "page": 0,
        "page_size": 1000,
        "previous_page_uri": null,
        "start": 0,
        "uri": format!("{page}&Page=0")
    });
    let out = pretty(&doc, b"  ") + "\n";
    let items: Vec<String> = filtered.iter().map(|&p| numbers[p].clone()).collect();
    for it in &items {
        assert!(!named_elsewhere(it, &numbers), "{it}");
        assert_eq!(whole(&out, it), 1, "{it}");
    }
    let expected: Vec<String> = (doc["messages"].as_array().unwrap().iter())
        .filter(|m| m["error_code"] == 30_007)
        .map(|m| jq_string(m["to"].as_str().unwrap()))
        .collect();
    assert_eq!(expected.len(), 6);
    assert!((350_000..1_000_000).contains(&out.len()), "{}", out.len());
    Case::items(
        "Twilio Messages API of a day of appointment reminders, numbers the carrier filtered as spam",
        out,
        "Some of yesterday's appointment reminder texts were filtered out as spam by the patients' mobile carriers and never arrived. Which phone numbers did that happen to? I need every one of them.",
        items,
    )
    .with_jq(".messages[] | select(.error_code == 30007) | .to", expected)
}

// ----------------------------------------------------------- kafka-topics

const KAFKA_DOMAINS: [&str; 14] = [
    "orders",
    "payments",
    "inventory",
    "shipping",
    "customers",
    "catalog",
    "pricing",
    "search",
    "notifications",
    "returns",
    "loyalty",
    "fraud",
    "warehouse",
    "analytics",
];

const KAFKA_EVENTS: [&str; 14] = [
    "created",
    "updated",
    "deleted",
    "state-changed",
    "snapshots",
    "commands",
    "events",
    "cdc",
    "enriched",
    "aggregated",
    "requests",
    "replies",
    "audit",
    "changelog",
];

/// `kafka-topics.sh --bootstrap-server kafka-01:9092 --describe` of the
/// shop's event cluster (Kafka 3.6, nine brokers in three racks) while
/// brokers 5 and 8 are down: every topic's header and every partition's
/// leader, replicas and in-sync replicas. The cluster's topics spread
/// three replicas over the racks, so they lost a replica (hundreds of
/// partitions short in `Isr`, leaders moved) but kept a leader. Five
/// topics have a partition with no leader (`Leader: none`): two with one
/// replica only, placed on a dead broker, three created with two
/// replicas by hand, both on the dead brokers. Decoys: `__consumer_offsets`
/// and hundreds of partitions down to one in-sync replica (some under
/// `min.insync.replicas`), and topics named for dead letters and offline
/// orders that are fine.
fn kafka_leaderless_topics() -> Case {
    let down = [5u64, 8];
    let racks = [[1u64, 2, 3], [4, 5, 6], [7, 8, 9]];
    let mut topics: Vec<(String, u64, u64, String)> = Vec::new(); // name, partitions, rf, configs
    let mut names: Vec<String> = Vec::new();
    for (d, dom) in KAFKA_DOMAINS.iter().enumerate() {
        for (e, ev) in KAFKA_EVENTS.iter().enumerate() {
            if h(d * 16 + e, 7701) % 10 < 3 {
                continue;
            }
            for v in 0..(1 + h(d * 16 + e, 7702) % 2) {
                let name = if v == 0 {
                    format!("{dom}.{ev}")
                } else {
                    format!("{dom}.{ev}.v2")
                };
                names.push(name);
            }
        }
    }
    names.extend(
        [
            "dead-letter.payments",
            "dead-letter.orders",
            "offline-orders.sync",
            "connect-configs",
            "connect-offsets",
            "connect-status",
            "_schemas",
        ]
        .iter()
        .map(|s| s.to_string()),
    );
    let leaderless = [
        ("analytics.clickstream.raw", 1u64),
        ("tmp.reindex-products-20261120", 1),
        ("legacy.erp-export", 2),
        ("search.synonyms-staging", 2),
        ("fraud.model-features.backfill", 2),
    ];
    for (n, _) in &leaderless {
        names.push(n.to_string());
    }
    names.sort();
    for (i, name) in names.iter().enumerate() {
        let rf = leaderless.iter().find(|l| l.0 == name).map_or(3, |l| l.1);
        let parts = if name.starts_with("connect-") || name == "_schemas" {
            if name == "connect-offsets" { 25 } else { 1 }
        } else {
            [6u64, 12, 12, 24, 24, 32, 48][(h(i, 7703) % 7) as usize]
        };
        let retention =
            [86_400_000u64, 259_200_000, 604_800_000, 1_209_600_000][(h(i, 7704) % 4) as usize];
        let configs = if name.starts_with("connect-") || name == "_schemas" {
            "cleanup.policy=compact".to_string()
        } else if rf == 3 {
            format!(
                "min.insync.replicas=2,cleanup.policy=delete,segment.bytes=536870912,retention.ms={retention}"
            )
        } else {
            format!("cleanup.policy=delete,retention.ms={retention}")
        };
        topics.push((name.clone(), parts, rf, configs));
    }
    topics.insert(
        0,
        (
            "__consumer_offsets".into(),
            50,
            3,
            "compression.type=producer,cleanup.policy=compact,segment.bytes=104857600".into(),
        ),
    );
    let mut out = String::new();
    let mut offline: Vec<String> = Vec::new();
    let mut under = 0;
    for (ti, (name, parts, rf, configs)) in topics.iter().enumerate() {
        out.push_str(&format!(
            "Topic: {name}\tTopicId: {}\tPartitionCount: {parts}\tReplicationFactor: {rf}\tConfigs: {configs}\n",
            {
                let id = letters(ti, 7705, 22);
                let mut s: String = id
                    .chars()
                    .enumerate()
                    .map(|(j, c)| if h(ti * 32 + j, 7706).is_multiple_of(2) { c.to_ascii_uppercase() } else { c })
                    .collect();
                s.replace_range(5..6, &((h(ti, 7707) % 10).to_string()));
                s
            }
        ));
        let planted = leaderless.iter().any(|l| l.0 == name);
        for p in 0..*parts {
            let q = ti * 64 + p as usize;
            // Rack-aware: one replica in each rack, rotating the order.
            let mut replicas: Vec<u64> = (0..*rf as usize)
                .map(|r| racks[(r + p as usize + ti) % 3][((h(q, 7708) + r as u64) % 3) as usize])
                .collect();
            let dead_here = planted && (p % 3 == 1 || p == 0);
            if planted && *rf == 1 {
                replicas = vec![if dead_here {
                    down[(p % 2) as usize]
                } else {
                    [1, 3, 4, 6, 7, 9][(h(q, 7709) % 6) as usize]
                }];
            } else if planted && *rf == 2 {
                replicas = if dead_here {
                    if p % 2 == 0 { vec![5, 8] } else { vec![8, 5] }
                } else {
                    vec![
                        [1, 2, 3][(h(q, 7710) % 3) as usize],
                        [7, 9][(h(q, 7711) % 2) as usize],
                    ]
                };
            }
            let alive: Vec<u64> = replicas
                .iter()
                .copied()
                .filter(|b| !down.contains(b))
                .collect();
            let (leader, isr) = if alive.is_empty() {
                offline.push(name.clone());
                ("none".to_string(), vec![replicas[0]])
            } else {
                let leader = if down.contains(&replicas[0]) {
                    alive[0]
                } else {
                    replicas[0]
                };
                let mut isr = alive.clone();
                if isr.len() < replicas.len() {
                    under += 1;
                }
                // A lagging follower now and then.
                if isr.len() > 1 && h(q, 7712).is_multiple_of(23) {
                    isr.retain(|&b| b == leader);
                }
                isr.sort_unstable();
                (leader.to_string(), isr)
            };
            let join = |v: &[u64]| {
                v.iter()
                    .map(|b| b.to_string())
                    .collect::<Vec<_>>()
                    .join(",")
            };
            out.push_str(&format!(
                "\tTopic: {name}\tPartition: {p}\tLeader: {leader}\tReplicas: {}\tIsr: {}\n",
                join(&replicas),
                join(&isr)
            ));
        }
    }
    offline.dedup();
    let items: Vec<String> = leaderless.iter().map(|l| l.0.to_string()).collect();
    assert_eq!(offline, {
        let mut s = items.clone();
        s.sort();
        s
    });
    let all: Vec<String> = topics.iter().map(|t| t.0.clone()).collect();
    for it in &items {
        assert!(!named_elsewhere(it, &all), "{it}");
    }
    assert!(under > 300, "{under}");
    assert!((350_000..1_000_000).contains(&out.len()), "{}", out.len());
    Case::items(
        "kafka-topics --describe with two brokers down, topics with a partition no broker leads",
        out,
        "Two of our Kafka brokers died this morning. Which topics now have partitions that nobody can read or write at all because no broker is serving them? List every topic.",
        items,
    )
}
