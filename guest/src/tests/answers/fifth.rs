//! A FIFTH HELD-OUT SET of issue 30, written by someone who had not read
//! the answer code and never run against it while being written: eight
//! outputs of tools no other set uses, each with a question in a user's
//! words and the answer its generator planted. Measure it, never tune on
//! it.
//!
//! One fact: `/var/log/auth.log` of an internet-facing bastion (the one
//! password login from outside, among thousands of failed guesses and
//! password logins of an internal CI account), `bundle exec rspec --format
//! documentation` (the one real failure, among pending examples whose
//! expected failures look the same and retried system specs), `az vm list
//! -d -o json` (the Linux VM that still takes SSH passwords, among
//! Windows VMs that have no Linux settings at all), `semgrep --json` (the
//! call that switches off certificate checks, among JWTs decoded without
//! verification and requests over plain HTTP).
//! Every item: `shellcheck -f gcc` over a repository's scripts (the
//! scripts with an error, among thousands of warnings and notes, some in
//! files named for errors), `docker logs` of an nginx edge proxy (the
//! backends it took out of rotation, among backends that timed out or
//! closed connections now and then), `rubocop --format json` (the files
//! that do not parse, among offenses of the cops named for syntax), `gh
//! api …/actions/runs` (the runs on main that failed, among failures on
//! other branches, cancelled runs and a failed attempt re-run green).

use std::collections::BTreeSet;

use serde_json::{Value, json};

use super::super::heldout::{h, hex, uuid};
use super::{Case, jq_string, pick, pretty};

pub(super) fn cases() -> Vec<Case> {
    vec![
        sshd_password_login(),
        rspec_failing_example(),
        az_password_ssh(),
        semgrep_cert_validation(),
        shellcheck_errors(),
        nginx_disabled_upstreams(),
        rubocop_unparsable(),
        gh_failed_runs_on_main(),
    ]
}

/// `n` base64 characters, fixed by the hash of `i`.
fn b64(i: usize, salt: u64, n: usize) -> String {
    const A: &[u8] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    (0..n)
        .map(|k| A[(h(i * 977 + k, salt) % 64) as usize] as char)
        .collect()
}

/// `value` with every object's keys in order, as `az` prints it (Python's
/// `json.dumps(…, indent=2, sort_keys=True)`).
fn sort_keys(value: Value) -> Value {
    match value {
        Value::Object(map) => {
            let mut entries: Vec<(String, Value)> = map.into_iter().collect();
            entries.sort_by(|a, b| a.0.cmp(&b.0));
            Value::Object(
                entries
                    .into_iter()
                    .map(|(k, v)| (k, sort_keys(v)))
                    .collect(),
            )
        }
        Value::Array(items) => Value::Array(items.into_iter().map(sort_keys).collect()),
        other => other,
    }
}

/// `snake_case` of a `CamelCase` name.
fn snake(name: &str) -> String {
    let mut out = String::new();
    for (k, c) in name.chars().enumerate() {
        if c.is_ascii_uppercase() {
            if k > 0 {
                out.push('_');
            }
            out.push(c.to_ascii_lowercase());
        } else {
            out.push(c);
        }
    }
    out
}

/// One line of a traditional syslog file, `ms` after midnight of 27 Nov.
fn syslog(out: &mut String, ms: u64, host: &str, prog: &str, msg: &str) {
    let s = ms / 1000;
    out.push_str(&format!(
        "Nov 27 {:02}:{:02}:{:02} {host} {prog}: {msg}\n",
        s / 3600,
        s / 60 % 60,
        s % 60
    ));
}

/// `sudo tail -n 20000 /var/log/auth.log` on an internet-facing bastion
/// (Ubuntu, rsyslog's traditional format) over a night: bots guessing
/// invalid users and root, `message repeated` lines, MaxStartups
/// throttling, scanners that never finish the key exchange, staff logging
/// in with keys from the VPN and using sudo, cron sessions, and a legacy CI
/// account that logs in with a password from inside (decoys: `Accepted
/// password` from 10.20.3.14). One address guesses users for hours, the
/// `backup` account among them, and once gets in with a password; a few
/// lines later `backup` is refused sudo.
fn sshd_password_login() -> Case {
    let host = "bastion-01";
    let attacker = "91.240.118.172";
    let success = 1_031usize;
    let firsts = [
        45u64, 61, 103, 116, 141, 157, 170, 183, 185, 193, 194, 218, 221, 222,
    ];
    let bots: Vec<String> = (0..70)
        .map(|k| {
            format!(
                "{}.{}.{}.{}",
                firsts[(h(k, 1) % firsts.len() as u64) as usize],
                h(k, 2) % 256,
                h(k, 3) % 256,
                1 + h(k, 4) % 254
            )
        })
        .collect();
    let invalid = [
        "admin",
        "test",
        "user",
        "oracle",
        "postgres",
        "git",
        "ftpuser",
        "guest",
        "support",
        "pi",
        "hadoop",
        "minecraft",
        "steam",
        "jenkins",
        "elastic",
        "es",
        "dev",
        "solana",
        "sol",
        "validator",
        "node",
        "tomcat",
        "www",
        "mysql",
        "nagios",
        "zabbix",
        "vagrant",
        "ansible",
        "odoo",
        "user1",
        "admin1",
        "administrator",
        "debian",
        "centos",
        "ec2-user",
        "azureuser",
        "kafka",
        "redis",
        "docker",
        "gitlab",
        "ts3",
        "sftp",
        "test1",
        "frappe",
        "ubnt",
        "345gs5662d34",
        "Antminer",
        "mongodb",
    ];
    let staff: [(&str, u64); 5] = [
        ("mkowalski", 1004),
        ("asato", 1005),
        ("jrivera", 1006),
        ("lnguyen", 1007),
        ("deploy", 1001),
    ];
    let commands = [
        "/usr/bin/systemctl restart nginx",
        "/usr/bin/journalctl -u wg-quick@wg0 --since today",
        "/usr/bin/apt-get update",
        "/usr/bin/tail -n 200 /var/log/auth.log",
        "/usr/sbin/ufw status numbered",
        "/usr/bin/systemctl status fail2ban",
        "/usr/bin/docker ps",
    ];
    let mut out = String::new();
    let mut ms = 1_800u64;
    let mut session = 9_140u64;
    // (event at which it closes, user, ip, port, sshd pid, session)
    let mut open: Vec<(usize, String, String, u64, u64, u64)> = Vec::new();
    for i in 0..1_450usize {
        ms += 1_500 + h(i, 5) % 38_000;
        let pid = 61_200 + i as u64 * 4 + h(i, 6) % 4;
        let port = 1_024 + h(i, 7) % 64_000;
        let sshd = format!("sshd[{pid}]");
        let mut line = |prog: &str, msg: String| syslog(&mut out, ms, host, prog, &msg);
        let (due, rest): (Vec<_>, Vec<_>) = open.drain(..).partition(|s| s.0 <= i);
        open = rest;
        for (_, user, ip, p, spid, sess) in due {
            let s = format!("sshd[{spid}]");
            line(
                &s,
                format!("Received disconnect from {ip} port {p}:11: disconnected by user"),
            );
            line(&s, format!("Disconnected from user {user} {ip} port {p}"));
            line(
                &s,
                format!("pam_unix(sshd:session): session closed for user {user}"),
            );
            line(
                "systemd-logind[742]",
                format!("Session {sess} logged out. Waiting for processes to exit."),
            );
            line("systemd-logind[742]", format!("Removed session {sess}."));
        }
        if i == success {
            line(
                &sshd,
                format!("Accepted password for backup from {attacker} port 50412 ssh2"),
            );
            line(
                &sshd,
                "pam_unix(sshd:session): session opened for user backup(uid=34) by (uid=0)"
                    .to_string(),
            );
            session += 1;
            line(
                "systemd-logind[742]",
                format!("New session {session} of user backup."),
            );
            line(
                "(systemd)",
                "pam_unix(systemd-user:session): session opened for user backup(uid=34) by (uid=0)"
                    .to_string(),
            );
            open.push((
                i + 11,
                "backup".into(),
                attacker.into(),
                50_412,
                pid,
                session,
            ));
            continue;
        }
        if i == success + 3 {
            line(
                "sudo",
                format!(
                    "{:>8} : user NOT in sudoers ; TTY=pts/4 ; PWD=/var/backups ; USER=root ; COMMAND=/usr/bin/id",
                    "backup"
                ),
            );
        }
        if i < success && h(i, 9).is_multiple_of(31) {
            // The attacker, long before it gets in.
            if h(i, 11).is_multiple_of(3) {
                line(
                    &sshd,
                    format!(
                        "pam_unix(sshd:auth): authentication failure; logname= uid=0 euid=0 tty=ssh ruser= rhost={attacker}  user=backup"
                    ),
                );
                line(
                    &sshd,
                    format!("Failed password for backup from {attacker} port {port} ssh2"),
                );
                line(
                    &sshd,
                    format!(
                        "Connection closed by authenticating user backup {attacker} port {port} [preauth]"
                    ),
                );
            } else {
                let u = pick(&invalid, i, 12);
                line(
                    &sshd,
                    format!("Invalid user {u} from {attacker} port {port}"),
                );
                line(
                    &sshd,
                    "pam_unix(sshd:auth): check pass; user unknown".to_string(),
                );
                line(
                    &sshd,
                    format!(
                        "pam_unix(sshd:auth): authentication failure; logname= uid=0 euid=0 tty=ssh ruser= rhost={attacker}"
                    ),
                );
                line(
                    &sshd,
                    format!(
                        "Failed password for invalid user {u} from {attacker} port {port} ssh2"
                    ),
                );
                line(
                    &sshd,
                    format!(
                        "Connection closed by invalid user {u} {attacker} port {port} [preauth]"
                    ),
                );
            }
            continue;
        }
        let bot = &bots[(h(i, 13) % bots.len() as u64) as usize];
        match h(i, 10) % 100 {
            0..=33 | 94..=99 => {
                let u = pick(&invalid, i, 14);
                line(&sshd, format!("Invalid user {u} from {bot} port {port}"));
                line(
                    &sshd,
                    "pam_unix(sshd:auth): check pass; user unknown".to_string(),
                );
                line(
                    &sshd,
                    format!(
                        "pam_unix(sshd:auth): authentication failure; logname= uid=0 euid=0 tty=ssh ruser= rhost={bot}"
                    ),
                );
                line(
                    &sshd,
                    format!("Failed password for invalid user {u} from {bot} port {port} ssh2"),
                );
                if h(i, 15).is_multiple_of(2) {
                    line(
                        &sshd,
                        format!("Received disconnect from {bot} port {port}:11: Bye Bye [preauth]"),
                    );
                    line(
                        &sshd,
                        format!("Disconnected from invalid user {u} {bot} port {port} [preauth]"),
                    );
                } else {
                    line(
                        &sshd,
                        format!(
                            "Connection closed by invalid user {u} {bot} port {port} [preauth]"
                        ),
                    );
                }
            }
            34..=49 => {
                line(
                    &sshd,
                    format!(
                        "pam_unix(sshd:auth): authentication failure; logname= uid=0 euid=0 tty=ssh ruser= rhost={bot}  user=root"
                    ),
                );
                line(
                    &sshd,
                    format!("Failed password for root from {bot} port {port} ssh2"),
                );
                if h(i, 16).is_multiple_of(3) {
                    line(
                        &sshd,
                        format!(
                            "message repeated 5 times: [ Failed password for root from {bot} port {port} ssh2]"
                        ),
                    );
                    line(
                        &sshd,
                        format!(
                            "error: maximum authentication attempts exceeded for root from {bot} port {port} ssh2 [preauth]"
                        ),
                    );
                    line(
                        &sshd,
                        format!(
                            "Disconnecting authenticating user root {bot} port {port}: Too many authentication failures [preauth]"
                        ),
                    );
                    line(
                        &sshd,
                        format!(
                            "PAM 5 more authentication failures; logname= uid=0 euid=0 tty=ssh ruser= rhost={bot}  user=root"
                        ),
                    );
                    line(
                        &sshd,
                        "PAM service(sshd) ignoring max retries; 6 > 3".to_string(),
                    );
                } else {
                    line(
                        &sshd,
                        format!("Received disconnect from {bot} port {port}:11: Bye Bye [preauth]"),
                    );
                    line(
                        &sshd,
                        format!(
                            "Disconnected from authenticating user root {bot} port {port} [preauth]"
                        ),
                    );
                }
            }
            50..=57 => {
                let u = pick(&["ubuntu", "backup", "deploy"], i, 17);
                line(
                    &sshd,
                    format!(
                        "pam_unix(sshd:auth): authentication failure; logname= uid=0 euid=0 tty=ssh ruser= rhost={bot}  user={u}"
                    ),
                );
                line(
                    &sshd,
                    format!("Failed password for {u} from {bot} port {port} ssh2"),
                );
                line(
                    &sshd,
                    format!(
                        "Connection closed by authenticating user {u} {bot} port {port} [preauth]"
                    ),
                );
            }
            58..=67 => match h(i, 18) % 5 {
                0 => {
                    line(
                        &sshd,
                        "error: kex_exchange_identification: Connection closed by remote host"
                            .to_string(),
                    );
                    line(&sshd, format!("Connection closed by {bot} port {port}"));
                }
                1 => line(
                    &sshd,
                    format!(
                        "Unable to negotiate with {bot} port {port}: no matching key exchange method found. Their offer: diffie-hellman-group14-sha1,diffie-hellman-group-exchange-sha1,diffie-hellman-group1-sha1 [preauth]"
                    ),
                ),
                2 => line(
                    &sshd,
                    format!(
                        "Unable to negotiate with {bot} port {port}: no matching host key type found. Their offer: ssh-rsa,ssh-dss [preauth]"
                    ),
                ),
                3 => line(
                    &sshd,
                    format!("banner exchange: Connection from {bot} port {port}: invalid format"),
                ),
                _ => line(
                    &sshd,
                    format!("Connection closed by {bot} port {port} [preauth]"),
                ),
            },
            68..=74 => {
                let s = (h(i, 19) % staff.len() as u64) as usize;
                let (u, uid) = staff[s];
                let ip = format!("10.20.{}.{}", 1 + h(i, 20) % 3, 10 + h(i, 21) % 200);
                line(
                    &sshd,
                    format!(
                        "Accepted publickey for {u} from {ip} port {port} ssh2: ED25519 SHA256:{}",
                        b64(s, 22, 43)
                    ),
                );
                line(
                    &sshd,
                    format!(
                        "pam_unix(sshd:session): session opened for user {u}(uid={uid}) by (uid=0)"
                    ),
                );
                session += 1;
                line(
                    "systemd-logind[742]",
                    format!("New session {session} of user {u}."),
                );
                open.push((
                    i + 4 + (h(i, 23) % 60) as usize,
                    u.into(),
                    ip,
                    port,
                    pid,
                    session,
                ));
            }
            75..=76 => {
                let ip = "10.20.3.14";
                line(
                    &sshd,
                    format!("Accepted password for ci-runner from {ip} port {port} ssh2"),
                );
                line(
                    &sshd,
                    "pam_unix(sshd:session): session opened for user ci-runner(uid=1002) by (uid=0)"
                        .to_string(),
                );
                session += 1;
                line(
                    "systemd-logind[742]",
                    format!("New session {session} of user ci-runner."),
                );
                open.push((i + 1, "ci-runner".into(), ip.into(), port, pid, session));
            }
            77..=85 => {
                let cron = format!("CRON[{}]", pid + 1);
                line(
                    &cron,
                    "pam_unix(cron:session): session opened for user root(uid=0) by (uid=0)"
                        .to_string(),
                );
                line(
                    &cron,
                    "pam_unix(cron:session): session closed for user root".to_string(),
                );
            }
            86..=89 => {
                let (u, uid) = staff[(h(i, 24) % staff.len() as u64) as usize];
                line(
                    "sudo",
                    format!(
                        "{u:>8} : TTY=pts/{} ; PWD=/home/{u} ; USER=root ; COMMAND={}",
                        h(i, 25) % 6,
                        pick(&commands, i, 26)
                    ),
                );
                line(
                    "sudo",
                    format!(
                        "pam_unix(sudo:session): session opened for user root(uid=0) by {u}(uid={uid})"
                    ),
                );
                line(
                    "sudo",
                    "pam_unix(sudo:session): session closed for user root".to_string(),
                );
            }
            90..=92 => {
                if h(i, 27).is_multiple_of(2) {
                    line(
                        &sshd,
                        format!("Connection reset by {bot} port {port} [preauth]"),
                    );
                } else {
                    line(
                        &sshd,
                        format!("Timeout before authentication for {bot} port {port}"),
                    );
                }
            }
            _ => {
                line(
                    "sshd[1187]",
                    "error: beginning MaxStartups throttling".to_string(),
                );
                line(
                    "sshd[1187]",
                    format!(
                        "drop connection #10 from [{bot}]:{port} on [10.20.0.4]:22 past MaxStartups"
                    ),
                );
                line(
                    "sshd[1187]",
                    format!(
                        "exited MaxStartups throttling after 00:00:{:02}, {} connections dropped",
                        10 + h(i, 28) % 50,
                        3 + h(i, 29) % 40
                    ),
                );
            }
        }
    }
    Case::fact(
        "auth.log of a bastion, one login from outside",
        out,
        "With all that brute forcing overnight, did anyone from the internet actually manage to log in to the bastion? Who, and from which address?",
        &["Accepted password for backup from 91.240.118.172"],
    )
}

