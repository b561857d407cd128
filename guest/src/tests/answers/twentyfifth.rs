//! A TWENTY-FIFTH HELD-OUT SET of issue 30, written by someone who had
//! not read the answer code and never run against it while being
//! written: eight outputs of tools no other set uses, each with a
//! question in a user's words and the answer its generator planted.
//! Written before being measured, and measured unread at c88dabe.
//! Measure it, never tune on it.
//!
//! One fact: `aws elasticache describe-events --duration 20160` of a
//! shop's account over two weeks (which node took over when the session
//! store failed over this morning, and when, among the same store's
//! failover the other way nine days before, a staging store's test
//! failover, node recoveries and a thousand nightly snapshots), Robot
//! Framework's `output.xml` of a night's end-to-end run of a shop (the
//! one test that failed and its error, among a test that failed the
//! same way on its first try and passed on a retry, a known issue
//! skipped on failure, negative tests that expect errors and pass, and
//! deprecation warnings), `idevicesyslog` of a test iPhone (why iOS
//! kills the shop app, its memory limit, among the widget extension
//! killed at its own small limit, idle daemons killed for memory,
//! another app's crash, sandbox denials and timed-out requests), `brew
//! info --json=v2 --installed` of a developer's Mac (the package
//! Homebrew has switched off for good and since when, among deprecated
//! ones, a deprecated client of the same version and caveats that speak
//! of disabling).
//! Every item: Junos `show interfaces diagnostics optics` of a
//! four-member virtual chassis (the ports whose received light is past
//! the low alarm, one dark, among ports past the low warning only, a
//! port whose own laser sends too little and a port just above the
//! alarm), `sqlcmd … DBCC CHECKDB` of an ERP database (the tables with
//! consistency errors, among thousands clean, tables of the same names
//! in other schemas and tables named for errors and DBCC), `gosec
//! -track-suppressions -fmt=json` of a Go monorepo (the files with
//! credentials written into the code, among the same finding suppressed
//! in fixtures and hundreds of other findings), the Icinga 2 API's
//! `/v1/objects/hosts` (the hosts down that nobody acknowledged or put
//! in a downtime, among down hosts acknowledged or in a downtime, hosts
//! that recovered and a host named for downloads).
//!
//! Every expected jq result was checked with the real jq.

use serde_json::{Map, Value, json};

use super::super::heldout::{DAY, civil, clock, h, hex, uuid};
use super::{Case, jq_string, named_elsewhere, pick, pretty, whole};

pub(super) fn cases() -> Vec<Case> {
    vec![
        elasticache_session_failover(),
        robot_failed_test(),
        idevicesyslog_memory_kill(),
        brew_disabled_formula(),
        junos_optics_rx_alarm(),
        checkdb_damaged_tables(),
        gosec_hardcoded_credentials(),
        icinga_unhandled_down_hosts(),
    ]
}

const MONTHS: [&str; 12] = [
    "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
];

/// `2026-11-27` of `t` seconds since the epoch.
fn ymd(t: u64) -> String {
    let (y, m, d) = civil(t / 86_400);
    format!("{y}-{m:02}-{d:02}")
}

/// `2026-11-26T18:52:07.411000+00:00`: a time of `ms` milliseconds as
/// the AWS CLI v2 prints it.
fn aws_time(ms: u64) -> String {
    let t = ms / 1000;
    format!("{}T{}.{:03}000+00:00", ymd(t), clock(t % 86_400), ms % 1000)
}

// ------------------------------------------------------------ ElastiCache

/// One event of `describe-events`.
fn cache_event(source: &str, kind: &str, message: &str, ms: u64) -> Value {
    json!({
        "SourceIdentifier": source,
        "SourceType": kind,
        "Message": message,
        "Date": aws_time(ms)
    })
}

/// `aws elasticache describe-events --duration 20160` of Velohaus
/// Lindner's account (Redis replication groups: the shop's sessions,
/// carts and catalogue cache, their staging copies and one per B2B
/// tenant portal), oldest first: a snapshot of every group every night,
/// now and then a node recovered. This morning at 06:41 the session
/// store's primary `shop-sessions-0001-001` failed and
/// `shop-sessions-0001-003` took over. Decoys: the same store failed
/// over the other way nine days before, staging's test failover on
/// Wednesday, a catalogue node restarted this morning.
fn elasticache_session_failover() -> Case {
    let t0 = DAY - 13 * 86_400; // Sat 14 Nov
    let mut groups: Vec<String> = [
        "shop-sessions",
        "shop-carts",
        "shop-catalog-cache",
        "shop-ratelimit",
        "shop-sessions-stg",
        "shop-carts-stg",
        "shop-catalog-cache-stg",
    ]
    .iter()
    .map(|s| s.to_string())
    .collect();
    let tenants = [
        "bikeparts",
        "radwelt",
        "zweirad-mueller",
        "velo-sachsen",
        "pedalkraft",
        "kettenblatt",
        "fahrradhof",
        "speichenwerk",
        "cyclehub",
        "radlager",
        "bikeland",
        "stadtrad",
        "velomarkt",
        "rahmenbau",
        "nabenwerk",
        "sattelzeit",
        "lenkerhaus",
        "bremsklotz",
        "ventilwerk",
        "reifenprofi",
        "muffenland",
        "schaltwerk",
        "trittfrequenz",
        "gangwahl",
    ];
    for (i, t) in tenants.iter().enumerate() {
        for kind in [
            "portal-sessions",
            "portal-cache",
            "portal-jobs",
            "portal-locks",
        ] {
            if h(i * 7 + kind.len(), 8001) % 10 < 8 {
                groups.push(format!("b2b-{t}-{kind}"));
            }
        }
    }
    let mut events: Vec<(u64, Value)> = Vec::new();
    for (g, group) in groups.iter().enumerate() {
        let hour = 2 + h(g, 8002) % 3;
        let minute = h(g, 8003) % 60;
        for d in 0..14u64 {
            let day = t0 + d * 86_400;
            let at = (day + hour * 3_600 + minute * 60 + h(g * 16 + d as usize, 8004) % 50) * 1000
                + h(g * 16 + d as usize, 8005) % 1000;
            let (y, m, dd) = civil(day / 86_400);
            // The node a snapshot is taken from: a replica.
            let source = format!("{group}-0001-002");
            events.push((
                at,
                cache_event(
                    &source,
                    "cache-cluster",
                    &format!(
                        "Snapshot succeeded for snapshot with ID 'automatic.{group}-{y}-{m:02}-{dd:02}-{:02}-{:02}' of replication group with ID '{group}'",
                        hour,
                        minute
                    ),
                    at,
                ),
            ));
        }
        // Now and then a node is replaced.
        if h(g, 8008).is_multiple_of(4) {
            let t = t0 + h(g, 8009) % (12 * 86_400);
            let node = format!("{group}-0001-00{}", 2 + h(g, 8010) % 2);
            let ms = t * 1000 + h(g, 8011) % 1000;
            events.push((
                ms,
                cache_event(&node, "cache-cluster", "Recovering cache nodes 0001", ms),
            ));
            let ms = ms + 240_000 + h(g, 8012) % 200_000;
            events.push((
                ms,
                cache_event(
                    &node,
                    "cache-cluster",
                    "Finished recovery for cache nodes 0001",
                    ms,
                ),
            ));
        }
    }
    // The session store nine days ago: 003 failed, 001 took over.
    let old = (t0 + 4 * 86_400 + 15 * 3_600 + 12 * 60 + 40) * 1000 + 117;
    events.push((
        old,
        cache_event(
            "shop-sessions",
            "replication-group",
            "Failover from primary node shop-sessions-0001-003 to replica node shop-sessions-0001-001 completed",
            old,
        ),
    ));
    events.push((
        old + 3_000,
        cache_event(
            "shop-sessions-0001-003",
            "cache-cluster",
            "Recovering cache nodes 0001",
            old + 3_000,
        ),
    ));
    events.push((
        old + 418_000,
        cache_event(
            "shop-sessions-0001-003",
            "cache-cluster",
            "Finished recovery for cache nodes 0001",
            old + 418_000,
        ),
    ));
    // Staging's test failover on Wednesday.
    let test = (DAY - 2 * 86_400 + 10 * 3_600 + 3 * 60 + 12) * 1000 + 664;
    events.push((
        test,
        cache_event(
            "shop-sessions-stg",
            "replication-group",
            "Test Failover API called for node group 0001",
            test,
        ),
    ));
    events.push((
        test + 38_000,
        cache_event(
            "shop-sessions-stg",
            "replication-group",
            "Failover from primary node shop-sessions-stg-0001-001 to replica node shop-sessions-stg-0001-002 completed",
            test + 38_000,
        ),
    ));
    // This morning: a catalogue node restarts, then the session store.
    let cat = (DAY + 5 * 3_600 + 58 * 60 + 3) * 1000 + 91;
    events.push((
        cat,
        cache_event(
            "shop-catalog-cache-0001-002",
            "cache-cluster",
            "Cache node 0001 restarted",
            cat,
        ),
    ));
    let down = (DAY + 6 * 3_600 + 40 * 60 + 51) * 1000 + 402;
    events.push((
        down,
        cache_event(
            "shop-sessions-0001-001",
            "cache-cluster",
            "Recovering cache nodes 0001",
            down,
        ),
    ));
    let failover = (DAY + 6 * 3_600 + 41 * 60 + 27) * 1000 + 338;
    let message = "Failover from primary node shop-sessions-0001-001 to replica node shop-sessions-0001-003 completed";
    events.push((
        failover,
        cache_event("shop-sessions", "replication-group", message, failover),
    ));
    let back = down + 512_000;
    events.push((
        back,
        cache_event(
            "shop-sessions-0001-001",
            "cache-cluster",
            "Finished recovery for cache nodes 0001",
            back,
        ),
    ));
    let end = (DAY + 9 * 3_600) * 1000;
    events.retain(|e| e.0 < end);
    events.sort_by_key(|e| e.0);
    let doc = json!({ "Events": events.iter().map(|e| e.1.clone()).collect::<Vec<_>>() });
    let out = pretty(&doc, b"    ") + "\n";
    let when = aws_time(failover);
    assert_eq!(whole(&out, &when), 1);
    assert_eq!(out.matches(message).count(), 1);
    let expected: Vec<String> = (doc["Events"].as_array().unwrap().iter())
        .filter(|e| {
            e["Message"]
                .as_str()
                .unwrap()
                .starts_with("Failover from primary node shop-sessions")
        })
        .map(|e| {
            jq_string(&format!(
                "{}  {}",
                e["Date"].as_str().unwrap(),
                e["Message"].as_str().unwrap()
            ))
        })
        .collect();
    assert_eq!(expected.len(), 3);
    assert!((350_000..1_000_000).contains(&out.len()), "{}", out.len());
    Case::fact(
        "aws elasticache describe-events, which node took over the session store this morning",
        out,
        "This morning everyone got logged out of the shop, and I'm told our Redis session store switched over to another node. Which node took over, and at what time exactly?",
        &[&when, message],
    )
    .with_jq(
        ".Events[] | select(.Message | startswith(\"Failover from primary node shop-sessions\")) | .Date + \"  \" + .Message",
        expected,
    )
}

// ------------------------------------------------------- Robot Framework

/// `20261127 02:00:05.220` of `ms` milliseconds since the epoch.
fn robot_time(ms: u64) -> String {
    let t = ms / 1000;
    let (y, m, d) = civil(t / 86_400);
    format!("{y}{m:02}{d:02} {}.{:03}", clock(t % 86_400), ms % 1000)
}

