//! A TWENTY-THIRD HELD-OUT SET of issue 30, written by someone who had
//! not read the answer code and never run against it while being
//! written: eight outputs of tools no other set uses, each with a
//! question in a user's words and the answer its generator planted.
//! Written before being measured, and measured unread at 22efe84.
//! Measure it, never tune on it.
//!
//! One fact: `mtr --report` every ten minutes from an office to four
//! destinations over a day (the router where this afternoon's packet
//! loss to a payment provider begins and the worst loss there, among a
//! backbone router that rate-limits its answers and shows more loss all
//! day and hops that never answer), `kubectl describe nodes` of a
//! production EKS cluster (the node short of local disk and since when,
//! among a node that stopped reporting and a node whose kernel killed
//! processes for memory), the Auth0 CLI's `auth0 logs list --json` of a
//! shop's tenant (the customer account blocked after too many wrong
//! passwords and the address they came from, among a credential-stuffing
//! address blocked for trying many accounts and hundreds of failed
//! logins), `tailscale status --json` on a laptop (the machine its
//! traffic leaves through and its address, among the other machines
//! offered as exit nodes). Every item: `repadmin /showrepl * /verbose`
//! of a forest (the domain controllers whose inbound replication fails,
//! each for another reason), FreeRADIUS's `radius.log` of the office
//! Wi-Fi (the people turned away because their password expired, among
//! a locked-out account, a leaver's disabled one, phones with an old
//! password and devices that do not trust the certificate), `tfsec
//! --format json` of an infrastructure repository (the RDS instances
//! with a public endpoint, among security group rules open to the
//! internet and unencrypted databases), `hadolint -f json` over a
//! monorepo's Dockerfiles (those whose last user is root, among `sudo`
//! errors that name root and other errors).
//!
//! Every expected jq result follows from the generator's planted facts
//! and was checked with the real jq.

use serde_json::{Map, Value, json};

use super::super::heldout::{DAY, civil, clock, datetime, h, hex, letters, uuid};
use super::{Case, jq_string, named_elsewhere, pick, pretty, whole};

pub(super) fn cases() -> Vec<Case> {
    vec![
        mtr_loss_start(),
        describe_nodes_disk_pressure(),
        auth0_blocked_account(),
        tailscale_exit_node(),
        repadmin_failing_dcs(),
        radius_expired_passwords(),
        tfsec_public_databases(),
        hadolint_root_dockerfiles(),
    ]
}

const WEEKDAYS: [&str; 7] = ["Thu", "Fri", "Sat", "Sun", "Mon", "Tue", "Wed"];

const MONTHS: [&str; 12] = [
    "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
];

/// `(weekday, day, month, year)` of `t` seconds since the epoch.
fn date_parts(t: u64) -> (&'static str, u64, &'static str, u64) {
    let days = t / 86_400;
    let (y, m, d) = civil(days);
    (
        WEEKDAYS[(days % 7) as usize],
        d,
        MONTHS[(m - 1) as usize],
        y,
    )
}

/// `Fri, 27 Nov 2026 03:12:09 +0100`: a time as kubectl describes it,
/// `t` in local time (CET).
fn rfc1123z(t: u64) -> String {
    let (wd, d, m, y) = date_parts(t);
    format!("{wd}, {d:02} {m} {y} {} +0100", clock(t % 86_400))
}

/// `Fri Nov 27 07:52:11 2026`: ctime(3), as FreeRADIUS writes it.
fn ctime(t: u64) -> String {
    let (wd, d, m, y) = date_parts(t);
    format!("{wd} {m} {d:>2} {} {y}", clock(t % 86_400))
}

/// `2026-11-27 09:12:41`
fn ymd_hms(t: u64) -> String {
    let (y, m, d) = civil(t / 86_400);
    format!("{y}-{m:02}-{d:02} {}", clock(t % 86_400))
}