/// One example of a spec run: its description and how it ended.
enum Outcome {
    Passed,
    /// Skipped (`xit`, no block, `skip`), with RSpec's reason.
    Skipped(&'static str),
    /// `pending "reason"`: it failed as expected; the failure's lines.
    Pending(&'static str, String),
    Failed,
}

/// A pending example as RSpec lists it at the end: its full description,
/// spec file, line, reason, and the expected failure's code and lines.
type PendingEntry = (
    String,
    String,
    usize,
    &'static str,
    Option<(String, String)>,
);

/// `bundle exec rspec --format documentation` of a Rails app: 240 model
/// and service groups in random order, four system-spec groups (three
/// examples retried by rspec-retry after a first failure), deprecation and
/// Ruby warnings on stderr, then the pending section (examples skipped, and
/// pending examples whose failures are expected and printed just like a
/// real one: one is about a date in a customer's time zone, like the
/// failure), one failure, the summary and the failed example's rerun line.
fn rspec_failing_example() -> Case {
    let namespaces = [
        "Billing",
        "Catalog",
        "Checkout",
        "Accounts",
        "Search",
        "Shipping",
        "Inventory",
        "Notifications",
        "Reporting",
        "Admin",
        "Webhooks",
        "Loyalty",
    ];
    let nouns = [
        "Invoice",
        "Subscription",
        "Product",
        "Cart",
        "Order",
        "Refund",
        "Coupon",
        "Address",
        "Shipment",
        "Warehouse",
        "Report",
        "User",
        "Session",
        "Token",
        "Payment",
        "Plan",
        "TaxRate",
        "Price",
        "Review",
        "Category",
    ];
    let methods = [
        "#total",
        "#valid?",
        "#to_param",
        ".search",
        "#cancel!",
        "#refund!",
        "#publish",
        "#archive!",
        "#apply",
        "#expired?",
        "#as_json",
        "#price_for",
        "#ship!",
        "#notify",
        ".import",
        ".export",
        "#balance",
        "#schedule",
    ];
    let contexts = [
        "when the record is valid",
        "when the customer has no address",
        "with a zero balance",
        "with a discount code",
        "when the feature flag is off",
        "for a guest user",
        "for an admin",
        "when the payment provider is down",
        "with multiple currencies",
        "when the cart is empty",
        "for a customer in Lisbon",
        "for a customer in New York",
        "with a stale cache",
        "when called twice",
    ];
    let examples = [
        "returns the expected value",
        "raises an ArgumentError",
        "does not enqueue a job",
        "enqueues a webhook delivery",
        "returns nil",
        "is valid",
        "is invalid without a name",
        "persists the record",
        "sends an email",
        "logs a warning",
        "rounds to two decimals",
        "uses the default currency",
        "respects the time zone",
        "returns a 404",
        "returns a 422 with errors",
        "caches the result",
        "touches the parent",
        "is idempotent",
        "broadcasts an event",
        "memoizes the lookup",
        "does not change the balance",
        "records an audit entry",
    ];
    let reasons = [
        "Temporarily skipped with xit",
        "Not yet implemented",
        "Flaky on CI, see QA-1182",
        "Waiting for the new carrier API",
    ];
    let expected_failures: [(&str, String); 3] = [
        (
            "expect(response).to have_http_status(:ok)",
            "  expected the response to have status code :ok (200) but it was :unprocessable_entity (422)"
                .to_string(),
        ),
        (
            "expect(result.total).to eq(Money.new(1999, \"EUR\"))",
            "\n  expected: #<Money fractional:1999 currency:EUR>\n       got: #<Money fractional:2099 currency:EUR>\n\n  (compared using ==)\n"
                .to_string(),
        ),
        (
            "expect { subject.call }.to raise_error(Stripe::CardError)",
            "  expected Stripe::CardError but nothing was raised".to_string(),
        ),
    ];
    // (group, file, examples, the first try's error when retried)
    let systems: [(&str, &str, [&str; 10], &str); 4] = [
        (
            "Checkout flow",
            "spec/system/checkout_flow_spec.rb",
            [
                "pays with a saved card",
                "shows the order confirmation",
                "applies a coupon at checkout",
                "rejects an expired card",
                "lets a guest check out",
                "pays with Apple Pay",
                "keeps the cart after signing in",
                "shows shipping options",
                "recalculates tax after an address change",
                "sends the confirmation email",
            ],
            "expected to find text \"Thank you for your order\" in \"Processing your payment…\"",
        ),
        (
            "Sign up",
            "spec/system/sign_up_spec.rb",
            [
                "confirms the email address",
                "rejects a weak password",
                "signs up with Google",
                "shows the welcome tour",
                "resends the confirmation link",
                "blocks a disposable email domain",
                "remembers the newsletter choice",
                "redirects to the cart after sign up",
                "asks for the date of birth in Germany",
                "shows the terms of service",
            ],
            "Net::ReadTimeout with #<TCPSocket:(closed)>",
        ),
        (
            "Admin product editor",
            "spec/system/admin/product_editor_spec.rb",
            [
                "uploads a product image",
                "previews the product page",
                "saves a draft",
                "publishes a product",
                "edits a variant price",
                "reorders images",
                "warns about unsaved changes",
                "archives a product",
                "duplicates a product",
                "bulk edits stock levels",
            ],
            "Selenium::WebDriver::Error::StaleElementReferenceError: stale element reference: stale element not found in the current frame",
        ),
        (
            "Order history",
            "spec/system/order_history_spec.rb",
            [
                "filters orders by status",
                "downloads an invoice PDF",
                "shows a cancelled order",
                "reorders a past order",
                "tracks a shipment",
                "paginates past orders",
                "shows a refund",
                "hides orders of other customers",
                "searches by order number",
                "shows the delivery address",
            ],
            "expected to find css \".order-row\" at least 1 time but there were no matches",
        ),
    ];
    let mut order: Vec<usize> = (0..240 + systems.len()).collect();
    order.sort_by_key(|&k| h(k, 1));
    let mut out = String::from(
        "/usr/local/bundle/gems/money-6.19.0/lib/money/money.rb:12: warning: already initialized constant Money::ROUNDING_MODE\n\
         /usr/local/bundle/gems/money-6.19.0/lib/money/money.rb:10: warning: previous definition of ROUNDING_MODE was here\n\
         Run options: exclude {:slow=>true}\n\nRandomized with seed 41827\n",
    );
    let (mut total, mut j) = (0usize, 0usize);
    let mut pending: Vec<PendingEntry> = Vec::new();
    let mut failure: Option<(String, String, usize)> = None;
    for &k in &order {
        out.push('\n');
        if k >= 240 {
            let (group, file, system_examples, retry_error) = systems[k - 240];
            out.push_str(&format!("{group}\n"));
            let mut line = 4;
            for ex in system_examples.iter().take((6 + h(k, 2) % 5) as usize) {
                j += 1;
                total += 1;
                line += 6 + (h(j, 3) % 9) as usize;
                if h(j, 4).is_multiple_of(5) {
                    out.push_str(&format!(
                        "\n2nd Try error in ./{file}:{line}:\n{retry_error}\n\nRSpec::Retry: 2nd try ./{file}:{line}\n"
                    ));
                }
                out.push_str(&format!("  {ex}\n"));
            }
            continue;
        }
        let (ns, noun) = (namespaces[k % 12], nouns[k / 12]);
        let group = format!("{ns}::{noun}");
        let file = format!("spec/models/{}/{}_spec.rb", snake(ns), snake(noun));
        out.push_str(&format!("{group}\n"));
        let mut line = 3usize;
        let n_methods = 3 + (h(k, 5) % 3) as usize;
        for m in 0..n_methods {
            let special = match (k, m) {
                (12, 1) => Some("#renewal_date"),
                (0, 1) => Some("#due_date"),
                _ => None,
            };
            let method =
                special.unwrap_or(methods[((h(k, 6) % 18) as usize + m * 5) % methods.len()]);
            out.push_str(&format!("  {method}\n"));
            line += 2;
            let n_contexts = 2 + (h(k * 8 + m, 7) % 2) as usize;
            for c in 0..n_contexts {
                let (context, planted) = match (special, c) {
                    (Some("#renewal_date"), 0) => ("for a customer in Berlin", true),
                    (Some("#due_date"), 0) => ("for a customer in Tokyo", true),
                    _ => (
                        contexts[((h(k * 8 + m, 8) % 14) as usize + c * 3) % contexts.len()],
                        false,
                    ),
                };
                out.push_str(&format!("    {context}\n"));
                line += 2;
                let n_examples = 3 + (h(k * 32 + m * 4 + c, 9) % 4) as usize;
                for e in 0..n_examples {
                    j += 1;
                    total += 1;
                    line += 4 + (h(j, 10) % 5) as usize;
                    let example = if planted && e == 1 {
                        if special == Some("#renewal_date") {
                            "returns the first day of next month in their time zone"
                        } else {
                            "returns the due date in their time zone"
                        }
                    } else {
                        examples
                            [((h(k * 32 + m * 4 + c, 11) % 22) as usize + e * 5) % examples.len()]
                    };
                    let desc = format!("{group}{method} {context} {example}");
                    let outcome = if planted && e == 1 && special == Some("#renewal_date") {
                        Outcome::Failed
                    } else if planted && e == 1 {
                        Outcome::Pending(
                            "TZ handling moves to Billing::Calendar (BILL-2291)",
                            "expect(invoice.due_date).to eq(Date.new(2026, 12, 27))\n\n  expected: Sun, 27 Dec 2026\n       got: Sat, 26 Dec 2026\n\n  (compared using ==)\n\n  Diff:\n  @@ -1 +1 @@\n  -Sun, 27 Dec 2026\n  +Sat, 26 Dec 2026\n".to_string(),
                        )
                    } else if h(j, 12).is_multiple_of(230) {
                        if h(j, 13).is_multiple_of(2) {
                            let (code, detail) = &expected_failures[(h(j, 14) % 3) as usize];
                            Outcome::Pending(
                                pick(&reasons[2..], j, 15),
                                format!("{code}\n{detail}"),
                            )
                        } else {
                            Outcome::Skipped(pick(&reasons[..2], j, 16))
                        }
                    } else {
                        Outcome::Passed
                    };
                    match outcome {
                        Outcome::Passed => out.push_str(&format!("      {example}\n")),
                        Outcome::Skipped(reason) => {
                            out.push_str(&format!("      {example} (PENDING: {reason})\n"));
                            pending.push((desc, file.clone(), line, reason, None));
                        }
                        Outcome::Pending(reason, body) => {
                            out.push_str(&format!("      {example} (PENDING: {reason})\n"));
                            let (code, detail) = body.split_once('\n').unwrap_or((&body, ""));
                            pending.push((
                                desc,
                                file.clone(),
                                line,
                                reason,
                                Some((code.to_string(), detail.to_string())),
                            ));
                        }
                        Outcome::Failed => {
                            out.push_str(&format!("      {example} (FAILED - 1)\n"));
                            failure = Some((desc, file.clone(), line));
                        }
                    }
                    if h(j, 17).is_multiple_of(410) {
                        out.push_str(&format!(
                            "DEPRECATION WARNING: `ActiveRecord::Base.default_timezone` is deprecated and will be removed in Rails 8.1. Use `ActiveRecord.default_timezone` instead. (called from block (4 levels) in <top (required)> at /app/{file}:{line})\n"
                        ));
                    }
                }
            }
        }
    }
    out.push_str(
        "\nPending: (Failures listed here are expected and do not affect your suite's status)\n",
    );
    for (n, (desc, file, line, reason, body)) in pending.iter().enumerate() {
        // RSpec indents an entry's lines past its number: `  1) ` then
        // five spaces, `  10) ` then six.
        let pad = " ".repeat((n + 1).to_string().len() + 4);
        out.push_str(&format!("\n  {}) {desc}\n{pad}# {reason}\n", n + 1));
        match body {
            None => out.push_str(&format!("{pad}# ./{file}:{line}\n")),
            Some((code, detail)) => {
                out.push_str(&format!("{pad}Failure/Error: {code}\n"));
                for l in detail.lines() {
                    if l.is_empty() {
                        out.push('\n');
                    } else {
                        out.push_str(&format!("{pad}{l}\n"));
                    }
                }
                if detail.ends_with('\n') {
                    out.push('\n');
                }
                out.push_str(&format!(
                    "{pad}# ./{file}:{}:in `block (4 levels) in <top (required)>'\n{pad}# ./spec/support/time_helpers.rb:14:in `block (2 levels) in <main>'\n",
                    line + 2
                ));
            }
        }
    }
    let (desc, file, line) = failure.expect("the failure is planted");
    out.push_str(&format!(
        "\nFailures:\n\n  1) {desc}\n     Failure/Error: expect(subscription.renewal_date).to eq(Date.new(2026, 12, 1))\n\n       expected: Tue, 01 Dec 2026\n            got: Mon, 30 Nov 2026\n\n       (compared using ==)\n\n       Diff:\n       @@ -1 +1 @@\n       -Tue, 01 Dec 2026\n       +Mon, 30 Nov 2026\n\n     # ./{file}:{}:in `block (4 levels) in <top (required)>'\n     # ./spec/support/time_helpers.rb:14:in `block (2 levels) in <main>'\n",
        line + 3
    ));
    out.push_str(&format!(
        "\nFinished in 6 minutes 41 seconds (files took 11.42 seconds to load)\n{total} examples, 1 failure, {} pending\n\nFailed examples:\n\nrspec ./{file}:{line} # {desc}\n\nRandomized with seed 41827\n\nCoverage report generated for RSpec to /app/coverage. 48213 / 53760 LOC (89.68%) covered.\n",
        pending.len()
    ));
    Case::fact(
        "rspec documentation, the one real failure",
        out,
        "Which Ruby spec is really failing in this run, and what date did it come back with instead of the one expected?",
        &[
            "Billing::Subscription#renewal_date",
            "got: Mon, 30 Nov 2026",
        ],
    )
}

/// The operating systems of the Azure fleet.
#[derive(Clone, Copy, PartialEq)]
enum Os {
    Ubuntu,
    Rhel,
    Debian,
    Windows,
    SqlServer,
}

/// `az vm list -d -o json` (the CLI's 2-space JSON, keys sorted) of 111
/// VMs in seventeen groups: Ubuntu, RHEL and Debian VMs with SSH keys and
/// password logins off, Windows and SQL Server VMs (no Linux settings at
/// all, `linuxConfiguration` null), their disks, NICs, extensions, tags,
/// identities and power states (some deallocated, one stopped). One Linux
/// VM, an ETL worker with a public address, was created with a password:
/// `disablePasswordAuthentication` false and no SSH keys.
fn az_password_ssh() -> Case {
    let sub = uuid(1, 200);
    let tenant = uuid(2, 200);
    let fleet: [(&str, &str, usize, Os, &str, &str); 17] = [
        (
            "rg-web-prod",
            "vm-web-prod",
            12,
            Os::Ubuntu,
            "westeurope",
            "Standard_D4s_v5",
        ),
        (
            "rg-api-prod",
            "vm-api-prod",
            16,
            Os::Ubuntu,
            "westeurope",
            "Standard_D8s_v5",
        ),
        (
            "rg-data-prod",
            "vm-kafka-prod",
            6,
            Os::Rhel,
            "westeurope",
            "Standard_E8ds_v5",
        ),
        (
            "rg-data-prod",
            "vm-pg-prod",
            4,
            Os::Ubuntu,
            "westeurope",
            "Standard_E16ds_v5",
        ),
        (
            "rg-analytics-prod",
            "vm-etl-worker",
            8,
            Os::Ubuntu,
            "northeurope",
            "Standard_F8s_v2",
        ),
        (
            "rg-analytics-prod",
            "vm-spark",
            6,
            Os::Ubuntu,
            "northeurope",
            "Standard_E8ds_v5",
        ),
        (
            "rg-shared-services",
            "vm-ad-dc",
            2,
            Os::Windows,
            "westeurope",
            "Standard_D2s_v5",
        ),
        (
            "rg-shared-services",
            "vm-jump",
            2,
            Os::Ubuntu,
            "westeurope",
            "Standard_B2ms",
        ),
        (
            "rg-erp-prod",
            "vm-sql",
            3,
            Os::SqlServer,
            "westeurope",
            "Standard_E16ds_v5",
        ),
        (
            "rg-erp-prod",
            "vm-rds",
            4,
            Os::Windows,
            "westeurope",
            "Standard_D8s_v5",
        ),
        (
            "rg-ci",
            "vm-build-linux",
            10,
            Os::Ubuntu,
            "westeurope",
            "Standard_D16ds_v5",
        ),
        (
            "rg-ci",
            "vm-build-win",
            4,
            Os::Windows,
            "westeurope",
            "Standard_D16ds_v5",
        ),
        (
            "rg-staging",
            "vm-web-stg",
            6,
            Os::Ubuntu,
            "westeurope",
            "Standard_B4ms",
        ),
        (
            "rg-staging",
            "vm-api-stg",
            8,
            Os::Debian,
            "westeurope",
            "Standard_B4ms",
        ),
        (
            "rg-dev",
            "vm-dev",
            12,
            Os::Ubuntu,
            "westeurope",
            "Standard_B2ms",
        ),
        (
            "rg-monitoring",
            "vm-elastic",
            6,
            Os::Ubuntu,
            "westeurope",
            "Standard_E8ds_v5",
        ),
        (
            "rg-monitoring",
            "vm-grafana",
            2,
            Os::Debian,
            "westeurope",
            "Standard_B2ms",
        ),
    ];
    let planted = "vm-etl-worker-03";
    let mut vms = Vec::new();
    let mut j = 0usize;
    for (rg, prefix, count, os, location, size) in fleet {
        let rg_up = rg.to_uppercase();
        let env = if rg.ends_with("prod") {
            "prod"
        } else if rg.ends_with("stg") || rg.ends_with("staging") {
            "staging"
        } else if rg == "rg-dev" {
            "dev"
        } else {
            "shared"
        };
        let owner = match rg {
            "rg-web-prod" => "team-web",
            "rg-api-prod" => "team-api",
            "rg-data-prod" | "rg-analytics-prod" => "team-data",
            "rg-erp-prod" => "team-erp",
            "rg-staging" if prefix.starts_with("vm-web") => "team-web",
            "rg-staging" => "team-api",
            _ => "team-platform",
        };
        for k in 1..=count {
            j += 1;
            let name = format!("{prefix}-{k:02}");
            let is_planted = name == planted;
            let linux = !matches!(os, Os::Windows | Os::SqlServer);
            let vm_id = format!(
                "/subscriptions/{sub}/resourceGroups/{rg_up}/providers/Microsoft.Compute/virtualMachines/{name}"
            );
            let disk_name = format!("{name}_OsDisk_1_{}", hex(j, 201, 32));
            let disk = |dname: &str| {
                format!(
                    "/subscriptions/{sub}/resourceGroups/{rg_up}/providers/Microsoft.Compute/disks/{dname}"
                )
            };
            let image = match os {
                Os::Ubuntu => {
                    json!({"publisher": "Canonical", "offer": "0001-com-ubuntu-server-jammy", "sku": "22_04-lts-gen2", "version": "latest", "exactVersion": "22.04.202411010"})
                }
                Os::Rhel => {
                    json!({"publisher": "RedHat", "offer": "RHEL", "sku": "9-lvm-gen2", "version": "latest", "exactVersion": "9.4.2024081415"})
                }
                Os::Debian => {
                    json!({"publisher": "Debian", "offer": "debian-12", "sku": "12-gen2", "version": "latest", "exactVersion": "0.20241004.1890"})
                }
                Os::Windows => {
                    json!({"publisher": "MicrosoftWindowsServer", "offer": "WindowsServer", "sku": "2022-datacenter-azure-edition", "version": "latest", "exactVersion": "20348.2762.241009"})
                }
                Os::SqlServer => {
                    json!({"publisher": "MicrosoftSQLServer", "offer": "sql2019-ws2022", "sku": "standard-gen2", "version": "latest", "exactVersion": "15.0.241010"})
                }
            };
            let mut image = image;
            image["communityGalleryImageId"] = Value::Null;
            image["id"] = Value::Null;
            image["sharedGalleryImageId"] = Value::Null;
            let data_disks: Vec<Value> = (0..(if linux { h(j, 202) % 3 } else { 1 }))
                .map(|d| {
                    let dname = format!("{name}-data-{d}");
                    let gb = [256u64, 512, 1024, 2048][(h(j * 4 + d as usize, 203) % 4) as usize];
                    json!({
                        "caching": if d == 0 { "ReadOnly" } else { "None" },
                        "createOption": "Attach",
                        "deleteOption": "Detach",
                        "detachOption": null,
                        "diskIOPSReadWrite": null,
                        "diskMBpsReadWrite": null,
                        "diskSizeGb": gb,
                        "image": null,
                        "lun": d,
                        "managedDisk": {"diskEncryptionSet": null, "id": disk(&dname), "resourceGroup": rg_up, "securityProfile": null, "storageAccountType": "Premium_LRS"},
                        "name": dname,
                        "sourceResource": null,
                        "toBeDetached": false,
                        "vhd": null,
                        "writeAcceleratorEnabled": false
                    })
                })
                .collect();
            let admin = if linux {
                if is_planted { "etladmin" } else { "azureuser" }
            } else {
                "acmeadmin"
            };
            let os_profile = if linux {
                let ssh = if is_planted {
                    Value::Null
                } else {
                    json!({"publicKeys": [{
                        "keyData": format!("ssh-rsa AAAAB3NzaC1yc2EAAAADAQABAAABgQ{} generated-by-azure", b64(j, 204, 520)),
                        "path": format!("/home/{admin}/.ssh/authorized_keys")
                    }]})
                };
                json!({
                    "adminPassword": null,
                    "adminUsername": admin,
                    "allowExtensionOperations": true,
                    "computerName": name,
                    "customData": null,
                    "linuxConfiguration": {
                        "disablePasswordAuthentication": !is_planted,
                        "enableVmAgentPlatformUpdates": false,
                        "patchSettings": {"assessmentMode": "ImageDefault", "automaticByPlatformSettings": null, "patchMode": "ImageDefault"},
                        "provisionVmAgent": true,
                        "ssh": ssh
                    },
                    "requireGuestProvisionSignal": true,
                    "secrets": [],
                    "windowsConfiguration": null
                })
            } else {
                json!({
                    "adminPassword": null,
                    "adminUsername": admin,
                    "allowExtensionOperations": true,
                    "computerName": &name[..name.len().min(15)],
                    "customData": null,
                    "linuxConfiguration": null,
                    "requireGuestProvisionSignal": null,
                    "secrets": [],
                    "windowsConfiguration": {
                        "additionalUnattendContent": null,
                        "enableAutomaticUpdates": true,
                        "enableVmAgentPlatformUpdates": false,
                        "patchSettings": {"assessmentMode": "ImageDefault", "automaticByPlatformSettings": null, "enableHotpatching": false, "patchMode": "AutomaticByOS"},
                        "provisionVmAgent": true,
                        "timeZone": null,
                        "winRm": null
                    }
                })
            };
            let extensions: Vec<Value> = (if linux {
                vec![
                    ("AzureMonitorLinuxAgent", "Microsoft.Azure.Monitor", "1.33"),
                    (
                        "MDE.Linux",
                        "Microsoft.Azure.AzureDefenderForServers",
                        "1.0",
                    ),
                ]
            } else {
                vec![
                    (
                        "AzureMonitorWindowsAgent",
                        "Microsoft.Azure.Monitor",
                        "1.30",
                    ),
                    (
                        "MDE.Windows",
                        "Microsoft.Azure.AzureDefenderForServers",
                        "1.0",
                    ),
                ]
            })
            .into_iter()
            .map(|(ext, publisher, version)| {
                json!({
                    "autoUpgradeMinorVersion": true,
                    "enableAutomaticUpgrade": ext.starts_with("Azure"),
                    "forceUpdateTag": null,
                    "id": format!("{vm_id}/extensions/{ext}"),
                    "instanceView": null,
                    "location": location,
                    "name": ext,
                    "protectedSettings": null,
                    "protectedSettingsFromKeyVault": null,
                    "provisionAfterExtensions": null,
                    "provisioningState": "Succeeded",
                    "publisher": publisher,
                    "resourceGroup": rg_up,
                    "settings": {},
                    "suppressFailures": null,
                    "tags": null,
                    "type": "Microsoft.Compute/virtualMachines/extensions",
                    "typeHandlerVersion": version,
                    "typePropertiesType": ext
                })
            })
            .collect();
            let power = if (rg == "rg-dev" && h(j, 205).is_multiple_of(3))
                || (rg == "rg-ci" && h(j, 205).is_multiple_of(4))
            {
                "VM deallocated"
            } else if name == "vm-web-stg-04" {
                "VM stopped"
            } else {
                "VM running"
            };
            let running = power == "VM running";
            let public_ip = if is_planted {
                "52.178.141.23".to_string()
            } else if prefix == "vm-jump" {
                format!("20.67.{}.{}", h(j, 206) % 256, 1 + h(j, 207) % 254)
            } else {
                String::new()
            };
            let identity = if h(j, 208).is_multiple_of(2) {
                json!({"principalId": uuid(j, 209), "tenantId": tenant, "type": "SystemAssigned", "userAssignedIdentities": null})
            } else {
                Value::Null
            };
            let security = if os != Os::Rhel && !h(j, 210).is_multiple_of(3) {
                json!({"encryptionAtHost": null, "encryptionIdentity": null, "proxyAgentSettings": null, "securityType": "TrustedLaunch", "uefiSettings": {"secureBootEnabled": true, "vTpmEnabled": true}, "userAssignedIdentity": null})
            } else {
                Value::Null
            };
            let controller = if security.is_null() {
                Value::Null
            } else {
                json!("SCSI")
            };
            let vm = json!({
                "additionalCapabilities": null,
                "applicationProfile": null,
                "availabilitySet": null,
                "billingProfile": null,
                "capacityReservation": null,
                "diagnosticsProfile": {"bootDiagnostics": {"enabled": true, "storageUri": null}},
                "etag": null,
                "evictionPolicy": null,
                "extendedLocation": null,
                "extensionsTimeBudget": null,
                "fqdns": "",
                "hardwareProfile": {"vmSize": size, "vmSizeProperties": null},
                "host": null,
                "hostGroup": null,
                "id": vm_id,
                "identity": identity,
                "instanceView": null,
                "licenseType": if linux { Value::Null } else { json!("Windows_Server") },
                "location": location,
                "macAddresses": if running {
                    format!("00-22-48-{:02X}-{:02X}-{:02X}", h(j, 211) % 256, h(j, 212) % 256, h(j, 213) % 256)
                } else {
                    String::new()
                },
                "managedBy": null,
                "name": name,
            });
            let rest = json!({
                "networkProfile": {
                    "networkApiVersion": null,
                    "networkInterfaceConfigurations": null,
                    "networkInterfaces": [{
                        "deleteOption": null,
                        "id": format!("/subscriptions/{sub}/resourceGroups/{rg_up}/providers/Microsoft.Network/networkInterfaces/{name}-nic"),
                        "primary": null,
                        "resourceGroup": rg_up
                    }]
                },
                "osProfile": os_profile,
                "plan": null,
                "platformFaultDomain": null,
                "powerState": power,
                "priority": "Regular",
                "privateIps": if running {
                    format!("10.{}.{}.{}", 10 + (j / 40), 1 + h(j, 214) % 8, 4 + h(j, 215) % 250)
                } else {
                    String::new()
                },
                "provisioningState": "Succeeded",
                "proximityPlacementGroup": null,
                "publicIps": public_ip,
                "resourceGroup": rg_up,
                "resources": extensions,
                "scheduledEventsPolicy": null,
                "scheduledEventsProfile": null,
                "securityProfile": security,
                "storageProfile": {
                    "alignRegionalDisksToVMZone": null,
                    "dataDisks": data_disks,
                    "diskControllerType": controller,
                    "imageReference": image,
                    "osDisk": {
                        "caching": "ReadWrite",
                        "createOption": "FromImage",
                        "deleteOption": "Delete",
                        "diffDiskSettings": null,
                        "diskSizeGb": if linux { 64 } else { 127 },
                        "encryptionSettings": null,
                        "image": null,
                        "managedDisk": {"diskEncryptionSet": null, "id": disk(&disk_name), "resourceGroup": rg_up, "securityProfile": null, "storageAccountType": "Premium_LRS"},
                        "name": disk_name,
                        "osType": if linux { "Linux" } else { "Windows" },
                        "vhd": null,
                        "writeAcceleratorEnabled": null
                    }
                },
                "tags": {
                    "costCenter": format!("CC-{}", 4400 + h(j, 216) % 40),
                    "env": env,
                    "managedBy": "terraform",
                    "owner": owner
                },
                "timeCreated": format!(
                    "2025-{:02}-{:02}T{:02}:{:02}:{:02}.{:07}+00:00",
                    1 + h(j, 218) % 12,
                    1 + h(j, 219) % 28,
                    h(j, 220) % 24,
                    h(j, 221) % 60,
                    h(j, 222) % 60,
                    h(j, 223) % 10_000_000
                ),
                "type": "Microsoft.Compute/virtualMachines",
                "userData": null,
                "virtualMachineScaleSet": null,
                "vmId": uuid(j, 224),
                "zones": [((1 + h(j, 225) % 3).to_string())]
            });
            let mut vm = vm;
            if let (Some(a), Value::Object(b)) = (vm.as_object_mut(), rest) {
                a.extend(b);
            }
            vms.push(sort_keys(vm));
        }
    }
    Case::fact(
        "az vm list -d, a Linux VM taking passwords",
        pretty(&Value::Array(vms), b"  ") + "\n",
        "Is any of our Linux VMs still letting people SSH in with a password rather than a key? Which one?",
        &[planted, "\"disablePasswordAuthentication\": false"],
    )
    .with_jq(
        ".[] | select(.osProfile.linuxConfiguration.disablePasswordAuthentication == false) | .name",
        vec![jq_string(planted)],
    )
}

/// One Semgrep Registry rule: id, severity, message, CWE, OWASP, the
/// technology, likelihood, impact, confidence, vulnerability class.
struct Rule {
    id: &'static str,
    severity: &'static str,
    message: &'static str,
    cwe: &'static str,
    owasp: &'static [&'static str],
    technology: &'static str,
    level: [&'static str; 3],
    class: &'static str,
    /// A `.py` file, a Dockerfile or a workflow.
    kind: &'static str,
    weight: u64,
}

const CERT_RULE: &str =
    "python.requests.security.disabled-cert-validation.disabled-cert-validation";

fn semgrep_rules() -> Vec<Rule> {
    vec![
        Rule {
            id: "python.lang.security.audit.formatted-sql-query.formatted-sql-query",
            severity: "WARNING",
            message: "Detected possible formatted SQL query. Use parameterized queries instead.",
            cwe: "CWE-89: Improper Neutralization of Special Elements used in an SQL Command ('SQL Injection')",
            owasp: &["A01:2017 - Injection", "A03:2021 - Injection"],
            technology: "python",
            level: ["LOW", "HIGH", "LOW"],
            class: "SQL Injection",
            kind: "py",
            weight: 14,
        },
        Rule {
            id: "python.lang.security.audit.subprocess-shell-true.subprocess-shell-true",
            severity: "ERROR",
            message: "Found 'subprocess' function 'run' with 'shell=True'. This is dangerous because this call will spawn the command using a shell process. Doing so propagates current shell settings and variables, which makes it much easier for a malicious actor to execute commands. Use 'shell=False' instead.",
            cwe: "CWE-78: Improper Neutralization of Special Elements used in an OS Command ('OS Command Injection')",
            owasp: &["A01:2017 - Injection", "A03:2021 - Injection"],
            technology: "python",
            level: ["HIGH", "LOW", "MEDIUM"],
            class: "Command Injection",
            kind: "py",
            weight: 8,
        },
        Rule {
            id: "python.lang.security.insecure-hash-algorithms.insecure-hash-algorithm-md5",
            severity: "WARNING",
            message: "Detected MD5 hash algorithm which is considered insecure. MD5 is not collision resistant and is therefore not suitable as a cryptographic signature. Use SHA256 or SHA3 instead.",
            cwe: "CWE-327: Use of a Broken or Risky Cryptographic Algorithm",
            owasp: &[
                "A03:2017 - Sensitive Data Exposure",
                "A02:2021 - Cryptographic Failures",
            ],
            technology: "python",
            level: ["LOW", "MEDIUM", "MEDIUM"],
            class: "Cryptographic Issues",
            kind: "py",
            weight: 10,
        },
        Rule {
            id: "python.lang.security.deserialization.pickle.avoid-pickle",
            severity: "WARNING",
            message: "Avoid using `pickle`, which is known to lead to code execution vulnerabilities. When unpickling, the serialized data could be manipulated to run arbitrary code. Instead, consider serializing the relevant data as JSON or a similar text-based serialization format.",
            cwe: "CWE-502: Deserialization of Untrusted Data",
            owasp: &[
                "A08:2017 - Insecure Deserialization",
                "A08:2021 - Software and Data Integrity Failures",
            ],
            technology: "python",
            level: ["LOW", "MEDIUM", "LOW"],
            class: "Insecure Deserialization ",
            kind: "py",
            weight: 6,
        },
        Rule {
            id: "python.jwt.security.unverified-jwt-decode.unverified-jwt-decode",
            severity: "ERROR",
            message: "Detected JWT token decoded with 'verify=False'. This bypasses any integrity checks for the token which means the token could be tampered with by malicious actors. Ensure that the JWT token is verified.",
            cwe: "CWE-287: Improper Authentication",
            owasp: &[
                "A02:2017 - Broken Authentication",
                "A07:2021 - Identification and Authentication Failures",
            ],
            technology: "jwt",
            level: ["MEDIUM", "MEDIUM", "MEDIUM"],
            class: "Improper Authentication",
            kind: "py",
            weight: 4,
        },
        Rule {
            id: "python.lang.security.audit.insecure-transport.requests.request-with-http.request-with-http",
            severity: "INFO",
            message: "Detected a request using 'http://'. This request will be unencrypted, and attackers could listen into traffic on the network and be able to obtain sensitive information. Use 'https://' instead.",
            cwe: "CWE-319: Cleartext Transmission of Sensitive Information",
            owasp: &[
                "A03:2017 - Sensitive Data Exposure",
                "A02:2021 - Cryptographic Failures",
            ],
            technology: "requests",
            level: ["LOW", "LOW", "MEDIUM"],
            class: "Mishandled Sensitive Information",
            kind: "py",
            weight: 12,
        },
        Rule {
            id: "python.django.security.audit.raw-query.avoid-raw-sql",
            severity: "WARNING",
            message: "Detected the use of 'RawSQL' or 'raw' indicating the execution of a non-parameterized SQL query. This could lead to a SQL injection and therefore protected information could be leaked. Instead, use Django ORM and parameterized queries before raw SQL. An example of using the Django ORM is: `People.objects.get(name='Bob')`",
            cwe: "CWE-89: Improper Neutralization of Special Elements used in an SQL Command ('SQL Injection')",
            owasp: &["A01:2017 - Injection", "A03:2021 - Injection"],
            technology: "django",
            level: ["LOW", "HIGH", "LOW"],
            class: "SQL Injection",
            kind: "py",
            weight: 9,
        },
        Rule {
            id: "python.lang.security.audit.logging.logger-credential-leak.python-logger-credential-disclosure",
            severity: "WARNING",
            message: "Detected a python logger call with a potential hardcoded secret \"token refreshed for %s: %s\" being logged. This may lead to secret credentials being exposed. Make sure that the logger is not logging  sensitive information.",
            cwe: "CWE-532: Insertion of Sensitive Information into Log File",
            owasp: &["A09:2021 - Security Logging and Monitoring Failures"],
            technology: "python",
            level: ["MEDIUM", "MEDIUM", "MEDIUM"],
            class: "Mishandled Sensitive Information",
            kind: "py",
            weight: 5,
        },
        Rule {
            id: "python.lang.security.use-defused-xml.use-defused-xml",
            severity: "ERROR",
            message: "The Python documentation recommends using `defusedxml` instead of `xml` because the native Python `xml` library is vulnerable to XML External Entity (XXE) attacks. These attacks can leak confidential data and \"XML bombs\" can cause denial of service.",
            cwe: "CWE-611: Improper Restriction of XML External Entity Reference",
            owasp: &[
                "A04:2017 - XML External Entities (XXE)",
                "A05:2021 - Security Misconfiguration",
            ],
            technology: "python",
            level: ["LOW", "MEDIUM", "LOW"],
            class: "XML Injection",
            kind: "py",
            weight: 3,
        },
        Rule {
            id: "python.lang.security.audit.non-literal-import.non-literal-import",
            severity: "WARNING",
            message: "Untrusted user input in `importlib.import_module()` function allows an attacker to load arbitrary code. Avoid dynamic values in `importlib.import_module()` or use a whitelist to prevent running untrusted code.",
            cwe: "CWE-706: Use of Incorrectly-Resolved Name or Reference",
            owasp: &["A01:2021 - Broken Access Control"],
            technology: "python",
            level: ["LOW", "MEDIUM", "LOW"],
            class: "Code Injection",
            kind: "py",
            weight: 3,
        },
        Rule {
            id: "dockerfile.security.missing-user.missing-user",
            severity: "ERROR",
            message: "By not specifying a USER, a program in the container may run as 'root'. This is a security hazard. If an attacker can control a process running as root, they may have control over the container. Ensure that the last USER in a Dockerfile is a USER other than 'root'.",
            cwe: "CWE-250: Execution with Unnecessary Privileges",
            owasp: &["A04:2021 - Insecure Design"],
            technology: "dockerfile",
            level: ["LOW", "MEDIUM", "MEDIUM"],
            class: "Improper Authorization",
            kind: "docker",
            weight: 0,
        },
        Rule {
            id: "yaml.github-actions.security.run-shell-injection.run-shell-injection",
            severity: "ERROR",
            message: "Using variable interpolation `${{...}}` with `github` context data in a `run:` step could allow an attacker to inject their own code into the runner. This would allow them to steal secrets and code. `github` context data can have arbitrary user input and should be treated as untrusted. Instead, use an intermediate environment variable with `env:` to store the data and use the environment variable in the `run:` script. Be sure to use double-quotes the environment variable, like this: \"$ENVVAR\".",
            cwe: "CWE-78: Improper Neutralization of Special Elements used in an OS Command ('OS Command Injection')",
            owasp: &["A01:2017 - Injection", "A03:2021 - Injection"],
            technology: "github-actions",
            level: ["HIGH", "HIGH", "HIGH"],
            class: "Command Injection",
            kind: "yml",
            weight: 2,
        },
    ]
}

/// `semgrep scan --config auto --json` over a Python monorepo of ten
/// services (one JSON line, as semgrep prints it): about 400 findings of
/// registry rules (formatted SQL, `shell=True`, MD5, pickle, JWTs decoded
/// with `verify=False`, requests over `http://`, XML, Dockerfiles without
/// a `USER`), two parse errors and a timeout, and every scanned path. One
/// finding, in the payouts service's bank client, is a `requests` call
/// with certificate checks switched off.
fn semgrep_cert_validation() -> Case {
    let services = [
        "accounts",
        "billing",
        "catalog",
        "gateway",
        "notifications",
        "orders",
        "payouts",
        "reporting",
        "search",
        "warehouse",
    ];
    let clients = [
        "bank_gateway",
        "stripe",
        "shipping_carrier",
        "tax_service",
        "crm",
        "erp",
        "geocoder",
        "sms",
        "email",
        "fraud",
    ];
    let planted_path = "services/payouts/payouts/clients/bank_gateway.py";
    let mut paths: BTreeSet<String> = BTreeSet::new();
    let mut py: Vec<String> = Vec::new();
    let mut dockerfiles = Vec::new();
    for (si, s) in services.iter().enumerate() {
        dockerfiles.push(format!("services/{s}/Dockerfile"));
        for m in [
            "__init__.py",
            "settings.py",
            "urls.py",
            "models.py",
            "tasks.py",
            "admin.py",
            "signals.py",
            "api/views.py",
            "api/serializers.py",
            "api/permissions.py",
            "api/filters.py",
            "api/pagination.py",
            "utils/crypto.py",
            "utils/http.py",
            "utils/dates.py",
            "utils/money.py",
            "utils/files.py",
            "utils/cache.py",
            "management/commands/backfill.py",
            "management/commands/rebuild_index.py",
            "management/commands/export_csv.py",
            "management/commands/import_feed.py",
            "db/queries.py",
            "db/reports.py",
        ] {
            py.push(format!("services/{s}/{s}/{m}"));
        }
        for (c, client) in clients.iter().enumerate() {
            if (s == &"payouts" && c == 0) || h(si * 10 + c, 300).is_multiple_of(3) {
                py.push(format!("services/{s}/{s}/clients/{client}.py"));
            }
        }
        for t in [
            "views",
            "models",
            "tasks",
            "clients",
            "serializers",
            "commands",
        ] {
            paths.insert(format!("services/{s}/tests/test_{t}.py"));
        }
        for n in 1..=(20 + h(si, 301) % 25) {
            paths.insert(format!(
                "services/{s}/{s}/migrations/{n:04}_auto_2025{:02}{:02}_{:04}.py",
                1 + h(si * 50 + n as usize, 302) % 12,
                1 + h(si * 50 + n as usize, 303) % 28,
                h(si * 50 + n as usize, 304) % 2400
            ));
        }
        paths.insert(format!("services/{s}/requirements.txt"));
        paths.insert(format!("services/{s}/pyproject.toml"));
    }
    let workflows: Vec<String> = ["ci", "deploy", "release", "nightly", "label-pr"]
        .iter()
        .map(|w| format!(".github/workflows/{w}.yml"))
        .collect();
    paths.extend(py.iter().cloned());
    paths.extend(dockerfiles.iter().cloned());
    paths.extend(workflows.iter().cloned());
    let rules = semgrep_rules();
    let total_weight: u64 = rules.iter().map(|r| r.weight).sum();
    let result = |n: usize, rule: &Rule, path: &str, line: u64, col: u64| -> Value {
        let end_col = col + 20 + h(n, 305) % 60;
        let offset = line * 37 + col + h(n, 306) % 30;
        let key = rule.id.bytes().map(usize::from).sum::<usize>();
        let slug = b64(key, 307, 4).replace(['+', '/'], "x");
        let owasp = rule.owasp[rule.owasp.len() - 1]
            .replace(" - ", "-")
            .replace([':', ' '], "_");
        let mut metadata = json!({
            "cwe": [rule.cwe],
            "owasp": rule.owasp,
            "references": [format!("https://owasp.org/Top10/{owasp}")],
            "category": "security",
            "technology": [rule.technology],
            "subcategory": [if rule.level[2] == "LOW" { "audit" } else { "vuln" }],
            "likelihood": rule.level[0],
            "impact": rule.level[1],
            "confidence": rule.level[2],
            "license": "Semgrep Rules License v1.0. For more details, visit semgrep.dev/legal/rules-license",
            "vulnerability_class": [rule.class],
            "source": format!("https://semgrep.dev/r/{}", rule.id),
            "shortlink": format!("https://sg.run/{slug}"),
        });
        let rid = 9_000 + (h(key, 308) % 40_000);
        let vid = b64(key, 309, 12).replace(['+', '/'], "Q");
        metadata["semgrep.dev"] = json!({"rule": {
            "origin": "community",
            "r_id": rid,
            "rule_id": b64(key, 310, 6).replace(['+', '/'], "k"),
            "rv_id": rid * 100 + 17,
            "url": format!("https://semgrep.dev/playground/r/{vid}/{}", rule.id),
            "version_id": vid
        }});
        json!({
            "check_id": rule.id,
            "path": path,
            "start": {"line": line, "col": col, "offset": offset},
            "end": {"line": line, "col": end_col, "offset": offset + end_col - col},
            "extra": {
                "message": rule.message,
                "metadata": metadata,
                "severity": rule.severity,
                "fingerprint": "requires login",
                "lines": "requires login",
                "is_ignored": false,
                "validation_state": "NO_VALIDATOR",
                "engine_kind": "OSS"
            }
        })
    };
    let mut found: Vec<(String, u64, String, Value)> = Vec::new();
    for n in 0..410usize {
        let mut r = h(n, 311) % total_weight;
        let rule = (rules.iter())
            .find(|rule| {
                if r < rule.weight {
                    true
                } else {
                    r -= rule.weight;
                    false
                }
            })
            .expect("a rule");
        let path = match rule.kind {
            "yml" => workflows[n % workflows.len()].clone(),
            _ => py[(h(n, 312) % py.len() as u64) as usize].clone(),
        };
        let line = 8 + h(n, 313) % 420;
        let col = 5 + h(n, 314) % 30;
        found.push((
            path.clone(),
            line,
            rule.id.to_string(),
            result(n, rule, &path, line, col),
        ));
    }
    // A Dockerfile without a `USER` is reported once, at its last line.
    let missing_user = rules.iter().find(|r| r.kind == "docker").expect("the rule");
    for (d, path) in dockerfiles.iter().enumerate() {
        if !h(d, 315).is_multiple_of(3) {
            let line = 18 + h(d, 316) % 30;
            found.push((
                path.clone(),
                line,
                missing_user.id.to_string(),
                result(500 + d, missing_user, path, line, 1),
            ));
        }
    }
    let cert = Rule {
        id: CERT_RULE,
        severity: "ERROR",
        message: "Certificate verification has been explicitly disabled. This permits insecure connections to insecure servers. Re-enable certification validation.",
        cwe: "CWE-295: Improper Certificate Validation",
        owasp: &[
            "A03:2017 - Sensitive Data Exposure",
            "A07:2021 - Identification and Authentication Failures",
        ],
        technology: "requests",
        level: ["LOW", "LOW", "LOW"],
        class: "Improper Authentication",
        kind: "py",
        weight: 0,
    };
    found.push((
        planted_path.to_string(),
        88,
        CERT_RULE.to_string(),
        result(999, &cert, planted_path, 88, 20),
    ));
    found.sort_by(|a, b| (&a.0, a.1, &a.2).cmp(&(&b.0, b.1, &b.2)));
    let results: Vec<Value> = found.into_iter().map(|f| f.3).collect();
    let template = "services/reporting/reporting/templates/reports/monthly.html";
    let vendored = "services/search/search/vendor/snowball/stemmer.py";
    paths.insert(template.to_string());
    paths.insert(vendored.to_string());
    let errors = json!([
        {
            "code": 3,
            "level": "warn",
            "type": ["PartialParsing", [{"path": template, "start": {"line": 41, "col": 5, "offset": 0}, "end": {"line": 41, "col": 28, "offset": 23}}]],
            "message": format!("Syntax error at line {template}:41:\n `{{% if report.rows %}}` was unexpected"),
            "path": template
        },
        {
            "code": 3,
            "level": "warn",
            "type": "Timeout",
            "rule_id": "python.lang.security.audit.formatted-sql-query.formatted-sql-query",
            "message": format!("Timeout when running python.lang.security.audit.formatted-sql-query.formatted-sql-query on {vendored}:\n "),
            "path": vendored
        },
        {
            "code": 3,
            "level": "warn",
            "type": "Timeout",
            "rule_id": "python.lang.security.audit.subprocess-shell-true.subprocess-shell-true",
            "message": format!("Timeout when running python.lang.security.audit.subprocess-shell-true.subprocess-shell-true on {vendored}:\n "),
            "path": vendored
        }
    ]);
    let out = json!({
        "version": "1.97.0",
        "results": results,
        "errors": errors,
        "paths": {"scanned": paths.into_iter().collect::<Vec<_>>()},
        "interfile_languages_used": [],
        "skipped_rules": []
    });
    Case::fact(
        "semgrep --json, certificate checks off",
        out.to_string() + "\n",
        "Does our code anywhere switch off checking the server's TLS certificate when it calls out over HTTPS? Where exactly?",
        &[planted_path, "disabled-cert-validation"],
    )
    .with_jq(
        ".results[] | select(.check_id | endswith(\"disabled-cert-validation\")) | [.path, .start.line]",
        vec![json!([planted_path, 88]).to_string()],
    )
}

/// `shellcheck -f gcc $(git ls-files '*.sh')` over a repository of about
/// 450 scripts (CI, deploy, ops, tools, services' entrypoints): per file,
/// in line order, notes (unquoted variables, backticks, `$?`, `read`
/// without `-r`, sources it cannot follow) and warnings (unused variables,
/// `cd` without `|| exit`, masked return values, `rm -rf "$dir/"`). Six
/// scripts have one error each (an unquoted array, no shebang, a string
/// mixed with an array, `-n` unquoted, `>` for numbers, a quoted `for`
/// list); scripts named for errors (`error_trap.sh`,
/// `report-errors.sh`) have only warnings and notes.
fn shellcheck_errors() -> Case {
    let dirs = [
        "ci",
        "ci/lib",
        "deploy",
        "deploy/k8s",
        "deploy/helm/hooks",
        "docker",
        "docker/entrypoints",
        "infra/bootstrap",
        "infra/terraform/scripts",
        "ops/backup",
        "ops/cron",
        "ops/maintenance",
        "scripts",
        "scripts/dev",
        "scripts/lib",
        "tools/release",
        "tools/data",
        "services/orders/bin",
        "services/search/bin",
        "services/billing/bin",
        "services/gateway/bin",
        "services/payouts/bin",
    ];
    let names = [
        "build",
        "test",
        "lint",
        "deploy",
        "rollout",
        "rollback",
        "migrate",
        "seed-db",
        "backup",
        "restore",
        "rotate-logs",
        "rotate-snapshots",
        "sync-assets",
        "wait-for-it",
        "healthcheck",
        "entrypoint",
        "bootstrap",
        "node-init",
        "install-deps",
        "setup-env",
        "cleanup",
        "prune-images",
        "tag",
        "publish",
        "changelog",
        "bump-version",
        "retry",
        "common",
        "logging",
        "error_trap",
        "report-errors",
        "smoke-test",
        "load-fixtures",
        "gen-certs",
        "renew-certs",
        "dump-db",
        "pg_dump_all",
        "vacuum",
        "reindex",
        "warm-cache",
        "flush-cdn",
        "notify-slack",
        "k8s-apply",
        "helm-upgrade",
        "port-forward",
        "tunnel",
        "ssh-config",
        "gpg-import",
        "verify-checksums",
        "download-artifacts",
    ];
    // (path, line, column, message and code)
    let errors: [(&str, u64, u64, &str); 6] = [
        (
            "ci/lib/retry.sh",
            1,
            1,
            "Tips depend on target shell and yours is unknown. Add a shebang or a 'shell' directive. [SC2148]",
        ),
        (
            "deploy/k8s/rollout.sh",
            57,
            14,
            "Double quote array expansions to avoid re-splitting elements. [SC2068]",
        ),
        (
            "infra/bootstrap/node-init.sh",
            41,
            9,
            "-n doesn't work with unquoted arguments. Quote or use [[ ]]. [SC2070]",
        ),
        (
            "ops/backup/rotate-snapshots.sh",
            112,
            22,
            "> is for string comparisons. Use -gt instead. [SC2071]",
        ),
        (
            "scripts/dev/seed-db.sh",
            30,
            16,
            "Since you double quoted this, it will not word split, and the loop will only run once. [SC2066]",
        ),
        (
            "tools/release/tag.sh",
            88,
            18,
            "Argument mixes string and array. Use * or separate argument. [SC2145]",
        ),
    ];
    let vars = [
        "DEPLOY_ENV",
        "IMAGE_TAG",
        "RELEASE",
        "NAMESPACE",
        "BACKUP_DIR",
        "TMP_DIR",
        "PGHOST",
        "KUBECONFIG",
        "REGISTRY",
        "CHART_VERSION",
        "LOG_FILE",
        "RETRIES",
        "TARGET",
        "SSH_OPTS",
        "ARGS",
        "files",
        "targets",
        "services",
        "hosts",
        "pid",
        "count",
        "tag",
        "branch",
        "sha",
    ];
    let sources = [
        "./lib/common.sh",
        "../lib/logging.sh",
        "/etc/profile.d/acme.sh",
        "scripts/lib/error_trap.sh",
        "ci/lib/retry.sh",
    ];
    let mut files: BTreeSet<String> = BTreeSet::new();
    for (d, dir) in dirs.iter().enumerate() {
        for (n, name) in names.iter().enumerate() {
            if h(d * 100 + n, 400) % 100 < 42 {
                files.insert(format!("{dir}/{name}.sh"));
            }
        }
    }
    for e in &errors {
        files.insert(e.0.to_string());
    }
    files.insert("scripts/lib/error_trap.sh".into());
    files.insert("ci/report-errors.sh".into());
    let mut out = String::new();
    let mut items = Vec::new();
    for (f, path) in files.iter().enumerate() {
        let planted = errors.iter().find(|e| e.0 == path);
        let decoy = path.contains("error");
        let n = if decoy { 24 } else { 3 + h(f, 401) % 14 };
        let mut findings: Vec<(u64, u64, String)> = Vec::new();
        let mut line = 1u64;
        for k in 0..n as usize {
            let j = f * 40 + k;
            line += 1 + h(j, 402) % 22;
            let col = 1 + h(j, 403) % 40;
            let var = pick(&vars, j, 404);
            let (level, msg) = match h(j, 405) % 100 {
                0..=29 => ("note", "Double quote to prevent globbing and word splitting. [SC2086]".to_string()),
                30..=36 => ("warning", "Quote this to prevent word splitting. [SC2046]".to_string()),
                37..=42 => ("warning", format!("{var} appears unused. Verify use (or export if used externally). [SC2034]")),
                43..=47 => ("warning", "Declare and assign separately to avoid masking return values. [SC2155]".to_string()),
                48..=52 => ("warning", "Use 'cd ... || exit' or 'cd ... || return' in case cd fails. [SC2164]".to_string()),
                53..=56 => ("warning", format!("{var} is referenced but not assigned. [SC2154]")),
                57..=60 => ("note", "Use $(...) notation instead of legacy backticks `...`. [SC2006]".to_string()),
                61..=64 => ("note", "Check exit code directly with e.g. 'if mycmd;', not indirectly with $?. [SC2181]".to_string()),
                65..=68 => ("note", "read without -r will mangle backslashes. [SC2162]".to_string()),
                69..=71 => ("note", "Useless cat. Consider 'cmd < file | ..' or 'cmd file | ..' instead. [SC2002]".to_string()),
                72..=74 => ("note", "Don't use variables in the printf format string. Use printf '..%s..' \"$foo\". [SC2059]".to_string()),
                75..=77 => ("note", format!("Not following: {} was not specified as input (see shellcheck -x). [SC1091]", pick(&sources, j, 406))),
                78..=79 => ("warning", "ShellCheck can't follow non-constant source. Use a directive to specify location. [SC1090]".to_string()),
                80..=81 => ("warning", "For loops over find output are fragile. Use find -exec or a while read loop. [SC2044]".to_string()),
                82..=83 => ("warning", "Prefer mapfile or read -a to split command output (or quote to avoid splitting). [SC2207]".to_string()),
                84..=85 => ("note", "Expressions don't expand in single quotes, use double quotes for that. [SC2016]".to_string()),
                86 => ("warning", "Use \"${var:?}\" to ensure this never expands to / . [SC2115]".to_string()),
                87..=88 => ("note", "Note that, unescaped, this expands on the client side. [SC2029]".to_string()),
                89..=90 => ("note", "Command appears to be unreachable. Check usage (or ignore if invoked indirectly). [SC2317]".to_string()),
                91..=92 => ("warning", "Expanding an array without an index only gives the first element. [SC2128]".to_string()),
                93 => ("warning", "Don't use ls | grep. Use a glob or a for loop with a condition to allow non-alphanumeric filenames. [SC2010]".to_string()),
                94..=95 => ("note", "Consider using pgrep instead of grepping ps output. [SC2009]".to_string()),
                96 => ("warning", "Use -print0/-0 or -exec + to allow for non-alphanumeric filenames. [SC2038]".to_string()),
                97 => ("note", "Useless echo? Instead of 'cmd $(echo foo)', just use 'cmd foo'. [SC2116]".to_string()),
                _ => ("note", "Consider using { cmd1; cmd2; } >> file instead of individual redirects. [SC2129]".to_string()),
            };
            findings.push((line, col, format!("{level}: {msg}")));
        }
        if let Some(&(_, l, c, msg)) = planted {
            findings.retain(|x| (x.0, x.1) != (l, c));
            findings.push((l, c, format!("error: {msg}")));
            items.push(format!("{path}:{l}:{c}: error"));
        }
        findings.sort_by_key(|x| (x.0, x.1));
        for (l, c, msg) in findings {
            out.push_str(&format!("{path}:{l}:{c}: {msg}\n"));
        }
    }
    Case::items(
        "shellcheck -f gcc, six scripts with errors",
        out,
        "Which of our shell scripts have actual errors in them, as opposed to just warnings or style nits?",
        items,
    )
}

/// `docker logs --since 1h edge-nginx` (the official image: the access log
/// on stdout in its `main` format, the error log on stderr at `notice`)
/// for an hour of a shop's edge proxy in front of three upstream groups
/// (api, search, media; `max_fails=3 fail_timeout=30s`). Decoys: backends
/// that now and then time out reading a response, close a connection early
/// or buffer a large response to a temporary file, 404s for scanners'
/// paths, bodies too large, and a reload's notices. Four backends go away
/// for a while (refused, no route, connect timed out): their connect
/// failures come in bursts, each ending in `upstream server temporarily
/// disabled`.
fn nginx_disabled_upstreams() -> Case {
    let api: Vec<String> = (11..=18).map(|k| format!("10.0.4.{k}:8080")).collect();
    let search: Vec<String> = (11..=16).map(|k| format!("10.0.5.{k}:8080")).collect();
    let media: Vec<String> = (11..=14).map(|k| format!("10.0.6.{k}:8081")).collect();
    // (backend, from, to (seconds into the hour), why connect() failed, or
    // None for a connect timeout)
    let down: [(&str, u64, u64, Option<&str>); 4] = [
        (
            "10.0.4.14:8080",
            12 * 60,
            3600,
            Some("111: Connection refused"),
        ),
        ("10.0.5.13:8080", 22 * 60, 31 * 60, None),
        (
            "10.0.4.17:8080",
            40 * 60,
            3600,
            Some("113: No route to host"),
        ),
        (
            "10.0.6.12:8081",
            48 * 60,
            57 * 60,
            Some("111: Connection refused"),
        ),
    ];
    let agents = [
        "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36",
        "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15",
        "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1",
        "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.6778.39 Mobile Safari/537.36",
        "Mozilla/5.0 (X11; Linux x86_64; rv:132.0) Gecko/20100101 Firefox/132.0",
        "AcmeShop/5.12.0 (iOS 18.1; iPhone15,2)",
        "AcmeShop/5.12.0 (Android 14; SM-S918B)",
        "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
    ];
    let words = [
        "boots", "jacket", "wool", "scarf", "rain", "linen", "shirt", "socks", "denim", "sneakers",
    ];
    let mut out = String::new();
    let mut conn = 4_812_330u64;
    let mut next_burst: Vec<u64> = down.iter().map(|d| d.1).collect();
    let mut ms = 0u64;
    let error_stamp = |ms: u64| {
        let s = ms / 1000;
        format!("2026/11/27 10:{:02}:{:02}", s / 60 % 60, s % 60)
    };
    let access_stamp = |ms: u64| {
        let s = ms / 1000;
        format!("27/Nov/2026:10:{:02}:{:02} +0000", s / 60 % 60, s % 60)
    };
    let worker = |ms: u64| -> u64 {
        if ms < 31 * 60_000 + 7_000 {
            29 + h((ms / 1000) as usize, 500) % 4
        } else {
            2214 + h((ms / 1000) as usize, 500) % 4
        }
    };
    let mut i = 0usize;
    let mut reloaded = false;
    while ms < 3_599_000 {
        i += 1;
        ms += 450 + h(i, 501) % 1_600;
        conn += 1 + h(i, 502) % 30;
        let s = ms / 1000;
        let w = worker(ms);
        let client = format!(
            "{}.{}.{}.{}",
            [81u64, 86, 92, 109, 178, 185, 212, 31, 62, 88][(h(i, 503) % 10) as usize],
            h(i, 504) % 256,
            h(i, 505) % 256,
            1 + h(i, 506) % 254
        );
        let lb = format!("10.0.1.{}", 5 + h(i, 507) % 4);
        let agent = pick(&agents, i, 508);
        let (host, uri, group) = match h(i, 509) % 100 {
            0..=44 => (
                "api.acme.io",
                match h(i, 510) % 5 {
                    0 => "/api/v2/cart".to_string(),
                    1 => format!("/api/v2/products/{}", 10_000 + h(i, 511) % 90_000),
                    2 => format!("/api/v2/orders/ORD-{}", 700_000 + h(i, 512) % 99_999),
                    3 => "/api/v2/session".to_string(),
                    _ => "/api/v2/checkout/quote".to_string(),
                },
                Some(&api),
            ),
            45..=64 => (
                "api.acme.io",
                format!(
                    "/api/v2/search?q={}&page={}",
                    pick(&words, i, 513),
                    1 + h(i, 514) % 4
                ),
                Some(&search),
            ),
            65..=84 => (
                "media.acme.io",
                format!(
                    "/media/products/{}/{}x{}.webp",
                    10_000 + h(i, 515) % 90_000,
                    [320, 640, 1280][(h(i, 516) % 3) as usize],
                    [320, 640, 1280][(h(i, 516) % 3) as usize]
                ),
                Some(&media),
            ),
            _ => (
                "shop.acme.io",
                match h(i, 517) % 4 {
                    0 => format!("/assets/app-{}.js", hex(i % 7, 518, 8)),
                    1 => format!("/assets/app-{}.css", hex(i % 5, 519, 8)),
                    2 => "/favicon.ico".to_string(),
                    _ => "/".to_string(),
                },
                None,
            ),
        };
        let method = if uri.starts_with("/api/v2/checkout") || uri == "/api/v2/cart" {
            if h(i, 520).is_multiple_of(3) {
                "POST"
            } else {
                "GET"
            }
        } else {
            "GET"
        };
        let request = format!("{method} {uri} HTTP/1.1");
        let referrer = if host == "shop.acme.io" || h(i, 521).is_multiple_of(4) {
            "-".to_string()
        } else {
            "https://shop.acme.io/".to_string()
        };
        let context = |backend: &str| {
            format!(
                "client: {lb}, server: {host}, request: \"{request}\", upstream: \"http://{backend}{uri}\", host: \"{host}\""
            )
        };
        let mut status = match h(i, 522) % 100 {
            0..=84 => 200,
            85..=89 => 304,
            90..=93 => 404,
            94..=95 => 301,
            96..=97 => 499,
            _ => 201,
        };
        if let Some(group) = group {
            // A down backend in this group, due for another try.
            for (d, (backend, from, to, why)) in down.iter().enumerate() {
                if !group.iter().any(|b| b.as_str() == *backend) || s < *from || s >= *to {
                    continue;
                }
                if s < next_burst[d] {
                    continue;
                }
                next_burst[d] = s + 30 + h(i, 523) % 12;
                for _ in 0..(1 + h(i, 524) % 3) {
                    let line = match why {
                        Some(why) => format!(
                            "{} [error] {w}#{w}: *{conn} connect() failed ({why}) while connecting to upstream, {}\n",
                            error_stamp(ms),
                            context(backend)
                        ),
                        None => format!(
                            "{} [error] {w}#{w}: *{conn} upstream timed out (110: Connection timed out) while connecting to upstream, {}\n",
                            error_stamp(ms),
                            context(backend)
                        ),
                    };
                    out.push_str(&line);
                }
                out.push_str(&format!(
                    "{} [warn] {w}#{w}: *{conn} upstream server temporarily disabled while connecting to upstream, {}\n",
                    error_stamp(ms),
                    context(backend)
                ));
            }
            let backend = &group[(h(i, 525) % group.len() as u64) as usize];
            let is_down = down
                .iter()
                .any(|(b, from, to, _)| *b == backend.as_str() && s >= *from && s < *to);
            if !is_down {
                match h(i, 526) % 1000 {
                    0..=39 => {
                        out.push_str(&format!(
                            "{} [error] {w}#{w}: *{conn} upstream timed out (110: Connection timed out) while reading response header from upstream, {}\n",
                            error_stamp(ms),
                            context(backend)
                        ));
                        status = 504;
                    }
                    40..=59 => {
                        out.push_str(&format!(
                            "{} [error] {w}#{w}: *{conn} upstream prematurely closed connection while reading response header from upstream, {}\n",
                            error_stamp(ms),
                            context(backend)
                        ));
                        status = 502;
                    }
                    60..=72 => {
                        // proxy_temp_path's levels=1:2: the file number's
                        // last digit, then the two before it.
                        let file = h(i, 529) % 10_000_000;
                        out.push_str(&format!(
                            "{} [warn] {w}#{w}: *{conn} an upstream response is buffered to a temporary file /var/cache/nginx/proxy_temp/{}/{:02}/{file:010} while reading upstream, {}\n",
                            error_stamp(ms),
                            file % 10,
                            file / 10 % 100,
                            context(backend)
                        ));
                    }
                    _ => {}
                }
            }
        } else if uri == "/favicon.ico" && h(i, 530).is_multiple_of(2) {
            out.push_str(&format!(
                "{} [error] {w}#{w}: *{conn} open() \"/usr/share/nginx/html/favicon.ico\" failed (2: No such file or directory), client: {lb}, server: {host}, request: \"{request}\", host: \"{host}\", referrer: \"https://shop.acme.io/\"\n",
                error_stamp(ms)
            ));
            status = 404;
        }
        match h(i, 531) % 200 {
            0 => {
                let probe = pick(
                    &[
                        "/wp-login.php",
                        "/.env",
                        "/.git/config",
                        "/phpmyadmin/index.php",
                        "/actuator/health",
                    ],
                    i,
                    532,
                );
                out.push_str(&format!(
                    "{} [error] {w}#{w}: *{} open() \"/usr/share/nginx/html{probe}\" failed (2: No such file or directory), client: {lb}, server: shop.acme.io, request: \"GET {probe} HTTP/1.1\", host: \"shop.acme.io\"\n",
                    error_stamp(ms),
                    conn + 1
                ));
                out.push_str(&format!(
                    "{lb} - - [{}] \"GET {probe} HTTP/1.1\" 404 153 \"-\" \"Mozilla/5.0 zgrab/0.x\" \"{client}\"\n",
                    access_stamp(ms)
                ));
            }
            1 => {
                out.push_str(&format!(
                    "{} [error] {w}#{w}: *{} client intended to send too large body: {} bytes, client: {lb}, server: api.acme.io, request: \"POST /api/v2/reviews/photos HTTP/1.1\", host: \"api.acme.io\"\n",
                    error_stamp(ms),
                    conn + 1,
                    10_485_760 + h(i, 533) % 20_000_000
                ));
                out.push_str(&format!(
                    "{lb} - - [{}] \"POST /api/v2/reviews/photos HTTP/1.1\" 413 183 \"https://shop.acme.io/\" \"{agent}\" \"{client}\"\n",
                    access_stamp(ms)
                ));
            }
            2 => out.push_str(&format!(
                "{} [warn] {w}#{w}: *{} a client request body is buffered to a temporary file /var/cache/nginx/client_temp/{:010}, client: {lb}, server: api.acme.io, request: \"POST /api/v2/reviews/photos HTTP/1.1\", host: \"api.acme.io\"\n",
                error_stamp(ms),
                conn + 2,
                h(i, 534) % 10_000_000
            )),
            _ => {}
        }
        let bytes = match status {
            304 => 0,
            404 => 153,
            301 => 169,
            499 => 0,
            502 => 157,
            504 => 167,
            _ => 200 + h(i, 535) % 48_000,
        };
        out.push_str(&format!(
            "{lb} - - [{}] \"{request}\" {status} {bytes} \"{referrer}\" \"{agent}\" \"{client}\"\n",
            access_stamp(ms)
        ));
        if !reloaded && ms >= 31 * 60_000 {
            reloaded = true;
            for line in [
                "[notice] 1#1: signal 1 (SIGHUP) received from 2211, reconfiguring".to_string(),
                "[notice] 1#1: reconfiguring".to_string(),
                "[notice] 1#1: using the \"epoll\" event method".to_string(),
                "[notice] 1#1: start worker processes".to_string(),
                "[notice] 1#1: start worker process 2214".to_string(),
                "[notice] 1#1: start worker process 2215".to_string(),
                "[notice] 1#1: start worker process 2216".to_string(),
                "[notice] 1#1: start worker process 2217".to_string(),
                "[notice] 29#29: gracefully shutting down".to_string(),
                "[notice] 30#30: gracefully shutting down".to_string(),
                "[notice] 31#31: gracefully shutting down".to_string(),
                "[notice] 32#32: gracefully shutting down".to_string(),
                "[notice] 29#29: exiting".to_string(),
                "[notice] 29#29: exit".to_string(),
                "[notice] 1#1: signal 17 (SIGCHLD) received from 29".to_string(),
                "[notice] 1#1: worker process 29 exited with code 0".to_string(),
                "[notice] 1#1: signal 29 (SIGIO) received".to_string(),
            ] {
                out.push_str(&format!("{} {line}\n", error_stamp(ms)));
            }
        }
    }
    Case::items(
        "nginx docker logs, backends taken out",
        out,
        "Which backend servers did nginx decide were down and stop sending requests to during this hour?",
        down.iter().map(|d| d.0.to_string()).collect(),
    )
}

/// `bundle exec rubocop --format json` of a Rails monolith (one JSON line,
/// as RuboCop prints it): every inspected file, most with no offenses, the
/// others with conventions and warnings (string literals, line length,
/// `Style/HashSyntax`, useless assignments, suppressed exceptions, `Time.now`
/// without a zone), a `syntax_highlighter.rb` and a `syntax_tree.rb` among
/// them. Five files do not parse: their only offense is `Lint/Syntax`, of
/// severity `fatal`.
fn rubocop_unparsable() -> Case {
    let dirs = [
        "app/controllers",
        "app/controllers/admin",
        "app/controllers/api/v2",
        "app/models",
        "app/models/billing",
        "app/models/shipping",
        "app/services",
        "app/services/refunds",
        "app/services/checkout",
        "app/jobs",
        "app/mailers",
        "app/serializers",
        "app/policies",
        "lib",
        "lib/markdown",
        "lib/tasks",
        "config/initializers",
        "spec/models",
        "spec/requests",
        "spec/services",
    ];
    let stems = [
        "order",
        "orders",
        "product",
        "products",
        "cart",
        "invoice",
        "subscription",
        "refund",
        "coupon",
        "coupons",
        "address",
        "shipment",
        "zone",
        "rate",
        "tax_rate",
        "user",
        "users",
        "session",
        "sessions",
        "review",
        "reviews",
        "category",
        "warehouse",
        "payment",
        "payments",
        "plan",
        "webhook",
        "report",
        "export",
        "import",
        "search",
        "money",
        "currency",
        "locale",
        "audit_log",
        "api_token",
        "price_list",
        "stock_level",
        "gift_card",
        "loyalty_points",
        "newsletter",
        "sitemap",
        "notification",
        "label_printer",
        "carrier",
    ];
    let planted: [(&str, &str, u64, u64); 5] = [
        (
            "app/controllers/admin/coupons_controller.rb",
            "unexpected token tRPAREN",
            48,
            31,
        ),
        (
            "app/models/shipping/zone.rb",
            "unexpected token $end",
            97,
            1,
        ),
        (
            "app/services/refunds/partial_refund_calculator.rb",
            "unexpected token kEND",
            63,
            5,
        ),
        (
            "config/initializers/feature_flags.rb",
            "unexpected token tCOMMA",
            22,
            44,
        ),
        (
            "lib/tasks/backfill_tax_rates.rake",
            "unterminated string meets end of file",
            35,
            17,
        ),
    ];
    let mut paths: BTreeSet<String> = BTreeSet::new();
    for (d, dir) in dirs.iter().enumerate() {
        for (s, stem) in stems.iter().enumerate() {
            if h(d * 100 + s, 600) % 100 >= 70 {
                continue;
            }
            let file = match *dir {
                x if x.starts_with("app/controllers") => format!("{dir}/{stem}_controller.rb"),
                "app/services" | "app/services/refunds" | "app/services/checkout" => {
                    format!("{dir}/{stem}.rb")
                }
                "app/jobs" => format!("{dir}/{stem}_job.rb"),
                "app/mailers" => format!("{dir}/{stem}_mailer.rb"),
                "app/serializers" => format!("{dir}/{stem}_serializer.rb"),
                "app/policies" => format!("{dir}/{stem}_policy.rb"),
                "lib/tasks" => format!("{dir}/{stem}.rake"),
                x if x.starts_with("spec/") => format!("{dir}/{stem}_spec.rb"),
                _ => format!("{dir}/{stem}.rb"),
            };
            paths.insert(file);
        }
    }
    for p in &planted {
        paths.insert(p.0.to_string());
    }
    paths.insert("app/services/syntax_highlighter.rb".into());
    paths.insert("lib/markdown/syntax_tree.rb".into());
    let vars = [
        "order", "total", "result", "response", "params", "user", "amount", "rate", "item",
        "payload", "attrs", "scope", "currency", "e",
    ];
    let mut files = Vec::new();
    let mut count = 0usize;
    for (f, path) in paths.iter().enumerate() {
        let mut offenses = Vec::new();
        if let Some(&(_, why, line, col)) = planted.iter().find(|p| p.0 == path) {
            offenses.push(json!({
                "severity": "fatal",
                "message": format!("Lint/Syntax: {why}\n(Using Ruby 3.3 parser; configure using `TargetRubyVersion` parameter, under `AllCops`)"),
                "cop_name": "Lint/Syntax",
                "corrected": false,
                "correctable": false,
                "location": {"start_line": line, "start_column": col, "last_line": line, "last_column": col, "length": 1, "line": line, "column": col}
            }));
        } else {
            let n = if path.contains("syntax") {
                7
            } else if h(f, 601) % 100 < 48 {
                0
            } else {
                1 + h(f, 602) % 6
            };
            let class = path
                .rsplit('/')
                .next()
                .unwrap_or("")
                .trim_end_matches(".rb")
                .trim_end_matches(".rake")
                .split('_')
                .map(|w| {
                    let mut c = w.chars();
                    c.next().map_or(String::new(), |x| {
                        x.to_ascii_uppercase().to_string() + c.as_str()
                    })
                })
                .collect::<String>();
            let mut line = 1u64;
            for k in 0..n as usize {
                let j = f * 10 + k;
                line += 1 + h(j, 603) % 30;
                let col = 3 + h(j, 604) % 40;
                let var = pick(&vars, j, 605);
                let (severity, cop, message, correctable, length) = match h(j, 606) % 100 {
                    0..=21 => ("convention", "Style/StringLiterals", "Prefer single-quoted strings when you don't need string interpolation or special symbols.".to_string(), true, 9),
                    22..=35 => {
                        let len = 121 + h(j, 607) % 60;
                        ("convention", "Layout/LineLength", format!("Line is too long. [{len}/120]"), true, len - 120)
                    }
                    36..=43 => ("convention", "Style/HashSyntax", "Omit the hash value.".to_string(), true, 12),
                    44..=47 => ("convention", "Style/HashSyntax", "Use the new Ruby 1.9 hash syntax.".to_string(), true, 10),
                    48..=53 => ("convention", "Style/Documentation", format!("Missing top-level documentation comment for `class {class}`."), false, 5),
                    54..=59 => ("convention", "Metrics/MethodLength", format!("Method has too many lines. [{}/10]", 11 + h(j, 608) % 30), false, 3),
                    60..=64 => {
                        let (a, b, c) = (2 + h(j, 609) % 12, 4 + h(j, 610) % 20, 1 + h(j, 611) % 9);
                        let size = ((a * a + b * b + c * c) as f64).sqrt();
                        ("convention", "Metrics/AbcSize", format!("Assignment Branch Condition size for `call` is too high. [<{a}, {b}, {c}> {size:.2}/17]"), false, 3)
                    }
                    65..=67 => ("convention", "Style/GuardClause", format!("Use a guard clause (`return unless {var}`) instead of wrapping the code inside a conditional expression."), true, 2),
                    68..=73 => ("warning", "Lint/UselessAssignment", format!("Useless assignment to variable - `{var}`."), true, var.len() as u64),
                    74..=77 => ("warning", "Lint/UnusedMethodArgument", format!("Unused method argument - `{var}`. If it's necessary, use `_` or `_{var}` as an argument name to indicate that it won't be used. If it's unnecessary, remove it."), true, var.len() as u64),
                    78..=80 => ("warning", "Lint/SuppressedException", "Do not suppress exceptions.".to_string(), false, 6),
                    81..=82 => ("warning", "Lint/RescueException", "Avoid rescuing the `Exception` class. Perhaps you meant to rescue `StandardError`?".to_string(), false, 16),
                    83..=84 => ("warning", "Lint/ShadowingOuterLocalVariable", format!("Shadowing outer local variable - `{var}`."), false, var.len() as u64),
                    85..=88 => ("convention", "Rails/TimeZone", "Do not use `Time.now` without zone. Use one of `Time.zone.now`, `Time.current`, `Time.now.in_time_zone`, `Time.now.utc`, `Time.now.getlocal`, `Time.now.xmlschema`, `Time.now.iso8601`, `Time.now.jisx0301`, `Time.now.rfc3339`, `Time.now.httpdate`, `Time.now.to_i`, `Time.now.to_f` instead.".to_string(), true, 3),
                    89..=90 => ("convention", "Rails/Output", "Do not write to stdout. Use Rails's logger if you want to log.".to_string(), true, 4),
                    91..=92 => ("warning", "Lint/Debugger", "Remove debugger entry point `binding.pry`.".to_string(), false, 12),
                    93..=95 => ("convention", "Style/FrozenStringLiteralComment", "Missing frozen string literal comment.".to_string(), true, 1),
                    _ => ("convention", "Naming/PredicateName", format!("Rename `is_{var}?` to `{var}?`."), false, var.len() as u64 + 4),
                };
                let (line, col) = if cop == "Style/FrozenStringLiteralComment" {
                    (1, 1)
                } else {
                    (line, col)
                };
                offenses.push(json!({
                    "severity": severity,
                    "message": format!("{cop}: {message}"),
                    "cop_name": cop,
                    "corrected": false,
                    "correctable": correctable,
                    "location": {"start_line": line, "start_column": col, "last_line": line, "last_column": col + length - 1, "length": length, "line": line, "column": col}
                }));
            }
        }
        count += offenses.len();
        files.push(json!({"path": path, "offenses": offenses}));
    }
    let n_files = files.len();
    let out = json!({
        "metadata": {"rubocop_version": "1.68.0", "ruby_engine": "ruby", "ruby_version": "3.3.6", "ruby_patchlevel": "108", "ruby_platform": "x86_64-linux"},
        "files": files,
        "summary": {"offense_count": count, "target_file_count": n_files, "inspected_file_count": n_files}
    });
    let items: Vec<String> = planted.iter().map(|p| p.0.to_string()).collect();
    let expected = items.iter().map(|s| jq_string(s)).collect();
    Case::items(
        "rubocop --format json, files that don't parse",
        out.to_string() + "\n",
        "Which of our Ruby files are so broken that RuboCop couldn't even parse them?",
        items,
    )
    .with_jq(
        ".files[] | select([.offenses[] | select(.severity == \"fatal\")] | length > 0) | .path",
        expected,
    )
}

/// A GitHub user or organisation as the REST API embeds it.
fn gh_user(login: &str, id: u64, org: bool) -> Value {
    let base = format!("https://api.github.com/users/{login}");
    json!({
        "login": login,
        "id": id,
        "node_id": format!("{}{}", if org { "O_kgDO" } else { "U_kgDO" }, b64(id as usize % 1000, 700, 6).replace(['+', '/'], "A")),
        "avatar_url": format!("https://avatars.githubusercontent.com/u/{id}?v=4"),
        "gravatar_id": "",
        "url": base,
        "html_url": format!("https://github.com/{login}"),
        "followers_url": format!("{base}/followers"),
        "following_url": format!("{base}/following{{/other_user}}"),
        "gists_url": format!("{base}/gists{{/gist_id}}"),
        "starred_url": format!("{base}/starred{{/owner}}{{/repo}}"),
        "subscriptions_url": format!("{base}/subscriptions"),
        "organizations_url": format!("{base}/orgs"),
        "repos_url": format!("{base}/repos"),
        "events_url": format!("{base}/events{{/privacy}}"),
        "received_events_url": format!("{base}/received_events"),
        "type": if org { "Organization" } else if login.ends_with("[bot]") { "Bot" } else { "User" },
        "user_view_type": "public",
        "site_admin": false
    })
}

/// The repository as a workflow run embeds it (the minimal repository).
fn gh_repo() -> Value {
    let full = "acme/storefront";
    let api = format!("https://api.github.com/repos/{full}");
    let mut repo = json!({
        "id": 512_883_017u64,
        "node_id": "R_kgDOHqHSSQ",
        "name": "storefront",
        "full_name": full,
        "private": true,
        "owner": gh_user("acme", 61_204_118, true),
        "html_url": format!("https://github.com/{full}"),
        "description": "The Acme shop: Rails API, Next.js storefront and workers",
        "fork": false,
        "url": api,
    });
    for (key, tail) in [
        ("forks_url", "/forks"),
        ("keys_url", "/keys{/key_id}"),
        ("collaborators_url", "/collaborators{/collaborator}"),
        ("teams_url", "/teams"),
        ("hooks_url", "/hooks"),
        ("issue_events_url", "/issues/events{/number}"),
        ("events_url", "/events"),
        ("assignees_url", "/assignees{/user}"),
        ("branches_url", "/branches{/branch}"),
        ("tags_url", "/tags"),
        ("blobs_url", "/git/blobs{/sha}"),
        ("git_tags_url", "/git/tags{/sha}"),
        ("git_refs_url", "/git/refs{/sha}"),
        ("trees_url", "/git/trees{/sha}"),
        ("statuses_url", "/statuses/{sha}"),
        ("languages_url", "/languages"),
        ("stargazers_url", "/stargazers"),
        ("contributors_url", "/contributors"),
        ("subscribers_url", "/subscribers"),
        ("subscription_url", "/subscription"),
        ("commits_url", "/commits{/sha}"),
        ("git_commits_url", "/git/commits{/sha}"),
        ("comments_url", "/comments{/number}"),
        ("issue_comment_url", "/issues/comments{/number}"),
        ("contents_url", "/contents/{+path}"),
        ("compare_url", "/compare/{base}...{head}"),
        ("merges_url", "/merges"),
        ("archive_url", "/{archive_format}{/ref}"),
        ("downloads_url", "/downloads"),
        ("issues_url", "/issues{/number}"),
        ("pulls_url", "/pulls{/number}"),
        ("milestones_url", "/milestones{/number}"),
        (
            "notifications_url",
            "/notifications{?since,all,participating}",
        ),
        ("labels_url", "/labels{/name}"),
        ("releases_url", "/releases{/id}"),
        ("deployments_url", "/deployments"),
    ] {
        repo[key] = json!(format!("{api}{tail}"));
    }
    repo
}

/// `gh api 'repos/acme/storefront/actions/runs?per_page=50'` (the REST
/// API's 2-space JSON, newest first): CI on pushes to main and on pull
/// requests, Deploy after CI on main, CodeQL, a nightly E2E schedule and
/// Dependabot, each run with its actor, head commit and the repository
/// twice. Five runs on main failed; as decoys, six failed on pull-request
/// branches (one a `release/` branch), three on main were cancelled by a
/// newer push, one on main failed its first attempt and went green when
/// re-run, and a commit on main is titled after a failing test.
fn gh_failed_runs_on_main() -> Case {
    // (name, file, workflow id)
    let workflows = [
        ("CI", ".github/workflows/ci.yml", 48_211_937u64),
        ("Deploy", ".github/workflows/deploy.yml", 48_211_938),
        ("CodeQL", ".github/workflows/codeql.yml", 51_200_844),
        (
            "Nightly E2E",
            ".github/workflows/nightly-e2e.yml",
            60_123_775,
        ),
        (
            "Dependabot Updates",
            "dynamic/dependabot/dependabot-updates",
            70_004_512,
        ),
    ];
    let people = [
        ("mkowalski", 1_840_223u64),
        ("asato", 2_291_004),
        ("jrivera", 3_118_552),
        ("lnguyen", 4_402_917),
        ("dsharma", 5_530_118),
    ];
    let branches = [
        "feature/checkout-apple-pay",
        "fix/cart-rounding",
        "chore/upgrade-rails-8",
        "feature/search-synonyms",
        "fix/invoice-pdf-vat",
        "feature/loyalty-tiers",
        "release/2026.11",
    ];
    let main_messages = [
        "Merge pull request #4812 from acme/fix/cart-rounding",
        "Bump puma from 6.4.3 to 6.5.0",
        "Add carrier webhooks for DHL Express",
        "Merge pull request #4807 from acme/feature/search-synonyms",
        "Fix failing checkout spec on CI",
        "Revert \"Enable Apple Pay in checkout\"",
        "Tune Sidekiq concurrency for the import queue",
        "Merge pull request #4799 from acme/chore/upgrade-rails-8",
    ];
    // index → (workflow, event, branch or main, status, conclusion, attempt)
    let failed_main = [3usize, 11, 19, 30, 42];
    let failed_branch = [5usize, 8, 15, 24, 33, 46];
    let cancelled_main = [7usize, 21, 36];
    let rerun_green = 13usize;
    let repo = gh_repo();
    let mut runs = Vec::new();
    let mut items = Vec::new();
    let mut run_id = 11_981_442_907u64;
    let mut suite = 31_554_208_113u64;
    let mut minutes = 0u64;
    // The next run number of each workflow, counting down from the newest.
    let mut numbers = [8_413u64, 3_978, 2_211, 392, 1_605];
    for k in 0..50usize {
        run_id -= 1_200 + h(k, 701) % 40_000;
        suite -= 3_000 + h(k, 702) % 90_000;
        minutes += 8 + h(k, 703) % 35;
        let on_branch = failed_branch.contains(&k)
            || (h(k, 704).is_multiple_of(3)
                && !failed_main.contains(&k)
                && !cancelled_main.contains(&k)
                && k != rerun_green);
        let w = if on_branch {
            if h(k, 705).is_multiple_of(4) { 2 } else { 0 }
        } else if failed_main.contains(&k) {
            [0usize, 1, 3, 0, 2][failed_main.iter().position(|&x| x == k).unwrap_or(0)]
        } else if cancelled_main.contains(&k) || k == rerun_green {
            0
        } else {
            match h(k, 706) % 10 {
                0..=4 => 0,
                5..=6 => 1,
                7 => 2,
                8 => 2,
                _ => 4,
            }
        };
        let (name, file, workflow_id) = workflows[w];
        numbers[w] -= 1;
        let pr = (h(k, 707) % 6) as usize;
        let branch = if on_branch {
            if k == 24 {
                "release/2026.11"
            } else {
                branches[pr]
            }
        } else {
            "main"
        };
        let event = if on_branch {
            "pull_request"
        } else {
            match w {
                1 => "workflow_run",
                3 => "schedule",
                4 => "dynamic",
                _ => "push",
            }
        };
        let (status, conclusion) = if k == 0 {
            ("in_progress", Value::Null)
        } else if k == 1 {
            ("queued", Value::Null)
        } else if failed_main.contains(&k) || failed_branch.contains(&k) {
            ("completed", json!("failure"))
        } else if cancelled_main.contains(&k) {
            ("completed", json!("cancelled"))
        } else {
            ("completed", json!("success"))
        };
        let attempt = if k == rerun_green { 2 } else { 1 };
        let sha = hex(k, 708, 40);
        let (login, uid) = if w == 4 {
            ("dependabot[bot]", 49_699_333u64)
        } else {
            people[(h(k, 709) % people.len() as u64) as usize]
        };
        let message = if on_branch {
            pick(
                &[
                    "WIP: wire the payment sheet",
                    "Address review comments",
                    "Add specs for the edge cases",
                    "Handle nil carrier rates",
                    "Update snapshots",
                ],
                k,
                710,
            )
            .to_string()
        } else {
            pick(&main_messages, k, 711).to_string()
        };
        let title = if k == 24 {
            "Release 2026.11".to_string()
        } else if on_branch {
            [
                "Apple Pay in checkout",
                "Round cart totals per line, not per order",
                "Upgrade to Rails 8.0",
                "Search synonyms for apparel",
                "VAT breakdown on invoice PDFs",
                "Loyalty tiers",
            ][pr]
                .to_string()
        } else if w == 3 {
            "Nightly E2E".to_string()
        } else if w == 4 {
            format!("bundler in / - Update #{}", 93_800_000 + h(k, 721) % 99_999)
        } else {
            message.lines().next().unwrap_or("").to_string()
        };
        let created = 1_795_777_080 - minutes * 60 - h(k, 722) % 60;
        let stamp = |t: u64| {
            let s = t - 1_795_651_200;
            format!(
                "2026-11-{:02}T{:02}:{:02}:{:02}Z",
                26 + s / 86_400,
                s / 3600 % 24,
                s / 60 % 60,
                s % 60
            )
        };
        let updated = created + 240 + h(k, 713) % 900;
        let api = format!("https://api.github.com/repos/acme/storefront/actions/runs/{run_id}");
        let html = format!("https://github.com/acme/storefront/actions/runs/{run_id}");
        if branch == "main" && conclusion == json!("failure") {
            items.push(html.clone());
        }
        let pulls: Vec<Value> = if on_branch {
            let number = 4_780 + (h(k, 714) % 40);
            vec![json!({
                "url": format!("https://api.github.com/repos/acme/storefront/pulls/{number}"),
                "id": 2_190_000_000u64 + h(k, 715) % 9_000_000,
                "number": number,
                "head": {"ref": branch, "sha": sha, "repo": {"id": 512_883_017u64, "url": "https://api.github.com/repos/acme/storefront", "name": "storefront"}},
                "base": {"ref": "main", "sha": hex(k, 716, 40), "repo": {"id": 512_883_017u64, "url": "https://api.github.com/repos/acme/storefront", "name": "storefront"}}
            })]
        } else {
            Vec::new()
        };
        let (author, email) = if w == 4 {
            (
                "dependabot[bot]".to_string(),
                "49699333+dependabot[bot]@users.noreply.github.com".to_string(),
            )
        } else {
            (login.to_string(), format!("{login}@acme.io"))
        };
        runs.push(json!({
            "id": run_id,
            "name": name,
            "node_id": format!("WFR_kwLOHqHSSc8AAAAC{}", b64(k, 717, 8).replace(['+', '/'], "x")),
            "head_branch": branch,
            "head_sha": sha,
            "path": file,
            "display_title": title,
            "run_number": numbers[w],
            "event": event,
            "status": status,
            "conclusion": conclusion,
            "workflow_id": workflow_id,
            "check_suite_id": suite,
            "check_suite_node_id": format!("CS_kwDOHqHSSc8AAAAH{}", b64(k, 718, 8).replace(['+', '/'], "x")),
            "url": api,
            "html_url": html,
            "pull_requests": pulls,
            "created_at": stamp(created),
            "updated_at": stamp(updated),
            "actor": gh_user(login, uid, false),
            "run_attempt": attempt,
            "referenced_workflows": [],
            "run_started_at": stamp(if attempt == 2 { updated - 200 } else { created }),
            "triggering_actor": gh_user(login, uid, false),
            "jobs_url": format!("{api}/jobs"),
            "logs_url": format!("{api}/logs"),
            "check_suite_url": format!("https://api.github.com/repos/acme/storefront/check-suites/{suite}"),
            "artifacts_url": format!("{api}/artifacts"),
            "cancel_url": format!("{api}/cancel"),
            "rerun_url": format!("{api}/rerun"),
            "previous_attempt_url": if attempt == 2 { json!(format!("{api}/attempts/1")) } else { Value::Null },
            "workflow_url": format!("https://api.github.com/repos/acme/storefront/actions/workflows/{workflow_id}"),
            "head_commit": {
                "id": sha,
                "tree_id": hex(k, 719, 40),
                "message": message,
                "timestamp": stamp(created - 30 - h(k, 720) % 600),
                "author": {"name": author, "email": email},
                "committer": {"name": "GitHub", "email": "noreply@github.com"}
            },
            "repository": repo.clone(),
            "head_repository": repo.clone()
        }));
    }
    let expected = items.iter().map(|s| jq_string(s)).collect();
    Case::items(
        "gh api actions/runs, failed runs on main",
        pretty(&json!({"total_count": 18_234, "workflow_runs": runs}), b"  ") + "\n",
        "Which of the recent workflow runs on main went red? I need links to them.",
        items,
    )
    .with_jq(
        ".workflow_runs[] | select(.head_branch == \"main\" and .conclusion == \"failure\") | .html_url",
        expected,
    )
}