/// XML text as Robot Framework writes it: `&`, `<` and `>` escaped.
fn xml_text(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

/// An XML attribute value: quotes escaped too.
fn xml_attr(s: &str) -> String {
    xml_text(s).replace('"', "&quot;")
}

/// One SeleniumLibrary keyword: name, arguments, the messages it logs,
/// its status (and failure message), from `start` for `ms`.
struct Kw {
    name: &'static str,
    library: &'static str,
    args: Vec<String>,
    msgs: Vec<(&'static str, String)>,
    fail: Option<String>,
    children: Vec<Kw>,
    ms: u64,
}

impl Kw {
    fn new(name: &'static str, library: &'static str, args: &[&str]) -> Kw {
        Kw {
            name,
            library,
            args: args.iter().map(|s| s.to_string()).collect(),
            msgs: Vec::new(),
            fail: None,
            children: Vec::new(),
            ms: 40,
        }
    }

    fn msg(mut self, level: &'static str, text: String) -> Kw {
        self.msgs.push((level, text));
        self
    }

    fn took(mut self, ms: u64) -> Kw {
        self.ms = ms;
        self
    }

    fn failing(mut self, message: &str) -> Kw {
        self.fail = Some(message.to_string());
        self
    }

    fn with(mut self, children: Vec<Kw>) -> Kw {
        self.children = children;
        self
    }

    /// Writes the keyword from `*at` ms; whether it failed.
    fn write(&self, out: &mut String, at: &mut u64) -> bool {
        let start = *at;
        out.push_str(&format!("<kw name=\"{}\"", xml_attr(self.name)));
        if !self.library.is_empty() {
            out.push_str(&format!(" library=\"{}\"", self.library));
        }
        out.push_str(">\n");
        for a in &self.args {
            out.push_str(&format!("<arg>{}</arg>\n", xml_text(a)));
        }
        let mut failed = false;
        for c in &self.children {
            failed = c.write(out, at);
        }
        // A wrapper that expects or retries failures passes anyway.
        if self.name.starts_with("Run Keyword And Expect Error")
            || self.name.starts_with("Wait Until Keyword Succeeds")
        {
            failed = false;
        }
        *at += self.ms;
        for (level, text) in &self.msgs {
            out.push_str(&format!(
                "<msg timestamp=\"{}\" level=\"{level}\"{}>{}</msg>\n",
                robot_time(*at - self.ms / 3),
                if text.starts_with("</td>") {
                    " html=\"true\""
                } else {
                    ""
                },
                xml_text(text)
            ));
        }
        if let Some(f) = &self.fail {
            out.push_str(&format!(
                "<msg timestamp=\"{}\" level=\"FAIL\">{}</msg>\n",
                robot_time(*at),
                xml_text(f)
            ));
            failed = true;
        }
        out.push_str(&format!(
            "<status status=\"{}\" starttime=\"{}\" endtime=\"{}\"/>\n</kw>\n",
            if failed { "FAIL" } else { "PASS" },
            robot_time(start),
            robot_time(*at)
        ));
        failed
    }
}

const ROBOT_SUITES: [(&str, &[&str]); 8] = [
    (
        "Catalog",
        &[
            "Category Page Lists E-Bikes",
            "Category Page Paginates",
            "Filter By Frame Size",
            "Filter By Price Range",
            "Sort By Price Ascending",
            "Product Page Shows Variants",
            "Product Page Shows Stock Per Store",
            "Out Of Stock Variant Cannot Be Added",
            "Error Page Shows For Unknown Product",
            "Compare Two Bikes",
            "Size Advisor Suggests Frame",
            "Accessories Are Cross Sold",
        ],
    ),
    (
        "Search",
        &[
            "Search Finds Product By Name",
            "Search Finds Product By SKU",
            "Search Suggests While Typing",
            "Search Without Results Shows Hint",
            "Search Handles Umlauts",
            "Search Filters Apply",
        ],
    ),
    (
        "Cart",
        &[
            "Add Product To Cart",
            "Change Quantity In Cart",
            "Remove Product From Cart",
            "Cart Survives Login",
            "Voucher Reduces Total",
            "Expired Voucher Is Rejected",
            "Shipping Costs Shown For Germany",
            "Shipping Costs Shown For Austria",
            "Bulky Item Surcharge",
        ],
    ),
    (
        "Checkout",
        &[
            "Guest Checkout With Invoice",
            "Guest Checkout With Prepayment",
            "Customer Checkout With Saved Address",
            "Checkout Rejects Expired Card",
            "Checkout Rejects Declined Card",
            "Pay With Credit Card As Customer",
            "Pay With PayPal As Customer",
            "Pay With PayPal As Guest",
            "Pay In Instalments With Klarna",
            "Pay With Apple Pay Button Hidden On Chrome",
            "Click And Collect In Leipzig",
            "Order Confirmation Page Shows Number",
            "Order Confirmation Mail Is Queued",
        ],
    ),
    (
        "Account",
        &[
            "Register New Customer",
            "Login With Valid Password",
            "Login Fails With Wrong Password",
            "Password Reset Mail Is Sent",
            "Change Delivery Address",
            "Order History Lists Orders",
            "Download Invoice PDF",
            "Delete Account Asks For Confirmation",
        ],
    ),
    (
        "Service",
        &[
            "Book Workshop Appointment",
            "Workshop Slots Respect Opening Hours",
            "Return Form Creates Label",
            "Contact Form Validates Email",
            "Store Finder Shows Leipzig",
            "Store Finder Shows Dresden",
        ],
    ),
    (
        "Content",
        &[
            "Home Page Loads Teasers",
            "Blog Article Renders",
            "Newsletter Signup Double Opt In",
            "Cookie Banner Can Be Declined",
            "Imprint Page Reachable",
            "Footer Links Work",
        ],
    ),
    (
        "Localisation",
        &[
            "Prices Shown In Euro",
            "English Translation Of Checkout",
            "Austrian VAT Applied",
            "Swiss Customers See Customs Note",
        ],
    ),
];

const ROBOT_LOCATORS: [&str; 14] = [
    "css:button.add-to-cart",
    "id:search-input",
    "css:.product-tile:nth-child(1) a",
    "id:qty",
    "css:.cart-total",
    "id:email",
    "id:password",
    "css:button[type=submit]",
    "css:.variant-select",
    "id:voucher-code",
    "css:.filter-price input.min",
    "css:nav.breadcrumb",
    "id:store-select",
    "css:.checkout-next",
];

/// Robot Framework 6.1's `output.xml` of last night's end-to-end run of
/// the shop (`robot --variable BROWSER:headlesschrome --skiponfailure
/// known-issue`): eight suites, each test run five times over, once per
/// device profile, every SeleniumLibrary keyword with its messages. One
/// test fails: "Pay With PayPal As Guest" on the desktop profile, the
/// PayPal button never shows. Decoys: "Pay With PayPal As Customer"
/// whose first try failed with the same message and passed on a retry,
/// Klarna's test failed and skipped as a known issue, negative tests
/// that expect errors and pass, and a deprecation warning.
fn robot_failed_test() -> Case {
    let mut at = (DAY + 2 * 3_600) * 1000 + 4_118;
    let mut o = String::new();
    o.push_str("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
    o.push_str(&format!(
        "<robot generator=\"Robot 6.1.1 (Python 3.11.6 on linux)\" generated=\"{}\" rpa=\"false\" schemaversion=\"4\">\n",
        robot_time(at)
    ));
    o.push_str("<suite id=\"s1\" name=\"E2E\" source=\"/builds/velohaus/shop-e2e/tests\">\n");
    let profiles = [
        "Desktop",
        "Tablet",
        "Phone",
        "Desktop Firefox",
        "Phone Landscape",
    ];
    let (mut pass, mut fail, mut skip) = (0, 0, 0);
    let mut suite_stats: Vec<(String, String, u64, u64, u64)> = Vec::new();
    let bad = "Element 'id:paypal-button' not visible after 10 seconds.";
    let mut k = 0usize;
    for (p, profile) in profiles.iter().enumerate() {
        let pid = format!("s1-s{}", p + 1);
        let pstart = at;
        o.push_str(&format!(
            "<suite id=\"{pid}\" name=\"{profile}\" source=\"/builds/velohaus/shop-e2e/tests/{}\">\n",
            profile.to_lowercase().replace(' ', "_")
        ));
        let (mut pp, mut pf, mut ps) = (0, 0, 0);
        for (s, (suite, tests)) in ROBOT_SUITES.iter().enumerate() {
            let sid = format!("{pid}-s{}", s + 1);
            let sstart = at;
            o.push_str(&format!(
                "<suite id=\"{sid}\" name=\"{suite}\" source=\"/builds/velohaus/shop-e2e/tests/{}/{}.robot\">\n",
                profile.to_lowercase().replace(' ', "_"),
                suite.to_lowercase()
            ));
            o.push_str(&format!(
                "<kw name=\"Open Shop In Browser\" library=\"shop\" type=\"SETUP\">\n<arg>${{SHOP_URL}}</arg>\n<kw name=\"Open Browser\" library=\"SeleniumLibrary\">\n<arg>${{SHOP_URL}}</arg>\n<arg>${{BROWSER}}</arg>\n<msg timestamp=\"{}\" level=\"INFO\">Opening browser '{}' to base url 'https://staging.velohaus-lindner.de'.</msg>\n<status status=\"PASS\" starttime=\"{}\" endtime=\"{}\"/>\n</kw>\n<status status=\"PASS\" starttime=\"{}\" endtime=\"{}\"/>\n</kw>\n",
                robot_time(at + 2),
                if profile.contains("Firefox") { "headlessfirefox" } else { "headlesschrome" },
                robot_time(at + 1),
                robot_time(at + 1_812),
                robot_time(at),
                robot_time(at + 1_813)
            ));
            at += 1_900;
            let (mut sp, mut sf, mut ss) = (0, 0, 0);
            for (t, test) in tests.iter().enumerate() {
                k += 1;
                let tstart = at;
                let line = 12 + t * 14;
                o.push_str(&format!(
                    "<test id=\"{sid}-t{}\" name=\"{test}\" line=\"{line}\">\n",
                    t + 1
                ));
                let mut steps: Vec<Kw> = vec![
                    Kw::new("Go To", "SeleniumLibrary", &["${SHOP_URL}/"])
                        .msg(
                            "INFO",
                            "Opening url 'https://staging.velohaus-lindner.de/'".into(),
                        )
                        .took(600 + h(k, 8101) % 900),
                ];
                for j in 0..(3 + h(k, 8102) % 4) as usize {
                    let loc = pick(&ROBOT_LOCATORS, k * 8 + j, 8103);
                    let step = match h(k * 8 + j, 8104) % 5 {
                        0 => Kw::new("Click Element", "SeleniumLibrary", &[loc])
                            .msg("INFO", format!("Clicking element '{loc}'.")),
                        1 => {
                            let text = pick(
                                &[
                                    "Cube Kathmandu",
                                    "VH-2291",
                                    "anna.schulz@example.com",
                                    "2",
                                    "04109",
                                    "Ergon",
                                ],
                                k * 8 + j,
                                8105,
                            );
                            Kw::new("Input Text", "SeleniumLibrary", &[loc, text]).msg(
                                "INFO",
                                format!("Typing text '{text}' into text field '{loc}'."),
                            )
                        }
                        2 => Kw::new(
                            "Wait Until Element Is Visible",
                            "SeleniumLibrary",
                            &[loc, "10s"],
                        ),
                        3 => {
                            let text = pick(
                                &[
                                    "In den Warenkorb",
                                    "Gesamtsumme",
                                    "Lieferzeit",
                                    "Ihre Bestellung",
                                    "Filiale Leipzig",
                                ],
                                k * 8 + j,
                                8106,
                            );
                            Kw::new("Page Should Contain", "SeleniumLibrary", &[text])
                                .msg("INFO", format!("Current page contains text '{text}'."))
                        }
                        _ => {
                            let text = pick(
                                &["1.299,00 €", "2", "Gratis", "3–5 Werktage"],
                                k * 8 + j,
                                8107,
                            );
                            Kw::new("Element Should Contain", "SeleniumLibrary", &[loc, text])
                                .msg("INFO", format!("Element '{loc}' contains text '{text}'."))
                        }
                    };
                    steps.push(step.took(30 + h(k * 8 + j, 8108) % 1_400));
                }
                let mut status = ("PASS", String::new());
                let shot = |n: usize| {
                    format!(
                        "</td></tr><tr><td colspan=\"3\"><a href=\"selenium-screenshot-{n}.png\"><img src=\"selenium-screenshot-{n}.png\" width=\"800px\"></a>"
                    )
                };
                if test.starts_with("Checkout Rejects")
                    || test.starts_with("Login Fails")
                    || test.starts_with("Expired Voucher")
                {
                    let (inner, msg) = if test.starts_with("Login") {
                        (
                            "id:account-menu",
                            "Element 'id:account-menu' not visible after 5 seconds.",
                        )
                    } else if test.starts_with("Expired") {
                        (
                            "css:.voucher-applied",
                            "Element 'css:.voucher-applied' not visible after 5 seconds.",
                        )
                    } else {
                        (
                            "id:order-confirmation",
                            "Element 'id:order-confirmation' not visible after 5 seconds.",
                        )
                    };
                    steps.push(
                        Kw::new(
                            "Run Keyword And Expect Error",
                            "BuiltIn",
                            &[
                                "*not visible after*",
                                "Wait Until Element Is Visible",
                                inner,
                                "5s",
                            ],
                        )
                        .with(vec![
                            Kw::new(
                                "Wait Until Element Is Visible",
                                "SeleniumLibrary",
                                &[inner, "5s"],
                            )
                            .took(5_000)
                            .failing(msg),
                        ])
                        .took(8),
                    );
                }
                if *test == "Pay With PayPal As Customer" && p == 0 {
                    steps.push(
                        Kw::new(
                            "Wait Until Keyword Succeeds",
                            "BuiltIn",
                            &[
                                "2x",
                                "3s",
                                "Wait Until Element Is Visible",
                                "id:paypal-button",
                                "10s",
                            ],
                        )
                        .with(vec![
                            Kw::new(
                                "Wait Until Element Is Visible",
                                "SeleniumLibrary",
                                &["id:paypal-button", "10s"],
                            )
                            .took(10_000)
                            .failing(bad),
                            Kw::new(
                                "Wait Until Element Is Visible",
                                "SeleniumLibrary",
                                &["id:paypal-button", "10s"],
                            )
                            .took(2_410),
                        ])
                        .took(3_000),
                    );
                }
                if *test == "Pay With PayPal As Guest" && p == 0 {
                    steps.push(
                        Kw::new(
                            "Wait Until Element Is Visible",
                            "SeleniumLibrary",
                            &["id:paypal-button", "10s"],
                        )
                        .msg("INFO", shot(1))
                        .took(10_000)
                        .failing(bad),
                    );
                    status = ("FAIL", bad.to_string());
                }
                if *test == "Pay In Instalments With Klarna" && p == 2 {
                    let m = "Element 'css:.klarna-widget iframe' not visible after 10 seconds.";
                    steps.push(
                        Kw::new(
                            "Wait Until Element Is Visible",
                            "SeleniumLibrary",
                            &["css:.klarna-widget iframe", "10s"],
                        )
                        .msg("INFO", shot(2))
                        .took(10_000)
                        .failing(m),
                    );
                    status = (
                        "SKIP",
                        format!(
                            "Failed test skipped using 'known-issue' tag.\n\nOriginal failure:\n{m}"
                        ),
                    );
                }
                let mut failed = false;
                for st in &steps {
                    if failed {
                        break;
                    }
                    failed = st.write(&mut o, &mut at);
                }
                let mut tags = vec![
                    suite.to_lowercase(),
                    profile.to_lowercase().replace(' ', "-"),
                ];
                if test.contains("Klarna") {
                    tags.push("known-issue".into());
                }
                if t < 3 {
                    tags.push("smoke".into());
                }
                tags.sort();
                for tag in &tags {
                    o.push_str(&format!("<tag>{tag}</tag>\n"));
                }
                at += 20;
                if status.0 == "PASS" {
                    o.push_str(&format!(
                        "<status status=\"PASS\" starttime=\"{}\" endtime=\"{}\"/>\n</test>\n",
                        robot_time(tstart),
                        robot_time(at)
                    ));
                    sp += 1;
                } else {
                    o.push_str(&format!(
                        "<status status=\"{}\" starttime=\"{}\" endtime=\"{}\">{}</status>\n</test>\n",
                        status.0,
                        robot_time(tstart),
                        robot_time(at),
                        xml_text(&status.1)
                    ));
                    if status.0 == "FAIL" {
                        sf += 1;
                    } else {
                        ss += 1;
                    }
                }
            }
            o.push_str(&format!(
                "<kw name=\"Close All Browsers\" library=\"SeleniumLibrary\" type=\"TEARDOWN\">\n<status status=\"PASS\" starttime=\"{}\" endtime=\"{}\"/>\n</kw>\n",
                robot_time(at),
                robot_time(at + 96)
            ));
            at += 100;
            o.push_str(&format!(
                "<status status=\"{}\" starttime=\"{}\" endtime=\"{}\"/>\n</suite>\n",
                if sf > 0 { "FAIL" } else { "PASS" },
                robot_time(sstart),
                robot_time(at)
            ));
            suite_stats.push((sid, format!("E2E.{profile}.{suite}"), sp, sf, ss));
            pp += sp;
            pf += sf;
            ps += ss;
        }
        o.push_str(&format!(
            "<status status=\"{}\" starttime=\"{}\" endtime=\"{}\"/>\n</suite>\n",
            if pf > 0 { "FAIL" } else { "PASS" },
            robot_time(pstart),
            robot_time(at)
        ));
        suite_stats.insert(
            suite_stats.len() - ROBOT_SUITES.len(),
            (pid, format!("E2E.{profile}"), pp, pf, ps),
        );
        pass += pp;
        fail += pf;
        skip += ps;
    }
    o.push_str(&format!(
        "<status status=\"FAIL\" starttime=\"{}\" endtime=\"{}\"/>\n</suite>\n",
        robot_time((DAY + 2 * 3_600) * 1000 + 4_118),
        robot_time(at)
    ));
    o.push_str("<statistics>\n<total>\n");
    o.push_str(&format!(
        "<stat pass=\"{pass}\" fail=\"{fail}\" skip=\"{skip}\">All Tests</stat>\n</total>\n<tag>\n"
    ));
    o.push_str(&format!(
        "<stat pass=\"{}\" fail=\"0\" skip=\"{skip}\">known-issue</stat>\n",
        profiles.len() as u64 - skip
    ));
    o.push_str("</tag>\n<suite>\n");
    o.push_str(&format!(
        "<stat pass=\"{pass}\" fail=\"{fail}\" skip=\"{skip}\" id=\"s1\" name=\"E2E\">E2E</stat>\n"
    ));
    for (id, name, p, f, s) in &suite_stats {
        o.push_str(&format!(
            "<stat pass=\"{p}\" fail=\"{f}\" skip=\"{s}\" id=\"{id}\" name=\"{}\">{name}</stat>\n",
            name.rsplit('.').next().unwrap()
        ));
    }
    o.push_str("</suite>\n</statistics>\n<errors>\n");
    o.push_str(&format!(
        "<msg timestamp=\"{}\" level=\"WARN\">Error in file '/builds/velohaus/shop-e2e/resources/shop.resource' on line 41: The '[Return]' setting is deprecated. Use the 'RETURN' statement instead.</msg>\n",
        robot_time((DAY + 2 * 3_600) * 1000 + 3_977)
    ));
    o.push_str("</errors>\n</robot>\n");
    assert_eq!(fail, 1);
    assert_eq!(skip, 1);
    assert_eq!(o.matches(bad).count(), 3);
    assert!((350_000..1_000_000).contains(&o.len()), "{}", o.len());
    Case::fact(
        "Robot Framework output.xml of a night's shop E2E run, the failed test and its error",
        o,
        "Last night's end-to-end tests of the shop went red. Which test actually failed, and what error did it fail with?",
        &["Pay With PayPal As Guest", bad],
    )
}

// ---------------------------------------------------------- idevicesyslog

/// Lines of a device log, written out in time order.
struct Syslog(Vec<(u64, usize, String)>);

impl Syslog {
    /// A line at `ms` of `process[pid]` at `level`.
    fn add(&mut self, ms: u64, process: &str, pid: u64, level: &str, text: &str) {
        let t = ms / 1000;
        let (_, m, d) = civil(t / 86_400);
        let n = self.0.len();
        self.0.push((
            ms,
            n,
            format!(
                "{} {d:>2} {} Testgeraet-iPhone-3 {process}[{pid}] <{level}>: {text}\n",
                MONTHS[(m - 1) as usize],
                clock(t % 86_400)
            ),
        ));
    }

    fn text(mut self) -> String {
        self.0.sort_by_key(|l| (l.0, l.1));
        self.0.into_iter().map(|l| l.2).collect()
    }
}

const DAEMON_LINES: [(&str, u64, &str, &str); 24] = [
    (
        "locationd",
        71,
        "Notice",
        "{\"msg\":\"#wifi Received scan results\", \"count\":\"{n}\", \"source\":\"passive\"}",
    ),
    (
        "wifid(WiFiPolicy)",
        44,
        "Notice",
        "WiFiDeviceManagerGetCurrentNetwork: current network is \"Velohaus-Test\" rssi -{n}",
    ),
    (
        "CommCenter",
        92,
        "Notice",
        "#I Radio: signal strength changed bars=3 rsrp=-{n}",
    ),
    (
        "mDNSResponder",
        66,
        "Notice",
        "[R{n}] DNSServiceQueryRecord(15000, 0, api.velohaus-lindner.de, A) START PID[{app}](Velohaus)",
    ),
    (
        "backboardd",
        68,
        "Notice",
        "[HIDEventFilter] touch phase:moved id:{n}",
    ),
    (
        "SpringBoard(FrontBoard)",
        58,
        "Notice",
        "[FBSceneManager] Scene update for sceneID: com.velohaus.shop-default succeeded ({n})",
    ),
    (
        "runningboardd",
        35,
        "Notice",
        "Acquiring assertion targeting [app<com.velohaus.shop>:{app}] from originator [osservice<com.apple.SpringBoard>:58] with description <RBSAssertionDescriptor| \"FBScene\" ID:35-58-{n}>",
    ),
    (
        "dasd",
        112,
        "Notice",
        "com.apple.dasd.scheduler: Evaluating {n} activities",
    ),
    (
        "symptomsd(SymptomEvaluator)",
        123,
        "Notice",
        "Data Usage for Velohaus on flow {n} - WiFi in/out: 184223/9120, WiFi delta_in/delta_out: 18211/904",
    ),
    (
        "nsurlsessiond",
        97,
        "Notice",
        "Task <{uuid}>.<{n}> resuming, QOS(0x19) Voucher <private>",
    ),
    (
        "trustd",
        101,
        "Notice",
        "cert[0]: SubjectCommonName =(leaf)[]> 0",
    ),
    (
        "apsd",
        88,
        "Notice",
        "Connection is connected on interface pdp_ip0 - {n} bytes",
    ),
    (
        "assertiond",
        62,
        "Notice",
        "Adding assertion {n} for process Velohaus",
    ),
    (
        "kernel",
        0,
        "Notice",
        "AppleBCMWLANCore::dumpWmeCounters(): queue {n} tx 0 rx 0",
    ),
    (
        "kernel(Sandbox)",
        0,
        "Error",
        "Sandbox: Velohaus({app}) deny(1) file-read-metadata /private/var/mobile/Library/Caches/com.apple.keyboards/{n}",
    ),
    (
        "Velohaus(CFNetwork)",
        0,
        "Notice",
        "Task <{uuid}>.<{n}> finished successfully",
    ),
    (
        "Velohaus(CFNetwork)",
        0,
        "Notice",
        "Task <{uuid}>.<{n}> sent request, body N 0",
    ),
    (
        "Velohaus(Kingfisher)",
        0,
        "Notice",
        "Image loaded from network: https://cdn.velohaus-lindner.de/products/{n}/1200x900.jpg (1.9 MB)",
    ),
    (
        "Velohaus",
        0,
        "Notice",
        "[Catalog] page {n} appended, 24 tiles, 1,2 s",
    ),
    (
        "Velohaus(UIKitCore)",
        0,
        "Notice",
        "Scroll view did end decelerating at y={n}",
    ),
    (
        "Velohaus(CFNetwork)",
        0,
        "Error",
        "Task <{uuid}>.<{n}> finished with error [-1001] Error Domain=NSURLErrorDomain Code=-1001 \"The request timed out.\" UserInfo={_kCFStreamErrorCodeKey=-2102, NSErrorFailingURLStringKey=https://api.velohaus-lindner.de/recommendations}",
    ),
    (
        "Velohaus(Firebase)",
        0,
        "Notice",
        "11.4.0 - [FirebaseAnalytics][I-ACS023044] Successfully parsed configuration. Event: screen_view {n}",
    ),
    (
        "SpringBoard",
        58,
        "Notice",
        "[BLS] BacklightService: rampToBrightness {n}",
    ),
    (
        "cloudd",
        311,
        "Notice",
        "Finished operation <CKDModifyRecordsOperation: {n}>",
    ),
];

/// `idevicesyslog` of a test iPhone (iOS 18) over 45 minutes while a
/// tester scrolls the Velohaus shop app's catalogue: daemons, the app's
/// network and image cache. Three times the app grows past its memory
/// limit and the kernel kills it (`EXC_RESOURCE -> Velohaus[…] exceeded
/// mem limit: ActiveHard 2098 MB (fatal)`, then `killing_specific_process`).
/// Decoys: the app's own widget killed at its 30 MB limit, idle daemons
/// killed under memory pressure, a train timetable app's crash, the
/// app's memory warnings, sandbox denials and timed-out requests.
fn idevicesyslog_memory_kill() -> Case {
    let start = (DAY + 13 * 3_600 + 40 * 60) * 1000;
    let span = 45 * 60 * 1000u64;
    let mut log = Syslog(Vec::new());
    let pids = [4512u64, 4631, 4709];
    let kills = [
        start + 11 * 60_000 + 3_412,
        start + 24 * 60_000 + 51_027,
        start + 39 * 60_000 + 7_731,
    ];
    let app_at = |ms: u64| -> u64 {
        let i = kills.iter().filter(|&&k| k < ms).count();
        pids[i.min(2)]
    };
    let mut n = 0usize;
    let mut ms = start;
    while ms < start + span {
        n += 1;
        let (proc_, pid, level, template) =
            DAEMON_LINES[(h(n, 8201) % DAEMON_LINES.len() as u64) as usize];
        let app = app_at(ms);
        let pid = if pid == 0 && proc_.starts_with("Velohaus") {
            app
        } else {
            pid
        };
        // The app is dead from its kill until the tester opens it again.
        let dead = kills.iter().any(|&k| ms > k && ms < k + 20_000);
        if !(dead && (proc_.starts_with("Velohaus") || template.contains("{app}"))) {
            let text = template
                .replace("{n}", &(10 + h(n, 8202) % 9_000).to_string())
                .replace("{app}", &app.to_string())
                .replace("{uuid}", &uuid(n, 8203).to_uppercase());
            log.add(ms, proc_, pid, level, &text);
        }
        ms += 60 + h(n, 8204) % 760;
    }
    let app_start = |log: &mut Syslog, ms: u64, pid: u64| {
        log.add(
            ms,
            "SpringBoard(FrontBoard)",
            58,
            "Notice",
            &format!("[app<com.velohaus.shop>:{pid}] Bootstrap success!"),
        );
        log.add(ms + 41, "runningboardd", 35, "Notice", &format!("[app<com.velohaus.shop(3C1F0A7E-5B2D-4E1A-9C8F-2D6B7A1E4F30)>:{pid}] Memory Limits: active 2098 inactive 2098\n <RBSMemoryLimits| active:2098 inactive:2098>"));
        log.add(
            ms + 390,
            "Velohaus",
            pid,
            "Notice",
            "[App] launched, build 4.12.0 (1187), environment staging",
        );
    };
    app_start(&mut log, start + 1_200, 4_388);
    // The first process before the three that die: the tester relaunched it.
    for (i, &kill) in kills.iter().enumerate() {
        let pid = pids[i];
        let born = if i == 0 {
            start - 600_000
        } else {
            kills[i - 1] + 20_000
        };
        if i > 0 {
            app_start(&mut log, born, pid);
        }
        // Memory warnings as it grows.
        for w in 0..3u64 {
            let at = kill - 95_000 + w * 30_000 + h(i * 4 + w as usize, 8205) % 5_000;
            log.add(
                at,
                "Velohaus(UIKitCore)",
                pid,
                "Notice",
                "Received memory warning.",
            );
            log.add(
                at + 12,
                "Velohaus(Kingfisher)",
                pid,
                "Notice",
                "Memory cache cleared on memory warning, 0 images kept",
            );
            log.add(at + 30, "kernel", 0, "Notice", &format!("memorystatus: killing_idle_process pid {} [{}] (vm-pageshortage 4) {}KB - memorystatus_available_pages: {}", 300 + h(i * 4 + w as usize, 8206) % 600, pick(&["cloudd", "photoanalysisd", "suggestd", "tipsd", "mediaanalysisd", "searchpartyd"], i * 4 + w as usize, 8207), 4_096 + h(i * 4 + w as usize, 8208) % 40_000, 3_000 + h(i * 4 + w as usize, 8209) % 2_000));
        }
        let footprint = 2_148_352 + h(i, 8210) % 9_000;
        log.add(
            kill,
            "kernel",
            0,
            "Notice",
            &format!(
                "EXC_RESOURCE -> Velohaus[{pid}] exceeded mem limit: ActiveHard 2098 MB (fatal)"
            ),
        );
        log.add(kill + 3, "kernel", 0, "Notice", &format!("memorystatus: killing_specific_process pid {pid} [Velohaus] (per-process-limit 10) {footprint}KB - memorystatus_available_pages: {}", 58_000 + h(i, 8211) % 9_000));
        log.add(
            kill + 40,
            "ReportCrash",
            4_900 + i as u64,
            "Notice",
            &format!("Formulating report for corpse[{pid}] Velohaus"),
        );
        log.add(kill + 52, "runningboardd", 35, "Notice", &format!("[app<com.velohaus.shop(3C1F0A7E-5B2D-4E1A-9C8F-2D6B7A1E4F30)>:{pid}] termination reported by launchd (2, 9, 9)"));
        log.add(
            kill + 60,
            "SpringBoard(FrontBoard)",
            58,
            "Notice",
            &format!("[app<com.velohaus.shop>:{pid}] Workspace connection invalidated."),
        );
        log.add(kill + 66, "SpringBoard(FrontBoard)", 58, "Notice", &format!("[app<com.velohaus.shop>:{pid}] Now flagged as pending exit for reason: workspace client connection invalidated"));
        log.add(kill + 1_240, "osanalyticshelper", 4_950 + i as u64, "Notice", &format!("Saved type '298(<private>)' report (1 of max 25) at /private/var/mobile/Library/Logs/CrashReporter/JetsamEvent-2026-11-27-{}.ips", clock((kill / 1000) % 86_400).replace(':', "")));
    }
    // The widget at its own small limit.
    let wk = start + 6 * 60_000 + 2_210;
    log.add(
        wk,
        "kernel",
        0,
        "Notice",
        "EXC_RESOURCE -> VelohausWidget[3120] exceeded mem limit: ActiveHard 30 MB (fatal)",
    );
    log.add(wk + 4, "kernel", 0, "Notice", "memorystatus: killing_specific_process pid 3120 [VelohausWidget] (per-process-limit 10) 31104KB - memorystatus_available_pages: 71230");
    // Another app's crash.
    let ck = start + 31 * 60_000 + 17_004;
    log.add(
        ck,
        "ReportCrash",
        4_990,
        "Notice",
        "Formulating report for corpse[3310] Fahrplan",
    );
    log.add(ck + 5, "ReportCrash", 4_990, "Error", "Process 3310 (Fahrplan) crashed: EXC_BAD_ACCESS (SIGSEGV) KERN_INVALID_ADDRESS at 0x0000000000000010");
    log.add(ck + 900, "osanalyticshelper", 4_991, "Notice", "Saved type '309(<private>)' report (1 of max 25) at /private/var/mobile/Library/Logs/CrashReporter/Fahrplan-2026-11-27-141117.ips");
    let out = log.text();
    let fact = "ActiveHard 2098 MB";
    assert_eq!(out.matches(fact).count(), 3);
    assert!((350_000..1_000_000).contains(&out.len()), "{}", out.len());
    Case::fact(
        "idevicesyslog of a test iPhone, why iOS kills the shop app",
        out,
        "Our shop app keeps closing by itself on the tester's iPhone while she scrolls through the catalogue. I recorded the phone's console log: why is iOS killing the app, and what limit is it hitting?",
        &["exceeded mem limit", fact],
    )
}

// --------------------------------------------------------------- Homebrew

/// Formulae: name, version, description, dependencies.
const FORMULAE: [(&str, &str, &str, &[&str]); 78] = [
    (
        "ca-certificates",
        "2026-09-30",
        "Mozilla CA certificate store",
        &[],
    ),
    (
        "openssl@3",
        "3.6.0",
        "Cryptography and SSL/TLS Toolkit",
        &["ca-certificates"],
    ),
    ("readline", "8.3.1", "Library for command-line editing", &[]),
    (
        "sqlite",
        "3.51.0",
        "Command-line interface for SQLite",
        &["readline"],
    ),
    (
        "xz",
        "5.8.1",
        "General-purpose data compression with high compression ratio",
        &[],
    ),
    (
        "zstd",
        "1.5.7",
        "Zstandard is a real-time compression algorithm",
        &["lz4", "xz"],
    ),
    ("lz4", "1.10.0", "Extremely Fast Compression algorithm", &[]),
    (
        "pcre2",
        "10.46",
        "Perl compatible regular expressions library with a new API",
        &[],
    ),
    (
        "gettext",
        "0.26",
        "GNU internationalization (i18n) and localization (l10n) library",
        &[],
    ),
    ("libyaml", "0.2.5", "YAML Parser", &[]),
    (
        "icu4c@77",
        "77.1",
        "C/C++ and Java libraries for Unicode and globalization",
        &[],
    ),
    (
        "python@3.13",
        "3.13.9",
        "Interpreted, interactive, object-oriented programming language",
        &["mpdecimal", "openssl@3", "sqlite", "xz"],
    ),
    (
        "python@3.12",
        "3.12.12",
        "Interpreted, interactive, object-oriented programming language",
        &["mpdecimal", "openssl@3", "sqlite", "xz"],
    ),
    (
        "mpdecimal",
        "4.0.1",
        "Library for decimal floating point arithmetic",
        &[],
    ),
    (
        "node",
        "25.1.0",
        "Open-source, cross-platform JavaScript runtime environment",
        &[
            "brotli",
            "c-ares",
            "icu4c@77",
            "libnghttp2",
            "libuv",
            "openssl@3",
        ],
    ),
    (
        "node@20",
        "20.19.5",
        "Open-source, cross-platform JavaScript runtime environment",
        &[
            "brotli",
            "c-ares",
            "icu4c@77",
            "libnghttp2",
            "libuv",
            "openssl@3",
        ],
    ),
    (
        "brotli",
        "1.1.0",
        "Generic-purpose lossless compression algorithm by Google",
        &[],
    ),
    ("c-ares", "1.34.5", "Asynchronous DNS library", &[]),
    ("libnghttp2", "1.67.1", "HTTP/2 C Library", &[]),
    (
        "libuv",
        "1.51.0",
        "Multi-platform support library with a focus on asynchronous I/O",
        &[],
    ),
    (
        "git",
        "2.52.0",
        "Distributed revision control system",
        &["gettext", "pcre2"],
    ),
    ("gh", "2.83.0", "GitHub command-line tool", &[]),
    (
        "jq",
        "1.8.1",
        "Lightweight and flexible command-line JSON processor",
        &["oniguruma"],
    ),
    ("oniguruma", "6.9.10", "Regular expressions library", &[]),
    (
        "yq",
        "4.48.1",
        "Process YAML, JSON, XML, CSV and properties documents from the CLI",
        &[],
    ),
    (
        "wget",
        "1.25.0",
        "Internet file retriever",
        &["libidn2", "openssl@3"],
    ),
    (
        "libidn2",
        "2.3.8",
        "International domain name library (IDNA2008, Punycode and TR46)",
        &["libunistring"],
    ),
    (
        "libunistring",
        "1.4.1",
        "C string library for manipulating Unicode strings",
        &[],
    ),
    (
        "postgresql@16",
        "16.10",
        "Object-relational database system",
        &["icu4c@77", "krb5", "lz4", "openssl@3", "readline", "zstd"],
    ),
    (
        "krb5",
        "1.22.1",
        "Network authentication protocol",
        &["openssl@3"],
    ),
    (
        "mysql@5.7",
        "5.7.44",
        "Open source relational database management system",
        &["openssl@3"],
    ),
    (
        "mysql-client@5.7",
        "5.7.44",
        "Open source relational database management system",
        &["openssl@3"],
    ),
    (
        "redis",
        "8.2.2",
        "Persistent key-value database, with built-in net interface",
        &["openssl@3"],
    ),
    (
        "go",
        "1.25.4",
        "Open source programming language to build simple/reliable/efficient software",
        &[],
    ),
    ("rustup", "1.28.2", "Rust toolchain installer", &[]),
    (
        "kubernetes-cli",
        "1.34.2",
        "Kubernetes command-line interface",
        &[],
    ),
    ("helm", "3.19.2", "Kubernetes package manager", &[]),
    (
        "k9s",
        "0.50.16",
        "Kubernetes CLI To Manage Your Clusters In Style!",
        &[],
    ),
    (
        "awscli",
        "2.32.0",
        "Official Amazon AWS command-line interface",
        &["openssl@3", "python@3.13", "sqlite"],
    ),
    (
        "terraform",
        "1.5.7",
        "Tool to build, change, and version infrastructure",
        &[],
    ),
    (
        "ansible",
        "12.2.0",
        "Automate deployment, configuration, and upgrading",
        &["libyaml", "python@3.13"],
    ),
    (
        "htop",
        "3.4.1",
        "Improved top (interactive process viewer)",
        &[],
    ),
    (
        "tmux",
        "3.5a",
        "Terminal multiplexer",
        &["libevent", "ncurses", "utf8proc"],
    ),
    (
        "libevent",
        "2.1.12",
        "Asynchronous event library",
        &["openssl@3"],
    ),
    ("ncurses", "6.5", "Text-based UI library", &[]),
    (
        "utf8proc",
        "2.11.0",
        "Clean C library for processing UTF-8 Unicode data",
        &[],
    ),
    (
        "ripgrep",
        "15.1.0",
        "Search tool like grep and The Silver Searcher",
        &["pcre2"],
    ),
    (
        "fd",
        "10.3.0",
        "Simple, fast and user-friendly alternative to find",
        &[],
    ),
    (
        "bat",
        "0.26.0",
        "Clone of cat(1) with syntax highlighting and Git integration",
        &["libgit2", "oniguruma"],
    ),
    (
        "libgit2",
        "1.9.1",
        "C library of Git core methods that is re-entrant and linkable",
        &["libssh2", "openssl@3"],
    ),
    (
        "libssh2",
        "1.11.1",
        "C library implementing the SSH2 protocol",
        &["openssl@3"],
    ),
    (
        "ffmpeg",
        "8.0",
        "Play, record, convert, and stream select audio and video codecs",
        &["lame", "x264", "x265"],
    ),
    (
        "lame",
        "3.100",
        "High quality MPEG Audio Layer III (MP3) encoder",
        &[],
    ),
    ("x264", "r3222", "H.264/AVC encoder", &[]),
    ("x265", "4.1", "H.265/HEVC encoder", &[]),
    (
        "imagemagick",
        "7.1.2-8",
        "Tools and libraries to manipulate images in many formats",
        &["libpng", "jpeg-turbo"],
    ),
    (
        "libpng",
        "1.6.50",
        "Library for manipulating PNG images",
        &[],
    ),
    (
        "jpeg-turbo",
        "3.1.2",
        "JPEG image codec that aids compression and decompression",
        &[],
    ),
    (
        "youtube-dl",
        "2021.12.17",
        "Download YouTube videos from the command-line",
        &["python@3.12"],
    ),
    (
        "openjdk@17",
        "17.0.17",
        "Development kit for the Java programming language",
        &[],
    ),
    (
        "coreutils",
        "9.8",
        "GNU File, Shell, and Text utilities",
        &["gmp"],
    ),
    (
        "gmp",
        "6.3.0",
        "GNU multiple precision arithmetic library",
        &[],
    ),
    (
        "gnu-sed",
        "4.9",
        "GNU implementation of the famous stream editor",
        &[],
    ),
    ("grep", "3.12", "GNU grep, egrep and fgrep", &["pcre2"]),
    (
        "curl",
        "8.17.0",
        "Get a file from an HTTP, HTTPS or FTP server",
        &["brotli", "libnghttp2", "openssl@3", "zstd"],
    ),
    (
        "openssh",
        "10.2p1",
        "OpenBSD freely-licensed SSH connectivity tools",
        &["ldns", "openssl@3"],
    ),
    ("ldns", "1.8.4", "DNS library written in C", &["openssl@3"]),
    (
        "gnupg",
        "2.4.8",
        "GNU Pretty Good Privacy (PGP) package",
        &["gettext", "readline", "sqlite"],
    ),
    ("pinentry-mac", "1.3.1.1", "Pinentry for GPG on Mac", &[]),
    (
        "pkgconf",
        "2.5.1",
        "Package compiler and linker metadata toolkit",
        &[],
    ),
    ("cmake", "4.1.2", "Cross-platform make", &[]),
    (
        "autoconf",
        "2.72",
        "Automatic configure script builder",
        &["m4"],
    ),
    ("m4", "1.4.20", "Macro processing language", &[]),
    (
        "protobuf",
        "33.0",
        "Protocol buffers (Google's data interchange format)",
        &["abseil"],
    ),
    ("abseil", "20250814.1", "C++ Common Libraries", &[]),
    (
        "watch",
        "4.0.5",
        "Executes a program periodically, showing output fullscreen",
        &["ncurses"],
    ),
    (
        "tree",
        "2.2.1",
        "Display directories as trees (with optional color/HTML output)",
        &[],
    ),
    (
        "nmap",
        "7.98",
        "Port scanning utility for large networks",
        &["libssh2", "openssl@3", "pcre2"],
    ),
];

/// One formula of `brew info --json=v2`, its keys as Homebrew writes them.
fn brew_formula(i: usize, name: &str, version: &str, desc: &str, deps: &[&str]) -> Value {
    let tap = "homebrew/core";
    let mut f = Map::new();
    let url_name = name.replace('@', "-");
    f.insert("name".into(), json!(name));
    f.insert("full_name".into(), json!(name));
    f.insert("tap".into(), json!(tap));
    f.insert("oldnames".into(), json!([]));
    f.insert("aliases".into(), json!([]));
    f.insert("versioned_formulae".into(), json!([]));
    f.insert("desc".into(), json!(desc));
    f.insert(
        "license".into(),
        json!(pick(
            &[
                "MIT",
                "Apache-2.0",
                "GPL-3.0-or-later",
                "BSD-3-Clause",
                "GPL-2.0-only",
                "Zlib"
            ],
            i,
            8301
        )),
    );
    f.insert("homepage".into(), json!(format!("https://{url_name}.org/")));
    f.insert("versions".into(), json!({"stable": version, "head": if i.is_multiple_of(3) { json!("HEAD") } else { Value::Null }, "bottle": true}));
    f.insert(
        "urls".into(),
        json!({"stable": {"url": format!("https://{url_name}.org/download/{url_name}-{version}.tar.gz"), "tag": null, "revision": null, "using": null, "checksum": hex(i, 8302, 64)}}),
    );
    f.insert("revision".into(), json!(h(i, 8303) % 2));
    f.insert("version_scheme".into(), json!(0));
    f.insert("compatibility_version".into(), Value::Null);
    let mut files = Map::new();
    for (j, os) in [
        "arm64_tahoe",
        "arm64_sequoia",
        "arm64_sonoma",
        "sonoma",
        "arm64_linux",
        "x86_64_linux",
    ]
    .iter()
    .enumerate()
    {
        let sha = hex(i * 8 + j, 8304, 64);
        files.insert(
            os.to_string(),
            json!({"cellar": if os.ends_with("linux") { "/home/linuxbrew/.linuxbrew/Cellar" } else { ":any" }, "url": format!("https://ghcr.io/v2/homebrew/core/{}/blobs/sha256:{sha}", url_name), "sha256": sha}),
        );
    }
    f.insert("bottle".into(), json!({"stable": {"rebuild": 0, "root_url": "https://ghcr.io/v2/homebrew/core", "files": files}}));
    f.insert("pour_bottle_only_if".into(), Value::Null);
    f.insert(
        "keg_only".into(),
        json!(name.contains('@') || name == "ca-certificates"),
    );
    f.insert(
        "keg_only_reason".into(),
        if name.contains('@') {
            json!({"reason": ":versioned_formula", "explanation": ""})
        } else {
            Value::Null
        },
    );
    f.insert("options".into(), json!([]));
    f.insert(
        "build_dependencies".into(),
        json!(if i.is_multiple_of(2) {
            vec!["pkgconf"]
        } else {
            vec!["cmake", "pkgconf"]
        }),
    );
    f.insert("dependencies".into(), json!(deps));
    f.insert("test_dependencies".into(), json!([]));
    f.insert("recommended_dependencies".into(), json!([]));
    f.insert("optional_dependencies".into(), json!([]));
    f.insert("uses_from_macos".into(), json!(["zlib", {"curl": "build"}]));
    f.insert("uses_from_macos_bounds".into(), json!([{}, {}]));
    f.insert("requirements".into(), json!([]));
    f.insert("conflicts_with".into(), json!([]));
    f.insert("conflicts_with_reasons".into(), json!([]));
    f.insert("link_overwrite".into(), json!([]));
    let caveats = if name.starts_with("mysql@") || name == "redis" || name.starts_with("postgresql")
    {
        let svc = name;
        json!(format!(
            "To start {svc} now and restart at login:\n  brew services start {svc}\nOr, if you don't want/need a background service you can just run:\n  /opt/homebrew/opt/{svc}/bin/{} \nThe service is disabled by default; enable it with `brew services start {svc}`.",
            if name.starts_with("redis") {
                "redis-server /opt/homebrew/etc/redis.conf"
            } else {
                "mysqld_safe --datadir=/opt/homebrew/var/mysql"
            }
        ))
    } else if name.contains('@') {
        json!(format!(
            "{name} is keg-only, which means it was not symlinked into /opt/homebrew,\nbecause this is an alternate version of another formula.\n\nIf you need to have {name} first in your PATH, run:\n  echo 'export PATH=\"/opt/homebrew/opt/{name}/bin:$PATH\"' >> ~/.zshrc"
        ))
    } else {
        Value::Null
    };
    f.insert("caveats".into(), caveats);
    let installed_at = DAY - 400 * 86_400 + h(i, 8305) % (390 * 86_400);
    let runtime: Vec<Value> = deps
        .iter()
        .map(|d| {
            let v = FORMULAE.iter().find(|f| f.0 == *d).map_or("1.0", |f| f.1);
            json!({"full_name": d, "version": v, "revision": 0, "bottle_rebuild": 0, "pkg_version": v, "declared_directly": true})
        })
        .collect();
    f.insert(
        "installed".into(),
        json!([{"version": version, "used_options": [], "built_as_bottle": true, "poured_from_bottle": true, "time": installed_at, "runtime_dependencies": runtime, "installed_as_dependency": h(i, 8306).is_multiple_of(3), "installed_on_request": !h(i, 8306).is_multiple_of(3)}]),
    );
    f.insert(
        "linked_keg".into(),
        if name.contains('@') {
            Value::Null
        } else {
            json!(version)
        },
    );
    f.insert("pinned".into(), json!(name == "terraform"));
    f.insert(
        "outdated".into(),
        json!(h(i, 8307).is_multiple_of(4) || name == "terraform"),
    );
    let (deprecated, dep_date, dep_reason) = match name {
        "mysql-client@5.7" => (true, json!("2023-10-31"), json!("unsupported")),
        "youtube-dl" => (true, json!("2024-06-15"), json!("repo_archived")),
        "node@20" => (true, json!("2026-10-28"), json!("unsupported")),
        "python@3.12" => (false, Value::Null, Value::Null),
        "terraform" => (true, json!("2024-04-04"), json!("does_not_build")),
        _ => (false, Value::Null, Value::Null),
    };
    f.insert("deprecated".into(), json!(deprecated));
    f.insert("deprecation_date".into(), dep_date);
    f.insert("deprecation_reason".into(), dep_reason);
    f.insert("deprecation_replacement_formula".into(), Value::Null);
    f.insert("deprecation_replacement_cask".into(), Value::Null);
    let disabled = name == "mysql@5.7";
    f.insert("disabled".into(), json!(disabled));
    f.insert(
        "disable_date".into(),
        if disabled {
            json!("2024-08-01")
        } else {
            Value::Null
        },
    );
    f.insert(
        "disable_reason".into(),
        if disabled {
            json!("unsupported")
        } else {
            Value::Null
        },
    );
    f.insert("disable_replacement_formula".into(), Value::Null);
    f.insert("disable_replacement_cask".into(), Value::Null);
    f.insert(
        "post_install_defined".into(),
        json!(h(i, 8308).is_multiple_of(5)),
    );
    f.insert(
        "service".into(),
        if name.starts_with("mysql@") || name == "redis" || name.starts_with("postgresql") {
            json!({"run": [format!("/opt/homebrew/opt/{name}/bin/{}", if name == "redis" { "redis-server" } else if name.starts_with("mysql") { "mysqld_safe" } else { "postgres" })], "run_type": "immediate", "keep_alive": {"always": true}, "working_dir": "/opt/homebrew/var"})
        } else {
            Value::Null
        },
    );
    f.insert("tap_git_head".into(), json!(hex(1, 8309, 40)));
    f.insert(
        "ruby_source_path".into(),
        json!(format!("Formula/{}/{name}.rb", &name[..1])),
    );
    f.insert(
        "ruby_source_checksum".into(),
        json!({"sha256": hex(i, 8310, 64)}),
    );
    Value::Object(f)
}

/// `brew info --json=v2 --installed` on a developer's Mac: every
/// formula installed (sixty, with their bottles for six platforms, their
/// dependencies, caveats and services) and the casks. One formula,
/// `mysql@5.7`, is disabled since 2024-08-01, what Homebrew warns of on
/// every run. Decoys: deprecated formulae (`mysql-client@5.7` of the
/// same version, `youtube-dl`, `terraform`, `node@20`), a pinned and
/// outdated formula, caveats saying services are disabled by default.
fn brew_disabled_formula() -> Case {
    let mut formulae: Vec<Value> = FORMULAE
        .iter()
        .enumerate()
        .map(|(i, f)| brew_formula(i, f.0, f.1, f.2, f.3))
        .collect();
    formulae.sort_by(|a, b| a["name"].as_str().cmp(&b["name"].as_str()));
    let casks_list = [
        ("docker-desktop", "4.50.0,209931", "Docker Desktop"),
        (
            "visual-studio-code",
            "1.106.2",
            "Microsoft Visual Studio Code",
        ),
        ("firefox", "145.0.1", "Mozilla Firefox"),
        ("google-chrome", "142.0.7444.176", "Google Chrome"),
        ("iterm2", "3.6.6", "iTerm2"),
        ("slack", "4.47.65", "Slack"),
        ("postman", "11.71.2", "Postman"),
        ("dbeaver-community", "25.2.5", "DBeaver Community Edition"),
        ("rectangle", "0.91", "Rectangle"),
        ("1password", "8.11.18", "1Password"),
        ("zoom", "6.6.10.67069", "Zoom"),
        ("obsidian", "1.10.3", "Obsidian"),
    ];
    let casks: Vec<Value> = casks_list
        .iter()
        .enumerate()
        .map(|(i, (token, version, name))| {
            json!({
                "token": token, "full_token": token, "old_tokens": [], "tap": "homebrew/cask",
                "name": [name], "desc": format!("{name} for macOS"), "homepage": format!("https://{token}.com/"),
                "url": format!("https://download.{token}.com/mac/{}/{token}.dmg", version.replace(',', "/")),
                "url_specs": {}, "version": version, "autobump": true, "no_autobump_message": null, "skip_livecheck": false,
                "installed": version, "installed_time": DAY - h(i, 8311) % (200 * 86_400),
                "bundle_version": null, "bundle_short_version": null, "outdated": false,
                "sha256": hex(i, 8312, 64),
                "artifacts": [{"app": [format!("{name}.app")]}, {"zap": [{"trash": [format!("~/Library/Application Support/{name}"), format!("~/Library/Caches/com.{token}.mac"), format!("~/Library/Preferences/com.{token}.mac.plist")]}]}],
                "caveats": null, "depends_on": {"macos": {">=": ["12"]}}, "conflicts_with": null, "container": null, "rename": [],
                "auto_updates": true, "deprecated": false, "deprecation_date": null, "deprecation_reason": null,
                "deprecation_replacement_formula": null, "deprecation_replacement_cask": null,
                "disabled": false, "disable_date": null, "disable_reason": null,
                "disable_replacement_formula": null, "disable_replacement_cask": null,
                "tap_git_head": hex(2, 8309, 40), "languages": [], "ruby_source_path": format!("Casks/{}/{token}.rb", &token[..1]),
                "ruby_source_checksum": {"sha256": hex(i, 8313, 64)}
            })
        })
        .collect();
    // Installed versions of the formulae kept for older projects: every
    // formula's bottle listing is what makes the output long.
    let doc = json!({ "formulae": formulae, "casks": casks });
    let out = pretty(&doc, b"  ") + "\n";
    assert_eq!(whole(&out, "2024-08-01"), 1);
    let expected: Vec<String> = (doc["formulae"].as_array().unwrap().iter())
        .filter(|f| f["disabled"] == true)
        .flat_map(|f| {
            [
                jq_string(f["name"].as_str().unwrap()),
                jq_string(f["disable_date"].as_str().unwrap()),
            ]
        })
        .collect();
    assert_eq!(expected.len(), 2);
    assert!((350_000..1_000_000).contains(&out.len()), "{}", out.len());
    Case::fact(
        "brew info --json=v2 --installed, the formula switched off for good and since when",
        out,
        "Every time I run brew it complains that one of my installed packages has been switched off for good. Which package is that, and since what date?",
        &["mysql@5.7", "2024-08-01"],
    )
    .with_jq(".formulae[] | select(.disabled) | .name, .disable_date", expected)
}

// ------------------------------------------------------------ Junos optics

/// `0.4897 mW / -3.10 dBm`, or Junos's `- Inf` for no light at all.
fn mw_dbm(mw: f64) -> String {
    if mw <= 0.0 {
        "0.0000 mW / - Inf dBm".to_string()
    } else {
        format!("{mw:.4} mW / {:.2} dBm", 10.0 * mw.log10())
    }
}

/// `show interfaces diagnostics optics` on the core virtual chassis of
/// a distribution centre (four QFX5120-48Y members, 48 SFP28 ports each,
/// most of them with an optic): every port's laser bias, output and
/// received power, temperature and voltage, its alarm and warning flags
/// and thresholds. Four ports receive less light than the low alarm
/// threshold (-16.20 dBm), one of them none at all. Decoys: ports past
/// the low warning (-13.10 dBm) only, a port just above the alarm, a
/// port whose own laser sends too little (output power low alarm), a
/// module running hot.
fn junos_optics_rx_alarm() -> Case {
    let alarmed: [(&str, f64); 4] = [
        ("xe-1/0/7", 0.0151),
        ("xe-2/0/31", 0.0089),
        ("xe-3/0/12", 0.0),
        ("xe-0/0/44", 0.0203),
    ];
    let warned: [(&str, f64); 4] = [
        ("xe-0/0/9", 0.0412),
        ("xe-1/0/26", 0.0330),
        ("xe-3/0/40", 0.0245),
        ("xe-2/0/3", 0.0471),
    ];
    let mut out = String::new();
    let mut names: Vec<String> = Vec::new();
    for fpc in 0..4usize {
        for port in 0..48usize {
            let name = format!("xe-{fpc}/0/{port}");
            let q = fpc * 64 + port;
            let planted = alarmed.iter().chain(warned.iter()).find(|a| a.0 == name);
            if planted.is_none() && h(q, 8401).is_multiple_of(10) {
                continue; // no optic in this port
            }
            names.push(name.clone());
            let lr = name.starts_with("xe-3/") && port >= 36;
            let bias = 5.5 + (h(q, 8402) % 3000) as f64 / 1000.0;
            let mut tx = 0.45 + (h(q, 8403) % 2500) as f64 / 10_000.0;
            let temp = 29 + h(q, 8404) % 14;
            let temp = if name == "xe-2/0/46" { 79 } else { temp };
            let volt = 3.25 + (h(q, 8405) % 800) as f64 / 10_000.0;
            let mut rx = match planted {
                Some(p) => p.1,
                None => 0.18 + (h(q, 8406) % 5500) as f64 / 10_000.0,
            };
            if name == "xe-0/0/21" {
                rx = 0.0251; // -16.00 dBm: just above the alarm
            }
            if name == "xe-1/0/33" {
                tx = 0.0612; // its own laser is failing
            }
            let on = |b: bool| if b { "On" } else { "Off" };
            let rx_alarm = rx < 0.0240;
            let rx_warn = rx < 0.0490;
            let tx_alarm = tx < 0.0740;
            let tx_warn = tx < 0.0930;
            let t_warn = temp >= 75;
            out.push_str(&format!("Physical interface: {name}\n"));
            let rows: Vec<(&str, String)> = vec![
                ("Laser bias current", format!("{bias:.3} mA")),
                ("Laser output power", mw_dbm(tx)),
                (
                    "Module temperature",
                    format!("{temp} degrees C / {} degrees F", temp * 9 / 5 + 32),
                ),
                ("Module voltage", format!("{volt:.4} V")),
                ("Receiver signal average optical power", mw_dbm(rx)),
                ("Laser bias current high alarm", on(false).into()),
                ("Laser bias current low alarm", on(false).into()),
                ("Laser bias current high warning", on(false).into()),
                ("Laser bias current low warning", on(false).into()),
                ("Laser output power high alarm", on(false).into()),
                ("Laser output power low alarm", on(tx_alarm).into()),
                ("Laser output power high warning", on(false).into()),
                ("Laser output power low warning", on(tx_warn).into()),
                ("Module temperature high alarm", on(false).into()),
                ("Module temperature low alarm", on(false).into()),
                ("Module temperature high warning", on(t_warn).into()),
                ("Module temperature low warning", on(false).into()),
                ("Module voltage high alarm", on(false).into()),
                ("Module voltage low alarm", on(false).into()),
                ("Module voltage high warning", on(false).into()),
                ("Module voltage low warning", on(false).into()),
                ("Laser rx power high alarm", on(false).into()),
                ("Laser rx power low alarm", on(rx_alarm).into()),
                ("Laser rx power high warning", on(false).into()),
                ("Laser rx power low warning", on(rx_warn).into()),
                (
                    "Laser bias current high alarm threshold",
                    if lr { "12.000 mA" } else { "15.000 mA" }.into(),
                ),
                ("Laser bias current low alarm threshold", "1.000 mA".into()),
                (
                    "Laser bias current high warning threshold",
                    if lr { "11.000 mA" } else { "13.000 mA" }.into(),
                ),
                (
                    "Laser bias current low warning threshold",
                    "2.000 mA".into(),
                ),
                ("Laser output power high alarm threshold", mw_dbm(1.4125)),
                ("Laser output power low alarm threshold", mw_dbm(0.0740)),
                ("Laser output power high warning threshold", mw_dbm(1.1220)),
                ("Laser output power low warning threshold", mw_dbm(0.0930)),
                (
                    "Module temperature high alarm threshold",
                    "90 degrees C / 194 degrees F".into(),
                ),
                (
                    "Module temperature low alarm threshold",
                    "-45 degrees C / -49 degrees F".into(),
                ),
                (
                    "Module temperature high warning threshold",
                    "75 degrees C / 167 degrees F".into(),
                ),
                (
                    "Module temperature low warning threshold",
                    "-40 degrees C / -40 degrees F".into(),
                ),
                ("Module voltage high alarm threshold", "3.900 V".into()),
                ("Module voltage low alarm threshold", "2.700 V".into()),
                ("Module voltage high warning threshold", "3.700 V".into()),
                ("Module voltage low warning threshold", "2.900 V".into()),
                ("Laser rx power high alarm threshold", mw_dbm(1.2589)),
                ("Laser rx power low alarm threshold", mw_dbm(0.0240)),
                ("Laser rx power high warning threshold", mw_dbm(0.7943)),
                ("Laser rx power low warning threshold", mw_dbm(0.0490)),
            ];
            for (label, value) in rows {
                out.push_str(&format!("    {label:<42}:  {value}\n"));
            }
        }
    }
    let items: Vec<String> = alarmed.iter().map(|a| a.0.to_string()).collect();
    for it in &items {
        assert!(!named_elsewhere(it, &names), "{it}");
        assert_eq!(whole(&out, it), 1, "{it}");
    }
    assert_eq!(
        out.matches("Laser rx power low alarm                  :  On")
            .count(),
        4
    );
    assert!(
        out.matches("Laser rx power low warning                :  On")
            .count()
            >= 8
    );
    assert!((350_000..1_000_000).contains(&out.len()), "{}", out.len());
    Case::items(
        "Junos show interfaces diagnostics optics, ports whose received light is past the low alarm",
        out,
        "On the core switch stack, on which fibre ports is the incoming light so weak that it's past the alarm level, not just the warning level? Give me every port.",
        items,
    )
}

// ----------------------------------------------------------- DBCC CHECKDB

const ERP_SCHEMAS: [&str; 13] = [
    "sales",
    "purchasing",
    "inventory",
    "finance",
    "hr",
    "crm",
    "logistics",
    "production",
    "audit",
    "staging",
    "archive",
    "integration",
    "reporting",
];

const ERP_ENTITIES: [&str; 40] = [
    "Orders",
    "OrderLines",
    "Invoices",
    "InvoiceLines",
    "CreditNotes",
    "Customers",
    "CustomerAddresses",
    "Suppliers",
    "SupplierPrices",
    "Items",
    "ItemVariants",
    "ItemPrices",
    "StockMovements",
    "StockLevels",
    "Warehouses",
    "Bins",
    "Shipments",
    "ShipmentLines",
    "ShipmentTracking",
    "Returns",
    "ReturnLines",
    "JournalEntries",
    "JournalLines",
    "Accounts",
    "CostCenters",
    "Budgets",
    "Employees",
    "EmployeeDocuments",
    "Payslips",
    "Absences",
    "Contacts",
    "ContactNotes",
    "Campaigns",
    "Leads",
    "ProductionOrders",
    "BillsOfMaterial",
    "Routings",
    "WorkCenters",
    "Vouchers",
    "PriceLists",
];

const ERP_SUFFIXES: [&str; 9] = [
    "",
    "History",
    "Archive2024",
    "Archive2025",
    "Staging",
    "Log",
    "Import",
    "Snapshot",
    "Backup",
];

/// `sqlcmd -S SQL-ERP01 -E -Q "DBCC CHECKDB (N'ERP') WITH
/// ALL_ERRORMSGS"` of the nightly integrity check of an ERP database:
/// Service Broker's counts, then every system and user table with its
/// rows and pages. Five tables have consistency errors: a clustered
/// index page that cannot be processed, a nonclustered index missing
/// rows, off-row LOB data not seen in the scan (two tables), a column
/// value out of range. Decoys: thousands of clean tables, tables of the
/// same names in other schemas, tables named for errors, DBCC and
/// corruption, the database's totals.
fn checkdb_damaged_tables() -> Case {
    let mut tables: Vec<String> = Vec::new();
    for (s, schema) in ERP_SCHEMAS.iter().enumerate() {
        for (e, entity) in ERP_ENTITIES.iter().enumerate() {
            for (x, suffix) in ERP_SUFFIXES.iter().enumerate() {
                let keep = x == 0 && s < 8 || h(s * 512 + e * 16 + x, 8501) % 10 < 7;
                if keep {
                    tables.push(format!("{schema}.{entity}{suffix}"));
                }
            }
        }
    }
    for extra in [
        "audit.DbccErrors",
        "audit.DbccCheckHistory",
        "integration.FailedImports",
        "integration.ErrorQueue",
        "archive.CorruptOrdersQuarantine",
        "dbo.sysdiagrams",
        "dbo.__MigrationHistory",
    ] {
        tables.push(extra.to_string());
    }
    tables.sort();
    tables.dedup();
    let damaged = [
        "sales.OrderLines",
        "inventory.StockMovements",
        "crm.ContactNotes",
        "hr.EmployeeDocuments",
        "logistics.ShipmentTracking",
    ];
    for d in &damaged {
        assert!(tables.iter().any(|t| t == d), "{d}");
    }
    let system = [
        "sys.sysrscols",
        "sys.sysrowsets",
        "sys.sysclones",
        "sys.sysallocunits",
        "sys.sysfiles1",
        "sys.sysseobjvalues",
        "sys.syspriorities",
        "sys.sysdbfrag",
        "sys.sysfgfrag",
        "sys.sysdbfiles",
        "sys.syspru",
        "sys.sysbrickfiles",
        "sys.sysphfg",
        "sys.sysprufiles",
        "sys.sysftinds",
        "sys.sysowners",
        "sys.sysdbreg",
        "sys.sysprivs",
        "sys.sysschobjs",
        "sys.syscsrowgroups",
        "sys.sysextfileformats",
        "sys.sysextsources",
        "sys.sysnsobjs",
        "sys.syscolpars",
        "sys.sysxlgns",
        "sys.sysxsrvs",
        "sys.sysidxstats",
        "sys.sysiscols",
        "sys.sysobjvalues",
        "sys.sysmultiobjrefs",
        "sys.syssingleobjrefs",
        "sys.sysguidrefs",
        "sys.queue_messages_1977058079",
        "sys.queue_messages_2009058193",
        "sys.queue_messages_2041058307",
        "sys.filestream_tombstone_2073058421",
        "sys.syscommittab",
        "sys.filetable_updates_2105058535",
    ];
    let mut o = String::new();
    o.push_str("DBCC results for 'ERP'.\n");
    for (n, what, c) in [
        (9675, "Message Types", 14),
        (9676, "Service Contracts", 6),
        (9667, "Services", 3),
        (9668, "Service Queues", 3),
        (9669, "Conversation Endpoints", 0),
        (9674, "Conversation Groups", 0),
        (9670, "Remote Service Bindings", 0),
        (9605, "Conversation Priorities", 0),
    ] {
        o.push_str(&format!(
            "Service Broker Msg {n}, State 1: {what} analyzed: {c}.\n"
        ));
    }
    let results = |o: &mut String, name: &str| {
        o.push_str(&format!("DBCC results for '{name}'.\n"));
    };
    let counts = |o: &mut String, name: &str, k: usize| {
        let rows = if h(k, 8502).is_multiple_of(9) {
            0
        } else {
            h(k, 8503) % [400u64, 40_000, 4_000_000][(h(k, 8504) % 3) as usize]
        };
        let pages = rows / (20 + h(k, 8505) % 80) + u64::from(rows > 0);
        o.push_str(&format!(
            "There are {rows} rows in {pages} pages for object \"{name}\".\n"
        ));
    };
    for (k, s) in system.iter().enumerate() {
        results(&mut o, s);
        counts(&mut o, s, k);
    }
    let mut errors = 0;
    for (k, t) in tables.iter().enumerate() {
        let k = k + 100;
        let object_id = 100_000_000 + h(k, 8506) % 1_900_000_000;
        let partition = 72_057_594_000_000_000u64 + h(k, 8507) % 90_000_000;
        let alloc = partition + 6_029_312 + h(k, 8508) % 1000;
        let page = 40_000 + h(k, 8509) % 900_000;
        results(&mut o, t);
        let msgs: Vec<(u64, u64, String)> = match t.as_str() {
            "sales.OrderLines" => vec![
                (
                    8928,
                    1,
                    format!(
                        "Object ID {object_id}, index ID 1, partition ID {partition}, alloc unit ID {alloc} (type In-row data): Page (1:{page}) could not be processed.  See other errors for details."
                    ),
                ),
                (
                    8939,
                    98,
                    format!(
                        "Table error: Object ID {object_id}, index ID 1, partition ID {partition}, alloc unit ID {alloc} (type In-row data), page (1:{page}). Test (IS_OFF (BUF_IOERR, pBUF->bstat)) failed. Values are 133129 and -4."
                    ),
                ),
                (
                    8976,
                    1,
                    format!(
                        "Table error: Object ID {object_id}, index ID 1, partition ID {partition}, alloc unit ID {alloc} (type In-row data). Page (1:{page}) was not seen in the scan although its parent (1:{}) and previous (1:{}) refer to it. Check any previous errors.",
                        page - 3_117,
                        page - 1
                    ),
                ),
                (
                    8978,
                    1,
                    format!(
                        "Table error: Object ID {object_id}, index ID 1, partition ID {partition}, alloc unit ID {alloc} (type In-row data). Page (1:{}) is missing a reference from previous page (1:{page}). Possible chain linkage problem.",
                        page + 1
                    ),
                ),
            ],
            "inventory.StockMovements" => vec![
                (
                    8951,
                    1,
                    format!(
                        "Table error: table 'StockMovements' (ID {object_id}). Data row does not have a matching index row in the index 'IX_StockMovements_ItemId_MovedAt' (ID 3). Possible missing or invalid keys for the index row matching:"
                    ),
                ),
                (
                    8955,
                    1,
                    format!(
                        "Data row (1:{page}:17) identified by (Id = 88120417) with index values 'ItemId = 4452 and MovedAt = '2026-11-26 14:02:31.000' and Id = 88120417'."
                    ),
                ),
                (
                    8951,
                    1,
                    format!(
                        "Table error: table 'StockMovements' (ID {object_id}). Data row does not have a matching index row in the index 'IX_StockMovements_ItemId_MovedAt' (ID 3). Possible missing or invalid keys for the index row matching:"
                    ),
                ),
                (
                    8955,
                    1,
                    format!(
                        "Data row (1:{page}:18) identified by (Id = 88120418) with index values 'ItemId = 4452 and MovedAt = '2026-11-26 14:02:31.000' and Id = 88120418'."
                    ),
                ),
            ],
            "crm.ContactNotes" | "hr.EmployeeDocuments" => vec![
                (
                    8965,
                    1,
                    format!(
                        "Table error: Object ID {object_id}, index ID 1, partition ID {partition}, alloc unit ID {} (type LOB data). The off-row data node at page (1:{page}), slot 3, text ID {} is referenced by page (1:{}), slot 0, but was not seen in the scan.",
                        alloc + 65_536,
                        1_203_896_320 + h(k, 8510) % 90_000_000,
                        page - 211
                    ),
                ),
                (
                    8929,
                    1,
                    format!(
                        "Object ID {object_id}, index ID 1, partition ID {partition}, alloc unit ID {alloc} (type In-row data): Errors found in off-row data with ID {} owned by data record identified by RID = (1:{}:0)",
                        1_203_896_320 + h(k, 8510) % 90_000_000,
                        page - 211
                    ),
                ),
            ],
            "logistics.ShipmentTracking" => vec![(
                2570,
                3,
                format!(
                    "Page (1:{page}), slot 41 in object ID {object_id}, index ID 1, partition ID {partition}, alloc unit ID {alloc} (type \"In-row data\"). Column \"WeightKg\" value is out of range for data type \"decimal\".  Update column to a legal value."
                ),
            )],
            _ => Vec::new(),
        };
        for (n, state, text) in &msgs {
            o.push_str(&format!(
                "Msg {n}, Level 16, State {state}, Server SQL-ERP01, Line 1\n{text}\n"
            ));
        }
        counts(&mut o, t, k);
        let consistency = msgs.iter().filter(|m| m.0 != 8955 && m.0 != 8929).count();
        if !msgs.is_empty() {
            errors += consistency;
            o.push_str(&format!(
                "CHECKDB found 0 allocation errors and {consistency} consistency errors in table '{t}' (object ID {object_id}).\n"
            ));
        }
    }
    o.push_str(&format!("CHECKDB found 0 allocation errors and {errors} consistency errors in database 'ERP'.\nrepair_allow_data_loss is the minimum repair level for the errors found by DBCC CHECKDB (ERP).\nDBCC execution completed. If DBCC printed error messages, contact your system administrator.\n"));
    let items: Vec<String> = damaged.iter().map(|s| s.to_string()).collect();
    for it in &items {
        assert!(!named_elsewhere(it, &tables), "{it}");
    }
    assert!((350_000..1_000_000).contains(&o.len()), "{}", o.len());
    Case::items(
        "sqlcmd DBCC CHECKDB of an ERP database, the tables with consistency errors",
        o,
        "Last night's integrity check on the ERP database came back with errors. Which tables are actually damaged? I need the complete list.",
        items,
    )
}

// ------------------------------------------------------------------ gosec

/// gosec rules: id, CWE, severity, confidence, details, code.
const GOSEC_RULES: [(&str, &str, &str, &str, &str, &str); 12] = [
    (
        "G104",
        "703",
        "LOW",
        "HIGH",
        "Errors unhandled",
        "defer resp.Body.Close()",
    ),
    (
        "G104",
        "703",
        "LOW",
        "HIGH",
        "Errors unhandled",
        "w.Write(payload)",
    ),
    (
        "G304",
        "22",
        "MEDIUM",
        "HIGH",
        "Potential file inclusion via variable",
        "data, err := os.ReadFile(path)",
    ),
    (
        "G107",
        "88",
        "MEDIUM",
        "MEDIUM",
        "Potential HTTP request made with variable url",
        "resp, err := http.Get(url)",
    ),
    (
        "G114",
        "676",
        "MEDIUM",
        "HIGH",
        "Use of net/http serve function that has no support for setting timeouts",
        "log.Fatal(http.ListenAndServe(addr, mux))",
    ),
    (
        "G112",
        "400",
        "MEDIUM",
        "LOW",
        "Potential Slowloris Attack because ReadHeaderTimeout is not configured in the http.Server",
        "srv := &http.Server{Addr: addr, Handler: h}",
    ),
    (
        "G115",
        "190",
        "HIGH",
        "MEDIUM",
        "integer overflow conversion int -> int32",
        "Quantity: int32(line.Qty),",
    ),
    (
        "G401",
        "328",
        "MEDIUM",
        "HIGH",
        "Use of weak cryptographic primitive",
        "h := md5.New()",
    ),
    (
        "G501",
        "327",
        "MEDIUM",
        "HIGH",
        "Blocklisted import crypto/md5: weak cryptographic primitive",
        "\"crypto/md5\"",
    ),
    (
        "G404",
        "338",
        "HIGH",
        "MEDIUM",
        "Use of weak random number generator (math/rand or math/rand/v2 instead of crypto/rand)",
        "jitter := rand.Intn(500)",
    ),
    (
        "G306",
        "276",
        "MEDIUM",
        "HIGH",
        "Expect WriteFile permissions to be 0600 or less",
        "err = os.WriteFile(out, buf, 0o644)",
    ),
    (
        "G204",
        "78",
        "MEDIUM",
        "HIGH",
        "Subprocess launched with a potential tainted input or cmd arguments",
        "cmd := exec.Command(\"pg_dump\", args...)",
    ),
];

const GO_SERVICES: [&str; 14] = [
    "checkout",
    "cart",
    "catalog",
    "pricing",
    "inventory",
    "shipping",
    "payments",
    "accounts",
    "notifications",
    "search",
    "returns",
    "warehouse-sync",
    "reporting",
    "gateway",
];

const GO_FILES: [&str; 16] = [
    "cmd/server/main.go",
    "internal/http/handlers.go",
    "internal/http/middleware.go",
    "internal/store/postgres.go",
    "internal/store/cache.go",
    "internal/client/client.go",
    "internal/config/config.go",
    "internal/jobs/worker.go",
    "internal/export/export.go",
    "internal/auth/token.go",
    "internal/model/order.go",
    "internal/model/convert.go",
    "internal/queue/consumer.go",
    "internal/metrics/metrics.go",
    "pkg/retry/retry.go",
    "pkg/hash/hash.go",
];

/// One gosec issue, its keys as `-fmt=json` writes them.
#[allow(clippy::too_many_arguments)]
fn gosec_issue(
    rule: &str,
    cwe: &str,
    severity: &str,
    confidence: &str,
    details: &str,
    file: &str,
    code: &str,
    line: u64,
    column: u64,
    suppressed: Option<&str>,
) -> Value {
    let code = format!(
        "{}: {}\n{}: {code}\n{}: {}\n",
        line - 1,
        if line.is_multiple_of(2) { "\t" } else { "\t}" },
        line,
        line + 1,
        "\t"
    );
    json!({
        "severity": severity,
        "confidence": confidence,
        "cwe": {"id": cwe, "url": format!("https://cwe.mitre.org/data/definitions/{cwe}.html")},
        "rule_id": rule,
        "details": details,
        "file": file,
        "code": code,
        "line": line.to_string(),
        "column": column.to_string(),
        "nosec": suppressed.is_some(),
        "suppressions": suppressed.map(|j| json!([{"kind": "inSource", "justification": j}]))
    })
}

/// `gosec -track-suppressions -fmt=json ./...` of the shop's Go monorepo
/// in CI (fourteen services, paths as the runner checks them out):
/// hundreds of unhandled errors, file inclusions, weak hashes and random
/// numbers, integer conversions, timeouts. Five files hold credentials
/// written into the code (G101), not suppressed: the answer. Decoys:
/// G101 suppressed with `#nosec` in test fixtures and a mock, hundreds of
/// other findings of higher severity, a file named for secrets that has
/// only an unhandled error.
fn gosec_hardcoded_credentials() -> Case {
    let root = "/home/runner/work/shop-platform/shop-platform/services";
    let creds = [
        (
            "payments",
            "internal/client/psp.go",
            "const pspAPIKey = \"sk_live_51NfQx2Lw8rT4aVb\"",
        ),
        (
            "shipping",
            "internal/client/dhl.go",
            "dhlPassword := \"Versand2024!\"",
        ),
        (
            "reporting",
            "internal/store/warehouse.go",
            "dsn := \"postgres://report:R3port!ng@dwh-01:5432/dwh\"",
        ),
        (
            "notifications",
            "internal/config/smtp.go",
            "SMTPPassword: \"mail-relay-2025\",",
        ),
        (
            "warehouse-sync",
            "cmd/sync/main.go",
            "var erpToken = \"erp_7f3a9c2e41b8d6f0\"",
        ),
    ];
    let fixtures = [
        (
            "payments",
            "internal/client/psp_test.go",
            "const pspAPIKey = \"sk_test_4eC39HqLyjWDarjtT1zdp7dc\"",
            "test key from the PSP's docs",
        ),
        (
            "accounts",
            "internal/auth/testdata/fixtures.go",
            "password := \"correct horse battery staple\"",
            "fixture",
        ),
        (
            "checkout",
            "internal/mocks/payment_mock.go",
            "Token: \"tok_visa\",",
            "mock token, not a secret",
        ),
    ];
    let mut issues: Vec<Value> = Vec::new();
    let mut paths: Vec<String> = Vec::new();
    let mut k = 0usize;
    for (s, svc) in GO_SERVICES.iter().enumerate() {
        for (f, file) in GO_FILES.iter().enumerate() {
            if h(s * 32 + f, 8601).is_multiple_of(5) {
                continue;
            }
            let path = format!("{root}/{svc}/{file}");
            paths.push(path.clone());
            for _ in 0..(1 + h(s * 32 + f, 8602) % 8) {
                k += 1;
                let r = GOSEC_RULES[(h(k, 8603) % GOSEC_RULES.len() as u64) as usize];
                issues.push(gosec_issue(
                    r.0,
                    r.1,
                    r.2,
                    r.3,
                    r.4,
                    &path,
                    r.5,
                    12 + h(k, 8604) % 400,
                    2 + h(k, 8605) % 20,
                    None,
                ));
            }
        }
    }
    // A file named for secrets: only an unhandled error.
    let secrets = format!("{root}/accounts/internal/secrets/vault.go");
    paths.push(secrets.clone());
    issues.push(gosec_issue(
        "G104",
        "703",
        "LOW",
        "HIGH",
        "Errors unhandled",
        &secrets,
        "defer client.Close()",
        58,
        8,
        None,
    ));
    let mut items = Vec::new();
    for (i, (svc, file, code)) in creds.iter().enumerate() {
        let path = format!("{root}/{svc}/{file}");
        paths.push(path.clone());
        items.push(path.clone());
        issues.push(gosec_issue(
            "G101",
            "798",
            "HIGH",
            "LOW",
            "Potential hardcoded credentials",
            &path,
            code,
            14 + h(i, 8606) % 80,
            7,
            None,
        ));
    }
    for (i, (svc, file, code, why)) in fixtures.iter().enumerate() {
        let path = format!("{root}/{svc}/{file}");
        paths.push(path.clone());
        issues.push(gosec_issue(
            "G101",
            "798",
            "HIGH",
            "LOW",
            "Potential hardcoded credentials",
            &path,
            code,
            20 + h(i, 8607) % 80,
            7,
            Some(why),
        ));
    }
    // gosec sorts by severity, then by file.
    let rank = |s: &str| match s {
        "HIGH" => 0,
        "MEDIUM" => 1,
        _ => 2,
    };
    issues.sort_by(|a, b| {
        (
            rank(a["severity"].as_str().unwrap()),
            a["file"].as_str(),
            a["line"].as_str(),
        )
            .cmp(&(
                rank(b["severity"].as_str().unwrap()),
                b["file"].as_str(),
                b["line"].as_str(),
            ))
    });
    let nosec = issues.iter().filter(|i| i["nosec"] == true).count();
    let found = issues.len() - nosec;
    let doc = json!({
        "Golang errors": {},
        "Issues": issues,
        "Stats": {"files": paths.len() + 211, "lines": 148_112, "nosec": nosec, "found": found},
        "GosecVersion": "2.22.10"
    });
    let out = pretty(&doc, b"\t") + "\n";
    for it in &items {
        assert!(!named_elsewhere(it, &paths), "{it}");
        assert_eq!(whole(&out, it), 1, "{it}");
    }
    let expected: Vec<String> = (doc["Issues"].as_array().unwrap().iter())
        .filter(|i| i["rule_id"] == "G101" && i["nosec"] == false)
        .map(|i| jq_string(i["file"].as_str().unwrap()))
        .collect();
    assert_eq!(expected.len(), 5);
    assert!((350_000..1_000_000).contains(&out.len()), "{}", out.len());
    Case::items(
        "gosec -fmt=json of a Go monorepo, files with credentials written into the code",
        out,
        "Our security scan of the Go services flagged a lot. In which files do we have passwords, keys or tokens typed straight into the source code? Skip the ones someone already marked as fine (test fixtures). I need every file.",
        items,
    )
    .with_jq(
        ".Issues[] | select(.rule_id == \"G101\" and (.nosec | not)) | .file",
        expected,
    )
}

// ----------------------------------------------------------------- Icinga

/// One host object of the Icinga 2 API, its attributes as 2.14 returns
/// them: `state` 0 up, 1 down; `acknowledgement` 0 none, 1 normal, 2
/// sticky; `downtime_depth` the downtimes it is in.
#[allow(clippy::too_many_arguments)]
fn icinga_host(
    i: usize,
    name: &str,
    address: &str,
    group: &str,
    down_since: Option<u64>,
    ack: u64,
    downtime: u64,
    now: u64,
) -> Value {
    let down = down_since.is_some();
    let f = |x: u64| json!(x as f64 + (h(i, 8701) % 1000) as f64 / 1000.0);
    let last_check = now - h(i, 8702) % 60;
    let change = down_since.unwrap_or(now - 86_400 * (3 + h(i, 8703) % 40));
    let output = if down {
        format!("CRITICAL - Host Unreachable ({address})")
    } else {
        format!(
            "PING OK - Packet loss = 0%, RTA = {}.{:02} ms",
            h(i, 8704) % 2,
            h(i, 8705) % 100
        )
    };
    let rta = if down { 0 } else { 300 + h(i, 8706) % 900 };
    let mut a = Map::new();
    a.insert("__name".into(), json!(name));
    a.insert("acknowledgement".into(), json!(ack as f64));
    a.insert("acknowledgement_expiry".into(), json!(0.0));
    a.insert(
        "acknowledgement_last_change".into(),
        if ack > 0 { f(change + 900) } else { json!(0.0) },
    );
    a.insert("action_url".into(), json!(""));
    a.insert("active".into(), json!(true));
    a.insert("address".into(), json!(address));
    a.insert("address6".into(), json!(""));
    a.insert("check_attempt".into(), json!(1.0));
    a.insert("check_command".into(), json!("hostalive"));
    a.insert("check_interval".into(), json!(60.0));
    a.insert("check_period".into(), json!(""));
    a.insert("check_timeout".into(), Value::Null);
    a.insert("command_endpoint".into(), json!(""));
    a.insert("display_name".into(), json!(name));
    a.insert("downtime_depth".into(), json!(downtime as f64));
    a.insert("enable_active_checks".into(), json!(true));
    a.insert("enable_event_handler".into(), json!(true));
    a.insert("enable_flapping".into(), json!(false));
    a.insert("enable_notifications".into(), json!(true));
    a.insert("enable_passive_checks".into(), json!(true));
    a.insert("enable_perfdata".into(), json!(true));
    a.insert("event_command".into(), json!(""));
    a.insert("executions".into(), Value::Null);
    a.insert("flapping".into(), json!(false));
    a.insert("flapping_current".into(), json!(0.0));
    a.insert("flapping_ignore_states".into(), Value::Null);
    a.insert("flapping_last_change".into(), json!(0.0));
    a.insert("flapping_threshold".into(), json!(0.0));
    a.insert("flapping_threshold_high".into(), json!(30.0));
    a.insert("flapping_threshold_low".into(), json!(25.0));
    a.insert("force_next_check".into(), json!(false));
    a.insert("force_next_notification".into(), json!(false));
    a.insert("groups".into(), json!([group, "linux-servers"]));
    a.insert("ha_mode".into(), json!(0.0));
    a.insert("handled".into(), json!(down && (ack > 0 || downtime > 0)));
    a.insert("icon_image".into(), json!(""));
    a.insert("icon_image_alt".into(), json!(""));
    a.insert("last_check".into(), f(last_check));
    a.insert(
        "last_check_result".into(),
        json!({
            "active": true,
            "check_source": "icinga-master-01.velohaus.lan",
            "command": ["/usr/lib/nagios/plugins/check_ping", "-H", address, "-c", "5000,100%", "-w", "3000,80%"],
            "execution_end": f(last_check),
            "execution_start": f(last_check - if down { 5 } else { 1 }),
            "exit_status": if down { 2.0 } else { 0.0 },
            "output": output,
            "performance_data": [format!("rta={}.{:06}ms;3000.000000;5000.000000;0.000000", rta / 1000, rta % 1000 * 1000), format!("pl={}%;80;100;0", if down { 100 } else { 0 })],
            "previous_hard_state": 99.0,
            "schedule_end": f(last_check),
            "schedule_start": f(last_check - 1),
            "scheduling_source": "icinga-master-01.velohaus.lan",
            "state": if down { 2.0 } else { 0.0 },
            "ttl": 0.0,
            "type": "CheckResult",
            "vars_after": {"attempt": 1.0, "reachable": true, "state": if down { 2.0 } else { 0.0 }, "state_type": 1.0},
            "vars_before": {"attempt": 1.0, "reachable": true, "state": if down { 2.0 } else { 0.0 }, "state_type": 1.0}
        }),
    );
    a.insert(
        "last_hard_state".into(),
        json!(if down { 1.0 } else { 0.0 }),
    );
    a.insert("last_hard_state_change".into(), f(change));
    a.insert("last_reachable".into(), json!(true));
    a.insert("last_state".into(), json!(if down { 1.0 } else { 0.0 }));
    a.insert("last_state_change".into(), f(change));
    a.insert(
        "last_state_down".into(),
        if down {
            f(last_check)
        } else {
            f(change - 300 - h(i, 8707) % 3_000)
        },
    );
    a.insert("last_state_type".into(), json!(1.0));
    a.insert("last_state_unreachable".into(), json!(0.0));
    a.insert(
        "last_state_up".into(),
        if down { f(change - 60) } else { f(last_check) },
    );
    a.insert("max_check_attempts".into(), json!(3.0));
    a.insert("name".into(), json!(name));
    a.insert("next_check".into(), f(last_check + 60));
    a.insert("next_update".into(), f(last_check + 120));
    a.insert("notes".into(), json!(""));
    a.insert("notes_url".into(), json!(""));
    a.insert("original_attributes".into(), Value::Null);
    a.insert("package".into(), json!("_etc"));
    a.insert("paused".into(), json!(false));
    a.insert("previous_state_change".into(), f(change));
    a.insert("problem".into(), json!(down));
    a.insert("retry_interval".into(), json!(30.0));
    a.insert(
        "severity".into(),
        json!(if !down {
            0.0
        } else if ack > 0 || downtime > 0 {
            8.0
        } else {
            136.0
        }),
    );
    a.insert(
        "source_location".into(),
        json!({"first_column": 1.0, "first_line": (4 + i * 9) as f64, "last_column": (13 + name.len()) as f64, "last_line": (4 + i * 9) as f64, "path": format!("/etc/icinga2/zones.d/master/hosts/{group}.conf")}),
    );
    a.insert("state".into(), json!(if down { 1.0 } else { 0.0 }));
    a.insert("state_type".into(), json!(1.0));
    a.insert("templates".into(), json!([name, "generic-host"]));
    a.insert("type".into(), json!("Host"));
    a.insert(
        "vars".into(),
        json!({"os": "Linux", "distro": pick(&["Debian 12", "Debian 13", "Ubuntu 24.04"], i, 8708), "location": pick(&["RZ Leipzig", "RZ Halle"], i, 8709), "notification": {"mail": {"groups": ["ops"]}}, "role": group}),
    );
    a.insert("version".into(), json!(0.0));
    a.insert("volatile".into(), json!(false));
    a.insert("zone".into(), json!("master"));
    json!({"attrs": a, "joins": {}, "meta": {}, "name": name, "type": "Host"})
}

/// The Icinga 2 API's hosts (`curl -k -s -u api:… 'https://icinga:5665/
/// v1/objects/hosts?pretty=1'`) of Velohaus Lindner's two server rooms:
/// some 200 Linux hosts checked by ping, at 09:12. Six are down and
/// nobody acknowledged them or scheduled a downtime: the answer.
/// Decoys: down hosts acknowledged (one sticky), down hosts in a
/// downtime for maintenance, hosts that were down last night and are up
/// again, a host named `downloads-01`.
fn icinga_unhandled_down_hosts() -> Case {
    let now = DAY + 9 * 3_600 + 12 * 60;
    let roles = [
        ("web", 16),
        ("app", 20),
        ("db", 12),
        ("redis", 6),
        ("search", 6),
        ("mq", 4),
        ("worker", 16),
        ("kube", 24),
        ("backup", 6),
        ("mon", 4),
        ("log", 4),
        ("ci", 12),
        ("files", 4),
        ("proxy", 4),
        ("ldap", 3),
        ("mail", 3),
        ("vpn", 2),
        ("downloads", 2),
    ];
    let unhandled = [
        "app-17",
        "worker-09",
        "kube-23",
        "search-04",
        "ci-11",
        "db-08",
    ];
    let acked = [("web-12", 1u64), ("kube-17", 2), ("worker-14", 1)];
    let in_downtime = ["db-11", "backup-03", "kube-05", "files-02"];
    let mut hosts: Vec<Value> = Vec::new();
    let mut names: Vec<String> = Vec::new();
    let mut i = 0usize;
    for (r, (role, n)) in roles.iter().enumerate() {
        for j in 1..=*n {
            i += 1;
            let name = format!("{role}-{j:02}");
            let address = format!("10.20.{}.{}", 10 + r, 10 + j);
            let down_since = if unhandled.contains(&name.as_str()) {
                Some(now - 600 - h(i, 8710) % 10_000)
            } else if acked.iter().any(|a| a.0 == name) || in_downtime.contains(&name.as_str()) {
                Some(now - 3_600 - h(i, 8711) % 40_000)
            } else {
                None
            };
            let ack = acked.iter().find(|a| a.0 == name).map_or(0, |a| a.1);
            let downtime = u64::from(in_downtime.contains(&name.as_str()));
            hosts.push(icinga_host(
                i, &name, &address, role, down_since, ack, downtime, now,
            ));
            names.push(name);
        }
    }
    let doc = json!({ "results": hosts });
    let out = pretty(&doc, b"    ") + "\n";
    let items: Vec<String> = unhandled.iter().map(|s| s.to_string()).collect();
    for it in &items {
        assert!(!named_elsewhere(it, &names), "{it}");
    }
    let expected: Vec<String> = (doc["results"].as_array().unwrap().iter())
        .filter(|x| {
            x["attrs"]["state"] == 1.0
                && x["attrs"]["acknowledgement"] == 0.0
                && x["attrs"]["downtime_depth"] == 0.0
        })
        .map(|x| jq_string(x["name"].as_str().unwrap()))
        .collect();
    assert_eq!(expected.len(), 6);
    assert!((350_000..1_000_000).contains(&out.len()), "{}", out.len());
    Case::items(
        "Icinga 2 API hosts, hosts down that nobody acknowledged or scheduled downtime for",
        out,
        "Monitoring is full of red this morning. Which servers are down right now that nobody has acknowledged or put into a maintenance window yet? List every one of them.",
        items,
    )
    .with_jq(
        ".results[] | select(.attrs.state == 1 and .attrs.acknowledgement == 0 and .attrs.downtime_depth == 0) | .name",
        expected,
    )
}