/// `2026-11-26T19:41:07.412Z` of `ms` milliseconds since the epoch.
fn iso_ms(ms: u64) -> String {
    let t = ms / 1000;
    let (y, m, d) = civil(t / 86_400);
    format!("{y}-{m:02}-{d:02}T{}.{:03}Z", clock(t % 86_400), ms % 1000)
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

const VOORNAMEN: [&str; 32] = [
    "Jan", "Pieter", "Sanne", "Lotte", "Daan", "Emma", "Bram", "Sophie", "Thijs", "Femke", "Ruben",
    "Iris", "Joris", "Anouk", "Niels", "Eva", "Maarten", "Lisa", "Koen", "Fleur", "Wouter",
    "Marloes", "Jeroen", "Ilse", "Sander", "Noor", "Bas", "Esther", "Tim", "Mirjam", "Gijs",
    "Hanneke",
];

const ACHTERNAMEN: [&str; 40] = [
    "de Vries",
    "Jansen",
    "Bakker",
    "Visser",
    "Smit",
    "Meijer",
    "de Boer",
    "Mulder",
    "de Groot",
    "Bos",
    "Vos",
    "Peters",
    "Hendriks",
    "van Leeuwen",
    "Dekker",
    "Brouwer",
    "de Wit",
    "Dijkstra",
    "Smits",
    "de Graaf",
    "van der Meer",
    "van der Linden",
    "Kok",
    "Jacobs",
    "de Haan",
    "Vermeulen",
    "van den Berg",
    "van Dijk",
    "Schouten",
    "van Beek",
    "Willems",
    "Hoekstra",
    "Koster",
    "Prins",
    "Postma",
    "Kuipers",
    "Verhoeven",
    "Huisman",
    "Peeters",
    "Maas",
];

/// `n` staff of Hollandia Foods, unique: (given name, surname, login
/// `j.devries`), fixed by `salt`.
fn staff(n: usize, salt: u64) -> Vec<(&'static str, &'static str, String)> {
    let mut out: Vec<(&str, &str, String)> = Vec::new();
    let mut k = 0;
    while out.len() < n {
        let g = pick(&VOORNAMEN, k, salt);
        let s = pick(&ACHTERNAMEN, k, salt + 1);
        k += 1;
        let login = format!(
            "{}.{}",
            g[..1].to_lowercase(),
            s.replace(' ', "").to_lowercase()
        );
        if !out.iter().any(|p| p.2 == login) {
            out.push((g, s, login));
        }
    }
    out
}

// ----------------------------------------------------------------- mtr

/// One hop of a route: its AS, name (`???` when nothing answers, the
/// address when it has no name), address and usual round trip (ms).
type MtrHop = (&'static str, &'static str, &'static str, f64);

const MTR_FIRST: [MtrHop; 3] = [
    ("AS???", "_gateway", "10.30.0.1", 0.4),
    ("AS3320", "l-ea6-i.L.DE.NET.DTAG.DE", "62.154.46.190", 6.9),
    ("AS3320", "f-ed12-i.F.DE.NET.DTAG.DE", "217.5.87.118", 10.8),
];

const MTR_PAYHUB: [MtrHop; 7] = [
    (
        "AS2914",
        "ae-15.r20.frnkge13.de.bb.gin.ntt.net",
        "129.250.2.233",
        11.4,
    ),
    (
        "AS2914",
        "ae-3.r25.amstnl07.nl.bb.gin.ntt.net",
        "129.250.4.162",
        17.9,
    ),
    (
        "AS2914",
        "ae-1.a04.amstnl07.nl.bb.gin.ntt.net",
        "129.250.3.57",
        18.3,
    ),
    (
        "AS203145",
        "ams5-edge-01.net.payhub.eu",
        "185.199.44.1",
        18.9,
    ),
    ("AS???", "???", "", 0.0),
    (
        "AS203145",
        "lb-ams5-02.net.payhub.eu",
        "185.199.44.66",
        19.4,
    ),
    ("AS203145", "api.payhub.eu", "185.199.46.10", 19.6),
];

const MTR_OUTLOOK: [MtrHop; 4] = [
    (
        "AS8075",
        "ae22-0.fra-96cbe-1a.ntwk.msn.net",
        "104.44.37.193",
        11.9,
    ),
    ("AS???", "???", "", 0.0),
    ("AS???", "???", "", 0.0),
    ("AS8075", "52.97.218.34", "52.97.218.34", 12.6),
];

const MTR_FILESERVER: [MtrHop; 6] = [
    (
        "AS1299",
        "ffm-bb1-link.ip.twelve99.net",
        "62.115.120.124",
        11.2,
    ),
    (
        "AS1299",
        "adm-bb3-link.ip.twelve99.net",
        "62.115.134.96",
        17.6,
    ),
    (
        "AS1299",
        "adm-b1-link.ip.twelve99.net",
        "62.115.136.183",
        17.9,
    ),
    ("AS1136", "ae3.ams-rc1.kpn.net", "139.156.100.21", 18.6),
    ("AS1136", "ae1.rtm-rc2.kpn.net", "139.156.100.66", 20.1),
    ("AS1136", "fs.hollandia-foods.nl", "145.53.18.40", 21.0),
];

const MTR_DNS: [MtrHop; 3] = [
    ("AS15169", "72.14.218.186", "72.14.218.186", 11.3),
    ("AS15169", "142.250.214.190", "142.250.214.190", 11.8),
    ("AS15169", "dns.google", "8.8.8.8", 11.5),
];

/// A cron job's log on `mon-01` in the Leipzig office of Hollandia
/// Foods: `mtr --report --report-wide --aslookup --show-ips -c 100` to
/// four destinations every ten minutes from 05:00 to 20:00 (the payment
/// provider's API, Exchange Online, the Rotterdam file server, Google's
/// DNS). NTT's Frankfurt router rate-limits the answers to mtr all day
/// (20–60 % loss at that hop only, none behind it), three hops never
/// answer; from 13:40 to 16:10 the payment provider's edge router
/// `ams5-edge-01.net.payhub.eu` and every hop behind it lose packets
/// (8–37 %, 43 % once, at 15:10): the loss begins there.
fn mtr_loss_start() -> Case {
    let targets: [(&str, &[MtrHop]); 4] = [
        ("api.payhub.eu", &MTR_PAYHUB),
        ("outlook.office365.com", &MTR_OUTLOOK),
        ("fs.hollandia-foods.nl", &MTR_FILESERVER),
        ("8.8.8.8", &MTR_DNS),
    ];
    let t0 = DAY + 5 * 3_600;
    let (lossy_from, lossy_to, peak) = (52u64, 67u64, 61u64);
    let mut out = String::new();
    for r in 0..90u64 {
        for (j, (target, path)) in targets.iter().enumerate() {
            let k = (r as usize) * 4 + j;
            let t = t0 + r * 600 + j as u64 * 104 + h(k, 6001) % 3;
            let (y, m, d) = civil(t / 86_400);
            out.push_str(&format!("### {target}\n"));
            out.push_str(&format!(
                "Start: {y}-{m:02}-{d:02}T{}+0100\n",
                clock(t % 86_400)
            ));
            out.push_str(&format!(
                "HOST: {:<68}Loss%   Snt   Last   Avg  Best  Wrst StDev\n",
                "mon-01"
            ));
            let lossy = j == 0 && (lossy_from..=lossy_to).contains(&r);
            let base_loss = if r == peak {
                43.0
            } else {
                let mut l = 8 + h(k, 6002) % 30;
                if l == 43 {
                    l = 42;
                }
                l as f64
            };
            let hops: Vec<&MtrHop> = MTR_FIRST.iter().chain(path.iter()).collect();
            for (n, &&(asn, host, ip, rtt)) in hops.iter().enumerate() {
                let q = k * 16 + n;
                let name = if host == "???" {
                    "???".to_string()
                } else if host == ip {
                    ip.to_string()
                } else {
                    format!("{host} ({ip})")
                };
                if host == "???" {
                    out.push_str(&format!(
                        "{:>3}. {:<8} {:<58} {:>5.1}% {:>5} {:>6.1} {:>5.1} {:>5.1} {:>5.1} {:>5.1}\n",
                        n + 1,
                        asn,
                        name,
                        100.0,
                        100,
                        0.0,
                        0.0,
                        0.0,
                        0.0,
                        0.0
                    ));
                    continue;
                }
                let mut loss = 0.0;
                if j == 0 && n == 3 {
                    // NTT Frankfurt answers mtr only now and then.
                    let mut l = 20 + h(q, 6003) % 41;
                    if l == 43 {
                        l = 44;
                    }
                    loss = l as f64;
                } else if lossy && n >= 6 {
                    if n == 6 {
                        loss = base_loss;
                    } else {
                        let mut l = (base_loss as u64 + h(q, 6004) % 5).saturating_sub(2);
                        if l == 43 {
                            l = 44;
                        }
                        loss = l as f64;
                    }
                } else if n + 1 == hops.len() && h(q, 6005).is_multiple_of(31) {
                    loss = (1 + h(q, 6006) % 2) as f64;
                }
                let slow = if lossy && n >= 6 { 9.0 } else { 0.0 };
                let jitter = (h(q, 6007) % 900) as f64 / 1_000.0;
                let best = (rtt - 0.2 - (h(q, 6008) % 30) as f64 / 100.0).max(0.2);
                let avg = rtt + jitter + slow;
                let wrst =
                    avg + (h(q, 6009) % 600) as f64 / 100.0 + if slow > 0.0 { 40.0 } else { 0.0 };
                let last = best + (h(q, 6010) % 100) as f64 / 100.0 * (wrst - best);
                let sd = (wrst - best) / 4.0;
                out.push_str(&format!(
                    "{:>3}. {:<8} {:<58} {:>5.1}% {:>5} {:>6.1} {:>5.1} {:>5.1} {:>5.1} {:>5.1}\n",
                    n + 1,
                    asn,
                    name,
                    loss,
                    100,
                    last,
                    avg,
                    best,
                    wrst,
                    sd
                ));
            }
        }
    }
    assert_eq!(whole(&out, "43.0%"), 1);
    assert_eq!(out.matches("Start: ").count(), 360);
    assert!((350_000..1_000_000).contains(&out.len()), "{}", out.len());
    Case::fact(
        "mtr --report every ten minutes, where this afternoon's loss to the payment provider begins",
        out,
        "Payments from the Leipzig office kept timing out this afternoon when talking to our payment provider. From these mtr runs, at which router along the route does the packet loss actually begin, and what's the worst loss it reached there?",
        &["ams5-edge-01.net.payhub.eu", "43.0%"],
    )
}

// ------------------------------------------------- kubectl describe nodes

/// A workload's pod on a node: namespace, name prefix, CPU request and
/// limit (millicores, 0 none), memory request and limit (MiB, 0 none).
type PodSpec = (&'static str, &'static str, u64, u64, u64, u64);

const DAEMONSETS: [PodSpec; 5] = [
    ("kube-system", "aws-node", 25, 0, 0, 0),
    ("kube-system", "kube-proxy", 100, 0, 0, 0),
    ("kube-system", "ebs-csi-node", 30, 0, 120, 768),
    ("logging", "fluent-bit", 100, 0, 128, 512),
    ("monitoring", "prometheus-node-exporter", 50, 250, 64, 128),
];

const WORKLOADS: [PodSpec; 30] = [
    ("shop", "storefront-web", 500, 2000, 768, 1536),
    ("shop", "cart-api", 250, 1000, 512, 1024),
    ("shop", "catalog-api", 500, 2000, 1024, 2048),
    ("shop", "pricing-api", 250, 1000, 512, 1024),
    ("shop", "session-store", 100, 500, 256, 512),
    ("checkout", "checkout-api", 500, 2000, 1024, 2048),
    ("checkout", "payment-adapter", 250, 1000, 512, 768),
    ("checkout", "order-events-consumer", 200, 1000, 384, 768),
    ("search", "search-api", 1000, 4000, 2048, 4096),
    ("search", "indexer-worker", 500, 2000, 1536, 3072),
    ("warehouse", "stock-sync", 200, 1000, 512, 1024),
    ("warehouse", "picking-api", 250, 1000, 512, 1024),
    ("warehouse", "label-printer-bridge", 100, 500, 128, 256),
    ("customer", "account-api", 250, 1000, 512, 1024),
    ("customer", "loyalty-api", 250, 1000, 512, 1024),
    ("customer", "newsletter-worker", 100, 500, 256, 512),
    ("data", "kafka-connect", 1000, 4000, 4096, 6144),
    ("data", "etl-runner", 2000, 0, 8192, 12288),
    ("data", "metabase", 500, 2000, 2048, 3072),
    (
        "ingress-nginx",
        "ingress-nginx-controller",
        500,
        0,
        512,
        1024,
    ),
    ("cert-manager", "cert-manager", 50, 0, 128, 256),
    ("argocd", "argocd-repo-server", 250, 1000, 512, 1024),
    (
        "argocd",
        "argocd-application-controller",
        500,
        2000,
        1024,
        2048,
    ),
    ("karpenter", "karpenter", 500, 1000, 1024, 1024),
    (
        "monitoring",
        "prometheus-kube-state-metrics",
        100,
        500,
        256,
        512,
    ),
    ("monitoring", "grafana", 250, 1000, 512, 1024),
    ("monitoring", "loki-read", 500, 2000, 1024, 2048),
    ("kube-system", "coredns", 100, 0, 70, 170),
    (
        "kube-system",
        "aws-load-balancer-controller",
        100,
        200,
        128,
        256,
    ),
    ("kube-system", "ebs-csi-controller", 60, 0, 240, 1536),
];

/// `3d4h`, `47h`, `6h12m`, `38m`: an age as kubectl prints it.
fn k8s_age(s: u64) -> String {
    let (d, hr, m) = (s / 86_400, s / 3_600 % 24, s / 60 % 60);
    if d >= 10 {
        format!("{d}d")
    } else if d >= 2 {
        if hr == 0 {
            format!("{d}d")
        } else {
            format!("{d}d{hr}h")
        }
    } else if s >= 3 * 3_600 {
        let hours = s / 3_600;
        if s < 8 * 3_600 && m > 0 {
            format!("{hours}h{m}m")
        } else {
            format!("{hours}h")
        }
    } else if s >= 600 {
        format!("{}m", s / 60)
    } else {
        format!("{}m{}s", s / 60, s % 60)
    }
}

/// `250m (3%)`, `1 (12%)`, `0 (0%)`: a CPU amount and its share.
fn cpu_share(m: u64, of: u64) -> String {
    let v = if m == 0 {
        "0".to_string()
    } else if m.is_multiple_of(1000) {
        (m / 1000).to_string()
    } else {
        format!("{m}m")
    };
    format!("{v} ({}%)", m * 100 / of)
}

/// `512Mi (1%)`, `2Gi (6%)`: a memory amount (MiB) and its share.
fn mem_share(mi: u64, of_ki: u64) -> String {
    let v = if mi == 0 {
        "0".to_string()
    } else if mi.is_multiple_of(1024) {
        format!("{}Gi", mi / 1024)
    } else {
        format!("{mi}Mi")
    };
    format!("{v} ({}%)", mi * 1024 * 100 / of_ki)
}

/// An EKS node group: name, instance type, CPUs, memory (Ki),
/// allocatable memory (Ki), max pods, capacity type, nodes.
type NodeGroup = (
    &'static str,
    &'static str,
    u64,
    u64,
    u64,
    u64,
    &'static str,
    usize,
);

/// `kubectl describe nodes` of `prod-eu1`, an EKS 1.30 cluster of 72
/// nodes in three node groups, at 10:41 CET. Every node its labels,
/// conditions, capacity, system info, pods and allocated resources. One
/// general node, `ip-10-42-37-204`, has had DiskPressure since 03:12:09
/// (tainted, the kubelet reclaiming ephemeral storage ever since); a
/// spot node stopped posting its status at 10:03 (every condition
/// Unknown, tainted unreachable); a memory node's kernel killed Java
/// processes three times (SystemOOM).
fn describe_nodes_disk_pressure() -> Case {
    let now = DAY + 10 * 3_600 + 41 * 60 + 7;
    let pressure_since = DAY + 3 * 3_600 + 12 * 60 + 9;
    let groups: [NodeGroup; 3] = [
        (
            "general-m6i-2xl",
            "m6i.2xlarge",
            8,
            32_386_544,
            31_369_712,
            58,
            "ON_DEMAND",
            40,
        ),
        (
            "memory-r6i-4xl",
            "r6i.4xlarge",
            16,
            130_577_292,
            128_429_964,
            234,
            "ON_DEMAND",
            14,
        ),
        (
            "spot-c6i-2xl",
            "c6i.2xlarge",
            8,
            15_896_996,
            14_880_164,
            58,
            "SPOT",
            18,
        ),
    ];
    let (disk_node, dead_node, oom_node) = (22usize, 61usize, 47usize);
    let zones = ["eu-central-1a", "eu-central-1b", "eu-central-1c"];
    let zone_ids = ["euc1-az2", "euc1-az3", "euc1-az1"];
    let mut names: Vec<String> = Vec::new();
    let mut nodes: Vec<String> = Vec::new();
    let mut i = 0usize;
    let mut planted = String::new();
    for (g, &(group, itype, cpus, mem_ki, alloc_ki, max_pods, cap, count)) in
        groups.iter().enumerate()
    {
        let ami = format!("ami-0{}", hex(g, 6101, 16));
        let lt = format!("lt-0{}", hex(g, 6102, 16));
        for _ in 0..count {
            let zone = i % 3;
            let (mut name, mut ip);
            let mut salt = 0;
            loop {
                let a = 16 + zone * 16 + (h(i + salt * 100, 6103) % 16) as usize;
                let b = 1 + h(i + salt * 100, 6104) % 254;
                ip = format!("10.42.{a}.{b}");
                name = format!("ip-10-42-{a}-{b}.eu-central-1.compute.internal");
                if !names.contains(&name) && name != "ip-10-42-37-204.eu-central-1.compute.internal"
                {
                    break;
                }
                salt += 1;
            }
            if i == disk_node {
                ip = "10.42.37.204".into();
                name = "ip-10-42-37-204.eu-central-1.compute.internal".into();
            }
            names.push(name.clone());
            if i == disk_node {
                planted = name.clone();
            }
            let created = now - 86_400 * (1 + h(i, 6105) % 12) - h(i, 6106) % 86_400;
            let created = if cap == "SPOT" {
                now - 3_600 * (5 + h(i, 6107) % 60)
            } else {
                created
            };
            let instance = format!("i-0{}", hex(i, 6108, 16));
            let mut n = String::new();
            n.push_str(&format!("Name:               {name}\n"));
            n.push_str("Roles:              <none>\n");
            let labels = [
                "beta.kubernetes.io/arch=amd64".to_string(),
                format!("beta.kubernetes.io/instance-type={itype}"),
                "beta.kubernetes.io/os=linux".to_string(),
                format!("eks.amazonaws.com/capacityType={cap}"),
                format!("eks.amazonaws.com/nodegroup={group}"),
                format!("eks.amazonaws.com/nodegroup-image={ami}"),
                format!("eks.amazonaws.com/sourceLaunchTemplateId={lt}"),
                format!("eks.amazonaws.com/sourceLaunchTemplateVersion={}", 4 + g),
                "failure-domain.beta.kubernetes.io/region=eu-central-1".to_string(),
                format!("failure-domain.beta.kubernetes.io/zone={}", zones[zone]),
                format!("k8s.io/cloud-provider-aws={}", hex(7, 6109, 32)),
                "kubernetes.io/arch=amd64".to_string(),
                format!("kubernetes.io/hostname={name}"),
                "kubernetes.io/os=linux".to_string(),
                format!("node.kubernetes.io/instance-type={itype}"),
                format!("topology.ebs.csi.aws.com/zone={}", zones[zone]),
                format!("topology.k8s.aws/zone-id={}", zone_ids[zone]),
                "topology.kubernetes.io/region=eu-central-1".to_string(),
                format!("topology.kubernetes.io/zone={}", zones[zone]),
            ];
            for (l, label) in labels.iter().enumerate() {
                let head = if l == 0 { "Labels:" } else { "" };
                n.push_str(&format!("{head:<20}{label}\n"));
            }
            n.push_str(&format!(
                "Annotations:        alpha.kubernetes.io/provided-node-ip: {ip}\n"
            ));
            n.push_str(&format!(
                "                    csi.volume.kubernetes.io/nodeid: {{\"ebs.csi.aws.com\":\"{instance}\"}}\n"
            ));
            n.push_str("                    node.alpha.kubernetes.io/ttl: 0\n");
            n.push_str(
                "                    volumes.kubernetes.io/controller-managed-attach-detach: true\n",
            );
            n.push_str(&format!("CreationTimestamp:  {}\n", rfc1123z(created)));
            let taints: Vec<&str> = if i == disk_node {
                vec!["node.kubernetes.io/disk-pressure:NoSchedule"]
            } else if i == dead_node {
                vec![
                    "node.kubernetes.io/unreachable:NoExecute",
                    "node.kubernetes.io/unreachable:NoSchedule",
                ]
            } else if g == 1 {
                vec!["workload=memory-heavy:NoSchedule"]
            } else {
                vec![]
            };
            if taints.is_empty() {
                n.push_str("Taints:             <none>\n");
            } else {
                for (k, t) in taints.iter().enumerate() {
                    let head = if k == 0 { "Taints:" } else { "" };
                    n.push_str(&format!("{head:<20}{t}\n"));
                }
            }
            n.push_str("Unschedulable:      false\n");
            let renew = if i == dead_node {
                DAY + 10 * 3_600 + 2 * 60 + 44
            } else {
                now - h(i, 6110) % 9
            };
            n.push_str(&format!(
                "Lease:\n  HolderIdentity:  {name}\n  AcquireTime:     <unset>\n  RenewTime:       {}\n",
                rfc1123z(renew)
            ));
            n.push_str("Conditions:\n  Type             Status  LastHeartbeatTime                 LastTransitionTime                Reason                       Message\n  ----             ------  -----------------                 ------------------                ------                       -------\n");
            let beat = now - 60 - h(i, 6111) % 240;
            let conds: [(&str, &str, &str, &str); 4] = [
                (
                    "MemoryPressure",
                    "False",
                    "KubeletHasSufficientMemory",
                    "kubelet has sufficient memory available",
                ),
                (
                    "DiskPressure",
                    if i == disk_node { "True" } else { "False" },
                    if i == disk_node {
                        "KubeletHasDiskPressure"
                    } else {
                        "KubeletHasNoDiskPressure"
                    },
                    if i == disk_node {
                        "kubelet has disk pressure"
                    } else {
                        "kubelet has no disk pressure"
                    },
                ),
                (
                    "PIDPressure",
                    "False",
                    "KubeletHasSufficientPID",
                    "kubelet has sufficient PID available",
                ),
                (
                    "Ready",
                    "True",
                    "KubeletReady",
                    "kubelet is posting ready status",
                ),
            ];
            for (c, (ty, st, reason, msg)) in conds.iter().enumerate() {
                let (st, reason, msg, hb, tr) = if i == dead_node {
                    (
                        "Unknown",
                        "NodeStatusUnknown",
                        "Kubelet stopped posting node status.",
                        DAY + 10 * 3_600 + 2 * 60 + 51,
                        DAY + 10 * 3_600 + 3 * 60 + 36,
                    )
                } else if i == disk_node && c == 1 {
                    (*st, *reason, *msg, beat, pressure_since)
                } else if c == 3 {
                    (*st, *reason, *msg, beat, created + 21 + h(i, 6112) % 30)
                } else {
                    (*st, *reason, *msg, beat, created)
                };
                n.push_str(&format!(
                    "  {ty:<16} {st:<7} {:<33} {:<33} {reason:<28} {msg}\n",
                    rfc1123z(hb),
                    rfc1123z(tr)
                ));
            }
            n.push_str(&format!(
                "Addresses:\n  InternalIP:   {ip}\n  InternalDNS:  {name}\n  Hostname:     {name}\n"
            ));
            let eph_ki = 104_845_292u64;
            for (head, cpu, mem, eph) in [
                ("Capacity", cpus.to_string(), mem_ki, eph_ki.to_string()),
                (
                    "Allocatable",
                    format!("{}m", cpus * 1000 - 90),
                    alloc_ki,
                    "95551679124".to_string(),
                ),
            ] {
                n.push_str(&format!(
                    "{head}:\n  cpu:                {cpu}\n  ephemeral-storage:  {eph}{}\n  hugepages-1Gi:      0\n  hugepages-2Mi:      0\n  memory:             {mem}Ki\n  pods:               {max_pods}\n",
                    if head == "Capacity" { "Ki" } else { "" }
                ));
            }
            n.push_str(&format!(
                "System Info:\n  Machine ID:                 ec2{}\n  System UUID:                ec2{}\n  Boot ID:                    {}\n  Kernel Version:             5.10.228-219.884.amzn2.x86_64\n  OS Image:                   Amazon Linux 2\n  Operating System:           linux\n  Architecture:               amd64\n  Container Runtime Version:  containerd://1.7.23\n  Kubelet Version:            v1.30.6-eks-94953ac\n  Kube-Proxy Version:         v1.30.6-eks-94953ac\n",
                hex(i, 6113, 29),
                &uuid(i, 6114)[3..],
                uuid(i, 6115)
            ));
            n.push_str(&format!(
                "ProviderID:                   aws:///{}/{instance}\n",
                zones[zone]
            ));
            // Pods: the daemon sets, then workloads.
            let alloc_m = cpus * 1000 - 90;
            let mut pods: Vec<(String, String, PodSpec, u64)> = Vec::new();
            for (d, ds) in DAEMONSETS.iter().enumerate() {
                pods.push((
                    ds.0.to_string(),
                    format!("{}-{}", ds.1, letters(i * 8 + d, 6116, 5)),
                    *ds,
                    now - created + 40,
                ));
            }
            let nwork = if i == dead_node {
                6
            } else {
                5 + h(i, 6117) % 22
            };
            for w in 0..nwork {
                let spec = WORKLOADS[(h(i * 41 + w as usize, 6118) % 30) as usize];
                let rs = hex(spec.1.len() + w as usize, 6119, 10);
                let age = (now - created).min(60 + h(i * 41 + w as usize, 6120) % (9 * 86_400));
                pods.push((
                    spec.0.to_string(),
                    format!(
                        "{}-{}-{}",
                        spec.1,
                        &rs[..(8 + rs.len() % 3).min(10)],
                        letters(i * 41 + w as usize, 6121, 5)
                    ),
                    spec,
                    age,
                ));
            }
            pods.sort_by(|a, b| (&a.0, &a.1).cmp(&(&b.0, &b.1)));
            n.push_str(&format!(
                "Non-terminated Pods:          ({} in total)\n",
                pods.len()
            ));
            n.push_str("  Namespace                   Name                                                CPU Requests  CPU Limits    Memory Requests  Memory Limits  Age\n  ---------                   ----                                                ------------  ----------    ---------------  -------------  ---\n");
            let (mut rc, mut lc, mut rm, mut lm) = (0u64, 0u64, 0u64, 0u64);
            for (ns, pname, spec, age) in &pods {
                let (_, _, creq, clim, mreq, mlim) = *spec;
                rc += creq;
                lc += clim;
                rm += mreq;
                lm += mlim;
                n.push_str(&format!(
                    "  {ns:<27} {pname:<51} {:<13} {:<13} {:<16} {:<14} {}\n",
                    cpu_share(creq, alloc_m),
                    cpu_share(clim, alloc_m),
                    mem_share(mreq, alloc_ki),
                    mem_share(mlim, alloc_ki),
                    k8s_age(*age)
                ));
            }
            n.push_str("Allocated resources:\n  (Total limits may be over 100 percent, i.e., overcommitted.)\n  Resource           Requests       Limits\n  --------           --------       ------\n");
            n.push_str(&format!(
                "  cpu                {:<14} {}\n  memory             {:<14} {}\n  ephemeral-storage  0 (0%)         0 (0%)\n  hugepages-1Gi      0 (0%)         0 (0%)\n  hugepages-2Mi      0 (0%)         0 (0%)\n",
                cpu_share(rc, alloc_m),
                cpu_share(lc, alloc_m),
                mem_share(rm, alloc_ki),
                mem_share(lm, alloc_ki)
            ));
            if i == disk_node {
                let since = k8s_age(now - pressure_since);
                n.push_str(&format!(
                    "Events:\n  Type     Reason                Age                     From     Message\n  ----     ------                ----                    ----     -------\n  Normal   NodeHasDiskPressure   {since:<23} kubelet  Node {name} status is now: NodeHasDiskPressure\n  Warning  EvictionThresholdMet  {:<23} kubelet  Attempting to reclaim ephemeral-storage\n",
                    format!("2m41s (x87 over {since})")
                ));
            } else if i == dead_node {
                n.push_str(&format!(
                    "Events:\n  Type    Reason        Age   From             Message\n  ----    ------        ----  ----             -------\n  Normal  NodeNotReady  38m   node-controller  Node {name} status is now: NodeNotReady\n"
                ));
            } else if i == oom_node {
                n.push_str("Events:\n  Type     Reason     Age   From     Message\n  ----     ------     ----  ----     -------\n  Warning  SystemOOM  52m   kubelet  System OOM encountered, victim process: java, pid: 2837411\n  Warning  SystemOOM  31m   kubelet  System OOM encountered, victim process: java, pid: 2914077\n  Warning  SystemOOM  9m    kubelet  System OOM encountered, victim process: java, pid: 3002158\n");
            } else {
                n.push_str("Events:                       <none>\n");
            }
            nodes.push(n);
            i += 1;
        }
    }
    let out = nodes.join("\n\n");
    assert_eq!(date_parts(DAY).0, "Fri");
    assert_eq!(whole(&out, "03:12:09"), 1);
    assert!(!named_elsewhere(&planted, &names));
    assert!((350_000..1_000_000).contains(&out.len()), "{}", out.len());
    Case::fact(
        "kubectl describe nodes of a production cluster, the node short of disk",
        out,
        "One of the worker nodes in our production cluster is running out of local disk space. Which node is it, and since what time has it been in that state?",
        &[&planted, "03:12:09"],
    )
}

// ---------------------------------------------------------------- Auth0

const VORNAMEN: [&str; 36] = [
    "Sabine", "Thomas", "Andrea", "Michael", "Claudia", "Stefan", "Petra", "Andreas", "Nicole",
    "Frank", "Susanne", "Jörg", "Birgit", "Uwe", "Kerstin", "Holger", "Anja", "Dirk", "Katrin",
    "Matthias", "Silke", "Ralf", "Heike", "Jens", "Tanja", "Sven", "Melanie", "Marco", "Yvonne",
    "Carsten", "Daniela", "Oliver", "Manuela", "Torsten", "Jana", "Björn",
];

const NACHNAMEN: [&str; 40] = [
    "Müller",
    "Schmidt",
    "Schneider",
    "Fischer",
    "Weber",
    "Meyer",
    "Wagner",
    "Becker",
    "Schulz",
    "Hoffmann",
    "Koch",
    "Richter",
    "Klein",
    "Wolf",
    "Schröder",
    "Neumann",
    "Schwarz",
    "Braun",
    "Hofmann",
    "Zimmermann",
    "Hartmann",
    "Krüger",
    "Lange",
    "Werner",
    "Krause",
    "Lehmann",
    "Köhler",
    "Herrmann",
    "König",
    "Walter",
    "Kühn",
    "Peters",
    "Möller",
    "Jung",
    "Keller",
    "Günther",
    "Berger",
    "Vogt",
    "Sommer",
    "Stein",
];

/// `Jörg` as an address writes it: `joerg`.
fn ascii_lower(s: &str) -> String {
    s.to_lowercase()
        .replace('ä', "ae")
        .replace('ö', "oe")
        .replace('ü', "ue")
        .replace('ß', "ss")
}

/// An Auth0 client: name, id, user agent as Auth0 parses it, mobile.
type A0Client = (&'static str, &'static str, &'static str, bool);

const A0_CLIENTS: [A0Client; 5] = [
    (
        "Velohaus Shop",
        "Kq3vX9TmW2pLr8sYbN4cZ1dF6gHj0aE5",
        "Chrome 131.0.0 / Windows 10.0.0",
        false,
    ),
    (
        "Velohaus Shop",
        "Kq3vX9TmW2pLr8sYbN4cZ1dF6gHj0aE5",
        "Safari 18.1.1 / Mac OS X 10.15.7",
        false,
    ),
    (
        "Velohaus App iOS",
        "p7RmB2xQ9wLk4VnT8cY1zD5fH3jG6sA0",
        "Mobile Safari 18.1.1 / iOS 18.1.1",
        true,
    ),
    (
        "Velohaus App Android",
        "Zt6cN1qW8eR3yU5iO0pA2sD9fG4hJ7kL",
        "Chrome Mobile 131.0.0 / Android 14.0.0",
        true,
    ),
    (
        "Velohaus Shop",
        "Kq3vX9TmW2pLr8sYbN4cZ1dF6gHj0aE5",
        "Firefox 133.0.0 / Linux 0.0.0",
        false,
    ),
];

const A0_CITIES: [(&str, f64, f64); 12] = [
    ("Leipzig", 51.3396, 12.3713),
    ("Dresden", 51.0504, 13.7373),
    ("Berlin", 52.5200, 13.4050),
    ("Halle", 51.4969, 11.9688),
    ("Chemnitz", 50.8278, 12.9214),
    ("Erfurt", 50.9787, 11.0328),
    ("Jena", 50.9271, 11.5892),
    ("Magdeburg", 52.1205, 11.6276),
    ("Potsdam", 52.3906, 13.0645),
    ("Hamburg", 53.5511, 9.9937),
    ("München", 48.1374, 11.5755),
    ("Köln", 50.9375, 6.9603),
];

const A0_NETS: [&str; 10] = [
    "84.59", "91.64", "178.203", "87.123", "93.208", "188.98", "2.207", "79.241", "217.84",
    "46.114",
];

/// One entry of Auth0's log as `auth0 logs list --json` prints it.
#[allow(clippy::too_many_arguments)]
fn a0_entry(
    ms: u64,
    ty: &str,
    description: &str,
    ip: &str,
    client: usize,
    user: (&str, &str),
    details: Value,
    k: usize,
) -> Value {
    let (cname, cid, ua, mobile) = A0_CLIENTS[client];
    let (uid, uname) = user;
    let t = ms / 1000;
    let (y, m, d) = civil(t / 86_400);
    let c = clock(t % 86_400).replace(':', "");
    let log_id = format!(
        "900{y}{m:02}{d:02}{c}{:03}{:019}{:015}",
        ms % 1000,
        h(k, 6201) % 10_000_000_000_000_000_000,
        h(k, 6202) % 1_000_000_000_000_000
    );
    let mut e = json!({
        "date": iso_ms(ms),
        "type": ty,
        "description": description,
        "connection": "Username-Password-Authentication",
        "connection_id": "con_x3Kd8wQp2LmT7vRz",
        "client_id": cid,
        "client_name": cname,
        "ip": ip,
        "user_agent": ua,
        "details": details,
        "hostname": "login.velohaus-lindner.de",
        "user_id": uid,
        "user_name": uname,
        "strategy": "auth0",
        "strategy_type": "database",
        "log_id": log_id,
        "isMobile": mobile,
    });
    let (city, lat, lon) = A0_CITIES[(h(k, 6203) % 12) as usize];
    if !ty.starts_with("limit") {
        e["location_info"] = json!({
            "country_code": "DE",
            "country_code3": "DEU",
            "country_name": "Germany",
            "city_name": city,
            "latitude": lat,
            "longitude": lon,
            "time_zone": "Europe/Berlin",
            "continent_code": "EU"
        });
    }
    if uid.is_empty() {
        e.as_object_mut().unwrap().remove("user_id");
    }
    e
}

/// `auth0 logs list --number 550 --json` of the tenant of Velohaus
/// Lindner's shop, newest first, from 10:00 UTC yesterday to 08:30
/// today: logins (with their prompts), code exchanges, silent
/// authentication and its failures, logouts, sign-ups, password changes,
/// customers mistyping their password now and then, a credential-
/// stuffing run from 45.134.26.77 at 01:12 (100 wrong or unknown
/// accounts, then that address blocked: `limit_mu`). One customer,
/// `kerstin.kuehn71@gmx.de`, got her password wrong ten times from
/// 178.203.144.19 at 19:41 and her account was blocked for that address
/// (`limit_wc`).
fn auth0_blocked_account() -> Case {
    let start = (DAY - 14 * 3_600) * 1000;
    let end = (DAY + 8 * 3_600 + 30 * 60) * 1000;
    let mut customers: Vec<(String, String)> = Vec::new();
    let providers = [
        "gmx.de",
        "web.de",
        "gmail.com",
        "t-online.de",
        "freenet.de",
        "outlook.de",
    ];
    let mut k = 0usize;
    while customers.len() < 420 {
        let g = pick(&VORNAMEN, k, 6210);
        let s = pick(&NACHNAMEN, k, 6211);
        let num = if h(k, 6212).is_multiple_of(2) {
            (60 + h(k, 6213) % 40).to_string()
        } else {
            String::new()
        };
        let email = format!(
            "{}.{}{num}@{}",
            ascii_lower(g),
            ascii_lower(s),
            pick(&providers, k, 6214)
        );
        k += 1;
        if customers.iter().any(|c| c.1 == email) || email == "kerstin.kuehn71@gmx.de" {
            continue;
        }
        customers.push((format!("auth0|{}", hex(k, 6215, 24)), email));
    }
    let victim = (
        "auth0|6512f0c94be3a17d2e8b5c41".to_string(),
        "kerstin.kuehn71@gmx.de".to_string(),
    );
    customers.push(victim.clone());
    let ip_of = |c: usize| -> String {
        format!(
            "{}.{}.{}",
            pick(&A0_NETS, c, 6216),
            h(c, 6217) % 256,
            1 + h(c, 6218) % 254
        )
    };
    let victim_ip = "178.203.144.19";
    let stuffer_ip = "45.134.26.77";
    let mut entries: Vec<(u64, Value)> = Vec::new();
    let mut n = 0usize;
    let sessions = 125usize;
    for s in 0..sessions {
        let c = (h(s, 6220) % 420) as usize;
        let (uid, email) = (customers[c].0.as_str(), customers[c].1.as_str());
        let client = (h(c, 6221) % 5) as usize;
        let ip = ip_of(c);
        let mut ms = start + h(s, 6222) % (end - start - 3_600_000);
        let logins = 1 + h(c, 6223) % 80;
        let sid = letters(s, 6224, 32);
        if h(s, 6225).is_multiple_of(9) {
            n += 1;
            entries.push((
                ms,
                a0_entry(
                    ms,
                    "fp",
                    "Wrong email or password.",
                    &ip,
                    client,
                    (uid, email),
                    json!({"error": {"message": "Wrong email or password."}}),
                    n,
                ),
            ));
            ms += 9_000 + h(s, 6226) % 30_000;
        }
        let e0 = 2_000 + h(s, 6227) % 40_000;
        n += 1;
        entries.push((
            ms,
            a0_entry(
                ms,
                "s",
                "Successful login",
                &ip,
                client,
                (uid, email),
                json!({
                    "prompts": [
                        {"name": "prompt-authenticate", "completedAt": ms - 300, "connection": "Username-Password-Authentication", "connection_id": "con_x3Kd8wQp2LmT7vRz", "strategy": "auth0", "identity": &uid[6..], "stats": {"loginsCount": logins}, "elapsedTime": e0 - 400},
                        {"name": "login", "flow": "universal-login", "initiatedAt": ms - e0, "completedAt": ms - 200, "user_id": uid, "user_name": email, "timers": {"rules": 14 + h(s, 6228) % 40}, "elapsedTime": e0 - 200}
                    ],
                    "initiatedAt": ms - e0,
                    "completedAt": ms,
                    "elapsedTime": e0,
                    "session_id": sid,
                    "stats": {"loginsCount": logins}
                }),
                n,
            ),
        ));
        ms += 400 + h(s, 6229) % 900;
        n += 1;
        entries.push((
            ms,
            a0_entry(
                ms,
                "seacft",
                "Authorization Code for Access Token",
                &ip,
                client,
                (uid, email),
                json!({"code": format!("*************{}", letters(s, 6230, 4))}),
                n,
            ),
        ));
        if h(s, 6231).is_multiple_of(3) {
            ms += 600_000 + h(s, 6232) % 7_200_000;
            n += 1;
            entries.push((
                ms,
                a0_entry(
                    ms,
                    "ssa",
                    "",
                    &ip,
                    client,
                    (uid, email),
                    json!({"prompts": [], "initiatedAt": ms - 180, "completedAt": ms, "elapsedTime": 180, "session_id": sid}),
                    n,
                ),
            ));
        }
        if h(s, 6233).is_multiple_of(5) {
            ms += 300_000 + h(s, 6234) % 3_600_000;
            n += 1;
            entries.push((
                ms,
                a0_entry(
                    ms,
                    "slo",
                    "User successfully logged out",
                    &ip,
                    client,
                    (uid, email),
                    json!({"return_to": "https://www.velohaus-lindner.de/", "allowed_logout_url": ["https://www.velohaus-lindner.de/", "https://www.velohaus-lindner.de/konto"], "session_id": sid}),
                    n,
                ),
            ));
        }
    }
    // Visitors whose session ran out: silent authentication fails.
    for s in 0..40usize {
        let c = (h(s, 6240) % 420) as usize;
        let ms = start + h(s, 6241) % (end - start);
        n += 1;
        entries.push((
            ms,
            a0_entry(
                ms,
                "fsa",
                "Login required",
                &ip_of(c),
                (h(c, 6221) % 2) as usize,
                ("", ""),
                json!({"body": {}, "qs": {"client_id": A0_CLIENTS[0].1, "response_type": "code", "redirect_uri": "https://www.velohaus-lindner.de/callback", "scope": "openid profile email offline_access", "prompt": "none", "response_mode": "web_message"}, "error": {"message": "Login required", "oauthError": "login_required", "type": "oauth-authorization"}}),
                n,
            ),
        ));
    }
    // Sign-ups and password changes.
    for s in 0..18usize {
        let c = (h(s, 6245) % 420) as usize;
        let ms = start + h(s, 6246) % (end - start);
        let (ty, desc, details) = if s % 3 == 0 {
            (
                "scp",
                "Password changed",
                json!({"email": &customers[c].1, "tenant": "velohaus-lindner"}),
            )
        } else {
            (
                "ss",
                "",
                json!({"body": {"tenant": "velohaus-lindner", "client_id": A0_CLIENTS[0].1, "connection": "Username-Password-Authentication", "email": &customers[c].1, "password": "*****", "user_metadata": {"newsletter": "false"}}}),
            )
        };
        n += 1;
        entries.push((
            ms,
            a0_entry(
                ms,
                ty,
                desc,
                &ip_of(c),
                0,
                (customers[c].0.as_str(), customers[c].1.as_str()),
                details,
                n,
            ),
        ));
    }
    // The credential-stuffing run at 01:12 UTC, then its address blocked.
    let stuff0 = (DAY + 3_600 + 12 * 60) * 1000;
    for a in 0..100usize {
        let ms = stuff0 + a as u64 * 2_400 + h(a, 6250) % 1_500;
        let known = h(a, 6251).is_multiple_of(3);
        let c = (h(a, 6252) % 420) as usize;
        let (ty, user) = if known {
            ("fp", (customers[c].0.as_str(), customers[c].1.as_str()))
        } else {
            ("fu", ("", customers[c].1.as_str()))
        };
        let fake = format!(
            "{}{}@{}",
            ascii_lower(pick(&VORNAMEN, a, 6253)),
            1950 + h(a, 6254) % 50,
            pick(&providers, a, 6255)
        );
        let user = if known { user } else { ("", fake.as_str()) };
        n += 1;
        entries.push((
            ms,
            a0_entry(
                ms,
                ty,
                "Wrong email or password.",
                stuffer_ip,
                4,
                user,
                json!({"error": {"message": "Wrong email or password."}}),
                n,
            ),
        ));
    }
    let ms = stuff0 + 100 * 2_400 + 700;
    n += 1;
    entries.push((
        ms,
        a0_entry(
            ms,
            "limit_mu",
            "Blocked IP address: too many failed login attempts for different accounts from the same IP address",
            stuffer_ip,
            4,
            ("", ""),
            json!({"ip": stuffer_ip, "attempts": 100}),
            n,
        ),
    ));
    // Kerstin Kühn: ten wrong passwords from one address, then blocked.
    let v0 = (DAY - 4 * 3_600 - 19 * 60 + 7) * 1000;
    for a in 0..10u64 {
        let ms = v0 + a * 31_000 + h(a as usize, 6260) % 20_000;
        n += 1;
        entries.push((
            ms,
            a0_entry(
                ms,
                "fp",
                "Wrong email or password.",
                victim_ip,
                2,
                (victim.0.as_str(), victim.1.as_str()),
                json!({"error": {"message": "Wrong email or password."}}),
                n,
            ),
        ));
    }
    let ms = v0 + 10 * 31_000 + 1_200;
    n += 1;
    entries.push((
        ms,
        a0_entry(
            ms,
            "limit_wc",
            "Blocked Account: too many failed login attempts for this account from the same IP address",
            victim_ip,
            2,
            (victim.0.as_str(), victim.1.as_str()),
            json!({"ip": victim_ip, "user_id": &victim.0, "attempts": 10}),
            n,
        ),
    ));
    // Another customer mistypes seven times, then resets her password.
    let c = 77usize;
    let o0 = (DAY - 9 * 3_600) * 1000;
    for a in 0..7u64 {
        let ms = o0 + a * 45_000;
        n += 1;
        entries.push((
            ms,
            a0_entry(
                ms,
                "fp",
                "Wrong email or password.",
                &ip_of(c),
                0,
                (customers[c].0.as_str(), customers[c].1.as_str()),
                json!({"error": {"message": "Wrong email or password."}}),
                n,
            ),
        ));
    }
    let ms = o0 + 7 * 45_000 + 180_000;
    n += 1;
    entries.push((
        ms,
        a0_entry(
            ms,
            "scp",
            "Password changed",
            &ip_of(c),
            0,
            (customers[c].0.as_str(), customers[c].1.as_str()),
            json!({"email": &customers[c].1, "tenant": "velohaus-lindner"}),
            n,
        ),
    ));
    entries.sort_by_key(|e| std::cmp::Reverse(e.0));
    let values: Vec<Value> = entries.into_iter().map(|e| e.1).collect();
    let out = pretty(&Value::Array(values), b"    ") + "\n";
    assert_eq!(out.matches("\"limit_wc\"").count(), 1);
    assert_eq!(whole(&out, victim_ip), 12);
    assert!((350_000..1_000_000).contains(&out.len()), "{}", out.len());
    Case::fact(
        "auth0 logs list --json of a shop's tenant, the customer account blocked",
        out,
        "A customer called this morning: the shop won't let her sign in at all any more, not even with the right password. Which customer account got shut out, and from which IP address did the bad attempts come?",
        &[&victim.1, victim_ip],
    )
    .with_jq(
        ".[] | select(.type == \"limit_wc\") | .user_name, .ip",
        vec![jq_string(&victim.1), jq_string(victim_ip)],
    )
}

// ------------------------------------------------------------ Tailscale

/// `tailscale status --json` on a laptop in Hollandia Foods' tailnet
/// of about 400 machines: staff laptops and phones, tagged
/// servers and build runners, two subnet routers and four machines
/// offered as exit nodes (`ExitNodeOption`), of which `gw-lon-01` is
/// offline. The laptop sends its traffic through `gw-fra-01`
/// (100.88.41.7): `ExitNode` true, its `AllowedIPs` holding `0.0.0.0/0`,
/// and the top-level `ExitNodeStatus` naming its addresses.
fn tailscale_exit_node() -> Case {
    let suffix = "tail4b7e2.ts.net";
    let now = DAY + 8 * 3_600 + 52 * 60 + 13; // UTC
    let people = staff(150, 6301);
    let mut used_v4: Vec<String> = vec!["100.88.41.7".to_string()];
    let mut v4 = |i: usize| -> String {
        let mut salt = 0u64;
        loop {
            let a = 64 + h(i, 6302 + salt) % 64;
            let ip = format!(
                "100.{a}.{}.{}",
                h(i, 6303 + salt) % 256,
                1 + h(i, 6304 + salt) % 254
            );
            if !used_v4.contains(&ip) {
                used_v4.push(ip.clone());
                return ip;
            }
            salt += 10;
        }
    };
    let v6 = |i: usize| format!("fd7a:115c:a1e0::{}:{}", &hex(i, 6305, 4), &hex(i, 6306, 4));
    let stable_id = |i: usize| {
        let mut s = String::from("n");
        s.push_str(&letters(i, 6307, 5).to_uppercase());
        s.push_str(&hex(i, 6308, 2));
        s.push_str("CNTRL");
        s
    };
    // (host name, OS, user index or None for tagged, tags, routes, exit
    // option, online)
    struct Node {
        host: String,
        dns: String,
        os: &'static str,
        user: Option<usize>,
        tags: Vec<&'static str>,
        routes: Vec<&'static str>,
        exit_option: bool,
        online: bool,
    }
    let mut nodes: Vec<Node> = Vec::new();
    let mut dns_used: Vec<String> = Vec::new();
    let mut add = |host: String,
                   os: &'static str,
                   user: Option<usize>,
                   tags: Vec<&'static str>,
                   routes: Vec<&'static str>,
                   exit_option: bool,
                   online: bool,
                   nodes: &mut Vec<Node>| {
        let base = host.to_lowercase();
        let mut dns = base.clone();
        let mut n = 1;
        while dns_used.contains(&dns) {
            dns = format!("{base}-{n}");
            n += 1;
        }
        dns_used.push(dns.clone());
        nodes.push(Node {
            host,
            dns: format!("{dns}.{suffix}."),
            os,
            user,
            tags,
            routes,
            exit_option,
            online,
        });
    };
    for (u, p) in people.iter().enumerate() {
        let login = p.2.replace('.', "");
        if h(u, 6310).is_multiple_of(3) {
            add(
                format!("LT-{:04}", 100 + h(u, 6311) % 900),
                "windows",
                Some(u),
                vec![],
                vec![],
                false,
                !h(u, 6312).is_multiple_of(3),
                &mut nodes,
            );
        } else {
            add(
                format!("{login}-mbp"),
                "macOS",
                Some(u),
                vec![],
                vec![],
                false,
                !h(u, 6312).is_multiple_of(3),
                &mut nodes,
            );
        }
        if !h(u, 6313).is_multiple_of(4) {
            let (host, os) = if h(u, 6314).is_multiple_of(2) {
                ("iPhone".to_string(), "iOS")
            } else {
                (format!("pixel-{}", 7 + h(u, 6315) % 3), "android")
            };
            add(
                host,
                os,
                Some(u),
                vec![],
                vec![],
                false,
                !h(u, 6316).is_multiple_of(2),
                &mut nodes,
            );
        }
        if h(u, 6317).is_multiple_of(5) {
            add(
                format!("{login}-ipad"),
                "iOS",
                Some(u),
                vec![],
                vec![],
                false,
                h(u, 6318).is_multiple_of(3),
                &mut nodes,
            );
        }
    }
    let servers = [
        ("build-runner", 24, "tag:ci"),
        ("k8s-ams-node", 40, "tag:k8s"),
        ("db-backup", 6, "tag:server"),
        ("erp-app", 8, "tag:server"),
        ("nas-rtm", 3, "tag:server"),
        ("monitoring", 4, "tag:server"),
        ("scale-lab", 12, "tag:lab"),
        ("print-srv", 5, "tag:server"),
    ];
    for (name, count, tag) in servers {
        for x in 1..=count {
            add(
                format!("{name}-{x:02}"),
                "linux",
                None,
                vec![tag],
                vec![],
                false,
                !(name == "scale-lab" && x % 4 == 0),
                &mut nodes,
            );
        }
    }
    add(
        "router-ams-01".into(),
        "linux",
        None,
        vec!["tag:router"],
        vec!["10.10.0.0/16", "10.11.0.0/16"],
        false,
        true,
        &mut nodes,
    );
    add(
        "router-rtm-01".into(),
        "linux",
        None,
        vec!["tag:router"],
        vec!["10.20.0.0/16"],
        false,
        true,
        &mut nodes,
    );
    for (gw, online) in [
        ("gw-ams-01", true),
        ("gw-fra-01", true),
        ("gw-lon-01", false),
        ("gw-nyc-01", true),
    ] {
        add(
            gw.into(),
            "linux",
            None,
            vec!["tag:exit"],
            vec![],
            true,
            online,
            &mut nodes,
        );
    }
    let me = 0usize;
    nodes[me].online = true;
    let mut peers = Map::new();
    let mut exit_v4 = String::new();
    let mut self_value = Value::Null;
    let mut hosts: Vec<String> = Vec::new();
    for (i, n) in nodes.iter().enumerate() {
        let is_exit = n.host == "gw-fra-01";
        let ip4 = if is_exit {
            "100.88.41.7".to_string()
        } else {
            v4(i)
        };
        let ip6 = v6(i);
        if is_exit {
            exit_v4 = ip4.clone();
        }
        hosts.push(n.host.clone());
        let key = format!("nodekey:{}", hex(i, 6320, 64));
        let mut allowed = vec![json!(format!("{ip4}/32")), json!(format!("{ip6}/128"))];
        for r in &n.routes {
            allowed.push(json!(r));
        }
        if is_exit {
            allowed.push(json!("0.0.0.0/0"));
            allowed.push(json!("::/0"));
        }
        let created = now - 86_400 * (3 + h(i, 6321) % 500) - h(i, 6322) % 86_400;
        let seen = if n.online {
            now - h(i, 6323) % 120
        } else {
            now - 3_600 * (1 + h(i, 6324) % 300)
        };
        let active = is_exit || (n.online && h(i, 6325).is_multiple_of(9));
        let user_id = match n.user {
            Some(u) => 3_100_000_000_000_000u64 + h(u, 6326) % 1_000_000_000_000_000,
            None => 3_099_999_999_999_999u64,
        };
        let port = 30_000 + h(i, 6327) % 30_000;
        let mut v = json!({
            "ID": stable_id(i),
            "PublicKey": key,
            "HostName": n.host,
            "DNSName": n.dns,
            "OS": n.os,
            "UserID": user_id,
            "TailscaleIPs": [ip4, ip6],
            "AllowedIPs": allowed,
        });
        let o = v.as_object_mut().unwrap();
        if !n.tags.is_empty() {
            o.insert("Tags".into(), json!(n.tags));
        }
        if !n.routes.is_empty() {
            o.insert("PrimaryRoutes".into(), json!(n.routes));
        }
        o.insert("Addrs".into(), Value::Null);
        o.insert(
            "CurAddr".into(),
            json!(if active {
                format!(
                    "185.{}.{}.{}:41641",
                    10 + h(i, 6328) % 200,
                    h(i, 6329) % 256,
                    1 + h(i, 6330) % 254
                )
            } else {
                String::new()
            }),
        );
        o.insert(
            "Relay".into(),
            json!(pick(&["ams", "fra", "lhr", "nyc"], i, 6331)),
        );
        o.insert(
            "RxBytes".into(),
            json!(if active {
                1_000_000 + h(i, 6332) % 9_000_000_000
            } else {
                0
            }),
        );
        o.insert(
            "TxBytes".into(),
            json!(if active {
                100_000 + h(i, 6333) % 900_000_000
            } else {
                0
            }),
        );
        o.insert(
            "Created".into(),
            json!(format!(
                "{}.{:09}Z",
                datetime(created),
                h(i, 6334) % 1_000_000_000
            )),
        );
        o.insert(
            "LastWrite".into(),
            json!(if active {
                format!("{}Z", datetime(now - 2))
            } else {
                "0001-01-01T00:00:00Z".to_string()
            }),
        );
        o.insert("LastSeen".into(), json!(format!("{}Z", datetime(seen))));
        o.insert(
            "LastHandshake".into(),
            json!(if active {
                format!("{}Z", datetime(now - 40 - h(i, 6335) % 80))
            } else {
                "0001-01-01T00:00:00Z".to_string()
            }),
        );
        o.insert("Online".into(), json!(n.online));
        o.insert("ExitNode".into(), json!(is_exit));
        o.insert("ExitNodeOption".into(), json!(n.exit_option));
        o.insert("Active".into(), json!(active));
        o.insert(
            "PeerAPIURL".into(),
            json!([
                format!("http://{ip4}:{port}"),
                format!("http://[{ip6}]:{port}")
            ]),
        );
        o.insert(
            "TaildropTarget".into(),
            json!(if n.user.is_some() { 3 } else { 1 }),
        );
        o.insert("NoFileSharingReason".into(), json!(""));
        o.insert("InNetworkMap".into(), json!(true));
        o.insert("InMagicSock".into(), json!(true));
        o.insert("InEngine".into(), json!(active));
        if n.user.is_some() {
            o.insert(
                "KeyExpiry".into(),
                json!(format!(
                    "{}Z",
                    datetime(created + 180 * 86_400 * (1 + (now - created) / (180 * 86_400)))
                )),
            );
        }
        if i == me {
            self_value = v;
        } else {
            peers.insert(key, v);
        }
    }
    let mut users = Map::new();
    for (u, p) in people.iter().enumerate() {
        let id = 3_100_000_000_000_000u64 + h(u, 6326) % 1_000_000_000_000_000;
        users.insert(
            id.to_string(),
            json!({"ID": id, "LoginName": format!("{}@hollandia-foods.nl", p.2), "DisplayName": format!("{} {}", p.0, p.1), "ProfilePicURL": "", "Roles": []}),
        );
    }
    users.insert(
        "3099999999999999".into(),
        json!({"ID": 3_099_999_999_999_999u64, "LoginName": "tagged-devices", "DisplayName": "Tagged Devices", "ProfilePicURL": "", "Roles": []}),
    );
    let self_ips = self_value["TailscaleIPs"].clone();
    let exit_id = nodes
        .iter()
        .position(|n| n.host == "gw-fra-01")
        .map(stable_id)
        .unwrap();
    let exit_v6 = v6(nodes.iter().position(|n| n.host == "gw-fra-01").unwrap());
    let doc = json!({
        "Version": "1.76.6-t4f3c0e2a1-g8d7b5c9e0",
        "TUN": true,
        "BackendState": "Running",
        "HaveNodeKey": true,
        "AuthURL": "",
        "TailscaleIPs": self_ips,
        "Self": self_value,
        "ExitNodeStatus": {"ID": exit_id, "Online": true, "TailscaleIPs": [format!("{exit_v4}/32"), format!("{exit_v6}/128")]},
        "Health": [],
        "MagicDNSSuffix": suffix,
        "CurrentTailnet": {"Name": "hollandia-foods.nl", "MagicDNSSuffix": suffix, "MagicDNSEnabled": true},
        "CertDomains": [format!("{}.{suffix}", nodes[me].dns.split('.').next().unwrap())],
        "Peer": peers,
        "User": users,
        "ClientVersion": {"RunningLatest": true}
    });
    let out = pretty(&doc, b"  ") + "\n";
    assert_eq!(exit_v4, "100.88.41.7");
    assert!(!named_elsewhere("gw-fra-01", &hosts));
    assert_eq!(out.matches("\"ExitNode\": true").count(), 1);
    assert_eq!(out.matches("\"ExitNodeOption\": true").count(), 4);
    assert!((350_000..1_000_000).contains(&out.len()), "{}", out.len());
    Case::fact(
        "tailscale status --json on a laptop, the machine its traffic leaves through",
        out,
        "My laptop's internet traffic is going out through one of our own machines at the moment. Which machine is it using, and what's that machine's 100.x address?",
        &["gw-fra-01", "100.88.41.7"],
    )
    .with_jq(
        ".Peer[] | select(.ExitNode) | .HostName, .TailscaleIPs[0]",
        vec![jq_string("gw-fra-01"), jq_string("100.88.41.7")],
    )
}

// -------------------------------------------------------------- repadmin

/// One domain controller: site, name, global catalog, read-only, object
/// GUID and invocation id.
struct Dc {
    site: &'static str,
    name: String,
    gc: bool,
    rodc: bool,
    guid: String,
    inv: String,
}

/// `repadmin /showrepl * /verbose` over the 44 domain controllers of
/// `corp.hollandia-foods.nl` (four hub DCs in Amsterdam, one or two per
/// branch site, two read-only ones; the hubs and each site's first DC
/// global catalogs holding the forest's two other domains), at 09:14:
/// every DC's inbound neighbours per naming context. Six DCs fail to
/// pull from one partner, in every naming context they share, each for
/// another reason: HAM-DC01 (the RPC server is unavailable), MAD-DC02
/// (a DNS lookup failure, from its site partner), WAW-DC01 (the target
/// principal name is incorrect), LYS-DC02 (replication access denied,
/// from its site partner), MIL-DC01 (past the tombstone lifetime, last success in
/// May), DUB-RODC01 (the remote system is not available).
fn repadmin_failing_dcs() -> Case {
    let domain = "corp.hollandia-foods.nl";
    let dn = "DC=corp,DC=hollandia-foods,DC=nl";
    let now = DAY + 9 * 3_600 + 14 * 60;
    let branches: [(&str, &str, usize, bool); 28] = [
        ("Rotterdam", "RTM", 2, false),
        ("Utrecht", "UTR", 1, false),
        ("Eindhoven", "EHV", 2, false),
        ("Groningen", "GRQ", 1, false),
        ("Antwerpen", "ANR", 2, false),
        ("Brussel", "BRU", 1, false),
        ("Hamburg", "HAM", 2, false),
        ("Duesseldorf", "DUS", 1, false),
        ("Muenchen", "MUC", 2, false),
        ("Lyon", "LYS", 2, false),
        ("Paris", "CDG", 2, false),
        ("Milano", "MIL", 2, false),
        ("Madrid", "MAD", 2, false),
        ("Barcelona", "BCN", 1, false),
        ("Warszawa", "WAW", 2, false),
        ("Praha", "PRG", 1, false),
        ("Wien", "VIE", 1, false),
        ("Zuerich", "ZRH", 1, false),
        ("Stockholm", "ARN", 1, false),
        ("Kobenhavn", "CPH", 2, false),
        ("Oslo", "OSL", 1, false),
        ("Helsinki", "HEL", 1, false),
        ("Dublin", "DUB", 1, true),
        ("Manchester", "MAN", 2, false),
        ("Lisboa", "LIS", 1, false),
        ("Budapest", "BUD", 1, false),
        ("Bucuresti", "OTP", 1, false),
        ("Athina", "ATH", 1, true),
    ];
    let mut dcs: Vec<Dc> = Vec::new();
    let new_dc = |site: &'static str, name: String, gc: bool, rodc: bool, k: usize| Dc {
        site,
        name,
        gc,
        rodc,
        guid: uuid(k, 6401),
        inv: uuid(k, 6402),
    };
    for x in 1..=4 {
        dcs.push(new_dc(
            "Amsterdam",
            format!("AMS-DC{x:02}"),
            true,
            false,
            dcs.len(),
        ));
    }
    // Inbound neighbours by index into `dcs`.
    let mut inbound: Vec<Vec<usize>> = (0..4)
        .map(|a| (0..4).filter(|&b| b != a).collect())
        .collect();
    for (s, &(site, code, count, rodc)) in branches.iter().enumerate() {
        let first = dcs.len();
        for x in 1..=count {
            let name = if rodc {
                format!("{code}-RODC{x:02}")
            } else {
                format!("{code}-DC{x:02}")
            };
            dcs.push(new_dc(site, name, x == 1 && !rodc, rodc, dcs.len()));
            let mut nb = Vec::new();
            if x == 1 {
                nb.push(s % 4);
                nb.push((s + 1) % 4);
                if s.is_multiple_of(2) {
                    nb.push((s + 2) % 4);
                }
                if count == 2 {
                    nb.push(first + 1);
                }
            } else {
                nb.push(first);
                nb.push((s + 2) % 4);
            }
            inbound.push(nb);
        }
        if !rodc {
            inbound[s % 4].push(first);
        }
    }
    // Naming contexts: (DN, held by every writable DC, GC partial).
    let ncs: [(String, bool); 7] = [
        (dn.to_string(), false),
        (format!("CN=Configuration,{dn}"), false),
        (format!("CN=Schema,CN=Configuration,{dn}"), false),
        (format!("DC=DomainDnsZones,{dn}"), false),
        (format!("DC=ForestDnsZones,{dn}"), false),
        (format!("DC=retail,{dn}"), true),
        (format!("DC=plants,{dn}"), true),
    ];
    // Failing inbound links: the destination, its first neighbour.
    let fails: [(&str, &str, &str, u64, u64); 6] = [
        (
            "HAM-DC01",
            "1722 (0x6ba)",
            "The RPC server is unavailable.",
            41,
            DAY - 86_400 + 21 * 3_600 + 14 * 60 + 52,
        ),
        (
            "MAD-DC02",
            "8524 (0x214c)",
            "The DSA operation is unable to proceed because of a DNS lookup failure.",
            118,
            DAY - 2 * 86_400 + 9 * 3_600 + 40 * 60 + 17,
        ),
        (
            "WAW-DC01",
            "-2146893022 (0x80090322)",
            "The target principal name is incorrect.",
            67,
            DAY - 2 * 86_400 + 23 * 3_600 + 2 * 60 + 10,
        ),
        (
            "LYS-DC02",
            "8453 (0x2105)",
            "Replication access was denied.",
            12,
            DAY + 4 * 3_600 + 58 * 60 + 33,
        ),
        (
            "MIL-DC01",
            "8614 (0x21a6)",
            "The directory service cannot replicate with this server because the time since the last replication with this server has exceeded the tombstone lifetime.",
            2_113,
            DAY - 197 * 86_400 + 11 * 3_600 + 20 * 60 + 45,
        ),
        (
            "DUB-RODC01",
            "1256 (0x4e8)",
            "The remote system is not available. For information about network troubleshooting, see Windows Help.",
            29,
            DAY + 3_600 + 33 * 60 + 8,
        ),
    ];
    let mut out = String::new();
    let mut failing: Vec<String> = Vec::new();
    for (d, dc) in dcs.iter().enumerate() {
        let fqdn = format!("{}.{domain}", dc.name.to_lowercase());
        out.push_str(&format!(
            "\nRepadmin: running command /showrepl against {} DC {fqdn}\n{}\\{}\n",
            if dc.rodc { "read only" } else { "full" },
            dc.site,
            dc.name
        ));
        let opts = if dc.rodc {
            "DISABLE_OUTBOUND_REPL IS_RODC"
        } else if dc.gc {
            "IS_GC"
        } else {
            "(none)"
        };
        out.push_str(&format!(
            "DSA Options: {opts}\nSite Options: (none)\nDSA object GUID: {}\nDSA invocationID: {}\n\n==== INBOUND NEIGHBORS ======================================\n",
            dc.guid, dc.inv
        ));
        let fail = fails.iter().find(|f| f.0 == dc.name);
        for (c, (nc, partial)) in ncs.iter().enumerate() {
            if *partial && !dc.gc {
                continue;
            }
            out.push_str(&format!("\n{nc}\n"));
            for (j, &src) in inbound[d].iter().enumerate() {
                let s = &dcs[src];
                if *partial && !s.gc {
                    continue;
                }
                let k = d * 97 + c * 11 + j;
                let intra = s.site == dc.site;
                let mut flags = String::new();
                if !dc.rodc && !*partial {
                    flags.push_str("WRITEABLE ");
                }
                flags.push_str("SYNC_ON_STARTUP DO_SCHEDULED_SYNCS");
                if !intra {
                    flags.push_str(" COMPRESS_CHANGES NO_CHANGE_NOTIFICATIONS");
                }
                let usn = 40_000_000 + h(k, 6403) % 9_000_000;
                out.push_str(&format!(
                    "    {}\\{} via RPC\n        DSA object GUID: {}\n        Address: {}._msdcs.{domain}\n        DSA invocationID: {}\n        {flags}\n        USNs: {usn}/OU, {usn}/PU\n",
                    s.site, s.name, s.guid, s.guid, s.inv
                ));
                let attempt = if intra {
                    now - h(k, 6404) % 300
                } else {
                    now - h(k, 6405) % 900
                };
                match fail {
                    Some(&(_, result, msg, count, success)) if j == 0 => {
                        out.push_str(&format!(
                            "        Last attempt @ {} failed, result {result}:\n            {msg}\n        {} consecutive failure(s).\n        Last success @ {}.\n",
                            ymd_hms(attempt),
                            count + (c as u64) % 3,
                            ymd_hms(success - c as u64 * 7)
                        ));
                        if !failing.contains(&dc.name) {
                            failing.push(dc.name.clone());
                        }
                    }
                    _ => out.push_str(&format!(
                        "        Last attempt @ {} was successful.\n",
                        ymd_hms(attempt)
                    )),
                }
            }
        }
    }
    let items: Vec<String> = fails.iter().map(|f| f.0.to_string()).collect();
    let names: Vec<String> = dcs.iter().map(|d| d.name.clone()).collect();
    for it in &items {
        assert!(!named_elsewhere(it, &names), "{it}");
        assert!(names.contains(it), "{it}");
    }
    assert_eq!(failing.len(), 6);
    assert!((350_000..1_000_000).contains(&out.len()), "{}", out.len());
    Case::items(
        "repadmin /showrepl * /verbose of a forest, DCs whose inbound replication fails",
        out,
        "Which of our domain controllers aren't getting directory changes from one of their replication partners at the moment? I need every DC that's affected.",
        items,
    )
}

// ------------------------------------------------------------ FreeRADIUS

/// `3C-22-FB-1A-2B-3C`: a station's MAC as a controller sends it.
fn station_mac(i: usize, salt: u64) -> String {
    let x = hex(i, salt, 12).to_uppercase();
    (0..6)
        .map(|k| &x[k * 2..k * 2 + 2])
        .collect::<Vec<_>>()
        .join("-")
}

/// FreeRADIUS 3.2's `radius.log` (`auth = yes`) of Hollandia Foods'
/// staff Wi-Fi (PEAP-MSCHAPv2 checked against Active Directory through
/// `ntlm_auth`) from midnight to 11:00: laptops' machine logins, staff
/// logins from laptops and phones (inner and outer, some outer
/// identities anonymous), a reload at 04:00, phones still holding an
/// old password (`Logon failure`, every few minutes all morning), a
/// locked-out account (`Account locked out`), a leaver's disabled one
/// (`Account disabled`), devices that do not trust the server's
/// certificate (`unknown CA`). Five people are turned away because
/// their password expired (`Password expired (0xc0000071)`), again and
/// again, and never get in.
fn radius_expired_passwords() -> Case {
    let people = staff(260, 6501);
    let expired = [14usize, 57, 103, 166, 221];
    let locked = 88usize;
    let disabled = 190usize;
    let stale = [31usize, 72, 140, 201, 244];
    let wlcs = ["wlc-ams-01", "wlc-ams-02", "wlc-rtm-01", "wlc-ehv-01"];
    // (time, what, who, controller, station) — what: 0 OK, 1 machine OK,
    // 2 mschap failure (message), 3 unknown CA.
    let mut events: Vec<(u64, u8, usize, usize, String, &str)> = Vec::new();
    let t0 = DAY;
    for (u, _) in people.iter().enumerate() {
        let wlc = (h(u, 6502) % 4) as usize;
        let arrive = t0 + 7 * 3_600 + h(u, 6503) % (2 * 3_600);
        let laptop = station_mac(u, 6504);
        let phone = station_mac(u, 6505);
        // The laptop's machine login on arrival.
        events.push((arrive - 40, 1, u, wlc, laptop.clone(), ""));
        if expired.contains(&u) {
            let mut t = arrive;
            let mut k = 0;
            while t < t0 + 11 * 3_600 - 600 {
                let mac = if k % 3 == 2 { &phone } else { &laptop };
                events.push((t, 2, u, wlc, mac.clone(), "Password expired (0xc0000071)"));
                t += 180 + h(u * 64 + k, 6506) % 700;
                k += 1;
            }
            continue;
        }
        if u == locked {
            let mut t = arrive;
            for k in 0..26usize {
                let msg = if k < 5 {
                    "Logon failure (0xc000006d)"
                } else {
                    "Account locked out (0xc0000234)"
                };
                events.push((t, 2, u, wlc, laptop.clone(), msg));
                t += 60 + h(k, 6507) % 400;
            }
            continue;
        }
        if u == disabled {
            let mut t = t0 + 20 * 60;
            let mut k = 0;
            while t < t0 + 11 * 3_600 {
                events.push((t, 2, u, wlc, phone.clone(), "Account disabled (0xc0000072)"));
                t += 900 + h(k, 6508) % 600;
                k += 1;
            }
            continue;
        }
        let visits = 1 + h(u, 6509) % 3;
        for v in 0..visits {
            let t = arrive + v * (3_000 + h(u * 8 + v as usize, 6510) % 4_000);
            events.push((t, 0, u, wlc, laptop.clone(), ""));
        }
        if stale.contains(&u) {
            let mut t = t0 + 6 * 3_600 + h(u, 6511) % 3_600;
            let mut k = 0;
            while t < t0 + 11 * 3_600 {
                events.push((t, 2, u, wlc, phone.clone(), "Logon failure (0xc000006d)"));
                t += 200 + h(u * 64 + k, 6512) % 300;
                k += 1;
            }
        } else if !h(u, 6513).is_multiple_of(3) {
            events.push((
                arrive + 300 + h(u, 6514) % 3_000,
                0,
                u,
                wlc,
                phone.clone(),
                "",
            ));
        }
    }
    // Devices that do not trust the server's certificate.
    for d in 0..70usize {
        let t = t0 + h(d, 6520) % (11 * 3_600);
        events.push((
            t,
            3,
            0,
            (h(d, 6521) % 4) as usize,
            station_mac(d % 9, 6522),
            "",
        ));
    }
    events.sort_by_key(|e| e.0);
    let mut log = Timeline(Vec::new());
    let mut id = 38_211u64;
    for (k, (t, what, u, wlc, mac, msg)) in events.iter().enumerate() {
        let stamp = ctime(*t);
        let client = wlcs[*wlc];
        id += 6 + h(k, 6530) % 6;
        let login = &people[*u].2;
        let outer = if h(*u, 6531).is_multiple_of(4) {
            "anonymous"
        } else {
            login.as_str()
        };
        match what {
            0 => {
                log.add(*t, format!("{stamp} : Auth: ({}) Login OK: [{login}] (from client {client} port 0 cli {mac} via TLS tunnel)", id - 1));
                log.add(*t, format!("{stamp} : Auth: ({id}) Login OK: [{outer}] (from client {client} port 0 cli {mac})"));
            }
            1 => {
                let host = format!(
                    "host/LT-{:04}.corp.hollandia-foods.nl",
                    100 + h(*u, 6532) % 9_000
                );
                log.add(*t, format!("{stamp} : Auth: ({}) Login OK: [{host}] (from client {client} port 0 cli {mac} via TLS tunnel)", id - 1));
                log.add(*t, format!("{stamp} : Auth: ({id}) Login OK: [{host}] (from client {client} port 0 cli {mac})"));
            }
            2 => {
                log.add(*t, format!("{stamp} : Auth: ({}) Login incorrect (mschap: Program returned code (1) and output '{msg}'): [{login}/<via Auth-Type = eap>] (from client {client} port 0 cli {mac} via TLS tunnel)", id - 1));
                log.add(*t, format!("{stamp} : Auth: ({id}) Login incorrect (eap_peap: The users session was previously rejected: returning reject (again.) ): [{outer}/<via Auth-Type = eap>] (from client {client} port 0 cli {mac})"));
            }
            _ => {
                log.add(
                    *t,
                    format!(
                        "{stamp} : Error: ({id}) eap_peap: ERROR: TLS Alert read:fatal:unknown CA"
                    ),
                );
                log.add(*t, format!("{stamp} : Error: ({id}) eap_peap: ERROR: Failed in __FUNCTION__ (SSL_read): error:0A000418:SSL routines::tlsv1 alert unknown ca"));
                log.add(*t, format!("{stamp} : Auth: ({id}) Login incorrect (eap_peap: TLS Alert read:fatal:unknown CA): [anonymous/<via Auth-Type = eap>] (from client {client} port 0 cli {mac})"));
            }
        }
    }
    // Spare connections now and then, the reload at 04:00.
    for k in 0..60usize {
        let t = t0 + h(k, 6540) % (11 * 3_600);
        log.add(
            t,
            format!(
                "{} : Info: Need {} more connections to reach 10 spares",
                ctime(t),
                1 + h(k, 6541) % 5
            ),
        );
    }
    let hup = t0 + 4 * 3_600 + 1;
    for l in [
        "Info: Received HUP signal",
        "Info: HUP - Re-reading configuration files",
        "Info: HUP - Loading modules",
        "Info: HUP - Rebuilding TLS session cache for eap",
        "Warning: Please use tls_min_version and tls_max_version instead of disable_tlsv1",
        "Info: Loaded virtual server <default>",
        "Info: Loaded virtual server inner-tunnel",
        "Info: Ready to process requests",
    ] {
        log.add(hup, format!("{} : {l}", ctime(hup)));
    }
    let out = log.text();
    let items: Vec<String> = expired.iter().map(|&u| people[u].2.clone()).collect();
    let logins: Vec<String> = people.iter().map(|p| p.2.clone()).collect();
    for it in &items {
        assert!(!named_elsewhere(it, &logins), "{it}");
        assert!(!out.contains(&format!("Login OK: [{it}]")), "{it}");
    }
    assert_eq!(
        out.lines().filter(|l| l.contains("0xc0000071")).count(),
        events.iter().filter(|e| e.5.contains("0xc0000071")).count()
    );
    assert!((350_000..1_000_000).contains(&out.len()), "{}", out.len());
    Case::items(
        "FreeRADIUS radius.log of the office Wi-Fi, people whose password expired",
        out,
        "Whose Wi-Fi logins keep getting turned away this morning because their Windows password has run out? I need every one of them.",
        items,
    )
}

// ---------------------------------------------------------------- tfsec

/// A tfsec check: rule id, long id, summary, impact, resolution,
/// severity, what a failing resource is told, and its docs' page.
struct TfCheck {
    rule: &'static str,
    long: &'static str,
    summary: &'static str,
    impact: &'static str,
    resolution: &'static str,
    severity: &'static str,
    finding: &'static str,
    registry: &'static str,
}

const TF_CHECKS: [TfCheck; 22] = [
    TfCheck {
        rule: "AVD-AWS-0089",
        long: "aws-s3-enable-bucket-logging",
        summary: "S3 Bucket does not have logging enabled.",
        impact: "There is no way to determine the access to this bucket",
        resolution: "Add a logging block to the resource to enable access logging",
        severity: "MEDIUM",
        finding: "Bucket does not have logging enabled",
        registry: "s3_bucket",
    },
    TfCheck {
        rule: "AVD-AWS-0090",
        long: "aws-s3-enable-versioning",
        summary: "S3 Data should be versioned",
        impact: "Deleted or modified data would not be recoverable",
        resolution: "Enable versioning to protect against accidental/malicious removal or modification",
        severity: "MEDIUM",
        finding: "Bucket does not have versioning enabled",
        registry: "s3_bucket_versioning",
    },
    TfCheck {
        rule: "AVD-AWS-0132",
        long: "aws-s3-encryption-customer-key",
        summary: "S3 encryption should use Customer Managed Keys",
        impact: "Using AWS managed keys does not allow for fine grained control",
        resolution: "Enable encryption using customer managed keys",
        severity: "HIGH",
        finding: "Bucket does not encrypt data with a customer managed key.",
        registry: "s3_bucket_server_side_encryption_configuration",
    },
    TfCheck {
        rule: "AVD-AWS-0094",
        long: "aws-s3-specify-public-access-block",
        summary: "S3 buckets should each define an aws_s3_bucket_public_access_block",
        impact: "Public access policies may be applied to sensitive data buckets",
        resolution: "Define a aws_s3_bucket_public_access_block for the given bucket to control public access policies",
        severity: "LOW",
        finding: "Bucket does not have a corresponding public access block.",
        registry: "s3_bucket_public_access_block",
    },
    TfCheck {
        rule: "AVD-AWS-0107",
        long: "aws-ec2-no-public-ingress-sgr",
        summary: "An ingress security group rule allows traffic from /0.",
        impact: "Your port exposed to the internet",
        resolution: "Set a more restrictive cidr range",
        severity: "CRITICAL",
        finding: "Security group rule allows ingress from public internet.",
        registry: "security_group_rule#cidr_blocks",
    },
    TfCheck {
        rule: "AVD-AWS-0104",
        long: "aws-ec2-no-public-egress-sgr",
        summary: "An egress security group rule allows traffic to /0.",
        impact: "Your port is egressing data to the internet",
        resolution: "Set a more restrictive cidr range",
        severity: "CRITICAL",
        finding: "Security group rule allows egress to multiple public internet addresses.",
        registry: "security_group",
    },
    TfCheck {
        rule: "AVD-AWS-0124",
        long: "aws-ec2-add-description-to-security-group-rule",
        summary: "Missing description for security group rule.",
        impact: "Descriptions provide context for the firewall rule reasons",
        resolution: "Add descriptions for all security groups rules",
        severity: "LOW",
        finding: "Security group rule does not have a description.",
        registry: "security_group_rule",
    },
    TfCheck {
        rule: "AVD-AWS-0028",
        long: "aws-ec2-enforce-http-token-imds",
        summary: "aws_instance should activate session tokens for Instance Metadata Service.",
        impact: "Instance metadata service can be interacted with freely",
        resolution: "Enable HTTP token requirement for IMDS",
        severity: "HIGH",
        finding: "Instance does not require IMDS access to require a token",
        registry: "instance#metadata-options",
    },
    TfCheck {
        rule: "AVD-AWS-0131",
        long: "aws-ec2-enable-at-rest-encryption",
        summary: "Instance with unencrypted block device.",
        impact: "The block device could be compromised and read from",
        resolution: "Turn on encryption for all block devices",
        severity: "HIGH",
        finding: "Root block device is not encrypted.",
        registry: "instance#ebs-ephemeral-and-root-block-devices",
    },
    TfCheck {
        rule: "AVD-AWS-0082",
        long: "aws-rds-no-public-db-access",
        summary: "A database resource is marked as publicly accessible.",
        impact: "The database instance is publicly accessible",
        resolution: "Set the database to not be publicly accessible",
        severity: "CRITICAL",
        finding: "Instance has Public Access enabled",
        registry: "db_instance",
    },
    TfCheck {
        rule: "AVD-AWS-0080",
        long: "aws-rds-encrypt-instance-storage-data",
        summary: "RDS encryption has not been enabled at a DB Instance level.",
        impact: "Data can be read from RDS instances if compromised",
        resolution: "Enable encryption for RDS instances",
        severity: "HIGH",
        finding: "Instance does not have storage encryption enabled.",
        registry: "db_instance",
    },
    TfCheck {
        rule: "AVD-AWS-0133",
        long: "aws-rds-enable-performance-insights",
        summary: "Enable Performance Insights to detect potential problems",
        impact: "Without adequate monitoring, performance related issues may go unreported and potentially lead to compromise.",
        resolution: "Enable performance insights",
        severity: "LOW",
        finding: "Instance does not have performance insights enabled.",
        registry: "db_instance#performance_insights_enabled",
    },
    TfCheck {
        rule: "AVD-AWS-0077",
        long: "aws-rds-specify-backup-retention",
        summary: "RDS Cluster and RDS instance should have backup retention longer than default 1 day",
        impact: "Potential loss of data and short opportunity for recovery",
        resolution: "Explicitly set the retention period to greater than the default",
        severity: "MEDIUM",
        finding: "Instance has very low backup retention period.",
        registry: "db_instance#backup_retention_period",
    },
    TfCheck {
        rule: "AVD-AWS-0017",
        long: "aws-cloudwatch-log-group-customer-key",
        summary: "CloudWatch log groups should be encrypted using CMK",
        impact: "Log data may be leaked if the logs are compromised. No auditing of who have viewed the logs.",
        resolution: "Enable CMK encryption of CloudWatch Log Groups",
        severity: "LOW",
        finding: "Log group is not encrypted.",
        registry: "cloudwatch_log_group#kms_key_id",
    },
    TfCheck {
        rule: "AVD-AWS-0057",
        long: "aws-iam-no-policy-wildcards",
        summary: "IAM policy should avoid use of wildcards and instead apply the principle of least privilege",
        impact: "Overly permissive policies may grant access to sensitive resources",
        resolution: "Specify the exact permissions required, and to which resources they should apply instead of using wildcards.",
        severity: "HIGH",
        finding: "IAM policy document uses sensitive action 's3:*' on wildcarded resource '*'",
        registry: "iam_policy_document",
    },
    TfCheck {
        rule: "AVD-AWS-0053",
        long: "aws-elb-alb-not-public",
        summary: "Load balancer is exposed to the internet.",
        impact: "The load balancer is exposed on the internet",
        resolution: "Switch to an internal load balancer or add a tfsec ignore",
        severity: "HIGH",
        finding: "Load balancer is exposed publicly.",
        registry: "lb",
    },
    TfCheck {
        rule: "AVD-AWS-0052",
        long: "aws-elb-drop-invalid-headers",
        summary: "Load balancers should drop invalid headers",
        impact: "Invalid headers being passed through to the target of the load balance may exploit vulnerabilities",
        resolution: "Set drop_invalid_header_fields to true",
        severity: "HIGH",
        finding: "Application load balancer is not set to drop invalid headers.",
        registry: "lb#drop_invalid_header_fields",
    },
    TfCheck {
        rule: "AVD-AWS-0030",
        long: "aws-ecr-enable-image-scans",
        summary: "ECR repository has image scans disabled.",
        impact: "The ability to scan images is not being used and vulnerabilities will not be highlighted",
        resolution: "Enable ECR image scanning",
        severity: "HIGH",
        finding: "Image scanning is not enabled.",
        registry: "ecr_repository#image_scanning_configuration",
    },
    TfCheck {
        rule: "AVD-AWS-0040",
        long: "aws-eks-no-public-cluster-access",
        summary: "EKS Clusters should have the public access disabled",
        impact: "EKS can be access from the internet",
        resolution: "Don't enable public access to EKS Clusters",
        severity: "CRITICAL",
        finding: "Public cluster access is enabled.",
        registry: "eks_cluster#endpoint_public_access",
    },
    TfCheck {
        rule: "AVD-AWS-0066",
        long: "aws-lambda-enable-tracing",
        summary: "Lambda functions should have X-Ray tracing enabled",
        impact: "Without full tracing enabled it is difficult to trace the flow of logs",
        resolution: "Enable tracing",
        severity: "LOW",
        finding: "Function does not have tracing enabled.",
        registry: "lambda_function#mode",
    },
    TfCheck {
        rule: "AVD-AWS-0096",
        long: "aws-sqs-enable-queue-encryption",
        summary: "Unencrypted SQS queue.",
        impact: "The SQS queue messages could be read if compromised",
        resolution: "Turn on SQS Queue encryption",
        severity: "HIGH",
        finding: "Queue is not encrypted",
        registry: "sqs_queue#server-side-encryption-sse",
    },
    TfCheck {
        rule: "AVD-AWS-0024",
        long: "aws-dynamodb-enable-recovery",
        summary: "Point in time recovery should be enabled to protect DynamoDB table",
        impact: "Accidental or malicious writes and deletes can't be rolled back",
        resolution: "Enable point in time recovery",
        severity: "MEDIUM",
        finding: "Point-in-time recovery is not enabled.",
        registry: "dynamodb_table#point_in_time_recovery",
    },
];

/// One tfsec result as `--format json` writes it.
fn tf_result(c: &TfCheck, resource: &str, file: &str, start: u64, end: u64) -> Value {
    let parts: Vec<&str> = c.long.splitn(3, '-').collect();
    json!({
        "rule_id": c.rule,
        "long_id": c.long,
        "rule_description": c.summary,
        "rule_provider": "aws",
        "rule_service": parts[1],
        "impact": c.impact,
        "resolution": c.resolution,
        "links": [
            format!("https://aquasecurity.github.io/tfsec/v1.28.11/checks/aws/{}/{}/", parts[1], parts[2]),
            format!("https://registry.terraform.io/providers/hashicorp/aws/latest/docs/resources/{}", c.registry)
        ],
        "description": c.finding,
        "severity": c.severity,
        "warning": false,
        "status": 0,
        "resource": resource,
        "location": {"filename": file, "start_line": start, "end_line": end}
    })
}

/// `tfsec --format json` of `infra-live`, the Terraform of a retailer's
/// four environments (prod in two regions, staging, qa, dev), run in CI
/// from `/builds/platform/infra-live`: every stack's buckets, security
/// groups, instances, databases, log groups, policies, load balancers,
/// registries, clusters, functions, queues and tables, with what tfsec
/// finds in them (security group rules open to the internet, an EKS
/// endpoint public, databases unencrypted). Five RDS instances are
/// publicly accessible (`aws-rds-no-public-db-access`): `metabase`,
/// `legacy_erp`, `vendor_portal_staging`, `data_science_sandbox` and
/// `migration_temp`; the others are private.
fn tfsec_public_databases() -> Case {
    let root = "/builds/platform/infra-live/envs";
    let envs = [
        ("prod", "eu-central-1"),
        ("prod", "eu-west-1"),
        ("staging", "eu-central-1"),
        ("qa", "eu-central-1"),
        ("dev", "eu-central-1"),
    ];
    let stacks = [
        "network",
        "eks",
        "rds",
        "s3",
        "iam",
        "lambda",
        "messaging",
        "ecr",
        "alb",
        "bastion",
        "dynamodb",
        "monitoring",
        "reporting",
        "legacy",
        "sandbox",
        "migration",
    ];
    let public_dbs = [
        ("prod", "eu-central-1", "reporting", "metabase"),
        ("prod", "eu-west-1", "legacy", "legacy_erp"),
        ("staging", "eu-central-1", "rds", "vendor_portal_staging"),
        ("dev", "eu-central-1", "sandbox", "data_science_sandbox"),
        ("prod", "eu-central-1", "migration", "migration_temp"),
    ];
    let check = |long: &str| TF_CHECKS.iter().find(|c| c.long == long).unwrap();
    let mut results: Vec<Value> = Vec::new();
    let mut resources: Vec<String> = Vec::new();
    let mut k = 0usize;
    for (env, region) in envs {
        for stack in stacks {
            let only_prod = ["reporting", "legacy", "migration"].contains(&stack);
            if (only_prod && env != "prod") || (stack == "sandbox" && env != "dev") {
                continue;
            }
            if (stack == "legacy") != (region == "eu-west-1") && only_prod {
                continue;
            }
            let file = |f: &str| format!("{root}/{env}/{region}/{stack}/{f}");
            // (resource type, names, file, checks that may fail)
            let groups: Vec<(&str, Vec<String>, &str, Vec<&str>)> = match stack {
                "network" => vec![
                    ("aws_vpc", vec!["main".into()], "vpc.tf", vec![]),
                    (
                        "aws_security_group_rule",
                        [
                            "alb_https_in",
                            "alb_http_in",
                            "egress_all",
                            "nat_egress",
                            "vpn_in",
                            "office_ssh_in",
                        ]
                        .iter()
                        .map(|s| s.to_string())
                        .collect(),
                        "security_groups.tf",
                        vec![
                            "aws-ec2-add-description-to-security-group-rule",
                            "aws-ec2-no-public-egress-sgr",
                            "aws-ec2-no-public-ingress-sgr",
                        ],
                    ),
                ],
                "eks" => vec![
                    (
                        "aws_eks_cluster",
                        vec!["this".into()],
                        "cluster.tf",
                        vec!["aws-eks-no-public-cluster-access"],
                    ),
                    (
                        "aws_cloudwatch_log_group",
                        vec!["eks_cluster".into()],
                        "logs.tf",
                        vec!["aws-cloudwatch-log-group-customer-key"],
                    ),
                    (
                        "aws_security_group_rule",
                        ["node_egress", "cluster_api_in", "node_ingress_self"]
                            .iter()
                            .map(|s| s.to_string())
                            .collect(),
                        "security_groups.tf",
                        vec![
                            "aws-ec2-no-public-egress-sgr",
                            "aws-ec2-add-description-to-security-group-rule",
                        ],
                    ),
                ],
                "rds" | "reporting" | "legacy" | "sandbox" | "migration" => {
                    let names: Vec<String> = match (stack, env) {
                        ("rds", "staging") => vec![
                            "orders".into(),
                            "inventory".into(),
                            "keycloak".into(),
                            "vendor_portal_staging".into(),
                        ],
                        ("rds", _) => vec![
                            "orders".into(),
                            "inventory".into(),
                            "keycloak".into(),
                            "payments".into(),
                            "search_sync".into(),
                        ],
                        ("reporting", _) => vec!["metabase".into(), "reporting_warehouse".into()],
                        ("legacy", _) => vec!["legacy_erp".into()],
                        ("sandbox", _) => {
                            vec!["data_science_sandbox".into(), "feature_store_dev".into()]
                        }
                        _ => vec!["migration_temp".into()],
                    };
                    vec![
                        (
                            "aws_db_instance",
                            names,
                            "rds.tf",
                            vec![
                                "aws-rds-encrypt-instance-storage-data",
                                "aws-rds-enable-performance-insights",
                                "aws-rds-specify-backup-retention",
                            ],
                        ),
                        (
                            "aws_security_group_rule",
                            ["db_ingress_app", "db_ingress_office", "db_egress"]
                                .iter()
                                .map(|s| s.to_string())
                                .collect(),
                            "security_groups.tf",
                            vec![
                                "aws-ec2-no-public-ingress-sgr",
                                "aws-ec2-add-description-to-security-group-rule",
                                "aws-ec2-no-public-egress-sgr",
                            ],
                        ),
                    ]
                }
                "s3" => vec![(
                    "aws_s3_bucket",
                    [
                        "assets",
                        "logs",
                        "backups",
                        "exports",
                        "invoices",
                        "media_uploads",
                        "athena_results",
                    ]
                    .iter()
                    .map(|s| s.to_string())
                    .collect(),
                    "buckets.tf",
                    vec![
                        "aws-s3-enable-bucket-logging",
                        "aws-s3-enable-versioning",
                        "aws-s3-encryption-customer-key",
                        "aws-s3-specify-public-access-block",
                    ],
                )],
                "iam" => vec![(
                    "data.aws_iam_policy_document",
                    [
                        "ci_deploy",
                        "backup_operator",
                        "data_engineers",
                        "support_readonly",
                    ]
                    .iter()
                    .map(|s| s.to_string())
                    .collect(),
                    "policies.tf",
                    vec!["aws-iam-no-policy-wildcards"],
                )],
                "lambda" => vec![
                    (
                        "aws_lambda_function",
                        [
                            "image_resizer",
                            "invoice_pdf",
                            "stock_webhook",
                            "slack_notifier",
                            "sitemap_builder",
                        ]
                        .iter()
                        .map(|s| s.to_string())
                        .collect(),
                        "functions.tf",
                        vec!["aws-lambda-enable-tracing"],
                    ),
                    (
                        "aws_cloudwatch_log_group",
                        ["image_resizer", "invoice_pdf", "stock_webhook"]
                            .iter()
                            .map(|s| format!("lambda_{s}"))
                            .collect(),
                        "logs.tf",
                        vec!["aws-cloudwatch-log-group-customer-key"],
                    ),
                ],
                "messaging" => vec![(
                    "aws_sqs_queue",
                    [
                        "order_events",
                        "order_events_dlq",
                        "stock_updates",
                        "mail_outbox",
                        "search_reindex",
                    ]
                    .iter()
                    .map(|s| s.to_string())
                    .collect(),
                    "queues.tf",
                    vec!["aws-sqs-enable-queue-encryption"],
                )],
                "ecr" => vec![(
                    "aws_ecr_repository",
                    ["storefront", "checkout", "search", "warehouse", "etl"]
                        .iter()
                        .map(|s| s.to_string())
                        .collect(),
                    "repositories.tf",
                    vec!["aws-ecr-enable-image-scans"],
                )],
                "alb" => vec![(
                    "aws_lb",
                    ["public", "internal"]
                        .iter()
                        .map(|s| s.to_string())
                        .collect(),
                    "alb.tf",
                    vec!["aws-elb-alb-not-public", "aws-elb-drop-invalid-headers"],
                )],
                "bastion" => vec![
                    (
                        "aws_instance",
                        vec!["bastion".into()],
                        "instance.tf",
                        vec![
                            "aws-ec2-enforce-http-token-imds",
                            "aws-ec2-enable-at-rest-encryption",
                        ],
                    ),
                    (
                        "aws_security_group_rule",
                        vec!["bastion_ssh_in".into(), "bastion_egress".into()],
                        "security_groups.tf",
                        vec![
                            "aws-ec2-no-public-ingress-sgr",
                            "aws-ec2-no-public-egress-sgr",
                            "aws-ec2-add-description-to-security-group-rule",
                        ],
                    ),
                ],
                "dynamodb" => vec![(
                    "aws_dynamodb_table",
                    ["carts", "sessions", "feature_flags", "idempotency_keys"]
                        .iter()
                        .map(|s| s.to_string())
                        .collect(),
                    "tables.tf",
                    vec!["aws-dynamodb-enable-recovery"],
                )],
                _ => vec![(
                    "aws_cloudwatch_log_group",
                    ["app", "ingress", "audit", "vpc_flow"]
                        .iter()
                        .map(|s| s.to_string())
                        .collect(),
                    "log_groups.tf",
                    vec!["aws-cloudwatch-log-group-customer-key"],
                )],
            };
            let mut line = 1u64;
            for (ty, names, f, checks) in groups {
                for name in names {
                    k += 1;
                    let resource = format!("{ty}.{name}");
                    let len = 8 + h(k, 6601) % 30;
                    let (start, end) = (line, line + len);
                    line = end + 2;
                    resources.push(resource.clone());
                    let public = ty == "aws_db_instance"
                        && public_dbs
                            .iter()
                            .any(|p| p.0 == env && p.1 == region && p.2 == stack && p.3 == name);
                    if public {
                        results.push(tf_result(
                            check("aws-rds-no-public-db-access"),
                            &resource,
                            &file(f),
                            start + 9,
                            start + 9,
                        ));
                    }
                    for (c, long) in checks.iter().enumerate() {
                        let fails = match *long {
                            "aws-ec2-no-public-ingress-sgr" => {
                                name.ends_with("_office")
                                    || name.ends_with("ssh_in")
                                    || name.starts_with("alb_http")
                            }
                            "aws-ec2-no-public-egress-sgr" => name.contains("egress"),
                            "aws-eks-no-public-cluster-access" => env != "prod",
                            "aws-elb-alb-not-public" => name == "public",
                            "aws-rds-encrypt-instance-storage-data" => {
                                env != "prod" || h(k, 6602).is_multiple_of(4)
                            }
                            _ => !h(k * 8 + c, 6603).is_multiple_of(4),
                        };
                        if fails {
                            let at = start + 1 + h(k * 8 + c, 6604) % (len - 1);
                            results.push(tf_result(check(long), &resource, &file(f), at, at));
                        }
                    }
                    // The S3 buckets' companion resources.
                    if ty == "aws_s3_bucket" {
                        for (c, long) in [
                            "aws-s3-enable-bucket-logging",
                            "aws-s3-specify-public-access-block",
                        ]
                        .iter()
                        .enumerate()
                        {
                            if h(k * 8 + c, 6605).is_multiple_of(2) {
                                results.push(tf_result(
                                    check(long),
                                    &resource,
                                    &file(f),
                                    start,
                                    end,
                                ));
                            }
                        }
                    }
                }
            }
        }
    }
    let doc = json!({ "results": results });
    let out = pretty(&doc, b"\t") + "\n";
    let items: Vec<String> = public_dbs
        .iter()
        .map(|p| format!("aws_db_instance.{}", p.3))
        .collect();
    for it in &items {
        assert!(!named_elsewhere(it, &resources), "{it}");
        assert_eq!(resources.iter().filter(|r| *r == it).count(), 1, "{it}");
    }
    let expected: Vec<String> = (doc["results"].as_array().unwrap().iter())
        .filter(|r| r["long_id"] == "aws-rds-no-public-db-access")
        .map(|r| jq_string(r["resource"].as_str().unwrap()))
        .collect();
    assert_eq!(expected.len(), 5);
    assert!((350_000..1_000_000).contains(&out.len()), "{}", out.len());
    Case::items(
        "tfsec --format json of an infrastructure repository, RDS instances with a public endpoint",
        out,
        "Going by the tfsec scan of our Terraform, which of our RDS databases are set up so they can be reached on a public endpoint? List every one of them.",
        items,
    )
    .with_jq(
        ".results[] | select(.long_id == \"aws-rds-no-public-db-access\") | .resource",
        expected,
    )
}

// ------------------------------------------------------------- hadolint

/// A hadolint rule: code, level, message.
type Lint = (&'static str, &'static str, &'static str);

const LINTS: [Lint; 20] = [
    (
        "DL3008",
        "warning",
        "Pin versions in apt get install. Instead of `apt-get install <package>` use `apt-get install <package>=<version>`",
    ),
    (
        "DL3009",
        "info",
        "Delete the apt-get lists after installing something",
    ),
    (
        "DL3015",
        "info",
        "Avoid additional packages by specifying `--no-install-recommends`",
    ),
    (
        "DL3018",
        "warning",
        "Pin versions in apk add. Instead of `apk add <package>` use `apk add <package>=<version>`",
    ),
    (
        "DL3013",
        "warning",
        "Pin versions in pip. Instead of `pip install <package>` use `pip install <package>==<version>` or `pip install --requirement <requirements file>`",
    ),
    (
        "DL3042",
        "warning",
        "Avoid use of cache directory with pip. Use `pip install --no-cache-dir <package>`",
    ),
    (
        "DL3016",
        "warning",
        "Pin versions in npm. Instead of `npm install <package>` use `npm install <package>@<version>`",
    ),
    (
        "DL3007",
        "warning",
        "Using latest is prone to errors if the image will ever update. Pin the version explicitly to a release tag",
    ),
    (
        "DL3006",
        "warning",
        "Always tag the version of an image explicitly",
    ),
    (
        "DL3025",
        "warning",
        "Use arguments JSON notation for CMD and ENTRYPOINT arguments",
    ),
    (
        "DL3059",
        "info",
        "Multiple consecutive `RUN` instructions. Consider consolidation.",
    ),
    (
        "DL4006",
        "warning",
        "Set the SHELL option -o pipefail before RUN with a pipe in it. If you are using /bin/sh in an alpine image or if your shell is symlinked to busybox then consider explicitly setting your SHELL to /bin/ash, or disable this check",
    ),
    ("DL3003", "warning", "Use WORKDIR to switch to a directory"),
    (
        "SC2086",
        "info",
        "Double quote to prevent globbing and word splitting.",
    ),
    (
        "DL3047",
        "info",
        "Avoid use of wget without progress bar. Use `wget --progress=dot:giga <url>`. Or consider using `-q` or `-nv` (shorthands for `--quiet` or `--no-verbose`).",
    ),
    (
        "DL3020",
        "error",
        "Use COPY instead of ADD for files and folders",
    ),
    (
        "DL3045",
        "warning",
        "`COPY` to a relative destination without `WORKDIR` set.",
    ),
    ("DL3000", "error", "Use absolute WORKDIR"),
    ("DL4000", "error", "MAINTAINER is deprecated"),
    ("SC2046", "warning", "Quote this to prevent word splitting."),
];

const SUDO: Lint = (
    "DL3004",
    "error",
    "Do not use sudo as it leads to unpredictable behavior. Use a tool like gosu to enforce root",
);

const ROOT: Lint = ("DL3002", "warning", "Last USER should not be root");

/// `hadolint -f json` over every Dockerfile of a shop's monorepo
/// (`services/*`, `jobs/*`, `tools/*`): one array of findings, file by
/// file, line by line — pinning, caches, `ADD`, `MAINTAINER`, relative
/// `WORKDIR`s, shell quoting. Six Dockerfiles end as root (DL3002);
/// five others run `sudo` (DL3004, an error whose message names root),
/// and errors of other kinds are everywhere.
fn hadolint_root_dockerfiles() -> Case {
    let heads = [
        "order",
        "cart",
        "checkout",
        "payment",
        "invoice",
        "catalog",
        "search",
        "pricing",
        "stock",
        "warehouse",
        "shipping",
        "label",
        "returns",
        "customer",
        "loyalty",
        "newsletter",
        "review",
        "media",
        "image",
        "pdf",
        "report",
        "export",
        "import",
        "sync",
        "audit",
        "auth",
        "session",
        "notification",
        "sms",
        "mail",
        "feed",
        "recommendation",
        "forecast",
        "planning",
        "routing",
    ];
    let tails = [
        "api",
        "worker",
        "consumer",
        "scheduler",
        "gateway",
        "service",
        "exporter",
        "cron",
    ];
    let mut files: Vec<String> = Vec::new();
    for (a, head) in heads.iter().enumerate() {
        for (b, tail) in tails.iter().enumerate() {
            if h(a * 8 + b, 6701) % 8 < 6 {
                files.push(format!("services/{head}-{tail}/Dockerfile"));
            }
        }
    }
    for j in [
        "nightly-etl",
        "sitemap",
        "price-import",
        "db-backup",
        "cleanup",
        "reindex",
        "feed-export",
        "gdpr-erasure",
    ] {
        files.push(format!("jobs/{j}/Dockerfile"));
    }
    for t in ["ci-runner", "migrate", "load-test", "docs"] {
        files.push(format!("tools/{t}/Dockerfile"));
    }
    files.sort();
    let root_files = [
        "services/pdf-worker/Dockerfile",
        "services/label-gateway/Dockerfile",
        "jobs/db-backup/Dockerfile",
        "services/import-consumer/Dockerfile",
        "tools/ci-runner/Dockerfile",
        "services/media-exporter/Dockerfile",
    ];
    let sudo_files = [
        "services/image-worker/Dockerfile",
        "services/report-scheduler/Dockerfile",
        "jobs/nightly-etl/Dockerfile",
        "services/sync-service/Dockerfile",
        "tools/load-test/Dockerfile",
    ];
    for f in root_files.iter().chain(&sudo_files) {
        if !files.iter().any(|x| x == f) {
            files.push(f.to_string());
        }
    }
    files.sort();
    let mut findings: Vec<Value> = Vec::new();
    for (fi, file) in files.iter().enumerate() {
        let length = 18 + h(fi, 6702) % 60;
        let n = 7 + h(fi, 6703) % 7;
        let mut lines: Vec<(u64, Lint, u64)> = Vec::new();
        for j in 0..n {
            let l = LINTS[(h(fi * 16 + j as usize, 6704) % 20) as usize];
            let line = 1 + h(fi * 16 + j as usize, 6705) % (length - 2);
            let column = if l.0.starts_with("SC") {
                1 + h(fi * 16 + j as usize, 6706) % 60
            } else {
                1
            };
            lines.push((line, l, column));
        }
        if sudo_files.contains(&file.as_str()) {
            lines.push((4 + h(fi, 6707) % 10, SUDO, 1));
        }
        if root_files.contains(&file.as_str()) {
            lines.push((length - 1, ROOT, 1));
        }
        lines.sort_by_key(|l| (l.0, l.1.0));
        lines.dedup_by_key(|l| (l.0, l.1.0));
        for (line, (code, level, message), column) in lines {
            findings.push(json!({
                "code": code,
                "column": column,
                "file": file,
                "level": level,
                "line": line,
                "message": message
            }));
        }
    }
    let out = Value::Array(findings.clone()).to_string() + "\n";
    let items: Vec<String> = root_files.iter().map(|s| s.to_string()).collect();
    for it in &items {
        assert!(!named_elsewhere(it, &files), "{it}");
    }
    let expected: Vec<String> = (findings.iter())
        .filter(|f| f["code"] == "DL3002")
        .map(|f| jq_string(f["file"].as_str().unwrap()))
        .collect();
    assert_eq!(expected.len(), 6);
    assert!((350_000..1_000_000).contains(&out.len()), "{}", out.len());
    Case::items(
        "hadolint -f json over a monorepo's Dockerfiles, those that end as root",
        out,
        "Which of our Dockerfiles leave the container running as the root user in the end? I need the complete list.",
        items,
    )
    .with_jq(".[] | select(.code == \"DL3002\") | .file", expected)
}
